/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_cyclebreak: the cycle breaker on hand-made and random graphs.
 *
 * Graphs small enough to try every subset of deletable arcs give the true
 * minimum (calls, then arcs, then arcs sharing a caller), computed here
 * without the code under test; the exact search must reach it and say so,
 * the heuristics (called directly) and the BSD rule must give valid sets
 * no cheaper than it, and shaking the heuristics (cb_shake) a valid set
 * between theirs and it.  Hand-made graphs where the BSD rule's classes
 * decide check that rule.  Through the public interface on a call graph:
 * validity after propagation, pinned arcs, an impossible pin, determinism,
 * the preview leaving the graph as it was, and a large component (3,000
 * members) broken by the heuristics and by the BSD rule.  The no-new-roots
 * rule on graphs with a main: every function called before is called
 * after, every cycle after has a caller outside it, main keeps its time
 * (both objectives), and lifting the rule never costs more calls; the
 * calls never grow with the bound (heuristics alone, and exact); on random
 * graphs the rule's tree reaches every member and the heuristics come
 * within 10% of the brute-force minimum given it; the tree's choice of a
 * member's caller on a hand-made graph. */
#include "config.h"
#include "cg.h"
#include "cyclebreak.h"
#include "cyclebreak_int.h"
#include "util.h"
#include "unit.h"
#include "fakecg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 88172645463325252ull;
static uint32_t rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng % n);
}

/* A random sub: N nodes, M distinct arcs (no self arcs), weights with
 * ties and zeros, some arcs fixed. */
static void random_sub(struct cb_sub *s, uint32_t n, uint32_t m, int fixed)
{
	uint8_t *used = xcalloc((size_t)n * n, 1);
	uint32_t k = 0;

	cb_sub_alloc(s, n, m);
	while (k < m) {
		uint32_t a = rnd(n), b = rnd(n);
		if (a == b || used[a * n + b])
			continue;
		used[a * n + b] = 1;
		s->src[k] = a;
		s->dst[k] = b;
		s->w[k] = rnd(4) == 0 ? rnd(3) : 1 + rnd(12);
		s->fixed[k] = fixed && rnd(6) == 0;
		k++;
	}
	free(used);
	cb_sub_index(s);
}

/* The cost the breaker minimises, computed here independently: calls,
 * then arcs, then arcs beyond the first from one caller. */
static struct cb_cost cost(const struct cb_sub *s, const uint8_t *del)
{
	struct cb_cost c = { 0, 0, 0 };
	for (uint32_t a = 0; a < s->m; a++) {
		if (!del[a])
			continue;
		c.calls += s->w[a];
		c.narcs++;
		for (uint32_t b = 0; b < a; b++)
			if (del[b] && s->src[b] == s->src[a]) {
				c.dup++;
				break;
			}
	}
	return c;
}

static int less(struct cb_cost a, struct cb_cost b)
{
	if (a.calls != b.calls)
		return a.calls < b.calls;
	if (a.narcs != b.narcs)
		return a.narcs < b.narcs;
	return a.dup < b.dup;
}

/* Every strong component of the arcs not deleted has at most BOUND
 * members: transitive closure by Floyd-Warshall (small graphs only), so
 * the brute force does not rely on the code under test. */
static int fits(const struct cb_sub *s, const uint8_t *del, long bound)
{
	uint32_t n = s->n;
	uint8_t r[16][16];

	memset(r, 0, sizeof r);
	for (uint32_t v = 0; v < n; v++)
		r[v][v] = 1;
	for (uint32_t a = 0; a < s->m; a++)
		if (!del[a])
			r[s->src[a]][s->dst[a]] = 1;
	for (uint32_t k = 0; k < n; k++)
		for (uint32_t i = 0; i < n; i++)
			if (r[i][k])
				for (uint32_t j = 0; j < n; j++)
					r[i][j] |= r[k][j];
	for (uint32_t i = 0; i < n; i++) {
		long size = 0;
		for (uint32_t j = 0; j < n; j++)
			size += r[i][j] && r[j][i];
		if (size > bound)
			return 0;
	}
	return 1;
}

/* Minimum over all subsets of deletable arcs; 0 if none fits. */
static int brute(const struct cb_sub *s, long bound, struct cb_cost *best)
{
	uint32_t free_arcs[32], nf = 0;
	uint8_t *del = xcalloc((size_t)s->m + 1, 1);
	int found = 0;

	for (uint32_t a = 0; a < s->m; a++)
		if (!s->fixed[a])
			free_arcs[nf++] = a;
	for (uint32_t mask = 0; mask < (1u << nf); mask++) {
		for (uint32_t i = 0; i < nf; i++)
			del[free_arcs[i]] = (mask >> i) & 1;
		struct cb_cost c = cost(s, del);
		if (found && !less(c, *best))
			continue;
		if (fits(s, del, bound)) {
			*best = c;
			found = 1;
		}
	}
	free(del);
	return found;
}

static int valid(const struct cb_sub *s, long bound, const uint8_t *del)
{
	for (uint32_t a = 0; a < s->m; a++)
		if (del[a] && s->fixed[a])
			return 0;
	return s->n <= 16 ? fits(s, del, bound) : cb_fits(s, del, bound);
}

