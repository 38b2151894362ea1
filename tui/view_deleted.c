/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view_deleted: the arcs deleted so far, caller and callee, each
 * restored by Enter (or d, r).  A list (list.h) whose rows are arcs, in
 * the order they were deleted unless sorted by a column. */
#include "config.h"
#include "app.h"
#include "action.h"
#include "draw.h"
#include "keymap.h"
#include "list.h"
#include "names.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

static const struct cg_arc *arc_of(const void *ctx, uint32_t i)
{
	return &((const struct app *)ctx)->g->arcs[i];
}

static int cmp_order(const void *ctx, uint32_t l, uint32_t r)
{
	(void)ctx, (void)l, (void)r;
	return 0; /* as deleted: the sort is stable */
}

static int cmp_calls(const void *ctx, uint32_t l, uint32_t r)
{
	return -util_cmp_num((double)arc_of(ctx, l)->count,
			     (double)arc_of(ctx, r)->count);
}

static int cmp_end(const void *ctx, uint32_t l, uint32_t r, int callee)
{
	const struct cg *g = ((const struct app *)ctx)->g;
	const struct cg_arc *x = arc_of(ctx, l), *y = arc_of(ctx, r);
	return strcmp(g->nodes[callee ? x->child : x->parent].sym->dname,
		      g->nodes[callee ? y->child : y->parent].sym->dname);
}

static int cmp_caller(const void *ctx, uint32_t l, uint32_t r)
{
	return cmp_end(ctx, l, r, 0);
}

static int cmp_callee(const void *ctx, uint32_t l, uint32_t r)
{
	return cmp_end(ctx, l, r, 1);
}

static const struct list_column columns[] = {
	{ "order", cmp_order, NULL, 0, 0, 0 },
	{ "calls", cmp_calls, "calls", 0, 0, 0 },
	{ "caller", cmp_caller, "caller", 0, 0, 0 },
	{ "callee", cmp_callee, "callee", 0, 0, 0 },
	{ NULL, NULL, NULL, 0, 0, 0 },
};

static void build(struct app *a, struct view *v)
{
	size_t n;
	const uint32_t *d = edit_deleted_arcs(a->ed, &n);
	list_begin(v);
	for (size_t i = 0; i < n; i++)
		list_add(v, d[i]);
	list_finish(a, v, 1);
}

/* NAME as shown (shortened unless full names), cut to MAX display
 * characters with a mark, so both ends of an arc stay on screen. */
static void fit(const struct app *a, const char *name, int max, char *out, size_t len)
{
	char s[1024];
	if (!a->full_names)
		names_shorten(name, s, sizeof s, a->utf8);
	else
		snprintf(s, sizeof s, "%s", name);
	const char *cut = names_skip(s, max > 1 ? max - 1 : 0);
	if (max > 1 && *cut && *names_skip(cut, 1))
		snprintf(out, len, "%.*s%s", (int)(cut - s), s,
			 a->utf8 ? "\xe2\x80\xa6" : "~");
	else
		snprintf(out, len, "%s", s);
}

static void draw(struct app *a, struct view *v, int y, int h, int w)
{
	struct pane *p = &v->pane;
	const struct cg *g = a->g;
	list_draw_header(a, v, y, w,
			 "       calls  caller -> callee  (Enter or d restores)", 0);
	view_pane_fix(p, h - 1);
	for (int r = 0; r < h - 1; r++) {
		uint32_t i = p->top + (uint32_t)r;
		if (i >= p->n) {
			draw_fill(y + 1 + r, w, 0);
			continue;
		}
		const struct cg_arc *arc = &g->arcs[v->rows[i]];
		char line[2300], from[1100], to[1100];
		int half = (w - 18) / 2, used = 0;
		/* both ends scrolled sideways alike */
		fit(a, names_skip(g->nodes[arc->parent].sym->dname, v->hscroll), half,
		    from, sizeof from);
		for (const char *s = from; *s; s = names_skip(s, 1))
			used++;
		/* The callee gets what the caller leaves, at least half. */
		fit(a, names_skip(g->nodes[arc->child].sym->dname, v->hscroll),
		    w - 18 - used > half ? w - 18 - used : half, to, sizeof to);
		snprintf(line, sizeof line, "%c %10lu  %s -> %s", i == p->cur ? '>' : ' ',
			 (unsigned long)arc->count, from, to);
		draw_row(y + 1 + r, w, line, i == p->cur ? 6 : 0);
	}
	if (p->n == 0)
		draw_row(y + 1, w, "  no arc is deleted", 0);
}

static int key(struct app *a, struct view *v, int act)
{
	struct pane *p = &v->pane;
	if (act != ACT_ENTER && act != ACT_RESTORE_ARC && act != ACT_DELETE_ARC)
		return 0;
	if (!p->n)
		app_message(a, 1, "no deleted arc");
	else
		app_arc_edit(a, v->rows[p->cur], 1);
	return 1;
}

static const char *row_text(struct app *a, struct view *v, uint32_t i, char *buf,
			    size_t len)
{
	const struct cg *g = a->g;
	const struct cg_arc *arc = &g->arcs[v->rows[i]];
	snprintf(buf, len, "%s -> %s", g->nodes[arc->parent].sym->dname,
		 g->nodes[arc->child].sym->dname);
	return buf;
}

static char *row_name(struct app *a, struct view *v)
{
	return app_arc_name(a, v->rows[v->pane.cur]);
}

const struct view_ops view_deleted_ops = {
	.name = "deleted",
	.keymap = KV_DELETED,
	.flags = VIEW_HEADER,
	.build = build,
	.draw = draw,
	.key = key,
	.row_text = row_text,
	.row_name = row_name,
	.columns = columns,
};
