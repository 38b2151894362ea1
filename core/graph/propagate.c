/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cgprop: from arcs and self times to everything the call graph prints.
 *
 * The steps follow the gprof paper (Graham, Kessler, McKusick 1982) in the
 * form GNU gprof 2.40 computes them, because byte-identical reports need
 * the same visiting orders and the same floating-point operations in the
 * same order:
 *   1. calls: every live arc adds to its callee; a self arc becomes the
 *      callee's self calls instead;
 *   2. a depth-first numbering from each function in address order,
 *      children newest arc first; reaching a function that is still on the
 *      stack merges the stack above it into one cycle;
 *   3. cycles numbered in address order of their heads, with calls from
 *      outside and inside counted on the cycle node;
 *   4. top-down (callers first): print flags and the fraction of each
 *      function's time that propagates (selection sets -f/-e/-F/-E/-n/-N);
 *   5. bottom-up: each arc carries count/calls of its callee's time, and
 *      of the time its callee got from below;
 *   6. all entries sorted for printing, indices assigned.
 * Each step is linear in nodes plus live arcs; the final orderings are
 * merge sorts. */
#include "config.h"
#include "cg.h"
#include "propint.h"
#include "sort.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define TOP_NONE 0u         /* not visited yet */
#define TOP_BUSY UINT32_MAX /* on the depth-first stack */

static int set_has(const struct cg_node *n, enum cg_set s)
{
	return (n->sets >> s) & 1;
}

static int set_active(const struct cg *g, enum cg_set s)
{
	return (g->set_active >> s) & 1;
}

static void reset_nodes(struct cg *g)
{
	for (uint32_t i = 0; i < g->nfuncs; i++) {
		struct cg_node *n = &g->nodes[i];
		n->child_time = 0;
		n->prop_fract = n->prop_self = n->prop_child = 0;
		n->ncalls = n->self_calls = 0;
		n->cycle = 0;
		n->head = i;
		n->next_member = CG_NONE;
		n->top_order = TOP_NONE;
		n->index = 0;
		n->print_flag = 0;
	}
	g->ncycles = 0;
	g->print_time = 0;
}

/* The deleted flags packed into DEAD, one pass over the arcs; returns
 * how many arcs are deleted. */
static uint32_t pack_dead(const struct cg *g, uint8_t *dead)
{
	uint32_t n = 0;
	for (uint32_t a = 0; a < g->narcs; a++)
		n += (dead[a] = g->arcs[a].deleted) != 0;
	return n;
}

/* Calls from others and self calls, each function's from its callers in
 * the adjacency (read in order: the arcs' callees are in random order).
 * A function has at most one self arc. */
static void count_calls(struct cg *g, const uint8_t *dead)
{
	for (uint32_t m = 0; m < g->nfuncs; m++) {
		uint64_t calls = 0;
		for (uint32_t k = g->parent_start[m]; k < g->parent_start[m + 1]; k++) {
			if (cg_prop_dead(dead, g->parent_arcs[k]))
				continue;
			if (g->parent_node[k] == m)
				g->nodes[m].self_calls = g->parent_count[k];
			else
				calls += g->parent_count[k];
		}
		g->nodes[m].ncalls = calls;
	}
}

/* State of the depth-first numbering.
 *
 * GNU's walk merges cycles by scanning the stack, which is quadratic on
 * big strongly connected components.  We find the same cycles in the
 * same order in near-linear time:
 *  - a node's position on the stack is kept (stackpos), so the slot a back
 *    edge closes on is found at once;
 *  - merged nodes point towards their cycle's head through head[] as a
 *    union-find forest (find_head() compresses paths) instead of every
 *    member being relabelled at each merge;
 *  - runs of stack slots already merged are kept as intervals, so a merge
 *    visits only the slots that still head themselves, in stack order.
 * tail[h] is the last member of the ring of the cycle headed by h. */