/* A random sub of N members and M arcs (M capped at what the brute force
 * can try), some arcs fixed when FIXED, whose fixed arcs alone fit BOUND;
 * its minimum in *OPT.  Returns 0 (S freed) when no set fits. */
static int random_case(struct cb_sub *s, uint32_t n, uint32_t m, long bound, int fixed,
		       struct cb_cost *opt)
{
	if (m > n * (n - 1))
		m = n * (n - 1);
	if (m > 15)
		m = 15;
	random_sub(s, n, m, fixed);
	uint8_t *fx = xmalloc(m + 1);
	for (uint32_t a = 0; a < m; a++)
		fx[a] = !s->fixed[a];
	int ok = cb_fits(s, fx, bound) && brute(s, bound, opt);
	free(fx);
	if (!ok)
		cb_sub_free(s);
	return ok;
}

static void test_random_exact(void)
{
	int ok_exact = 1, ok_proved = 1, ok_heur = 1, ok_bsd = 1, ok_hopt = 0;
	int tried = 0, ok_lower = 1, lower_pos = 0;

	for (int t = 0; t < 400; t++) {
		struct cb_sub s;
		struct cb_cost opt;
		uint32_t n = 3 + rnd(6), m = n + rnd(n < 5 ? n * (n - 1) - n + 1 : 9);
		long bound = 1 + rnd(4);
		if (!random_case(&s, n, m, bound, t % 3 == 0, &opt))
			continue;
		m = s.m;
		tried++;
		uint8_t *h = xcalloc(m + 1, 1), *e = xcalloc(m + 1, 1),
			*b = xcalloc(m + 1, 1);
		cb_heuristic(&s, bound, h);
		memcpy(e, h, m);
		int proved = cb_exact(&s, bound, e, 20.0, NULL);
		cb_bsd(&s, bound, b);
		struct cb_cost ch = cost(&s, h), ce = cost(&s, e);
		if (!valid(&s, bound, h) || less(ch, opt))
			ok_heur = 0;
		if (!less(opt, ch))
			ok_hopt++;
		/* the program minimises calls, then arcs */
		if (!valid(&s, bound, e) || opt.calls != ce.calls ||
		    opt.narcs != ce.narcs) {
			ok_exact = 0;
			fprintf(stderr,
				"graph %d: n=%u m=%u bound=%ld opt=(%llu,%llu) "
				"exact=(%llu,%llu)\n",
				t, n, m, bound, (unsigned long long)opt.calls,
				(unsigned long long)opt.narcs,
				(unsigned long long)ce.calls,
				(unsigned long long)ce.narcs);
		}
		if (!proved)
			ok_proved = 0;
		uint64_t lb = cb_lower_bound(&s, bound);
		if (lb > opt.calls) {
			ok_lower = 0;
			fprintf(stderr, "graph %d: lower bound %llu over minimum %llu\n",
				t, (unsigned long long)lb, (unsigned long long)opt.calls);
		}
		lower_pos += lb > 0;
		if (!valid(&s, bound, b) || less(cost(&s, b), opt))
			ok_bsd = 0;
		free(h);
		free(e);
		free(b);
		cb_sub_free(&s);
	}
	check(tried > 200, "random graphs: enough feasible cases");
	check(ok_exact, "random graphs: GLPK's exact equals the brute-force minimum");
	check(ok_proved, "random graphs: exact search proves it within the time");
	check(ok_heur, "random graphs: heuristic valid, never below minimum");
	check(ok_bsd, "random graphs: BSD rule valid");
	check(ok_lower, "random graphs: lower bound never over the minimum");
	check(lower_pos > tried / 4, "random graphs: lower bound often positive");
	printf("# heuristic alone optimal on %d of %d graphs\n", ok_hopt, tried);
}

/* cb_shake on the random graphs where the heuristic misses the minimum:
 * its set is valid, never dearer than the heuristic's it started from nor
 * cheaper than the minimum, the weights are left as they were, and it
 * finds a cheaper set on some of them. */
static void test_shake(void)
{
	int tried = 0, ok = 1, ok_w = 1, better = 0;

	for (int t = 0; t < 600; t++) {
		struct cb_sub s;
		struct cb_cost opt;
		uint32_t n = 4 + rnd(5), m = n + 3 + rnd(8);
		long bound = 1 + rnd(3);
		if (!random_case(&s, n, m, bound, t % 3 == 0, &opt))
			continue;
		m = s.m;
		uint8_t *h = xcalloc(m + 1, 1);
		cb_heuristic(&s, bound, h);
		struct cb_cost ch = cost(&s, h);
		if (!less(opt, ch)) {
			free(h);
			cb_sub_free(&s);
			continue;
		}
		tried++;
		uint64_t *w0 = xmalloc((m + 1) * sizeof *w0);
		memcpy(w0, s.w, m * sizeof *w0);
		cb_shake(&s, bound, h, 5.0, 0);
		struct cb_cost cs = cost(&s, h);
		if (!valid(&s, bound, h) || less(ch, cs) || less(cs, opt))
			ok = 0;
		if (memcmp(w0, s.w, m * sizeof *w0))
			ok_w = 0;
		better += less(cs, ch);
		free(w0);
		free(h);
		cb_sub_free(&s);
	}
	check(tried > 10, "shake: enough graphs where the heuristic misses the minimum");
	check(ok, "shake: valid, never dearer than its start nor below the minimum");
	check(ok_w, "shake: the weights are left as they were");
	check(better > 0, "shake: a cheaper set on some graphs");
	printf("# shake cheaper than the heuristic on %d of %d graphs\n", better, tried);
}

