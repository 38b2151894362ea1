/* SPDX-License-Identifier: GPL-3.0-or-later */
/* callgraph: the call graph report.
 *
 * An entry is a function's callers ("parents"), its primary line and its
 * callees ("children"), or for a cycle, the cycle as a whole and its
 * members.  Parents print in increasing and children in decreasing order
 * of the arc order below; ties keep the order arcs were first read in. */
#include "config.h"
#include "entry.h"
#include "notes.h"
#include "reportint.h"
#include "rows.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static const char dashes[] = "-----------------------------------------------\n";

/* One line: TEXT up to END, then node N's reference. */
static void line_with_name(struct report_ctx *c, const char *text, const char *end,
			   uint32_t n)
{
	fwrite(text, 1, (size_t)(end - text), c->out);
	report_name(c, n);
	fputc('\n', c->out);
}

/* A function's callers (PARENTS) or callees, in GNU's order. */
static void print_arcs(struct report_ctx *c, uint32_t n, int parents)
{
	const struct cg *g = c->g;
	int trad = c->o->traditional;
	char buf[ROWS_MAX];
	uint32_t *v;
	uint32_t m = entry_arcs(g, n, parents, &v);

	if (parents && m == 0) {
		char *e = rows_spontaneous(buf, trad);
		*e++ = '\n';
		fwrite(buf, 1, (size_t)(e - buf), c->out);
	}
	for (uint32_t k = 0; k < m; k++) {
		const struct cg_arc *a = &g->arcs[v[k]];
		char *e = rows_arc(buf, g, a, rows_arc_count_only(g, a),
				   rows_arc_total(g, n, a, parents), trad);
		line_with_name(c, buf, e, parents ? a->parent : a->child);
	}
	free(v);
}

static void print_cycle(struct report_ctx *c, uint32_t n)
{
	const struct cg *g = c->g;
	int trad = c->o->traditional;
	char buf[ROWS_MAX];
	char *e = rows_cycle(buf, g, n, trad);

	*e++ = '\n';
	fwrite(buf, 1, (size_t)(e - buf), c->out);
	uint32_t *v;
	uint32_t m = entry_members(g, n, &v);
	for (uint32_t k = 0; k < m; k++)
		line_with_name(c, buf, rows_member(buf, g, v[k], trad), v[k]);
	free(v);
}

static void print_header(struct report_ctx *c)
{
	const struct cg *g = c->g;
	double print_time = g->print_time;

	report_sep(c);
	if (!c->o->traditional) {
		if (!c->o->brief)
			fputs("\t\t     Call graph (explanation follows)\n\n", c->out);
		else
			fputs("\t\t\tCall graph\n\n", c->out);
	}
	fprintf(c->out, "\ngranularity: each sample hit covers %ld byte(s)",
		report_granularity(g));
	if (print_time > 0.0)
		fprintf(c->out, " for %.2f%% of %.2f seconds\n\n", 100.0 / print_time,
			print_time / g->hz);
	else
		fputs(" no time propagated\n\n", c->out);
	if (c->o->traditional) {
		fprintf(c->out, "%6.6s %5.5s %7.7s %11.11s %7.7s/%-7.7s     %-8.8s\n", "",
			"", "", "", "called", "total", "parents");
		fprintf(c->out, "%-6.6s %5.5s %7.7s %11.11s %7.7s+%-7.7s %-8.8s\t%5.5s\n",
			"index", "%time", "self", "descendants", "called", "self", "name",
			"index");
		fprintf(c->out, "%6.6s %5.5s %7.7s %11.11s %7.7s/%-7.7s     %-8.8s\n", "",
			"", "", "", "called", "total", "children");
		fputc('\n', c->out);
	} else {
		fprintf(c->out, "%s\n", rows_graph_heading);
	}
}

void report_graph_ctx(struct report_ctx *c)
{
	const struct cg *g = c->g;

	if (c->o->traditional && !c->o->brief)
		notes_graph(c->out);
	print_header(c);
	report_labels_build(c);
	for (uint32_t k = 0; k < g->norder; k++) {
		uint32_t n = g->order[k];
		if (!rows_graph_shown(g, n, c->o->zero, c->o->line))
			continue;
		if (cg_is_cycle(g, n)) {
			print_cycle(c, n);
		} else {
			char buf[ROWS_MAX];
			print_arcs(c, n, 1);
			line_with_name(c, buf, rows_primary(buf, g, n, c->o->traditional),
				       n);
			print_arcs(c, n, 0);
		}
		if (c->o->traditional)
			fputc('\n', c->out);
		fputs(dashes, c->out);
		if (c->o->traditional)
			fputc('\n', c->out);
	}
	report_labels_free(c);
	if (!c->o->brief && !c->o->traditional)
		notes_graph(c->out);
}
