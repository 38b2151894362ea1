/* report: the flat profile, the order of the reports, and names.
 *
 * Number formats, column widths and headings reproduce GNU gprof 2.40's
 * output exactly (the differential suite in tests/ checks it); the notes
 * printed without -b are our own words (notes.c). */
#include "config.h"
#include "report.h"
#include "execcount.h"
#include "load.h"
#include "notes.h"
#include "reportint.h"
#include "util.h"
#include "fmt.h"

#include <stdlib.h>
#include <string.h>

/* Per-call column units: the SI prefix that brings the largest per-call
 * time into [1, 1000).  Index 0 is what is printed when nothing has time,
 * index 5 (milliseconds) is the traditional (-T) unit. */
static const struct {
	double scale;
	const char *prefix;
} si_units[] = {
	{ 1e-12, "T" }, { 1e-9, "G" }, { 1e-6, "M" }, { 1e-3, "K" },
	{ 1.0, " " },   { 1e3, "m" },  { 1e6, "u" },  { 1e9, "n" },
	{ 1e12, "p" },  { 1e15, "f" }, { 1e18, "a" },
};
#define SI_N (sizeof si_units / sizeof si_units[0])

void report_sep(struct report_ctx *c)
{
	if (c->first)
		c->first = 0;
	else
		fputs("\f\n", c->out);
}

/* What follows a name with -l (" (file:line @ addr)") or with
 * --inline-file-names (" (file:line)"), for symbols with a source file;
 * the file is its last component unless -L.  Returns the length. */
static size_t name_suffix(const struct report_ctx *c, const struct sym *s,
			  char *buf, size_t len)
{
	const char *f;
	int k;

	buf[0] = 0;
	if (!(c->o->line || c->o->inline_file_names) || !s->file)
		return 0;
	f = s->file;
	if (!c->o->print_path) {
		const char *slash = strrchr(f, '/');
		if (slash)
			f = slash + 1;
	}
	if (c->o->line)
		k = snprintf(buf, len, " (%s:%d @ %lx)", f, s->line,
			     (unsigned long)s->addr);
	else
		k = snprintf(buf, len, " (%s:%d)", f, s->line);
	return k < 0 ? 0 : (size_t)k < len ? (size_t)k : len - 1;
}

/* The name as GNU's print_name_only shows it. */
void report_name_only(struct report_ctx *c, uint32_t n)
{
	fputs(report_sym_name(c, n), c->out);
	if (c->o->line || c->o->inline_file_names) {
		char buf[4200];
		if (name_suffix(c, c->g->nodes[n].sym, buf, sizeof buf))
			fputs(buf, c->out);
	}
}

/* The traditional (-T) layout never demangles. */
const char *report_sym_name(const struct report_ctx *c, uint32_t n)
{
	const struct sym *s = c->g->nodes[n].sym;
	return c->o->traditional ? s->name : s->dname;
}

size_t report_name_len(const struct report_ctx *c, uint32_t n)
{
	size_t k = strlen(report_sym_name(c, n));
	if (c->o->line || c->o->inline_file_names) {
		char buf[4200];
		k += name_suffix(c, c->g->nodes[n].sym, buf, sizeof buf);
	}
	return k;
}

/* Name, cycle and index, as the call graph shows every reference. */
/* " <cycle N>" and " [idx]" (or " (idx)") after a name, at P. */
static char *ref_suffix(const struct cg_node *node, char *p)
{
	if (node->cycle) {
		memcpy(p, " <cycle ", 8);
		p = fmt_ulong(p + 8, node->cycle, 0, 0);
		*p++ = '>';
	}
	if (node->index) {
		*p++ = ' ';
		*p++ = node->print_flag ? '[' : '(';
		p = fmt_ulong(p, node->index, 0, 0);
		*p++ = node->print_flag ? ']' : ')';
	}
	return p;
}

void report_name(struct report_ctx *c, uint32_t n)
{
	if (c->lbl) {
		fwrite(c->lbl + c->lbl_off[n], 1, c->lbl_off[n + 1] - c->lbl_off[n], c->out);
		return;
	}
	char buf[64];
	report_name_only(c, n);
	fwrite(buf, 1, (size_t)(ref_suffix(&c->g->nodes[n], buf) - buf), c->out);
}

/* A big call graph names each function thousands of times in random
 * order; copying a ready label is much cheaper than chasing node, symbol
 * and string each time. */
