/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak_heur: the polynomial heuristics for components too large to
 * solve exactly.
 *
 * Two candidates, the cheaper kept (calls, then arcs):
 *   P: order the members so that few calls go backwards (Eades, Lin and
 *      Smyth's greedy, weighted by calls), cut the order into consecutive
 *      blocks of at most N members by dynamic programming, deleting the
 *      backward arcs that leave a block (every cycle then stays inside one
 *      block); then restore deleted arcs, heaviest first, while every
 *      component still fits.
 *   G: start from no arcs and keep arcs heaviest first whenever every
 *      component still fits (a Kruskal-like greedy).
 * "Still fits" and the restore pass are cyclebreak_keep.c's; the orders
 * are cyclebreak_order.c's. */
#include "config.h"
#include "cyclebreak_int.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* Candidate G: keep the fixed arcs, then the others heaviest first. */
static void greedy_keep(const struct cb_sub *s, long bound, uint8_t *del)
{
	for (uint32_t a = 0; a < s->m; a++)
		del[a] = !s->fixed[a];
	cb_restore_as(s, bound, del, NULL, "keeping heavy arcs");
}

/* Candidate P: cut ORDER into consecutive blocks of at most BOUND members
 * so that the backward arcs leaving blocks weigh least.  Returns 0 when no
 * cut avoids the fixed arcs. */
static int block_cut(const struct cb_sub *s, long bound, const uint32_t *order,
		     uint8_t *del)
{
	uint32_t n = s->n;
	uint32_t *pos = xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	struct cb_cost *dp = xmalloc(((size_t)n + 1) * sizeof *dp);
	uint8_t *inf = xcalloc((size_t)n + 1, 1);
	uint32_t *from = xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	uint32_t *block = xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	uint64_t win = (uint64_t)bound;
	uint64_t cap = 40000000ull / ((uint64_t)s->m + n + 1);
	int ok;

	if (cap < 2)
		cap = 2;
	if (win > cap)
		win = cap;
	for (uint32_t i = 0; i < n; i++)
		pos[order[i]] = i;
	dp[0] = (struct cb_cost){ 0, 0, 0 };
	for (uint32_t i = 1; i <= n; i++) {
		struct cb_cost c = { 0, 0, 0 };
		uint64_t nfixed = 0;
		inf[i] = 1;
		/* block = positions j .. i-1, grown downwards */
		for (uint32_t j = i; j-- > 0 && i - j <= win;) {
			uint32_t z = order[j];
			for (uint32_t e = s->in_start[z]; e < s->in_start[z + 1]; e++) {
				uint32_t a = s->in_arc[e], p = pos[s->src[a]];
				if (p > j && p < i) {
					c.calls -= s->w[a];
					c.narcs--;
					nfixed -= s->fixed[a];
				}
			}
			for (uint32_t e = s->out_start[z]; e < s->out_start[z + 1]; e++) {
				uint32_t a = s->out_arc[e];
				if (pos[s->dst[a]] < j) {
					c.calls += s->w[a];
					c.narcs++;
					nfixed += s->fixed[a];
				}
			}
			if (nfixed || inf[j])
				continue;
			struct cb_cost t = { dp[j].calls + c.calls, dp[j].narcs + c.narcs,
					     0 };
			if (inf[i] || cb_cost_less(t, dp[i])) {
				dp[i] = t;
				inf[i] = 0;
				from[i] = j;
			}
		}
	}
	ok = !inf[n];
	if (ok) {
		uint32_t b = 0;
		for (uint32_t i = n; i > 0; i = from[i], b++)
			for (uint32_t p = from[i]; p < i; p++)
				block[order[p]] = b;
		for (uint32_t a = 0; a < s->m; a++)
			del[a] = pos[s->src[a]] > pos[s->dst[a]] &&
				 block[s->src[a]] != block[s->dst[a]];
	}
	free(pos);
	free(dp);
	free(inf);
	free(from);
	free(block);
	return ok;
}

/* Replace BEST by CAND if cheaper. */
static void keep_better(const struct cb_sub *s, uint8_t *best, struct cb_cost *bc,
			const uint8_t *cand)
{
	struct cb_cost c = cb_cost_of(s, cand);
	if (cb_cost_less(c, *bc)) {
		*bc = c;
		memcpy(best, cand, s->m);
	}
}

/* Components of more members than this skip G with smaller bounds: there
 * they never won in our measurements (the sifting rounds did), and they
 * were a third of the time on a 15,000-member component. */
#define GREEDY_SMALLER_MAX 1000u

/* Bounds up to which P is tried on components the chain solves. */
#define BLOCKS_MAX_BOUND 4

/* Candidates: G with the bound and with smaller ones (a greedy merge can
 * block a better one later; a smaller bound, restored up to the real
 * one, sometimes avoids it; small components only), then P on the
 * Eades-Lin-Smyth order, then rounds of P on the order of the best set so
 * far, improved by sifting (cyclebreak_order.c); the block cut can also
 * merge neighbours.  P depends on the component and the bound alone, as
 * the chain of cyclebreak_solve.c needs. */
void cb_heuristic(const struct cb_sub *s, long bound, uint8_t *del)
{
	uint8_t *c = xmalloc((size_t)s->m + 1);
	uint32_t *order = xmalloc(((size_t)s->n + 1) * sizeof(uint32_t));
	struct cb_cost bc;

	greedy_keep(s, bound, del);
	bc = cb_cost_of(s, del);
	long b = s->n <= GREEDY_SMALLER_MAX ? bound / 2 : 0;
	for (int k = 0; k < 6 && b >= 2 && !cb_cancelled(s); k++, b /= 2) {
		greedy_keep(s, b, c);
		cb_restore(s, bound, c, NULL);
		keep_better(s, del, &bc, c);
	}
	/* the block cuts: at small bounds, where they win, or on a component
	 * solved at its bound alone (cyclebreak_solve.c: the chain solves
	 * every bound below, and there they cost more than they gained on
	 * CPython's 2,000-member cycle) */
	if (cb_cancelled(s) || (bound > BLOCKS_MAX_BOUND && s->m <= CB_CHAIN_MAX_ARCS))
		goto out;
	cb_order_els(s, order);
	if (block_cut(s, bound, order, c)) {
		cb_restore(s, bound, c, NULL);
		keep_better(s, del, &bc, c);
	}
	for (int round = 0; round < 6 && !cb_cancelled(s); round++) {
		struct cb_cost before = bc;
		cb_order_sifted(s, del, order);
		if (!block_cut(s, bound, order, c))
			break;
		cb_restore_as(s, bound, c, NULL, "improving the order");
		keep_better(s, del, &bc, c);
		if (!cb_cost_less(bc, before))
			break;
	}
out:
	free(c);
	free(order);
}
