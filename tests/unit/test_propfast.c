/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_propfast: cg_propagate()'s fast path against the full propagation.
 * Random models with cycles, self arcs, zero self times and -E style
 * exclusions go through series of arc deletions, restorations, undos
 * (the same arcs toggled back), groups of toggles and now and then an
 * edited self time; after each, one
 * copy is propagated with cg_propagate() and a twin with
 * cg_propagate_full(), and every computed field must be equal bit for bit.
 * The fast path must have been taken often, and not always (some arcs
 * move the numbering and must fall back).  Every other model goes
 * through cg_propagate_arcs() instead, told the arcs toggled (repeats
 * and an arc not toggled among them). */
#include "config.h"
#include "cg.h"
#include "util.h"
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng % n);
}

struct model {
	struct symtab st;
	struct cg g;
	char **names;
};

#define SAME(f) (memcmp(&a->f, &b->f, sizeof a->f) == 0)

/* The first difference between A (fast) and B (full), or NULL. */
static const char *differs(const struct cg *x, const struct cg *y, char *why, size_t len)
{
	if (x->ncycles != y->ncycles || x->norder != y->norder ||
	    memcmp(&x->print_time, &y->print_time, sizeof x->print_time)) {
		snprintf(why, len, "cycles %u/%u or print time %.17g/%.17g", x->ncycles,
			 y->ncycles, x->print_time, y->print_time);
		return why;
	}
	for (uint32_t i = 0; i < x->nfuncs + x->ncycles; i++) {
		const struct cg_node *a = &x->nodes[i], *b = &y->nodes[i];
		if (!(SAME(self_time) && SAME(child_time) && SAME(prop_fract) &&
		      SAME(prop_self) && SAME(prop_child) && SAME(ncalls) &&
		      SAME(self_calls) && SAME(cycle) && SAME(head) &&
		      SAME(next_member) && SAME(top_order) && SAME(index) &&
		      SAME(print_flag))) {
			snprintf(why, len, "node %u: calls %llu/%llu, total %.17g/%.17g",
				 i, (unsigned long long)a->ncalls,
				 (unsigned long long)b->ncalls,
				 a->prop_self + a->prop_child,
				 b->prop_self + b->prop_child);
			return why;
		}
	}
	for (uint32_t i = 0; i < x->narcs; i++) {
		const struct cg_arc *a = &x->arcs[i], *b = &y->arcs[i];
		if (!(SAME(deleted) && SAME(time) && SAME(child_time))) {
			snprintf(why, len, "arc %u", i);
			return why;
		}
	}
	if (memcmp(x->order, y->order, x->norder * sizeof *x->order)) {
		snprintf(why, len, "print order");
		return why;
	}
	return NULL;
}

/* Twins: the same random model twice.  Arcs mostly go from lower to
 * higher ranks, some back up (cycles), a few are self arcs.  With TIES,
 * two names, counts of 1 or 2 and mostly no self time: many functions
 * and cycles the print order cannot tell apart by time or calls. */
static void build(struct model *m, uint32_t n, uint32_t narcs, int sets, int ties)
{
	memset(m, 0, sizeof m[0]);
	m[1] = m[0];
	uint64_t seed = rng;
	for (int k = 0; k < 2; k++) {
		rng = seed;
		struct model *t = &m[k];
		t->st.syms = xcalloc(n, sizeof *t->st.syms);
		t->names = xcalloc(n, sizeof *t->names);
		t->st.n = n;
		t->st.path = "random";
		for (uint32_t i = 0; i < n; i++) {
			struct sym *s = &t->st.syms[i];
			char buf[32];
			snprintf(buf, sizeof buf, "%sf%u", rnd(4) ? "" : "_",
				 rnd(n / 2 + 1));
			t->names[i] = xstrdup(buf);
			s->addr = 0x1000 + 0x100 * (uint64_t)i;
			s->end_addr = s->addr + 0xff;
			s->name = s->dname = t->names[i];
			s->is_func = 1;
		}
		cg_init(&t->g, &t->st, 100);
		strcpy(t->g.dimen, "seconds");
		for (uint32_t i = 0; i < n; i++) {
			double ticks = rnd(3) && !(ties && rnd(4)) ? rnd(50) : 0;
			t->g.nodes[i].hist_time = t->g.nodes[i].self_time = ticks;
			t->g.total_time += ticks;
			if (sets && rnd(10) == 0) {
				t->g.nodes[i].sets |= 1u << CG_EXCL_TIME;
				t->g.set_active |= 1u << CG_EXCL_TIME;
			}
		}
		for (uint32_t a = 0; a < narcs; a++) {
			uint32_t p = rnd(n), c = rnd(n);
			if (rnd(8) && p > c) {
				uint32_t x = p;
				p = c;
				c = x;
			}
			if (rnd(40) == 0)
				c = p;
			cg_arc_add(&t->g, p, c,
				   1 + (ties ? rnd(2) : rnd(rnd(4) ? 5 : 1000)));
		}
		cg_propagate(&t->g);
	}
}

static void drop(struct model *m)
{
	for (int k = 0; k < 2; k++) {
		cg_free(&m[k].g);
		for (uint32_t i = 0; i < m[k].st.n; i++)
			free(m[k].names[i]);
		free(m[k].names);
		free(m[k].st.syms);
	}
}

int main(void)
{
	unsigned long steps = 0, fast = 0;
	int bad = 0;
	char why[256] = "";

	for (int round = 0; round < 120 && !bad; round++) {
		struct model m[2];
		uint32_t n = 5 + rnd(80);
		build(m, n, n + rnd(4 * n), round % 3 == 2, round % 2);
		uint32_t *undo = xmalloc(64 * sizeof *undo);
		size_t nundo = 0;
		unsigned long fast0 = m[0].g.prop_fast;
		for (int s = 0; s < 60 && !bad; s++) {
			uint32_t k = 1 + (rnd(5) == 0 ? rnd(3) : 0); /* a group */
			uint32_t hint[8], nh = 0;
			for (uint32_t j = 0; j < k; j++) {
				uint32_t a;
				if (nundo > 0 && rnd(3) == 0)
					a = undo[--nundo]; /* undo: toggled back */
				else {
					a = rnd(m[0].g.narcs);
					if (nundo < 64)
						undo[nundo++] = a;
				}
				m[0].g.arcs[a].deleted ^= 1;
				m[1].g.arcs[a].deleted ^= 1;
				hint[nh++] = a;
			}
			if (rnd(2))
				hint[nh++] = rnd(m[0].g.narcs); /* toggled or not */
			if (rnd(10) == 0) { /* a self time edited too */
				uint32_t f = rnd(n);
				double ticks = rnd(30);
				m[0].g.nodes[f].self_time = m[1].g.nodes[f].self_time =
					ticks;
			}
			if (round % 4 >= 2)
				cg_propagate_arcs(&m[0].g, hint, nh);
			else
				cg_propagate(&m[0].g);
			cg_propagate_full(&m[1].g);
			steps++;
			if (differs(&m[0].g, &m[1].g, why, sizeof why))
				bad = 1;
		}
		fast += m[0].g.prop_fast - fast0;
		free(undo);
		drop(m);
	}
	char detail[400];
	snprintf(detail, sizeof detail, "after %lu propagations: %s", steps, why);
	check(!bad, "fast propagation equals the full one bit for bit", detail);
	snprintf(detail, sizeof detail, "%lu of %lu propagations took the fast path",
		 fast, steps);
	check(fast >= steps / 4 && fast < steps, "fast path taken often, not always",
	      detail);
	printf("# %lu of %lu propagations fast\n", fast, steps);
	return unit_finish();
}
