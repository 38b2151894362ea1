/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_cyclebreak_choice: re-proposal after pinning, forcing and freeing
 * arcs (cyclebreak_repropose) against a proposal from scratch with the
 * same choices.  Where the changed arc's component was solved exactly (or
 * by the 4.4BSD rule) the results must be equal arc for arc (with the same
 * certificate), while only the components a changed arc enters are solved
 * again (nsolved) and the others' deletions are taken as they were.  Where
 * the heuristics solved it (forced here with exact_max_arcs 0, the
 * "heuristic" rules), it is repaired locally (nrepaired): every cycle
 * within the bound, pins honoured, the other components unchanged, no arc
 * deleted near the change that could be restored alone, not claimed
 * optimal, calls within twice the proposal from scratch.
 *
 * Without arguments: call graphs made of several random components over
 * the bound, for each rule (fewest calls, least time, 4.4BSD, and the
 * first two by the heuristics alone).
 * With LABEL PROGRAM GMON [BOUND...] (t-breakcycles.sh, on the corpus):
 * the same steps on that profile, loaded as tgprof --text loads it. */
#include "config.h"
#include "cg.h"
#include "cyclebreak.h"
#include "load.h"
#include "util.h"
#include "unit.h"
#include "fakecg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng % n);
}

/* Equal results: status, arcs (index, count, cycle, forced), totals and
 * certificate.  WHY receives the first difference. */
static int same(int sa, const struct cyclebreak_result *a, int sb,
		const struct cyclebreak_result *b, char *why, size_t len)
{
	if (sa != sb) {
		snprintf(why, len, "status %d vs %d", sa, sb);
		return 0;
	}
	if (a->narcs != b->narcs || a->calls != b->calls || a->lower != b->lower ||
	    a->nexact != b->nexact || a->ncycles != b->ncycles) {
		snprintf(why, len,
			 "arcs %zu/%zu calls %llu/%llu lower %llu/%llu exact %u/%u",
			 a->narcs, b->narcs, (unsigned long long)a->calls,
			 (unsigned long long)b->calls, (unsigned long long)a->lower,
			 (unsigned long long)b->lower, a->nexact, b->nexact);
		return 0;
	}
	for (size_t i = 0; i < a->narcs; i++)
		if (a->arcs[i].arc != b->arcs[i].arc ||
		    a->arcs[i].count != b->arcs[i].count ||
		    a->arcs[i].cycle != b->arcs[i].cycle ||
		    a->arcs[i].forced != b->arcs[i].forced) {
			snprintf(why, len, "arc %zu: %u vs %u", i, a->arcs[i].arc,
				 b->arcs[i].arc);
			return 0;
		}
	return 1;
}

/* The arcs of PREV and R lying in components (cycles of G) other than
 * those of the arcs in SKIP (N of them) are the same. */
static int others_kept(const struct cg *g, const struct cyclebreak_result *prev,
		       const struct cyclebreak_result *r, const uint32_t *skip, size_t n)
{
	uint8_t *hit = xcalloc((size_t)g->ncycles + 2, 1);
	for (size_t i = 0; i < n; i++)
		hit[g->nodes[g->arcs[skip[i]].child].cycle] = 1;
	size_t i = 0, j = 0;
	int ok = 1;
	for (;;) {
		while (i < prev->narcs &&
		       (prev->arcs[i].forced || hit[prev->arcs[i].cycle]))
			i++;
		while (j < r->narcs && (r->arcs[j].forced || hit[r->arcs[j].cycle]))
			j++;
		if (i == prev->narcs || j == r->narcs)
			break;
		ok &= prev->arcs[i].arc == r->arcs[j].arc;
		i++, j++;
	}
	ok &= i == prev->narcs && j == r->narcs;
	free(hit);
	return ok;
}

/* An arc of G inside one cycle over BOUND members that R does not delete
 * and the choices do not name (CG_NONE if none), the K-th such. */
