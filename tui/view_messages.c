/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view_messages: every message of the session (:messages), oldest first,
 * each wrapped to the screen's width so that long ones can be read
 * whole; the cursor starts on the newest. */
#include "config.h"
#include "app.h"
#include "keymap.h"
#include "util.h"

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <string.h>

/* The view's own state: the log (app.msglog) as shown, and what it was
 * wrapped for.  A text view (view.h): the text first. */
struct messages {
	struct textbuf shown;
	uint32_t shown_n;
	int shown_w;
};

static void wrap(struct app *a, struct view *v, int w)
{
	struct messages *m = v->priv;
	struct textbuf *t = &m->shown;
	if (w < 10)
		w = 10;
	if (m->shown_w == w && m->shown_n == a->msglog.n && t->n)
		return;
	int at_end = v->pane.cur + 1 >= t->n;
	textbuf_clear(t);
	textbuf_add(t, 2, "messages of this session, oldest first");
	for (uint32_t i = 0; i < a->msglog.n; i++) {
		const char *s = a->msglog.lines[i];
		int first = 1;
		do {
			int k = (int)strlen(s);
			if (k > w - 2) {
				k = w - 2;
				while (k > 0 && ((unsigned char)s[k] & 0xc0) == 0x80)
					k--; /* not inside a UTF-8 character */
			}
			textbuf_add(t, a->msglog.attr[i], "%s%.*s", first ? "" : "  ", k,
				    s);
			s += k;
			first = 0;
		} while (*s);
	}
	m->shown_w = w;
	m->shown_n = a->msglog.n;
	v->pane.n = t->n;
	if (at_end)
		v->pane.cur = t->n - 1;
}

static void open_view(struct app *a, struct view *v)
{
	wrap(a, v, COLS - 3);
	v->pane.cur = v->pane.n ? v->pane.n - 1 : 0;
}

static void build(struct app *a, struct view *v)
{
	wrap(a, v, COLS - 3);
}

static void draw(struct app *a, struct view *v, int y, int h, int w)
{
	wrap(a, v, w - 3);
	view_text_ops_draw(a, v, y, h, w);
}

const struct view_ops view_messages_ops = {
	.name = "messages",
	.keymap = KV_HELP,
	.private_size = sizeof(struct messages),
	.open = open_view,
	.build = build,
	.draw = draw,
	.row_text = view_text_row_text,
	.done = view_text_done,
};
