/* SPDX-License-Identifier: GPL-3.0-or-later */
/* propfast: cg_propagate(), which re-propagates only what changed when it
 * can, and falls back to cg_propagate_full() when it cannot.
 *
 * Deleting or restoring an arc usually leaves the depth-first numbering
 * as it was (see keeps_numbering()); then the calls are adjusted and the
 * cycles kept.  When, in addition, no self time and no selection changed,
 * flags and times are recomputed only for the units (a function, or a
 * whole cycle) they can reach: flags downwards from the callees of the
 * toggled arcs, callers first; times upwards from their callers, callees
 * first, a unit's callers queued only when what they read of it changed.
 * Each unit is recomputed by the same code and in the same order of
 * operations as the full propagation, so every number is the same to the
 * last bit (tests/unit/test_propfast.c compares them). */
#include "config.h"
#include "cg.h"
#include "propint.h"
#include "sort.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* Whether toggling arc A (dead[A] is its old state) leaves the numbering
 * as it was: the depth-first walk (same cycles, rings and finishing
 * numbers) is the same when the arc's scan is a no-op.  A self arc never
 * moves the walk.  A deleted arc was a no-op when it did not reach its
 * callee first (not a tree arc) and did not close a cycle (ends in two
 * different cycles).  A restored arc is one when its callee was finished
 * (numbered, its whole cycle closed) before its caller was even
 * reached. */
static int keeps_numbering(const struct cg *g, uint32_t a)
{
	const struct cg_arc *arc = &g->arcs[a];
	uint32_t p = arc->parent, c = arc->child;
	if (p == c)
		return 1;
	if (arc->deleted)
		return g->tree_arc[c] != a && !cg_prop_same_cycle(g, p, c);
	return g->t_done[c] < g->t_push[p];
}

/* The calls a toggled arc A changes, with the numbering kept. */
static void toggle_calls(struct cg *g, uint32_t a)
{
	const struct cg_arc *arc = &g->arcs[a];
	struct cg_node *c = &g->nodes[arc->child];
	int on = !arc->deleted;
	if (arc->parent == arc->child) {
		c->self_calls = on ? arc->count : 0;
		return;
	}
	if (on)
		c->ncalls += arc->count;
	else
		c->ncalls -= arc->count;
	if (c->cycle == 0)
		return;
	struct cg_node *cyc = &g->nodes[c->head];
	uint64_t *calls = cg_prop_same_cycle(g, arc->parent, arc->child)
				  ? &cyc->self_calls
				  : &cyc->ncalls;
	if (on)
		*calls += arc->count;
	else
		*calls -= arc->count;
}

/* ---- units and a queue of them ordered by finishing number ---- */

struct work {
	struct cg *g;
	uint32_t *heap, nheap;
	uint8_t *queued; /* per node, cycles included */
	uint32_t *seen, nseen;
	int down; /* pop the highest number first (callers before callees) */
	uint32_t *mem, nmem, cap; /* the members of the unit at hand */
};

static uint32_t key(const struct cg *g, uint32_t u)
{
	return u < g->nfuncs ? g->nodes[u].top_order
			     : g->nodes[g->nodes[u].next_member].top_order;
}

static int before(const struct work *w, uint32_t x, uint32_t y)
{
	uint32_t kx = key(w->g, x), ky = key(w->g, y);
	return w->down ? kx > ky : kx < ky;
}

