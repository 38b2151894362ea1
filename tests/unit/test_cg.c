/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests for the call-graph model: arcs, cycles, propagation.
 *
 * Small graphs are checked against numbers worked out by hand.  The
 * depth-first cycle finder (near-linear in cgprop.c) is checked against a
 * plain re-statement of the textbook algorithm it must agree with: scan
 * the stack for the node a back edge reaches and merge every node above
 * it, relabelling members one by one. */
#include "config.h"
#include "cg.h"
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

/* A symbol table of N functions f0..fN-1 at 16-byte steps. */
static void make_symtab(struct symtab *st, uint32_t n)
{
	memset(st, 0, sizeof *st);
	st->syms = xcalloc(n, sizeof *st->syms);
	st->n = n;
	for (uint32_t i = 0; i < n; i++) {
		char name[32];
		snprintf(name, sizeof name, "f%u", i);
		st->syms[i].addr = 0x1000 + 16 * (uint64_t)i;
		st->syms[i].end_addr = st->syms[i].addr + 15;
		st->syms[i].name = st->syms[i].dname = xstrdup(name);
		st->syms[i].is_func = 1;
	}
}

static void free_symtab(struct symtab *st)
{
	for (size_t i = 0; i < st->n; i++)
		free((char *)st->syms[i].name);
	free(st->syms);
}

static void set_time(struct cg *g, uint32_t n, double t)
{
	g->nodes[n].hist_time = t;
	g->nodes[n].self_time = t;
	g->total_time += t;
}

static void test_chain(void)
{
	struct symtab st;
	struct cg g;
	make_symtab(&st, 3); /* f0 = main, f1 = A, f2 = B */
	cg_init(&g, &st, 100);
	cg_arc_add(&g, 0, 1, 1);
	cg_arc_add(&g, 1, 2, 2);
	set_time(&g, 1, 2);
	set_time(&g, 2, 4);
	cg_propagate(&g);
	check(g.ncycles == 0, "chain: no cycle");
	check(g.nodes[2].ncalls == 2 && g.nodes[1].ncalls == 1 && g.nodes[0].ncalls == 0,
	      "chain: calls");
	check(near(g.nodes[1].child_time, 4) && near(g.nodes[0].child_time, 6),
	      "chain: children time adds up the chain");
	check(near(g.print_time, 6), "chain: total propagated time");
	/* main and A tie on total time: more calls first. */
	check(g.order[0] == 1 && g.nodes[0].index == 2 && g.nodes[2].index == 3,
	      "chain: order by total time, then calls");
	cg_free(&g);
	free_symtab(&st);
}

static void test_shared_callee(void)
{
	struct symtab st;
	struct cg g;
	make_symtab(&st, 3); /* f0, f1 call f2 once and three times */
	cg_init(&g, &st, 100);
	uint32_t a = cg_arc_add(&g, 0, 2, 1);
	uint32_t b = cg_arc_add(&g, 1, 2, 3);
	set_time(&g, 2, 8);
	cg_propagate(&g);
	check(near(g.arcs[a].time, 2) && near(g.arcs[b].time, 6),
	      "shared callee: time split by call counts");
	check(cg_arc_add(&g, 1, 2, 1) == b && g.arcs[b].count == 4,
	      "arc records for one pair merge");
	cg_propagate(&g);
	check(near(g.arcs[a].time, 1.6) && near(g.arcs[b].time, 6.4),
	      "merged arc re-propagates");
	cg_free(&g);
	free_symtab(&st);
}

