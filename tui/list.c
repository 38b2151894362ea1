/* SPDX-License-Identifier: GPL-3.0-or-later */
/* list: see list.h. */
#include "config.h"
#include "list.h"
#include "app.h"
#include "baseline.h"
#include "action.h"
#include "draw.h"
#include "matcher.h"
#include "names.h"
#include "rows.h"
#include "util.h"

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const struct list_column *cols_of(int view)
{
	return view_ops(view)->columns;
}

/* Whether sorting by C means something now. */
static int offered(const struct list_column *c)
{
	return !c->baseline || baseline_active();
}

const char *const *list_sort_columns(int view)
{
	static const char *keys[V_N][16];
	const struct list_column *c = cols_of(view);
	if (!c)
		return NULL;
	int k = 0;
	for (int i = 0; c[i].key && k < 15; i++)
		if (offered(&c[i]))
			keys[view][k++] = c[i].key;
	keys[view][k] = NULL;
	return keys[view];
}

/* Row N's name: a function of the model, or one only the baseline has. */
static const char *name_of(const struct app *a, uint32_t n, char *buf, size_t len)
{
	return n & VIEW_ROW_BASE ? baseline_row_name(n) : app_node_name(a, n, buf, len);
}

double list_node_pct(const struct app *a, int view, uint32_t n)
{
	if (n & VIEW_ROW_BASE)
		return 0; /* no time in this run */
	if (view_ops(view)->flags & VIEW_SELF_TIME)
		return cg_flat_percent(a->g, n);
	return cg_graph_percent(a->g, n);
}

void list_begin(struct view *v)
{
	v->pane.n = 0;
}

void list_add(struct view *v, uint32_t item)
{
	util_grow((void **)&v->rows, &v->rowcap, v->pane.n + 1, sizeof *v->rows);
	v->rows[v->pane.n++] = item;
}

void list_offer(struct app *a, struct view *v, uint32_t n)
{
	char buf[64];
	if (a->filter_pct > 0 && list_node_pct(a, v->id, n) < a->filter_pct)
		return;
	if (a->filter.text && !matcher_match(&a->filter, name_of(a, n, buf, sizeof buf)))
		return;
	if (!baseline_keep(a, n))
		return;
	list_add(v, n);
}

void list_offer_removed(struct app *a, struct view *v, list_shown_fn *shown)
{
	uint32_t k = 0, row, n;
	while ((row = baseline_next_removed(a, &k)) != CG_NONE) {
		const struct cg *g = list_row_graph(a, row, &n);
		if (!shown || shown(a, g, n))
			list_offer(a, v, row);
	}
}

const struct cg *list_row_graph(const struct app *a, uint32_t row, uint32_t *n)
{
	*n = row & ~VIEW_ROW_BASE;
	return row & VIEW_ROW_BASE ? baseline_graph() : a->g;
}

int list_enter_removed(struct app *a, struct view *v)
{
	if (v->pane.cur >= v->pane.n || !(v->rows[v->pane.cur] & VIEW_ROW_BASE))
		return 0;
	app_message(a, 1,
		    "%s: only in the baseline (removed since): no entry in this run",
		    baseline_row_name(v->rows[v->pane.cur]));
	return 1;
}

/* A column's order, reversed or not. */
struct sorted {
	const struct app *a;
	util_cmp_u32 cmp;
	int rev;
	int all; /* the column orders removed functions' rows too */
};

/* The rows of removed functions (VIEW_ROW_BASE) have no value in the
 * columns of this run that do not order them (list_column.removed): they
 * come after the others, in the comparison's order (the order they were
 * added in; the sort is stable). */
static int cmp_sorted(const void *ctx, uint32_t l, uint32_t r)
{
	const struct sorted *s = ctx;
	uint32_t bl = l & VIEW_ROW_BASE, br = r & VIEW_ROW_BASE;
	if ((bl || br) && !s->all)
		return (bl != 0) - (br != 0);
	int c = s->cmp(s->a, l, r);
	return s->rev ? -c : c;
}

/* The rows as offered, the removed functions' merged in by CMP (which
 * orders them among themselves too, stably): each goes before the first
 * row of this run it is ordered before. */
static void merge_removed(struct app *a, struct view *v, util_cmp_u32 cmp)
{
	uint32_t n = v->pane.n, k = 0;
	for (uint32_t i = 0; i < n; i++)
		k += (v->rows[i] & VIEW_ROW_BASE) != 0;
	if (!k)
		return;
	uint32_t *run = xmalloc((size_t)n * sizeof *run), *gone = run + (n - k);
	uint32_t nr = 0, ng = 0;
	for (uint32_t i = 0; i < n; i++) {
		if (v->rows[i] & VIEW_ROW_BASE)
			gone[ng++] = v->rows[i];
		else
			run[nr++] = v->rows[i];
	}
	struct sorted s = { a, cmp, 0, 1 };
	util_msort_u32(gone, ng, cmp_sorted, &s);
	uint32_t o = 0, g = 0;
	for (uint32_t i = 0; i < nr; i++) {
		while (g < ng && cmp(a, gone[g], run[i]) < 0)
			v->rows[o++] = gone[g++];
		v->rows[o++] = run[i];
	}
	while (g < ng)
		v->rows[o++] = gone[g++];
	free(run);
}

