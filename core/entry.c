/* entry: see entry.h. */
#include "config.h"
#include "entry.h"
#include "util.h"

static int arc_in_cycle(const struct cg *g, const struct cg_arc *a)
{
	uint32_t pc = g->nodes[a->parent].cycle, cc = g->nodes[a->child].cycle;
	return pc != 0 && cc != 0 && pc == cc;
}

static int cmp_arc(const struct cg *g, uint32_t l, uint32_t r)
{
	const struct cg_arc *a = &g->arcs[l], *b = &g->arcs[r];
	if (a->parent == a->child)
		return -1;
	if (b->parent == b->child)
		return 1;
	int ai = arc_in_cycle(g, a), bi = arc_in_cycle(g, b);
	if (ai && bi) {
		if (a->count < b->count)
			return -1;
		return a->count > b->count;
	}
	if (ai)
		return -1;
	if (bi)
		return 1;
	double at = a->time + a->child_time, bt = b->time + b->child_time;
	if (at < bt)
		return -1;
	if (at > bt)
		return 1;
	if (a->count < b->count)
		return -1;
	return a->count > b->count;
}

static int cmp_arc_desc(const struct cg *g, uint32_t l, uint32_t r)
{
	return cmp_arc(g, r, l);
}

uint32_t entry_arcs(const struct cg *g, uint32_t n, int parents, uint32_t **out)
{
	const uint32_t *start = parents ? g->parent_start : g->child_start;
	const uint32_t *list = parents ? g->parent_arcs : g->child_arcs;
	uint32_t k0 = start[n], k1 = start[n + 1], m = 0;
	uint32_t *v = xmalloc(((size_t)(k1 - k0) + 1) * sizeof *v);

	for (uint32_t k = k0; k < k1; k++)
		if (!g->arcs[list[k]].deleted)
			v[m++] = list[k];
	if (!parents) {
		/* Children lists are newest first; sort from creation order. */
		for (uint32_t i = 0; i < m / 2; i++) {
			uint32_t t = v[i];
			v[i] = v[m - 1 - i];
			v[m - 1 - i] = t;
		}
	}
	cg_msort(g, v, m, parents ? cmp_arc : cmp_arc_desc);
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
	for (uint32_t k = g->nodes[n].next_member; k != CG_NONE; k = g->nodes[k].next_member)
		m++;
	uint32_t *v = xmalloc(((size_t)m + 1) * sizeof *v);
	m = 0;
	for (uint32_t k = g->nodes[n].next_member; k != CG_NONE; k = g->nodes[k].next_member)
		v[m++] = k;
	cg_msort(g, v, m, cmp_member);
	*out = v;
	return m;
}
