/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rows: see rows.h.
 *
 * Widths and number formats are GNU gprof 2.40's; fmt.c writes them as
 * printf would.  The traditional (-T) call graph differs only in the
 * width of the children column, its flat profile in the first three. */
#include "config.h"
#include "rows.h"
#include "fmt.h"

#include <stdio.h>
#include <string.h>

int rows_flat_shown(const struct cg *g, uint32_t n, int zero)
{
	const struct cg_node *s = &g->nodes[n];

	if (!cg_flat_selected(g, s))
		return 0;
	return zero || s->ncalls != 0 || s->self_time != 0;
}

int rows_graph_shown(const struct cg *g, uint32_t n, int zero, int line)
{
	const struct cg_node *s = &g->nodes[n];

	if (!zero && s->ncalls == 0 && s->self_calls == 0 && s->prop_self == 0 &&
	    s->prop_child == 0)
		return 0;
	if (!s->print_flag)
		return 0;
	/* -l: line symbols appear only as callers, and (as in GNU, whose
	 * cycle entries are not functions) cycles not at all */
	if (line && (cg_is_cycle(g, n) || !s->sym->is_func))
		return 0;
	return 1;
}

int rows_index_shown(const struct cg *g, uint32_t n, int zero)
{
	const struct cg_node *s = &g->nodes[n];

	return cg_is_cycle(g, n) || zero || s->ncalls != 0 || s->hist_time != 0;
}

int rows_index_cmp(const void *ctx, uint32_t l, uint32_t r)
{
	return rows_index_cmp_in(ctx, l, ctx, r);
}

int rows_index_cmp_in(const struct cg *gl, uint32_t l, const struct cg *gr, uint32_t r)
{
	int lc = cg_is_cycle(gl, l), rc = cg_is_cycle(gr, r);

	if (lc != rc)
		return lc - rc;
	if (!lc)
		return strcmp(gl->nodes[l].sym->name, gr->nodes[r].sym->name);
	return (gl->nodes[l].cycle > gr->nodes[r].cycle) -
	       (gl->nodes[l].cycle < gr->nodes[r].cycle);
}

