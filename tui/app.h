/* SPDX-License-Identifier: GPL-3.0-or-later */
/* app: the browser's session, the state below the views.
 *
 * One struct app holds the session (core/edit.h), the shown view, the
 * frame's per-view slots (pane, and for the lists their rows; see
 * view.h), the entry pane's cursor, the back stack and the message
 * line; app.c has the operations on them every layer above uses: the
 * message line, which view is shown and which function is current, the
 * back stack, invalidating the rows, arc edits with their message.  What
 * a view keeps for itself stays in its own file (a list's sort in
 * list.c, the entry pane's lines in view_entry.c, the cycle-breaking
 * proposal in view_cycles.c).
 *
 * app.c sits below the views and calls them only through their ops
 * (view.h): it never draws and never reads keys.  Actions and commands
 * (tui.c, cmd.c) change the state; the loop redraws.  The model is read
 * only through core/.
 *
 * The selection: app.node is the current function, always the one on
 * the highlighted row of the shown list (view.h); every action reads it. */
#ifndef TUI_APP_H
#define TUI_APP_H

#include <stddef.h>
#include <stdint.h>
#include "cg.h"
#include "edit.h"
#include "load.h"
#include "opts.h"
#include "matcher.h"
#include "session.h"
#include "textbuf.h"
#include "view.h"

/* A place to come back to: the view, its function and how it was
 * scrolled. */
struct histpos {
	int view;
	uint32_t node;
	uint32_t cur, top;
};

struct app {
	struct session ss; /* the model (ss.ld) and its edit session */
	struct edit *ed;   /* ss.ed */
	struct cg *g;
	const struct opts *o;
	int view, prev_list_view;
	int focus_entry;
	/* per view (view.h); rows only for the lists (VIEW_FUNCS) */
	uint32_t *rows[V_N];
	size_t rowcap[V_N];
	struct pane pane[V_N];
	unsigned long built_gen[V_N];
	int dirty_rows[V_N];
	uint32_t node;          /* selected function or cycle node */
	uint32_t node_member;   /* a member of it when node is a cycle */
	struct pane ep;         /* the entry pane's (its lines: view_entry.c) */
	unsigned long seen_gen; /* model generation the node was last mapped for */
	int list_y, list_h, entry_y, entry_h; /* layout, for the mouse */
	/* back and forward */
	struct histpos *back, *fwd;
	size_t nback, nfwd, backcap, fwdcap;
	/* search and filters */
	struct matcher search;
	int search_dir;
	double filter_pct;     /* hide rows below this share of time, 0 = off */
	struct matcher filter; /* text NULL = off */
	/* display */
	int show_delta, color, utf8;
	int full_names; /* names whole, not template arguments as <…> */
	int hscroll;    /* names scrolled sideways by this many characters */
	int bars;       /* the % time bar column */
	char msg[512];
	int msg_err;
	struct textbuf msglog; /* every message of the session (:messages) */
	int quit, status;
	int quit_asked;          /* q once with unsaved edits: q again quits */
	unsigned long saved_gen; /* model generation last exported */
};

/* The session while tui_main() runs (the lists' sort keys take no
 * context), else NULL. */
extern struct app *app_current;

void app_message(struct app *a, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* A key file's error: kept (tui_main prints them on exit) and shown. */
void app_key_error(const char *msg);
/* The key file errors so far, in order. */
size_t app_key_errors(char *const **errs);
/* Make N the current function; PUSH_HISTORY remembers where we were. */
void app_select_node(struct app *a, uint32_t node, int push_history);
/* Show VIEW; the place left is pushed on the back stack. */
void app_set_view(struct app *a, int view);
/* Back (or FORWARD): exactly the view, function and scroll we left. */
void app_history(struct app *a, int forward);
/* Every view's rows are stale (filters or the model changed). */
void app_invalidate(struct app *a);
/* The rows of view V, rebuilt when stale. */
void app_ensure_rows(struct app *a, int v);
/* The pane the moving keys move: the entry pane when focused, else the
 * shown view's. */
struct pane *app_focused_pane(struct app *a);
void app_move_by(struct app *a, long d);
/* After the cursor of the shown view moved: the selection follows. */
void app_moved(struct app *a);
/* The shown view reads action ACT first (not while the entry pane, which
 * has its own keymap, has the focus): 1 if it took it. */
int app_view_key(struct app *a, int act);
/* Quit, or ask first when edits are not exported. */
void app_quit(struct app *a);
/* Delete (or restore) arc ARC, with a message in demangled names. */
int app_arc_edit(struct app *a, uint32_t arc, int restore);
/* The list view to use from a view without functions (the last one). */
int app_list_view(const struct app *a);

/* Searching the shown view's rows (view_ops.row_text) for a->search.
 * app_search_rows: from the cursor (FROM_NEXT: the row after it) in
 * direction DIR; -1 not found, else the cursor is on the match and 1
 * tells it wrapped.  app_search: the same with the message, as n and N
 * give it. */
int app_search_rows(struct app *a, int dir, int from_next);
void app_search(struct app *a, int dir, int again);

/* The rows of the function lists.  The cursor is kept on a function:
 * app_sync_cursor() puts it back on app.node wherever that function
 * went, and when it is not listed, in the shown view, the row the cursor
 * lands on becomes app.node (the highlighted row is the selection). */
void app_sync_cursor(struct app *a, int view);
uint32_t app_cur_node(struct app *a, int view);
/* Row I of VIEW, 0 to its pane's n. */
uint32_t app_row(const struct app *a, int view, uint32_t i);
/* N's name as the lists show it (a cycle as "<cycle N as a whole>"). */
const char *app_node_name(const struct app *a, uint32_t n, char *buf, size_t len);

#endif
