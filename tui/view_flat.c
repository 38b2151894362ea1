/* view_flat: the flat profile, one row per function as GNU gprof prints
 * it (the functions it shows, in its order unless sorted by a column),
 * with the per-call unit GNU chooses for the profile in the header. */
#include "config.h"
#include "app.h"
#include "action.h"
#include "keymap.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

/* The cumulative column runs down the rows as drawn. */
static double cumul;
static double unit_scale = 1;

static const struct {
	double scale;
	const char *prefix;
} si_units[] = {
	{ 1e-12, "T" }, { 1e-9, "G" }, { 1e-6, "M" }, { 1e-3, "K" },
	{ 1.0, "" },    { 1e3, "m" },  { 1e6, "u" },  { 1e9, "n" },
	{ 1e12, "p" },  { 1e15, "f" }, { 1e18, "a" },
};
#define SI_N (sizeof si_units / sizeof si_units[0])

/* The per-call unit gprof picks: the prefix that brings the largest
 * total per call into [1, 1000). */
static size_t per_call_unit(const struct cg *g)
{
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

/* GNU's order: self time down, then calls down, then name. */
static int cmp_gnu(const struct cg *g, uint32_t l, uint32_t r)
{
	const struct cg_node *a = &g->nodes[l], *b = &g->nodes[r];
	double d = b->self_time - a->self_time;
	if (d != 0.0)
		return d > 0.0 ? 1 : -1;
	if (b->ncalls != a->ncalls)
		return b->ncalls > a->ncalls ? 1 : -1;
	return strcmp(a->sym->name, b->sym->name);
}

static int cmp_num(double x, double y)
{
	return x < y ? -1 : x > y;
}

static int cmp_calls(const struct cg *g, uint32_t l, uint32_t r)
{
	return -cmp_num((double)g->nodes[l].ncalls, (double)g->nodes[r].ncalls);
}

static double per_call(const struct cg_node *s, int total)
{
	return s->ncalls ? (s->self_time + (total ? s->child_time : 0)) / (double)s->ncalls : -1;
}

static int cmp_self_call(const struct cg *g, uint32_t l, uint32_t r)
{
	return -cmp_num(per_call(&g->nodes[l], 0), per_call(&g->nodes[r], 0));
}

static int cmp_total_call(const struct cg *g, uint32_t l, uint32_t r)
{
	return -cmp_num(per_call(&g->nodes[l], 1), per_call(&g->nodes[r], 1));
}

static int cmp_name(const struct cg *g, uint32_t l, uint32_t r)
{
	return strcmp(g->nodes[l].sym->dname, g->nodes[r].sym->dname);
}

static const struct list_column columns[] = {
	{ "self", cmp_gnu, "self s", 0 },
	{ "calls", cmp_calls, "calls", 0 },
	{ "self-per-call", cmp_self_call, "s/call", 0 },
	{ "total-per-call", cmp_total_call, "s/call", 1 },
	{ "name", cmp_name, "name", 0 },
	{ NULL, NULL, NULL, 0 },
};

static int shown(const struct cg *g, const struct cg_node *s, int zero)
{
	int sel = cg_in_set(s, CG_INCL_FLAT) ||
		(!((g->set_active >> CG_INCL_FLAT) & 1) && !cg_in_set(s, CG_EXCL_FLAT));
	return sel && (zero || s->ncalls != 0 || s->self_time != 0);
}

static void build(struct app *a)
{
	const struct cg *g = a->g;
	list_begin(a, V_FLAT);
	for (uint32_t i = 0; i < g->nfuncs; i++)
		if (shown(g, &g->nodes[i], a->o->zero))
			list_offer(a, V_FLAT, i);
	list_finish(a, V_FLAT, 0);
}

static void fmt(struct app *a, uint32_t n, char *buf, size_t len, double *pct)
{
	const struct cg *g = a->g;
	const struct cg_node *s = &g->nodes[n];
	double total = g->total_time > 0 ? g->total_time : 1;
	cumul += s->self_time;
	int k = snprintf(buf, len, "%6.2f %9.2f %8.2f", 100 * s->self_time / total,
			 cumul / g->hz, s->self_time / g->hz);
	if (k < 0 || (size_t)k >= len)
		return;
	if (s->ncalls)
		snprintf(buf + k, len - (size_t)k, " %8lu %8.2f %8.2f  %s",
			 (unsigned long)s->ncalls, unit_scale * s->self_time / g->hz / s->ncalls,
			 unit_scale * (s->self_time + s->child_time) / g->hz / s->ncalls,
			 s->sym->dname);
	else
		snprintf(buf + k, len - (size_t)k, " %8.8s %8.8s %8.8s  %s", "", "", "",
			 s->sym->dname);
	*pct = 100 * s->self_time / total;
}

static void draw(struct app *a, int y, int h, int w)
{
	char head[160], self[16], total[16];
	size_t si = per_call_unit(a->g);
	unit_scale = si_units[si].scale;
	/* The per-call columns in the unit GNU's header gives them. */
	snprintf(self, sizeof self, "%ss/call", si_units[si].prefix);
	snprintf(total, sizeof total, "%ss/call", si_units[si].prefix);
	snprintf(head, sizeof head, "  %6s %9s %8s %8s %8s %8s  %s", " %time", "cumul s",
		 "self s", "calls", self, total, "name");
	list_draw_header(a, V_FLAT, y, w, head);
	struct pane *p = &a->pane[V_FLAT];
	view_pane_fix(p, h - 1);
	cumul = 0;
	for (uint32_t i = 0; i < p->top && i < p->n; i++)
		cumul += a->g->nodes[list_row(a, V_FLAT, i)].self_time;
	list_draw_rows(a, V_FLAT, y + 1, h - 1, w, fmt, 6);
}

static int key(struct app *a, int act)
{
	if (act != ACT_ENTER)
		return 0;
	/* Enter opens the entry of the row's function: the call graph. */
	app_set_view(a, V_GRAPH);
	return 1;
}

static const char *row_text(struct app *a, uint32_t i, char *buf, size_t len)
{
	return list_node_name(a, list_row(a, V_FLAT, i), buf, len);
}

static uint32_t current(struct app *a)
{
	return list_cur_node(a, V_FLAT);
}

const struct view_ops view_flat_ops = {
	.name = "flat", .keymap = KV_FLAT, .flags = VIEW_FUNCS | VIEW_SELF_TIME | VIEW_HEADER,
	.build = build, .draw = draw, .key = key, .row_text = row_text, .current = current,
	.columns = columns,
};
