/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests for the path tree (core/tree): small graphs worked out by
 * hand, then random graphs with cycles, deletions and held-back time,
 * whose trees must give back the call graph's numbers: every function's
 * self and total over all its paths, every row's total as its own time
 * plus its children's, and the top rows' totals as the graph's total. */
#include "config.h"
#include "tree.h"
#include "cg.h"
#include "fakecg.h"
#include "unit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * (1 + fabs(a) + fabs(b));
}

static void set_self(struct fake *f, uint32_t n, double t)
{
	f->g.nodes[n].hist_time = t;
	f->g.nodes[n].self_time = t;
}

/* Expand every row of T (depth first from the top rows). */
static void expand_all(struct tree *t, double min_total)
{
	for (uint32_t r = 0; r < t->nrows; r++)
		tree_expand(t, r, min_total);
}

/* Rows' totals against their own time, children and what was pruned.
 * Returns the number of rows that disagree. */
static int check_rows(const struct tree *t, char *why, size_t len)
{
	int bad = 0;
	for (uint32_t r = 0; r < t->nrows; r++) {
		const struct tree_row *row = &t->rows[r];
		if (!row->expanded || row->repeat)
			continue;
		double sum = row->below;
		for (uint32_t i = 0; i < row->nchild; i++)
			sum += t->rows[row->child + i].total;
		double expect = row->total - tree_exclusive(t, r);
		if (t->dir == TREE_UP) {
			/* the part of the focus's time for which this row's
			 * function is a top row reaches no caller */
			const struct cg *g = t->g;
			uint32_t v = row->node;
			double pf = g->nodes[v].prop_fract;
			double top = g->nodes[v].head != v ? 0 : tree_top_weight(g, v);
			expect = pf == 0 ? 0 : row->total * (1 - top / pf);
		}
		if (!near(sum, expect)) {
			if (!bad)
				snprintf(why, len,
					 "row %u (node %u): children %.12g, expected "
					 "%.12g",
					 r, row->node, sum, expect);
			bad++;
		}
	}
	return bad;
}

/* Node N's line in the call graph: self and total.  For a cycle, its
 * members' lines added up (they are the cycle's line, unless no counted
 * caller reaches the cycle: then gprof counts each member whole but the
 * cycle's own line gives it no self time). */
static void graph_line(const struct cg *g, uint32_t n, double *self, double *tot)
{
	if (!cg_is_cycle(g, n)) {
		*self = g->nodes[n].prop_self;
		*tot = g->nodes[n].prop_self + g->nodes[n].prop_child;
		return;
	}
	*self = *tot = 0;
	for (uint32_t m = g->nodes[n].next_member; m != CG_NONE;
	     m = g->nodes[m].next_member) {
		*self += g->nodes[m].prop_self;
		*tot += g->nodes[m].prop_self + g->nodes[m].prop_child;
	}
}

/* Top-down, fully expanded: per function, self and total over its paths
 * against the call graph's line; top rows against g->print_time. */
static int check_sums(const struct cg *g, char *why, size_t len)
{
	struct tree t;
	size_t nn = (size_t)g->nfuncs + g->ncycles;
	double *self = xcalloc(nn, sizeof *self), *tot = xcalloc(nn, sizeof *tot);
	int bad = 0;

	tree_open(&t, g, TREE_DOWN, 0);
	expand_all(&t, 0);
	for (uint32_t r = 0; r < t.nrows; r++) {
		self[t.rows[r].node] += t.rows[r].self;
		tot[t.rows[r].node] += t.rows[r].total;
	}
	double roots = 0;
	for (uint32_t r = 0; r < t.nroots; r++)
		roots += t.rows[r].total;
	if (!near(roots, g->print_time)) {
		snprintf(why, len, "top rows %.12g, graph total %.12g", roots,
			 g->print_time);
		bad++;
	}
	for (uint32_t n = 0; n < nn; n++) {
		double ls, lt;
		graph_line(g, n, &ls, &lt);
		if (!near(self[n], ls) || !near(tot[n], lt)) {
			if (!bad)
				snprintf(why, len,
					 "node %u: self %.12g/%.12g total %.12g/%.12g", n,
					 self[n], ls, tot[n], lt);
			bad++;
		}
	}
	if (!bad)
		bad = check_rows(&t, why, len);
	tree_close(&t);
	free(self);
	free(tot);
	return bad;
}

