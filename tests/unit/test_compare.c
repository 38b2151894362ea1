/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests for the comparison of two models (core/compare).
 *
 * Two hand-made symbol tables stand for two builds: the same functions in
 * another order and at other addresses, static namesakes told apart by
 * file or by rank, one function only in each.  The statistics are checked
 * against the formulas of compare.h worked out here. */
#include "config.h"
#include "compare.h"
#include "export.h"
#include "util.h"
#include "unit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int near(double a, double b)
{
	return fabs(a - b) < 1e-9;
}

struct fdef {
	const char *name, *file;
	int is_static;
};

/* Symbols at 32-byte steps from BASE, in the order given. */
static void make_symtab(struct symtab *st, const struct fdef *d, uint32_t n,
			uint64_t base)
{
	memset(st, 0, sizeof *st);
	st->syms = xcalloc(n, sizeof *st->syms);
	st->n = n;
	for (uint32_t i = 0; i < n; i++) {
		st->syms[i].addr = base + 32 * (uint64_t)i;
		st->syms[i].end_addr = st->syms[i].addr + 31;
		st->syms[i].name = st->syms[i].dname = d[i].name;
		st->syms[i].file = d[i].file;
		st->syms[i].is_static = d[i].is_static;
		st->syms[i].is_func = 1;
	}
}

static uint32_t node_of(const struct symtab *st, const char *name, const char *file,
			int nth)
{
	for (uint32_t i = 0; i < st->n; i++)
		if (!strcmp(st->syms[i].dname, name) &&
		    (!file || (st->syms[i].file && !strcmp(st->syms[i].file, file))) &&
		    nth-- == 0)
			return i;
	return CG_NONE;
}

static void set_time(struct cg *g, uint32_t n, double t)
{
	g->nodes[n].hist_time = g->nodes[n].self_time = t;
	g->total_time += t;
	g->have_hist = 1;
}

static const struct compare_func *find(const struct compare *c, const char *name,
				       const char *file, uint32_t rank)
{
	for (uint32_t i = 0; i < c->nfuncs; i++) {
		const struct compare_func *f = &c->funcs[i];
		if (!strcmp(f->name, name) && f->rank == rank &&
		    (file ? f->file && !strcmp(f->file, file) : !f->file))
			return f;
	}
	return NULL;
}

