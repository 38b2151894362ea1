/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view_index: GNU gprof's index of names, one row per function or cycle
 * with its [N]; functions sharing a name are told apart as the report's
 * index does it, by their file. */
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
	return rows_index_cmp(((const struct app *)ctx)->g, l, r);
}

static int cmp_index(const void *ctx, uint32_t l, uint32_t r)
{
	const struct cg *g = ((const struct app *)ctx)->g;
	return util_cmp_num(g->nodes[l].index, g->nodes[r].index);
}

static const struct list_column columns[] = {
	{ "name", cmp_name, "name", 0, 0 },
	{ "index", cmp_index, "index", 0, 0 },
	{ "change", baseline_cmp_change, NULL, 0, 1 },
	{ "significance", baseline_cmp_signif, NULL, 0, 1 },
	{ NULL, NULL, NULL, 0, 0 },
};

static void build(struct app *a, struct view *v)
{
	const struct cg *g = a->g;
	list_begin(v);
	for (uint32_t i = 0; i < g->nfuncs + g->ncycles; i++) {
		if (rows_index_shown(g, i, a->o->report.zero))
			list_offer(a, v, i);
	}
	list_finish(a, v, 0);
}

static void fmt(struct app *a, struct view *v, uint32_t n, char *buf, size_t len,
		double *pct)
{
	const struct cg_node *s = &a->g->nodes[n];
	char idx[32], tmp[64], file[300] = "", cyc[ROWS_CYCLE_MAX];
	/* the label and file as gprof's index prints them (the file tells
	 * static namesakes apart) */
	const char *f =
		rows_index_file(a->g, n, a->o->report.print_path, a->o->report.line);
	rows_index_label(a->g, n, idx, sizeof idx);
	if (f)
		snprintf(file, sizeof file, " (%s)", f);
	*rows_cycle_name(cyc, s->cycle, 0) = 0;
	if (n >= a->g->nfuncs)
		snprintf(buf, len, "%6s %s", idx, cyc);
	else if (s->cycle)
		snprintf(buf, len, "%6s %s%s %s", idx,
			 app_node_name(a, n, tmp, sizeof tmp), file, cyc);
	else
		snprintf(buf, len, "%6s %s%s", idx, app_node_name(a, n, tmp, sizeof tmp),
			 file);
	*pct = list_node_pct(a, v->id, n);
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
	.columns = columns,
};
