/* SPDX-License-Identifier: GPL-3.0-or-later */
/* list: the one list-view implementation, shared by the views listing
 * functions (flat, call graph, index) and those listing other items
 * (the deleted arcs): building rows (functions through the filters),
 * sorting by a column of one table per view (the sort is the view's,
 * struct view), and drawing function rows with the cursor gutter and
 * the extra columns at the right.  The cursor kept on a function is the
 * session's (app.h), since the selection reads it below the views.
 *
 * Which functions a view lists and the text of its rows are GNU gprof's,
 * from core; a view's file only chooses the rule and the format. */
#ifndef TUI_LIST_H
#define TUI_LIST_H

#include <stddef.h>
#include <stdint.h>

#include "sort.h"

struct app;
struct cg;
struct view;

/* A sort key of a list view.  CMP orders by the column's natural order
 * (numbers from the largest, names alphabetically); cols[0] of a view is
 * GNU gprof's own order. */
struct list_column {
	const char *key;
	util_cmp_u32 cmp;  /* its context: the session, const struct app * */
	const char *label; /* its name in the header line, for the sort mark */
	int nth;           /* which occurrence of LABEL (0 the first) */
	int baseline;      /* offered only against a baseline (baseline.h) */
	/* CMP also orders the rows of functions only the baseline has
	 * (view.h's VIEW_ROW_BASE) by what they show; without it they come
	 * after this run's rows.  Always so for a BASELINE column. */
	int removed;
};

/* A column at the right of gprof's line (the change against the
 * original profile, the baseline's self time and the change against it;
 * more can be added to the table in list.c). */
struct list_extra {
	const char *name;
	int width;
	int left; /* aligned left (else right) */
	int (*shown)(const struct app *a, int w);
	void (*cell)(const struct app *a, int view, uint32_t n, char *buf, size_t len);
	/* The cell's draw role (draw.h), NULL: plain. */
	int (*role)(const struct app *a, int view, uint32_t n);
};

/* Building: a view's build() adds the functions its rule shows through
 * list_offer() (which applies the filters), or its items through
 * list_add() (no filter), then calls list_finish(), which sorts them and
 * keeps the cursor on its function (on its row number for items). */
void list_begin(struct view *v);
void list_add(struct view *v, uint32_t item);
void list_offer(struct app *a, struct view *v, uint32_t n);
/* GNU_ORDER_AS_BUILD: column 0's order is the order offered (reversed
 * when the sort is); the rows of removed functions are merged into it
 * by column 0's CMP (each before the first row it orders after it). */
void list_finish(struct app *a, struct view *v, int gnu_order_as_built);
/* Whether a view's rule (rows.h) lists node N of model G, the browser's
 * or the baseline's. */
typedef int list_shown_fn(const struct app *a, const struct cg *g, uint32_t n);
/* Against a baseline: offer the rows of the functions only the baseline
 * has (view.h's VIEW_ROW_BASE), in the comparison's order, those SHOWN
 * says the view's rule lists in the baseline's model (NULL: all).  A
 * view that lists them draws them (its list_fmt), gives
 * list_ops_row_name, and answers Enter on them with list_enter_removed. */
void list_offer_removed(struct app *a, struct view *v, list_shown_fn *shown);
/* The model list row ROW is a node of, that node in *N: the browser's,
 * or the baseline's (baseline.h) for a removed function's row. */
const struct cg *list_row_graph(const struct app *a, uint32_t row, uint32_t *n);
/* Enter on the highlighted row of V when it is a removed function's: a
 * message that it is only in the baseline, and 1; else 0. */
int list_enter_removed(struct app *a, struct view *v);

int list_sort_by_name(struct app *a, int view, const char *col, int dir);
const char *list_sort_name(struct app *a, int view);
void list_sort_step(struct app *a, int view, int step);
/* Reverse VIEW's sort; returns whether it is now reversed. */
int list_sort_reverse(struct app *a, int view);
/* The sort keys of VIEW that mean something now (those against a
 * baseline only with one), NULL-terminated (NULL for views without). */
const char *const *list_sort_columns(int view);

/* view_ops entries the function lists (flat, graph, index) share; views
 * are asked only while they are the current one, so a->view is theirs.
 * The row text searches match: row I's function name. */
const char *list_ops_row_text(struct app *a, struct view *v, uint32_t i, char *buf,
			      size_t len);
/* The function of the highlighted row (CG_NONE on a removed one). */
uint32_t list_ops_current(struct app *a, struct view *v);
/* The name line of a removed function's row: its name, marked; NULL on
 * the other rows (the name line names the function). */
char *list_ops_row_name(struct app *a, struct view *v);
/* Enter: the call-graph entry of the row's function (list_enter_removed
 * on a removed one's). */
int list_ops_enter_graph(struct app *a, struct view *v, int act);
/* Node N's share of the time as VIEW shows it. */
double list_node_pct(const struct app *a, int view, uint32_t n);

/* PCT (of 100) as a bar of eighths of 10 cells after two blanks, as the
 * lists' % time column draws it. */
void list_bar(const struct app *a, double pct, char *buf, size_t len);

/* Draw the rows of VIEW: FMT writes the row of node N (gprof's line)
 * and its share of time for the colour. */
typedef void list_fmt(struct app *a, struct view *v, uint32_t n, char *buf, size_t len,
		      double *pct);
/* The name (the end of the row) is shown shortened (names.h) unless
 * app.full_names, scrolled by the view's hscroll; when it would start too far
 * right for the width, only the first KEEP bytes of the numbers are kept
 * before it (0: never). */
void list_draw_rows(struct app *a, struct view *v, int y, int h, int w, list_fmt *fmt,
		    int keep);
/* The header line of V, with a mark before the sort column's label and
 * the extra columns' names; KEEP as list_draw_rows' (the columns the
 * rows no longer show at this width are not named). */
void list_draw_header(struct app *a, struct view *v, int y, int w, const char *head,
		      int keep);

#endif