void report_labels_build(struct report_ctx *c)
{
	const struct cg *g = c->g;
	size_t size = 0, cap = 0;

	if (c->o->line || c->o->inline_file_names || c->lbl)
		return;
	c->lbl_off = xmalloc(((size_t)g->nfuncs + 1) * sizeof *c->lbl_off);
	for (uint32_t i = 0; i < g->nfuncs; i++) {
		const char *name = report_sym_name(c, i);
		size_t len = strlen(name);
		util_grow((void **)&c->lbl, &cap, size + len + 64, 1);
		c->lbl_off[i] = (uint32_t)size;
		memcpy(c->lbl + size, name, len);
		size = (size_t)(ref_suffix(&g->nodes[i], c->lbl + size + len) - c->lbl);
		if (size > UINT32_MAX - 4096) {
			report_labels_free(c);
			return;
		}
	}
	c->lbl_off[g->nfuncs] = (uint32_t)size;
}

void report_labels_free(struct report_ctx *c)
{
	free(c->lbl);
	free(c->lbl_off);
	c->lbl = NULL;
	c->lbl_off = NULL;
}


long report_granularity(const struct cg *g)
{
	return (long)g->hist_scale * 2;
}

/* Flat order: self time down, calls down, raw name. */
static int cmp_flat(const struct cg *g, uint32_t l, uint32_t r)
{
	const struct cg_node *a = &g->nodes[l], *b = &g->nodes[r];
	double d = b->self_time - a->self_time;
	if (d > 0.0)
		return 1;
	if (d < 0.0)
		return -1;
	if (b->ncalls > a->ncalls)
		return 1;
	if (b->ncalls < a->ncalls)
		return -1;
	return strcmp(a->sym->name, b->sym->name);
}

static int flat_selected(const struct cg *g, const struct cg_node *n)
{
	if (cg_in_set(n, CG_INCL_FLAT))
		return 1;
	return !((g->set_active >> CG_INCL_FLAT) & 1) && !cg_in_set(n, CG_EXCL_FLAT);
}

static void flat_header(struct report_ctx *c, const char *prefix, double *total)
{
	char unit[16];
	const struct cg *g = c->g;

	snprintf(unit, sizeof unit, "%ss/call", prefix);
	if (c->o->traditional) {
		fprintf(c->out, "\ngranularity: each sample hit covers %ld byte(s)",
			report_granularity(g));
		if (*total > 0.0)
			fprintf(c->out, " for %.2f%% of %.2f %s\n\n", 100.0 / *total,
				*total / g->hz, c->dimen);
	} else {
		fprintf(c->out, "\nEach sample counts as %g %s.\n", 1.0 / g->hz, c->dimen);
	}
	if (*total <= 0.0) {
		fputs(" no time accumulated\n\n", c->out);
		*total = 1.0;
	}
	fprintf(c->out, "%5.5s %10.10s %8.8s %8.8s %8.8s %8.8s  %-8.8s\n",
		"%  ", "cumulative", "self  ", "", "self  ", "total ", "");
	fprintf(c->out, "%5.5s %9.9s %9.9s %8.8s %8.8s %8.8s  %-8.8s\n",
		"time", "seconds", "seconds", "calls", unit, unit, "name");
}

void report_flat(FILE *out, const struct cg *g, const struct opts *o)
{
	struct report_ctx c;
	report_ctx_init(&c, out, g, o);
	report_flat_ctx(&c);
}