static void test_self_and_cycle(void)
{
	struct symtab st;
	struct cg g;
	/* f0 -> f1 (5); f1 <-> f2 (7, 6); f2 -> f2 (9); f2 -> f3 (2) */
	make_symtab(&st, 4);
	cg_init(&g, &st, 100);
	cg_arc_add(&g, 0, 1, 5);
	uint32_t back = cg_arc_add(&g, 2, 1, 6);
	cg_arc_add(&g, 1, 2, 7);
	cg_arc_add(&g, 2, 2, 9);
	cg_arc_add(&g, 2, 3, 2);
	set_time(&g, 1, 1);
	set_time(&g, 2, 3);
	set_time(&g, 3, 4);
	cg_propagate(&g);
	check(g.nodes[2].self_calls == 9 && g.nodes[2].ncalls == 7,
	      "self recursion: counted apart");
	check(g.ncycles == 1 && g.nodes[1].cycle == 1 && g.nodes[2].cycle == 1 &&
		      g.nodes[0].cycle == 0 && g.nodes[3].cycle == 0,
	      "cycle of two found");
	const struct cg_node *cyc = &g.nodes[g.nfuncs];
	check(cyc->ncalls == 5 && cyc->self_calls == 13,
	      "cycle: outside and inside calls");
	check(near(cyc->self_time, 4) && near(cyc->child_time, 4),
	      "cycle: members' time and children");
	check(near(g.nodes[0].child_time, 8), "caller of a cycle gets all of it");
	g.arcs[back].deleted = 1;
	cg_propagate(&g);
	check(g.ncycles == 0 && g.nodes[1].ncalls == 5,
	      "deleting an arc splits the cycle");
	check(near(g.nodes[0].child_time, 8) && near(g.nodes[1].child_time, 7),
	      "times re-propagate after a deletion");
	g.arcs[back].deleted = 0;
	cg_propagate(&g);
	check(g.ncycles == 1, "restoring the arc brings the cycle back");
	cg_free(&g);
	free_symtab(&st);
}

static void test_selection(void)
{
	struct symtab st;
	struct cg g;
	make_symtab(&st, 3);
	cg_init(&g, &st, 100);
	cg_arc_add(&g, 0, 1, 1);
	cg_arc_add(&g, 1, 2, 1);
	set_time(&g, 2, 10);
	g.nodes[1].sets = 1u << CG_EXCL_TIME; /* like -N f1 */
	cg_propagate(&g);
	check(g.nodes[1].prop_fract == 0 && near(g.nodes[1].child_time, 0) &&
		      near(g.nodes[0].child_time, 0) && near(g.print_time, 10),
	      "-N: the function's time and its callees' go nowhere");
	g.nodes[1].sets = 1u << CG_EXCL_GRAPH; /* like -e f1 */
	cg_propagate(&g);
	check(!g.nodes[1].print_flag && g.nodes[2].print_flag && g.nodes[0].print_flag,
	      "-e: only the function leaves the graph");
	cg_set_self_time(&g, 2, 20);
	cg_propagate(&g);
	check(near(g.total_time, 20) && near(g.nodes[0].child_time, 20),
	      "what-if self time re-propagates");
	cg_free(&g);
	free_symtab(&st);
}

/* The reference: the stack scan, as the gprof papers describe it. */
struct ref {
	uint32_t n;
	uint32_t *head, *next, *order, *stack, depth, counter;
	const struct cg *g;
};

static void ref_cycle(struct ref *r, uint32_t child)
{
	uint32_t top, head = 0;
	for (top = r->depth; top > 0; top--) {
		head = r->stack[top - 1];
		if (child == head)
			break;
		if (r->head[child] != child && r->head[child] == head)
			break;
	}
	if (r->head[head] != head)
		head = r->head[head];
	for (uint32_t i = top; i < r->depth; i++) {
		uint32_t c = r->stack[i];
		if (r->head[c] != c)
			continue;
		uint32_t tail = head;
		while (r->next[tail] != CG_NONE)
			tail = r->next[tail];
		r->next[tail] = c;
		for (uint32_t m = c; m != CG_NONE; m = r->next[m])
			r->head[m] = head;
	}
}

static void ref_dfn(struct ref *r, uint32_t n)
{
	if (r->order[n] == UINT32_MAX) {
		ref_cycle(r, n);
		return;
	}
	if (r->order[n] != 0)
		return;
	r->order[n] = UINT32_MAX;
	r->stack[r->depth++] = n;
	const struct cg *g = r->g;
	for (uint32_t k = g->child_start[n]; k < g->child_start[n + 1]; k++)
		if (!g->arcs[g->child_arcs[k]].deleted)
			ref_dfn(r, g->arcs[g->child_arcs[k]].child);
	if (r->head[n] == n) {
		r->counter++;
		for (uint32_t m = n; m != CG_NONE; m = r->next[m])
			r->order[m] = r->counter;
	}
	r->depth--;
}

