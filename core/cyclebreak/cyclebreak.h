/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak: delete arcs so that no cycle keeps more than N members.
 *
 * A cycle here is what the call graph calls one: a strongly connected
 * component of the live arcs (not deleted, self calls ignored) with two or
 * more members.  Deleting an arc (gprof -k) can split it.  The aim is a set
 * of arcs whose deletion leaves no component over the bound N while losing
 * the least information: the fewest calls first, then the fewest arcs (or,
 * with by_time, the least time moved, cyclebreak_time.c).
 *
 * Among sets equal on both, one whose arcs come from different callers is
 * preferred (GNU gprof honours only one -k per caller).
 * Unless allow_roots is set, no member of a broken component loses all its
 * callers: the arcs of a spanning arborescence from the component's entry
 * points are never deleted (cyclebreak_tree.c), so no function and no new
 * cycle becomes a root.
 * Each oversized component is solved on its own (arcs between components
 * never matter):
 *   - first by polynomial heuristics (no enumeration of cycles): keeping
 *     arcs heaviest first while every component fits (also at smaller
 *     bounds); cutting an order of the members into consecutive blocks of
 *     at most N by dynamic programming, on a weighted Eades-Lin-Smyth order
 *     and on the order of the best set so far improved by sifting; each
 *     followed by restoring deleted arcs, heaviest first, while every
 *     component still fits; the cheapest is kept; and the answer for N - 1
 *     restored up to N, so a larger bound never deletes more
 *     (cyclebreak_solve.c);
 *   - then exactly, as an integer program solved by GLPK with lazy
 *     constraints (cyclebreak_exact.c), from that set, within a time
 *     budget shared by the components (exact_time seconds); when it runs
 *     out, the relaxation gives a proven lower bound.
 * With BSD set, 4.4BSD gprof's rule (its -C option) is used instead:
 * one arc per oversized component per pass, chosen among arcs on the first
 * 100 simple cycles found, by class (child also called from outside the
 * component, child with several parents, child's only parent arc), then by
 * the number of those cycles it is on.
 * Results depend only on the graph, never on timing, except where the
 * exact search stops at its time budget (exact_time 0: heuristics only). */
#ifndef TG_CYCLEBREAK_H
#define TG_CYCLEBREAK_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "cg.h"
#include "opts.h"

/* What the user chose for an arc before a proposal: free (the solver
 * decides), kept (pinned: never proposed) or forced (always deleted, the
 * rest chosen around it, as if it had been deleted first). */
enum cyclebreak_state { CYCLEBREAK_FREE, CYCLEBREAK_KEEP, CYCLEBREAK_FORCE };
struct cyclebreak_choice {
	uint32_t arc; /* index into g->arcs */
	int state;    /* enum cyclebreak_state; a later choice of the same
			 * arc overrides an earlier one */
};

/* One arc of a proposal. */
struct cyclebreak_arc {
	uint32_t arc;   /* index into g->arcs */
	uint64_t count; /* its calls (g->arcs[arc].count) */
	uint32_t cycle; /* the cycle it lies in and splits: N of "<cycle N>"
			 * as G was propagated when proposing (0: in none,
			 * only for a forced arc) */
	int forced;     /* deleted because the user forced it */
	uint32_t part;  /* the component whose solution it belongs to (index
			 * into parts), UINT32_MAX for a forced arc */
};

/* One component over the bound, as solved for a proposal. */
struct cyclebreak_part {
	uint32_t first;           /* its first member in address order (node index) */
	uint32_t nmembers, narcs; /* its size */
	int exact;                /* solved with a proven minimum */
	int repaired;             /* repaired locally from the previous proposal
			  * (cyclebreak_repropose), never exact */
	int stopped;              /* the exact search ran out of time (or was
			  * stopped) before proving the minimum */
	uint64_t lower;           /* its share of the certificate (lower) */
	double moved;             /* by_time: the time its deletions move (ticks) */
	uint32_t nroots;          /* members the no-new-roots rule could not keep
			  * reachable (forced or pinned arcs in the way) */
};

struct cyclebreak_result {
	struct cyclebreak_arc *arcs; /* by cycle number, then arc index */
	size_t narcs;
	uint64_t calls;     /* total calls of the arcs */
	uint32_t ncycles;   /* cycles over the bound before */
	uint32_t nexact;    /* of them, solved with a proven minimum */
	uint64_t lower;     /* no valid deletion (same pins) removes fewer
				* calls: the minimum of the components solved
				* exactly plus a proven lower bound for each
				* other (cyclebreak_bound.c) */
	int bsd;            /* chosen by the 4.4BSD rule */
	int by_time;        /* objective: least time moved */
	int allow_roots;    /* the no-new-roots rule was lifted */
	double moved;       /* by_time: the time the arcs move (ticks) */
	uint32_t nstopped;  /* components whose exact search ran out */
	uint32_t nroots;    /* members left without a caller by the rule's
				* exceptions (forced or pinned arcs) */
	double exact_secs;  /* time spent in the exact search */
	uint32_t nsolved;   /* components over the bound solved from
				* scratch for this result; the others were
				* repaired or reused from the previous one
				* (cyclebreak_repropose) */
	uint32_t nrepaired; /* components repaired locally */
	/* How it was made, for cyclebreak_repropose: the bound, limits,
	 * the state of every arc of G (narcs_g of them), and the components
	 * over the bound in address order of their first member. */
	long bound;
	uint32_t exact_max_arcs;
	double exact_time;
	uint8_t *state;
	uint32_t narcs_g;
	struct cyclebreak_part *parts;
	size_t nparts;
};

/* Propose arcs to delete in G so that no cycle has more than BOUND (>= 1)
 * members.  G must be propagated (cycle numbers are read from it); it is
 * not changed.  Arcs already deleted stay deleted and are not proposed.
 * The NCH choices in CH set arc states: kept arcs are never proposed,
 * forced arcs are always in the result (flag forced) and the components
 * are broken around them.  The components over the bound are those of
 * the live arcs (forced ones included), so choices never change which
 * components are solved, only how.  Fills *R (free with
 * cyclebreak_result_free()).
 * Returns 0, or -1 when the kept and other arcs that cannot be deleted
 * alone keep a cycle over the bound: then *R is empty (cyclebreak_propose_lim
 * also returns -2, *R empty, when its progress callback cancelled). */
int cyclebreak_propose(const struct cg *g, long bound, int bsd,
		       const struct cyclebreak_choice *ch, size_t nch,
		       struct cyclebreak_result *r);

/* How to propose.  Components with more arcs than exact_max_arcs are
 * left to the heuristics; the exact search of all the others together
 * takes at most exact_time seconds (0: no exact search, and the result
 * depends on the graph only), each component in turn, smallest first,
 * getting what is left over the components left. */
struct cyclebreak_limits {
	uint32_t exact_max_arcs;
	double exact_time;
	/* When not NULL, called now and then with what is being done and
	 * the fraction of that step done (0..1), so the caller can show
	 * progress (the core never prints).  A nonzero return during the
	 * heuristics cancels: cyclebreak_propose_lim() then returns -2 with
	 * *R empty; during the exact search ("exact search") it stops the
	 * search, and the best solution so far stands. */
	int (*progress)(void *ctx, const char *what, double done);
	void *progress_ctx;
	/* Objective: 0 = fewest calls (then fewest arcs); 1 = least time
	 * moved (cyclebreak_time.c): gprof hands a function's or a cycle's
	 * time to its callers by their calls, so a deleted arc takes its
	 * share of the time of the piece it enters (as the pieces are after
	 * the deletion) away from its caller, and the last arcs into a piece
	 * its whole time.  The certificate (lower) is then in weight units
	 * and not printed; moved holds the time moved. */
	int by_time;
	/* Lift the rule that no member of a broken component loses all its
	 * callers (cyclebreak_tree.c). */
	int allow_roots;
	/* Earlier proposals on G in the same state, tried as starting
	 * points where they fit the bound (those for smaller bounds do). */
	const struct cyclebreak_result *const *starts;
	size_t nstarts;
};
#define CYCLEBREAK_EXACT_TIME 3.0
#define CYCLEBREAK_LIMITS_DEFAULT                                                        \
	{                                                                                \
		UINT32_MAX, CYCLEBREAK_EXACT_TIME, NULL, NULL, 0, 0, NULL, 0             \
	}

/* The limits the options OC ask for (objective, roots, exact time). */
void cyclebreak_opts_limits(const struct opts_cycles *oc, struct cyclebreak_limits *lim);

/* cyclebreak_propose with explicit limits (LIM NULL: the defaults). */
int cyclebreak_propose_lim(const struct cg *g, long bound, int bsd,
			   const struct cyclebreak_choice *ch, size_t nch,
			   const struct cyclebreak_limits *lim,
			   struct cyclebreak_result *r);
/* Propose again after the user changed arc states, with PREV's bound and
 * rule and the choices CH.  Each component over the bound that no changed
 * arc enters (an arc whose state differs from PREV's, ending in one of its
 * members) takes PREV's solution for it as it is.  Of the others, those
 * PREV solved exactly (small ones) or by the 4.4BSD rule are solved again
 * from scratch (R->nsolved counts them), with the result
 * cyclebreak_propose_lim would give; those PREV solved by the heuristics
 * are repaired locally (R->nrepaired; cyclebreak_repair.c): PREV's
 * deletions with the change applied, the pieces they leave over the bound
 * solved again, then the deleted arcs near the change restored where no
 * cycle grows over the bound.  A repaired component fits the bound, never
 * deletes a kept arc, and is not claimed optimal; its share of the
 * certificate stays PREV's (choices that only pin or force restrict the
 * solutions; the calls of newly forced arcs are moved out of it) or, after
 * an arc was freed, is computed again.  PREV must have been made on G in
 * the same state (no edit since) with limits equal to LIM; when it does
 * not match in bound, rule or limits, every component is solved. */
int cyclebreak_repropose(const struct cg *g, const struct cyclebreak_result *prev,
			 const struct cyclebreak_choice *ch, size_t nch,
			 const struct cyclebreak_limits *lim,
			 struct cyclebreak_result *r);
void cyclebreak_result_free(struct cyclebreak_result *r);

/* What applying a proposal would do to the call graph, for showing it
 * before it is applied.  One entry per function that was a member of a
 * cycle the applied arcs split, then one per cycle those functions form
 * afterwards.  Times are in ticks, as the call-graph entry would print them
 * (divide by g->hz; percent = 100 * (self + child) / print_time). */
struct cyclebreak_entry {
	uint32_t node;      /* the function, or CG_NONE for a cycle entry */
	uint32_t old_cycle; /* cycle number before (for a cycle entry: the
			      * cycle its members came from) */
	uint32_t new_cycle; /* cycle number after, 0 = in no cycle; cycle
			      * numbers after are those of the preview, which
			      * the browser gets again by applying */
	uint32_t nmembers;  /* cycle entry: its members; function: 1 */
	uint64_t ncalls;    /* calls from others, as the entry prints them */
	uint64_t self_calls;
	double self_time, child_time;
};

/* What the whole profile goes through (cyclebreak_change.c): a
 * function's total time (self + children) in percent of the graph's,
 * before and after deleting arcs; NEW_ROOT when it had callers before,
 * has none after, and holds more than CYCLEBREAK_ROOT_PCT percent. */
struct cyclebreak_change {
	uint32_t node;
	double before, after;
	int new_root;
};
#define CYCLEBREAK_NCHANGES 10
#define CYCLEBREAK_ROOT_PCT 5.0

struct cyclebreak_snap { /* the "before" of every function */
	double *pct;
	uint8_t *called;
	uint32_t n;
	uint32_t *cycle;  /* per function: its cycle (0: none) */
	uint32_t *csize;  /* per cycle number: members */
	uint8_t *ccalled; /* per cycle number: called from outside it */
};
void cyclebreak_snap_take(const struct cg *g, struct cyclebreak_snap *s);
void cyclebreak_snap_free(struct cyclebreak_snap *s);
/* The at most MAX functions whose percent changes most between BEFORE and
 * the propagated graph AFTER (same functions), larger change first; those
 * changing by less than 0.05 points are left out.  Returns the count. */
size_t cyclebreak_changes(const struct cyclebreak_snap *before, const struct cg *after,
			  struct cyclebreak_change *out, size_t max);
/* A function or a cycle that becomes a root holding more than
 * CYCLEBREAK_ROOT_PCT percent of the time: its members had callers before,
 * and none outside it is left (a cycle's members call only each other).
 * For a cycle, NODE is its first member and NMEMBERS its size. */
struct cyclebreak_root {
	uint32_t node;
	uint32_t cycle; /* its cycle number after, 0 for a function */
	uint32_t nmembers;
	double pct;
};
/* The new roots of AFTER against BEFORE, largest first, at most MAX in
 * OUT; returns how many there are in all. */
size_t cyclebreak_new_roots(const struct cyclebreak_snap *before, const struct cg *after,
			    struct cyclebreak_root *out, size_t max);
/* "Largest changes of total time" and one line per CHANGE, then a
 * warning line per new root of ROOTS (NROOTS of them, function or
 * cycle). */
void cyclebreak_changes_print(FILE *out, const struct cg *g,
			      const struct cyclebreak_change *c, size_t n,
			      const struct cyclebreak_root *roots, size_t nroots);

struct cyclebreak_preview {
	struct cyclebreak_entry *entries; /* functions by old cycle, then by
					   * new cycle, then node; then cycles */
	size_t n;
	double print_time; /* denominator of the graph's % time */
	struct cyclebreak_change changes[CYCLEBREAK_NCHANGES];
	size_t nchanges; /* whole graph: the largest changes */
	struct cyclebreak_root roots[CYCLEBREAK_NCHANGES];
	size_t nroots; /* new roots (functions and cycles), at most
			* CYCLEBREAK_NCHANGES kept */
};

/* Compute the preview of the arcs of R whose flag in USE is set (USE has
 * R->narcs flags; NULL = all): marks them deleted, propagates, records the
 * entries, then restores the deleted flags and propagates again, so G is
 * as before (same reports).  Free with cyclebreak_preview_free(). */
void cyclebreak_preview(struct cg *g, const struct cyclebreak_result *r,
			const unsigned char *use, struct cyclebreak_preview *pv);
void cyclebreak_preview_free(struct cyclebreak_preview *pv);

/* Mark the arcs of R with USE set (NULL = all) deleted and propagate. */
void cyclebreak_apply(struct cg *g, const struct cyclebreak_result *r,
		      const unsigned char *use);

/* The arc states of --break-keep=FROM/TO and --break-force=FROM/TO (OC's
 * choices, in order; FROM and TO as -k takes them): one choice per
 * live arc each spec matches, in *OUT (malloc'd); returns the count.  A
 * spec without '/' or matching no live arc ends the program with a message
 * naming the option (status 1). */
size_t cyclebreak_opts_choices(const struct cg *g, const struct opts_cycles *oc,
			       struct cyclebreak_choice **out);

/* Batch mode (--break-cycles=N, main.c, before the reports): propose with
 * OC's bound, its rule (heuristic_bsd) and the choices of
 * cyclebreak_opts_choices (the heading says how many); then, so that the reports
 * are those of `-k PARENT/CHILD` for each printed line, also delete every
 * other live arc whose endpoints have the same raw names (what -k would
 * match when a name is shared, e.g. two static functions); print to OUT a
 * heading line, one line "\tPARENT to CHILD with COUNT calls" per deleted
 * arc (names as the reports print them) and a summary line with the number
 * of arcs and calls deleted, then a blank line; mark the arcs deleted and
 * propagate.  LIM as for cyclebreak_propose_lim.  When DELETED is not NULL, *DELETED (malloc'd) and
 * *NDELETED receive the arcs deleted, in the printed order. */
void cyclebreak_batch(FILE *out, struct cg *g, const struct opts_cycles *oc,
		      const struct cyclebreak_limits *lim, uint32_t **deleted,
		      size_t *ndeleted);
/* The same with the choices CH (NCH of them) instead of
 * cyclebreak_opts_choices()'s (the session reads --break-keep and
 * --break-force with its name resolver). */
void cyclebreak_batch_choices(FILE *out, struct cg *g, const struct opts_cycles *oc,
			      const struct cyclebreak_limits *lim,
			      const struct cyclebreak_choice *ch, size_t nch,
			      uint32_t **deleted, size_t *ndeleted);

#endif