/* Bottom-up for every function and cycle: the top row is its call-graph
 * line, and every row's callers add up to it. */
static int check_up(const struct cg *g, char *why, size_t len)
{
	int bad = 0;
	for (uint32_t x = 0; x < g->nfuncs + g->ncycles && !bad; x++) {
		struct tree t;
		tree_open(&t, g, TREE_UP, x);
		expand_all(&t, 0);
		double ls, lt;
		graph_line(g, x, &ls, &lt);
		if (t.nroots != 1 || !near(t.rows[0].total, lt) ||
		    !near(t.rows[0].self, ls)) {
			snprintf(why, len, "up %u: top row wrong", x);
			bad++;
		} else {
			bad = check_rows(&t, why, len);
		}
		tree_close(&t);
	}
	return bad;
}

/* main (f0) calls A (f1) once and B (f2) 3 times; A calls B once and C
 * (f3) twice; B calls C twice.  Self times 1, 2, 4, 8. */
static void test_dag(void)
{
	struct fake f;
	char why[256] = "";

	fake_init(&f, 4);
	cg_arc_add(&f.g, 0, 1, 1);
	cg_arc_add(&f.g, 0, 2, 3);
	cg_arc_add(&f.g, 1, 2, 1);
	cg_arc_add(&f.g, 1, 3, 2);
	cg_arc_add(&f.g, 2, 3, 2);
	for (uint32_t i = 0; i < 4; i++)
		set_self(&f, i, 1 << i);
	fake_total(&f);
	cg_propagate(&f.g);

	struct tree t;
	tree_open(&t, &f.g, TREE_DOWN, 0);
	check(t.nroots == 1 && t.rows[0].node == 0 && near(t.rows[0].total, 15),
	      "dag: main is the one top row, with everything");
	check(tree_expand(&t, 0, 0) == 2, "dag: main has two children");
	/* C: 8 ticks, 2 calls of 4 from A, 2 from B; B: 4 + 4 (its half of
	 * C) = 8, 1 call of 4 from A, 3 from main; A: 2 + 2 + 4 (C) = 8 */
	const struct tree_row *a = &t.rows[t.rows[0].child];
	const struct tree_row *b = a + 1;
	check(b->node == 2 && near(b->total, 6) && near(b->self, 3) && b->calls == 3,
	      "dag: main -> B is 3/4 of B (6 ticks)", why);
	check(a->node == 1 && near(a->total, 8) && a->calls == 1,
	      "dag: main -> A is all of A");
	uint32_t ra = t.rows[0].child;
	check(tree_expand(&t, ra, 0) == 2, "dag: A has two children");
	const struct tree_row *ac = &t.rows[t.rows[ra].child];
	check(ac->node == 3 && near(ac->total, 4), "dag: main -> A -> C is half of C");
	check(near(ac[1].total, 2) && ac[1].node == 2, "dag: main -> A -> B is 1/4 of B");
	check(!near(t.rows[0].total, 0) && t.nrows == 5, "dag: lazy (5 rows)");
	tree_close(&t);
	check(check_sums(&f.g, why, sizeof why) == 0, "dag: sums", why);
	check(check_up(&f.g, why, sizeof why) == 0, "dag: bottom-up sums", why);

	/* bottom-up of C: via A (half) and via B (half; B from main 3/4, A 1/4) */
	tree_open(&t, &f.g, TREE_UP, 3);
	check(near(t.rows[0].total, 8) && tree_expand(&t, 0, 0) == 2, "dag: up C");
	uint32_t c0 = t.rows[0].child;
	check(near(t.rows[c0].total, 4) && near(t.rows[c0 + 1].total, 4),
	      "dag: up C: half through A, half through B");
	uint32_t rb = t.rows[c0].node == 2 ? c0 : c0 + 1;
	tree_expand(&t, rb, 0);
	uint32_t bc = t.rows[rb].child;
	check(t.rows[rb].nchild == 2 && near(t.rows[bc].total, 3) &&
		      t.rows[bc].node == 0 && near(t.rows[bc + 1].total, 1),
	      "dag: up C via B: 3 from main, 1 from A");
	tree_close(&t);

	/* the hot path from main: main -> A (8) -> C (4) */
	tree_open(&t, &f.g, TREE_DOWN, 0);
	uint32_t last = tree_hot_path(&t, 0, 0);
	check(t.rows[last].node == 3 && t.rows[last].depth == 2 && t.rows[0].open,
	      "dag: hot path main, A, C");
	tree_close(&t);
	tree_open(&t, &f.g, TREE_DOWN, 0);
	last = tree_hot_path(&t, 0, 5);
	check(t.rows[last].node == 1, "dag: hot path stops at the threshold");
	tree_close(&t);
	fake_free(&f);
}

