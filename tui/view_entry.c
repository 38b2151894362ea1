/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view_entry: the gprof entry of the selected function (parents, primary
 * line, children; for a cycle, the cycle and its members) as selectable
 * lines: the pane under the lists.
 *
 * Lines are core's (rows.h), as in the report.  Live arcs are ordered as
 * GNU orders them there (parents up, children down by time, arcs inside a
 * cycle by count, self calls first); deleted arcs follow in dimmed lines
 * marked "(deleted)", so they can be restored where they were.  Against
 * a baseline, each line's function shows its change at the right. */
#include "config.h"
#include "view_entry.h"
#include "app.h"
#include "baseline.h"
#include "rows.h"
#include "entry.h"
#include "draw.h"
#include "names.h"
#include "view_graph.h"
#include "util.h"

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One line of the entry pane: gprof's text, the function a follow goes
 * to, the arc it shows (CG_NONE for the primary line). */
struct entry_line {
	char *text;     /* of any length (malloc'd); NULL until drawn */
	size_t name_at; /* where the function's name starts in it */
	uint32_t node, arc;
	int kind;    /* 0 parent, 1 primary, 2 child, 3 cycle member */
	int deleted; /* a deleted arc, shown dimmed */
};

/* The pane's own state, the private state of the session's entry view
 * object (app.entry): the lines of entry EL_NODE as of model generation
 * EL_GEN.  Its cursor and scroll are the session's a->ep, which the
 * moving keys move. */
struct entry {
	struct entry_line *el;
	size_t nel, elcap;
	size_t nalloc; /* lines whose text is allocated */
	uint32_t el_node;
	unsigned long el_gen;
};

static void entry_done(struct view *v)
{
	struct entry *E = v->priv;
	for (size_t i = 0; i < E->nalloc; i++)
		free(E->el[i].text);
	free(E->el);
}

/* Not a view of the table: the entry pane below the lists, a view object
 * for its private state. */
const struct view_ops view_entry_ops = {
	.name = "entry",
	.private_size = sizeof(struct entry),
	.done = entry_done,
};

static struct entry_line *add(struct app *a, int kind, uint32_t node, uint32_t arc)
{
	struct entry *E = a->entry.priv;
	(void)a;
	util_grow((void **)&E->el, &E->elcap, E->nel + 1, sizeof *E->el);
	if (E->nel < E->nalloc)
		free(E->el[E->nel].text);
	struct entry_line *l = &E->el[E->nel++];
	memset(l, 0, sizeof *l);
	if (E->nel > E->nalloc)
		E->nalloc = E->nel;
	l->kind = kind;
	l->node = node;
	l->arc = arc;
	return l;
}

/* Where N's name starts in L's text (its end when not found). */
static void find_name(struct app *a, struct entry_line *l, uint32_t n)
{
	char buf[64];
	const char *at = strstr(l->text, app_node_name(a, n, buf, sizeof buf));
	l->name_at = at ? (size_t)(at - l->text) : strlen(l->text);
}

/* L's text: gprof's ROW up to E and N's name after it. */
static void set_named(struct app *a, struct entry_line *l, const char *row, char *e,
		      uint32_t n)
{
	char buf[64];
	size_t len =
		(size_t)(e - row) + strlen(app_node_name(a, n, buf, sizeof buf)) + 64;
	l->text = xmalloc(len);
	app_named(a, l->text, len, row, e, n);
	find_name(a, l, n);
}

/* L's text: the primary line of N. */
static void set_primary(struct app *a, struct entry_line *l, uint32_t n)
{
	char buf[64];
	size_t len = ROWS_MAX + strlen(app_node_name(a, n, buf, sizeof buf)) + 64;
	l->text = xmalloc(len);
	view_primary_line(a, n, l->text, len);
	find_name(a, l, n);
}

/* One parent (PARENTS) or child line for arc AI; its text waits for
 * line_text(). */
static void arc_line(struct app *a, uint32_t ai, int parents)
{
	const struct cg_arc *arc = &a->g->arcs[ai];
	struct entry_line *l =
		add(a, parents ? 0 : 2, parents ? arc->parent : arc->child, ai);
	l->deleted = arc->deleted != 0;
}

/* The text of the line of arc L->arc in the entry of N: a deleted arc
 * shows only its count, and says so. */