static uint32_t free_inner_arc(const struct cg *g, const struct cyclebreak_result *r,
			       long bound, uint32_t k)
{
	uint32_t *size = xcalloc((size_t)g->ncycles + 2, sizeof(uint32_t));
	uint32_t found = CG_NONE;
	for (uint32_t v = 0; v < g->nfuncs; v++)
		size[g->nodes[v].cycle]++;
	for (uint32_t a = 0; a < g->narcs && found == CG_NONE; a++) {
		const struct cg_arc *x = &g->arcs[a];
		uint32_t c = g->nodes[x->parent].cycle;
		if (x->deleted || x->parent == x->child || !c ||
		    c != g->nodes[x->child].cycle || size[c] <= (uint64_t)bound ||
		    (r->state && r->state[a]))
			continue;
		int del = 0;
		for (size_t i = 0; i < r->narcs; i++)
			del |= r->arcs[i].arc == a;
		if (!del && k-- == 0)
			found = a;
	}
	free(size);
	return found;
}

/* The largest cycle G has after deleting the arcs of R except the one at
 * index SKIP (SIZE_MAX: none) and the arc EXTRA (CG_NONE: none), as
 * cg_propagate forms the cycles; G is put back as it was.  With NODES,
 * NODES[v] gets 1 for the members of the cycles holding an end of EXTRA,
 * and the ends themselves. */
static uint32_t largest_after(struct cg *g, const struct cyclebreak_result *r,
			      size_t skip, uint32_t extra, uint8_t *nodes)
{
	uint8_t *saved = xmalloc((size_t)g->narcs + 1);
	uint32_t *size = xcalloc((size_t)g->nfuncs + 2, sizeof(uint32_t)), big = 0;
	for (uint32_t a = 0; a < g->narcs; a++)
		saved[a] = g->arcs[a].deleted;
	for (size_t i = 0; i < r->narcs; i++)
		if (i != skip)
			g->arcs[r->arcs[i].arc].deleted = 1;
	if (extra != CG_NONE)
		g->arcs[extra].deleted = 1;
	cg_propagate(g);
	for (uint32_t v = 0; v < g->nfuncs; v++)
		if (g->nodes[v].cycle && ++size[g->nodes[v].cycle] > big)
			big = size[g->nodes[v].cycle];
	if (nodes && extra != CG_NONE) {
		uint32_t ends[2] = { g->arcs[extra].parent, g->arcs[extra].child };
		for (int k = 0; k < 2; k++) {
			uint32_t c = g->nodes[ends[k]].cycle;
			nodes[ends[k]] = 1;
			for (uint32_t v = 0; v < g->nfuncs && c; v++)
				if (g->nodes[v].cycle == c)
					nodes[v] = 1;
		}
	}
	for (uint32_t a = 0; a < g->narcs; a++)
		g->arcs[a].deleted = saved[a];
	cg_propagate(g);
	free(saved);
	free(size);
	return big;
}

/* R honours the choices CH (N): no kept arc deleted, every forced one
 * deleted and flagged. */
static int honours(const struct cyclebreak_result *r, const struct cyclebreak_choice *ch,
		   size_t n)
{
	for (size_t k = 0; k < n; k++) {
		int found = 0, flagged = 0;
		for (size_t i = 0; i < r->narcs; i++)
			if (r->arcs[i].arc == ch[k].arc) {
				found = 1;
				flagged = r->arcs[i].forced;
			}
		if (ch[k].state == CYCLEBREAK_KEEP && found)
			return 0;
		if (ch[k].state == CYCLEBREAK_FORCE && !(found && flagged))
			return 0;
	}
	return 1;
}

/* The part of PREV for the component (cycle of G) ARC lies in, or -1. */
static long part_of(const struct cg *g, const struct cyclebreak_result *prev,
		    uint32_t arc)
{
	uint32_t c = g->nodes[g->arcs[arc].child].cycle;
	for (size_t p = 0; p < prev->nparts; p++)
		if (c && g->nodes[prev->parts[p].first].cycle == c)
			return (long)p;
	return -1;
}