struct dfn {
	struct cg *g;
	const uint8_t *dead; /* per arc: deleted (NULL: none is) */
	uint32_t *stack;     /* functions being visited, bottom first */
	uint32_t *pos;       /* per stack slot: next child position */
	uint32_t depth;
	uint32_t counter;
	uint32_t *tail;
	uint32_t *stackpos;        /* per node: its stack slot, or CG_NONE */
	uint32_t *run_lo, *run_hi; /* merged slot intervals [lo, hi), by position */
	uint32_t nruns;
	/* Per node, compact copies of what the walk reads most (written back
	 * to the nodes at the end): union-find parent, ring, finishing order. */
	uint32_t *head, *next, *order;
	/* Kept in the model for the fast path of cg_propagate(): the arc each
	 * node was first reached by, the clock when it was pushed and when it
	 * was done (numbered: a member of a cycle only with its head). */
	uint32_t *tree_arc, *t_push, *t_done;
	uint32_t clock;
};

static uint32_t find_head(uint32_t *head, uint32_t n)
{
	while (head[n] != n) {
		uint32_t up = head[n];
		head[n] = head[up];
		n = up;
	}
	return n;
}

/* Put C (a node heading itself) at the end of HEAD's ring. */
static void dfn_glom(struct dfn *d, uint32_t head, uint32_t c)
{
	d->next[d->tail[head]] = c;
	d->tail[head] = d->tail[c];
	d->head[c] = head;
}

/* CHILD was reached while still busy: everything on the stack above the
 * slot that holds it (or, when it has been popped, the head of its
 * cycle) joins one cycle. */
static void dfn_find_cycle(struct dfn *d, uint32_t child)
{
	uint32_t slot = d->stackpos[child];

	if (slot == CG_NONE)
		slot = d->stackpos[find_head(d->head, child)];
	if (slot == CG_NONE)
		util_die("internal error: cycle head not found");
	uint32_t top = slot + 1; /* first slot to merge */
	uint32_t head = find_head(d->head, d->stack[slot]);
	if (top >= d->depth)
		return;

	/* Slots in [top, depth) not covered by a merged run still head
	 * themselves; merge them in increasing slot order. */
	uint32_t k = d->nruns;
	while (k > 0 && d->run_hi[k - 1] > top)
		k--;
	uint32_t first_run = k;
	uint32_t at = top;
	for (; k <= d->nruns; k++) {
		uint32_t lo = k < d->nruns ? d->run_lo[k] : d->depth;
		if (lo < at)
			lo = at;
		for (uint32_t i = at; i < lo; i++) {
			uint32_t c = d->stack[i];
			if (d->head[c] == c)
				dfn_glom(d, head, c);
		}
		if (k < d->nruns)
			at = d->run_hi[k] > at ? d->run_hi[k] : at;
	}
	/* [top, depth) is now one merged run, joined with a run that reaches
	 * into it from below or ends where it starts. */
	uint32_t lo = top;
	if (first_run < d->nruns && d->run_lo[first_run] < lo)
		lo = d->run_lo[first_run];
	d->nruns = first_run;
	if (d->nruns > 0 && d->run_hi[d->nruns - 1] == lo) {
		d->run_hi[d->nruns - 1] = d->depth;
	} else {
		d->run_lo[d->nruns] = lo;
		d->run_hi[d->nruns] = d->depth;
		d->nruns++;
	}
}

static void dfn_pop(struct dfn *d)
{
	d->depth--;
	d->stackpos[d->stack[d->depth]] = CG_NONE;
	if (d->nruns > 0 && d->run_hi[d->nruns - 1] > d->depth) {
		d->run_hi[d->nruns - 1] = d->depth;
		if (d->run_lo[d->nruns - 1] >= d->depth)
			d->nruns--;
	}
}

static void dfn_post(struct dfn *d, uint32_t n)
{
	if (d->head[n] == n) {
		d->counter++;
		d->clock++;
		for (uint32_t m = n; m != CG_NONE; m = d->next[m]) {
			d->order[m] = d->counter;
			d->t_done[m] = d->clock;
		}
	}
}

static void dfn_push(struct dfn *d, uint32_t n, uint32_t arc)
{
	d->order[n] = TOP_BUSY;
	d->tree_arc[n] = arc;
	d->t_push[n] = ++d->clock;
	d->stackpos[n] = d->depth;
	d->stack[d->depth] = n;
	d->pos[d->depth] = d->g->child_start[n];
	d->depth++;
}

/* Iterative depth-first walk from ROOT (recursion would overflow on long
 * call chains). */