void list_finish(struct app *a, struct view *v, int gnu_order_as_built)
{
	const struct list_column *cols = v->ops->columns;
	if (cols && !offered(&cols[v->sort_col]))
		v->sort_col = 0, v->sort_rev = 0; /* the baseline went */
	int col = v->sort_col;
	if (cols && gnu_order_as_built && col == 0) {
		/* the order as built, or reversed */
		if (cols[0].removed)
			merge_removed(a, v, cols[0].cmp);
		for (uint32_t i = 0, j = v->pane.n; v->sort_rev && i + 1 < j; i++, j--) {
			uint32_t t = v->rows[i];
			v->rows[i] = v->rows[j - 1];
			v->rows[j - 1] = t;
		}
	} else if (cols) {
		struct sorted s = { a, cols[col].cmp, v->sort_rev,
				    cols[col].baseline || cols[col].removed };
		util_msort_u32(v->rows, v->pane.n, cmp_sorted, &s);
	}
	v->built_gen = edit_generation(a->ed);
	v->dirty = 0;
	if (v->ops->flags & VIEW_FUNCS)
		app_sync_cursor(a, v->id);
	else if (v->pane.cur >= v->pane.n)
		v->pane.cur = v->pane.n ? v->pane.n - 1 : 0;
}

int list_sort_by_name(struct app *a, int view, const char *col, int dir)
{
	struct view *v = app_view(a, view);
	const struct list_column *cols = cols_of(view);
	if (!cols)
		return -1;
	if (strcmp(col, "time") == 0 || strcmp(col, "cumulative") == 0)
		col = cols[0].key;
	for (int i = 0; cols[i].key; i++) {
		if (strcasecmp(cols[i].key, col) == 0 && offered(&cols[i])) {
			v->sort_col = i;
			v->sort_rev = dir < 0;
			v->dirty = 1;
			return 0;
		}
	}
	return -1;
}

const char *list_sort_name(struct app *a, int view)
{
	const struct list_column *cols = cols_of(view);
	return cols ? cols[app_view(a, view)->sort_col].key : "";
}

int list_sort_reverse(struct app *a, int view)
{
	struct view *v = app_view(a, view);
	v->sort_rev = !v->sort_rev;
	v->dirty = 1;
	return v->sort_rev;
}

void list_sort_step(struct app *a, int view, int step)
{
	struct view *v = app_view(a, view);
	const struct list_column *cols = cols_of(view);
	int n = 0;
	if (!cols)
		return;
	while (cols[n].key)
		n++;
	/* the next column that means something (column 0 always does) */
	int c = v->sort_col;
	do
		c = (c + step + n) % n;
	while (!offered(&cols[c]));
	v->sort_col = c;
	v->sort_rev = 0;
	v->dirty = 1;
}

/* ---- extra columns at the right of gprof's line ---- */

/* Rounding noise from re-propagation must not print as "-0.00". */
static int delta_shown(const struct app *a, int w)
{
	return a->show_delta && edit_nsteps(a->ed) > 0 && w >= 60;
}

/* edit_orig() walks a cycle's members; on big cycles that is too slow to
 * repeat on every redraw, so cycle rows are cached per model generation
 * in the session (a cache: the columns read the session as const). */
static int orig_of(const struct app *ca, uint32_t n, struct edit_orig *o)
{
	struct app *a = (struct app *)ca;
	if (n < a->g->nfuncs)
		return edit_orig(a->ed, n, o);
	uint32_t c = n - a->g->nfuncs;
	unsigned long gen = edit_generation(a->ed) + 1;
	if (c >= a->orig_cap) {
		uint32_t cap = c + 64;
		a->orig_cache = xrealloc(a->orig_cache, cap * sizeof *a->orig_cache);
		a->orig_gen = xrealloc(a->orig_gen, cap * sizeof *a->orig_gen);
		memset(a->orig_gen + a->orig_cap, 0,
		       (cap - a->orig_cap) * sizeof *a->orig_gen);
		a->orig_cap = cap;
	}
	if (a->orig_gen[c] != gen) {
		edit_orig(a->ed, n, &a->orig_cache[c]);
		a->orig_gen[c] = gen;
	}
	*o = a->orig_cache[c];
	return o->valid;
}