/* What a local repair must give (cyclebreak_repair.c), in place of the
 * equality with a proposal from scratch: every cycle within the bound,
 * the choices honoured, the other components' deletions unchanged, no
 * arc deleted near the change that could be restored alone (near: the
 * cycles holding an end of ARC once PREV's arcs and ARC are deleted), not
 * claimed optimal, and calls within twice the proposal from scratch. */
static void check_repair(const char *name, struct cg *g,
			 const struct cyclebreak_result *prev,
			 const struct cyclebreak_result *inc,
			 const struct cyclebreak_result *scratch,
			 const struct cyclebreak_choice *ch, size_t n, uint32_t arc)
{
	long bound = prev->bound;
	checkf(inc->nrepaired == 1 && inc->nsolved == 0 && inc->ncycles == prev->ncycles,
	       "%s: 1 of %u components repaired locally, none solved again (got %u "
	       "repaired, %u solved)",
	       name, inc->ncycles, inc->nrepaired, inc->nsolved);
	uint32_t big = largest_after(g, inc, SIZE_MAX, CG_NONE, NULL);
	checkf(big <= (uint64_t)bound, "%s: repaired: largest cycle %u within %ld", name,
	       big, bound);
	checkf(honours(inc, ch, n), "%s: repaired: kept arcs kept, forced ones deleted",
	       name);
	checkf(others_kept(g, prev, inc, &arc, 1),
	       "%s: repaired: the other components' deletions kept as they were", name);
	uint8_t *near = xcalloc((size_t)g->nfuncs + 1, 1);
	largest_after(g, prev, SIZE_MAX, arc, near);
	size_t ntried = 0, nredundant = 0;
	for (size_t i = 0; i < inc->narcs; i++) {
		const struct cg_arc *x = &g->arcs[inc->arcs[i].arc];
		if (inc->arcs[i].forced || !(near[x->parent] || near[x->child]))
			continue;
		ntried++;
		if (largest_after(g, inc, i, CG_NONE, NULL) <= (uint64_t)bound)
			nredundant++;
	}
	free(near);
	checkf(nredundant == 0,
	       "%s: repaired: each of the %zu arcs deleted near the change is needed "
	       "(%zu could be restored)",
	       name, ntried, nredundant);
	int optimal = inc->nexact == inc->ncycles && !inc->bsd;
	checkf(!optimal, "%s: repaired: not claimed optimal (%u of %u exact)", name,
	       inc->nexact, inc->ncycles);
	checkf(inc->calls <= 2 * scratch->calls,
	       "%s: repaired: %llu calls, %llu from scratch with the same choices "
	       "(%.3fx)",
	       name, (unsigned long long)inc->calls, (unsigned long long)scratch->calls,
	       scratch->calls ? (double)inc->calls / (double)scratch->calls : 0.0);
	if (!inc->by_time)
		checkf(inc->lower <= inc->calls && inc->lower <= scratch->calls,
		       "%s: repaired: lower bound %llu at most both proposals", name,
		       (unsigned long long)inc->lower);
}

/* One step: set ARC to STATE in CH (N choices), re-propose from *CUR and
 * propose from scratch.  Where CUR's component of ARC was solved exactly
 * (or by the 4.4BSD rule) they must be equal, one component solved again
 * (the arc's), the others' deletions unchanged; where the heuristics
 * solved it, it is repaired locally (check_repair).  *CUR becomes the new
 * result; *REPAIRED is set when it was repaired. */
