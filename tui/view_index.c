/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view_index: GNU gprof's index of names, one row per function or cycle
 * with its [N]; functions sharing a name are told apart as the report's
 * index does it, by their file.  Against a baseline, the functions only
 * the baseline has are listed too (those the baseline's index lists), in the index's order among this
 * run's, without an index (theirs is the baseline's) and marked
 * "(removed)". */
#include "config.h"
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

static int cmp_name(const void *ctx, uint32_t l, uint32_t r)
{
	uint32_t nl, nr;
	const struct cg *gl = list_row_graph(ctx, l, &nl);
	const struct cg *gr = list_row_graph(ctx, r, &nr);
	return rows_index_cmp_in(gl, nl, gr, nr);
}

static int cmp_index(const void *ctx, uint32_t l, uint32_t r)
{
	const struct cg *g = ((const struct app *)ctx)->g;
	return util_cmp_num(g->nodes[l].index, g->nodes[r].index);
}

/* The removed functions' rows have no index: they follow this run's when
 * sorted by it (list.h). */
static const struct list_column columns[] = {
	{ "name", cmp_name, "name", 0, 0, 1 },
	{ "index", cmp_index, "index", 0, 0, 0 },
	{ "change", baseline_cmp_change, NULL, 0, 1, 1 },
	{ "significance", baseline_cmp_signif, NULL, 0, 1, 1 },
	{ NULL, NULL, NULL, 0, 0, 0 },
};

/* Whether G's index lists N. */
static int shown(const struct app *a, const struct cg *g, uint32_t n)
{
	return rows_index_shown(g, n, a->o->report.zero);
}

static void build(struct app *a, struct view *v)
{
	const struct cg *g = a->g;
	list_begin(v);
	for (uint32_t i = 0; i < g->nfuncs + g->ncycles; i++) {
		if (shown(a, g, i))
			list_offer(a, v, i);
	}
	if (baseline_active())
		list_offer_removed(a, v, shown);
	list_finish(a, v, 0);
}

static void fmt(struct app *a, struct view *v, uint32_t n, char *buf, size_t len,
		double *pct)
{
	char idx[32], tmp[64], file[300] = "", cyc[ROWS_CYCLE_MAX];
	/* the label and file as gprof's index prints them (the file tells
	 * static namesakes apart; the baseline's for a removed function) */
	uint32_t b;
	const struct cg *g = list_row_graph(a, n, &b);
	const char *f = rows_index_file(g, b, a->o->report.print_path, a->o->report.line);
	if (f)
		snprintf(file, sizeof file, " (%s)", f);
	*pct = list_node_pct(a, v->id, n);
	if (n & VIEW_ROW_BASE) {
		snprintf(buf, len, "%6s %s%s  (removed)", "", baseline_row_name(n), file);
		return;
	}
	const struct cg_node *s = &a->g->nodes[n];
	rows_index_label(a->g, n, idx, sizeof idx);
	*rows_cycle_name(cyc, s->cycle, 0) = 0;
	if (n >= a->g->nfuncs)
		snprintf(buf, len, "%6s %s", idx, cyc);
	else if (s->cycle)
		snprintf(buf, len, "%6s %s%s %s", idx,
			 app_node_name(a, n, tmp, sizeof tmp), file, cyc);
	else
		snprintf(buf, len, "%6s %s%s", idx, app_node_name(a, n, tmp, sizeof tmp),
			 file);
}

static void draw(struct app *a, struct view *v, int y, int h, int w)
{
	list_draw_header(a, v, y, w, "  index  name", 0);
	list_draw_rows(a, v, y + 1, h - 1, w, fmt, 0);
}

const struct view_ops view_index_ops = {
	.name = "index",
	.keymap = KV_INDEX,
	.flags = VIEW_FUNCS | VIEW_HEADER,
	.build = build,
	.draw = draw,
	.key = list_ops_enter_graph,
	.row_text = list_ops_row_text,
	.current = list_ops_current,
	.row_name = list_ops_row_name,
	.columns = columns,
};
