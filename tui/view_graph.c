/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view_graph: the call graph, one row per entry: GNU gprof's primary
 * line, in its order unless sorted by a column; which entries and the
 * line format are core's rules (rows.h).
 * The entry pane below shows the selected row's whole entry. */
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
#include <string.h>

static const struct cg *graph(const void *ctx)
{
	return ((const struct app *)ctx)->g;
}

static int cmp_index(const void *ctx, uint32_t l, uint32_t r)
{
	const struct cg *g = graph(ctx);
	return util_cmp_num(g->nodes[l].index, g->nodes[r].index);
}

static int cmp_self(const void *ctx, uint32_t l, uint32_t r)
{
	const struct cg *g = graph(ctx);
	return -util_cmp_num(g->nodes[l].prop_self, g->nodes[r].prop_self);
}

static int cmp_children(const void *ctx, uint32_t l, uint32_t r)
{
	const struct cg *g = graph(ctx);
	return -util_cmp_num(g->nodes[l].prop_child, g->nodes[r].prop_child);
}

static int cmp_calls(const void *ctx, uint32_t l, uint32_t r)
{
	const struct cg *g = graph(ctx);
	const struct cg_node *a = &g->nodes[l], *b = &g->nodes[r];
	return -util_cmp_num((double)(a->ncalls + a->self_calls),
			     (double)(b->ncalls + b->self_calls));
}

static int cmp_name(const void *ctx, uint32_t l, uint32_t r)
{
	const struct cg *g = graph(ctx);
	const char *a = l < g->nfuncs ? g->nodes[l].sym->dname : "";
	const char *b = r < g->nfuncs ? g->nodes[r].sym->dname : "";
	return strcmp(a, b);
}

static const struct list_column columns[] = {
	{ "total", cmp_index, "% time", 0, 0 },
	{ "self", cmp_self, "self", 0, 0 },
	{ "children", cmp_children, "children", 0, 0 },
	{ "calls", cmp_calls, "called", 0, 0 },
	{ "name", cmp_name, "name", 0, 0 },
	{ "change", baseline_cmp_change, NULL, 0, 1 },
	{ "significance", baseline_cmp_signif, NULL, 0, 1 },
	{ NULL, NULL, NULL, 0, 0 },
};

static void build(struct app *a, struct view *v)
{
	const struct cg *g = a->g;
	list_begin(v);
	for (uint32_t k = 0; k < g->norder; k++)
		if (rows_graph_shown(g, g->order[k], a->o->report.zero,
				     a->o->report.line))
			list_offer(a, v, g->order[k]);
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
	view_primary_line(a, n, buf, len);
	*pct = list_node_pct(a, v->id, n);
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
	(void)v;
	if (act != ACT_ENTER)
		return 0;
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
	.columns = columns,
};