static void dfn_walk(struct dfn *d, uint32_t root)
{
	const struct cg *g = d->g;

	if (d->order[root] != TOP_NONE)
		return;
	d->depth = 0;
	d->nruns = 0;
	dfn_push(d, root, CG_NONE);
	while (d->depth > 0) {
		uint32_t n = d->stack[d->depth - 1];
		uint32_t p = d->pos[d->depth - 1];
		if (p == g->child_start[n + 1]) {
			dfn_post(d, n);
			dfn_pop(d);
			continue;
		}
		d->pos[d->depth - 1] = p + 1;
		if (cg_prop_dead(d->dead, g->child_arcs[p]))
			continue;
		uint32_t c = g->child_node[p];
		uint32_t t = d->order[c];
		if (t == TOP_BUSY)
			dfn_find_cycle(d, c);
		else if (t == TOP_NONE)
			dfn_push(d, c, g->child_arcs[p]);
	}
}

static void number_graph(struct cg *g, const uint8_t *dead)
{
	size_t n = (size_t)g->nfuncs + 1;
	struct dfn d = { .g = g, .dead = dead };
	size_t nn = (size_t)g->nfuncs + 1;
	g->tree_arc = xrealloc(g->tree_arc, nn * sizeof(uint32_t));
	g->t_push = xrealloc(g->t_push, nn * sizeof(uint32_t));
	g->t_done = xrealloc(g->t_done, nn * sizeof(uint32_t));
	d.tree_arc = g->tree_arc;
	d.t_push = g->t_push;
	d.t_done = g->t_done;
	uint32_t *mem = xmalloc(9 * n * sizeof(uint32_t));
	d.stack = mem;
	d.pos = mem + n;
	d.tail = mem + 2 * n;
	d.stackpos = mem + 3 * n;
	d.run_lo = mem + 4 * n;
	d.run_hi = mem + 5 * n;
	d.head = mem + 6 * n;
	d.next = mem + 7 * n;
	d.order = mem + 8 * n;
	for (uint32_t i = 0; i < g->nfuncs; i++) {
		d.tail[i] = d.head[i] = i;
		d.stackpos[i] = d.next[i] = CG_NONE;
		d.order[i] = TOP_NONE;
	}
	for (uint32_t i = 0; i < g->nfuncs; i++)
		dfn_walk(&d, i);
	for (uint32_t i = 0; i < g->nfuncs; i++) {
		struct cg_node *node = &g->nodes[i];
		node->head = find_head(d.head, i);
		node->next_member = d.next[i];
		node->top_order = d.order[i];
	}
	free(mem);
}

int cg_prop_same_cycle(const struct cg *g, uint32_t p, uint32_t c)
{
	return g->nodes[p].cycle != 0 && g->nodes[p].cycle == g->nodes[c].cycle;
}

/* Make a cycle node for every head with members, in address order. */
static void link_cycles(struct cg *g, const uint8_t *dead)
{
	struct cg_node *nodes = g->nodes;
	uint32_t num = 0;

	for (uint32_t i = 0; i < g->nfuncs; i++) {
		if (nodes[i].head != i || nodes[i].next_member == CG_NONE)
			continue;
		num++;
		uint32_t cn = g->nfuncs + num - 1;
		struct cg_node *cyc = &nodes[cn];
		memset(cyc, 0, sizeof *cyc);
		cyc->print_flag = 1;
		cyc->cycle = num;
		cyc->head = cn;
		cyc->next_member = i;
		for (uint32_t m = i; m != CG_NONE; m = nodes[m].next_member) {
			nodes[m].cycle = num;
			nodes[m].head = cn;
		}
		for (uint32_t m = i; m != CG_NONE; m = nodes[m].next_member) {
			for (uint32_t k = g->parent_start[m]; k < g->parent_start[m + 1];
			     k++) {
				uint32_t pn = g->parent_node[k];
				if (cg_prop_dead(dead, g->parent_arcs[k]) || pn == m)
					continue;
				if (nodes[pn].cycle == num)
					cyc->self_calls += g->parent_count[k];
				else
					cyc->ncalls += g->parent_count[k];
			}
		}
	}
	g->ncycles = num;
}

/* Functions in increasing depth-first finishing order, stable in address
 * order among the members of a cycle (they share a number). */