/* The flowers' rows hold for every valid deletion: on random graphs,
 * each subset of the deletable arcs that leaves every component within
 * the bound satisfies every row (and some graphs have rows). */
static void test_flowers(void)
{
	int ok = 1, graphs = 0, rows = 0;

	for (int t = 0; t < 300; t++) {
		struct cb_sub s;
		uint32_t n = 5 + rnd(5), m = n + 2 + rnd(6);
		long bound = 2 + rnd(3);
		random_sub(&s, n, m, t % 3 == 0);
		struct cb_rows r;
		cb_flowers(&s, bound, &r, util_now() + 60);
		graphs += r.n > 0;
		rows += (int)r.n;
		uint8_t *d = xcalloc(m + 1, 1);
		for (uint32_t mask = 0; mask < (1u << m) && r.n > 0 && ok; mask++) {
			int skip = 0;
			for (uint32_t a = 0; a < m; a++) {
				d[a] = (mask >> a) & 1;
				skip |= d[a] && s.fixed[a];
			}
			if (skip || !cb_fits(&s, d, bound))
				continue;
			for (size_t i = 0, b = 0; i < r.n; b = r.end[i++]) {
				double lhs = 0;
				for (size_t j = b; j < r.end[i]; j++)
					lhs += r.coef[j] * d[r.arc[j]];
				if (lhs < r.rhs[i] - 1e-9) {
					ok = 0;
					fprintf(stderr,
						"flower row %zu of graph %d (n=%u m=%u "
						"bound=%ld) "
						"fails for a valid deletion: %g < %g\n",
						i, t, n, m, bound, lhs, r.rhs[i]);
				}
			}
		}
		free(d);
		free(r.arc);
		free(r.coef);
		free(r.rhs);
		free(r.end);
		cb_sub_free(&s);
	}
	check(graphs >= 30, "flowers: rows on enough random graphs");
	check(ok, "flowers: every valid deletion satisfies every row");
	printf("# flowers: %d rows on %d of 300 graphs\n", rows, graphs);
}

/* Hand-made: a ring of 6 with one light arc; bound 5 -> delete it. */
static void test_ring(void)
{
	struct cb_sub s;
	uint8_t del[6];

	cb_sub_alloc(&s, 6, 6);
	for (uint32_t i = 0; i < 6; i++) {
		s.src[i] = i;
		s.dst[i] = (i + 1) % 6;
		s.w[i] = i == 3 ? 2 : 10;
	}
	cb_sub_index(&s);
	cb_heuristic(&s, 5, del);
	int ok = 1;
	for (int i = 0; i < 6; i++)
		ok &= del[i] == (i == 3);
	check(ok, "ring of 6, bound 5: heuristic deletes the light arc only");
	memset(del, 0, sizeof del);
	cb_bsd(&s, 5, del);
	int nd = 0;
	for (int i = 0; i < 6; i++)
		nd += del[i];
	check(nd == 1 && cb_fits(&s, del, 5), "ring of 6, bound 5: BSD deletes one arc");
	cb_sub_free(&s);
}

/* Star like an interpreter: e <-> op1..op8 with weights; bound 4 keeps e
 * with the three ops whose lighter direction is heaviest. */
static void test_star(void)
{
	struct cb_sub s;
	uint32_t k = 0;
	static const uint64_t in[8] = { 100, 90, 80, 70, 60, 50, 40, 30 };

	cb_sub_alloc(&s, 9, 16);
	for (uint32_t i = 0; i < 8; i++) {
		s.src[k] = 0;
		s.dst[k] = 1 + i;
		s.w[k] = in[i];
		k++;
		s.src[k] = 1 + i;
		s.dst[k] = 0;
		s.w[k] = 2 * in[i];
		k++;
	}
	cb_sub_index(&s);
	uint8_t del[16], e[16];
	cb_heuristic(&s, 4, del);
	memcpy(e, del, sizeof e);
	int proved = cb_exact(&s, 4, e, 20.0, NULL);
	struct cb_cost c = cost(&s, e);
	/* ops 4..8 lose their e->op arc: 70+60+50+40+30 */
	check(proved && c.calls == 250 && c.narcs == 5,
	      "interpreter star, bound 4: minimum 5 arcs, 250 calls");
	check(cost(&s, del).calls == 250, "interpreter star: heuristic finds it");
	cb_sub_free(&s);
}