static void push(struct work *w, uint32_t u)
{
	if (w->queued[u])
		return;
	w->queued[u] = 1;
	w->seen[w->nseen++] = u;
	uint32_t i = w->nheap++;
	while (i > 0 && before(w, u, w->heap[(i - 1) / 2])) {
		w->heap[i] = w->heap[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	w->heap[i] = u;
}

static uint32_t pop(struct work *w)
{
	uint32_t top = w->heap[0], last = w->heap[--w->nheap], i = 0;
	for (;;) {
		uint32_t c = 2 * i + 1;
		if (c >= w->nheap)
			break;
		if (c + 1 < w->nheap && before(w, w->heap[c + 1], w->heap[c]))
			c++;
		if (!before(w, w->heap[c], last))
			break;
		w->heap[i] = w->heap[c];
		i = c;
	}
	if (w->nheap > 0)
		w->heap[i] = last;
	return top;
}

/* Empty the queue's marks for the next phase. */
static void reset(struct work *w, int down)
{
	for (uint32_t i = 0; i < w->nseen; i++)
		w->queued[w->seen[i]] = 0;
	w->nseen = w->nheap = 0;
	w->down = down;
}

/* The functions of unit U in address order (the full propagation's order
 * among the members of a cycle), in w->mem. */
static void members(struct work *w, uint32_t u)
{
	const struct cg *g = w->g;
	w->nmem = 0;
	if (u < g->nfuncs) {
		w->mem[w->nmem++] = u;
		return;
	}
	for (uint32_t m = g->nodes[u].next_member; m != CG_NONE;
	     m = g->nodes[m].next_member)
		w->mem[w->nmem++] = m;
	qsort(w->mem, w->nmem, sizeof *w->mem, util_qcmp_u32);
}

/* Queue the units that call unit U (live arcs from outside it). */
static void push_callers(struct work *w, uint32_t u)
{
	const struct cg *g = w->g;
	for (uint32_t i = 0; i < w->nmem; i++) {
		uint32_t m = w->mem[i];
		for (uint32_t k = g->parent_start[m]; k < g->parent_start[m + 1]; k++) {
			uint32_t pu = g->nodes[g->parent_node[k]].head;
			if (!g->dead[g->parent_arcs[k]] && pu != u)
				push(w, pu);
		}
	}
}

static void push_callees(struct work *w, uint32_t u)
{
	const struct cg *g = w->g;
	for (uint32_t i = 0; i < w->nmem; i++) {
		uint32_t m = w->mem[i];
		for (uint32_t k = g->child_start[m]; k < g->child_start[m + 1]; k++) {
			uint32_t cu = g->nodes[g->child_node[k]].head;
			if (!g->dead[g->child_arcs[k]] && cu != u)
				push(w, cu);
		}
	}
}

static int same(double a, double b)
{
	return memcmp(&a, &b, sizeof a) == 0;
}

/* Flags of unit U again; whether any of its functions' changed. */
static int redo_flags(struct work *w, uint32_t u)
{
	struct cg *g = w->g;
	int changed = 0;
	members(w, u);
	uint8_t *pf = xmalloc(w->nmem + 1);
	double *fr = xmalloc((w->nmem + 1) * sizeof *fr);
	for (uint32_t i = 0; i < w->nmem; i++) {
		pf[i] = g->nodes[w->mem[i]].print_flag;
		fr[i] = g->nodes[w->mem[i]].prop_fract;
	}
	cg_prop_inherit_flags(g, g->dead, w->mem[0]);
	for (uint32_t i = 0; i < w->nmem; i++) {
		struct cg_node *n = &g->nodes[w->mem[i]];
		cg_prop_node_sets(g, n);
		changed |= pf[i] != n->print_flag || !same(fr[i], n->prop_fract);
	}
	free(pf);
	free(fr);
	return changed;
}

/* Times of unit U again; whether what its callers read of it changed. */
static int redo_time(struct work *w, uint32_t u)
{
	struct cg *g = w->g;
	struct cg_node *un = &g->nodes[u];
	double was = un->child_time;
	members(w, u);
	for (uint32_t i = 0; i < w->nmem; i++) {
		uint32_t m = w->mem[i];
		g->nodes[m].child_time = g->nodes[m].prop_child = 0;
	}
	if (u >= g->nfuncs)
		un->child_time = un->prop_child = 0;
	for (uint32_t i = 0; i < w->nmem; i++)
		cg_prop_time(g, g->dead, w->mem[i]);
	return !same(was, un->child_time);
}

/* Flags and times again for what the toggled arcs T[0..N) reach. */
static void finish_part(struct cg *g, const uint32_t *t, uint32_t n)
{
	uint32_t nn = g->nfuncs + g->ncycles;
	struct work w = { .g = g };
	w.heap = xmalloc(((size_t)nn + 1) * sizeof *w.heap);
	w.seen = xmalloc(((size_t)nn + 1) * sizeof *w.seen);
	w.mem = xmalloc(((size_t)g->nfuncs + 1) * sizeof *w.mem);
	w.queued = xcalloc((size_t)nn + 1, 1);
	uint8_t *fchanged = xcalloc((size_t)nn + 1, 1);

	/* Flags, callers first, from the callees of the toggled arcs. */
	reset(&w, 1);
	for (uint32_t i = 0; i < n; i++)
		push(&w, g->nodes[g->arcs[t[i]].child].head);
	while (w.nheap > 0) {
		uint32_t u = pop(&w);
		if (redo_flags(&w, u)) {
			fchanged[u] = 1;
			push_callees(&w, u);
		}
	}
	uint32_t nf = w.nseen;
	uint32_t *flagged = xmalloc(((size_t)nf + 1) * sizeof *flagged);
	memcpy(flagged, w.seen, nf * sizeof *flagged);
	g->print_time = 0;
	for (uint32_t k = g->nfuncs; k-- > 0;)
		g->print_time += g->nodes[g->topo[k]].prop_self;
	cg_prop_cycle_times(g);

	/* Times, callees first, from the callers of the toggled arcs and of
	 * whatever changed that a caller reads: calls and fractions (a cycle's
	 * self time changes only with a member's fraction). */
	reset(&w, 0);
	for (uint32_t i = 0; i < n; i++) {
		uint32_t c = g->nodes[g->arcs[t[i]].child].head;
		push(&w, g->nodes[g->arcs[t[i]].parent].head);
		members(&w, c);
		push_callers(&w, c);
	}
	for (uint32_t i = 0; i < nf; i++) {
		uint32_t u = flagged[i];
		if (!fchanged[u])
			continue;
		push(&w, u);
		members(&w, u);
		push_callers(&w, u);
	}
	while (w.nheap > 0) {
		uint32_t u = pop(&w);
		if (redo_time(&w, u))
			push_callers(&w, u);
	}
	reset(&w, 0);
	free(flagged);
	free(fchanged);
	free(w.heap);
	free(w.seen);
	free(w.mem);
	free(w.queued);
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return a < b ? -1 : a > b;
}

/* Whether two cycles have the same time: then the full sort's order
 * between them depends on the sort's steps, and only it can tell. */
static int cycle_ties(const struct cg *g)
{
	double *t = xmalloc(((size_t)g->ncycles + 1) * sizeof *t);
	for (uint32_t k = 0; k < g->ncycles; k++) {
		const struct cg_node *c = &g->nodes[g->nfuncs + k];
		t[k] = c->prop_self + c->prop_child;
	}
	qsort(t, g->ncycles, sizeof *t, cmp_double);
	int tie = 0;
	for (uint32_t k = 1; k < g->ncycles && !tie; k++)
		tie = t[k] == t[k - 1];
	free(t);
	return tie;
}

/* The print order again when only the nodes whose time or calls differ
 * from TOT and CALLS (as they were) can move: the others keep their
 * order; the moved ones are sorted apart (stable, from address order) and
 * merged in, ties going to the lower node as the full stable sort does. */
static void sort_part(struct cg *g, const double *tot, const uint64_t *calls)
{
	uint32_t n = g->norder, nl = 0, nc = 0;
	if (cycle_ties(g)) {
		cg_prop_sort(g);
		return;
	}
	uint32_t *moved = xmalloc(((size_t)n + 1) * sizeof *moved);
	uint8_t *is_moved = xcalloc((size_t)n + 1, 1);
	for (uint32_t i = 0; i < n; i++) {
		const struct cg_node *x = &g->nodes[i];
		if (!same(tot[i], x->prop_self + x->prop_child) ||
		    calls[i] != x->ncalls) {
			is_moved[i] = 1;
			moved[nc++] = i;
		}
	}
	if (nc == 0) {
		free(moved);
		free(is_moved);
		return;
	}
	uint32_t *kept = xmalloc(((size_t)n + 1) * sizeof *kept);
	for (uint32_t i = 0; i < n; i++)
		if (!is_moved[g->order[i]])
			kept[nl++] = g->order[i];
	util_msort_u32(moved, nc, cg_prop_cmp, g);
	uint32_t i = 0, j = 0, k = 0;
	while (i < nl || j < nc) {
		int take_moved;
		if (i == nl)
			take_moved = 1;
		else if (j == nc)
			take_moved = 0;
		else {
			int c = cg_prop_cmp(g, moved[j], kept[i]);
			take_moved = c < 0 || (c == 0 && moved[j] < kept[i]);
		}
		g->order[k++] = take_moved ? moved[j++] : kept[i++];
	}
	for (k = 0; k < n; k++)
		g->nodes[g->order[k]].index = k + 1;
	free(moved);
	free(kept);
	free(is_moved);
}

/* Self times and selections as propagated, to tell whether they changed. */
static void remember(struct cg *g)
{
	g->was_self =
		xrealloc(g->was_self, ((size_t)g->nfuncs + 1) * sizeof *g->was_self);
	g->was_sets = xrealloc(g->was_sets, (size_t)g->nfuncs + 1);
	for (uint32_t i = 0; i < g->nfuncs; i++) {
		g->was_self[i] = g->nodes[i].self_time;
		g->was_sets[i] = g->nodes[i].sets;
	}
	g->was_active = g->set_active;
}

static int inputs_changed(const struct cg *g)
{
	if (g->was_active != g->set_active)
		return 1;
	for (uint32_t i = 0; i < g->nfuncs; i++)
		if (!same(g->was_self[i], g->nodes[i].self_time) ||
		    g->was_sets[i] != g->nodes[i].sets)
			return 1;
	return 0;
}

void cg_propagate_full(struct cg *g)
{
	cg_prop_full(g);
	remember(g);
}

/* The arcs toggled since the last propagation, in increasing order, into
 * *T: those of HINT (NHINT of them) when given, else every arc's flag
 * compared.  Returns how many, or -1 when one of them moves the
 * numbering (then a full propagation is needed). */
static long toggled(const struct cg *g, const uint32_t *hint, size_t nhint, uint32_t **t)
{
	uint32_t n = 0;
	if (hint) {
		*t = xmalloc((nhint + 1) * sizeof **t);
		for (size_t i = 0; i < nhint; i++)
			if (hint[i] < g->narcs &&
			    g->dead[hint[i]] != g->arcs[hint[i]].deleted)
				(*t)[n++] = hint[i];
		qsort(*t, n, sizeof **t, util_qcmp_u32);
		uint32_t m = 0;
		for (uint32_t i = 0; i < n; i++)
			if (m == 0 || (*t)[m - 1] != (*t)[i])
				(*t)[m++] = (*t)[i];
		n = m;
		for (uint32_t i = 0; i < n; i++)
			if (!keeps_numbering(g, (*t)[i]))
				return -1;
		return n;
	}
	uint32_t cap = 16;
	*t = xmalloc(cap * sizeof **t);
	for (uint32_t a = 0; a < g->narcs; a++) {
		if (g->dead[a] == g->arcs[a].deleted)
			continue;
		if (!keeps_numbering(g, a))
			return -1;
		if (n == cap)
			*t = xrealloc(*t, (cap *= 2) * sizeof **t);
		(*t)[n++] = a;
	}
	return n;
}

static void propagate(struct cg *g, const uint32_t *hint, size_t nhint)
{
	if (!g->prop_valid || !g->adj_valid || g->prop_narcs != g->narcs) {
		cg_propagate_full(g);
		return;
	}
	uint32_t *t;
	long got = toggled(g, hint, nhint, &t);
	if (got < 0) {
		free(t);
		cg_propagate_full(g);
		return;
	}
	uint32_t n = (uint32_t)got;
	/* Only arcs changed: the times and calls as they were tell which
	 * nodes can move in the print order. */
	int part = !inputs_changed(g);
	uint32_t nn = g->norder;
	double *tot = NULL;
	uint64_t *calls = NULL;
	if (part) {
		tot = xmalloc(((size_t)nn + 1) * sizeof *tot);
		calls = xmalloc(((size_t)nn + 1) * sizeof *calls);
		for (uint32_t i = 0; i < nn; i++) {
			tot[i] = g->nodes[i].prop_self + g->nodes[i].prop_child;
			calls[i] = g->nodes[i].ncalls;
		}
	}
	uint32_t nt = 0; /* the toggled arcs that can move a time */
	for (uint32_t i = 0; i < n; i++) {
		toggle_calls(g, t[i]);
		g->dead[t[i]] = g->arcs[t[i]].deleted;
		if (g->arcs[t[i]].parent != g->arcs[t[i]].child)
			t[nt++] = t[i];
	}
	g->prop_fast++;
	if (part) {
		finish_part(g, t, nt);
		sort_part(g, tot, calls);
	} else {
		cg_prop_finish(g);
		remember(g);
	}
	free(tot);
	free(calls);
	free(t);
}

void cg_propagate(struct cg *g)
{
	propagate(g, NULL, 0);
}

void cg_propagate_arcs(struct cg *g, const uint32_t *arcs, size_t n)
{
	static const uint32_t none[1] = { 0 };
	propagate(g, arcs ? arcs : none, arcs ? n : 0);
}