static uint32_t *topo_order(const struct cg *g)
{
	uint32_t n = g->nfuncs;
	uint32_t maxo = 0;
	for (uint32_t i = 0; i < n; i++)
		if (g->nodes[i].top_order > maxo)
			maxo = g->nodes[i].top_order;
	uint32_t *cnt = xcalloc((size_t)maxo + 2, sizeof(uint32_t));
	for (uint32_t i = 0; i < n; i++)
		cnt[g->nodes[i].top_order + 1]++;
	for (uint32_t k = 0; k <= maxo; k++)
		cnt[k + 1] += cnt[k];
	uint32_t *out = xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	for (uint32_t i = 0; i < n; i++)
		out[cnt[g->nodes[i].top_order]++] = i;
	free(cnt);
	return out;
}

/* Flags and fraction of a function (or a whole cycle) from its callers,
 * which are all done since we go top-down. */
void cg_prop_inherit_flags(struct cg *g, const uint8_t *dead, uint32_t child)
{
	struct cg_node *nodes = g->nodes;
	uint32_t head = nodes[child].head;

	if (head == child) {
		struct cg_node *c = &nodes[child];
		c->print_flag = 0;
		c->prop_fract = 0;
		/* Newest arc first: the order of the sum shows in the last bit. */
		for (uint32_t k = g->parent_start[child + 1];
		     k-- > g->parent_start[child];) {
			uint32_t pn = g->parent_node[k];
			if (cg_prop_dead(dead, g->parent_arcs[k]) || pn == child)
				continue;
			const struct cg_node *p = &nodes[pn];
			c->print_flag |= p->print_flag;
			if (c->ncalls != 0)
				c->prop_fract +=
					p->prop_fract *
					((double)g->parent_count[k] / (double)c->ncalls);
		}
		return;
	}
	struct cg_node *h = &nodes[head];
	h->print_flag = 0;
	h->prop_fract = 0;
	for (uint32_t m = h->next_member; m != CG_NONE; m = nodes[m].next_member) {
		for (uint32_t k = g->parent_start[m + 1]; k-- > g->parent_start[m];) {
			uint32_t pn = g->parent_node[k];
			if (cg_prop_dead(dead, g->parent_arcs[k]) ||
			    nodes[pn].head == head)
				continue;
			const struct cg_node *p = &nodes[pn];
			h->print_flag |= p->print_flag;
			if (h->ncalls != 0)
				h->prop_fract +=
					p->prop_fract *
					((double)g->parent_count[k] / (double)h->ncalls);
		}
	}
	for (uint32_t m = h->next_member; m != CG_NONE; m = nodes[m].next_member) {
		nodes[m].print_flag = h->print_flag;
		nodes[m].prop_fract = h->prop_fract;
	}
}

/* A function's own selection sets over what it inherited. */
void cg_prop_node_sets(struct cg *g, struct cg_node *c)
{
	int incl_graph = set_active(g, CG_INCL_GRAPH);
	int incl_time = set_active(g, CG_INCL_TIME);

	if (!c->print_flag) {
		if (set_has(c, CG_INCL_GRAPH) ||
		    (!incl_graph && !set_has(c, CG_EXCL_GRAPH)))
			c->print_flag = 1;
	} else if (!set_has(c, CG_INCL_GRAPH) && set_has(c, CG_EXCL_GRAPH)) {
		c->print_flag = 0;
	}
	if (c->prop_fract == 0.0) {
		if (set_has(c, CG_INCL_TIME) || (!incl_time && !set_has(c, CG_EXCL_TIME)))
			c->prop_fract = 1.0;
	} else if (!set_has(c, CG_INCL_TIME) && set_has(c, CG_EXCL_TIME)) {
		c->prop_fract = 0.0;
	}
	c->prop_self = c->self_time * c->prop_fract;
}

static void propagate_flags(struct cg *g, const uint8_t *dead, const uint32_t *topo)
{
	struct cg_node *nodes = g->nodes;
	uint32_t old_head = CG_NONE;

	for (uint32_t k = g->nfuncs; k-- > 0;) {
		uint32_t i = topo[k];
		struct cg_node *c = &nodes[i];
		if (c->head != old_head) {
			old_head = c->head;
			cg_prop_inherit_flags(g, dead, i);
		}
		cg_prop_node_sets(g, c);
		g->print_time += c->prop_self;
	}
}

