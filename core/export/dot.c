/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dot: the call graph for Graphviz.
 *
 * What is drawn (the man page's EXPORTS states the same rule):
 *  - a live arc whose time is at least edge_threshold of the graph's time.
 *    An arc's time is what gprof propagates along it (self + children of
 *    its caller/callee line), so arcs into a cycle carry their share of
 *    the cycle's time.  Arcs between members of one cycle carry nothing in
 *    gprof; for them the time is the callee's own total (its self +
 *    children line) times the arc's share of the callee's calls, the
 *    mapping the callgrind export uses;
 *  - a function whose total is at least node_threshold of the graph's
 *    time, and every function at either end of a drawn arc;
 *  - a deleted arc (dashed) and a self call between drawn functions.
 * A profile without time draws every function that was called and every
 * live arc.  Members of a cycle are grouped in a cluster.  C++ names are
 * shortened (template arguments and parameter lists elided) so a graph of
 * a C++ program stays readable; the full name is the node's tooltip. */
#include "config.h"
#include "exportint.h"
#include "cg.h"
#include "load.h"
#include "rows.h"
#include "util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Character C inside a double-quoted DOT string: quotes and backslashes
 * escaped, a control character shown as its C escape (util.h), whose
 * backslash DOT must see doubled ("\\n" in the file shows \n, not a line
 * break; a raw control character would end up in an SVG, which XML
 * forbids). */
static void dchar(FILE *out, unsigned char c)
{
	char buf[8];

	if (c < 0x20 || c == 0x7f) {
		const char *e = util_ctrl_escape(c, buf);
		putc('\\', out);
		fputs(e, out);
	} else {
		if (c == '"' || c == '\\')
			putc('\\', out);
		putc(c, out);
	}
}

/* S inside a double-quoted DOT string. */
static void dstr(FILE *out, const char *s)
{
	for (; *s; s++)
		dchar(out, (unsigned char)*s);
}

/* The length of the C++ operator token at S (after "operator "), the
 * longest that matches: "operator!=<T>" is "!=" followed by its template
 * arguments, which are elided like any others. */
static size_t op_len(const char *s)
{
	static const char *const ops[] = {
		"<<=", ">>=", "<=>", "->*", "()", "[]", "<<", ">>", "<=", ">=",
		"==",  "!=",  "&&",  "||",  "++", "--", "->", "+=", "-=", "*=",
		"/=",  "%=",  "&=",  "|=",  "^=", "<",  ">",  "=",  "!",  "+",
		"-",   "*",   "/",   "%",   "&",  "|",  "^",  "~",  ",",
	};

	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
		size_t n = strlen(ops[i]);
		if (strncmp(s, ops[i], n) == 0)
			return n;
	}
	return 0;
}

/* NAME as a node label: what is between <> or () elided, so that
 * "std::vector<int, std::allocator<int> >::push_back(int const&)" reads
 * "std::vector<…>::push_back(…)".  The operators' own brackets
 * ("operator<<", "operator()") are kept. */
static void short_name(FILE *out, const char *name)
{
	int depth = 0;

	for (const char *s = name; *s; s++) {
		if (depth == 0 && strncmp(s, "operator", 8) == 0 &&
		    !isalnum((unsigned char)s[8]) && s[8] != '_') {
			const char *q = s + 8;
			while (*q == ' ')
				q++;
			q += op_len(q);
			for (; s < q; s++)
				putc(*s, out);
			s--;
			continue;
		}
		if (*s == '<' || *s == '(') {
			if (depth++ == 0) {
				putc(*s, out);
				int empty = (*s == '(' && s[1] == ')') ||
					    (*s == '<' && s[1] == '>');
				if (!empty)
					fputs("\xe2\x80\xa6",
					      out); /* U+2026, the ellipsis */
			}
			continue;
		}
		if ((*s == '>' || *s == ')') && depth > 0) {
			if (--depth == 0)
				putc(*s, out);
			continue;
		}
		if (depth == 0)
			dchar(out, (unsigned char)*s);
	}
}

/* A fill colour from white (no time) to red (all of it). */
static void fill(FILE *out, double frac)
{
	if (frac < 0)
		frac = 0;
	if (frac > 1)
		frac = 1;
	int v = (int)(255 * (1 - frac) + 0.5);
	fprintf(out, "\"#ff%02x%02x\"", v, v);
}

/* The time along arc ARC for the threshold (see the head comment). */
static double arc_time(const struct cg *g, const struct cg_arc *arc)
{
	const struct cg_node *cn = &g->nodes[arc->child];

	if (cg_arc_class(g, arc) == CG_ARC_CYCLE)
		return cn->ncalls > 0 ? (cn->prop_self + cn->prop_child) *
						(double)arc->count / (double)cn->ncalls
				      : 0;
	return arc->time + arc->child_time;
}

static void node(FILE *out, const struct cg *g, uint32_t i, double total, int notime,
		 const char *indent)
{
	const struct cg_node *n = &g->nodes[i];
	double t = n->prop_self + n->prop_child;

	fprintf(out, "%sn%u [label=\"", indent, i);
	short_name(out, n->sym->dname);
	fprintf(out, "\\n[%u] %.1f%% total %.2f s\\nself %.2f s\\n%llu calls", n->index,
		notime ? 0.0 : 100 * t / total, cg_seconds(g, t),
		cg_seconds(g, n->prop_self), (unsigned long long)n->ncalls);
	if (n->self_calls)
		fprintf(out, "+%llu", (unsigned long long)n->self_calls);
	fputs("\", tooltip=\"", out);
	dstr(out, n->sym->dname);
	fputs("\", fillcolor=", out);
	fill(out, notime ? 0 : t / total);
	fputs("];\n", out);
}

