/* view_entry: the gprof entry of the selected function (parents, primary
 * line, children; for a cycle, the cycle and its members) as selectable
 * lines: the pane under the lists.
 *
 * Live arcs are ordered as GNU orders them in the report (parents up,
 * children down by time, arcs inside a cycle by count, self calls first);
 * deleted arcs follow in dimmed lines marked "(deleted)", so they can be
 * restored where they were. */
#include "config.h"
#include "app.h"
#include "entry.h"
#include "names.h"
#include "util.h"

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct entry_line *add(struct app *a, int kind, uint32_t node, uint32_t arc)
{
	util_grow((void **)&a->el, &a->elcap, a->nel + 1, sizeof *a->el);
	struct entry_line *l = &a->el[a->nel++];
	memset(l, 0, sizeof *l);
	l->kind = kind;
	l->node = node;
	l->arc = arc;
	return l;
}

static void ref_name(const struct app *a, uint32_t n, char *buf, size_t len)
{
	const struct cg_node *s = &a->g->nodes[n];
	int k = snprintf(buf, len, "%s", s->sym->dname);
	if (s->cycle && k >= 0 && (size_t)k < len)
		k += snprintf(buf + k, len - (size_t)k, " <cycle %u>", s->cycle);
	if (s->index && k >= 0 && (size_t)k < len)
		snprintf(buf + k, len - (size_t)k, s->print_flag ? " [%u]" : " (%u)", s->index);
}

/* One parent (PARENTS) or child line of node N for arc AI. */
static void arc_line(struct app *a, uint32_t n, uint32_t ai, int parents)
{
	const struct cg *g = a->g;
	const struct cg_arc *arc = &g->arcs[ai];
	uint32_t other = parents ? arc->parent : arc->child;
	const struct cg_node *me = &g->nodes[n], *on = &g->nodes[other];
	struct entry_line *l = add(a, parents ? 0 : 2, other, ai);
	char name[400];
	ref_name(a, other, name, sizeof name);
	if (arc->deleted) {
		l->deleted = 1;
		snprintf(l->text, sizeof l->text, "%6.6s %5.5s %7.7s %7.7s %7lu %7.7s     %s (deleted)",
			 "", "", "", "", (unsigned long)arc->count, "", name);
	} else if (other == n || (me->cycle != 0 && on->cycle == me->cycle)) {
		snprintf(l->text, sizeof l->text, "%6.6s %5.5s %7.7s %7.7s %7lu %7.7s     %s",
			 "", "", "", "", (unsigned long)arc->count, "", name);
	} else {
		uint64_t total = parents ? g->nodes[me->head].ncalls : g->nodes[on->head].ncalls;
		snprintf(l->text, sizeof l->text, "%6.6s %5.5s %7.2f %7.2f %7lu/%-7lu     %s",
			 "", "", arc->time / g->hz, arc->child_time / g->hz,
			 (unsigned long)arc->count, (unsigned long)total, name);
	}
}

static void arcs_of(struct app *a, uint32_t n, int parents)
{
	struct cg *g = a->g;
	const uint32_t *start = parents ? g->parent_start : g->child_start;
	const uint32_t *list = parents ? g->parent_arcs : g->child_arcs;
	uint32_t k0 = start[n], k1 = start[n + 1];
	uint32_t *v;
	uint32_t m = entry_arcs(g, n, parents, &v);
	if (parents && m == 0) {
		struct entry_line *l = add(a, 0, CG_NONE, CG_NONE);
		snprintf(l->text, sizeof l->text, "%6.6s %5.5s %7.7s %7.7s %7.7s %7.7s     <spontaneous>",
			 "", "", "", "", "", "");
	}
	for (uint32_t i = 0; i < m; i++)
		arc_line(a, n, v[i], parents);
	for (uint32_t k = k0; k < k1; k++)
		if (g->arcs[list[k]].deleted)
			arc_line(a, n, list[k], parents);
	free(v);
}

