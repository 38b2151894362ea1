/* SPDX-License-Identifier: GPL-3.0-or-later */
/* app: the browser's session and its event loop.
 *
 * One struct app holds the session (core/edit.h), the shown view, the
 * frame's per-view slots (pane, and for the lists their rows and sort;
 * see view.h), the entry pane, the back stack and the message line.
 * What a view keeps for itself stays in its own file.  Actions and
 * commands change the state; the loop redraws.  Curses is used only by
 * the tui/ files; the model is read only through core/.
 *
 * The selection: app.node is the current function, always the one on
 * the highlighted row of the shown list (view.h); every action reads it. */
#ifndef TUI_APP_H
#define TUI_APP_H

#include <stddef.h>
#include <stdint.h>
#include "cg.h"
#include "cyclebreak.h"
#include "edit.h"
#include "load.h"
#include "opts.h"
#include "view.h"
#include "list.h"
#include "draw.h"
#include "cmd.h"
#include "prompt.h"

/* One line of the entry pane: gprof's text, the function a follow goes
 * to, the arc it shows (CG_NONE for the primary line). */
struct entry_line {
	char text[640];
	uint32_t node, arc;
	int kind;    /* 0 parent, 1 primary, 2 child, 3 cycle member */
	int deleted; /* a deleted arc, shown dimmed */
};

/* A place to come back to: the view, its function and how it was
 * scrolled. */
struct histpos {
	int view;
	uint32_t node;
	uint32_t cur, top;
};

struct app {
	struct load ld;
	struct edit *ed;
	struct cg *g;
	const struct opts *o;
	int view, prev_list_view;
	int focus_entry;
	/* per view (view.h) */
	uint32_t *rows[V_N];
	size_t rowcap[V_N];
	struct pane pane[V_N];
	int sort_col[V_N], sort_rev[V_N];
	unsigned long built_gen[V_N];
	int dirty_rows[V_N];
	uint32_t node;         /* selected function or cycle node */
	uint32_t node_member;  /* a member of it when node is a cycle */
	/* entry pane of app.node */
	struct entry_line *el;
	size_t nel, elcap;
	struct pane ep;
	uint32_t el_node;
	unsigned long el_gen;
	unsigned long seen_gen;  /* model generation the node was last mapped for */
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
	int full_names;        /* names whole, not template arguments as <…> */
	int hscroll;           /* names scrolled sideways by this many characters */
	int bars;              /* the % time bar column */
	char msg[512];
	int msg_err;
	struct textbuf msglog; /* every message of the session (:messages) */
	int quit, status;
	int quit_asked;        /* q once with unsaved edits: q again quits */
	unsigned long saved_gen; /* model generation last exported */
	/* a :break-cycles proposal under review (view_cycles.c) */
	struct cyclebreak_result cb;
	unsigned char *cb_use;
	long cb_bound;
	int cb_bsd, cb_active;
	unsigned long cb_gen;
	int cb_time;         /* objective: least time moved (:break-cycles N time) */
	struct cyclebreak_choice *cb_pins; /* arcs the user keeps (:pin) or
				 * forces in (:force), for re-proposals */
	size_t cb_npins;
	struct textbuf cycles;
};

extern struct app *app_current;

void app_message(struct app *a, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void app_key_error(const char *msg);
/* Make N the current function; PUSH_HISTORY remembers where we were. */
void app_select_node(struct app *a, uint32_t node, int push_history);
/* Show VIEW; the place left is pushed on the back stack. */
void app_set_view(struct app *a, int view);
void app_invalidate(struct app *a);
int app_run_action(struct app *a, int act);
void app_draw(struct app *a);
void app_search(struct app *a, int dir, int again);
/* The rows of view V, rebuilt when stale. */
void app_ensure_rows(struct app *a, int v);
void app_move_by(struct app *a, long d);
/* After the cursor of the shown view moved: the selection follows. */
void app_moved(struct app *a);
void app_follow(struct app *a);
void app_quit(struct app *a);
/* Delete (or restore) arc ARC, with a message in demangled names. */
int app_arc_edit(struct app *a, uint32_t arc, int restore);
/* The list view to use from a view without functions (the last one). */
int app_list_view(const struct app *a);
struct term_key;
/* screen.c */
void app_mouse(struct app *a, const struct term_key *k);

#endif
