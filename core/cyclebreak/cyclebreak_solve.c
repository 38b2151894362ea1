/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak_solve: the heuristic answer for one component, monotone in
 * the bound.
 *
 * An answer for a bound k is also valid for every larger bound, so an
 * answer for N should never delete more than the answer for k < N would.
 * The heuristics alone do not promise that (a greedy merge at a large
 * bound can block a better one; restoring the arcs of a smaller bound's
 * answer sometimes beats them by half).  So the answer for N is the
 * cheapest of the heuristics at N and of the answer for N - 1 with its
 * deleted arcs restored, heaviest first, while every piece fits N; the
 * answer for N - 1 is made the same way, down to 1.  By induction the
 * answer for N is at most the answer for any k < N, as given for k.
 * Every candidate ends with a restore pass, so each arc left deleted
 * closes a cycle over the bound when restored alone (locally optimal).
 *
 * The chain costs a solve per bound below N.  Components with more than
 * CB_CHAIN_MAX_ARCS arcs are solved at N alone (with the starts, among them
 * the set for bound 1 the no-new-roots rule came with): on the 105,000
 * arcs of the dense bench case a solve takes seconds. */
#include "config.h"
#include "cyclebreak_int.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Replace BEST by CAND (restored up to BOUND first) if cheaper. */
static void try_start(const struct cb_sub *s, long bound, uint8_t *best,
		      struct cb_cost *bc, uint8_t *cand)
{
	cb_restore(s, bound, cand, NULL);
	struct cb_cost c = cb_cost_of(s, cand);
	if (cb_cost_less(c, *bc)) {
		*bc = c;
		memcpy(best, cand, s->m);
	}
}

/* The bounds the chain visits below BOUND, smallest first, in LV;
 * returns their count. */
static size_t chain_levels(const struct cb_sub *s, long bound, long *lv, size_t max)
{
	size_t n = 0;
	if (bound <= 1)
		return 0;
	if (s->m <= CB_CHAIN_MAX_ARCS) {
		/* every bound from 1 (at and over the size nothing is cut) */
		long top = bound - 1 < (long)s->n ? bound - 1 : (long)s->n - 1;
		for (long k = 1; k <= top && n < max; k++)
			lv[n++] = k;
		return n;
	}
	return n;
}

/* Each of the NSTARTS sets STARTS that deletes no fixed arc and fits
 * BOUND, restored up to it, replaces BEST when cheaper. */
static void try_starts(const struct cb_sub *s, long bound, uint8_t *best,
		       const uint8_t *const *starts, size_t nstarts, uint8_t *cand)
{
	struct cb_cost bc = cb_cost_of(s, best);
	for (size_t i = 0; i < nstarts && !cb_cancelled(s); i++) {
		int ok = 1;
		for (uint32_t a = 0; a < s->m && ok; a++) {
			cand[a] = starts[i][a];
			ok = !(starts[i][a] && s->fixed[a]);
		}
		if (ok && cb_fits(s, cand, bound))
			try_start(s, bound, best, &bc, cand);
	}
}

size_t cb_solve(const struct cb_sub *s, long bound, uint8_t *del,
		const uint8_t *const *starts, size_t nstarts)
{
	size_t mm = (size_t)s->m + 1;
	uint8_t *prev = NULL, *cand = xmalloc(mm);
	long *lv = xmalloc(((size_t)(bound < 1 ? 1 : bound) + 64) * sizeof(long));
	size_t nl = chain_levels(s, bound, lv, (size_t)(bound < 1 ? 1 : bound) + 63);

	for (size_t i = 0; i <= nl && !cb_cancelled(s); i++) {
		long k = i < nl ? lv[i] : bound;
		uint8_t *cur = i < nl ? xmalloc(mm) : del;
		cb_heuristic(s, k, cur);
		if (prev && !cb_cancelled(s)) {
			struct cb_cost bc = cb_cost_of(s, cur);
			memcpy(cand, prev, s->m);
			try_start(s, k, cur, &bc, cand);
		}
		try_starts(s, k, cur, starts, nstarts, cand);
		free(prev);
		prev = i < nl ? cur : NULL;
	}
	free(prev);
	free(cand);
	free(lv);
	return nl + 1;
}

/* A standard normal deviate from the xorshift64 state *X (Box-Muller;
 * one of the pair is dropped: the caller needs few enough). */
static double normal(uint64_t *x)
{
	double u[2];
	for (int i = 0; i < 2; i++) {
		*x ^= *x << 13;
		*x ^= *x >> 7;
		*x ^= *x << 17;
		u[i] = ((double)(*x >> 11) + 0.5) / 9007199254740992.0; /* (0, 1) */
	}
	return sqrt(-2 * log(u[0])) * cos(6.283185307179586 * u[1]);
}

void cb_shake(const struct cb_sub *s, long bound, uint8_t *del, double seconds,
	      double est)
{
	size_t mm = (size_t)s->m + 1;
	uint64_t *w = xmalloc(mm * sizeof *w);
	uint8_t *cand = xmalloc(mm);
	struct cb_cost best = cb_cost_of(s, del);
	uint64_t x = 0x9e3779b97f4a7c15ULL ^ s->m ^ ((uint64_t)s->n << 32);
	double t0 = util_now(), last = est;
	unsigned idle = 0;

	memcpy(w, s->w, s->m * sizeof *w);
	while (idle < CB_SHAKE_PATIENCE && !cb_cancelled(s)) {
		double t1 = util_now();
		if (t1 - t0 + last > seconds)
			break;
		for (uint32_t a = 0; a < s->m; a++)
			s->w[a] = (uint64_t)((double)w[a] *
					     exp(CB_SHAKE_SIGMA * normal(&x))) +
				  1;
		cb_heuristic(s, bound, cand);
		memcpy(s->w, w, s->m * sizeof *w);
		cb_restore(s, bound, cand, NULL);
		struct cb_cost c = cb_cost_of(s, cand);
		if (cb_cost_less(c, best)) {
			best = c;
			memcpy(del, cand, s->m);
			idle = 0;
		} else {
			idle++;
		}
		double t2 = util_now();
		last = t2 - t1 > last ? t2 - t1 : last;
		/* the caller sees the exact search's progress (the shaking is
		 * its first tenth) and may stop it here as there */
		if (s->progress && s->progress(s->progress_ctx, "exact search",
					       CB_SHAKE_SHARE * (t2 - t0) / seconds)) {
			if (s->cancel)
				*s->cancel = 1;
			break;
		}
	}
	free(w);
	free(cand);
}