int rows_flat_cmp(const void *ctx, uint32_t l, uint32_t r)
{
	const struct cg *g = ctx;
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

/* Index 4 (seconds) is printed as a space; index 5 (milliseconds) is the
 * traditional unit. */
static const struct {
	double scale;
	const char *prefix;
} si_units[] = {
	{ 1e-12, "T" }, { 1e-9, "G" }, { 1e-6, "M" }, { 1e-3, "K" },
	{ 1.0, " " },   { 1e3, "m" },  { 1e6, "u" },  { 1e9, "n" },
	{ 1e12, "p" },  { 1e15, "f" }, { 1e18, "a" },
};
#define SI_N (sizeof si_units / sizeof si_units[0])

const char *rows_flat_unit(const struct cg *g, int trad, double *scale)
{
	size_t si = 0;

	if (trad) {
		si = 5;
	} else {
		double top = 0.0;
		for (uint32_t i = 0; i < g->nfuncs; i++) {
			const struct cg_node *s = &g->nodes[i];
			if (s->ncalls == 0)
				continue;
			double t = (s->self_time + s->child_time) / s->ncalls;
			if (t > top)
				top = t;
		}
		if (top > 0.0) {
			top /= g->hz;
			for (si = 0; si < SI_N - 1; si++) {
				double x = si_units[si].scale * top;
				if (x >= 1.0 && x < 1000.0)
					break;
			}
		}
	}
	*scale = si_units[si].scale;
	return si_units[si].prefix;
}

char *rows_flat(char *p, const struct cg *g, uint32_t n, double accum, double scale,
		int trad)
{
	const struct cg_node *s = &g->nodes[n];

	p = fmt_fixed(p, cg_flat_percent(g, n), trad ? 5 : 6, trad ? 1 : 2);
	*p++ = ' ';
	p = fmt_fixed(p, accum / g->hz, trad ? 10 : 9, 2);
	*p++ = ' ';
	p = fmt_fixed(p, s->self_time / g->hz, 8, 2);
	*p++ = ' ';
	if (s->ncalls != 0) {
		p = fmt_ulong(p, s->ncalls, 8, 0);
		*p++ = ' ';
		p = fmt_fixed(p, scale * s->self_time / g->hz / s->ncalls, 8, 2);
		*p++ = ' ';
		p = fmt_fixed(p,
			      scale * (s->self_time + s->child_time) / g->hz / s->ncalls,
			      8, 2);
	} else {
		p = fmt_spaces(p, 8 + 1 + 8 + 1 + 8);
	}
	return fmt_spaces(p, 2);
}

const char rows_graph_heading[] = "index % time    self  children    called     name";

/* The children column is wider in the traditional layout. */
static int child_width(int trad)
{
	return trad ? 11 : 7;
}

char *rows_arc(char *p, const struct cg *g, const struct cg_arc *a, int count_only,
	       uint64_t total, int trad)
{
	int w = child_width(trad);

	p = fmt_spaces(p, 13);
	if (count_only) {
		p = fmt_spaces(p, 7 + 1 + w + 1);
		p = fmt_ulong(p, a->count, 7, 0);
		return fmt_spaces(p, 1 + 7 + 5);
	}
	p = fmt_fixed(p, a->time / g->hz, 7, 2);
	*p++ = ' ';
	p = fmt_fixed(p, a->child_time / g->hz, w, 2);
	*p++ = ' ';
	p = fmt_ulong(p, a->count, 7, 0);
	*p++ = '/';
	p = fmt_ulong(p, total, 7, 1);
	return fmt_spaces(p, 5);
}

int rows_arc_count_only(const struct cg *g, const struct cg_arc *a)
{
	return cg_arc_class(g, a) != CG_ARC_OTHER;
}

/* Calls into the cycle as a whole when the callee is in one. */
uint64_t rows_arc_total(const struct cg *g, uint32_t n, const struct cg_arc *a,
			int parent)
{
	uint32_t callee = parent ? n : a->child;

	return g->nodes[g->nodes[callee].head].ncalls;
}

char *rows_spontaneous(char *p, int trad)
{
	static const char sp[] = "<spontaneous>";

	p = fmt_spaces(p, 6 + 1 + 5 + 1 + 7 + 1 + child_width(trad) + 1 + 7 + 1 + 7 + 5);
	memcpy(p, sp, sizeof sp - 1);
	return p + sizeof sp - 1;
}

/* "[I]" as "%-6.6s": cut to six characters, padded. */
static char *index_col(char *p, uint32_t index)
{
	char idx[32];
	char *e = fmt_ulong(idx + 1, index, 0, 0);

	idx[0] = '[';
	*e++ = ']';
	int len = (int)(e - idx) < 6 ? (int)(e - idx) : 6;
	memcpy(p, idx, (size_t)len);
	return fmt_spaces(p + len, 6 - len);
}

/* "calls" or "calls+self calls", or blanks when ALWAYS is 0 and there
 * are none. */
static char *calls_col(char *p, const struct cg_node *s, int always)
{
	if (!always && s->ncalls + s->self_calls == 0)
		return fmt_spaces(p, 15);
	p = fmt_ulong(p, s->ncalls, 7, 0);
	if (s->self_calls == 0)
		return fmt_spaces(p, 8);
	*p++ = '+';
	return fmt_ulong(p, s->self_calls, 7, 1);
}

/* Index, percentage, self and children columns of node N's primary line. */
static char *primary_cols(char *p, const struct cg *g, uint32_t n, int trad)
{
	const struct cg_node *s = &g->nodes[n];

	p = index_col(p, s->index);
	*p++ = ' ';
	p = fmt_fixed(p, cg_graph_percent(g, n), 5, 1);
	*p++ = ' ';
	p = fmt_fixed(p, s->prop_self / g->hz, 7, 2);
	*p++ = ' ';
	p = fmt_fixed(p, s->prop_child / g->hz, child_width(trad), 2);
	*p++ = ' ';
	return p;
}

char *rows_primary(char *p, const struct cg *g, uint32_t n, int trad)
{
	p = primary_cols(p, g, n, trad);
	p = calls_col(p, &g->nodes[n], 0);
	*p++ = ' ';
	return p;
}

char *rows_cycle(char *p, const struct cg *g, uint32_t n, int trad)
{
	const struct cg_node *s = &g->nodes[n];

	p = primary_cols(p, g, n, trad);
	p = calls_col(p, s, 1);
	*p++ = ' ';
	p = rows_cycle_name(p, s->cycle, 1);
	memcpy(p, " [", 2);
	p = fmt_ulong(p + 2, s->index, 0, 0);
	*p++ = ']';
	return p;
}

char *rows_cycle_name(char *p, uint32_t cycle, int whole)
{
	static const char whole_s[] = " as a whole";

	memcpy(p, "<cycle ", 7);
	p = fmt_ulong(p + 7, cycle, 0, 0);
	if (whole) {
		memcpy(p, whole_s, sizeof whole_s - 1);
		p += sizeof whole_s - 1;
	}
	*p++ = '>';
	return p;
}

char *rows_member(char *p, const struct cg *g, uint32_t n, int trad)
{
	const struct cg_node *s = &g->nodes[n];

	p = fmt_spaces(p, 6 + 1 + 5 + 1);
	p = fmt_fixed(p, s->prop_self / g->hz, 7, 2);
	*p++ = ' ';
	p = fmt_fixed(p, s->prop_child / g->hz, child_width(trad), 2);
	*p++ = ' ';
	p = calls_col(p, s, 1);
	return fmt_spaces(p, 5);
}

char *rows_ref(char *p, const struct cg *g, uint32_t n)
{
	const struct cg_node *node = &g->nodes[n];

	if (node->cycle) {
		*p++ = ' ';
		p = rows_cycle_name(p, node->cycle, 0);
	}
	if (node->index) {
		*p++ = ' ';
		*p++ = node->print_flag ? '[' : '(';
		p = fmt_ulong(p, node->index, 0, 0);
		*p++ = node->print_flag ? ']' : ')';
	}
	return p;
}

size_t rows_name_suffix(const struct sym *s, int line, int inline_names, int path,
			char *buf, size_t len)
{
	const char *f;
	int k;

	buf[0] = 0;
	if (!(line || inline_names) || !s->file)
		return 0;
	f = s->file;
	if (!path) {
		const char *slash = strrchr(f, '/');
		if (slash)
			f = slash + 1;
	}
	if (line)
		k = snprintf(buf, len, " (%s:%d @ %lx)", f, s->line,
			     (unsigned long)s->addr);
	else
		k = snprintf(buf, len, " (%s:%d)", f, s->line);
	return k < 0 ? 0 : (size_t)k < len ? (size_t)k : len - 1;
}

void rows_named(char *dst, size_t len, const char *row, const char *end,
		const struct cg *g, uint32_t n)
{
	char ref[64];
	char *re = rows_ref(ref, g, n);

	snprintf(dst, len, "%.*s%s%.*s", (int)(end - row), row, g->nodes[n].sym->dname,
		 (int)(re - ref), ref);
}

void rows_index_label(const struct cg *g, uint32_t n, char *buf, size_t len)
{
	const struct cg_node *s = &g->nodes[n];
	snprintf(buf, len, s->print_flag ? "[%u]" : "(%u)", s->index);
}

const char *rows_index_file(const struct cg *g, uint32_t n, int path, int line)
{
	const struct sym *sy = n < g->nfuncs ? g->nodes[n].sym : NULL;
	if (!sy || !sy->is_static || !sy->file || line)
		return NULL;
	const char *slash = strrchr(sy->file, '/');
	return path || !slash ? sy->file : slash + 1;
}
