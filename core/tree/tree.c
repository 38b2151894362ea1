/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tree: paths through the propagated call graph (see tree.h).
 *
 * The weights follow cg_propagate() step by step.  A function or cycle H
 * whose time counts (prop_fract pf(H) > 0) takes, from a caller P outside
 * it whose time counts, the share count/ncalls(H) of its time, scaled by
 * pf(P); an arc into a member whose time is held back carries nothing.
 * cg_propagate() makes pf(H) the sum of the shares callers take, so below
 * a row of weight w the callee H gets w * count/ncalls(H), and over all
 * paths the weights of H add up to pf(H) once the top rows
 * (tree_top_weight()) hold what no caller takes: then the times add up to
 * H's call-graph line.
 */
#include "config.h"
#include "tree.h"
#include "rows.h"
#include "sort.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double node_total(const struct cg *g, uint32_t n)
{
	return g->nodes[n].self_time + g->nodes[n].child_time;
}

static int arc_dead(const struct cg *g, uint32_t arc)
{
	return g->arcs[arc].deleted || g->arcs[arc].count == 0;
}

/* The first member of H's ring (H itself for a function). */
static uint32_t first_member(const struct cg *g, uint32_t h)
{
	return cg_is_cycle(g, h) ? g->nodes[h].next_member : h;
}

static uint32_t next_member(const struct cg *g, uint32_t h, uint32_t m)
{
	return cg_is_cycle(g, h) ? g->nodes[m].next_member : CG_NONE;
}

/* Whether arc K of the parent arrays carries time into M: live, with
 * calls, from a caller outside M's cycle whose time counts, into a
 * function whose time counts. */
static int carries(const struct cg *g, uint32_t k, uint32_t m)
{
	uint32_t p = g->parent_node[k];
	return p != m && g->nodes[p].head != g->nodes[m].head &&
	       !arc_dead(g, g->parent_arcs[k]) && g->nodes[p].prop_fract != 0.0 &&
	       g->nodes[m].prop_fract != 0.0;
}

double tree_top_weight(const struct cg *g, uint32_t h)
{
	const struct cg_node *s = &g->nodes[h];

	if (!cg_is_cycle(g, h)) {
		if (s->head != h || s->prop_fract == 0.0 || s->sym->is_excluded)
			return 0;
		for (uint32_t k = g->parent_start[h]; k < g->parent_start[h + 1]; k++)
			if (carries(g, k, h))
				return 0;
		return s->prop_fract;
	}
	if (s->prop_fract == 0.0) {
		/* no caller's time reaches the cycle: its members' time is
		 * its own (each counted whole, as cg_propagate() does) */
		for (uint32_t m = s->next_member; m != CG_NONE;
		     m = g->nodes[m].next_member)
			if (g->nodes[m].prop_fract != 0.0)
				return 1;
		return 0;
	}
	/* calls into members whose time is held back count in the cycle's
	 * fraction but carry no time: that part is the cycle's own */
	double w = 0;
	for (uint32_t m = s->next_member; m != CG_NONE; m = g->nodes[m].next_member) {
		if (g->nodes[m].prop_fract != 0.0)
			continue;
		for (uint32_t k = g->parent_start[m]; k < g->parent_start[m + 1]; k++) {
			uint32_t p = g->parent_node[k];
			if (g->nodes[p].head == h || arc_dead(g, g->parent_arcs[k]) ||
			    g->nodes[p].prop_fract == 0.0)
				continue;
			w += g->nodes[p].prop_fract *
			     ((double)g->parent_count[k] / (double)s->ncalls);
		}
	}
	return w;
}

/* Whether H calls out of itself through a live arc. */
static int calls_out(const struct cg *g, uint32_t h)
{
	for (uint32_t m = first_member(g, h); m != CG_NONE; m = next_member(g, h, m))
		for (uint32_t k = g->child_start[m]; k < g->child_start[m + 1]; k++) {
			uint32_t c = g->child_node[k];
			if (c != m && g->nodes[c].head != h &&
			    !arc_dead(g, g->child_arcs[k]))
				return 1;
		}
	return 0;
}

static void fill_times(const struct tree *t, struct tree_row *r)
{
	uint32_t n = t->dir == TREE_DOWN ? r->node : t->focus;
	r->self = r->weight * t->g->nodes[n].self_time;
	r->total = r->weight * node_total(t->g, n);
}

static int cmp_rows(const void *a, const void *b, void *ctx)
{
	const struct tree_row *x = a, *y = b;
	const struct cg *g = ctx;

	if (x->total != y->total)
		return x->total > y->total ? -1 : 1;
	if (x->calls != y->calls)
		return x->calls > y->calls ? -1 : 1;
	int cx = cg_is_cycle(g, x->node), cy = cg_is_cycle(g, y->node);
	if (cx != cy)
		return cx ? -1 : 1;
	if (!cx) {
		int c = strcmp(g->nodes[x->node].sym->dname,
			       g->nodes[y->node].sym->dname);
		if (c)
			return c;
	}
	return x->node < y->node ? -1 : x->node > y->node;
}