static void test_random_against_reference(void)
{
	unsigned seed = 7;
	int bad = 0;
	for (int round = 0; round < 400 && !bad; round++) {
		uint32_t n = 2 + (uint32_t)(rand_r(&seed) % 40);
		uint32_t m = (uint32_t)(rand_r(&seed) % (3 * n));
		struct symtab st;
		struct cg g;
		make_symtab(&st, n);
		cg_init(&g, &st, 100);
		for (uint32_t k = 0; k < m; k++) {
			uint32_t a = cg_arc_add(&g, (uint32_t)rand_r(&seed) % n,
						(uint32_t)rand_r(&seed) % n,
						1 + (uint64_t)(rand_r(&seed) % 5));
			if (rand_r(&seed) % 8 == 0)
				g.arcs[a].deleted = 1;
		}
		cg_propagate(&g);
		struct ref r = { .n = n, .g = &g };
		r.head = xmalloc(n * sizeof *r.head);
		r.next = xmalloc(n * sizeof *r.next);
		r.order = xcalloc(n, sizeof *r.order);
		r.stack = xmalloc(n * sizeof *r.stack);
		for (uint32_t i = 0; i < n; i++) {
			r.head[i] = i;
			r.next[i] = CG_NONE;
		}
		for (uint32_t i = 0; i < n; i++)
			ref_dfn(&r, i);
		for (uint32_t i = 0; i < n && !bad; i++) {
			const struct cg_node *node = &g.nodes[i];
			uint32_t want_head_fn = r.head[i];
			uint32_t got_head_fn =
				node->cycle ? g.nodes[node->head].next_member : i;
			if (node->top_order != r.order[i] ||
			    node->next_member != r.next[i] ||
			    (r.head[i] != i || r.next[i] != CG_NONE
				     ? got_head_fn != want_head_fn
				     : node->cycle != 0))
				bad = 1;
		}
		free(r.head);
		free(r.next);
		free(r.order);
		free(r.stack);
		cg_free(&g);
		free_symtab(&st);
	}
	check(!bad, "cycles and numbering agree with the stack-scan reference on 400 "
		    "random graphs");
}

static void test_big_ring(void)
{
	struct symtab st;
	struct cg g;
	uint32_t n = 20000;
	make_symtab(&st, n);
	cg_init(&g, &st, 100);
	for (uint32_t i = 0; i < n; i++) {
		cg_arc_add(&g, i, (i + 1) % n, 1);
		cg_arc_add(&g, i, (i * 7 + 3) % n, 1);
	}
	double t0 = util_now();
	cg_propagate(&g);
	double t = util_now() - t0;
	uint32_t members = 0;
	for (uint32_t k = g.nodes[g.nfuncs].next_member; k != CG_NONE;
	     k = g.nodes[k].next_member)
		members++;
	check(g.ncycles == 1 && members == n, "a 20,000-member cycle is one cycle");
	printf("# 20,000-member cycle propagated in %.1f ms\n", t * 1000);
	cg_free(&g);
	free_symtab(&st);
}

/* symtab_find_near() agrees with symtab_find() whatever the hint. */
static void test_find_near(void)
{
	struct symtab st;
	unsigned seed = 11;
	int bad = 0;
	size_t hint = 0;
	make_symtab(&st, 500);
	st.syms[499].end_addr = st.syms[499].addr + 3; /* a gap after the last */
	for (int i = 0; i < 20000 && !bad; i++) {
		uint64_t pc;
		if (i < 10000)
			pc = 0xf00 + (uint64_t)i; /* increasing, from below */
		else
			pc = 0xf00 + (uint64_t)(rand_r(&seed) % 9000); /* random */
		bad = symtab_find_near(&st, pc, &hint) != symtab_find(&st, pc);
	}
	check(!bad, "symtab_find_near agrees with symtab_find");
	free_symtab(&st);
}

int main(void)
{
	test_find_near();
	test_chain();
	test_shared_callee();
	test_self_and_cycle();
	test_selection();
	test_random_against_reference();
	test_big_ring();
	return unit_finish();
}
