/* SPDX-License-Identifier: GPL-3.0-or-later */
/* select: see select.h. */
#include "config.h"
#include "select.h"
#include "sort.h"
#include "symspec.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* Which sets an option letter adds its symbols to (GNU's mapping: -e and
 * -f are the graph halves of -E and -F, which also cover time). */
static unsigned sets_of(int which)
{
	switch (which) {
	case 'p': return 1u << CG_INCL_FLAT;
	case 'P': return 1u << CG_EXCL_FLAT;
	case 'q': return 1u << CG_INCL_GRAPH;
	case 'Q': return 1u << CG_EXCL_GRAPH;
	case 'e': return 1u << CG_EXCL_GRAPH;
	case 'E': return 1u << CG_EXCL_GRAPH | 1u << CG_EXCL_TIME;
	case 'f': return 1u << CG_INCL_GRAPH;
	case 'F': return 1u << CG_INCL_GRAPH | 1u << CG_INCL_TIME;
	case 'n': return 1u << CG_INCL_TIME;
	case 'N': return 1u << CG_EXCL_TIME;
	default: return 0;
	}
}

/* GNU keeps each selection as a table of address ranges (symspec.h),
 * filled with its default exclusions first and then the user's specs in
 * reverse command-line order; a symbol is in a set when the table covers
 * its address.  A set is in force when it holds at least one symbol, so
 * an "include" spec that selects nothing leaves everything included. */
void select_apply(struct cg *g, const struct opts *o)
{
	struct symspec_table tab[CG_NSETS];
	const struct symtab *st = g->st;
	const unsigned defaults =
		1u << CG_EXCL_FLAT | 1u << CG_EXCL_GRAPH | 1u << CG_EXCL_TIME;

	for (int s = 0; s < CG_NSETS; s++)
		symspec_table_init(&tab[s]);
	for (uint32_t i = 0; i < g->nfuncs; i++) {
		if (!g->nodes[i].sym->is_excluded)
			continue;
		struct symspec sp;
		symspec_parse_in(&sp, g->nodes[i].sym->name, st);
		for (int s = 0; s < CG_NSETS; s++)
			if (defaults >> s & 1)
				symspec_table_add(&tab[s], st, &sp);
	}
	for (int k = o->report.nspecs; k-- > 0;) {
		unsigned sets = sets_of(o->report.specs[k].which);
		if (!sets || !o->report.specs[k].spec)
			continue;
		struct symspec sp;
		symspec_parse_in(&sp, o->report.specs[k].spec, st);
		for (int s = 0; s < CG_NSETS; s++)
			if (sets >> s & 1)
				symspec_table_add(&tab[s], st, &sp);
	}
	g->set_active = 0;
	for (uint32_t i = 0; i < g->nfuncs; i++) {
		uint8_t bits = 0;
		for (int s = 0; s < CG_NSETS; s++)
			if (tab[s].n && symspec_table_has(&tab[s], g->nodes[i].sym->addr))
				bits |= 1u << s;
		g->nodes[i].sets = bits;
		g->set_active |= bits;
	}
	for (int s = 0; s < CG_NSETS; s++)
		symspec_table_free(&tab[s]);
}

/* A caller range for each run of symbols FROM matches (symspec_runs),
 * each with the callee ranges of TO. */
static void table_add(struct select_arc_table *t, const struct symtab *st,
		      const struct symspec *from, const struct symspec *to)
{
	struct symspec_range *run;
	size_t n = symspec_runs(from, st, &run);

	for (size_t i = 0; i < n; i++) {
		util_grow((void **)&t->r, &t->cap, t->n + 1, sizeof *t->r);
		struct select_arc_range *r = &t->r[t->n];
		r->lo = run[i].lo;
		r->hi = run[i].hi;
		r->order = t->n++;
		r->nto = symspec_runs(to, st, &r->to);
	}
	free(run);
}

static int cmp_range(const void *a, const void *b)
{
	const struct select_arc_range *x = a, *y = b;
	if (x->lo != y->lo)
		return x->lo < y->lo ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* Sort by start, keeping the first added of ranges with the same start. */
static void table_finish(struct select_arc_table *t)
{
	size_t k = 0;
	util_qsort(t->r, t->n, sizeof *t->r, cmp_range);
	for (size_t i = 0; i < t->n; i++) {
		if (k > 0 && t->r[i].lo == t->r[k - 1].lo) {
			free(t->r[i].to);
			continue;
		}
		t->r[k++] = t->r[i];
	}
	t->n = k;
}

static int table_has(const struct select_arc_table *t, const struct sym *from,
		     const struct sym *to)
{
	size_t lo = 0, hi = t->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->r[mid].lo <= from->addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0 || from->addr > t->r[lo - 1].hi)
		return 0;
	const struct select_arc_range *r = &t->r[lo - 1];
	for (size_t i = 0; i < r->nto; i++)
		if (to->addr >= r->to[i].lo && to->end_addr <= r->to[i].hi)
			return 1;
	return 0;
}

void select_arcs_init(struct select_arcs *k, const struct opts *o,
		      const struct symtab *st)
{
	memset(k, 0, sizeof *k);
	for (int i = o->report.nspecs; i-- > 0;) {
		int w = o->report.specs[i].which;
		struct symspec from, to;
		if (w != 'k' && w != 'K')
			continue;
		if (symspec_parse_arc_in(o->report.specs[i].spec, &from, &to, st) != 0)
			continue;
		table_add(w == 'K' ? &k->incl : &k->excl, st, &from, &to);
	}
	table_finish(&k->excl);
	table_finish(&k->incl);
	k->n = k->excl.n > 0 || k->incl.n > 0;
}

static void table_free(struct select_arc_table *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->r[i].to);
	free(t->r);
	memset(t, 0, sizeof *t);
}

void select_arcs_free(struct select_arcs *k)
{
	table_free(&k->excl);
	table_free(&k->incl);
	k->n = 0;
}

int select_arc_excluded(const struct select_arcs *k, const struct sym *from,
			const struct sym *to)
{
	if (k->incl.n > 0)
		return !table_has(&k->incl, from, to);
	return table_has(&k->excl, from, to);
}