/* Δ of node N: time in seconds (flat: self, else total) and calls. */
static void delta_cell(const struct app *a, int view, uint32_t n, char *buf, size_t len)
{
	struct edit_orig o;
	buf[0] = 0;
	if (n & VIEW_ROW_BASE)
		return; /* not in this run's model */
	const struct cg_node *s = &a->g->nodes[n];
	int flat = (view_ops(view)->flags & VIEW_SELF_TIME) != 0;
	if (!orig_of(a, n, &o)) {
		snprintf(buf, len, "new");
		return;
	}
	double now = flat ? s->self_time : s->prop_self + s->prop_child;
	double d = (now - (flat ? o.self_time : o.total)) / a->g->hz;
	long long dc = (long long)(s->ncalls - o.ncalls);
	char t[32] = "", c[32] = "";
	if (d >= 0.005 || d <= -0.005)
		snprintf(t, sizeof t, "%+.2f", d);
	if (dc)
		snprintf(c, sizeof c, "%+lldc", dc);
	snprintf(buf, len, "%s%s%s", t, *t && *c ? " " : "", c);
}

static int bar_shown(const struct app *a, int w)
{
	return a->bars && w >= 100;
}

void list_bar(const struct app *a, double pct, char *buf, size_t len)
{
	static const char *const eighth[] = { "",
					      "\xe2\x96\x8f",
					      "\xe2\x96\x8e",
					      "\xe2\x96\x8d",
					      "\xe2\x96\x8c",
					      "\xe2\x96\x8b",
					      "\xe2\x96\x8a",
					      "\xe2\x96\x89" };
	int units = (int)(pct / 100.0 * 8 * 10 + 0.5); /* 10 cells */
	size_t k = 0;
	buf[0] = 0;
	if (units > 80)
		units = 80;
	k += (size_t)snprintf(buf, len, "  ");
	for (int i = 0; i < units / 8 && k < len; i++)
		k += (size_t)snprintf(buf + k, len - k, "%s",
				      a->utf8 ? "\xe2\x96\x88" : "#");
	if (units % 8 && k < len)
		snprintf(buf + k, len - k, "%s", a->utf8 ? eighth[units % 8] : "");
}

static void bar_cell(const struct app *a, int view, uint32_t n, char *buf, size_t len)
{
	list_bar(a, list_node_pct(a, view, n), buf, len);
}

/* Left to right after gprof's line.  The bar's cells are padded as
 * text, so its width counts display columns, not bytes. */
static const struct list_extra extras[] = {
	{ "% time", 12, 1, bar_shown, bar_cell, NULL },
	{ "change", 16, 0, delta_shown, delta_cell, NULL },
	{ "base calls", 11, 0, baseline_calls_shown, baseline_calls_before_cell, NULL },
	{ "calls vs", 9, 0, baseline_calls_shown, baseline_calls_change_cell, NULL },
	{ "base self", 10, 0, baseline_shown, baseline_before_cell, NULL },
	{ "vs base", 11, 0, baseline_shown, baseline_change_cell, baseline_change_role },
};
#define NEXTRAS (sizeof extras / sizeof extras[0])

void list_draw_header(struct app *a, struct view *v, int y, int w, const char *head,
		      int keep)
{
	char line[512];
	snprintf(line, sizeof line, "%s", head);
	/* the extra columns are the function lists' */
	size_t nextras = v->ops->flags & VIEW_FUNCS ? NEXTRAS : 0;
	int right = 0;
	for (size_t i = 0; i < nextras; i++)
		if (extras[i].shown(a, w))
			right += extras[i].width;
	/* As the rows (compose): when the name would start too far right,
	 * only the first KEEP columns stay before it. */
	const char *name = strstr(head, "name");
	if (keep > 0 && name && (int)(name - head) + 12 > w - right)
		snprintf(line, sizeof line, "%.*s  name", 2 + keep, head);
	/* The sort mark replaces the blank before the column's label. */
	const struct list_column *cols = v->ops->columns;
	const char *label = cols ? cols[v->sort_col].label : NULL;
	char *at = label ? strstr(line, label) : NULL;
	for (int k = label ? cols[v->sort_col].nth : 0; at && k > 0; k--)
		at = strstr(at + 1, label);
	int mark = -1;
	while (at && at > line && at[-1] != ' ')
		at--; /* the start of the word (a unit prefix before "s/call") */
	if (at && at > line && at[-1] == ' ')
		mark = (int)(at - line - 1);
	draw_row(y, w - right, line, 3);
	if (mark >= 0) {
		const char *m = a->utf8 ? (v->sort_rev ? "\xe2\x96\xb2" : "\xe2\x96\xbc")
					: (v->sort_rev ? "^" : "v");
		draw_text(y, mark, 1, m, 3);
	}
	int x = w - right;
	for (size_t i = 0; i < nextras; i++) {
		if (!extras[i].shown(a, w))
			continue;
		char col[64];
		snprintf(col, sizeof col, "%*s",
			 extras[i].left ? -extras[i].width : extras[i].width,
			 extras[i].name);
		draw_text(y, x, extras[i].width, col, 3 | 0x100);
		x += extras[i].width;
	}
}