/* A cycle's self time is its members' (those whose time propagates). */
void cg_prop_cycle_times(struct cg *g)
{
	struct cg_node *nodes = g->nodes;
	for (uint32_t k = 0; k < g->ncycles; k++) {
		struct cg_node *cyc = &nodes[g->nfuncs + k];
		cyc->self_time = 0;
		for (uint32_t m = cyc->next_member; m != CG_NONE;
		     m = nodes[m].next_member) {
			if (nodes[m].prop_fract == 0.0)
				continue;
			cyc->self_time += nodes[m].self_time;
		}
		cyc->prop_self = cyc->prop_fract * cyc->self_time;
	}
}

void cg_prop_time(struct cg *g, const uint8_t *dead, uint32_t parent)
{
	struct cg_node *nodes = g->nodes;
	struct cg_node *p = &nodes[parent];
	uint32_t k0 = g->child_start[parent], k1 = g->child_start[parent + 1];

	if (p->prop_fract == 0.0) {
		for (uint32_t k = k0; k < k1; k++)
			g->arcs[g->child_arcs[k]].time =
				g->arcs[g->child_arcs[k]].child_time = 0;
		return;
	}
	for (uint32_t k = k0; k < k1; k++) {
		uint32_t child = g->child_node[k];
		struct cg_arc *arc = &g->arcs[g->child_arcs[k]];
		arc->time = arc->child_time = 0;
		if (cg_prop_dead(dead, g->child_arcs[k]) || child == parent ||
		    nodes[child].prop_fract == 0.0)
			continue;
		if (arc->count == 0)
			continue;
		if (nodes[child].head != child) {
			if (p->cycle == nodes[child].cycle)
				continue;
			child = nodes[child].head;
		} else if (p->top_order <= nodes[child].top_order) {
			continue; /* cannot happen on a consistent numbering */
		}
		const struct cg_node *c = &nodes[child];
		if (c->ncalls == 0)
			continue;
		arc->time = c->self_time * ((double)arc->count / (double)c->ncalls);
		arc->child_time =
			c->child_time * ((double)arc->count / (double)c->ncalls);
		double share = arc->time + arc->child_time;
		p->child_time += share;
		double prop_share = p->prop_fract * share;
		if (p->head != parent) {
			struct cg_node *h = &nodes[p->head];
			h->child_time += share;
			h->prop_child += prop_share;
		}
		arc->time *= p->prop_fract;
		arc->child_time *= p->prop_fract;
		p->prop_child += prop_share;
	}
}

/* What the numbering left: times, flags and the order from scratch. */
void cg_prop_finish(struct cg *g)
{
	for (uint32_t i = 0; i < g->nfuncs; i++) {
		struct cg_node *n = &g->nodes[i];
		n->child_time = 0;
		n->prop_fract = n->prop_self = n->prop_child = 0;
		n->index = 0;
		n->print_flag = 0;
	}
	for (uint32_t k = 0; k < g->ncycles; k++) {
		struct cg_node *cyc = &g->nodes[g->nfuncs + k];
		cyc->child_time = cyc->prop_child = 0;
	}
	g->print_time = 0;
	/* the arcs' times: each set by cg_prop_time(), 0 when it carries none */
	/* no arc deleted (the browser's start): no flag to read */
	const uint8_t *dead = NULL;
	for (uint32_t a = 0; a < g->narcs && !dead; a++)
		if (g->dead[a])
			dead = g->dead;
	propagate_flags(g, dead, g->topo);
	cg_prop_cycle_times(g);
	for (uint32_t k = 0; k < g->nfuncs; k++)
		cg_prop_time(g, dead, g->topo[k]);
	cg_prop_sort(g);
}

void cg_prop_full(struct cg *g)
{
	cg_adjacency(g);
	reset_nodes(g);
	/* The deleted flags, packed: the walks test them in random order.
	 * Kept: the next propagation compares them with the arcs. */
	g->dead = xrealloc(g->dead, (size_t)g->narcs + 1);
	const uint8_t *dead = pack_dead(g, g->dead) ? g->dead : NULL;
	count_calls(g, dead);
	number_graph(g, dead);
	link_cycles(g, dead);
	free(g->topo);
	g->topo = topo_order(g);
	g->prop_narcs = g->narcs;
	g->prop_valid = 1;
	cg_prop_finish(g);
}
