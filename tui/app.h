/* SPDX-License-Identifier: GPL-3.0-or-later */
/* app: the browser's session, the state below the views.
 *
 * One struct app holds the session (core/edit.h), the views (struct
 * view, view.h: pane, rows, sort and private state each), the shown
 * one, the entry pane's cursor, the back stack and the message line;
 * app.c has the operations on them every layer above uses: the message
 * line, which view is shown and which function is current, the back
 * stack, invalidating the rows, arc edits with their message.  What a
 * view keeps for itself is its private state (view->priv), read only
 * by its own file.
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

/* The buffer for a message core writes (edits, lookups): room for a
 * few names of C++'s longest; the message line itself has no limit. */
#define APP_MSG_MAX 16384

/* A place to come back to: the view, its function and how it was
 * scrolled. */
struct histpos {
	int view;
	uint32_t node;
	uint32_t cur, top;
	uint32_t ep_cur, ep_top; /* the entry pane's */
	int focus_entry;
};

struct app {
	struct session ss; /* the model (ss.ld) and its edit session */
	struct edit *ed;   /* ss.ed */
	struct cg *g;
	const struct opts *o;
	int view, prev_list_view;
	int focus_entry;
	struct view views[V_N]; /* indexed by enum view_id */
	uint32_t node;          /* selected function or cycle node */
	uint32_t node_member;   /* a member of it when node is a cycle */
	/* The row of a function only the baseline has (view.h's
	 * VIEW_ROW_BASE) the cursor is on, node being CG_NONE then, so the
	 * lists keep the cursor on it as on a function; 0 when none. */
	uint32_t node_removed;
	struct pane ep;    /* the entry pane's (its lines: view_entry.c) */
	struct view entry; /* the entry pane's private state */
	int ep_restore;    /* its next build puts the cursor at: */
	uint32_t ep_cur, ep_top;
	unsigned long seen_gen; /* model generation the node was last mapped for */
	int list_y, list_h, entry_y, entry_h; /* layout, for the mouse */
	int entry_tenths;                     /* the entry pane's share, 1..8 */
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
	int bars;       /* the % time bar column */
	char **labels;  /* names with -l's file:line (app_labels_init), or NULL */
	char *msg;      /* the message line, of any length (never NULL) */
	size_t msgcap;
	int msg_err;
	struct textbuf msglog; /* every message of the session (:messages) */
	/* caches of what is too slow to compute on every redraw, by model
	 * generation: cycles' original numbers (list.c), the selections in
	 * force (screen.c); sel_gen is generation + 1, 0 = none */
	struct edit_orig *orig_cache;
	unsigned long *orig_gen;
	uint32_t orig_cap;
	unsigned long sel_gen;
	char sel_text[300];
	/* What the joined profile lacks (objects without call counts or
	 * symbols), shown at the end of the status line; NULL: nothing. */
	char *missing;
	int quit, status;
	int quit_asked;          /* q once with unsaved edits: q again quits */
	unsigned long saved_gen; /* model generation last exported */
};

/* The views of the session, each with its private state (app_views_fini
 * frees them). */
void app_views_init(struct app *a);
void app_views_fini(struct app *a);
/* View ID of the session. */
struct view *app_view(struct app *a, int id);

void app_message(struct app *a, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* MSG (from core, which names functions as -k takes them) with every
 * mangled name demangled, as the screen shows names. */
void app_message_names(struct app *a, int err, const char *msg);
/* The message line alone, not kept in the log (progress). */
void app_progress(struct app *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* A key file's error: kept (tui_main prints them on exit; the one who
 * loaded the keys shows them, app_key_errors_show). */
void app_key_error(const char *msg);
/* The key file errors so far, in order. */
size_t app_key_errors(char *const **errs);
/* Show the errors after the first FROM as a message; returns how many. */
size_t app_key_errors_show(struct app *a, size_t from);
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
 * app_sync_cursor() puts it back on app.node (or app.node_removed)
 * wherever that function went, and when it is not listed, in the shown
 * view, the row the cursor lands on becomes app.node (the highlighted
 * row is the selection). */
void app_sync_cursor(struct app *a, int view);
uint32_t app_cur_node(struct app *a, int view);
/* Row I of VIEW, 0 to its pane's n. */
uint32_t app_row(struct app *a, int view, uint32_t i);
/* N's name as the lists show it (a cycle as "<cycle N as a whole>"),
 * with -l or --inline-file-names its file and line as gprof prints them. */
const char *app_node_name(const struct app *a, uint32_t n, char *buf, size_t len);
/* Arc ARC as "caller -> callee", the whole names, malloc'd. */
char *app_arc_name(const struct app *a, uint32_t arc);
/* The names with file and line, once, when the options ask for them;
 * app_labels_free frees them. */
void app_labels_init(struct app *a);
void app_labels_free(struct app *a);
/* ROW up to END, node N's name as app_node_name gives it and its call
 * graph reference (" [I]"), into DST of LEN bytes. */
void app_named(const struct app *a, char *dst, size_t len, const char *row,
	       const char *end, uint32_t n);

#endif