int main(void)
{
	/* before: main, work, helper (a.c), helper (b.c), x (static, no
	 * file, twice), gone; after: reordered, new instead of gone, files
	 * given as other paths with the same last component. */
	static const struct fdef d0[] = {
		{ "main", NULL, 0 },        { "work", NULL, 0 },
		{ "helper", "src/a.c", 1 }, { "helper", "src/b.c", 1 },
		{ "x", NULL, 1 },           { "x", NULL, 1 },
		{ "gone", NULL, 0 },        { "K::K()", NULL, 0 },
		{ "K::K()", NULL, 0 },
	};
	static const struct fdef d1[] = {
		{ "new", NULL, 0 },    { "helper", "/build2/src/b.c", 1 },
		{ "x", NULL, 1 },      { "work", NULL, 0 },
		{ "x", NULL, 1 },      { "helper", "/build2/src/a.c", 1 },
		{ "K::K()", NULL, 0 }, { "main", NULL, 0 },
		{ "K::K()", NULL, 0 },
	};
	struct symtab st0, st1;
	struct cg g0, g1;

	make_symtab(&st0, d0, 9, 0x1000);
	make_symtab(&st1, d1, 9, 0x5000);
	cg_init(&g0, &st0, 100);
	cg_init(&g1, &st1, 50); /* another sampling period */

	uint32_t m0 = node_of(&st0, "main", NULL, 0), m1 = node_of(&st1, "main", NULL, 0);
	uint32_t w0 = node_of(&st0, "work", NULL, 0), w1 = node_of(&st1, "work", NULL, 0);
	uint32_t ha0 = node_of(&st0, "helper", "src/a.c", 0);
	uint32_t ha1 = node_of(&st1, "helper", "/build2/src/a.c", 0);
	uint32_t hb0 = node_of(&st0, "helper", "src/b.c", 0);
	uint32_t hb1 = node_of(&st1, "helper", "/build2/src/b.c", 0);
	uint32_t xa0 = node_of(&st0, "x", NULL, 0), xb0 = node_of(&st0, "x", NULL, 1);
	uint32_t xa1 = node_of(&st1, "x", NULL, 0), xb1 = node_of(&st1, "x", NULL, 1);

	cg_arc_add(&g0, m0, w0, 1);
	cg_arc_add(&g0, w0, ha0, 10);
	cg_arc_add(&g0, w0, hb0, 4);
	cg_arc_add(&g0, m0, node_of(&st0, "gone", NULL, 0), 2);
	cg_arc_add(&g0, m0, xa0, 1);
	cg_arc_add(&g0, m0, xb0, 1);
	set_time(&g0, w0, 40);
	set_time(&g0, ha0, 100);
	set_time(&g0, hb0, 9);
	set_time(&g0, xb0, 16);
	uint32_t k0 = node_of(&st0, "K::K()", NULL, 1),
		 k1 = node_of(&st1, "K::K()", NULL, 1);
	set_time(&g0, k0, 3);

	cg_arc_add(&g1, m1, w1, 1);
	cg_arc_add(&g1, w1, ha1, 30);
	cg_arc_add(&g1, w1, hb1, 4);
	cg_arc_add(&g1, m1, node_of(&st1, "new", NULL, 0), 5);
	cg_arc_add(&g1, m1, xa1, 1);
	cg_arc_add(&g1, m1, xb1, 1);
	set_time(&g1, w1, 20);
	set_time(&g1, ha1, 50);
	set_time(&g1, hb1, 25);
	set_time(&g1, xb1, 8);
	set_time(&g1, k1, 3);
	cg_propagate(&g0);
	cg_propagate(&g1);

	struct compare_side s0 = { &g0, "prog.1", NULL, 0 },
			    s1 = { &g1, "prog.2", NULL, 0 };
	struct compare c;
	compare_build(&c, &s0, &s1, 0, 0);

	check(c.nfuncs == 9, "functions: main work helper*2 x*2 gone new K::K()");
	check(c.nadded == 1 && c.nremoved == 1, "one added, one removed");
	const struct compare_func *f = find(&c, "helper", "a.c", 0);
	check(f && f->node[0] == ha0 && f->node[1] == ha1,
	      "helper of a.c matched across paths");
	f = find(&c, "helper", "b.c", 0);
	check(f && f->node[0] == hb0 && f->node[1] == hb1, "helper of b.c matched");
	f = find(&c, "x", NULL, 1);
	check(f && f->node[0] == xb0 && f->node[1] == xb1, "second static x with second");
	f = find(&c, "K::K()", NULL, 1);
	check(f && f->node[0] == k0 && f->node[1] == k1,
	      "second of two globals with one demangled name matched with second");
	f = find(&c, "gone", NULL, 0);
	check(f && f->node[1] == CG_NONE && f->calls[0] == 2, "gone: before only");
	f = find(&c, "new", NULL, 0);
	check(f && f->node[0] == CG_NONE && f->calls[1] == 5, "new: after only");

	/* helper of a.c: 100 samples at 100 Hz = 1 s, 50 at 50 Hz = 1 s; each
	 * count's variance binomial in its side's total (168 and 106 samples) */
	f = find(&c, "helper", "a.c", 0);
	check(f && near(f->self[0], 1) && near(f->self[1], 1) && near(f->change, 0) &&
		      near(f->se, sqrt(100 * (1 - 100 / 168.0) / 1e4 +
				       50 * (1 - 50 / 106.0) / 2500)) &&
		      !f->significant,
	      "helper a.c: same seconds at another period, error scaled");
	/* helper of b.c: 0.09 s -> 0.5 s */
	f = find(&c, "helper", "b.c", 0);
	double se = sqrt(9 * (1 - 9 / 168.0) / 1e4 + 25 * (1 - 25 / 106.0) / 2500);
	check(f && near(f->change, 0.41) && near(f->se, se) && near(f->z, 0.41 / se) &&
		      f->significant == 1,
	      "helper b.c: significant increase");
	check(c.nsignificant >= 1 && &c.funcs[0] == find(&c, "helper", "b.c", 0),
	      "largest z first");
	/* calls change: a.c's helper 10 -> 30 */
	f = find(&c, "helper", "a.c", 0);
	check(f && f->calls[0] == 10 && f->calls[1] == 30, "calls of helper a.c");
	check(c.ncalls_changed == 1, "one call count changed (of matched functions)");

	check(c.func_of[0][hb0] != CG_NONE &&
		      &c.funcs[c.func_of[0][hb0]] == find(&c, "helper", "b.c", 0) &&
		      c.func_of[1][hb1] == c.func_of[0][hb0],
	      "func_of maps each side's node to its row");

	/* arcs: changed ones first, largest change first */
	check(c.narcs == 7 && c.nchanged == 3 && c.narcs_added == 1 &&
		      c.narcs_removed == 1,
	      "arcs: 7 compared, 3 changed, 1 added, 1 removed");
	check(c.arcs[0].count[0] == 10 && c.arcs[0].count[1] == 30,
	      "arc with largest change first");

	/* normalize: shares of 168 and 106 samples */
	compare_free(&c);
	compare_build(&c, &s0, &s1, 1, 0);
	f = find(&c, "helper", "b.c", 0);
	check(f && near(f->self[0], 9 / 168.0) && near(f->self[1], 25 / 106.0) &&
		      near(f->se, sqrt(9 * (1 - 9 / 168.0) / (168.0 * 168) +
				       25 * (1 - 25 / 106.0) / (106.0 * 106))),
	      "normalize: shares and their error");
	compare_free(&c);

	/* JSON: a name that is not UTF-8 (an encoded surrogate, which UTF-8
	 * forbids) is escaped byte by byte, as in the profile's JSON */
	struct compare_side bad = { &g0, "prog\xed\xa0\x80", NULL, 0 };
	compare_build(&c, &bad, &s1, 0, 0);
	char *doc = NULL;
	size_t doclen = 0;
	FILE *mf = open_memstream(&doc, &doclen);
	int wrote = mf && compare_write(mf, &c, EXPORT_JSON) == 0;
	if (mf)
		fclose(mf);
	check(wrote && doc && strstr(doc, "\"prog\\u00ed\\u00a0\\u0080\""),
	      "json: bytes that are not UTF-8 are escaped", doc);
	free(doc);
	compare_free(&c);

	cg_free(&g0);
	cg_free(&g1);
	free(st0.syms);
	free(st1.syms);
	return unit_finish();
}
