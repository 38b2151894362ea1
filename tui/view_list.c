/* view_list: drawing the flat profile, call graph and index lists.
 *
 * Each row is the line GNU gprof prints for that function (flat line and
 * call-graph primary line, both formatted by core's rows.h; index entry)
 * after a two-column gutter that marks the cursor, so a screen reads like
 * the report and tests can hold rows against `gprof -b` output.  The change column (Δ against the
 * original profile) is right-aligned at the end when shown. */
#include "config.h"
#include "app.h"
#include "rows.h"
#include "util.h"

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdio.h>
#include <string.h>

static void pane_fix(struct pane *p, int h)
{
	p->height = h > 0 ? (uint32_t)h : 0;
	if (p->cur >= p->n)
		p->cur = p->n ? p->n - 1 : 0;
	if (h <= 0)
		return;
	if (p->cur < p->top)
		p->top = p->cur;
	if (p->cur >= p->top + (uint32_t)h)
		p->top = p->cur - (uint32_t)h + 1;
	if (p->top + (uint32_t)h > p->n)
		p->top = p->n > (uint32_t)h ? p->n - (uint32_t)h : 0;
}

static int delta_shown(const struct app *a, int w)
{
	return a->show_delta && edit_nsteps(a->ed) > 0 && w >= 60;
}

/* edit_orig() walks a cycle's members; on big cycles that is too slow to
 * repeat on every redraw, so cycle rows are cached per model generation. */
static struct edit_orig *orig_cache;
static unsigned long *orig_gen;
static uint32_t orig_cap;

static int orig_of(const struct app *a, uint32_t n, struct edit_orig *o)
{
	if (n < a->g->nfuncs)
		return edit_orig(a->ed, n, o);
	uint32_t c = n - a->g->nfuncs;
	unsigned long gen = edit_generation(a->ed) + 1;
	if (c >= orig_cap) {
		uint32_t cap = c + 64;
		orig_cache = xrealloc(orig_cache, cap * sizeof *orig_cache);
		orig_gen = xrealloc(orig_gen, cap * sizeof *orig_gen);
		memset(orig_gen + orig_cap, 0, (cap - orig_cap) * sizeof *orig_gen);
		orig_cap = cap;
	}
	if (orig_gen[c] != gen) {
		edit_orig(a->ed, n, &orig_cache[c]);
		orig_gen[c] = gen;
	}
	*o = orig_cache[c];
	return o->valid;
}

/* Δ of node N: time in seconds (flat: self, graph: total) and calls. */
static void delta_text(const struct app *a, uint32_t n, int flat, char *buf, size_t len)
{
	struct edit_orig o;
	const struct cg_node *s = &a->g->nodes[n];
	buf[0] = 0;
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

static void draw_rows(struct app *a, int view, int y, int h, int w,
		      void (*fmt)(struct app *, uint32_t, char *, size_t, double *))
{
	struct pane *p = &a->pane[view];
	int dw = delta_shown(a, w) ? 16 : 0;
	pane_fix(p, h);
	for (int r = 0; r < h; r++) {
		uint32_t i = p->top + (uint32_t)r;
		if (i >= p->n) {
			draw_fill(y + r, w, 0);
			continue;
		}
		uint32_t n = a->rows[view][i];
		char line[512];
		double pct = 0;
		int cur = i == p->cur;
		line[0] = cur ? '>' : ' ';
		line[1] = ' ';
		fmt(a, n, line + 2, sizeof line - 2, &pct);
		int role = cur && !a->focus_entry ? 6 : draw_hot_attr(a, pct);
		draw_row(y + r, w - dw, line, role);
		if (dw) {
			char d[32], col[40];
			delta_text(a, n, view == V_FLAT, d, sizeof d);
			snprintf(col, sizeof col, "%*s", dw, d);
			draw_text(y + r, w - dw, dw, col, (role == 6 ? 6 : 0) | 0x100);
		}
	}
}

static void fmt_flat(struct app *a, uint32_t n, char *buf, size_t len, double *pct)
{
	const struct cg *g = a->g;
	double total = g->total_time > 0 ? g->total_time : 1;
	char row[ROWS_MAX];

	a->flat_cumul += g->nodes[n].self_time;
	char *e = rows_flat(row, g, n, total, a->flat_cumul, a->flat_scale, 0);
	snprintf(buf, len, "%.*s%s", (int)(e - row), row, g->nodes[n].sym->dname);
	*pct = 100 * g->nodes[n].self_time / total;
}

void view_flat_draw(struct app *a, int y, int h, int w)
{
	char head[128];
	rows_flat_unit(a->g, 0, &a->flat_scale);
	snprintf(head, sizeof head, "  %6s %9s %8s %8s %8s %8s  %s", " %time", "cumul s",
		 "self s", "calls", "self", "total", "name");
	draw_row(y, w, head, 3);
	/* The cumulative column runs down the rows as shown, so it is
	 * computed from the first row to the first one drawn. */
	struct pane *p = &a->pane[V_FLAT];
	pane_fix(p, h - 1);
	a->flat_cumul = 0;
	for (uint32_t i = 0; i < p->top && i < p->n; i++)
		a->flat_cumul += a->g->nodes[a->rows[V_FLAT][i]].self_time;
	draw_rows(a, V_FLAT, y + 1, h - 1, w, fmt_flat);
}

void view_primary_line(const struct app *a, uint32_t n, char *buf, size_t len)
{
	const struct cg *g = a->g;
	double pt = g->print_time > 0 ? g->print_time : 1;
	char row[ROWS_MAX];

	if (cg_is_cycle(g, n)) {
		char *e = rows_cycle(row, g, n, pt, 0);
		snprintf(buf, len, "%.*s", (int)(e - row), row);
	} else {
		rows_named(buf, len, row, rows_primary(row, g, n, pt, 0), g, n);
	}
}

static void fmt_graph(struct app *a, uint32_t n, char *buf, size_t len, double *pct)
{
	view_primary_line(a, n, buf, len);
	*pct = list_node_pct(a, n);
}

void view_graph_draw(struct app *a, int y, int h, int w)
{
	draw_row(y, w, "  index % time    self  children    called     name", 3);
	draw_rows(a, V_GRAPH, y + 1, h - 1, w, fmt_graph);
}

static void fmt_index(struct app *a, uint32_t n, char *buf, size_t len, double *pct)
{
	const struct cg_node *s = &a->g->nodes[n];
	char idx[32], tmp[64];
	snprintf(idx, sizeof idx, "%c%u%c", s->print_flag ? '[' : '(', s->index,
		 s->print_flag ? ']' : ')');
	if (n >= a->g->nfuncs)
		snprintf(buf, len, "%6s <cycle %u>", idx, s->cycle);
	else if (s->cycle)
		snprintf(buf, len, "%6s %s <cycle %u>", idx, list_node_name(a, n, tmp, sizeof tmp),
			 s->cycle);
	else
		snprintf(buf, len, "%6s %s", idx, list_node_name(a, n, tmp, sizeof tmp));
	*pct = list_node_pct(a, n);
}

void view_index_draw(struct app *a, int y, int h, int w)
{
	draw_row(y, w, "  index  name", 3);
	draw_rows(a, V_INDEX, y + 1, h - 1, w, fmt_index);
}

void view_pane_fix(struct pane *p, int h)
{
	pane_fix(p, h);
}