static void step(const char *name, struct cg *g, const struct cyclebreak_limits *lim,
		 struct cyclebreak_choice *ch, size_t *n, uint32_t arc, int state,
		 struct cyclebreak_result *cur, int *stcur, int *repaired)
{
	struct cyclebreak_result inc, scratch;
	char why[256] = "";
	size_t i = 0;
	long q = part_of(g, cur, arc);
	int rep = q >= 0 && !cur->bsd && !cur->parts[q].exact;
	while (i < *n && ch[i].arc != arc)
		i++;
	ch[i] = (struct cyclebreak_choice){ arc, state };
	if (i == *n)
		(*n)++;
	int si = cyclebreak_repropose(g, cur, ch, *n, lim, &inc);
	int ss = cyclebreak_propose_lim(g, cur->bound, cur->bsd, ch, *n, lim, &scratch);
	if (rep) {
		checkf(si == ss, "%s: repaired: status %d, from scratch %d", name, si,
		       ss);
		if (si == 0 && ss == 0)
			check_repair(name, g, cur, &inc, &scratch, ch, *n, arc);
		*repaired |= si == 0;
	} else {
		int eq = same(si, &inc, ss, &scratch, why, sizeof why);
		checkf(eq, "%s: re-proposal equals a proposal from scratch%s%s", name,
		       eq ? "" : ": ", why);
		if (si == 0) {
			checkf(inc.nsolved == 1 && inc.nrepaired == 0 &&
				       scratch.nsolved == scratch.ncycles &&
				       inc.ncycles == cur->ncycles,
			       "%s: 1 of %u components solved again (got %u, %u "
			       "repaired)",
			       name, inc.ncycles, inc.nsolved, inc.nrepaired);
			checkf(others_kept(g, cur, &inc, &arc, 1),
			       "%s: the other components' deletions kept as they were",
			       name);
		}
	}
	cyclebreak_result_free(&scratch);
	if (si == 0) {
		cyclebreak_result_free(cur);
		*cur = inc;
		*stcur = si;
	} else {
		cyclebreak_result_free(&inc);
		(*n)--; /* that choice is impossible: drop it */
	}
}

/* The steps on G at BOUND with LIM: pin the first proposed arc, force a
 * free arc of another component, free the pin, then free everything
 * (which re-solves the two components touched and gives the first result
 * again, or, where they were repaired, a valid result). */
static void run_steps(const char *name, struct cg *g, long bound, int bsd,
		      const struct cyclebreak_limits *lim)
{
	struct cyclebreak_result r0, cur;
	struct cyclebreak_choice ch[4];
	size_t n = 0;
	char nm[300];
	int repaired = 0;
	int st0 = cyclebreak_propose_lim(g, bound, bsd, NULL, 0, lim, &r0);
	int st = cyclebreak_propose_lim(g, bound, bsd, NULL, 0, lim, &cur);
	if (st0 != 0 || r0.narcs == 0) {
		checkf(0, "%s: a first proposal (status %d, %zu arcs)", name, st0,
		       r0.narcs);
		cyclebreak_result_free(&r0);
		cyclebreak_result_free(&cur);
		return;
	}
	uint32_t pinned = r0.arcs[0].arc;
	for (size_t i = 0; i < r0.narcs; i++)
		if (!r0.arcs[i].forced) {
			pinned = r0.arcs[i].arc;
			break;
		}
	snprintf(nm, sizeof nm, "%s pin", name);
	step(nm, g, lim, ch, &n, pinned, CYCLEBREAK_KEEP, &cur, &st, &repaired);
	uint32_t pc = g->nodes[g->arcs[pinned].child].cycle, fa = CG_NONE;
	for (uint32_t k = 0; k < 64; k++) {
		fa = free_inner_arc(g, &cur, bound, k);
		if (fa == CG_NONE || r0.ncycles < 2 ||
		    g->nodes[g->arcs[fa].child].cycle != pc)
			break;
	}
	if (fa != CG_NONE) {
		snprintf(nm, sizeof nm, "%s force", name);
		step(nm, g, lim, ch, &n, fa, CYCLEBREAK_FORCE, &cur, &st, &repaired);
	}
	snprintf(nm, sizeof nm, "%s unpin", name);
	step(nm, g, lim, ch, &n, pinned, CYCLEBREAK_FREE, &cur, &st, &repaired);
	/* free all: back to the first proposal */
	struct cyclebreak_result back;
	char why[256] = "";
	int sb = cyclebreak_repropose(g, &cur, NULL, 0, lim, &back);
	if (repaired) {
		uint32_t big =
			sb == 0 ? largest_after(g, &back, SIZE_MAX, CG_NONE, NULL) : 0;
		int forced = 0;
		for (size_t i = 0; i < back.narcs; i++)
			forced |= back.arcs[i].forced;
		checkf(sb == 0 && big <= (uint64_t)bound && !forced &&
			       back.nsolved + back.nrepaired <= 2 &&
			       back.calls <= 2 * r0.calls,
		       "%s free all: repaired, largest cycle %u within %ld, %llu calls "
		       "(first proposal %llu, at most twice), %u solved, %u repaired",
		       name, big, bound, (unsigned long long)back.calls,
		       (unsigned long long)r0.calls, back.nsolved, back.nrepaired);
	} else {
		int eq = same(sb, &back, st0, &r0, why, sizeof why);
		checkf(eq && back.nsolved <= 2 && back.nrepaired == 0,
		       "%s free all: the first proposal again, %u solved%s%s", name,
		       back.nsolved, eq ? "" : ": ", why);
	}
	cyclebreak_result_free(&back);
	cyclebreak_result_free(&cur);
	cyclebreak_result_free(&r0);
}

