/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view_flat: the flat profile, one row per function as GNU gprof prints
 * it (which functions, their order unless sorted by a column, the line
 * format and the per-call unit are core's rules, rows.h), with the unit
 * in the header.  Against a baseline, the functions only the baseline
 * has follow, with no time or calls in this run, marked "(removed)" after
 * the name and with the baseline's figures in the comparison's columns,
 * so the rows hold what the summary counts as removed. */
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

/* The view's own state. */
struct flat {
	double cumul;      /* the cumulative column runs down the rows as drawn */
	double unit_scale; /* of the per-call columns */
};

static const struct cg *graph(const void *ctx)
{
	return ((const struct app *)ctx)->g;
}

static int cmp_self(const void *ctx, uint32_t l, uint32_t r)
{
	return rows_flat_cmp(graph(ctx), l, r);
}

static int cmp_calls(const void *ctx, uint32_t l, uint32_t r)
{
	const struct cg *g = graph(ctx);
	return -util_cmp_num((double)g->nodes[l].ncalls, (double)g->nodes[r].ncalls);
}

static double per_call(const struct cg_node *s, int total)
{
	return s->ncalls
		       ? (s->self_time + (total ? s->child_time : 0)) / (double)s->ncalls
		       : -1;
}

static int cmp_self_call(const void *ctx, uint32_t l, uint32_t r)
{
	const struct cg *g = graph(ctx);
	return -util_cmp_num(per_call(&g->nodes[l], 0), per_call(&g->nodes[r], 0));
}

static int cmp_total_call(const void *ctx, uint32_t l, uint32_t r)
{
	const struct cg *g = graph(ctx);
	return -util_cmp_num(per_call(&g->nodes[l], 1), per_call(&g->nodes[r], 1));
}

static int cmp_name(const void *ctx, uint32_t l, uint32_t r)
{
	const struct cg *g = graph(ctx);
	return strcmp(g->nodes[l].sym->dname, g->nodes[r].sym->dname);
}

static const struct list_column columns[] = {
	{ "self", cmp_self, "self s", 0, 0, 0 },
	{ "calls", cmp_calls, "calls", 0, 0, 0 },
	{ "self-per-call", cmp_self_call, "self/c", 0, 0, 0 },
	{ "total-per-call", cmp_total_call, "total/c", 0, 0, 0 },
	{ "name", cmp_name, "name", 0, 0, 0 },
	{ "change", baseline_cmp_change, NULL, 0, 1, 0 },
	{ "significance", baseline_cmp_signif, NULL, 0, 1, 0 },
	{ NULL, NULL, NULL, 0, 0, 0 },
};

static void build(struct app *a, struct view *v)
{
	const struct cg *g = a->g;
	list_begin(v);
	for (uint32_t i = 0; i < g->nfuncs; i++)
		if (rows_flat_shown(g, i, a->o->report.zero))
			list_offer(a, v, i);
	if (baseline_active())
		list_offer_removed(a, v, NULL); /* all: the summary's count */
	list_finish(a, v, 0);
}

static void fmt(struct app *a, struct view *v, uint32_t n, char *buf, size_t len,
		double *pct)
{
	struct flat *f = v->priv;
	const struct cg *g = a->g;
	char row[ROWS_MAX];
	*pct = 0;
	if (n & VIEW_ROW_BASE) {
		/* the line's widths as rows_flat()'s; the mark after the
		 * name, which stays in sight when the numbers do not */
		snprintf(buf, len, "%6.2f %9.2f %8.2f %8s %8s %8s  %s  (removed)", 0.0,
			 cg_seconds(g, f->cumul), 0.0, "", "", "", baseline_row_name(n));
		return;
	}
	f->cumul += g->nodes[n].self_time;
	char *e = rows_flat(row, g, n, f->cumul, f->unit_scale, 0);
	char nb[64];
	snprintf(buf, len, "%.*s%s", (int)(e - row), row,
		 app_node_name(a, n, nb, sizeof nb));
	*pct = cg_flat_percent(g, n);
}

static void draw(struct app *a, struct view *v, int y, int h, int w)
{
	struct flat *f = v->priv;
	char head[160];
	const char *unit = rows_flat_unit(a->g, 0, &f->unit_scale);
	/* GNU's two header lines in one: the per-call columns say which is
	 * self and which total, and their unit (the one GNU's header
	 * gives) follows the name's label. */
	snprintf(head, sizeof head, "  %6s %9s %8s %8s %8s %8s  %s (per call: %ss)",
		 " %time", "cumul s", "self s", "calls", "self/c", "total/c", "name",
		 unit);
	list_draw_header(a, v, y, w, head, 6);
	struct pane *p = &v->pane;
	view_pane_fix(p, h - 1);
	f->cumul = 0;
	for (uint32_t i = 0; i < p->top && i < p->n; i++)
		if (!(v->rows[i] & VIEW_ROW_BASE))
			f->cumul += a->g->nodes[v->rows[i]].self_time;
	list_draw_rows(a, v, y + 1, h - 1, w, fmt, 6);
}

const struct view_ops view_flat_ops = {
	.name = "flat",
	.keymap = KV_FLAT,
	.flags = VIEW_FUNCS | VIEW_SELF_TIME | VIEW_HEADER,
	.private_size = sizeof(struct flat),
	.build = build,
	.draw = draw,
	.key = list_ops_enter_graph,
	.row_text = list_ops_row_text,
	.current = list_ops_current,
	.row_name = list_ops_row_name,
	.columns = columns,
};
