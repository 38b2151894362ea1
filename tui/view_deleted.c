/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view_deleted: the arcs deleted so far, caller and callee, each
 * restored by Enter (or d, r). */
#include "config.h"
#include "app.h"
#include "action.h"
#include "draw.h"
#include "keymap.h"
#include "names.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

/* The view's own state: its rows, the deleted arcs as last built. */
static uint32_t *arcs;
static size_t arccap;

static void build(struct app *a)
{
	size_t n;
	const uint32_t *d = edit_deleted_arcs(a->ed, &n);
	util_grow((void **)&arcs, &arccap, n + 1, sizeof *arcs);
	for (size_t i = 0; i < n; i++)
		arcs[i] = d[i];
	a->pane[V_DELETED].n = (uint32_t)n;
	if (a->pane[V_DELETED].cur >= n)
		a->pane[V_DELETED].cur = n ? (uint32_t)n - 1 : 0;
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

static void draw(struct app *a, int y, int h, int w)
{
	struct pane *p = &a->pane[V_DELETED];
	const struct cg *g = a->g;
	draw_row(y, w, "       calls  caller -> callee  (Enter or d restores)", 3);
	view_pane_fix(p, h - 1);
	for (int r = 0; r < h - 1; r++) {
		uint32_t i = p->top + (uint32_t)r;
		if (i >= p->n) {
			draw_fill(y + 1 + r, w, 0);
			continue;
		}
		const struct cg_arc *arc = &g->arcs[arcs[i]];
		char line[2300], from[1100], to[1100];
		int half = (w - 18) / 2, used = 0;
		fit(a, g->nodes[arc->parent].sym->dname, half, from, sizeof from);
		for (const char *s = from; *s; s = names_skip(s, 1))
			used++;
		/* The callee gets what the caller leaves, at least half. */
		fit(a, g->nodes[arc->child].sym->dname,
		    w - 18 - used > half ? w - 18 - used : half, to, sizeof to);
		snprintf(line, sizeof line, "%c %10lu  %s -> %s", i == p->cur ? '>' : ' ',
			 (unsigned long)arc->count, from, to);
		draw_row(y + 1 + r, w, line, i == p->cur ? 6 : 0);
	}
	if (p->n == 0)
		draw_row(y + 1, w, "  no arc is deleted", 0);
}

static int key(struct app *a, int act)
{
	struct pane *p = &a->pane[V_DELETED];
	if (act != ACT_ENTER && act != ACT_RESTORE_ARC && act != ACT_DELETE_ARC)
		return 0;
	if (!p->n)
		app_message(a, 1, "no deleted arc");
	else
		app_arc_edit(a, arcs[p->cur], 1);
	return 1;
}

static const char *row_text(struct app *a, uint32_t i, char *buf, size_t len)
{
	const struct cg *g = a->g;
	const struct cg_arc *arc = &g->arcs[arcs[i]];
	snprintf(buf, len, "%s -> %s", g->nodes[arc->parent].sym->dname,
		 g->nodes[arc->child].sym->dname);
	return buf;
}

const struct view_ops view_deleted_ops = {
	.name = "deleted",
	.keymap = KV_DELETED,
	.flags = VIEW_HEADER,
	.build = build,
	.draw = draw,
	.key = key,
	.row_text = row_text,
};
