/* SPDX-License-Identifier: GPL-3.0-or-later */
/* proporder: the call graph's print order (see propint.h).
 *
 * GNU sorts every entry with one comparison; the reports need the same
 * order to the last tie.  util_msort_u32() is stable and, started from
 * node order, always merges a run of lower node numbers with one of
 * higher, so taking the left element on a tie (and on the comparison's
 * "either first" between two cycles of equal time) orders ties by node
 * number.  The result is therefore the one sequence sorted by (total
 * time, the comparison's other keys, node number), and any stable sort
 * by that order gives it: here a radix sort on the total time, then the
 * merge sort with the whole comparison inside each run of equal times
 * only (on 60,000 functions the whole merge sort, even on a compact copy
 * of the keys, took an eighth of the propagation). */
#include "config.h"
#include "cg.h"
#include "propint.h"
#include "sort.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* Print order of the call graph: total time down, cycles first, names
 * without a leading underscore first, calls down, then the raw name. */
int cg_prop_cmp(const void *ctx, uint32_t l, uint32_t r)
{
	const struct cg *g = ctx;
	const struct cg_node *a = &g->nodes[l], *b = &g->nodes[r];
	double diff = (b->prop_self + b->prop_child) - (a->prop_self + a->prop_child);
	if (diff < 0.0)
		return -1;
	if (diff > 0.0)
		return 1;
	if (!a->sym)
		return -1;
	if (!b->sym)
		return 1;
	if (a->sym->name[0] != '_' && b->sym->name[0] == '_')
		return -1;
	if (a->sym->name[0] == '_' && b->sym->name[0] != '_')
		return 1;
	if (a->ncalls > b->ncalls)
		return -1;
	if (a->ncalls < b->ncalls)
		return 1;
	return strcmp(a->sym->name, b->sym->name);
}

/* A total time as an integer that sorts the times down: the difference
 * of two finite or infinite times is below zero, zero or above exactly
 * when theirs is (-0 is 0).  Only a NaN has no such key. */
static uint64_t down_key(double t)
{
	uint64_t u;
	if (t == 0)
		t = 0; /* -0 */
	memcpy(&u, &t, sizeof u);
	u = u >> 63 ? ~u : u | (UINT64_C(1) << 63); /* increasing with t */
	return ~u;
}

struct keyed {
	uint64_t key;
	uint32_t node;
};

/* Stable least-significant-digit radix sort of V (N entries) on key,
 * bytes that every key shares skipped; TMP as large as V. */
static void radix_sort(struct keyed *v, struct keyed *tmp, size_t n)
{
	size_t cnt[8][256] = { { 0 } };
	for (size_t i = 0; i < n; i++)
		for (int d = 0; d < 8; d++)
			cnt[d][(v[i].key >> (8 * d)) & 0xff]++;
	for (int d = 0; d < 8; d++) {
		size_t *c = cnt[d];
		if (c[(v[0].key >> (8 * d)) & 0xff] == n)
			continue; /* one value of this byte: the pass would keep V */
		size_t sum = 0;
		for (int b = 0; b < 256; b++) {
			size_t k = c[b];
			c[b] = sum;
			sum += k;
		}
		for (size_t i = 0; i < n; i++)
			tmp[c[(v[i].key >> (8 * d)) & 0xff]++] = v[i];
		memcpy(v, tmp, n * sizeof *v);
	}
}

/* ORDER (N nodes, in node order) sorted by cg_prop_cmp() with ties in
 * node order; 0 if a time is a NaN (it has no radix key). */
static int sort_by_runs(const struct cg *g, uint32_t *order, uint32_t n)
{
	struct keyed *v = xmalloc(2 * ((size_t)n + 1) * sizeof *v);
	for (uint32_t i = 0; i < n; i++) {
		double tot = g->nodes[i].prop_self + g->nodes[i].prop_child;
		if (tot != tot) {
			free(v);
			return 0;
		}
		v[i].key = down_key(tot);
		v[i].node = i;
	}
	radix_sort(v, v + n + 1, n);
	for (uint32_t i = 0; i < n; i++)
		order[i] = v[i].node;
	/* each run of one time in node order (the radix sort is stable):
	 * the other keys decide (few nodes: those of no time, mostly) */
	for (uint32_t i = 0; i < n;) {
		uint32_t j = i + 1;
		while (j < n && v[j].key == v[i].key)
			j++;
		if (j - i > 1)
			util_msort_u32(order + i, j - i, cg_prop_cmp, g);
		i = j;
	}
	free(v);
	return 1;
}

void cg_prop_sort(struct cg *g)
{
	uint32_t n = g->nfuncs + g->ncycles;
	free(g->order);
	g->order = xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	if (n > 0 && !sort_by_runs(g, g->order, n)) {
		for (uint32_t i = 0; i < n; i++)
			g->order[i] = i;
		util_msort_u32(g->order, n, cg_prop_cmp, g);
	}
	for (uint32_t i = 0; i < n; i++)
		g->nodes[g->order[i]].index = i + 1;
	g->norder = n;
}
