/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view_graph: the call graph, one row per entry: GNU gprof's primary
 * line, in its order unless sorted by a column; which entries and the
 * line format are core's rules (rows.h).
 * The entry pane below shows the selected row's whole entry.
 *
 * Against a baseline, each function only the baseline has (and that has
 * an entry in the baseline's call graph) gets a row like an entry's: the primary line of its entry in the baseline's call
 * graph (percentage, self, children and calls as gprof prints the
 * baseline) without the index, which is the baseline's, and "(removed)"
 * after the name.  Its numbers order it as this run's are ordered: in
 * GNU's order it comes where its total time (seconds) falls among this
 * run's entries.  It has no entry pane. */
#include "config.h"
#include "view_graph.h"
#include "app.h"
#include "list.h"
#include "baseline.h"
#include "action.h"
#include "keymap.h"
#include "rows.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The nodes of rows L and R (a removed function's is the baseline's)
 * and what their ticks are worth: seconds when the rows are of two
 * models (the rates may differ), else the ticks themselves, so that
 * this run's rows keep GNU's order to the tick. */
struct pair {
	const struct cg_node *l, *r;
	double sl, sr;
};

static struct pair pair_of(const void *ctx, uint32_t l, uint32_t r)
{
	uint32_t nl, nr;
	const struct cg *gl = list_row_graph(ctx, l, &nl);
	const struct cg *gr = list_row_graph(ctx, r, &nr);
	int two = ((l ^ r) & VIEW_ROW_BASE) != 0;
	return (struct pair){ &gl->nodes[nl], &gr->nodes[nr], two ? cg_seconds(gl, 1) : 1,
			      two ? cg_seconds(gr, 1) : 1 };
}

/* GNU's order: this run's rows by their index; a removed function's by
 * its total time, after this run's of the same time. */
static int cmp_index(const void *ctx, uint32_t l, uint32_t r)
{
	struct pair p = pair_of(ctx, l, r);
	if (!((l | r) & VIEW_ROW_BASE))
		return util_cmp_num(p.l->index, p.r->index);
	int c = -util_cmp_num((p.l->prop_self + p.l->prop_child) * p.sl,
			      (p.r->prop_self + p.r->prop_child) * p.sr);
	return c ? c : ((l & VIEW_ROW_BASE) != 0) - ((r & VIEW_ROW_BASE) != 0);
}

static int cmp_self(const void *ctx, uint32_t l, uint32_t r)
{
	struct pair p = pair_of(ctx, l, r);
	return -util_cmp_num(p.l->prop_self * p.sl, p.r->prop_self * p.sr);
}

static int cmp_children(const void *ctx, uint32_t l, uint32_t r)
{
	struct pair p = pair_of(ctx, l, r);
	return -util_cmp_num(p.l->prop_child * p.sl, p.r->prop_child * p.sr);
}

static int cmp_calls(const void *ctx, uint32_t l, uint32_t r)
{
	struct pair p = pair_of(ctx, l, r);
	return -util_cmp_num((double)(p.l->ncalls + p.l->self_calls),
			     (double)(p.r->ncalls + p.r->self_calls));
}

static const char *name_of(const void *ctx, uint32_t row)
{
	uint32_t n;
	const struct cg *g = list_row_graph(ctx, row, &n);
	return n < g->nfuncs ? g->nodes[n].sym->dname : "";
}

static int cmp_name(const void *ctx, uint32_t l, uint32_t r)
{
	return strcmp(name_of(ctx, l), name_of(ctx, r));
}

/* Every column orders the removed functions' rows by the numbers they
 * show (list.h). */
static const struct list_column columns[] = {
	{ "total", cmp_index, "% time", 0, 0, 1 },
	{ "self", cmp_self, "self", 0, 0, 1 },
	{ "children", cmp_children, "children", 0, 0, 1 },
	{ "calls", cmp_calls, "called", 0, 0, 1 },
	{ "name", cmp_name, "name", 0, 0, 1 },
	{ "change", baseline_cmp_change, NULL, 0, 1, 1 },
	{ "significance", baseline_cmp_signif, NULL, 0, 1, 1 },
	{ NULL, NULL, NULL, 0, 0, 0 },
};

/* Whether G's call graph has an entry for N. */
static int shown(const struct app *a, const struct cg *g, uint32_t n)
{
	return rows_graph_shown(g, n, a->o->report.zero, a->o->report.line);
}

static void build(struct app *a, struct view *v)
{
	const struct cg *g = a->g;
	/* Which nodes have an entry, in node order (one pass over the
	 * nodes), then the rows in print order: reading the nodes in that
	 * order, random, took 2 ms of a redraw on 60,000 functions. */
	uint8_t *on = xmalloc((size_t)g->norder + 1);
	for (uint32_t n = 0; n < g->norder; n++)
		on[n] = (uint8_t)shown(a, g, n);
	list_begin(v);
	for (uint32_t k = 0; k < g->norder; k++)
		if (on[g->order[k]])
			list_offer(a, v, g->order[k]);
	free(on);
	if (baseline_active())
		list_offer_removed(a, v, shown);
	list_finish(a, v, 1);
}

void view_primary_line(const struct app *a, uint32_t n, char *buf, size_t len)
{
	const struct cg *g = a->g;
	char row[ROWS_MAX];

	if (cg_is_cycle(g, n)) {
		char *e = rows_cycle(row, g, n, 0);
		snprintf(buf, len, "%.*s", (int)(e - row), row);
	} else {
		app_named(a, buf, len, row, rows_primary(row, g, n, 0), n);
	}
}

static void fmt(struct app *a, struct view *v, uint32_t n, char *buf, size_t len,
		double *pct)
{
	*pct = list_node_pct(a, v->id, n);
	if (n & VIEW_ROW_BASE) {
		/* the baseline's primary line, its index blanked (6 wide) */
		char row[ROWS_MAX];
		uint32_t b;
		const struct cg *g = list_row_graph(a, n, &b);
		char *e = rows_primary(row, g, b, 0);
		snprintf(buf, len, "%6s%.*s%s  (removed)", "", (int)(e - row - 6),
			 row + 6, baseline_row_name(n));
		return;
	}
	view_primary_line(a, n, buf, len);
}

static void draw(struct app *a, struct view *v, int y, int h, int w)
{
	char head[80];
	snprintf(head, sizeof head, "  %s", rows_graph_heading);
	list_draw_header(a, v, y, w, head, 12);
	list_draw_rows(a, v, y + 1, h - 1, w, fmt, 12);
}

static int key(struct app *a, struct view *v, int act)
{
	if (act != ACT_ENTER)
		return 0;
	if (list_enter_removed(a, v))
		return 1;
	/* The entry of the row is the pane below: Enter goes into it. */
	if (a->entry_h > 0)
		a->focus_entry = 1;
	return 1;
}

const struct view_ops view_graph_ops = {
	.name = "graph",
	.keymap = KV_GRAPH,
	.flags = VIEW_FUNCS | VIEW_HEADER,
	.build = build,
	.draw = draw,
	.key = key,
	.row_text = list_ops_row_text,
	.current = list_ops_current,
	.row_name = list_ops_row_name,
	.columns = columns,
};
