/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak_part: what the files making a proposal share (cyclebreak.c,
 * cyclebreak_comp.c, cyclebreak_part.c, cyclebreak_reuse.c).  Not for use
 * elsewhere.
 *
 * The call graph's live arcs are copied once into a sub W (every function
 * a node, in address order); COMP numbers W's strongly connected
 * components; LOCAL is scratch per node of W (a member's number in its
 * component's sub); GL scratch per arc of the call graph, CB_NONE on entry
 * and on return. */
#ifndef TG_CYCLEBREAK_PART_H
#define TG_CYCLEBREAK_PART_H

#include "cyclebreak.h"
#include "cyclebreak_int.h"

#include <stddef.h>
#include <stdint.h>

/* cyclebreak_comp.c.
 * cb_whole_graph: the live arcs of G but self calls, by parent in address
 *   order, each parent's arcs newest first (the order the call graph
 *   walks them).
 * cb_make_sub: component C of W as the solvers see it for R: pins fixed,
 *   forced arcs out, time data for the least-time objective, and, unless
 *   the rule is lifted (or the BSD rule chooses), the arborescence that
 *   keeps every member called (fixed too).  Returns the members the rule
 *   could not keep reachable.
 * cb_result_add: call graph arc GA into R as deleted for part PART
 *   (FORCED: by the user's force); *CAP is R->arcs' capacity. */
void cb_whole_graph(const struct cg *g, struct cb_sub *s);
uint32_t cb_make_sub(const struct cg *g, const struct cb_sub *w, const uint32_t *comp,
		     uint32_t c, const struct cyclebreak_result *r, uint32_t *local,
		     const struct cyclebreak_limits *lim, int *cancel, struct cb_sub *s);
void cb_result_add(const struct cg *g, struct cyclebreak_result *r, size_t *cap,
		   uint32_t ga, int forced, uint32_t part);

/* A component being solved afresh: its sub and deletions between the
 * heuristic and the exact phase (cyclebreak_part.c). */
struct cb_pending {
	uint32_t part;
	struct cb_sub s;
	uint8_t *del;
	double heur_secs; /* the time of one heuristic run (cb_shake) */
};

/* cb_solve_part: the heuristic phase of component C of W as part P of R,
 *   left in *PD for the exact phase.  Returns 0, -1 (the fixed arcs keep
 *   it over the bound) or -2 (cancelled).
 * cb_exact_phase: the exact phase over the NP pending components, smallest
 *   first, each with what is left of the time over the components left;
 *   then the certificate of each. */
int cb_solve_part(const struct cg *g, const struct cb_sub *w, const uint32_t *comp,
		  uint32_t c, uint32_t *local, uint32_t *gl,
		  const struct cyclebreak_limits *lim, int *cancel,
		  struct cyclebreak_result *r, uint32_t p, struct cb_pending *pd);
void cb_exact_phase(struct cb_pending *pd, size_t np, struct cyclebreak_result *r,
		    const struct cyclebreak_limits *lim);

/* cyclebreak_reuse.c.
 * cb_prev_matches: whether PREV was made with what R is being made with.
 * cb_prev_index: PREV's arcs of each part: those of part p are
 *   idx[start[p] .. start[p+1]-1] (forced arcs left out; free both).
 * cb_repair_part: component C of W repaired into R as part P from PREV's
 *   part Q, whose deletions are PREV's arcs PIDX[K0 .. K1-1]; GMARK is
 *   scratch per arc of G, zero on entry and on return.  Returns as
 *   cb_solve_part. */
int cb_prev_matches(const struct cg *g, const struct cyclebreak_result *prev,
		    const struct cyclebreak_result *r);
void cb_prev_index(const struct cyclebreak_result *prev, uint32_t **start,
		   uint32_t **idx);
int cb_repair_part(const struct cg *g, const struct cb_sub *w, const uint32_t *comp,
		   uint32_t c, uint32_t *local, const struct cyclebreak_limits *lim,
		   int *cancel, const struct cyclebreak_result *prev, uint32_t q,
		   const uint32_t *pidx, uint32_t k0, uint32_t k1, uint8_t *gmark,
		   struct cyclebreak_result *r, size_t *cap, uint32_t p);

#endif