/* A call graph of K random components of N functions each (a ring and
 * chords), joined by arcs from lower components to higher ones only. */
static void fake_blocks(struct fake *f, uint32_t k, uint32_t n)
{
	uint32_t nf = k * n;
	fake_init(f, nf);
	for (uint32_t b = 0; b < k; b++) {
		uint32_t o = b * n;
		for (uint32_t i = 0; i < n; i++)
			cg_arc_add(&f->g, o + i, o + (i + 1) % n, 1 + rnd(1000));
		for (uint32_t i = 0; i < n; i++) {
			uint32_t x = rnd(n), y = rnd(n);
			if (x != y)
				cg_arc_add(&f->g, o + x, o + y, 1 + rnd(1000));
		}
		if (b + 1 < k)
			cg_arc_add(&f->g, o + rnd(n), o + n + rnd(n), 1 + rnd(50));
	}
	for (uint32_t i = 0; i < nf; i++)
		f->g.nodes[i].hist_time = f->g.nodes[i].self_time = 1 + rnd(5);
	fake_total(f);
	cg_propagate(&f->g);
}

static void synthetic(void)
{
	static const char *const rule[] = { "calls", "time", "bsd", "heuristic calls",
					    "heuristic time" };
	for (int t = 0; t < 5; t++) {
		struct fake f;
		struct cyclebreak_limits lim = CYCLEBREAK_LIMITS_DEFAULT;
		char name[64];
		lim.by_time = t == 1 || t == 4;
		if (t >= 3)
			lim.exact_max_arcs = 0; /* repaired locally */
		fake_blocks(&f, 5, t >= 3 ? 60 : 12 + 4 * t);
		snprintf(name, sizeof name, "5 components, %s", rule[t]);
		run_steps(name, &f.g, 3, t == 2, &lim);
		fake_free(&f);
	}
	/* a re-proposal whose bound or rule differs from the previous one's
	 * solves everything */
	struct fake f;
	struct cyclebreak_result a, b;
	struct cyclebreak_limits lim = CYCLEBREAK_LIMITS_DEFAULT;
	fake_blocks(&f, 4, 10);
	cyclebreak_propose_lim(&f.g, 3, 0, NULL, 0, &lim, &a);
	lim.by_time = 1;
	int st = cyclebreak_repropose(&f.g, &a, NULL, 0, &lim, &b);
	checkf(st == 0 && b.nsolved == b.ncycles && b.ncycles == 4 && b.by_time,
	       "another objective: every component solved (%u of %u)", b.nsolved,
	       b.ncycles);
	cyclebreak_result_free(&a);
	cyclebreak_result_free(&b);
	fake_free(&f);
}

/* --time PROGRAM GMON BOUND (bench-cycles.sh): how long the first
 * proposal takes, and a re-proposal after pinning a proposed arc of the
 * largest component (repaired locally) and of the smallest one over the
 * bound, with the calls of a proposal from scratch with the same pin; and
 * freeing the first pin again.  Prints lines, no cases. */
