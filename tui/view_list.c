/* view_list: drawing the flat profile, call graph and index lists.
 *
 * Each row is the line GNU gprof prints for that function (flat line,
 * call-graph primary line, index entry) after a two-column gutter that
 * marks the cursor, so a screen reads like the report and tests can hold
 * rows against `gprof -b` output.  The change column (Δ against the
 * original profile) is right-aligned at the end when shown. */
#include "config.h"
#include "app.h"
#include "util.h"

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdio.h>
#include <string.h>

static const struct {
	double scale;
	const char *prefix;
} si_units[] = {
	{ 1e-12, "T" }, { 1e-9, "G" }, { 1e-6, "M" }, { 1e-3, "K" },
	{ 1.0, "" },    { 1e3, "m" },  { 1e6, "u" },  { 1e9, "n" },
	{ 1e12, "p" },  { 1e15, "f" }, { 1e18, "a" },
};
#define SI_N (sizeof si_units / sizeof si_units[0])

/* The per-call unit gprof would pick: the prefix that brings the largest
 * total per call into [1, 1000). */
static size_t per_call_unit(const struct app *a)
{
	const struct cg *g = a->g;
	double top = 0;
	for (uint32_t i = 0; i < g->nfuncs; i++) {
		const struct cg_node *s = &g->nodes[i];
		if (s->ncalls && (s->self_time + s->child_time) / s->ncalls > top)
			top = (s->self_time + s->child_time) / s->ncalls;
	}
	if (top <= 0)
		return 0;
	top /= g->hz;
	size_t si;
	for (si = 0; si < SI_N - 1; si++) {
		double x = si_units[si].scale * top;
		if (x >= 1.0 && x < 1000.0)
			break;
	}
	return si;
}

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
	const struct cg_node *s = &g->nodes[n];
	double total = g->total_time > 0 ? g->total_time : 1;
	double scale = si_units[a->flat_si].scale;
	a->flat_cumul += s->self_time;
	int k = snprintf(buf, len, "%6.2f %9.2f %8.2f", 100 * s->self_time / total,
			 a->flat_cumul / g->hz, s->self_time / g->hz);
	if (k < 0 || (size_t)k >= len)
		return;
	if (s->ncalls)
		snprintf(buf + k, len - (size_t)k, " %8lu %8.2f %8.2f  %s",
			 (unsigned long)s->ncalls, scale * s->self_time / g->hz / s->ncalls,
			 scale * (s->self_time + s->child_time) / g->hz / s->ncalls,
			 s->sym->dname);
	else
		snprintf(buf + k, len - (size_t)k, " %8.8s %8.8s %8.8s  %s", "", "", "",
			 s->sym->dname);
	*pct = 100 * s->self_time / total;
}

void view_flat_draw(struct app *a, int y, int h, int w)
{
	char head[128];
	a->flat_si = (int)per_call_unit(a);
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

static void fmt_name(const struct app *a, uint32_t n, char *buf, size_t len)
{
	const struct cg_node *s = &a->g->nodes[n];
	char tmp[64];
	const char *name = list_node_name(a, n, tmp, sizeof tmp);
	if (n >= a->g->nfuncs)
		snprintf(buf, len, "%s [%u]", name, s->index);
	else if (s->cycle && s->index)
		snprintf(buf, len, "%s <cycle %u> %c%u%c", name, s->cycle,
			 s->print_flag ? '[' : '(', s->index, s->print_flag ? ']' : ')');
	else if (s->index)
		snprintf(buf, len, "%s %c%u%c", name, s->print_flag ? '[' : '(', s->index,
			 s->print_flag ? ']' : ')');
	else
		snprintf(buf, len, "%s", name);
}

void view_primary_line(const struct app *a, uint32_t n, char *buf, size_t len)
{
	const struct cg *g = a->g;
	const struct cg_node *s = &g->nodes[n];
	double pt = g->print_time > 0 ? g->print_time : 1;
	char idx[32], calls[40], name[400];
	snprintf(idx, sizeof idx, "[%u]", s->index);
	if (n >= g->nfuncs || s->ncalls + s->self_calls != 0) {
		if (s->self_calls)
			snprintf(calls, sizeof calls, " %7lu+%-7lu", (unsigned long)s->ncalls,
				 (unsigned long)s->self_calls);
		else
			snprintf(calls, sizeof calls, " %7lu %7.7s", (unsigned long)s->ncalls, "");
	} else {
		snprintf(calls, sizeof calls, " %7.7s %7.7s", "", "");
	}
	fmt_name(a, n, name, sizeof name);
	snprintf(buf, len, "%-6.6s %5.1f %7.2f %7.2f%s %s", idx,
		 100 * (s->prop_self + s->prop_child) / pt, s->prop_self / g->hz,
		 s->prop_child / g->hz, calls, name);
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
