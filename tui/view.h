/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view: the views of the browser, each behind one table of operations
 * (struct view_ops), as tig's views are.
 *
 * A view is a file of its own (view_flat.c, view_graph.c, ...) with its
 * own private state; it exports only its ops.  The loop in app.c and the
 * layout in screen.c know views only through this table: no code outside
 * a view's file asks which view it is.  The frame keeps, per view, the
 * generic part every view has (struct app: its pane, and for the lists
 * their rows and sort), indexed by the view's id.
 *
 * The selection model: a view that lists functions (VIEW_FUNCS) has one
 * current function, always the one on its highlighted row (current());
 * app.node follows it, and every action reads app.node.  Text views
 * (help, source, messages, cycles) have no function of their own and
 * leave app.node as it was. */
#ifndef TUI_VIEW_H
#define TUI_VIEW_H

#include <stddef.h>
#include <stdint.h>

struct app;
struct list_column;

enum view { V_FLAT, V_GRAPH, V_INDEX, V_SOURCE, V_DELETED, V_HELP, V_CYCLES, V_MESSAGES, V_N };

/* A cursor and a scroll offset over N rows. */
struct pane {
	uint32_t n, cur, top, height;
};

struct textbuf {
	char **lines;
	uint32_t n, cap;
	int *attr;   /* per line: 1 = emphasised, 2 = title */
};

enum view_flags {
	VIEW_FUNCS = 1,     /* rows are functions: entry pane, sort, filters */
	VIEW_SELF_TIME = 2, /* its % and change are of self time (flat) */
	VIEW_HEADER = 4,    /* its first line is a header, rows follow */
};

struct view_ops {
	const char *name;   /* the :NAME command that shows it */
	int keymap;         /* the KV_* its keys are looked up in first */
	unsigned flags;
	/* Becoming the shown view (text views build their text here). */
	void (*open)(struct app *a);
	/* The rows again when they are stale (model, sort or filters
	 * changed); sets a->pane[id].n. */
	void (*build)(struct app *a);
	/* Rows y .. y+h-1, w columns. */
	void (*draw)(struct app *a, int y, int h, int w);
	/* A view's own reading of an action; 1 if handled, else the loop
	 * runs the generic one. */
	int (*key)(struct app *a, int act);
	/* The text of row I that searches match. */
	const char *(*row_text)(struct app *a, uint32_t i, char *buf, size_t len);
	/* The function of the highlighted row, or CG_NONE. */
	uint32_t (*current)(struct app *a);
	/* Sort keys (list.h), NULL for a view that does not sort. */
	const struct list_column *columns;
};

extern const struct view_ops view_flat_ops, view_graph_ops, view_index_ops, view_source_ops,
	view_deleted_ops, view_help_ops, view_cycles_ops, view_messages_ops;

/* The ops of view V (every id below V_N has them). */
const struct view_ops *view_ops(int v);
/* The view shown by :NAME, or -1. */
int view_lookup(const char *name);
int view_has_funcs(int v);

/* Search the shown view's rows from its cursor for a->search: -1 not
 * found, else the cursor is on the match and 1 tells it wrapped. */
int view_search(struct app *a, int dir, int from_next);
/* Matches in the shown view, and which of them the cursor is on or
 * after (*NTH, 1-based). */
uint32_t view_match_count(struct app *a, uint32_t *nth);

/* Keep CUR on screen in a pane of H rows. */
void view_pane_fix(struct pane *p, int h);

/* Text views: lines with an attribute, drawn with a cursor gutter. */
void textbuf_clear(struct textbuf *t);
void textbuf_add(struct textbuf *t, int attr, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void view_text_draw(struct app *a, struct textbuf *t, int v, int y, int h, int w);

/* The entry pane (view_entry.c): the gprof entry of app.node. */
void view_entry_build(struct app *a);
void view_entry_draw(struct app *a, int y, int h, int w);
void view_primary_line(const struct app *a, uint32_t n, char *buf, size_t len);

/* view_help.c: the help text again (after :bind). */
void view_help_build(struct app *a);

/* view_cycles.c: a :break-cycles proposal under review. */
void view_cycles_propose(struct app *a, long bound, int bsd);
void view_cycles_build(struct app *a);
void view_cycles_toggle(struct app *a);
/* :pin: keep the arc under the cursor and propose again without it;
 * :unpin drops every pin and proposes again. */
/* Set ARC (CG_NONE: the arc under the cursor) to STATE (enum
 * cyclebreak_state) and propose again, re-solving only the components the
 * change touches; view_cycles_unpin_all makes every arc free again. */
void view_cycles_pin(struct app *a, int state, uint32_t arc);
void view_cycles_unpin_all(struct app *a);
void view_cycles_accept(struct app *a);
void view_cycles_drop(struct app *a, const char *why);

#endif