/* Complete digraph on 5 nodes, bound 1: a minimum feedback arc set. */
static void test_complete(void)
{
	struct cb_sub s;
	uint32_t k = 0;

	cb_sub_alloc(&s, 5, 20);
	for (uint32_t i = 0; i < 5; i++)
		for (uint32_t j = 0; j < 5; j++)
			if (i != j) {
				s.src[k] = i;
				s.dst[k] = j;
				s.w[k] = 1;
				k++;
			}
	cb_sub_index(&s);
	uint8_t del[20];
	cb_heuristic(&s, 1, del);
	int proved = cb_exact(&s, 1, del, 20.0, NULL);
	struct cb_cost c = cost(&s, del);
	check(proved && c.narcs == 10 && cb_fits(&s, del, 1),
	      "complete digraph K5, bound 1: 10 arcs");
	cb_sub_free(&s);
}

/* The BSD rule's classes, on graphs where they decide.
 * 1: ring a->b->c->a, b also called from outside (ext_parent): a->b is
 *    taken first whatever it weighs.
 * 2: a->b, b->c, c->a, a->c with bound 2: c->a lies on both cycles but its
 *    child has one parent (class 3); b->c and a->c have a child with two
 *    parents (class 2), b->c is met first: BSD deletes it alone, while the
 *    cheapest choice is c->a. */
static void test_bsd_rule(void)
{
	struct cb_sub s;
	uint8_t del[4];

	cb_sub_alloc(&s, 3, 3);
	s.src[0] = 0;
	s.dst[0] = 1;
	s.w[0] = 100;
	s.src[1] = 1;
	s.dst[1] = 2;
	s.w[1] = 1;
	s.src[2] = 2;
	s.dst[2] = 0;
	s.w[2] = 1;
	s.ext_parent[1] = 1;
	for (uint32_t v = 0; v < 3; v++)
		s.nparents[v] = 1 + (v == 1);
	cb_sub_index(&s);
	cb_bsd(&s, 2, del);
	check(del[0] && !del[1] && !del[2], "BSD rule: child called from outside first");
	cb_heuristic(&s, 2, del);
	check(!del[0] && del[1] + del[2] == 1, "ours: a light arc instead");
	cb_sub_free(&s);

	cb_sub_alloc(&s, 3, 4);
	s.src[0] = 0;
	s.dst[0] = 1;
	s.w[0] = 40; /* a->b */
	s.src[1] = 0;
	s.dst[1] = 2;
	s.w[1] = 5; /* a->c */
	s.src[2] = 1;
	s.dst[2] = 2;
	s.w[2] = 50; /* b->c */
	s.src[3] = 2;
	s.dst[3] = 0;
	s.w[3] = 10; /* c->a */
	s.nparents[0] = 1;
	s.nparents[1] = 1;
	s.nparents[2] = 2;
	cb_sub_index(&s);
	cb_bsd(&s, 2, del);
	check(!del[0] && !del[1] && del[2] && !del[3],
	      "BSD rule: child with several parents before most cycles");
	cb_heuristic(&s, 2, del);
	check(!del[0] && !del[1] && !del[2] && del[3], "ours: the cheapest arc c->a");
	cb_sub_free(&s);
}

static uint32_t largest_cycle(const struct cg *g)
{
	uint32_t best = 0;
	for (uint32_t c = 0; c < g->ncycles; c++) {
		uint32_t k = 0;
		for (uint32_t m = g->nodes[g->nfuncs + c].next_member; m != CG_NONE;
		     m = g->nodes[m].next_member)
			k++;
		if (k > best)
			best = k;
	}
	return best;
}

/* Random graph of N functions with arcs around a ring and chords. */
static void fake_random(struct fake *f, uint32_t n, uint32_t chords)
{
	fake_init(f, n);
	for (uint32_t i = 0; i < n; i++) {
		cg_arc_add(&f->g, i, (i + 1) % n, 1 + rnd(1000));
		f->g.nodes[i].hist_time = f->g.nodes[i].self_time = 1 + rnd(5);
	}
	for (uint32_t i = 0; i < chords; i++) {
		uint32_t a = rnd(n), b = rnd(n);
		if (a != b)
			cg_arc_add(&f->g, a, b, 1 + rnd(1000));
	}
	fake_total(f);
	cg_propagate(&f->g);
}

