/* view_help: text views (help and source share the drawing), and the
 * help text, generated from the live bindings and the command table so
 * it always tells the truth after :bind or a user key file. */
#include "config.h"
#include "app.h"
#include "action.h"
#include "keymap.h"
#include "util.h"

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

void view_help_build(struct app *a)
{
	struct textbuf *t = &a->help;
	textbuf_clear(t);
	textbuf_add(t, 2, "tgprof: keys (from the live bindings) and commands; Left or BS goes back");
	for (int v = 0; v < KV_N; v++) {
		int any = 0;
		for (int act = 1; act < ACT_COUNT; act++) {
			char keys[256];
			keymap_keys_for(v, act, keys, sizeof keys);
			if (!keys[0])
				continue;
			if (!any)
				textbuf_add(t, 1, "%s%s keys", v ? "" : "", keymap_view_name(v));
			any = 1;
			textbuf_add(t, 0, "  %-18s %-15s %s", keys, action_name(act), action_help(act));
		}
		if (any)
			textbuf_add(t, 0, "%s", "");
	}
	textbuf_add(t, 1, "commands (type : first; Tab completes, Up recalls)");
	const char *name, *help;
	for (int i = 0; cmd_info(i, &name, &help); i++)
		textbuf_add(t, 0, "  %-34s %s", name, help);
	textbuf_add(t, 0, "%s", "");
	textbuf_add(t, 1, "environment");
	textbuf_add(t, 0, "  TGPROF_KEYS     key file (else ~/.config/tgprof/keys)");
	textbuf_add(t, 0, "  GPROF_PATH      source directories, colon-separated (after -I)");
	textbuf_add(t, 0, "  NO_COLOR        no colours");
}