/* main -> A, A <-> B (a cycle), B -> C, and D spontaneous. */
static void test_cycle(void)
{
	struct fake f;
	char why[256] = "";
	char nb[64];

	fake_init(&f, 5);
	cg_arc_add(&f.g, 0, 1, 2);
	cg_arc_add(&f.g, 1, 2, 5);
	cg_arc_add(&f.g, 2, 1, 4);
	cg_arc_add(&f.g, 2, 3, 1);
	cg_arc_add(&f.g, 0, 2, 1);
	set_self(&f, 0, 1);
	set_self(&f, 1, 2);
	set_self(&f, 2, 3);
	set_self(&f, 3, 4);
	set_self(&f, 4, 5);
	fake_total(&f);
	cg_propagate(&f.g);
	check(f.g.ncycles == 1, "cycle: one cycle");

	struct tree t;
	tree_open(&t, &f.g, TREE_DOWN, 0);
	check(t.nroots == 2 && t.rows[0].node == 0 && t.rows[1].node == 4,
	      "cycle: main and the spontaneous D are top rows");
	check(tree_expand(&t, 0, 0) == 1,
	      "cycle: calls from main to both members are one row");
	uint32_t cy = t.rows[0].child;
	check(cg_is_cycle(&f.g, t.rows[cy].node) && t.rows[cy].calls == 3 &&
		      near(t.rows[cy].total, 9),
	      "cycle: the cycle as a whole, 3 calls, 9 ticks");
	check(strcmp(tree_name(&f.g, t.rows[cy].node, nb, sizeof nb),
		     "<cycle 1 as a whole>") == 0,
	      "cycle: its name", nb);
	check(tree_expand(&t, cy, 0) == 2 && t.rows[t.rows[cy].child].kind == TREE_MEMBER,
	      "cycle: members below");
	check(tree_exclusive(&t, cy) == 0 && near(t.rows[cy].self, 5),
	      "cycle: the cycle row's own time is its members'");
	tree_close(&t);
	check(check_sums(&f.g, why, sizeof why) == 0, "cycle: sums", why);
	check(check_up(&f.g, why, sizeof why) == 0, "cycle: bottom-up sums", why);

	/* bottom-up of C: B, then the cycle, then main */
	tree_open(&t, &f.g, TREE_UP, 3);
	uint32_t r = 0;
	uint32_t want[] = { 3, 2, f.g.nfuncs, 0 };
	int ok = 1;
	for (int i = 0; i < 4; i++) {
		ok &= t.rows[r].node == want[i] && near(t.rows[r].total, 4);
		if (i < 3) {
			ok &= tree_expand(&t, r, 0) == 1;
			r = t.rows[r].child;
		}
	}
	check(ok, "cycle: up C: B, <cycle 1>, main, all of C");
	tree_close(&t);

	/* deleting B -> A breaks the cycle: re-propagated, the tree follows */
	f.g.arcs[cg_arc_find(&f.g, 2, 1)].deleted = 1;
	cg_propagate(&f.g);
	check(f.g.ncycles == 0 && check_sums(&f.g, why, sizeof why) == 0,
	      "cycle: after a deletion, sums", why);
	fake_free(&f);
}