static void test_api(void)
{
	struct fake f;
	struct cyclebreak_result r, r2;

	fake_random(&f, 12, 10);
	uint32_t before = largest_cycle(&f.g);
	int st = cyclebreak_propose(&f.g, 3, 0, NULL, 0, &r);
	int ok = st == 0 && r.narcs > 0 && before > 3;
	for (size_t i = 0; i < r.narcs; i++) {
		const struct cg_arc *a = &f.g.arcs[r.arcs[i].arc];
		ok &= r.arcs[i].cycle != 0 &&
		      r.arcs[i].cycle == f.g.nodes[a->parent].cycle &&
		      r.arcs[i].count == a->count;
	}
	check(ok, "propose: arcs lie in the cycles they split");
	ok = cyclebreak_propose(&f.g, 3, 0, NULL, 0, &r2) == 0 && r2.narcs == r.narcs &&
	     r2.calls == r.calls;
	for (size_t i = 0; ok && i < r.narcs; i++)
		ok = r.arcs[i].arc == r2.arcs[i].arc &&
		     r.arcs[i].cycle == r2.arcs[i].cycle;
	check(ok, "propose: deterministic");
	cyclebreak_result_free(&r2);

	/* preview leaves the graph as it was */
	uint32_t ncyc = f.g.ncycles;
	double pt = f.g.print_time;
	struct cyclebreak_preview pv;
	cyclebreak_preview(&f.g, &r, NULL, &pv);
	int nfun = 0, ncy = 0, newok = 1;
	for (size_t i = 0; i < pv.n; i++) {
		if (pv.entries[i].node == CG_NONE) {
			ncy++;
			newok &= pv.entries[i].nmembers <= 3 &&
				 pv.entries[i].nmembers >= 2;
		} else {
			nfun++;
		}
	}
	int restored = f.g.ncycles == ncyc && f.g.print_time == pt;
	for (uint32_t a = 0; a < f.g.narcs; a++)
		restored &= !f.g.arcs[a].deleted;
	check(restored, "preview: graph restored");
	check(nfun > 3 && newok && pv.print_time > 0,
	      "preview: entries within the bound");
	cyclebreak_preview_free(&pv);

	/* pin the first proposed arc: it is not proposed again */
	uint32_t pin = r.arcs[0].arc;
	struct cyclebreak_choice keep = { pin, CYCLEBREAK_KEEP };
	check(cyclebreak_propose(&f.g, 3, 0, &keep, 1, &r2) == 0,
	      "pinned: still feasible");
	ok = 1;
	for (size_t i = 0; i < r2.narcs; i++)
		ok &= r2.arcs[i].arc != pin;
	check(ok, "pinned: arc kept");
	cyclebreak_apply(&f.g, &r2, NULL);
	check(largest_cycle(&f.g) <= 3, "pinned: applied proposal fits the bound");
	cyclebreak_result_free(&r2);
	cyclebreak_result_free(&r);
	fake_free(&f);

	/* pinning every arc of a ring of 4 with bound 3 is impossible */
	fake_init(&f, 4);
	struct cyclebreak_choice pins[4];
	for (uint32_t i = 0; i < 4; i++)
		pins[i] = (struct cyclebreak_choice){ cg_arc_add(&f.g, i, (i + 1) % 4, 5),
						      CYCLEBREAK_KEEP };
	cg_propagate(&f.g);
	check(cyclebreak_propose(&f.g, 3, 0, pins, 4, &r) == -1 && r.narcs == 0,
	      "pinned: impossible pin reported");
	check(cyclebreak_propose(&f.g, 3, 1, pins, 3, &r) == 0 && r.narcs == 1 &&
		      r.arcs[0].arc == pins[3].arc,
	      "pinned: BSD rule takes the free arc");
	cyclebreak_result_free(&r);
	fake_free(&f);
}

/* The exact search compared with the brute force through the API, with
 * the no-new-roots rule lifted (the brute force knows nothing of it). */
static void test_api_exact(void)
{
	int ok = 1;
	struct cyclebreak_limits roots = CYCLEBREAK_LIMITS_DEFAULT;
	roots.allow_roots = 1;
	for (int t = 0; t < 40; t++) {
		struct fake f;
		struct cyclebreak_result r;
		fake_random(&f, 6, 5 + rnd(4));
		long bound = 1 + rnd(3);
		cyclebreak_propose_lim(&f.g, bound, 0, NULL, 0, &roots, &r);
		/* brute force on the whole graph's live arcs */
		struct cb_sub s;
		cb_sub_alloc(&s, f.g.nfuncs, f.g.narcs);
		uint32_t m = 0;
		for (uint32_t a = 0; a < f.g.narcs; a++) {
			if (f.g.arcs[a].parent == f.g.arcs[a].child)
				continue;
			s.src[m] = f.g.arcs[a].parent;
			s.dst[m] = f.g.arcs[a].child;
			s.w[m] = f.g.arcs[a].count;
			m++;
		}
		s.m = m;
		cb_sub_index(&s);
		struct cb_cost opt;
		brute(&s, bound, &opt);
		ok &= opt.calls == r.calls && opt.narcs == r.narcs &&
		      r.nexact == r.ncycles && r.lower == r.calls;
		cyclebreak_apply(&f.g, &r, NULL);
		ok &= largest_cycle(&f.g) <= (uint32_t)bound;
		cb_sub_free(&s);
		cyclebreak_result_free(&r);
		fake_free(&f);
	}
	check(ok, "propose on call graphs: minimum, applied result fits");

	/* The exact search's limits are parameters: none allowed, the
	 * heuristics alone answer and the bound is the packing's. */
	struct fake f;
	struct cyclebreak_result r;
	struct cyclebreak_limits none = CYCLEBREAK_LIMITS_DEFAULT;
	none.exact_time = 0;
	fake_random(&f, 12, 10);
	int st = cyclebreak_propose_lim(&f.g, 3, 0, NULL, 0, &none, &r);
	check(st == 0 && r.ncycles > 0 && r.nexact == 0 && r.lower <= r.calls,
	      "limits: no exact search when none is allowed");
	cyclebreak_result_free(&r);
	st = cyclebreak_propose_lim(&f.g, 3, 0, NULL, 0, NULL, &r);
	check(st == 0 && r.nexact == r.ncycles && r.lower == r.calls,
	      "limits: default limits solve a small graph exactly");
	cyclebreak_result_free(&r);
	fake_free(&f);
}

