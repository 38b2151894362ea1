/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view: the table of views, and what every view shares: panes and the
 * text views' drawing.  See view.h. */
#include "config.h"
#include "view.h"
#include "draw.h"
#include "names.h"
#include "textbuf.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Indexed by enum view_id; the loop's (view_set_table). */
static const struct view_ops *const *views;

void view_set_table(const struct view_ops *const *table)
{
	views = table;
}

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

/* Rows that match the search are marked (bold) when not under the
 * cursor, so the count in the message can be seen on screen. */
void view_text_draw(struct pane *p, const struct textbuf *t, int y, int h, int w,
		    int hscroll)
{
	p->n = t->n;
	view_pane_fix(p, h);
	for (int r = 0; r < h; r++) {
		uint32_t i = p->top + (uint32_t)r;
		if (i >= t->n) {
			draw_fill(y + r, w, 0);
			continue;
		}
		const char *text = names_skip(t->lines[i], hscroll);
		size_t len = strlen(text) + 3;
		char *line = xmalloc(len);
		snprintf(line, len, "%c %s", i == p->cur ? '>' : ' ', text);
		int role = i == p->cur       ? 6
			   : t->attr[i] == 1 ? 1
			   : t->attr[i] == 2 ? 3
					     : 0;
		draw_row(y + r, w, line, role);
		free(line);
	}
}

void view_init_ops(struct view *v, const struct view_ops *ops)
{
	memset(v, 0, sizeof *v);
	v->id = -1;
	v->ops = ops;
	v->dirty = 1;
	if (ops->private_size)
		v->priv = xcalloc(1, ops->private_size);
}

void view_init(struct view *v, int id)
{
	view_init_ops(v, views[id]);
	v->id = id;
}

void view_fini(struct view *v)
{
	if (v->ops && v->ops->done)
		v->ops->done(v);
	free(v->priv);
	free(v->rows);
	memset(v, 0, sizeof *v);
}

struct textbuf *view_text(struct view *v)
{
	return v->priv;
}

void view_text_build(struct app *a, struct view *v)
{
	(void)a;
	v->pane.n = view_text(v)->n;
}

void view_text_ops_draw(struct app *a, struct view *v, int y, int h, int w)
{
	(void)a;
	view_text_draw(&v->pane, view_text(v), y, h, w, v->hscroll);
}

const char *view_text_row_text(struct app *a, struct view *v, uint32_t i, char *buf,
			       size_t len)
{
	const struct textbuf *t = view_text(v);
	(void)a, (void)buf, (void)len;
	return i < t->n ? t->lines[i] : "";
}

void view_text_done(struct view *v)
{
	textbuf_free(view_text(v));
}