static uint32_t rnd_state = 12345;
static uint32_t rnd(uint32_t n)
{
	rnd_state = rnd_state * 1103515245u + 12345u;
	return (rnd_state >> 8) % n;
}

/* Random graphs: mostly forward arcs, some back arcs (cycles), some
 * deleted, some functions' time held back (-E) or counted alone (-F). */
static void test_random(void)
{
	char why[256] = "", whyup[256] = "", whyprune[256] = "";
	int bad = 0, badup = 0, badprune = 0;

	for (int round = 0; round < 200; round++) {
		struct fake f;
		uint32_t n = 4 + rnd(30);
		fake_init(&f, n);
		uint32_t na = n + rnd(4 * n);
		for (uint32_t k = 0; k < na; k++) {
			uint32_t a = rnd(n), b = rnd(n);
			if (a > b && rnd(5) != 0) {
				uint32_t x = a;
				a = b;
				b = x;
			}
			cg_arc_add(&f.g, a, b, 1 + rnd(20));
		}
		for (uint32_t i = 0; i < n; i++)
			set_self(&f, i, rnd(4) ? rnd(100) : 0);
		for (uint32_t a = 0; a < f.g.narcs; a++)
			if (rnd(10) == 0)
				f.g.arcs[a].deleted = 1;
		if (round % 3 == 1) {
			f.g.nodes[rnd(n)].sets |= 1u << CG_EXCL_TIME;
			f.g.set_active |= 1u << CG_EXCL_TIME;
		} else if (round % 3 == 2) {
			f.g.nodes[rnd(n)].sets |= 1u << CG_INCL_TIME;
			f.g.nodes[rnd(n)].sets |= 1u << CG_INCL_TIME;
			f.g.set_active |= 1u << CG_INCL_TIME;
		}
		fake_total(&f);
		cg_propagate(&f.g);
		if (!bad && check_sums(&f.g, why, sizeof why)) {
			bad = round + 1;
			if (getenv("TREE_DEBUG"))
				for (uint32_t a = 0; a < f.g.narcs; a++)
					printf("arc %u->%u x%lu%s\n", f.g.arcs[a].parent,
					       f.g.arcs[a].child,
					       (unsigned long)f.g.arcs[a].count,
					       f.g.arcs[a].deleted ? " deleted" : "");
			if (getenv("TREE_DEBUG"))
				for (uint32_t i = 0; i < f.g.nfuncs + f.g.ncycles; i++)
					printf("node %u self %g child %g pf %g ncalls "
					       "%lu head %u sets %x\n",
					       i, f.g.nodes[i].self_time,
					       f.g.nodes[i].child_time,
					       f.g.nodes[i].prop_fract,
					       (unsigned long)f.g.nodes[i].ncalls,
					       f.g.nodes[i].head, f.g.nodes[i].sets);
		}
		if (!badup && check_up(&f.g, whyup, sizeof whyup))
			badup = round + 1;

		/* pruned: rows left out go to `below`, totals stay */
		struct tree t;
		tree_open(&t, &f.g, TREE_DOWN, 0);
		expand_all(&t, f.g.print_time * 0.05);
		if (!badprune && check_rows(&t, whyprune, sizeof whyprune))
			badprune = round + 1;
		for (uint32_t r = t.nroots; r < t.nrows; r++)
			if (!badprune && !(t.rows[r].total >= f.g.print_time * 0.05)) {
				snprintf(whyprune, sizeof whyprune,
					 "row %u below the threshold", r);
				badprune = round + 1;
			}
		tree_close(&t);
		fake_free(&f);
	}
	checkf(!bad, "random: top-down sums (round %d) %s", bad, bad ? why : "");
	checkf(!badup, "random: bottom-up sums (round %d) %s", badup, badup ? whyup : "");
	checkf(!badprune, "random: pruned trees (round %d) %s", badprune,
	       badprune ? whyprune : "");
}

int main(void)
{
	test_dag();
	test_cycle();
	test_random();
	return unit_finish();
}