static int timing(char **argv)
{
	struct opts o;
	struct load l;
	const char *profiles[] = { argv[3] };
	long bound = atol(argv[4]);
	struct cyclebreak_result r, inc;

	opts_init(&o);
	o.load.exe = argv[2];
	o.load.profiles = profiles;
	load_all(&l, &o, NULL);
	double t0 = util_now();
	int st = cyclebreak_propose_lim(&l.g, bound, 0, NULL, 0, NULL, &r);
	double t1 = util_now();
	if (st != 0 || r.narcs == 0) {
		printf("no proposal (status %d)\n", st);
		return 1;
	}
	uint32_t *size = xcalloc((size_t)l.g.ncycles + 2, sizeof(uint32_t));
	for (uint32_t v = 0; v < l.g.nfuncs; v++)
		size[l.g.nodes[v].cycle]++;
	size_t big = 0, small = 0;
	for (size_t i = 0; i < r.narcs; i++) {
		if (size[r.arcs[i].cycle] > size[r.arcs[big].cycle])
			big = i;
		if (size[r.arcs[i].cycle] < size[r.arcs[small].cycle])
			small = i;
	}
	printf("first proposal: %.2fs, %u components over %ld members\n", t1 - t0,
	       r.ncycles, bound);
	size_t pick[2] = { big, small };
	for (int k = 0; k < 2 && (k == 0 || r.ncycles > 1); k++) {
		struct cyclebreak_choice ch = { r.arcs[pick[k]].arc, CYCLEBREAK_KEEP };
		struct cyclebreak_result scr;
		t0 = util_now();
		st = cyclebreak_repropose(&l.g, &r, &ch, 1, NULL, &inc);
		t1 = util_now();
		/* the same pin from scratch, for the calls */
		double t2 = util_now();
		int ss = cyclebreak_propose_lim(&l.g, bound, 0, &ch, 1, NULL, &scr);
		double t3 = util_now();
		printf("re-proposal after pinning an arc of the %s component (%u "
		       "members): "
		       "%.2fs, %u of %u solved again, %u repaired locally (status %d); "
		       "%llu calls against %llu from scratch with the same pin "
		       "(%.2fs, status %d)\n",
		       k ? "smallest" : "largest", size[r.arcs[pick[k]].cycle], t1 - t0,
		       inc.nsolved, inc.ncycles, inc.nrepaired, st,
		       (unsigned long long)inc.calls, (unsigned long long)scr.calls,
		       t3 - t2, ss);
		if (k == 0 && st == 0) {
			/* and freeing it again */
			struct cyclebreak_result back;
			t0 = util_now();
			st = cyclebreak_repropose(&l.g, &inc, NULL, 0, NULL, &back);
			t1 = util_now();
			printf("re-proposal after freeing that pin: %.2fs, %u repaired "
			       "locally (status %d); %llu calls against %llu first\n",
			       t1 - t0, back.nrepaired, st,
			       (unsigned long long)back.calls,
			       (unsigned long long)r.calls);
			cyclebreak_result_free(&back);
		}
		cyclebreak_result_free(&scr);
		cyclebreak_result_free(&inc);
	}
	free(size);
	cyclebreak_result_free(&r);
	load_free(&l);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 5 && strcmp(argv[1], "--time") == 0)
		return timing(argv);
	if (argc < 4) {
		synthetic();
		return unit_finish();
	}
	struct opts o;
	struct load l;
	const char *profiles[] = { argv[3] };
	opts_init(&o);
	o.load.exe = argv[2];
	o.load.profiles = profiles;
	load_all(&l, &o, NULL);
	for (int i = 4; i < argc || i == 4; i++) {
		long bound = i < argc ? atol(argv[i]) : 1;
		static const char *const rule[] = { "calls", "time", "bsd",
						    "heuristic calls" };
		for (int t = 0; t < 4; t++) {
			struct cyclebreak_limits lim = CYCLEBREAK_LIMITS_DEFAULT;
			char name[1200];
			lim.by_time = t == 1;
			if (t == 3)
				lim.exact_max_arcs = 0; /* repaired locally */
			snprintf(name, sizeof name, "%s bound %ld %s", argv[1], bound,
				 rule[t]);
			run_steps(name, &l.g, bound, t == 2, &lim);
		}
	}
	load_free(&l);
	return unit_finish();
}
