/* export_dot: the call graph for Graphviz.
 *
 * A function is drawn when its total (call-graph self + children) is at
 * least node_threshold of the graph's time; a live arc between two drawn
 * functions when its propagated time (self + child) is at least
 * edge_threshold of it, or when both ends are in one cycle (time does not
 * propagate inside a cycle, so those arcs carry counts only).  Deleted arcs
 * between drawn functions are dashed.  A profile without time draws every
 * function that was called and every arc.  Cycles are clusters. */
#include "config.h"
#include "exportint.h"
#include "cg.h"
#include "load.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* S inside a double-quoted DOT string. */
static void dstr(FILE *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			putc('\\', out);
		if ((unsigned char)*s < 0x20)
			putc(' ', out);
		else
			putc(*s, out);
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

void export_dot(FILE *out, const struct edit *e, const struct export_params *p)
{
	const struct cg *g = edit_graph(e);
	const struct opts *o = edit_opts(e);
	double total = g->print_time > 0 ? g->print_time : g->total_time;
	double hz = g->hz > 0 ? g->hz : 1; /* no rate: no histogram, no time */
	int notime = total <= 0;
	char *drawn = xcalloc((size_t)g->nfuncs + 1, 1);

	for (uint32_t i = 0; i < g->nfuncs; i++) {
		const struct cg_node *n = &g->nodes[i];
		if (n->sym->is_excluded)
			continue;
		if (notime)
			drawn[i] = n->ncalls + n->self_calls > 0;
		else
			drawn[i] = (n->prop_self + n->prop_child) / total >= p->node_threshold &&
				   (n->prop_self + n->prop_child > 0 || p->node_threshold <= 0);
	}
	/* newrank: dot's older ranking fails ("trouble in init_rank") on some
	 * graphs with cycle clusters. */
	fputs("digraph \"tgprof\" {\n  graph [newrank=true, labelloc=t, label=\"", out);
	dstr(out, o->exe ? o->exe : "a.out");
	fprintf(out, ": %.2f seconds", g->total_time / hz);
	if (edit_nsteps(e))
		fprintf(out, ", %zu edit%s", edit_nsteps(e), edit_nsteps(e) == 1 ? "" : "s");
	fputs("\"];\n  node [shape=box, style=filled, fontname=\"Helvetica\"];\n"
	      "  edge [fontname=\"Helvetica\", fontsize=10];\n", out);
	for (uint32_t i = 0; i < g->nfuncs; i++) {
		const struct cg_node *n = &g->nodes[i];
		if (!drawn[i] || n->cycle)
			continue;
		double t = n->prop_self + n->prop_child;
		fprintf(out, "  n%u [label=\"", i);
		dstr(out, n->sym->dname);
		fprintf(out, "\\n[%u] %.1f%% total %.2f s\\nself %.2f s\\n%llu calls",
			n->index, notime ? 0.0 : 100 * t / total, t / hz,
			n->prop_self / hz, (unsigned long long)n->ncalls);
		if (n->self_calls)
			fprintf(out, "+%llu", (unsigned long long)n->self_calls);
		fputs("\", fillcolor=", out);
		fill(out, notime ? 0 : t / total);
		fputs("];\n", out);
	}
	for (uint32_t c = 0; c < g->ncycles; c++) {
		const struct cg_node *cy = &g->nodes[g->nfuncs + c];
		int any = 0;
		for (uint32_t m = cy->next_member; m != CG_NONE; m = g->nodes[m].next_member)
			any |= drawn[m];
		if (!any)
			continue;
		fprintf(out, "  subgraph cluster_cycle%u {\n    label=\"<cycle %u> "
			"%.2f s\"; style=dashed;\n", cy->cycle, cy->cycle,
			(cy->prop_self + cy->prop_child) / hz);
		for (uint32_t m = cy->next_member; m != CG_NONE; m = g->nodes[m].next_member) {
			const struct cg_node *n = &g->nodes[m];
			if (!drawn[m])
				continue;
			double t = n->prop_self + n->prop_child;
			fprintf(out, "    n%u [label=\"", m);
			dstr(out, n->sym->dname);
			fprintf(out, "\\n[%u] self %.2f s\\n%llu calls\", fillcolor=",
				n->index, n->prop_self / hz, (unsigned long long)n->ncalls);
			fill(out, notime ? 0 : t / total);
			fputs("];\n", out);
		}
		fputs("  }\n", out);
	}
	for (uint32_t a = 0; a < g->narcs; a++) {
		const struct cg_arc *arc = &g->arcs[a];
		if (!drawn[arc->parent] || !drawn[arc->child])
			continue;
		const struct cg_node *pn = &g->nodes[arc->parent];
		const struct cg_node *cn = &g->nodes[arc->child];
		double t = arc->time + arc->child_time;
		if (arc->deleted) {
			fprintf(out, "  n%u -> n%u [style=dashed, color=gray, "
				"label=\"deleted\\n%llu calls\"];\n", arc->parent,
				arc->child, (unsigned long long)arc->count);
			continue;
		}
		int inside = (pn->cycle && pn->cycle == cn->cycle) ||
			     arc->parent == arc->child;
		if (!notime && !inside && !(t / total >= p->edge_threshold))
			continue;
		if (inside || notime)
			fprintf(out, "  n%u -> n%u [label=\"%llu calls\"];\n", arc->parent,
				arc->child, (unsigned long long)arc->count);
		else
			fprintf(out, "  n%u -> n%u [label=\"%.2f s\\n%llu calls\", "
				"penwidth=%.2f];\n", arc->parent, arc->child, t / hz,
				(unsigned long long)arc->count, 1 + 4 * t / total);
	}
	fputs("}\n", out);
	free(drawn);
}
