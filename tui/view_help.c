/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view_help: the help text, generated from the live bindings and the
 * command table so it always tells the truth after :bind or a user key
 * file. */
#include "config.h"
#include "app.h"
#include "cmd.h"
#include "textbuf.h"
#include "action.h"
#include "keymap.h"
#include "util.h"

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The help text is the view's private state (a text view, view.h). */
static void view_help_build(struct app *a, struct view *v)
{
	struct textbuf *t = view_text(v);
	(void)a;
	textbuf_clear(t);
	textbuf_add(t, 2,
		    "tgprof: keys (from the live bindings) and commands; Left or BS goes "
		    "back");
	for (int kv = 0; kv < KV_N; kv++) {
		int any = 0;
		for (int act = 1; act < ACT_COUNT; act++) {
			char keys[256];
			keymap_keys_for(kv, act, keys, sizeof keys);
			if (!keys[0])
				continue;
			if (!any)
				textbuf_add(t, 1, "%s%s keys", kv ? "" : "",
					    keymap_view_name(kv));
			any = 1;
			textbuf_add(t, 0, "  %-18s %-15s %s", keys, action_name(act),
				    action_help(act));
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
	textbuf_add(t, 0,
		    "  GPROF_PATH      source directories, colon-separated (after -I)");
	textbuf_add(t, 0, "  NO_COLOR        no colours");
}

const struct view_ops view_help_ops = {
	.name = "help",
	.keymap = KV_HELP,
	.private_size = sizeof(struct textbuf),
	.open = view_help_build,
	.build = view_text_build,
	.draw = view_text_ops_draw,
	.row_text = view_text_row_text,
	.done = view_text_done,
};
