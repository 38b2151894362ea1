/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak_int: what the cycle breaker's solvers share with each
 * other and with the files that hand them components; also used by the
 * unit tests.  Not for use elsewhere.
 *
 * Every solver works on one oversized component copied out of the call
 * graph as a "sub": local nodes 0..n-1 in address order, local arcs (only
 * those inside the component, no self arcs) in the order the call graph's
 * depth-first walk meets them (per parent, newest first). */
#ifndef TG_CYCLEBREAK_INT_H
#define TG_CYCLEBREAK_INT_H

#include <stddef.h>
#include <stdint.h>

#define CB_NONE UINT32_MAX

struct cb_sub {
	uint32_t n, m;
	uint32_t *src, *dst; /* per arc: local nodes */
	uint64_t *w;         /* per arc: calls */
	uint8_t *fixed;      /* per arc: may not be deleted (pinned) */
	uint8_t *ext_parent; /* per node: called by a live arc from outside
				* the component (for the BSD rule) */
	uint32_t *nparents;  /* per node: live parent arcs in the whole
				* graph, self arcs excluded (BSD rule) */
	uint32_t *garc;      /* per arc: index in g->arcs (or caller's id) */
	/* For the least-time objective only (NULL otherwise; freed by
	 * cb_sub_free): per arc its calls (w then holds the weights), per
	 * node the time that does not depend on the arcs of the component
	 * (its self time and what its children outside the component give
	 * it, in ticks) and its calls from outside the component. */
	uint64_t *calls;
	double *tself;
	uint64_t *ext_in;
	/* progress callback for the heuristics (NULL: none; zeroed by
	 * cb_sub_alloc); when it returns nonzero, *cancel is set and the
	 * heuristics stop at once with an invalid result */
	int (*progress)(void *ctx, const char *what, double done);
	void *progress_ctx;
	int *cancel;
	/* arcs by endpoint: out arcs of v are out_arc[out_start[v] ..
	 * out_start[v+1]-1] in arc order; in arcs likewise */
	uint32_t *out_start, *out_arc, *in_start, *in_arc;
};

/* Allocate the per-arc and per-node arrays for N nodes and M arcs (zeroed)
 * and, after the caller filled src/dst/w/fixed, build the index. */
void cb_sub_alloc(struct cb_sub *s, uint32_t n, uint32_t m);
void cb_sub_index(struct cb_sub *s);
void cb_sub_free(struct cb_sub *s);
/* Whether the work on S was cancelled through its progress callback. */
static inline int cb_cancelled(const struct cb_sub *s)
{
	return s->cancel && *s->cancel;
}

/* Lexicographic cost of a set of deleted arcs: calls, then arcs, then
 * the arcs beyond the first deleted from one caller (GNU gprof honours
 * only one -k per caller, so among equal sets prefer distinct callers). */
struct cb_cost {
	uint64_t calls;
	uint64_t narcs;
	uint64_t dup;
};

int cb_cost_less(struct cb_cost a, struct cb_cost b);
struct cb_cost cb_cost_of(const struct cb_sub *s, const uint8_t *del);

/* Strongly connected components of the arcs with del[a] == 0 (DEL NULL:
 * all arcs).  comp[v] gets the component, numbered so that an arc between
 * two components always goes from a higher number to a lower one (sinks
 * first).  Returns the number of components.  Iterative, linear. */
uint32_t cb_scc(const struct cb_sub *s, const uint8_t *del, uint32_t *comp);

/* 1 if every component of the arcs with del[a] == 0 has at most BOUND
 * members. */
int cb_fits(const struct cb_sub *s, const uint8_t *del, long bound);

/* Orders of the nodes for the block cut (cyclebreak_order.c).
 * cb_order_sifted: the components DEL leaves, each one's members together,
 *   in a topological order improved by sifting.
 * cb_order_els: Eades, Lin and Smyth's greedy order (sinks to the back,
 *   sources to the front, otherwise the node with the most weight out
 *   minus in to the front), fixed arcs weighing more than all others. */
