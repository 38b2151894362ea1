/* view_graph: the call graph, one row per entry: GNU gprof's primary
 * line, in its order (the entries it prints) unless sorted by a column.
 * The entry pane below shows the selected row's whole entry. */
#include "config.h"
#include "app.h"
#include "action.h"
#include "keymap.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

static int cmp_num(double x, double y)
{
	return x < y ? -1 : x > y;
}

static int cmp_index(const struct cg *g, uint32_t l, uint32_t r)
{
	return cmp_num(g->nodes[l].index, g->nodes[r].index);
}

static int cmp_self(const struct cg *g, uint32_t l, uint32_t r)
{
	return -cmp_num(g->nodes[l].prop_self, g->nodes[r].prop_self);
}

static int cmp_children(const struct cg *g, uint32_t l, uint32_t r)
{
	return -cmp_num(g->nodes[l].prop_child, g->nodes[r].prop_child);
}

static int cmp_calls(const struct cg *g, uint32_t l, uint32_t r)
{
	const struct cg_node *a = &g->nodes[l], *b = &g->nodes[r];
	return -cmp_num((double)(a->ncalls + a->self_calls), (double)(b->ncalls + b->self_calls));
}

static int cmp_name(const struct cg *g, uint32_t l, uint32_t r)
{
	const char *a = l < g->nfuncs ? g->nodes[l].sym->dname : "";
	const char *b = r < g->nfuncs ? g->nodes[r].sym->dname : "";
	return strcmp(a, b);
}

static const struct list_column columns[] = {
	{ "total", cmp_index, "% time", 0 },
	{ "self", cmp_self, "self", 0 },
	{ "children", cmp_children, "children", 0 },
	{ "calls", cmp_calls, "called", 0 },
	{ "name", cmp_name, "name", 0 },
	{ NULL, NULL, NULL, 0 },
};

static int shown(const struct cg_node *s, int zero)
{
	return s->print_flag && (zero || s->ncalls != 0 || s->self_calls != 0 ||
				 s->prop_self != 0 || s->prop_child != 0);
}

static void build(struct app *a)
{
	const struct cg *g = a->g;
	list_begin(a, V_GRAPH);
	for (uint32_t k = 0; k < g->norder; k++)
		if (shown(&g->nodes[g->order[k]], a->o->zero))
			list_offer(a, V_GRAPH, g->order[k]);
	list_finish(a, V_GRAPH, 1);
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

static void fmt(struct app *a, uint32_t n, char *buf, size_t len, double *pct)
{
	view_primary_line(a, n, buf, len);
	*pct = list_node_pct(a, V_GRAPH, n);
}

static void draw(struct app *a, int y, int h, int w)
{
	list_draw_header(a, V_GRAPH, y, w, "  index % time    self  children    called     name");
	list_draw_rows(a, V_GRAPH, y + 1, h - 1, w, fmt, 12);
}

static int key(struct app *a, int act)
{
	if (act != ACT_ENTER)
		return 0;
	/* The entry of the row is the pane below: Enter goes into it. */
	if (a->entry_h > 0)
		a->focus_entry = 1;
	return 1;
}

static const char *row_text(struct app *a, uint32_t i, char *buf, size_t len)
{
	return list_node_name(a, list_row(a, V_GRAPH, i), buf, len);
}

static uint32_t current(struct app *a)
{
	return list_cur_node(a, V_GRAPH);
}

const struct view_ops view_graph_ops = {
	.name = "graph", .keymap = KV_GRAPH, .flags = VIEW_FUNCS | VIEW_HEADER,
	.build = build, .draw = draw, .key = key, .row_text = row_text, .current = current,
	.columns = columns,
};
