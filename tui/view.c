/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view: the table of views, and what every view shares: search over its
 * rows, panes, and the text views' buffer and drawing.  See view.h. */
#include "config.h"
#include "app.h"
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Indexed by enum view. */
static const struct view_ops *const views[V_N] = {
	[V_FLAT] = &view_flat_ops,       [V_GRAPH] = &view_graph_ops,
	[V_INDEX] = &view_index_ops,     [V_SOURCE] = &view_source_ops,
	[V_DELETED] = &view_deleted_ops, [V_HELP] = &view_help_ops,
	[V_CYCLES] = &view_cycles_ops,   [V_MESSAGES] = &view_messages_ops,
};

const struct view_ops *view_ops(int v)
{
	return views[v];
}

int view_lookup(const char *name)
{
	for (int v = 0; v < V_N; v++)
		if (strcmp(views[v]->name, name) == 0)
			return v;
	return -1;
}

int view_has_funcs(int v)
{
	return (views[v]->flags & VIEW_FUNCS) != 0;
}

int view_search(struct app *a, int dir, int from_next)
{
	const struct view_ops *ops = views[a->view];
	struct pane *p = &a->pane[a->view];
	char buf[1024];
	app_ensure_rows(a, a->view);
	uint32_t n = p->n;
	if (!a->search.text || !n || !ops->row_text)
		return -1;
	if (p->cur >= n)
		p->cur = n - 1;
	for (uint32_t k = from_next ? 1 : 0; k <= n; k++) {
		uint32_t i = (uint32_t)(((int64_t)p->cur + (dir < 0 ? -(int64_t)k : (int64_t)k)
					 + (int64_t)n * 2) % n);
		if (matcher_match(&a->search, ops->row_text(a, i, buf, sizeof buf))) {
			int wrapped = dir < 0 ? i > p->cur : i < p->cur;
			p->cur = i;
			return wrapped;
		}
	}
	return -1;
}

uint32_t view_match_count(struct app *a, uint32_t *nth)
{
	const struct view_ops *ops = views[a->view];
	char buf[1024];
	uint32_t n = a->pane[a->view].n, m = 0;
	*nth = 0;
	if (!a->search.text || !ops->row_text)
		return 0;
	for (uint32_t i = 0; i < n; i++) {
		if (matcher_match(&a->search, ops->row_text(a, i, buf, sizeof buf))) {
			m++;
			if (i <= a->pane[a->view].cur)
				*nth = m;
		}
	}
	return m;
}

void view_pane_fix(struct pane *p, int h)
{
	p->height = h > 0 ? (uint32_t)h : 0;
	if (p->cur >= p->n)
		p->cur = p->n ? p->n - 1 : 0;
	if (h <= 0)
		return;
	if (p->cur < p->top)
		p->top = p->cur;
	if (p->cur >= p->top + (uint32_t)h)
		p->top = p->cur - (uint32_t)h + 1;
	if (p->top + (uint32_t)h > p->n)
		p->top = p->n > (uint32_t)h ? p->n - (uint32_t)h : 0;
}

void textbuf_clear(struct textbuf *t)
{
	for (uint32_t i = 0; i < t->n; i++)
		free(t->lines[i]);
	t->n = 0;
}

void textbuf_add(struct textbuf *t, int attr, const char *fmt, ...)
{
	char buf[2048];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (t->n >= t->cap) {
		t->cap = t->cap ? t->cap * 2 : 64;
		t->lines = xrealloc(t->lines, t->cap * sizeof *t->lines);
		t->attr = xrealloc(t->attr, t->cap * sizeof *t->attr);
	}
	t->attr[t->n] = attr;
	t->lines[t->n++] = xstrdup(buf);
}

/* Rows that match the search are marked (bold) when not under the
 * cursor, so the count in the message can be seen on screen. */
void view_text_draw(struct app *a, struct textbuf *t, int v, int y, int h, int w)
{
	struct pane *p = &a->pane[v];
	p->n = t->n;
	view_pane_fix(p, h);
	for (int r = 0; r < h; r++) {
		uint32_t i = p->top + (uint32_t)r;
		if (i >= t->n) {
			draw_fill(y + r, w, 0);
			continue;
		}
		char line[2100];
		snprintf(line, sizeof line, "%c %s", i == p->cur ? '>' : ' ', t->lines[i]);
		int role = i == p->cur ? 6 : t->attr[i] == 1 ? 1 : t->attr[i] == 2 ? 3 : 0;
		draw_row(y + r, w, line, role);
	}
}