void cb_order_sifted(const struct cb_sub *s, const uint8_t *del, uint32_t *order);
void cb_order_els(const struct cb_sub *s, uint32_t *order);

/* Solvers.  Each fills del[0..m-1] (1 = delete) so that every component
 * fits the bound, never deleting a fixed arc; the caller has checked that
 * the fixed arcs alone fit.
 * cb_heuristic: polynomial, see cyclebreak.h; every candidate ends with a
 *   restore pass, so each arc it leaves deleted closes a cycle over the
 *   bound when restored alone.
 * cb_solve: the heuristic answer (cyclebreak_solve.c), returning how many
 *   times it ran cb_heuristic: the best of
 *   cb_heuristic at BOUND, of the answer at BOUND - 1 restored up to BOUND
 *   (recursively, so a larger bound never deletes more), and of the NSTARTS
 *   sets STARTS (earlier proposals; those that do not fit a bound or
 *   delete a fixed arc are skipped)
 *   restored up to BOUND, at each bound of the chain.
 * cb_exact: DEL holds a valid solution on entry (the incumbent); the
 *   integer program (cyclebreak_exact.c) replaces it by a cheaper one if
 *   it finds one within SECONDS (progress through S's progress callback;
 *   when that asks to stop, the search stops and *S->cancel is set, so
 *   that the caller skips the searches left).  Returns 1 when DEL is
 *   proven a minimum, 0 when the search stopped first; *LOWER (when not
 *   NULL) gets a proven lower bound on the weight of every valid set (the
 *   minimum when proven).
 * cb_bsd: the 4.4BSD rule, one arc per oversized component per pass. */
void cb_heuristic(const struct cb_sub *s, long bound, uint8_t *del);
/* Components of more arcs are solved at their bound alone, not through
 * the chain of every smaller bound (cyclebreak_solve.c). */
#define CB_CHAIN_MAX_ARCS 40000u
size_t cb_solve(const struct cb_sub *s, long bound, uint8_t *del,
		const uint8_t *const *starts, size_t nstarts);
/* cb_shake: DEL holds a valid solution; for up to SECONDS (the first
 * CB_SHAKE_SHARE of a component's exact time; EST: the time
 * of one cb_heuristic, so that no try starts that would end past them),
 * and until CB_SHAKE_PATIENCE tries in a row find nothing cheaper, runs
 * cb_heuristic with each arc's weight scaled by a random factor
 * (log-normal, deviation CB_SHAKE_SIGMA; a fixed seed), restores each
 * result by the true weights and keeps the cheapest in DEL.  A greedy
 * heuristic follows the first good arcs it meets; on CPython's cycle at
 * bound 10 a few such tries delete 14% fewer calls than the heuristics
 * alone.  S's weights are the same on return.  Progress and stopping go
 * through S's progress callback as for cb_exact ("exact search"). */
#define CB_SHAKE_SHARE    0.1
#define CB_SHAKE_SIGMA    0.5
#define CB_SHAKE_PATIENCE 500u
void cb_shake(const struct cb_sub *s, long bound, uint8_t *del, double seconds,
	      double est);
int cb_exact(const struct cb_sub *s, long bound, uint8_t *del, double seconds,
	     uint64_t *lower);
void cb_bsd(const struct cb_sub *s, long bound, uint8_t *del);

/* Incremental "does every component still fit" over kept arcs
 * (cyclebreak_keep.c): start from the arcs in KEPT; cb_keep_try keeps arc
 * A and returns 1 if every component then fits BOUND, else returns 0 and
 * leaves it out. */
struct cb_keep;
struct cb_keep *cb_keep_new(const struct cb_sub *s, long bound, const uint8_t *kept);
int cb_keep_try(struct cb_keep *k, uint32_t a);
void cb_keep_free(struct cb_keep *k);