static void grow_rows(struct tree *t, size_t need)
{
	util_grow((void **)&t->rows, &t->cap, need, sizeof *t->rows);
}

static struct tree_row *buf_add(struct tree *t, size_t *n)
{
	util_grow((void **)&t->buf, &t->bufcap, *n + 1, sizeof *t->buf);
	struct tree_row *r = &t->buf[(*n)++];
	memset(r, 0, sizeof *r);
	r->child = TREE_NONE;
	return r;
}

/* A new stamp for the per-node scratch marks. */
static uint32_t next_stamp(struct tree *t)
{
	if (++t->stampval == UINT32_MAX) {
		size_t n = (size_t)t->g->nfuncs + t->g->ncycles;
		memset(t->stamp, 0, n * sizeof *t->stamp);
		t->stampval = 1;
	}
	return t->stampval;
}

void tree_open(struct tree *t, const struct cg *g, enum tree_dir dir, uint32_t focus)
{
	size_t nn = (size_t)g->nfuncs + g->ncycles;
	size_t n = 0;

	memset(t, 0, sizeof *t);
	t->g = g;
	t->dir = dir;
	t->focus = focus;
	t->whole = g->print_time;
	t->slot = xmalloc((nn + 1) * sizeof *t->slot);
	t->stamp = xcalloc(nn + 1, sizeof *t->stamp);
	if (dir == TREE_UP) {
		if (focus < nn) {
			struct tree_row *r = buf_add(t, &n);
			r->node = focus;
			r->weight = g->nodes[focus].prop_fract;
			if (r->weight == 0.0 && cg_is_cycle(g, focus))
				r->weight = tree_top_weight(g, focus);
			r->calls = g->nodes[focus].ncalls;
		}
	} else {
		for (uint32_t h = 0; h < nn; h++) {
			double w = tree_top_weight(g, h);
			if (w == 0.0 || (node_total(g, h) == 0.0 && !calls_out(g, h)))
				continue;
			struct tree_row *r = buf_add(t, &n);
			r->node = h;
			r->weight = w;
			r->calls = g->nodes[h].ncalls;
		}
	}
	for (size_t i = 0; i < n; i++) {
		t->buf[i].parent = TREE_NONE;
		t->buf[i].kind = TREE_TOP;
		fill_times(t, &t->buf[i]);
	}
	util_qsort_r(t->buf, n, sizeof *t->buf, cmp_rows, (void *)g);
	grow_rows(t, n + 1);
	if (n)
		memcpy(t->rows, t->buf, n * sizeof *t->rows);
	t->nrows = t->nroots = (uint32_t)n;
}

void tree_close(struct tree *t)
{
	free(t->rows);
	free(t->slot);
	free(t->stamp);
	free(t->buf);
	memset(t, 0, sizeof *t);
}

/* Add COUNT calls to NODE's entry in the children being gathered (SEEN
 * marks the nodes that have one). */
static void gather(struct tree *t, size_t *n, uint32_t seen, uint32_t node,
		   uint64_t count)
{
	if (t->stamp[node] == seen) {
		t->buf[t->slot[node]].calls += count;
		return;
	}
	t->stamp[node] = seen;
	t->slot[node] = (uint32_t)*n;
	struct tree_row *r = buf_add(t, n);
	r->node = node;
	r->kind = TREE_CALL;
	r->calls = count;
}

/* Top-down: the callees of row R (function V) outside V's cycle, by their
 * head; or, for a cycle, its members. */
static size_t children_down(struct tree *t, const struct tree_row *r)
{
	const struct cg *g = t->g;
	uint32_t v = r->node;
	size_t n = 0;

	if (cg_is_cycle(g, v)) {
		for (uint32_t m = g->nodes[v].next_member; m != CG_NONE;
		     m = g->nodes[m].next_member) {
			struct tree_row *c = buf_add(t, &n);
			c->node = m;
			c->kind = TREE_MEMBER;
			c->calls = g->nodes[m].ncalls;
			/* a member whose time is held back has none here */
			c->weight = g->nodes[m].prop_fract != 0.0 ? r->weight : 0;
		}
		return n;
	}
	if (g->nodes[v].prop_fract == 0.0)
		return 0;
	uint32_t seen = next_stamp(t);
	uint32_t hv = g->nodes[v].head;
	for (uint32_t k = g->child_start[v]; k < g->child_start[v + 1]; k++) {
		uint32_t c = g->child_node[k];
		if (c == v || arc_dead(g, g->child_arcs[k]) ||
		    g->nodes[c].prop_fract == 0.0)
			continue;
		uint32_t h = g->nodes[c].head;
		if (h == hv || g->nodes[h].prop_fract == 0.0 || g->nodes[h].ncalls == 0)
			continue;
		gather(t, &n, seen, h, g->arcs[g->child_arcs[k]].count);
	}
	for (size_t i = 0; i < n; i++) {
		struct tree_row *c = &t->buf[i];
		c->weight =
			r->weight * ((double)c->calls / (double)g->nodes[c->node].ncalls);
	}
	return n;
}

