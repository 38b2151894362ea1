/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg: arcs, adjacency, and the model's life cycle.  The graph walks
 * (numbering, cycles, propagation, ordering) are in cgprop.c. */
#include "config.h"
#include "cg.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static void hash_alloc(struct cg *g, uint32_t size);

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
	uint32_t size = 1024;
	while (size < g->nfuncs * 2)
		size *= 2;
	hash_alloc(g, size);
}

static void free_adjacency(struct cg *g)
{
	free(g->child_start);
	free(g->parent_start);
	free(g->parent_count); /* the block of the per-arc arrays */
}

void cg_free(struct cg *g)
{
	free(g->nodes);
	free(g->arcs);
	free(g->hash);
	free_adjacency(g);
	free(g->order);
	free(g->dead);
	free(g->topo);
	free(g->tree_arc);
	free(g->t_push);
	free(g->t_done);
	free(g->was_self);
	free(g->was_sets);
	memset(g, 0, sizeof *g);
}

static uint32_t arc_hash(const struct cg *g, uint32_t parent, uint32_t child)
{
	uint64_t k = ((uint64_t)parent << 32 | child) * 0x9E3779B97F4A7C15ull;
	return (uint32_t)(k >> 32) & (g->hash_size - 1);
}

static void hash_alloc(struct cg *g, uint32_t size)
{
	g->hash_size = size;
	g->hash = xmalloc((size_t)size * sizeof *g->hash);
	for (uint32_t i = 0; i < size; i++)
		g->hash[i].arc = CG_NONE;
}

/* The slot holding (PARENT, CHILD), or the empty slot where it belongs. */
static struct cg_hslot *hash_slot(const struct cg *g, uint32_t parent, uint32_t child)
{
	uint32_t mask = g->hash_size - 1;
	for (uint32_t h = arc_hash(g, parent, child);; h = (h + 1) & mask) {
		struct cg_hslot *s = &g->hash[h];
		if (s->arc == CG_NONE || (s->parent == parent && s->child == child))
			return s;
	}
}

void cg_arc_prefetch(const struct cg *g, uint32_t parent, uint32_t child)
{
#if defined(__GNUC__)
	__builtin_prefetch(&g->hash[arc_hash(g, parent, child)]);
#else
	(void)g, (void)parent, (void)child;
#endif
}

static void prefetch_write(void *p)
{
#if defined(__GNUC__)
	__builtin_prefetch(p, 1);
#else
	(void)p;
#endif
}

uint32_t cg_arc_find(const struct cg *g, uint32_t parent, uint32_t child)
{
	return hash_slot(g, parent, child)->arc;
}

/* Keep the table at most half full. */
static void rehash(struct cg *g, uint32_t size)
{
	struct cg_hslot *old = g->hash;
	uint32_t old_size = g->hash_size;
	hash_alloc(g, size);
	for (uint32_t i = 0; i < old_size; i++)
		if (old[i].arc != CG_NONE)
			*hash_slot(g, old[i].parent, old[i].child) = old[i];
	free(old);
}

void cg_arc_reserve(struct cg *g, size_t n)
{
	if (n > UINT32_MAX / 4)
		n = UINT32_MAX / 4;
	if (n > g->arcs_cap) {
		g->arcs = xrealloc(g->arcs, n * sizeof *g->arcs);
		g->arcs_cap = (uint32_t)n;
	}
	uint32_t size = g->hash_size;
	while ((uint64_t)size < 2 * (uint64_t)n + 2)
		size *= 2;
	if (size > g->hash_size)
		rehash(g, size);
}

uint32_t cg_arc_add(struct cg *g, uint32_t parent, uint32_t child, uint64_t count)
{
	struct cg_hslot *s = hash_slot(g, parent, child);
	if (s->arc != CG_NONE) {
		g->arcs[s->arc].count += count;
		g->adj_valid = 0; /* parent_count changed */
		return s->arc;
	}
	if (g->narcs >= UINT32_MAX / 4)
		util_die("too many arcs");
	size_t cap = g->arcs_cap;
	util_grow((void **)&g->arcs, &cap, (size_t)g->narcs + 1, sizeof *g->arcs);
	g->arcs_cap = (uint32_t)cap;
	uint32_t a = g->narcs++;
	struct cg_arc *arc = &g->arcs[a];
	memset(arc, 0, sizeof *arc);
	arc->parent = parent;
	arc->child = child;
	arc->count = count;
	s->parent = parent;
	s->child = child;
	s->arc = a;
	if ((uint64_t)g->narcs * 2 > g->hash_size)
		rehash(g, g->hash_size * 2);
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
	free_adjacency(g);
	/* The per-arc arrays in one block: a large one is mapped in huge
	 * pages (xmalloc), five separate ones of a large profile were some
	 * 3,000 page faults. */
	size_t na = (size_t)g->narcs + 1;
	g->parent_count = xmalloc(na * (sizeof(uint64_t) + 4 * sizeof(uint32_t)));
	g->child_node = (uint32_t *)(g->parent_count + na);
	g->parent_node = g->child_node + na;
	g->child_arcs = g->parent_node + na;
	g->parent_arcs = g->child_arcs + na;
	g->child_start = xcalloc((size_t)n + 2, sizeof(uint32_t));
	g->parent_start = xcalloc((size_t)n + 2, sizeof(uint32_t));
	for (uint32_t a = 0; a < g->narcs; a++) {
		g->child_start[g->arcs[a].parent + 1]++;
		g->parent_start[g->arcs[a].child + 1]++;
	}
	for (uint32_t i = 0; i < n; i++) {
		g->child_start[i + 1] += g->child_start[i];
		g->parent_start[i + 1] += g->parent_start[i];
	}
	/* Fill children from the back so the newest arc comes first,
	 * parents from the front; both in one pass over the arcs. */
	uint32_t *fill = xmalloc(2 * ((size_t)n + 1) * sizeof(uint32_t));
	uint32_t *pfill = fill + n + 1;
	for (uint32_t i = 0; i < n; i++) {
		fill[i] = g->child_start[i + 1];
		pfill[i] = g->parent_start[i];
	}
	/* The callers' lists are written in the callees' order, random: the
	 * slots of the arc AHEAD places on are fetched first (on the bench's
	 * 682,547 arcs this pass took 12 ms, now 10). */
	enum { AHEAD = 16 };
	for (uint32_t a = 0; a < g->narcs; a++) {
		const struct cg_arc *arc = &g->arcs[a];
		if (a + AHEAD < g->narcs) {
			uint32_t f = pfill[g->arcs[a + AHEAD].child];
			prefetch_write(&g->parent_arcs[f]);
			prefetch_write(&g->parent_node[f]);
			prefetch_write(&g->parent_count[f]);
		}
		uint32_t k = --fill[arc->parent];
		g->child_arcs[k] = a;
		g->child_node[k] = arc->child;
		k = pfill[arc->child]++;
		g->parent_arcs[k] = a;
		g->parent_node[k] = arc->parent;
		g->parent_count[k] = arc->count;
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