void export_dot(FILE *out, const struct edit *e, const struct export_params *p)
{
	const struct cg *g = edit_graph(e);
	const struct opts *o = edit_opts(e);
	double total = g->print_time > 0 ? g->print_time : g->total_time;
	int notime = total <= 0;
	char *drawn = xcalloc((size_t)g->nfuncs + 1, 1);
	char *arc_drawn = xcalloc((size_t)g->narcs + 1, 1);

	for (uint32_t i = 0; i < g->nfuncs; i++) {
		const struct cg_node *n = &g->nodes[i];
		if (n->sym->is_excluded)
			continue;
		if (notime)
			drawn[i] = n->ncalls + n->self_calls > 0;
		else
			drawn[i] = (n->prop_self + n->prop_child) / total >=
					   p->node_threshold &&
				   (n->prop_self + n->prop_child > 0 ||
				    p->node_threshold <= 0);
	}
	for (uint32_t a = 0; a < g->narcs; a++) {
		const struct cg_arc *arc = &g->arcs[a];
		if (arc->deleted || arc->parent == arc->child ||
		    g->nodes[arc->parent].sym->is_excluded ||
		    g->nodes[arc->child].sym->is_excluded)
			continue;
		if (!notime && !(arc_time(g, arc) / total >= p->edge_threshold &&
				 (arc_time(g, arc) > 0 || p->edge_threshold <= 0)))
			continue;
		arc_drawn[a] = 1;
		drawn[arc->parent] = drawn[arc->child] = 1;
	}
	/* newrank: dot's older ranking fails ("trouble in init_rank") on some
	 * graphs with cycle clusters. */
	fputs("digraph \"tgprof\" {\n  graph [newrank=true, labelloc=t, label=\"", out);
	dstr(out, o->load.exe ? o->load.exe : "a.out");
	fprintf(out, ": %.2f seconds", cg_seconds(g, g->total_time));
	if (edit_nsteps(e))
		fprintf(out, ", %zu edit%s", edit_nsteps(e),
			edit_nsteps(e) == 1 ? "" : "s");
	fputs("\"];\n  node [shape=box, style=filled, fontname=\"Helvetica\"];\n"
	      "  edge [fontname=\"Helvetica\", fontsize=10];\n",
	      out);
	for (uint32_t i = 0; i < g->nfuncs; i++)
		if (drawn[i] && !g->nodes[i].cycle)
			node(out, g, i, total, notime, "  ");
	for (uint32_t c = 0; c < g->ncycles; c++) {
		const struct cg_node *cy = &g->nodes[g->nfuncs + c];
		int any = 0;
		for (uint32_t m = cy->next_member; m != CG_NONE;
		     m = g->nodes[m].next_member)
			any |= drawn[m];
		if (!any)
			continue;
		char cyc[ROWS_CYCLE_MAX];
		*rows_cycle_name(cyc, cy->cycle, 0) = 0;
		fprintf(out,
			"  subgraph cluster_cycle%u {\n    label=\"%s "
			"%.2f s\"; style=dashed;\n",
			cy->cycle, cyc, cg_seconds(g, cy->prop_self + cy->prop_child));
		for (uint32_t m = cy->next_member; m != CG_NONE;
		     m = g->nodes[m].next_member)
			if (drawn[m])
				node(out, g, m, total, notime, "    ");
		fputs("  }\n", out);
	}
	for (uint32_t a = 0; a < g->narcs; a++) {
		const struct cg_arc *arc = &g->arcs[a];
		if (!drawn[arc->parent] || !drawn[arc->child])
			continue;
		if (arc->deleted) {
			fprintf(out,
				"  n%u -> n%u [style=dashed, color=gray, "
				"label=\"deleted\\n%llu calls\"];\n",
				arc->parent, arc->child, (unsigned long long)arc->count);
			continue;
		}
		if (arc->parent == arc->child) {
			fprintf(out, "  n%u -> n%u [label=\"%llu calls\"];\n",
				arc->parent, arc->child, (unsigned long long)arc->count);
			continue;
		}
		if (!arc_drawn[a])
			continue;
		double t = arc_time(g, arc);
		const struct cg_node *pn = &g->nodes[arc->parent];
		if (notime)
			fprintf(out, "  n%u -> n%u [label=\"%llu calls\"];\n",
				arc->parent, arc->child, (unsigned long long)arc->count);
		else if (pn->cycle && cg_arc_class(g, arc) != CG_ARC_OTHER)
			/* gprof gives no time to a call inside a cycle */
			fprintf(out,
				"  n%u -> n%u [label=\"%llu calls\", penwidth=%.2f];\n",
				arc->parent, arc->child, (unsigned long long)arc->count,
				1 + 4 * t / total);
		else
			fprintf(out,
				"  n%u -> n%u [label=\"%.2f s\\n%llu calls\", "
				"penwidth=%.2f];\n",
				arc->parent, arc->child, cg_seconds(g, t),
				(unsigned long long)arc->count, 1 + 4 * t / total);
	}
	fputs("}\n", out);
	free(drawn);
	free(arc_drawn);
}