void report_flat_ctx(struct report_ctx *c)
{
	const struct cg *g = c->g;
	const struct opts *o = c->o;
	double total = g->total_time;
	double accum = 0;
	size_t si = 0;

	report_sep(c);
	if (o->traditional) {
		if (!o->brief) {
			fputs("\n\n\nflat profile:\n", c->out);
			notes_flat(c->out, 1);
		}
	} else {
		fputs("Flat profile:\n", c->out);
	}

	uint32_t n = g->nfuncs;
	uint32_t *v = xmalloc(((size_t)n + 1) * sizeof *v);
	for (uint32_t i = 0; i < n; i++)
		v[i] = i;
	cg_msort(g, v, n, cmp_flat);

	if (o->traditional) {
		si = 5;
	} else {
		double top = 0.0;
		int found = 0;
		for (uint32_t k = 0; k < n; k++) {
			const struct cg_node *s = &g->nodes[v[k]];
			if (s->ncalls == 0)
				continue;
			double t = (s->self_time + s->child_time) / s->ncalls;
			if (t > top) {
				top = t;
				found = 1;
			}
		}
		if (found && top > 0.0) {
			top /= g->hz;
			for (si = 0; si < SI_N - 1; si++) {
				double x = si_units[si].scale * top;
				if (x >= 1.0 && x < 1000.0)
					break;
			}
		}
	}
	double scale = si_units[si].scale;
	flat_header(c, si_units[si].prefix, &total);

	for (uint32_t k = 0; k < n; k++) {
		uint32_t i = v[k];
		const struct cg_node *s = &g->nodes[i];
		if (!flat_selected(g, s))
			continue;
		if (!o->zero && s->ncalls == 0 && s->self_time == 0)
			continue;
		accum += s->self_time;
		double pct = total > 0.0 ? 100 * s->self_time / total : 0.0;
		if (o->traditional)
			fprintf(c->out, "%5.1f %10.2f %8.2f", pct, accum / g->hz,
				s->self_time / g->hz);
		else
			fprintf(c->out, "%6.2f %9.2f %8.2f", pct, accum / g->hz,
				s->self_time / g->hz);
		if (s->ncalls != 0)
			fprintf(c->out, " %8lu %8.2f %8.2f  ", (unsigned long)s->ncalls,
				scale * s->self_time / g->hz / s->ncalls,
				scale * (s->self_time + s->child_time) / g->hz / s->ncalls);
		else
			fprintf(c->out, " %8.8s %8.8s %8.8s  ", "", "", "");
		if (o->traditional && !c->no_graph_data)
			report_name(c, i);
		else
			report_name_only(c, i);
		fputc('\n', c->out);
	}
	free(v);
	if (!o->brief && !o->traditional)
		notes_flat(c->out, 0);
}

void report_ctx_init(struct report_ctx *c, FILE *out, const struct cg *g,
		     const struct opts *o)
{
	memset(c, 0, sizeof *c);
	c->out = out;
	c->g = g;
	c->o = o;
	c->first = 1;
	c->dimen = g->dimen[0] ? g->dimen : "seconds";
}

static void report_main(struct report_ctx *c);

void report_all(FILE *out, const struct cg *g, const struct opts *o)
{
	struct report_ctx c;
	report_ctx_init(&c, out, g, o);
	report_main(&c);
}

void report_all_load(FILE *out, const struct load *l, const struct opts *o)
{
	struct report_ctx c;
	struct execcount_bb *bb = NULL;
	struct opts eff = *o;

	/* GNU drops the reports the profile has no data for: an error when
	 * the user asked for that report, silently otherwise; when that
	 * leaves nothing to print, the execution counts are printed. */
	if (eff.flat && l->prof.nhists == 0) {
		if (o->flat_asked)
			util_die("gmon.out file is missing histogram");
		eff.flat = 0;
	}
	if (eff.graph && l->prof.narcs == 0) {
		if (o->graph_asked)
			util_die("gmon.out file is missing call-graph data");
		eff.graph = 0;
	}
	if ((o->flat || o->graph) && !eff.flat && !eff.graph && !o->annotate &&
	    !o->exec_counts && !o->func_order && !o->file_order)
		eff.exec_counts = 1;
	o = &eff;

	report_ctx_init(&c, out, &l->g, o);
	c.no_graph_data = l->prof.narcs == 0;
	report_main(&c);
	/* basic-block counts mean something only per line (-l) */
	if ((o->exec_counts || o->annotate) && o->line)
		bb = execcount_assign(&l->g, &l->prof);
	if (o->exec_counts)
		report_exec_counts(&c, bb);
	if (o->annotate)
		report_annotate(&c, bb);
	if (o->func_order)
		report_function_order(&c);
	if (o->file_order)
		report_file_order(&c, o->map_file ? &l->map : NULL);
	free(bb);
}

static void report_main(struct report_ctx *c)
{
	const struct opts *o = c->o;

	c->first = !o->file_info; /* -i output came first */
	if (o->graph && o->traditional)
		report_graph_ctx(c);
	if (o->flat)
		report_flat_ctx(c);
	if (o->graph) {
		if (!o->traditional)
			report_graph_ctx(c);
		report_index_ctx(c);
	}
}
