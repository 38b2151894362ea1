/* reportcg: the call graph report.
 *
 * An entry is a function's callers ("parents"), its primary line and its
 * callees ("children"), or for a cycle, the cycle as a whole and its
 * members.  Parents print in increasing and children in decreasing order
 * of the arc order below; ties keep the order arcs were first read in. */
#include "config.h"
#include "entry.h"
#include "notes.h"
#include "reportint.h"
#include "util.h"
#include "fmt.h"

#include <stdlib.h>
#include <string.h>

static const char dashes[] = "-----------------------------------------------\n";

/* Columns left of the name differ in traditional (-T) style only by the
 * width of the children column. */
static int child_width(const struct report_ctx *c)
{
	return c->o->traditional ? 11 : 7;
}

/* One caller or callee line up to the name: times and "count/total", or
 * only the count for a self call or a call inside a cycle. */
static void arc_line(struct report_ctx *c, const struct cg_arc *a, int count_only,
		     uint64_t total)
{
	char buf[128], *p = buf;
	int w = child_width(c);

	p = fmt_spaces(p, 13);
	if (count_only) {
		p = fmt_spaces(p, 7 + 1 + w + 1);
		p = fmt_ulong(p, a->count, 7, 0);
		p = fmt_spaces(p, 1 + 7 + 5);
	} else {
		p = fmt_fixed(p, a->time / c->g->hz, 7, 2);
		*p++ = ' ';
		p = fmt_fixed(p, a->child_time / c->g->hz, w, 2);
		*p++ = ' ';
		p = fmt_ulong(p, a->count, 7, 0);
		*p++ = '/';
		p = fmt_ulong(p, total, 7, 1);
		p = fmt_spaces(p, 5);
	}
	fwrite(buf, 1, (size_t)(p - buf), c->out);
}

static void print_parents(struct report_ctx *c, uint32_t n)
{
	const struct cg *g = c->g;
	uint32_t *v;
	uint32_t m = entry_arcs(g, n, 1, &v);
	int w = child_width(c);
	const struct cg_node *head = &g->nodes[g->nodes[n].head];

	if (m == 0)
		fprintf(c->out, "%6.6s %5.5s %7.7s %*.*s %7.7s %7.7s     <spontaneous>\n",
			"", "", "", w, w, "", "", "");
	for (uint32_t k = 0; k < m; k++) {
		const struct cg_arc *a = &g->arcs[v[k]];
		const struct cg_node *cn = &g->nodes[n], *pn = &g->nodes[a->parent];
		arc_line(c, a, a->parent == n || (cn->cycle != 0 && pn->cycle == cn->cycle),
			 head->ncalls);
		report_name(c, a->parent);
		fputc('\n', c->out);
	}
	free(v);
}

static void print_children(struct report_ctx *c, uint32_t n)
{
	const struct cg *g = c->g;
	uint32_t *v;
	uint32_t m = entry_arcs(g, n, 0, &v);

	for (uint32_t k = 0; k < m; k++) {
		const struct cg_arc *a = &g->arcs[v[k]];
		const struct cg_node *pn = &g->nodes[n], *cn = &g->nodes[a->child];
		arc_line(c, a, a->child == n || (cn->cycle != 0 && cn->cycle == pn->cycle),
			 g->nodes[cn->head].ncalls);
		report_name(c, a->child);
		fputc('\n', c->out);
	}
	free(v);
}

static void print_primary(struct report_ctx *c, uint32_t n, double print_time)
{
	const struct cg *g = c->g;
	const struct cg_node *s = &g->nodes[n];
	char idx[32], buf[160], *p = buf;

	/* "%-6.6s" of "[index]": cut to six characters, padded */
	char *e = fmt_ulong(idx + 1, s->index, 0, 0);
	idx[0] = '[';
	*e++ = ']';
	int len = (int)(e - idx) < 6 ? (int)(e - idx) : 6;
	memcpy(p, idx, (size_t)len);
	p = fmt_spaces(p + len, 6 - len);
	*p++ = ' ';
	p = fmt_fixed(p, 100 * (s->prop_self + s->prop_child) / print_time, 5, 1);
	*p++ = ' ';
	p = fmt_fixed(p, s->prop_self / g->hz, 7, 2);
	*p++ = ' ';
	p = fmt_fixed(p, s->prop_child / g->hz, child_width(c), 2);
	*p++ = ' ';
	if (s->ncalls + s->self_calls != 0) {
		p = fmt_ulong(p, s->ncalls, 7, 0);
		if (s->self_calls != 0) {
			*p++ = '+';
			p = fmt_ulong(p, s->self_calls, 7, 1);
		} else {
			p = fmt_spaces(p, 8);
		}
	} else {
		p = fmt_spaces(p, 15);
	}
	*p++ = ' ';
	fwrite(buf, 1, (size_t)(p - buf), c->out);
	report_name(c, n);
	fputc('\n', c->out);
}

