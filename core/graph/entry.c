/* SPDX-License-Identifier: GPL-3.0-or-later */
/* entry: see entry.h. */
#include "config.h"
#include "entry.h"
#include "sort.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* Sort keys copied out of the arcs, so the sort does not chase arcs and
 * nodes around memory.  CLS is the arc's enum cg_arc_class. */
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
	if (a->cls == CG_ARC_OTHER) {
		if (a->time < b->time)
			return -1;
		if (a->time > b->time)
			return 1;
	}
	if (a->count < b->count)
		return -1;
	return a->count > b->count;
}

/* The sort's context: the keys, and whether the order is descending.  Ties
 * keep their original order either way, as GNU's insertion into a sorted
 * list gives. */
struct key_order {
	const struct arc_key *key;
	int desc;
};

static int cmp_key_at(const void *ctx, uint32_t l, uint32_t r)
{
	const struct key_order *o = ctx;
	return o->desc ? cmp_key(&o->key[r], &o->key[l])
		       : cmp_key(&o->key[l], &o->key[r]);
}

uint32_t entry_arcs(const struct cg *g, uint32_t n, int parents, uint32_t **out)
{
	const uint32_t *start = parents ? g->parent_start : g->child_start;
	const uint32_t *list = parents ? g->parent_arcs : g->child_arcs;
	uint32_t k0 = start[n], k1 = start[n + 1], m = 0;
	size_t cap = (size_t)(k1 - k0) + 1;
	struct arc_key *key = xmalloc(cap * sizeof *key);
	uint32_t *v = xmalloc(cap * sizeof *v);

	/* Creation order: parents lists are oldest first, children newest. */
	for (uint32_t i = k0; i < k1; i++) {
		uint32_t a = list[parents ? i : k1 - 1 - (i - k0)];
		const struct cg_arc *arc = &g->arcs[a];
		if (arc->deleted)
			continue;
		struct arc_key *k = &key[m++];
		k->arc = a;
		k->count = arc->count;
		k->time = arc->time + arc->child_time;
		k->cls = cg_arc_class(g, arc);
	}
	struct key_order order = { key, !parents };
	for (uint32_t i = 0; i < m; i++)
		v[i] = i;
	util_msort_u32(v, m, cmp_key_at, &order);
	for (uint32_t i = 0; i < m; i++)
		v[i] = key[v[i]].arc;
	free(key);
	*out = v;
	return m;
}

static int cmp_member(const void *ctx, uint32_t l, uint32_t r)
{
	const struct cg *g = ctx;
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
	util_msort_u32(v, m, cmp_member, g);
	*out = v;
	return m;
}
