/* cg: arcs, adjacency, and the model's life cycle.  The graph walks
 * (numbering, cycles, propagation, ordering) are in cgprop.c. */
#include "config.h"
#include "cg.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

void cg_init(struct cg *g, const struct symtab *st, double hz)
{
	memset(g, 0, sizeof *g);
	g->st = st;
	g->hz = hz;
	g->nfuncs = (uint32_t)st->n;
	/* Room for as many cycle nodes as functions: a cycle has at least two
	 * members, so there can never be more. */
	g->nodes = xcalloc((size_t)g->nfuncs * 2 + 1, sizeof *g->nodes);
	for (uint32_t i = 0; i < g->nfuncs; i++) {
		g->nodes[i].sym = &st->syms[i];
		g->nodes[i].head = i;
		g->nodes[i].next_member = CG_NONE;
	}
	g->hash_size = 1024;
	while (g->hash_size < g->nfuncs)
		g->hash_size *= 2;
	g->hash = xmalloc(g->hash_size * sizeof *g->hash);
	memset(g->hash, 0xff, g->hash_size * sizeof *g->hash);
}

void cg_free(struct cg *g)
{
	free(g->nodes);
	free(g->arcs);
	free(g->hash);
	free(g->child_start);
	free(g->child_arcs);
	free(g->parent_start);
	free(g->parent_arcs);
	free(g->order);
	memset(g, 0, sizeof *g);
}

static uint32_t arc_hash(const struct cg *g, uint32_t parent, uint32_t child)
{
	uint64_t k = ((uint64_t)parent << 32 | child) * 0x9E3779B97F4A7C15ull;
	return (uint32_t)(k >> 32) & (g->hash_size - 1);
}

uint32_t cg_arc_find(const struct cg *g, uint32_t parent, uint32_t child)
{
	uint32_t a = g->hash[arc_hash(g, parent, child)];
	while (a != CG_NONE) {
		if (g->arcs[a].parent == parent && g->arcs[a].child == child)
			return a;
		a = g->arcs[a].hnext;
	}
	return CG_NONE;
}

/* Double the bucket array when the load passes 1, rehashing in place. */
static void rehash(struct cg *g)
{
	free(g->hash);
	g->hash_size *= 2;
	g->hash = xmalloc(g->hash_size * sizeof *g->hash);
	memset(g->hash, 0xff, g->hash_size * sizeof *g->hash);
	for (uint32_t a = 0; a < g->narcs; a++) {
		uint32_t h = arc_hash(g, g->arcs[a].parent, g->arcs[a].child);
		g->arcs[a].hnext = g->hash[h];
		g->hash[h] = a;
	}
}

uint32_t cg_arc_add(struct cg *g, uint32_t parent, uint32_t child,
		    uint64_t count)
{
	uint32_t a = cg_arc_find(g, parent, child);
	if (a != CG_NONE) {
		g->arcs[a].count += count;
		return a;
	}
	if (g->narcs >= UINT32_MAX - 1)
		util_die("too many arcs");
	size_t cap = g->arcs_cap;
	util_grow((void **)&g->arcs, &cap, (size_t)g->narcs + 1, sizeof *g->arcs);
	g->arcs_cap = (uint32_t)cap;
	a = g->narcs++;
	struct cg_arc *arc = &g->arcs[a];
	memset(arc, 0, sizeof *arc);
	arc->parent = parent;
	arc->child = child;
	arc->count = count;
	if (g->narcs > g->hash_size) {
		rehash(g);
	} else {
		uint32_t h = arc_hash(g, parent, child);
		arc->hnext = g->hash[h];
		g->hash[h] = a;
	}
	g->adj_valid = 0;
	return a;
}

/* Counting sort of arc indices by one endpoint.  Children lists are
 * newest first (the order a depth-first walk visits them in), parents
 * lists oldest first. */
void cg_adjacency(struct cg *g)
{
	uint32_t n = g->nfuncs;

	if (g->adj_valid)
		return;
	free(g->child_start);
	free(g->child_arcs);
	free(g->parent_start);
	free(g->parent_arcs);
	g->child_start = xcalloc((size_t)n + 2, sizeof(uint32_t));
	g->parent_start = xcalloc((size_t)n + 2, sizeof(uint32_t));
	g->child_arcs = xmalloc(((size_t)g->narcs + 1) * sizeof(uint32_t));
	g->parent_arcs = xmalloc(((size_t)g->narcs + 1) * sizeof(uint32_t));
	for (uint32_t a = 0; a < g->narcs; a++) {
		g->child_start[g->arcs[a].parent + 1]++;
		g->parent_start[g->arcs[a].child + 1]++;
	}
	for (uint32_t i = 0; i < n; i++) {
		g->child_start[i + 1] += g->child_start[i];
		g->parent_start[i + 1] += g->parent_start[i];
	}
	/* Fill children from the back so the newest arc comes first. */
	uint32_t *fill = xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	for (uint32_t i = 0; i < n; i++)
		fill[i] = g->child_start[i + 1];
	for (uint32_t a = 0; a < g->narcs; a++) {
		uint32_t p = g->arcs[a].parent;
		g->child_arcs[--fill[p]] = a;
	}
	for (uint32_t i = 0; i < n; i++)
		fill[i] = g->parent_start[i];
	for (uint32_t a = 0; a < g->narcs; a++) {
		uint32_t c = g->arcs[a].child;
		g->parent_arcs[fill[c]++] = a;
	}
	free(fill);
	g->adj_valid = 1;
}

void cg_set_self_time(struct cg *g, uint32_t n, double ticks)
{
	struct cg_node *node = &g->nodes[n];
	g->total_time += ticks - node->self_time;
	node->self_time = ticks;
}