static void print_cycle(struct report_ctx *c, uint32_t n, double print_time)
{
	const struct cg *g = c->g;
	const struct cg_node *cyc = &g->nodes[n];
	char buf[32];
	int w = child_width(c);

	snprintf(buf, sizeof buf, "[%u]", cyc->index);
	fprintf(c->out, "%-6.6s %5.1f %7.2f %*.2f %7lu", buf,
		100 * (cyc->prop_self + cyc->prop_child) / print_time,
		cyc->prop_self / g->hz, w, cyc->prop_child / g->hz,
		(unsigned long)cyc->ncalls);
	if (cyc->self_calls != 0)
		fprintf(c->out, "+%-7lu", (unsigned long)cyc->self_calls);
	else
		fprintf(c->out, " %7.7s", "");
	fprintf(c->out, " <cycle %u as a whole> [%u]\n", cyc->cycle, cyc->index);

	uint32_t *v;
	uint32_t m = entry_members(g, n, &v);
	for (uint32_t k = 0; k < m; k++) {
		const struct cg_node *s = &g->nodes[v[k]];
		fprintf(c->out, "%6.6s %5.5s %7.2f %*.2f %7lu", "", "",
			s->prop_self / g->hz, w, s->prop_child / g->hz,
			(unsigned long)s->ncalls);
		if (s->self_calls != 0)
			fprintf(c->out, "+%-7lu", (unsigned long)s->self_calls);
		else
			fprintf(c->out, " %7.7s", "");
		fputs("     ", c->out);
		report_name(c, v[k]);
		fputc('\n', c->out);
	}
	free(v);
}

static void print_header(struct report_ctx *c, double *print_time)
{
	const struct cg *g = c->g;

	report_sep(c);
	if (!c->o->traditional) {
		if (!c->o->brief)
			fputs("\t\t     Call graph (explanation follows)\n\n", c->out);
		else
			fputs("\t\t\tCall graph\n\n", c->out);
	}
	fprintf(c->out, "\ngranularity: each sample hit covers %ld byte(s)",
		report_granularity(g));
	if (*print_time > 0.0) {
		fprintf(c->out, " for %.2f%% of %.2f seconds\n\n", 100.0 / *print_time,
			*print_time / g->hz);
	} else {
		fputs(" no time propagated\n\n", c->out);
		*print_time = 1.0;
	}
	if (c->o->traditional) {
		fprintf(c->out, "%6.6s %5.5s %7.7s %11.11s %7.7s/%-7.7s     %-8.8s\n",
			"", "", "", "", "called", "total", "parents");
		fprintf(c->out, "%-6.6s %5.5s %7.7s %11.11s %7.7s+%-7.7s %-8.8s\t%5.5s\n",
			"index", "%time", "self", "descendants", "called", "self",
			"name", "index");
		fprintf(c->out, "%6.6s %5.5s %7.7s %11.11s %7.7s/%-7.7s     %-8.8s\n",
			"", "", "", "", "called", "total", "children");
		fputc('\n', c->out);
	} else {
		fputs("index % time    self  children    called     name\n", c->out);
	}
}

void report_graph(FILE *out, const struct cg *g, const struct opts *o)
{
	struct report_ctx c;
	report_ctx_init(&c, out, g, o);
	report_graph_ctx(&c);
}

int report_entry_printed(const struct report_ctx *c, uint32_t n)
{
	const struct cg_node *s = &c->g->nodes[n];

	if (!c->o->zero && s->ncalls == 0 && s->self_calls == 0 &&
	    s->prop_self == 0 && s->prop_child == 0)
		return 0;
	if (!s->print_flag)
		return 0;
	/* -l: line symbols appear only as callers, and (as in GNU, whose
	 * cycle entries are not functions) cycles not at all */
	if (c->o->line && (cg_is_cycle(c->g, n) || !s->sym->is_func))
		return 0;
	return 1;
}

void report_graph_ctx(struct report_ctx *c)
{
	const struct cg *g = c->g;
	double print_time = g->print_time;

	if (c->o->traditional && !c->o->brief)
		notes_graph(c->out, 1);
	print_header(c, &print_time);
	report_labels_build(c);
	for (uint32_t k = 0; k < g->norder; k++) {
		uint32_t n = g->order[k];
		if (!report_entry_printed(c, n))
			continue;
		if (cg_is_cycle(g, n)) {
			print_cycle(c, n, print_time);
		} else {
			print_parents(c, n);
			print_primary(c, n, print_time);
			print_children(c, n);
		}
		if (c->o->traditional)
			fputc('\n', c->out);
		fputs(dashes, c->out);
		if (c->o->traditional)
			fputc('\n', c->out);
	}
	report_labels_free(c);
	if (!c->o->brief && !c->o->traditional)
		notes_graph(c->out, 0);
}
