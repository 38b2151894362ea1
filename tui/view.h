/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view: the views of the browser, each behind one table of operations
 * (struct view_ops), as tig's views are.
 *
 * A view is a file of its own (view_flat.c, view_graph.c, ...) with its
 * own private state; it exports its ops (and view_entry.h, view_graph.h,
 * view_cycles.h what other files ask of those by name).  Everything
 * below the views (the session in app.c, the lists' frame, the screen
 * layout) knows them only through this table, which the loop (tui.c)
 * hands to view_set_table() before anything else: no code outside a
 * view's file asks which view it is, and no module below the views calls
 * one by name.
 *
 * Each view is one object, struct view, as tig's: its ops, its pane, its
 * rows and sort when it is a list (list.h), and its private state, a
 * zeroed block of ops.private_size bytes the session allocates once
 * (view->priv), which only the view's own file reads.  Every op is given
 * the view it acts on.  Two implementations are shared: the lists
 * (list.c: rows, one column table for sorting, drawing rows) and the
 * text views (below: a struct textbuf at the start of the private state,
 * drawn with a cursor gutter).
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
struct textbuf;

enum view_id {
	V_FLAT,
	V_GRAPH,
	V_INDEX,
	V_SOURCE,
	V_DELETED,
	V_HELP,
	V_CYCLES,
	V_MESSAGES,
	V_TREE,
	V_N
};

/* A list row that is no node of the browser's model: a function only
 * the baseline has (removed since; baseline.h), its node in the
 * baseline's model with this bit.  The session's function is CG_NONE
 * while the cursor is on one. */
#define VIEW_ROW_BASE 0x80000000u

/* A cursor and a scroll offset over N rows. */
struct pane {
	uint32_t n, cur, top, height;
};

enum view_flags {
	VIEW_FUNCS = 1,     /* rows are functions: entry pane, sort, filters */
	VIEW_SELF_TIME = 2, /* its % and change are of self time (flat) */
	VIEW_HEADER = 4,    /* its first line is a header, rows follow */
};

struct view;

struct view_ops {
	const char *name; /* the :NAME command that shows it */
	int keymap;       /* the KV_* its keys are looked up in first */
	unsigned flags;
	size_t private_size; /* bytes of view->priv, zeroed at the start */
	/* Becoming the shown view (text views build their text here). */
	void (*open)(struct app *a, struct view *v);
	/* The rows again when they are stale (model, sort or filters
	 * changed); sets v->pane.n. */
	void (*build)(struct app *a, struct view *v);
	/* Rows y .. y+h-1, w columns. */
	void (*draw)(struct app *a, struct view *v, int y, int h, int w);
	/* A view's own reading of an action; 1 if handled, else the loop
	 * runs the generic one. */
	int (*key)(struct app *a, struct view *v, int act);
	/* The text of row I that searches match. */
	const char *(*row_text)(struct app *a, struct view *v, uint32_t i, char *buf,
				size_t len);
	/* The function of the highlighted row, or CG_NONE. */
	uint32_t (*current)(struct app *a, struct view *v);
	/* For a view whose rows name what is not one function (an arc):
	 * the whole name of the highlighted row, malloc'd, or NULL when it
	 * names nothing.  A view with current() or this op has the name
	 * line (screen.h). */
	char *(*row_name)(struct app *a, struct view *v);
	/* Free what the private state holds (not the block itself). */
	void (*done)(struct view *v);
	/* Sort keys (list.h), NULL for a view that does not sort. */
	const struct list_column *columns;
};

/* One view of the session. */
struct view {
	const struct view_ops *ops;
	int id; /* enum view_id */
	struct pane pane;
	/* A list's rows (list.h): functions or cycles when VIEW_FUNCS, else
	 * the view's own items (the deleted view's arcs). */
	uint32_t *rows;
	size_t rowcap;
	unsigned long built_gen; /* the model generation they were built for */
	int dirty;               /* sort or filters changed since */
	int sort_col, sort_rev;  /* index into ops->columns; reversed */
	int hscroll;             /* rows scrolled sideways by this many characters */
	void *priv;              /* ops->private_size bytes: the view's own */
};

extern const struct view_ops view_flat_ops, view_graph_ops, view_index_ops,
	view_source_ops, view_deleted_ops, view_help_ops, view_cycles_ops,
	view_messages_ops, view_tree_ops;

/* The table of views, indexed by enum view_id (every id below V_N has its
 * ops); set once by the loop before any view is used. */
void view_set_table(const struct view_ops *const *table);
/* The ops of view V. */
const struct view_ops *view_ops(int v);
/* The view shown by :NAME, or -1. */
int view_lookup(const char *name);
int view_has_funcs(int v);

/* Keep CUR on screen in a pane of H rows. */
void view_pane_fix(struct pane *p, int h);

/* Make V the view of ID with its private state; view_fini frees it. */
void view_init(struct view *v, int id);
/* The same for a view outside the table (the entry pane), by its OPS. */
void view_init_ops(struct view *v, const struct view_ops *ops);
void view_fini(struct view *v);

/* Text views: the lines of T in pane P (its n set to T's lines), with a
 * cursor gutter, in rows Y .. Y+H-1 of W columns, scrolled sideways by
 * HSCROLL characters. */
void view_text_draw(struct pane *p, const struct textbuf *t, int y, int h, int w,
		    int hscroll);

/* The text view: a view whose private state starts with its text. */
struct textbuf *view_text(struct view *v);
/* Ops a text view shares: build sets the pane's rows to the text's,
 * draw draws the text, row_text is line I, done frees the text. */
void view_text_build(struct app *a, struct view *v);
void view_text_ops_draw(struct app *a, struct view *v, int y, int h, int w);
const char *view_text_row_text(struct app *a, struct view *v, uint32_t i, char *buf,
			       size_t len);
void view_text_done(struct view *v);

#endif