static void arc_text(struct app *a, uint32_t n, struct entry_line *l)
{
	const struct cg *g = a->g;
	const struct cg_arc *arc = &g->arcs[l->arc];
	int parents = l->kind == 0;
	char row[ROWS_MAX];
	char *e = rows_arc(row, g, arc, arc->deleted || rows_arc_count_only(g, arc),
			   rows_arc_total(g, n, arc, parents), 0);

	set_named(a, l, row, e, l->node);
	if (arc->deleted) {
		size_t k = strlen(l->text);
		l->text = xrealloc(l->text, k + 11);
		snprintf(l->text + k, 11, " (deleted)");
	}
}

/* Line I's text, made when it is first drawn: an entry of thousands of
 * arcs shows a screenful of them, and formatting them all took most of
 * a redraw after an edit. */
static const struct entry_line *line_text(struct app *a, uint32_t i)
{
	struct entry *E = a->entry.priv;
	struct entry_line *l = &E->el[i];
	char row[ROWS_MAX];

	if (l->text)
		return l;
	if (l->kind == 1) {
		set_primary(a, l, E->el_node);
	} else if (l->kind == 3) {
		set_named(a, l, row, rows_member(row, a->g, l->node, 0), l->node);
	} else if (l->arc != CG_NONE) {
		arc_text(a, E->el_node, l);
	} else {
		char *e = rows_spontaneous(row, 0);
		l->text = xmalloc((size_t)(e - row) + 1);
		snprintf(l->text, (size_t)(e - row) + 1, "%.*s", (int)(e - row), row);
		l->name_at = strlen(l->text);
	}
	return l;
}

static void arcs_of(struct app *a, uint32_t n, int parents)
{
	struct cg *g = a->g;
	const uint32_t *start = parents ? g->parent_start : g->child_start;
	const uint32_t *list = parents ? g->parent_arcs : g->child_arcs;
	uint32_t k0 = start[n], k1 = start[n + 1];
	uint32_t *v;
	uint32_t m = entry_arcs(g, n, parents, &v);
	if (parents && m == 0)
		add(a, 0, CG_NONE, CG_NONE); /* <spontaneous> */
	for (uint32_t i = 0; i < m; i++)
		arc_line(a, v[i], parents);
	for (uint32_t k = k0; k < k1; k++)
		if (g->arcs[list[k]].deleted)
			arc_line(a, list[k], parents);
	free(v);
}

void view_entry_build(struct app *a)
{
	struct entry *E = a->entry.priv;
	struct cg *g = a->g;
	uint32_t n = a->node, keep_node = CG_NONE, keep_arc = CG_NONE;
	int keep_kind = -1, keep_deleted = 0;
	uint32_t keep_at = a->ep.cur;
	if (a->ep.cur < E->nel) {
		keep_node = E->el[a->ep.cur].node;
		keep_arc = E->el[a->ep.cur].arc;
		keep_kind = E->el[a->ep.cur].kind;
		keep_deleted = E->el[a->ep.cur].deleted;
	}
	int same = E->el_node == n;
	E->nel = 0;
	E->el_node = n;
	E->el_gen = edit_generation(a->ed);
	if (n == CG_NONE || n >= g->nfuncs + g->ncycles) {
		a->ep.n = 0;
		return;
	}
	cg_adjacency(g);
	uint32_t primary = 0;
	if (n >= g->nfuncs) {
		primary = (uint32_t)E->nel;
		add(a, 1, n, CG_NONE);
		uint32_t *v;
		uint32_t m = entry_members(g, n, &v);
		for (uint32_t i = 0; i < m; i++)
			add(a, 3, v[i], CG_NONE);
		free(v);
	} else {
		arcs_of(a, n, 1);
		primary = (uint32_t)E->nel;
		add(a, 1, n, CG_NONE);
		arcs_of(a, n, 0);
	}
	a->ep.n = (uint32_t)E->nel;
	/* Keep the cursor on the same line of the same entry, else on the
	 * primary line. */
	a->ep.cur = primary;
	if (same)
		for (uint32_t i = 0; i < a->ep.n; i++)
			if (E->el[i].node == keep_node && E->el[i].arc == keep_arc &&
			    E->el[i].kind == keep_kind)
				a->ep.cur = E->el[i].deleted == keep_deleted || !a->ep.n
						    ? i
						    : /* the arc under the cursor was just
						       * deleted or restored and moved: the
						       * cursor stays where it was, on its
						       * neighbour now */
						    (keep_at < a->ep.n ? keep_at
								       : a->ep.n - 1);
	if (!same)
		a->ep.top = 0;
	/* Back to a place: its line and scroll (app_history). */
	if (a->ep_restore) {
		a->ep_restore = 0;
		if (a->ep.n) {
			a->ep.cur = a->ep_cur < a->ep.n ? a->ep_cur : a->ep.n - 1;
			a->ep.top = a->ep_top < a->ep.n ? a->ep_top : 0;
		}
	}
}