/* Forcing an arc in: the result holds it (flagged forced) and is the
 * minimum, found by brute force here, of the sets that contain it; with
 * an arc kept as well, the minimum of the sets holding one and not the
 * other. */
static void test_api_force(void)
{
	int ok = 1, forced_out = 0, nt = 0;
	struct cyclebreak_limits roots = CYCLEBREAK_LIMITS_DEFAULT;
	roots.allow_roots = 1;
	for (int t = 0; t < 60; t++) {
		struct fake f;
		struct cyclebreak_result r;
		fake_random(&f, 6, 5 + rnd(4));
		long bound = 1 + rnd(2);
		/* the arcs: FA forced, KA kept (CG_NONE: none) */
		uint32_t fa = rnd(f.g.narcs), ka = t % 2 ? rnd(f.g.narcs) : CG_NONE;
		if (f.g.arcs[fa].parent == f.g.arcs[fa].child || ka == fa ||
		    (ka != CG_NONE && f.g.arcs[ka].parent == f.g.arcs[ka].child)) {
			fake_free(&f);
			continue;
		}
		struct cyclebreak_choice ch[2] = { { fa, CYCLEBREAK_FORCE },
						   { ka, CYCLEBREAK_KEEP } };
		int st = cyclebreak_propose_lim(&f.g, bound, 0, ch, ka == CG_NONE ? 1 : 2,
						&roots, &r);
		/* brute force on the live arcs but the forced one */
		struct cb_sub s;
		cb_sub_alloc(&s, f.g.nfuncs, f.g.narcs);
		uint32_t m = 0;
		for (uint32_t a = 0; a < f.g.narcs; a++) {
			if (f.g.arcs[a].parent == f.g.arcs[a].child || a == fa)
				continue;
			s.src[m] = f.g.arcs[a].parent;
			s.dst[m] = f.g.arcs[a].child;
			s.w[m] = f.g.arcs[a].count;
			s.fixed[m] = a == ka;
			m++;
		}
		s.m = m;
		cb_sub_index(&s);
		struct cb_cost opt;
		int found = brute(&s, bound, &opt);
		nt++;
		if (!found) {
			ok &= st == -1 && r.narcs == 0;
		} else {
			int has = 0;
			for (size_t i = 0; i < r.narcs; i++) {
				has |= r.arcs[i].arc == fa && r.arcs[i].forced;
				ok &= r.arcs[i].arc != ka &&
				      (r.arcs[i].arc == fa) == r.arcs[i].forced;
			}
			ok &= st == 0 && has &&
			      r.calls == opt.calls + f.g.arcs[fa].count &&
			      r.narcs == opt.narcs + 1 && r.nexact == r.ncycles &&
			      r.lower == r.calls;
			forced_out += opt.narcs > 0;
			cyclebreak_apply(&f.g, &r, NULL);
			ok &= largest_cycle(&f.g) <= (uint32_t)bound;
		}
		cb_sub_free(&s);
		cyclebreak_result_free(&r);
		fake_free(&f);
	}
	checkf(ok && nt > 20 && forced_out > 5,
	       "forced arc: in the result, the rest the minimum around it (%d graphs)",
	       nt);
}

/* f0 is main: it calls f1 (and f2, lightly); f1 .. fN-1 form a ring with
 * chords, each with some self time. */
static void fake_with_main(struct fake *f, uint32_t n, uint32_t chords)
{
	fake_init(f, n);
	cg_arc_add(&f->g, 0, 1, 1);
	cg_arc_add(&f->g, 0, 2, 1 + rnd(3));
	for (uint32_t i = 1; i < n; i++) {
		cg_arc_add(&f->g, i, i % (n - 1) + 1, 1 + rnd(1000));
		f->g.nodes[i].hist_time = f->g.nodes[i].self_time = 1 + rnd(5);
	}
	for (uint32_t i = 0; i < chords; i++) {
		uint32_t a = 1 + rnd(n - 1), b = 1 + rnd(n - 1);
		if (a != b)
			cg_arc_add(&f->g, a, b, 1 + rnd(1000));
	}
	fake_total(f);
	cg_propagate(&f->g);
}

static double total_pct(const struct cg *g, uint32_t v)
{
	const struct cg_node *x = &g->nodes[v];
	return 100 * (x->prop_self + x->prop_child) /
	       (g->print_time > 0 ? g->print_time : 1);
}

