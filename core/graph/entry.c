/* SPDX-License-Identifier: GPL-3.0-or-later */
/* entry: see entry.h. */
#include "config.h"
#include "entry.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* Sort keys copied out of the arcs, so the sort does not chase arcs and
 * nodes around memory.  Class 0 is a self call, 1 a call inside a cycle,
 * 2 any other. */
struct arc_key {
	double time;
	uint64_t count;
	uint32_t arc;
	uint32_t cls;
};

static int cmp_key(const struct arc_key *a, const struct arc_key *b)
{
	if (a->cls != b->cls)
		return a->cls < b->cls ? -1 : 1;
	if (a->cls == 2) {
		if (a->time < b->time)
			return -1;
		if (a->time > b->time)
			return 1;
	}
	if (a->count < b->count)
		return -1;
	return a->count > b->count;
}

/* Stable merge sort, ascending, or descending when DESC (ties still in
 * their original order, as GNU's insertion into a sorted list gives). */
static void sort_keys(struct arc_key *v, struct arc_key *tmp, size_t n, int desc)
{
	if (n <= 1)
		return;
	size_t n1 = n / 2;
	sort_keys(v, tmp, n1, desc);
	sort_keys(v + n1, tmp, n - n1, desc);
	size_t i = 0, j = n1, k = 0;
	while (i < n1 && j < n) {
		int c = desc ? cmp_key(&v[j], &v[i]) : cmp_key(&v[i], &v[j]);
		tmp[k++] = c <= 0 ? v[i++] : v[j++];
	}
	while (i < n1)
		tmp[k++] = v[i++];
	while (j < n)
		tmp[k++] = v[j++];
	memcpy(v, tmp, n * sizeof *v);
}

uint32_t entry_arcs(const struct cg *g, uint32_t n, int parents, uint32_t **out)
{
	const uint32_t *start = parents ? g->parent_start : g->child_start;
	const uint32_t *list = parents ? g->parent_arcs : g->child_arcs;
	uint32_t k0 = start[n], k1 = start[n + 1], m = 0;
	size_t cap = (size_t)(k1 - k0) + 1;
	struct arc_key *key = xmalloc(2 * cap * sizeof *key);
	uint32_t *v = xmalloc(cap * sizeof *v);

	/* Creation order: parents lists are oldest first, children newest. */
	for (uint32_t i = k0; i < k1; i++) {
		uint32_t a = list[parents ? i : k1 - 1 - (i - k0)];
		const struct cg_arc *arc = &g->arcs[a];
		if (arc->deleted)
			continue;
		uint32_t pc = g->nodes[arc->parent].cycle,
			 cc = g->nodes[arc->child].cycle;
		struct arc_key *k = &key[m++];
		k->arc = a;
		k->count = arc->count;
		k->time = arc->time + arc->child_time;
		k->cls = arc->parent == arc->child ? 0 : pc != 0 && pc == cc ? 1 : 2;
	}
	sort_keys(key, key + cap, m, !parents);
	for (uint32_t i = 0; i < m; i++)
		v[i] = key[i].arc;
	free(key);
	*out = v;
	return m;
}

static int cmp_member(const struct cg *g, uint32_t l, uint32_t r)
{
	const struct cg_node *a = &g->nodes[l], *b = &g->nodes[r];
	double at = a->prop_self + a->prop_child, bt = b->prop_self + b->prop_child;
	if (at > bt)
		return -1;
	if (at < bt)
		return 1;
	uint64_t ac = a->ncalls + a->self_calls, bc = b->ncalls + b->self_calls;
	if (ac > bc)
		return -1;
	return ac < bc;
}

uint32_t entry_members(const struct cg *g, uint32_t n, uint32_t **out)
{
	uint32_t m = 0;
	for (uint32_t k = g->nodes[n].next_member; k != CG_NONE;
	     k = g->nodes[k].next_member)
		m++;
	uint32_t *v = xmalloc(((size_t)m + 1) * sizeof *v);
	m = 0;
	for (uint32_t k = g->nodes[n].next_member; k != CG_NONE;
	     k = g->nodes[k].next_member)
		v[m++] = k;
	cg_msort(g, v, m, cmp_member);
	*out = v;
	return m;
}
