/* SPDX-License-Identifier: GPL-3.0-or-later */
/* execcount: see execcount.h; the -C report itself is report_exec_counts()
 * in this file too, behind reportint.h. */
#include "config.h"
#include "execcount.h"
#include "reportint.h"
#include "symspec.h"
#include "sort.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct execcount_bb *execcount_assign(const struct cg *g, const struct gmon_profile *prof)
{
	struct execcount_bb *bb;

	if (prof->nbbs == 0)
		return NULL;
	bb = xcalloc((size_t)g->nfuncs + 1, sizeof *bb);
	for (size_t i = 0; i < prof->nbbs; i++) {
		const struct gmon_bb *r = &prof->bbs[i];
		const struct sym *s = symtab_find(g->st, r->addr);
		if (!s)
			continue;
		struct execcount_bb *b = &bb[s - g->st->syms];
		unsigned k;
		for (k = 0; k < b->n; k++)
			if (b->addr[k] == r->addr)
				break;
		if (k == b->n) {
			if (b->n == EXECCOUNT_NBBS)
				continue; /* GNU keeps no more */
			b->addr[b->n++] = r->addr;
		}
		b->calls[k] += r->count;
	}
	return bb;
}

unsigned char *execcount_accept(const struct cg *g, const struct opts_report *o, int incl,
				int excl)
{
	unsigned char *in = xcalloc((size_t)g->nfuncs + 1, 1);
	unsigned char *out = xcalloc((size_t)g->nfuncs + 1, 1);
	int any_in = 0;

	for (int k = 0; k < o->nspecs; k++) {
		int w = o->specs[k].which;
		if ((w != incl && w != excl) || !o->specs[k].spec)
			continue;
		struct symspec sp;
		symspec_parse_in(&sp, o->specs[k].spec, g->st);
		for (uint32_t i = 0; i < g->nfuncs; i++) {
			if (!symspec_match(&sp, g->nodes[i].sym))
				continue;
			if (w == incl) {
				in[i] = 1;
				any_in = 1;
			} else {
				out[i] = 1;
			}
		}
	}
	for (uint32_t i = 0; i < g->nfuncs; i++)
		in[i] = any_in ? in[i] : !out[i];
	free(out);
	return in;
}

/* GNU's order: file name, then line, when both have a file; else by
 * address.  (Not a total order; the merge sort makes it deterministic
 * exactly as glibc's qsort does.) */
static int cmp_exec(const void *ctx, uint32_t l, uint32_t r)
{
	const struct cg *g = ctx;
	const struct sym *a = g->nodes[l].sym, *b = g->nodes[r].sym;

	if (a->file && b->file) {
		int c = strcmp(a->file, b->file);
		if (c)
			return c;
		if (a->line != b->line)
			return a->line < b->line ? -1 : 1;
	}
	if (a->addr != b->addr)
		return a->addr < b->addr ? -1 : 1;
	return 0;
}

static void exec_line(FILE *out, const struct sym *s, uint64_t addr, uint64_t n)
{
	fprintf(out, "%s:%d: (%s:0x%lx) %lu executions\n",
		s->file ? s->file : "<unknown>", s->line, s->name, (unsigned long)addr,
		(unsigned long)n);
}

void report_exec_counts(struct report_ctx *c, const struct execcount_bb *bb)
{
	const struct cg *g = c->g;
	unsigned char *acc = execcount_accept(g, c->o, 'C', 'Z');
	uint32_t *v = xmalloc(((size_t)g->nfuncs + 1) * sizeof *v);
	uint32_t n = 0;

	report_sep(c);
	for (uint32_t i = 0; i < g->nfuncs; i++)
		if (acc[i])
			v[n++] = i;
	util_msort_u32(v, n, cmp_exec, g);
	for (uint32_t k = 0; k < n; k++) {
		const struct cg_node *node = &g->nodes[v[k]];
		const struct sym *s = node->sym;
		if (node->ncalls > 0 || c->o->zero)
			exec_line(c->out, s, s->addr, node->ncalls);
		if (!bb)
			continue;
		const struct execcount_bb *b = &bb[v[k]];
		for (unsigned j = 0; j < b->n; j++)
			if (b->calls[j] > 0 || c->o->zero)
				exec_line(c->out, s, b->addr[j], b->calls[j]);
	}
	free(v);
	free(acc);
}