static void test_rule(void)
{
	int ok_called = 1, ok_main = 1, ok_cost = 1, ok_mono = 1, ok_roots = 0, n = 0;
	for (int t = 0; t < 60; t++) {
		struct fake f;
		fake_with_main(&f, 7 + rnd(6), 4 + rnd(8));
		double main0 = total_pct(&f.g, 0);
		uint8_t *called = xcalloc(f.g.nfuncs + 1, 1);
		for (uint32_t v = 0; v < f.g.nfuncs; v++)
			called[v] = f.g.nodes[v].ncalls > 0;
		uint64_t prev[2] = { UINT64_MAX, UINT64_MAX };
		for (long bound = 1; bound <= 4; bound++) {
			for (int how = 0; how < 4; how++) {
				struct cyclebreak_limits lim = CYCLEBREAK_LIMITS_DEFAULT;
				struct cyclebreak_result r;
				lim.by_time = how == 1;
				lim.allow_roots = how == 2;
				lim.exact_time = how == 3 ? 0 : 10;
				if (cyclebreak_propose_lim(&f.g, bound, 0, NULL, 0, &lim,
							   &r) != 0) {
					ok_called = 0;
					continue;
				}
				/* the calls never grow with the bound: proven
				 * optima, and the heuristics' chain */
				if (how == 0 || how == 3) {
					uint64_t *p = &prev[how == 3];
					if (*p != UINT64_MAX && r.calls > *p)
						ok_mono = 0;
					*p = r.calls;
				}
				struct cyclebreak_result roots;
				if (how == 0 && r.nexact == r.ncycles) {
					lim.allow_roots = 1;
					cyclebreak_propose_lim(&f.g, bound, 0, NULL, 0,
							       &lim, &roots);
					if (roots.nexact == roots.ncycles &&
					    roots.calls > r.calls)
						ok_cost = 0;
					cyclebreak_result_free(&roots);
				}
				cyclebreak_apply(&f.g, &r, NULL);
				int lost = 0;
				for (uint32_t v = 0; v < f.g.nfuncs; v++)
					lost |= called[v] && f.g.nodes[v].ncalls == 0;
				for (uint32_t c = 0; c < f.g.ncycles; c++)
					lost |= f.g.nodes[f.g.nfuncs + c].ncalls == 0;
				if (how == 2)
					ok_roots += lost;
				else if (lost)
					ok_called = 0;
				if (how != 2 && total_pct(&f.g, 0) < main0 - 1e-6)
					ok_main = 0;
				for (uint32_t a = 0; a < f.g.narcs; a++)
					f.g.arcs[a].deleted = 0;
				cg_propagate(&f.g);
				cyclebreak_result_free(&r);
				n++;
			}
		}
		free(called);
		fake_free(&f);
	}
	checkf(ok_called,
	       "no new roots: every function called before is called after, "
	       "every cycle has an outside caller (%d proposals)",
	       n);
	check(ok_main, "no new roots: main keeps all its time, both objectives");
	check(ok_cost, "no new roots: never below the optimum with roots allowed");
	checkf(ok_roots > 0,
	       "roots allowed: %d proposals leave a function or cycle "
	       "without a caller",
	       ok_roots);
	check(ok_mono,
	      "the calls never grow with the bound (exact, and heuristics alone)");
}

/* Whether every node reachable from an entry point over all of S's arcs
 * is reachable over the arcs DEL keeps (independent of the code under
 * test: a plain fixpoint). */
static int keeps_reach(const struct cb_sub *s, const uint8_t *del)
{
	uint8_t all[16] = { 0 }, kept[16] = { 0 };
	for (uint32_t v = 0; v < s->n; v++)
		all[v] = kept[v] = s->ext_parent[v];
	for (int changed = 1; changed;) {
		changed = 0;
		for (uint32_t a = 0; a < s->m; a++) {
			if (all[s->src[a]] && !all[s->dst[a]])
				all[s->dst[a]] = changed = 1;
			if (!del[a] && kept[s->src[a]] && !kept[s->dst[a]])
				kept[s->dst[a]] = changed = 1;
		}
	}
	for (uint32_t v = 0; v < s->n; v++)
		if (all[v] && !kept[v])
			return 0;
	return 1;
}

/* The no-new-roots rule on random graphs: the tree keeps every member
 * reachable from the entry points; the heuristics, given its arcs as
 * fixed, never delete one and come within 10% of the brute-force minimum
 * of that problem over all graphs together. */
static void test_rule_random(void)
{
	int ok_reach = 1, ok_valid = 1, tried = 0, hopt = 0;
	uint64_t sum_h = 0, sum_opt = 0;

	for (int t = 0; t < 300; t++) {
		struct cb_sub s;
		uint32_t n = 4 + rnd(6), m = n + 2 + rnd(9);
		if (m > n * (n - 1))
			m = n * (n - 1);
		long bound = 1 + rnd(4);
		random_sub(&s, n, m, 0);
		s.ext_parent[0] = 1;
		s.ext_parent[rnd(n)] = 1;
		uint8_t *tree = xcalloc(m + 1, 1), *h = xcalloc(m + 1, 1);
		cb_tree(&s, bound, tree);
		for (uint32_t a = 0; a < m; a++)
			h[a] = !tree[a];
		if (!keeps_reach(&s, h))
			ok_reach = 0;
		for (uint32_t a = 0; a < m; a++)
			if (tree[a] && !s.fixed[a])
				ok_reach = 0;
		struct cb_cost opt;
		if (brute(&s, bound, &opt)) {
			tried++;
			cb_solve(&s, bound, h, NULL, 0);
			struct cb_cost ch = cost(&s, h);
			if (!valid(&s, bound, h) || less(ch, opt) || !keeps_reach(&s, h))
				ok_valid = 0;
			hopt += !less(opt, ch);
			sum_h += ch.calls;
			sum_opt += opt.calls;
		}
		free(tree);
		free(h);
		cb_sub_free(&s);
	}
	check(ok_reach, "rule, random graphs: the tree reaches every member the "
			"entry points reach, its arcs fixed");
	checkf(ok_valid && tried > 200,
	       "rule, random graphs: heuristics valid, no member stranded, never "
	       "below the minimum (%d graphs)",
	       tried);
	checkf(sum_h <= sum_opt + sum_opt / 10,
	       "rule, random graphs: heuristics within 10%% of the minimum "
	       "(%llu calls against %llu; optimal on %d of %d)",
	       (unsigned long long)sum_h, (unsigned long long)sum_opt, hopt, tried);
}