/* The rule that no member loses all its callers (cyclebreak_tree.c):
 * marks in TREE, and makes fixed in S, the arcs of a spanning arborescence
 * from the members S->ext_parent marks, grown heaviest (by w) first;
 * returns how many members had to start a tree of their own although the
 * component has entry points. */
uint32_t cb_tree(struct cb_sub *s, long bound, uint8_t *tree);

/* The least-time objective (cyclebreak_time.c), for S with its time data.
 * cb_time_moved: the time (ticks) deleting DEL moves: over the deleted
 * arcs between pieces, the time each carried to its caller given the
 * pieces DEL leaves (its share of the piece it enters, all of the piece's
 * time for its last ways in), now credited to the piece's other callers.
 * cb_time_weights: per arc, in W, the time it carries given the pieces of
 * DEL (thousandths of a tick, plus one so that no arc is free), the
 * weights the solvers are given. */
double cb_time_moved(const struct cb_sub *s, const uint8_t *del);
void cb_time_weights(const struct cb_sub *s, const uint8_t *del, uint64_t *w);

/* Restore the deleted arcs of DEL with ONLY[a] set (ONLY NULL: every
 * deleted arc) that can be kept, heaviest (by w) first, while every
 * component still fits BOUND; fixed arcs are never candidates.  Each arc
 * left deleted then closes a cycle over BOUND when restored alone. */
void cb_restore(const struct cb_sub *s, long bound, uint8_t *del, const uint8_t *only);
/* The same, WHAT naming the step to S's progress callback. */
void cb_restore_as(const struct cb_sub *s, long bound, uint8_t *del, const uint8_t *only,
		   const char *what);

/* A local repair of a valid solution after arc states changed
 * (cyclebreak_repair.c): DEL holds the previous deletions with the change
 * applied (S built with the new states: forced arcs left out, kept ones
 * fixed and not deleted); CHG marks the arcs of S whose state changed,
 * TOUCH the members at an end of a changed arc (forced ones included).
 * Cycles through a changed arc made live are cut near it (or, when pinned
 * arcs close them, the piece they form over BOUND is solved again, exactly
 * when it has at most EXACT_MAX_ARCS arcs and the search ends within
 * SECONDS), then the deleted arcs near the change are restored where they
 * can be (cb_restore).  Returns 0, -1 (fixed arcs keep a piece over the
 * bound) or -2 (cancelled through S's progress callback). */
int cb_repair(const struct cb_sub *s, long bound, uint8_t *del, const uint8_t *chg,
	      const uint8_t *touch, uint32_t exact_max_arcs, double seconds);

/* A lower bound on the calls every deletion that makes S fit BOUND must
 * remove, from a packing of arc-disjoint strongly connected subgraphs over
 * the bound (cyclebreak_bound.c, where the argument is). */
uint64_t cb_lower_bound(const struct cb_sub *s, long bound);
/* The same, with the packing's sets in *OUT (their deletable arcs: set i
 * is arc[end[i-1] .. end[i]-1]; free arc and end): each a constraint of
 * the integer program, which starts from them. */
struct cb_sets {
	uint32_t *arc, *end;
	size_t narcs, n;
};
uint64_t cb_lower_bound_sets(const struct cb_sub *s, long bound, struct cb_sets *out);

/* Rows of the integer program around its busiest members (flowers of
 * cycles, cyclebreak_flower.c, where the argument is), grown until
 * util_now() reaches UNTIL: row i is sum over j in end[i-1] .. end[i]-1
 * of coef[j] x(arc[j]) >= rhs[i], over deletable arcs.  Free arc, coef,
 * end and rhs. */
struct cb_rows {
	uint32_t *arc;
	double *coef, *rhs;
	size_t *end;
	size_t narcs, n;
};
void cb_flowers(const struct cb_sub *s, long bound, struct cb_rows *out, double until);

#endif