/* Bottom-up: the callers through which row R's share of the focus's time
 * came: a member's cycle, or the live callers outside V whose time
 * counts. */
static size_t children_up(struct tree *t, const struct tree_row *r)
{
	const struct cg *g = t->g;
	uint32_t v = r->node;
	size_t n = 0;

	if (g->nodes[v].head != v) {
		struct tree_row *c = buf_add(t, &n);
		c->node = g->nodes[v].head;
		c->kind = TREE_MEMBER;
		c->calls = g->nodes[c->node].ncalls;
		c->weight = r->weight;
		return n;
	}
	double pf = g->nodes[v].prop_fract;
	if (pf == 0.0 || g->nodes[v].ncalls == 0)
		return 0;
	uint32_t seen = next_stamp(t);
	for (uint32_t m = first_member(g, v); m != CG_NONE; m = next_member(g, v, m))
		for (uint32_t k = g->parent_start[m]; k < g->parent_start[m + 1]; k++)
			if (carries(g, k, m))
				gather(t, &n, seen, g->parent_node[k],
				       g->parent_count[k]);
	double per_call = r->weight / (pf * (double)g->nodes[v].ncalls);
	for (size_t i = 0; i < n; i++) {
		struct tree_row *c = &t->buf[i];
		c->weight = per_call * g->nodes[c->node].prop_fract * (double)c->calls;
	}
	return n;
}

uint32_t tree_expand(struct tree *t, uint32_t row, double min_total)
{
	if (row >= t->nrows)
		return 0;
	if (t->rows[row].expanded || t->rows[row].repeat)
		return t->rows[row].nchild;

	struct tree_row r = t->rows[row];
	size_t n = t->dir == TREE_DOWN ? children_down(t, &r) : children_up(t, &r);

	/* the nodes on the path, for the repeat mark */
	uint32_t on = next_stamp(t);
	for (uint32_t a = row; a != TREE_NONE; a = t->rows[a].parent)
		t->stamp[t->rows[a].node] = on;
	size_t kept = 0;
	double below = 0;
	for (size_t i = 0; i < n; i++) {
		struct tree_row *c = &t->buf[i];
		fill_times(t, c);
		if (min_total > 0 && (c->total < min_total || c->total <= 0)) {
			below += c->total;
			continue;
		}
		c->parent = row;
		c->depth = r.depth + 1;
		c->repeat = t->stamp[c->node] == on;
		c->expanded = c->repeat;
		t->buf[kept++] = *c;
	}
	util_qsort_r(t->buf, kept, sizeof *t->buf, cmp_rows, (void *)t->g);
	grow_rows(t, (size_t)t->nrows + kept + 1);
	if (kept)
		memcpy(t->rows + t->nrows, t->buf, kept * sizeof *t->rows);
	struct tree_row *p = &t->rows[row];
	p->child = kept ? t->nrows : TREE_NONE;
	p->nchild = (uint32_t)kept;
	p->below = below;
	p->expanded = 1;
	t->nrows += (uint32_t)kept;
	return (uint32_t)kept;
}

int tree_may_have_children(const struct tree *t, uint32_t row)
{
	const struct tree_row *r = &t->rows[row];
	const struct cg *g = t->g;

	if (r->expanded || r->repeat)
		return r->nchild > 0;
	if (t->dir == TREE_DOWN)
		return cg_is_cycle(g, r->node) ||
		       g->child_start[r->node + 1] > g->child_start[r->node];
	return g->nodes[r->node].head != r->node || g->nodes[r->node].ncalls > 0;
}

uint32_t tree_hot_path(struct tree *t, uint32_t row, double min_total)
{
	uint32_t r = row;

	if (tree_expand(t, r, 0) > 0)
		t->rows[r].open = 1;
	for (;;) {
		if (tree_expand(t, r, 0) == 0)
			return r;
		uint32_t c = t->rows[r].child;
		if (t->rows[c].total <= 0 || t->rows[c].total < min_total)
			return r;
		t->rows[r].open = 1;
		r = c;
	}
}

uint32_t tree_find_child(struct tree *t, uint32_t row, uint32_t node)
{
	uint32_t n = tree_expand(t, row, 0);
	uint32_t c = t->rows[row].child;

	for (uint32_t i = 0; i < n; i++)
		if (t->rows[c + i].node == node)
			return c + i;
	return TREE_NONE;
}

double tree_exclusive(const struct tree *t, uint32_t row)
{
	const struct tree_row *r = &t->rows[row];

	if (t->dir == TREE_DOWN && cg_is_cycle(t->g, r->node))
		return 0;
	return r->self;
}

const char *tree_name(const struct cg *g, uint32_t n, char *buf, size_t len)
{
	if (!cg_is_cycle(g, n))
		return g->nodes[n].sym->dname;
	char name[48]; /* "<cycle N as a whole>", N up to 20 digits */
	*rows_cycle_name(name, g->nodes[n].cycle, 1) = 0;
	snprintf(buf, len, "%s", name);
	return buf;
}
