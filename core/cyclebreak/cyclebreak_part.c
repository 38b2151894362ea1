/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak_part: the components a proposal solves afresh: the
 * heuristic phase of each (the fewest calls, or the least time moved),
 * then the exact phase over them all within the time budget, and the
 * certificate of each. */
#include "config.h"
#include "cyclebreak_part.h"
#include "sort.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* The calls DEL deletes in S (w may hold other weights). */
static uint64_t calls_of(const struct cb_sub *s, const uint8_t *del)
{
	uint64_t c = 0;
	for (uint32_t a = 0; a < s->m; a++)
		c += del[a] ? s->calls[a] : 0;
	return c;
}

/* Whether a set moving M1 and deleting D1 beats one moving M2 and
 * deleting D2: less time moved (beyond rounding), then fewer calls. */
static int time_better(const struct cb_sub *s, double m1, const uint8_t *d1, double m2,
		       const uint8_t *d2)
{
	double eps = 1e-9 * (m1 + m2) + 1e-9;
	if (m1 < m2 - eps || m1 > m2 + eps)
		return m1 < m2;
	return calls_of(s, d1) < calls_of(s, d2);
}

/* The least-time answer: the fewest-calls one first, then rounds of
 * solving with the weights the pieces of the last set give
 * (cyclebreak_time.c), that set restored being a candidate too; the set
 * that moves least is kept in DEL, and S's weights are left as that set
 * gives them (for the exact search). */
static void solve_time(struct cb_sub *s, long bound, uint8_t *del,
		       const uint8_t *const *starts, size_t nstarts, double *moved)
{
	size_t mm = (size_t)s->m + 1;
	uint8_t *cur = xmalloc(mm), *cand = xmalloc(mm), *prev = xmalloc(mm);

	cb_solve(s, bound, del, starts, nstarts);
	double best = cb_time_moved(s, del);
	memcpy(cur, del, s->m);
	for (int round = 0; round < 3 && !cb_cancelled(s); round++) {
		cb_time_weights(s, cur, s->w);
		cb_heuristic(s, bound, cand);
		memcpy(prev, cur, s->m);
		cb_restore(s, bound, prev, NULL);
		if (cb_cost_less(cb_cost_of(s, prev), cb_cost_of(s, cand)))
			memcpy(cand, prev, s->m);
		double m = cb_time_moved(s, cand);
		if (time_better(s, m, cand, best, del)) {
			best = m;
			memcpy(del, cand, s->m);
		}
		memcpy(cur, cand, s->m);
	}
	cb_time_weights(s, del, s->w);
	*moved = best;
	free(prev);
	free(cur);
	free(cand);
}

/* With new roots allowed, the least time moved is still often found among
 * the sets that keep every member called (a root takes all of its time
 * from its callers): solve with the rule too and keep that set in DEL
 * if it moves less.  S's weights follow the set kept. */
static void try_rule(struct cb_sub *s, long bound, uint8_t *del, double *moved)
{
	size_t mm = (size_t)s->m + 1;
	uint8_t *fixed = xmalloc(mm), *d = xmalloc(mm);
	uint64_t *w = xmalloc(mm * sizeof *w);
	double m;

	memcpy(fixed, s->fixed, s->m);
	memcpy(w, s->w, s->m * sizeof *w);
	memcpy(s->w, s->calls, s->m * sizeof *w);
	uint8_t *tree = xmalloc(mm);
	cb_tree(s, bound, tree);
	solve_time(s, bound, d, NULL, 0, &m);
	free(tree);
	memcpy(s->fixed, fixed, s->m);
	if (!cb_cancelled(s) && time_better(s, m, d, *moved, del)) {
		*moved = m;
		memcpy(del, d, s->m);
	} else {
		memcpy(s->w, w, s->m * sizeof *w);
	}
	free(w);
	free(d);
	free(fixed);
}
/* The earlier proposals of LIM as sets of S's arcs; GL is scratch per arc
 * of G, CB_NONE on entry and on return.  Returns the count; free each and
 * the array. */
static size_t local_starts(const struct cg *g, const struct cb_sub *s,
			   const struct cyclebreak_limits *lim, uint32_t *gl,
			   uint8_t ***out)
{
	size_t n = 0;
	*out = xmalloc((lim->nstarts + 1) * sizeof **out);
	if (!lim->nstarts)
		return n;
	for (uint32_t a = 0; a < s->m; a++)
		gl[s->garc[a]] = a;
	for (size_t i = 0; i < lim->nstarts; i++) {
		const struct cyclebreak_result *st = lim->starts[i];
		if (!st || st->narcs_g != g->narcs)
			continue;
		uint8_t *d = xcalloc((size_t)s->m + 1, 1);
		for (size_t k = 0; k < st->narcs; k++)
			if (st->arcs[k].arc < g->narcs && gl[st->arcs[k].arc] != CB_NONE)
				d[gl[st->arcs[k].arc]] = 1;
		(*out)[n++] = d;
	}
	for (uint32_t a = 0; a < s->m; a++)
		gl[s->garc[a]] = CB_NONE;
	return n;
}