void view_entry_build(struct app *a)
{
	struct cg *g = a->g;
	uint32_t n = a->node, keep_node = CG_NONE, keep_arc = CG_NONE;
	int keep_kind = -1;
	if (a->ep.cur < a->nel) {
		keep_node = a->el[a->ep.cur].node;
		keep_arc = a->el[a->ep.cur].arc;
		keep_kind = a->el[a->ep.cur].kind;
	}
	int same = a->el_node == n;
	a->nel = 0;
	a->el_node = n;
	a->el_gen = edit_generation(a->ed);
	if (n == CG_NONE || n >= g->nfuncs + g->ncycles) {
		a->ep.n = 0;
		return;
	}
	cg_adjacency(g);
	uint32_t primary = 0;
	if (n >= g->nfuncs) {
		primary = (uint32_t)a->nel;
		struct entry_line *l = add(a, 1, n, CG_NONE);
		view_primary_line(a, n, l->text, sizeof l->text);
		uint32_t *v;
		uint32_t m = entry_members(g, n, &v);
		for (uint32_t i = 0; i < m; i++) {
			const struct cg_node *s = &g->nodes[v[i]];
			char name[400], calls[40];
			ref_name(a, v[i], name, sizeof name);
			if (s->self_calls)
				snprintf(calls, sizeof calls, "%7lu+%-7lu", (unsigned long)s->ncalls,
					 (unsigned long)s->self_calls);
			else
				snprintf(calls, sizeof calls, "%7lu %7.7s", (unsigned long)s->ncalls, "");
			l = add(a, 3, v[i], CG_NONE);
			snprintf(l->text, sizeof l->text, "%6.6s %5.5s %7.2f %7.2f %s     %s", "", "",
				 s->prop_self / g->hz, s->prop_child / g->hz, calls, name);
		}
		free(v);
	} else {
		arcs_of(a, n, 1);
		primary = (uint32_t)a->nel;
		struct entry_line *l = add(a, 1, n, CG_NONE);
		view_primary_line(a, n, l->text, sizeof l->text);
		arcs_of(a, n, 0);
	}
	a->ep.n = (uint32_t)a->nel;
	/* Keep the cursor on the same line of the same entry, else on the
	 * primary line. */
	a->ep.cur = primary;
	if (same)
		for (uint32_t i = 0; i < a->ep.n; i++)
			if (a->el[i].node == keep_node && a->el[i].arc == keep_arc &&
			    a->el[i].kind == keep_kind)
				a->ep.cur = i;
	if (!same)
		a->ep.top = 0;
}

void view_entry_draw(struct app *a, int y, int h, int w)
{
	if (a->el_node != a->node || a->el_gen != edit_generation(a->ed))
		view_entry_build(a);
	view_pane_fix(&a->ep, h);
	for (int r = 0; r < h; r++) {
		uint32_t i = a->ep.top + (uint32_t)r;
		if (i >= a->ep.n) {
			draw_fill(y + r, w, 0);
			continue;
		}
		const struct entry_line *l = &a->el[i];
		char line[720], text[700];
		int cur = i == a->ep.cur;
		if (a->full_names)
			snprintf(text, sizeof text, "%s", l->text);
		else
			names_shorten(l->text, text, sizeof text, a->utf8);
		snprintf(line, sizeof line, "%c %s", cur && a->focus_entry ? '>' : ' ', text);
		int role = l->deleted ? 4 : l->kind == 1 ? 1 : 0;
		if (cur && a->focus_entry)
			role = 6;
		draw_row(y + r, w, line, role);
	}
	/* Lines scrolled off the top or past the bottom are announced. */
	const char *up = a->utf8 ? " \xe2\x86\x91 more above " : " ^ more above ";
	const char *down = a->utf8 ? " \xe2\x86\x93 more below " : " v more below ";
	if (a->ep.top > 0 && w > 30)
		draw_text(y, w - 14, 14, up, 3 | 0x100);
	if (a->ep.top + (uint32_t)h < a->ep.n && w > 30 && h > 1)
		draw_text(y + h - 1, w - 14, 14, down, 3 | 0x100);
}