/* The row as shown: gutter, numbers (all, or the first KEEP bytes when
 * the name would not be seen), the name shortened (template arguments,
 * then its leading scopes when it does not fit the W columns) and
 * scrolled.  A malloc'd string. */
static char *compose(struct app *a, struct view *v, const char *line, int at, int keep,
		     int w)
{
	const char *nm = line + at;
	char *shortened = NULL, *fitted = NULL;
	int pre = at;
	if (keep > 0 && at + 12 > w)
		pre = 2 + keep;
	if (!a->full_names) {
		shortened = names_shorten_dup(nm, a->utf8);
		nm = shortened;
		if (v->hscroll == 0) {
			int room = w - pre - (pre < at ? 2 : 0);
			fitted = names_fit(nm, room, a->utf8);
			nm = fitted;
		}
	}
	nm = names_skip(nm, v->hscroll);
	size_t len = (size_t)pre + strlen(nm) + 4;
	char *out = xmalloc(len);
	snprintf(out, len, "%.*s%s%s", pre, line, pre < at ? "  " : "", nm);
	free(shortened);
	free(fitted);
	return out;
}

void list_draw_rows(struct app *a, struct view *v, int y, int h, int w, list_fmt *fmt,
		    int keep)
{
	struct pane *p = &v->pane;
	int right = 0;
	for (size_t i = 0; i < NEXTRAS; i++)
		if (extras[i].shown(a, w))
			right += extras[i].width;
	view_pane_fix(p, h);
	for (int r = 0; r < h; r++) {
		uint32_t i = p->top + (uint32_t)r;
		if (i >= p->n) {
			draw_fill(y + r, w, 0);
			continue;
		}
		uint32_t n = v->rows[i];
		char buf[64];
		const char *name = name_of(a, n, buf, sizeof buf);
		/* gprof's line, the name at its end, of any length (the index
		 * adds a file name) */
		size_t len = strlen(name) + ROWS_MAX + 4200;
		char *line = xmalloc(len);
		double pct = 0;
		int cur = i == p->cur;
		line[0] = cur ? '>' : ' ';
		line[1] = ' ';
		fmt(a, v, n, line + 2, len - 2, &pct);
		/* The name is the last thing in gprof's line. */
		const char *nm = strstr(line + 2, name);
		char *shown =
			compose(a, v, line, nm ? (int)(nm - line) : (int)strlen(line),
				keep, w - right);
		int role = cur && !a->focus_entry ? 6 : draw_hot_attr(pct);
		if (!cur && a->search.text && matcher_match(&a->search, name))
			role |= 0x200; /* a match of the search */
		draw_row(y + r, w - right, shown, role);
		free(shown);
		free(line);
		int x = w - right;
		for (size_t k = 0; k < NEXTRAS; k++) {
			if (!extras[k].shown(a, w))
				continue;
			char d[64], col[80];
			extras[k].cell(a, v->id, n, d, sizeof d);
			snprintf(col, sizeof col, "%*s",
				 extras[k].left ? 0 : extras[k].width, d);
			int crole = role == 6        ? 6
				    : extras[k].role ? extras[k].role(a, v->id, n)
						     : 0;
			draw_text(y + r, x, extras[k].width, col, crole | 0x100);
			x += extras[k].width;
		}
	}
}

const char *list_ops_row_text(struct app *a, struct view *v, uint32_t i, char *buf,
			      size_t len)
{
	return name_of(a, v->rows[i], buf, len);
}

char *list_ops_row_name(struct app *a, struct view *v)
{
	uint32_t n = v->pane.cur < v->pane.n ? v->rows[v->pane.cur] : 0;
	if (!(n & VIEW_ROW_BASE))
		return NULL;
	(void)a;
	const char *name = baseline_row_name(n);
	const char *note = " (removed: only in the baseline)";
	size_t len = strlen(name) + strlen(note) + 1;
	char *s = xmalloc(len);
	snprintf(s, len, "%s%s", name, note);
	return s;
}

uint32_t list_ops_current(struct app *a, struct view *v)
{
	return app_cur_node(a, v->id);
}

int list_ops_enter_graph(struct app *a, struct view *v, int act)
{
	if (act != ACT_ENTER)
		return 0;
	if (list_enter_removed(a, v))
		return 1;
	app_set_view(a, V_GRAPH);
	return 1;
}
