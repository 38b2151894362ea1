/* SPDX-License-Identifier: GPL-3.0-or-later */
/* baseline: the browser against a baseline profile (--baseline on a
 * terminal, :baseline FILE at run time).
 *
 * The baseline is opened with the session's options (as the text
 * comparison opens it, --edits and --break-cycles included) and compared (core/compare) with the browser's
 * current model, again whenever the model changes, so the columns follow
 * edits.  The lists get two extra columns (list.c's table): the
 * baseline's self time and the change with its significance mark, in
 * the text comparison's units (seconds, or percent of the total with
 * --normalize); the entry pane shows each line's change; the flat,
 * call-graph and index views list the functions only the baseline has
 * as rows of their own (view.h's VIEW_ROW_BASE).  One baseline at a time; none until one is
 * loaded. */
#ifndef TUI_BASELINE_H
#define TUI_BASELINE_H

#include <stddef.h>
#include <stdint.h>

struct app;
struct cg;
struct compare_func;

/* Open FILES (N profiles summed) as the baseline, replacing any: a
 * session (session.h) with the browser's options, --edits and
 * --break-cycles applied, as the text comparison opens it.  Any failure
 * (a file that is not a readable profile of the program, a bad edits
 * file) leaves the browser as it was: -1 with "FILE: reason" in MSG. */
int baseline_load(struct app *a, const char *const *files, int n, char *msg, size_t len);
void baseline_drop(struct app *a);
int baseline_active(void);
/* The comparison row of node N of the browser's model, or of the list row
 * N of a removed function (view.h's VIEW_ROW_BASE), the comparison
 * brought up to date first; NULL: none, a cycle, or no baseline. */
const struct compare_func *baseline_func(const struct app *a, uint32_t n);
/* The functions only the baseline has (the summary's "removed"), as list
 * rows: the first at or after *K (from 0) in the comparison's order, *K
 * moved past it; CG_NONE after the last. */
uint32_t baseline_next_removed(const struct app *a, uint32_t *k);
/* The name of the removed function of list row ROW. */
const char *baseline_row_name(uint32_t row);
/* The baseline's model (propagated; its nodes are compare_func's
 * node[COMPARE_BEFORE]), NULL when there is none. */
const struct cg *baseline_graph(void);
/* The list filter: 0 when only significant changes are wanted and N's is
 * not one. */
int baseline_keep(const struct app *a, uint32_t n);
/* Sort keys for the lists' columns[] (CTX: the session, const struct
 * app *): largest increase first; most
 * significant change first (compare_func_cmp's order).  Without a
 * baseline every row ties. */
int baseline_cmp_change(const void *ctx, uint32_t l, uint32_t r);
int baseline_cmp_signif(const void *ctx, uint32_t l, uint32_t r);
/* Extra columns (list.h's struct list_extra) */
int baseline_shown(const struct app *a, int w);
void baseline_before_cell(const struct app *a, int view, uint32_t n, char *buf,
			  size_t len);
void baseline_change_cell(const struct app *a, int view, uint32_t n, char *buf,
			  size_t len);
/* The calls columns (shown from 90 columns): the baseline's calls of N
 * ("-" when it has no such function), and the change ("+N", "-N", "new",
 * "gone", "" when the same). */
int baseline_calls_shown(const struct app *a, int w);
void baseline_calls_before_cell(const struct app *a, int view, uint32_t n, char *buf,
				size_t len);
void baseline_calls_change_cell(const struct app *a, int view, uint32_t n, char *buf,
				size_t len);
/* The change of the calls of the arc FROM -> TO (nodes of the browser's
 * model): "+Nc", "-Nc", "new arc", "gone" (deleted since), "" the same. */
void baseline_arc_cell(const struct app *a, uint32_t from, uint32_t to, char *buf,
		       size_t len);
/* The comparison in one line: how many functions changed significantly,
 * changed their calls, were added and removed ("" without a baseline). */
void baseline_summary(const struct app *a, char *buf, size_t len);
/* The draw role of N's change: 1 significant increase, 7 significant
 * decrease, 4 noise, 0 none. */
int baseline_change_role(const struct app *a, int view, uint32_t n);
/* The commands: ":baseline FILE...|off" and ":significant [on|off]". */
void baseline_command(struct app *a, const char *arg);
void baseline_significant(struct app *a, const char *arg);

#endif
