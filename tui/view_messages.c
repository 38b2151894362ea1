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

/* The log (app.msglog) as shown, and what it was wrapped for. */
static struct textbuf shown;
static uint32_t shown_n;
static int shown_w;

static void wrap(struct app *a, int w)
{
	if (w < 10)
		w = 10;
	if (shown_w == w && shown_n == a->msglog.n && shown.n)
		return;
	int at_end = a->pane[V_MESSAGES].cur + 1 >= shown.n;
	textbuf_clear(&shown);
	textbuf_add(&shown, 2, "messages of this session, oldest first");
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
			textbuf_add(&shown, a->msglog.attr[i], "%s%.*s",
				    first ? "" : "  ", k, s);
			s += k;
			first = 0;
		} while (*s);
	}
	shown_w = w;
	shown_n = a->msglog.n;
	a->pane[V_MESSAGES].n = shown.n;
	if (at_end)
		a->pane[V_MESSAGES].cur = shown.n - 1;
}

static void open_view(struct app *a)
{
	wrap(a, COLS - 3);
	a->pane[V_MESSAGES].cur = shown.n ? shown.n - 1 : 0;
}

static void build(struct app *a)
{
	wrap(a, COLS - 3);
}

static void draw(struct app *a, int y, int h, int w)
{
	wrap(a, w - 3);
	view_text_draw(&a->pane[V_MESSAGES], &shown, y, h, w);
}

static const char *row_text(struct app *a, uint32_t i, char *buf, size_t len)
{
	(void)a, (void)buf, (void)len;
	return i < shown.n ? shown.lines[i] : "";
}

const struct view_ops view_messages_ops = {
	.name = "messages",
	.keymap = KV_HELP,
	.open = open_view,
	.build = build,
	.draw = draw,
	.row_text = row_text,
};
