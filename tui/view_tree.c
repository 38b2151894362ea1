/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view_tree: the call tree, the paths of the call graph unfolded
 * (core/tree/tree.h): top-down from the roots, or bottom-up, the paths
 * that reach one function.  Each row is a path: its function, the time
 * on that path (self, total), its share of the row above and of the
 * whole, and the calls along its arc.
 *
 * Lazy as the tree is: the first screen computes the top rows only, and
 * a row's children are computed when it is first opened.  The shown rows
 * (the open rows' children, depth first) are kept as indices into the
 * tree's row array.
 *
 * Edits: the tree reads the model, so after an edit (the generation
 * changed) a new tree is opened and the rows that were open are opened
 * again along the same paths, named by their functions (a cycle by one
 * of its members, since cycles are numbered anew).  The cursor stays on
 * its path; when that is gone, on a shown row of its function, else on
 * the nearest row above it that is still there.
 *
 * Against a baseline, a second tree is opened on the baseline's model and
 * each shown row looks up the same path there (functions matched by the
 * comparison, baseline.h), lazily too: two columns, its total there and
 * the change. */
#include "config.h"
#include "view_tree.h"
#include "app.h"
#include "action.h"
#include "baseline.h"
#include "compare.h"
#include "draw.h"
#include "keymap.h"
#include "list.h"
#include "names.h"
#include "tree.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The hot path goes on into children with at least this share of the
 * whole (percent). */
#define HOT_MIN_PCT 1.0

/* A node named so that an edit does not change the name: a function by
 * its index, a cycle by its first member with this bit set. */
#define KEY_CYCLE 0x80000000u

struct tv {
	struct tree t;
	int have;           /* t is open */
	unsigned long gen;  /* the model generation t was opened on */
	int dir;            /* enum tree_dir */
	uint32_t focus_key; /* TREE_UP: the focus */
	uint32_t *key;      /* per tree row: its node's key */
	size_t nkey, keycap;
	uint32_t *vis; /* the shown rows, pane.n of them */
	size_t viscap;
	uint32_t cur_row; /* the tree row under the cursor, TREE_NONE */
	/* Against a baseline: the same tree on the baseline's model, and
	 * per row the baseline's row of the same path (BASE_UNKNOWN until
	 * asked, TREE_NONE when the baseline has no such path).  Dropped at
	 * every build (an edit, a new baseline). */
	struct tree bt;
	int bhave;
	uint32_t *bmap;
	size_t nbmap, bmapcap;
};

#define BASE_UNKNOWN (TREE_NONE - 1)

static uint32_t key_of(const struct cg *g, uint32_t node)
{
	return node < g->nfuncs ? node : KEY_CYCLE | g->nodes[node].next_member;
}

/* The node of KEY in the model as it is now, CG_NONE when it is gone (a
 * cycle no longer there). */
static uint32_t node_of(const struct cg *g, uint32_t key)
{
	uint32_t f = key & ~KEY_CYCLE;
	if (f >= g->nfuncs)
		return CG_NONE;
	if (!(key & KEY_CYCLE))
		return f;
	return g->nodes[f].head != f ? g->nodes[f].head : CG_NONE;
}

/* Keys for the rows added since the last call. */
static void fill_keys(struct tv *s)
{
	util_grow((void **)&s->key, &s->keycap, (size_t)s->t.nrows + 1, sizeof *s->key);
	for (; s->nkey < s->t.nrows; s->nkey++)
		s->key[s->nkey] = key_of(s->t.g, s->t.rows[s->nkey].node);
}

static uint32_t expand(struct tv *s, uint32_t row)
{
	uint32_t n = tree_expand(&s->t, row, 0);
	fill_keys(s);
	return n;
}

/* OLD's child of OROW (or top row when OROW is TREE_NONE) with key K in
 * the new tree, under NROW; TREE_NONE if none. */
static uint32_t match(struct tv *s, uint32_t nrow, uint32_t k)
{
	uint32_t first = 0, n = s->t.nroots;
	if (nrow != TREE_NONE) {
		n = expand(s, nrow);
		first = s->t.rows[nrow].child;
	}
	for (uint32_t i = 0; i < n; i++)
		if (s->key[first + i] == k)
			return first + i;
	return TREE_NONE;
}

/* Open in the new tree what was open under OROW in OLD (keys OKEY), the
 * row NROW standing for it; the old cursor row's counterpart (or its
 * nearest ancestor's) goes to *CUR.  ONPATH marks the old rows on the
 * cursor's path. */
static void reopen(struct tv *s, const struct tree *old, const uint32_t *okey,
		   const uint8_t *onpath, uint32_t orow, uint32_t nrow, uint32_t *cur)
{
	const struct tree_row *o = &old->rows[orow];
	if (onpath[orow])
		*cur = nrow;
	if (o->open && expand(s, nrow) > 0)
		s->t.rows[nrow].open = 1;
	if (!o->expanded || o->repeat)
		return;
	for (uint32_t i = 0; i < o->nchild; i++) {
		uint32_t oc = o->child + i;
		if (!onpath[oc] && !old->rows[oc].open)
			continue;
		uint32_t nc = match(s, nrow, okey[oc]);
		if (nc != TREE_NONE)
			reopen(s, old, okey, onpath, oc, nc, cur);
	}
}

/* A row of function (or cycle) KEY whose rows above are all open,
 * TREE_NONE if none: where the cursor goes when its path is gone. */
static uint32_t find_shown(struct tv *s, uint32_t k)
{
	for (uint32_t i = 0; i < s->t.nrows; i++) {
		if (s->key[i] != k)
			continue;
		uint32_t p = s->t.rows[i].parent;
		while (p != TREE_NONE && s->t.rows[p].open)
			p = s->t.rows[p].parent;
		if (p == TREE_NONE)
			return i;
	}
	return TREE_NONE;
}

/* Open the tree on the model as it is now, with the rows of the tree
 * there was (if any) opened again. */
static void open_tree(struct app *a, struct tv *s)
{
	struct tree old = s->t;
	uint32_t *okey = s->key;
	int had = s->have;
	uint32_t focus = CG_NONE;

	if (s->dir == TREE_UP) {
		focus = node_of(a->g, s->focus_key);
		if (focus == CG_NONE) {
			app_message(a, 1,
				    "the function of the bottom-up tree is gone: "
				    "the tree from the roots");
			s->dir = TREE_DOWN;
		}
	}
	s->key = NULL;
	s->nkey = s->keycap = 0;
	tree_open(&s->t, a->g, s->dir, focus);
	fill_keys(s);
	s->have = 1;
	s->gen = edit_generation(a->ed);
	uint32_t cur = TREE_NONE;
	if (had && old.dir == s->t.dir) {
		uint8_t *onpath = xcalloc((size_t)old.nrows + 1, 1);
		for (uint32_t r = s->cur_row; r < old.nrows; r = old.rows[r].parent)
			onpath[r] = 1;
		for (uint32_t r = 0; r < old.nroots; r++) {
			if (!onpath[r] && !old.rows[r].open)
				continue;
			uint32_t nr = match(s, TREE_NONE, okey[r]);
			if (nr != TREE_NONE)
				reopen(s, &old, okey, onpath, r, nr, &cur);
		}
		free(onpath);
	} else if (s->t.nroots > 0 && expand(s, 0) > 0) {
		s->t.rows[0].open = 1; /* the first root (or the focus) open */
	}
	/* the cursor's own row, else its function where it is shown, else
	 * the nearest row above it */
	if (had && s->cur_row < old.nrows &&
	    (cur == TREE_NONE || okey[s->cur_row] != s->key[cur])) {
		uint32_t same = find_shown(s, okey[s->cur_row]);
		if (same != TREE_NONE)
			cur = same;
	}
	s->cur_row = cur != TREE_NONE ? cur : 0;
	if (had)
		tree_close(&old);
	free(okey);
}

static void add_shown(struct tv *s, uint32_t row, size_t *n)
{
	util_grow((void **)&s->vis, &s->viscap, *n + 1, sizeof *s->vis);
	s->vis[(*n)++] = row;
	const struct tree_row *r = &s->t.rows[row];
	if (!r->open || !r->expanded)
		return;
	for (uint32_t i = 0; i < r->nchild; i++)
		add_shown(s, s->t.rows[row].child + i, n);
}

/* The shown rows again, the cursor on cur_row (or where it was). */
static void flatten(struct view *v)
{
	struct tv *s = v->priv;
	size_t n = 0;
	for (uint32_t r = 0; r < s->t.nroots; r++)
		add_shown(s, r, &n);
	v->pane.n = (uint32_t)n;
	for (size_t i = 0; i < n; i++)
		if (s->vis[i] == s->cur_row)
			v->pane.cur = (uint32_t)i;
	if (v->pane.cur >= n)
		v->pane.cur = n ? (uint32_t)n - 1 : 0;
}

/* The baseline's node for node N of the model: a function through the
 * comparison, a cycle as the cycle (or function) its first member is
 * in there; CG_NONE when absent. */
static uint32_t base_node(struct app *a, const struct cg *bg, uint32_t n)
{
	if (n >= a->g->nfuncs) {
		uint32_t m = base_node(a, bg, a->g->nodes[n].next_member);
		return m == CG_NONE ? CG_NONE : bg->nodes[m].head;
	}
	const struct compare_func *f = baseline_func(a, n);
	return f ? f->node[COMPARE_BEFORE] : CG_NONE;
}

/* The baseline tree's row for ROW's path, TREE_NONE if it has none. */
static uint32_t base_row(struct app *a, struct tv *s, uint32_t row)
{
	const struct cg *bg = baseline_graph();
	if (!bg)
		return TREE_NONE;
	if (row >= s->nbmap) {
		util_grow((void **)&s->bmap, &s->bmapcap, (size_t)row + 1,
			  sizeof *s->bmap);
		while (s->nbmap <= row)
			s->bmap[s->nbmap++] = BASE_UNKNOWN;
	}
	if (s->bmap[row] != BASE_UNKNOWN)
		return s->bmap[row];
	if (!s->bhave) {
		uint32_t focus = s->t.dir == TREE_UP ? base_node(a, bg, s->t.focus) : 0;
		tree_open(&s->bt, bg, s->t.dir, focus);
		s->bhave = 1;
	}
	const struct tree_row *r = &s->t.rows[row];
	uint32_t bn = base_node(a, bg, r->node), br = TREE_NONE;
	if (bn == CG_NONE) {
		br = TREE_NONE;
	} else if (r->parent == TREE_NONE) {
		for (uint32_t i = 0; i < s->bt.nroots && br == TREE_NONE; i++)
			if (s->bt.rows[i].node == bn)
				br = i;
	} else {
		uint32_t bp = base_row(a, s, r->parent);
		if (bp != TREE_NONE)
			br = tree_find_child(&s->bt, bp, bn);
	}
	s->bmap[row] = br;
	return br;
}

static void base_drop(struct tv *s)
{
	if (s->bhave)
		tree_close(&s->bt);
	s->bhave = 0;
	s->nbmap = 0;
}

static void build(struct app *a, struct view *v)
{
	struct tv *s = v->priv;
	base_drop(s);
	if (v->pane.cur < v->pane.n && s->have)
		s->cur_row = s->vis[v->pane.cur];
	if (!s->have || s->gen != edit_generation(a->ed))
		open_tree(a, s);
	flatten(v);
}

static uint32_t cur_row(struct view *v)
{
	struct tv *s = v->priv;
	return v->pane.cur < v->pane.n ? s->vis[v->pane.cur] : TREE_NONE;
}

static uint32_t current(struct app *a, struct view *v)
{
	struct tv *s = v->priv;
	uint32_t r = cur_row(v);
	(void)a;
	return r == TREE_NONE ? CG_NONE : s->t.rows[r].node;
}

static const char *row_text(struct app *a, struct view *v, uint32_t i, char *buf,
			    size_t len)
{
	struct tv *s = v->priv;
	return app_node_name(a, s->t.rows[s->vis[i]].node, buf, len);
}

/* Row I's line: the numbers, then the name indented by depth after its
 * mark (open, closed, leaf). */
static char *row_line(struct app *a, struct view *v, uint32_t i, double *pct)
{
	struct tv *s = v->priv;
	const struct tree *t = &s->t;
	const struct tree_row *r = &t->rows[s->vis[i]];
	const struct cg *g = a->g;
	char calls[32] = "", parent[16] = "", nb[64];
	const char *mark;
	*pct = cg_percent(r->total, t->whole);
	if (r->parent != TREE_NONE)
		snprintf(parent, sizeof parent, "%.1f",
			 cg_percent(r->total, t->rows[r->parent].total));
	if (r->calls || r->kind != TREE_TOP)
		snprintf(calls, sizeof calls, "%llu", (unsigned long long)r->calls);
	if (r->repeat)
		mark = a->utf8 ? "\xe2\x86\xba" : "=";
	else if (r->open)
		mark = a->utf8 ? "\xe2\x96\xbe" : "-";
	else if (tree_may_have_children(t, s->vis[i]))
		mark = a->utf8 ? "\xe2\x96\xb8" : "+";
	else
		mark = " ";
	const char *name = app_node_name(a, r->node, nb, sizeof nb);
	char *shortened = a->full_names ? NULL : names_shorten_dup(name, a->utf8);
	const char *nm = names_skip(shortened ? shortened : name, v->hscroll);
	size_t len = strlen(nm) + 2 * (size_t)r->depth + 200;
	char *line = xmalloc(len);
	snprintf(line, len, "%c %7.1f %8s %8.2f %8.2f %10s  %*s%s %s%s",
		 i == v->pane.cur ? '>' : ' ', *pct, parent, cg_seconds(g, r->self),
		 cg_seconds(g, r->total), calls, 2 * (int)r->depth, "", mark, nm,
		 r->repeat ? "  (already on this path: not expanded)" : "");
	free(shortened);
	return line;
}

/* Width of the baseline's columns: its total on the path, the change. */
#define BASE_W 20

/* ROW's baseline cells: the path's total in the baseline and the change
 * (seconds), or "new" when the baseline has no such path. */
static void base_cells(struct app *a, struct tv *s, uint32_t row, char *buf, size_t len)
{
	uint32_t br = base_row(a, s, row);
	if (br == TREE_NONE) {
		snprintf(buf, len, "%9s %9s ", "", "new");
		return;
	}
	double before = cg_seconds(baseline_graph(), s->bt.rows[br].total);
	double now = cg_seconds(a->g, s->t.rows[row].total);
	double d = now - before;
	snprintf(buf, len, "%9.2f %+9.2f ", before, d > -0.005 && d < 0.005 ? 0.0 : d);
}

static void draw(struct app *a, struct view *v, int y, int h, int w)
{
	struct tv *s = v->priv;
	char head[512], nb[64];
	int bar = a->bars && w >= 100 ? 12 : 0;
	if (s->t.dir == TREE_UP)
		snprintf(head, sizeof head,
			 "  %7s %8s %8s %8s %10s  paths to %s: times estimated from "
			 "arcs, as gprof's call graph",
			 "% whole", "% parent", "self s", "total s", "calls",
			 app_node_name(a, s->t.focus, nb, sizeof nb));
	else
		snprintf(head, sizeof head,
			 "  %7s %8s %8s %8s %10s  top-down: path times estimated from "
			 "arcs, as gprof's call graph",
			 "% whole", "% parent", "self s", "total s", "calls");
	int base = baseline_graph() != NULL && w >= 60 ? BASE_W : 0;
	draw_row(y, w - base, head, 3);
	if (base) {
		char col[64];
		snprintf(col, sizeof col, "%9s %9s%*s", "base s", "vs base", bar, "");
		draw_text(y, w - base - bar, base + bar, col, 3 | 0x100);
	}
	struct pane *p = &v->pane;
	view_pane_fix(p, h - 1);
	for (int k = 0; k < h - 1; k++) {
		uint32_t i = p->top + (uint32_t)k;
		if (i >= p->n) {
			draw_fill(y + 1 + k, w, 0);
			continue;
		}
		double pct;
		char *line = row_line(a, v, i, &pct);
		int role = i == p->cur ? 6 : draw_hot_attr(pct);
		char nbuf[64];
		if (i != p->cur && a->search.text &&
		    matcher_match(&a->search, row_text(a, v, i, nbuf, sizeof nbuf)))
			role |= 0x200;
		draw_row(y + 1 + k, w - bar - base, line, role);
		free(line);
		if (base) {
			char col[64];
			base_cells(a, s, s->vis[i], col, sizeof col);
			draw_text(y + 1 + k, w - bar - base, base, col,
				  (role == 6 ? 6 : 0) | 0x100);
		}
		if (bar) {
			char cell[64], col[80];
			list_bar(a, pct, cell, sizeof cell);
			snprintf(col, sizeof col, "%s", cell);
			draw_text(y + 1 + k, w - bar, bar, col,
				  (role == 6 ? 6 : 0) | 0x100);
		}
	}
	if (p->n == 0)
		draw_row(y + 1, w, "  no path has time", 0);
}

/* The cursor onto tree row ROW (shown). */
static void go_row(struct app *a, struct view *v, uint32_t row)
{
	struct tv *s = v->priv;
	s->cur_row = row;
	flatten(v);
	app_moved(a);
}

static void hot_path(struct app *a, struct view *v, uint32_t row)
{
	struct tv *s = v->priv;
	struct tree *t = &s->t;
	double min = t->whole * HOT_MIN_PCT / 100;
	if (t->rows[row].total < min)
		min = t->rows[row].total * HOT_MIN_PCT / 100;
	uint32_t end = tree_hot_path(t, row, min);
	fill_keys(s);
	char nb[64];
	app_message(a, 0, "hot path: %u level%s down to %s (%.1f%% of the whole)",
		    t->rows[end].depth - t->rows[row].depth,
		    t->rows[end].depth - t->rows[row].depth == 1 ? "" : "s",
		    app_node_name(a, t->rows[end].node, nb, sizeof nb),
		    cg_percent(t->rows[end].total, t->whole));
	go_row(a, v, end);
}

/* The arc of row ROW (caller to callee); CG_NONE with a message when the
 * row is no arc or stands for several. */
static uint32_t row_arc(struct app *a, struct tv *s, uint32_t row)
{
	const struct cg *g = a->g;
	const struct tree_row *r = &s->t.rows[row];
	if (r->kind != TREE_CALL) {
		app_message(a, 1,
			    "this row is no arc: d deletes the arc of a caller or "
			    "callee row");
		return CG_NONE;
	}
	uint32_t from = s->t.rows[r->parent].node, to = r->node;
	if (s->t.dir == TREE_UP)
		from = r->node, to = s->t.rows[r->parent].node;
	uint32_t arc = CG_NONE, n = 0;
	/* a cycle's end: the arcs into (or out of) any member */
	for (uint32_t f = cg_is_cycle(g, from) ? g->nodes[from].next_member : from;
	     f != CG_NONE; f = cg_is_cycle(g, from) ? g->nodes[f].next_member : CG_NONE)
		for (uint32_t c = cg_is_cycle(g, to) ? g->nodes[to].next_member : to;
		     c != CG_NONE;
		     c = cg_is_cycle(g, to) ? g->nodes[c].next_member : CG_NONE) {
			uint32_t k = cg_arc_find(g, f, c);
			if (k != CG_NONE && !g->arcs[k].deleted && g->arcs[k].count)
				arc = k, n++;
		}
	if (n != 1) {
		app_message(a, 1,
			    "this row stands for %u arcs (into a cycle): delete "
			    "them in the call graph's entry",
			    n);
		return CG_NONE;
	}
	return arc;
}

static int key(struct app *a, struct view *v, int act)
{
	struct tv *s = v->priv;
	struct tree *t = &s->t;
	uint32_t row = cur_row(v);
	char nb[64];
	if (act == ACT_VIEW_TREE) {
		if (t->dir == TREE_DOWN)
			app_message(a, 0, "the tree from the roots is shown");
		view_tree_down(a);
		return 1;
	}
	if (row == TREE_NONE)
		return 0;
	struct tree_row *r = &t->rows[row];
	switch (act) {
	case ACT_TREE_EXPAND:
	case ACT_TREE_TOGGLE: {
		uint32_t to = row;
		if (r->open) {
			if (act == ACT_TREE_TOGGLE)
				r->open = 0;
			else if (r->nchild)
				to = r->child;
		} else if (r->repeat) {
			app_message(a, 1, "%s is already on this path: not expanded",
				    app_node_name(a, r->node, nb, sizeof nb));
		} else if (expand(s, row) == 0) {
			app_message(a, 0, "%s has no %s with time or calls",
				    app_node_name(a, t->rows[row].node, nb, sizeof nb),
				    t->dir == TREE_DOWN ? "callees" : "callers");
		} else {
			t->rows[row].open = 1;
		}
		go_row(a, v, to);
		return 1;
	}
	case ACT_TREE_COLLAPSE:
		if (r->open) {
			r->open = 0;
			go_row(a, v, row);
			return 1;
		}
		__attribute__((fallthrough)); /* a closed row: to its parent */
	case ACT_TREE_PARENT:
		if (r->parent == TREE_NONE)
			app_message(a, 0, "a top row: no parent");
		else
			go_row(a, v, r->parent);
		return 1;
	case ACT_TREE_HOT_PATH: hot_path(a, v, row); return 1;
	case ACT_TREE_COLLAPSE_ALL: {
		for (uint32_t i = 0; i < t->nrows; i++)
			t->rows[i].open = 0;
		while (t->rows[row].parent != TREE_NONE)
			row = t->rows[row].parent;
		go_row(a, v, row);
		app_message(a, 0, "every row closed");
		return 1;
	}
	case ACT_TREE_UP: view_tree_up(a, r->node); return 1;
	case ACT_ENTER:
		/* the call graph's entry of the row's function; Back returns */
		app_select_node(a, r->node, 0);
		app_set_view(a, V_GRAPH);
		return 1;
	case ACT_RESTORE_ARC:
		app_message(a, 1, "no deleted arc here: D lists them, u undoes");
		return 1;
	case ACT_DELETE_ARC: {
		uint32_t arc = row_arc(a, s, row);
		if (arc != CG_NONE)
			app_arc_edit(a, arc, 0);
		return 1;
	}
	}
	return 0;
}

static void done(struct view *v)
{
	struct tv *s = v->priv;
	base_drop(s);
	free(s->bmap);
	if (s->have)
		tree_close(&s->t);
	free(s->key);
	free(s->vis);
}

/* The tree (opened again on the next build) shown, its cursor on top. */
static void show_fresh(struct app *a, struct view *v)
{
	struct tv *s = v->priv;
	if (s->have)
		tree_close(&s->t);
	s->have = 0;
	s->cur_row = 0;
	v->pane.cur = v->pane.top = 0;
	v->pane.n = 0;
	v->dirty = 1;
	if (a->view == V_TREE)
		app_ensure_rows(a, V_TREE);
	else
		app_set_view(a, V_TREE);
	app_moved(a);
}

void view_tree_down(struct app *a)
{
	struct view *v = app_view(a, V_TREE);
	struct tv *s = v->priv;
	if (s->have && s->dir == TREE_DOWN) {
		app_set_view(a, V_TREE);
		return;
	}
	s->dir = TREE_DOWN;
	show_fresh(a, v);
}

void view_tree_up(struct app *a, uint32_t node)
{
	struct view *v = app_view(a, V_TREE);
	struct tv *s = v->priv;
	if (node == CG_NONE) {
		app_message(a, 1, "no function selected");
		return;
	}
	s->dir = TREE_UP;
	s->focus_key = key_of(a->g, node);
	show_fresh(a, v);
}

const struct view_ops view_tree_ops = {
	.name = "tree",
	.keymap = KV_TREE,
	.flags = VIEW_HEADER,
	.private_size = sizeof(struct tv),
	.build = build,
	.draw = draw,
	.key = key,
	.row_text = row_text,
	.current = current,
	.done = done,
};