void view_entry_draw(struct app *a, int y, int h, int w)
{
	struct entry *E = a->entry.priv;
	if (E->el_node != a->node || E->el_gen != edit_generation(a->ed) || a->ep_restore)
		view_entry_build(a);
	view_pane_fix(&a->ep, h);
	for (int r = 0; r < h; r++) {
		uint32_t i = a->ep.top + (uint32_t)r;
		if (i >= a->ep.n) {
			draw_fill(y + r, w, 0);
			continue;
		}
		const struct entry_line *l = line_text(a, i);
		int cur = i == a->ep.cur;
		int right = baseline_shown(a, w) ? 12 : 0;
		int arcw = right && baseline_calls_shown(a, w) ? 10 : 0;
		right += arcw;
		/* the numbers, then the name as the lists show it: shortened,
		 * fitted, scrolled */
		char *shortened = NULL, *fitted = NULL;
		const char *nm = l->text + l->name_at;
		if (!a->full_names) {
			nm = shortened = names_shorten_dup(nm, a->utf8);
			if (app_view(a, a->view)->hscroll == 0)
				nm = fitted =
					names_fit(nm, w - right - 2 - (int)l->name_at,
						  a->utf8);
		}
		nm = names_skip(nm, app_view(a, a->view)->hscroll);
		size_t llen = l->name_at + strlen(nm) + 4;
		char *line = xmalloc(llen);
		snprintf(line, llen, "%c %.*s%s", cur && a->focus_entry ? '>' : ' ',
			 (int)l->name_at, l->text, nm);
		free(shortened);
		free(fitted);
		int role = l->deleted ? 4 : l->kind == 1 ? 1 : 0;
		if (cur && a->focus_entry)
			role = 6;
		draw_row(y + r, w - right, line, role);
		free(line);
		if (arcw) {
			/* an arc's change of calls against the baseline */
			char d[32] = "", col[40];
			if (l->arc != CG_NONE) {
				const struct cg_arc *c = &a->g->arcs[l->arc];
				baseline_arc_cell(a, c->parent, c->child, d, sizeof d);
			}
			snprintf(col, sizeof col, "%*s", arcw, d);
			draw_text(y + r, w - right, arcw, col,
				  (role == 6 ? 6 : 0) | 0x100);
		}
		if (right) {
			char d[32], col[40];
			baseline_change_cell(a, V_GRAPH, l->node, d, sizeof d);
			snprintf(col, sizeof col, "%*s", right - arcw, d);
			draw_text(y + r, w - right + arcw, right - arcw, col,
				  (role == 6
					   ? 6
					   : baseline_change_role(a, V_GRAPH, l->node)) |
					  0x100);
		}
	}
	/* Lines scrolled off the top or past the bottom are announced. */
	const char *up = a->utf8 ? " \xe2\x86\x91 more above " : " ^ more above ";
	const char *down = a->utf8 ? " \xe2\x86\x93 more below " : " v more below ";
	if (a->ep.top > 0 && w > 30)
		draw_text(y, w - 14, 14, up, 3 | 0x100);
	if (a->ep.top + (uint32_t)h < a->ep.n && w > 30 && h > 1)
		draw_text(y + h - 1, w - 14, 14, down, 3 | 0x100);
}

static const struct entry_line *entry_cur(struct app *a)
{
	struct entry *E = a->entry.priv;
	if (!view_has_funcs(a->view) || a->ep.cur >= E->nel || E->el_node != a->node)
		return NULL;
	return &E->el[a->ep.cur];
}

/* d and r in the entry pane: the arc of the line under the cursor. */
void view_entry_arc_op(struct app *a, int restore)
{
	const struct entry_line *l = entry_cur(a);
	uint32_t arc = l ? l->arc : CG_NONE;
	if (arc == CG_NONE) {
		app_message(a, 1,
			    a->entry_h > 0 ? "no arc under the cursor: Tab to the entry "
					     "pane and pick a caller or callee line"
					   : "entry pane hidden (screen too small)");
		return;
	}
	app_arc_edit(a, arc, restore);
}

/* Enter in the entry pane: the function of the line, in a list that
 * shows it. */
void view_entry_follow(struct app *a)
{
	if (!view_has_funcs(a->view) || !a->focus_entry)
		return;
	const struct entry_line *l = entry_cur(a);
	if (!l || l->node == CG_NONE || l->kind == 1)
		return;
	app_select_node(a, l->node, 1);
}