/* The heuristic phase of component C of W as part P of R, left in *PD
 * for the exact phase.  Returns 0, -1 (the fixed arcs keep it over the
 * bound) or -2 (cancelled). */
int cb_solve_part(const struct cg *g, const struct cb_sub *w, const uint32_t *comp,
		  uint32_t c, uint32_t *local, uint32_t *gl,
		  const struct cyclebreak_limits *lim, int *cancel,
		  struct cyclebreak_result *r, uint32_t p, struct cb_pending *pd)
{
	struct cyclebreak_part *part = &r->parts[p];
	struct cb_sub *s = &pd->s;

	pd->part = p;
	pd->heur_secs = 0;
	part->nroots = cb_make_sub(g, w, comp, c, r, local, lim, cancel, s);
	part->nmembers = s->n;
	part->narcs = s->m;
	pd->del = xcalloc((size_t)s->m + 1, 1);
	uint8_t *del = pd->del;
	for (uint32_t a = 0; a < s->m; a++)
		del[a] = !s->fixed[a];
	if (!cb_fits(s, del, r->bound))
		return -1;
	if (r->bsd) {
		cb_bsd(s, r->bound, del);
		return 0;
	}
	uint8_t **starts;
	size_t ns = local_starts(g, s, lim, gl, &starts);
	if (r->by_time) {
		solve_time(s, r->bound, del, (const uint8_t *const *)starts, ns,
			   &part->moved);
		if (r->allow_roots && !*cancel)
			try_rule(s, r->bound, del, &part->moved);
	} else {
		double t0 = util_now();
		size_t runs =
			cb_solve(s, r->bound, del, (const uint8_t *const *)starts, ns);
		pd->heur_secs = (util_now() - t0) / (double)runs;
	}
	for (size_t i = 0; i < ns; i++)
		free(starts[i]);
	free(starts);
	return *cancel ? -2 : 0;
}

static int cmp_pending_size(const void *l, const void *r)
{
	const struct cb_pending *a = l, *b = r;
	if (a->s.m != b->s.m)
		return a->s.m < b->s.m ? -1 : 1;
	return (a->part > b->part) - (a->part < b->part);
}

/* The exact phase over the NP pending components, smallest first, each
 * with what is left of the time over the components left (a tenth of it
 * on shaking the heuristics first, when that allows a few tries); then
 * the certificate of each. */
void cb_exact_phase(struct cb_pending *pd, size_t np, struct cyclebreak_result *r,
		    const struct cyclebreak_limits *lim)
{
	double t0 = util_now();
	util_qsort(pd, np, sizeof *pd, cmp_pending_size);
	for (size_t i = 0; i < np; i++) {
		struct cyclebreak_part *part = &r->parts[pd[i].part];
		struct cb_sub *s = &pd[i].s;
		uint64_t lower = 0;
		int proved = 0;
		double left = lim->exact_time - (util_now() - t0);
		if (!r->bsd && lim->exact_time > 0 && s->m <= lim->exact_max_arcs &&
		    !cb_cancelled(s)) {
			double share = left > 0 ? left / (double)(np - i) : 0;
			uint8_t *d = pd[i].del, *keep = NULL;
			if (r->by_time) {
				/* the program is given the calls: its
				 * answer is kept when it moves no more time
				 * (then deletes fewer calls); never claimed
				 * optimal for the time moved */
				keep = xmalloc((size_t)s->m + 1);
				memcpy(keep, d, s->m);
				memcpy(s->w, s->calls, (size_t)s->m * sizeof *s->w);
			}
			if (!r->by_time && share > 0 &&
			    share * CB_SHAKE_SHARE >= 3 * pd[i].heur_secs) {
				/* a cheaper incumbent first: it prunes the
				 * search and is the certificate's upper end */
				double t1 = util_now();
				cb_shake(s, r->bound, d, share * CB_SHAKE_SHARE,
					 pd[i].heur_secs);
				share -= util_now() - t1;
			}
			proved = cb_exact(s, r->bound, d, share, &lower);
			if (r->by_time) {
				double m = cb_time_moved(s, d);
				if (time_better(s, m, d, part->moved, keep))
					part->moved = m;
				else
					memcpy(d, keep, s->m);
				free(keep);
				proved = 0;
			} else {
				part->stopped = !proved;
			}
		}
		if (proved) {
			part->exact = 1;
			part->lower = lower;
		} else if (!r->by_time) {
			uint64_t lb = cb_lower_bound(s, r->bound);
			part->lower = lb > lower ? lb : lower;
		}
	}
	r->exact_secs = util_now() - t0;
}
