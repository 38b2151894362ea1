/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view_flat: the flat profile, one row per function as GNU gprof prints
 * it (which functions, their order unless sorted by a column, the line
 * format and the per-call unit are core's rules, rows.h), with the unit
 * in the header. */
#include "config.h"
#include "app.h"
#include "list.h"
#include "baseline.h"
#include "action.h"
#include "keymap.h"
#include "rows.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

/* The cumulative column runs down the rows as drawn. */
static double cumul;
static double unit_scale = 1;

static int cmp_num(double x, double y)
{
	return x < y ? -1 : x > y;
}

static int cmp_calls(const void *ctx, uint32_t l, uint32_t r)
{
	const struct cg *g = ctx;
	return -cmp_num((double)g->nodes[l].ncalls, (double)g->nodes[r].ncalls);
}

static double per_call(const struct cg_node *s, int total)
{
	return s->ncalls
		       ? (s->self_time + (total ? s->child_time : 0)) / (double)s->ncalls
		       : -1;
}

static int cmp_self_call(const void *ctx, uint32_t l, uint32_t r)
{
	const struct cg *g = ctx;
	return -cmp_num(per_call(&g->nodes[l], 0), per_call(&g->nodes[r], 0));
}

static int cmp_total_call(const void *ctx, uint32_t l, uint32_t r)
{
	const struct cg *g = ctx;
	return -cmp_num(per_call(&g->nodes[l], 1), per_call(&g->nodes[r], 1));
}

static int cmp_name(const void *ctx, uint32_t l, uint32_t r)
{
	const struct cg *g = ctx;
	return strcmp(g->nodes[l].sym->dname, g->nodes[r].sym->dname);
}

static const struct list_column columns[] = {
	{ "self", rows_flat_cmp, "self s", 0 },
	{ "calls", cmp_calls, "calls", 0 },
	{ "self-per-call", cmp_self_call, "s/call", 0 },
	{ "total-per-call", cmp_total_call, "s/call", 1 },
	{ "name", cmp_name, "name", 0 },
	/* against a baseline (baseline.h) */
	{ "change", baseline_cmp_change, NULL, 0 },
	{ "significance", baseline_cmp_signif, NULL, 0 },
	{ NULL, NULL, NULL, 0 },
};

static void build(struct app *a)
{
	const struct cg *g = a->g;
	list_begin(a, V_FLAT);
	for (uint32_t i = 0; i < g->nfuncs; i++)
		if (rows_flat_shown(g, i, a->o->zero))
			list_offer(a, V_FLAT, i);
	list_finish(a, V_FLAT, 0);
}

static void fmt(struct app *a, uint32_t n, char *buf, size_t len, double *pct)
{
	const struct cg *g = a->g;
	char row[ROWS_MAX];
	cumul += g->nodes[n].self_time;
	char *e = rows_flat(row, g, n, cumul, unit_scale, 0);
	snprintf(buf, len, "%.*s%s", (int)(e - row), row, g->nodes[n].sym->dname);
	*pct = cg_flat_percent(g, n);
}

static void draw(struct app *a, int y, int h, int w)
{
	char head[160], self[16], total[16];
	const char *unit = rows_flat_unit(a->g, 0, &unit_scale);
	/* The per-call columns in the unit GNU's header gives them. */
	snprintf(self, sizeof self, "%ss/call", unit);
	snprintf(total, sizeof total, "%ss/call", unit);
	snprintf(head, sizeof head, "  %6s %9s %8s %8s %8s %8s  %s", " %time", "cumul s",
		 "self s", "calls", self, total, "name");
	list_draw_header(a, V_FLAT, y, w, head);
	struct pane *p = &a->pane[V_FLAT];
	view_pane_fix(p, h - 1);
	cumul = 0;
	for (uint32_t i = 0; i < p->top && i < p->n; i++)
		cumul += a->g->nodes[app_row(a, V_FLAT, i)].self_time;
	list_draw_rows(a, V_FLAT, y + 1, h - 1, w, fmt, 6);
}

const struct view_ops view_flat_ops = {
	.name = "flat",
	.keymap = KV_FLAT,
	.flags = VIEW_FUNCS | VIEW_SELF_TIME | VIEW_HEADER,
	.build = build,
	.draw = draw,
	.key = list_ops_enter_graph,
	.row_text = list_ops_row_text,
	.current = list_ops_current,
	.columns = columns,
};