/* The tree's preference, on two graphs with entry points e and f.  First,
 * g is called 100 times from e and once from f, and calls e 1,000 times;
 * the cheap set at bound 1 keeps g -> e and f -> g, which carry 1 of g's
 * 101 calls: the tree takes the heavy e -> g, so that g's time goes to e
 * (the collector's case: not to finalization).  Second, h is called 50
 * times from e, 40 from f and 30 from k (a third entry point), and calls
 * e 1,000 times; the cheap set deletes e -> h and keeps the others, 70 of
 * h's 120 calls: the tree takes f -> h, the heaviest of those. */
static void rule_tree(uint32_t n, uint32_t m, const uint32_t *src, const uint32_t *dst,
		      const uint64_t *w, const uint32_t *entries, uint8_t *tree)
{
	struct cb_sub s;
	cb_sub_alloc(&s, n, m);
	for (uint32_t a = 0; a < m; a++) {
		s.src[a] = src[a];
		s.dst[a] = dst[a];
		s.w[a] = w[a];
	}
	cb_sub_index(&s);
	for (uint32_t i = 0; entries[i] != CB_NONE; i++)
		s.ext_parent[entries[i]] = 1;
	cb_tree(&s, 3, tree);
	cb_sub_free(&s);
}

static void test_rule_preference(void)
{
	static const uint32_t src1[] = { 0, 1, 2 }, dst1[] = { 1, 0, 1 };
	static const uint64_t w1[] = { 100, 1000, 1 };
	static const uint32_t ent1[] = { 0, 2, CB_NONE };
	static const uint32_t src2[] = { 0, 1, 2, 3 }, dst2[] = { 1, 0, 1, 1 };
	static const uint64_t w2[] = { 50, 1000, 40, 30 };
	static const uint32_t ent2[] = { 0, 2, 3, CB_NONE };
	uint8_t tree[4];

	rule_tree(3, 3, src1, dst1, w1, ent1, tree);
	check(tree[0] && !tree[2],
	      "rule: a member whose cheap-set arcs carry under half of its calls "
	      "gets its heaviest caller");
	rule_tree(4, 4, src2, dst2, w2, ent2, tree);
	check(tree[2] && !tree[0] && !tree[3],
	      "rule: a member whose cheap-set arcs carry half of its calls gets "
	      "the heaviest of those");
}

static void test_large(void)
{
	struct fake f;
	struct cyclebreak_result r, b;

	fake_random(&f, 3000, 6000);
	uint32_t before = largest_cycle(&f.g);
	double t0 = util_now();
	int st = cyclebreak_propose(&f.g, 10, 0, NULL, 0, &r);
	double t1 = util_now();
	int stb = cyclebreak_propose(&f.g, 10, 1, NULL, 0, &b);
	printf("# 3000 members: ours %zu arcs %llu calls in %.2fs; bsd %zu arcs %llu "
	       "calls\n",
	       r.narcs, (unsigned long long)r.calls, t1 - t0, b.narcs,
	       (unsigned long long)b.calls);
	check(before > 2000 && st == 0 && stb == 0, "large: proposals made");
	check(r.calls <= b.calls, "large: fewer calls deleted than the BSD rule");
	printf("# 3000 members: lower bound %llu\n", (unsigned long long)r.lower);
	check(r.lower > 0 && r.lower <= r.calls && b.lower <= b.calls,
	      "large: lower bound positive, below both results");
	cyclebreak_apply(&f.g, &b, NULL);
	check(largest_cycle(&f.g) <= 10, "large: BSD rule result fits");
	for (uint32_t a = 0; a < f.g.narcs; a++)
		f.g.arcs[a].deleted = 0;
	cyclebreak_apply(&f.g, &r, NULL);
	check(largest_cycle(&f.g) <= 10, "large: result fits");
	cyclebreak_result_free(&r);
	cyclebreak_result_free(&b);
	fake_free(&f);
}

int main(void)
{
	test_ring();
	test_star();
	test_complete();
	test_bsd_rule();
	test_random_exact();
	test_shake();
	test_flowers();
	test_api();
	test_api_exact();
	test_api_force();
	test_rule();
	test_rule_random();
	test_rule_preference();
	test_large();
	return unit_finish();
}
