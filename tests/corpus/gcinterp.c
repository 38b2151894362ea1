/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A toy interpreter with a garbage collector whose finalizers run
 * interpreted code, shaped like CPython's: eval -> op_new -> obj_alloc ->
 * gc_maybe -> gc_collect -> gc_finalize -> call_finalizer -> eval closes a
 * cycle through the collector.  The collector runs rarely (the arc into it
 * carries few calls) but marks and sweeps for a good part of the time, and
 * each of its functions has one caller.  So at bounds that keep eval and
 * its handlers together (6 and 7), the fewest calls that break the cycle
 * are gc_maybe -> gc_collect's, which leaves the collector and its
 * finalizers without any caller: a root holding their time, taken from
 * main.  Keeping every function called means deleting the finalizers' way
 * back into eval instead.  At smaller bounds the cheapest cuts strand a
 * handler and the allocator below it the same way.  Deterministic call
 * counts. */
#include <stdio.h>
#include <stdlib.h>
#include "burn.h"

CORPUS_SINK;

enum kind { K_NUM, K_ADD, K_MUL, K_NEW, K_CALL };

struct node {
	enum kind k;
	long v;
	struct node *a, *b;
};

static struct node *fn_body, *fin_body;
static unsigned long allocs, live;

NOINLINE long eval(const struct node *n);

NOINLINE static struct node *node_new(enum kind k, long v, struct node *a,
				      struct node *b)
{
	struct node *n = malloc(sizeof *n);

	if (!n)
		exit(1);
	n->k = k;
	n->v = v;
	n->a = a;
	n->b = b;
	return n;
}

NOINLINE long call_finalizer(long obj)
{
	BURN(20);
	return eval(fin_body) + obj;
}

/* Finalize one object that died since the last collection. */
NOINLINE void gc_finalize(long obj)
{
	corpus_sink += (unsigned long)call_finalizer(obj);
	live--;
}

/* mark and sweep: about two thirds of the run, some 15 samples (with 4,
 * the collector's share was sometimes none) */
NOINLINE void gc_mark(void)
{
	BURN(3200000);
}

NOINLINE void gc_sweep(void)
{
	BURN(2000000);
}

NOINLINE void gc_collect(void)
{
	gc_mark();
	gc_sweep();
	for (int i = 0; i < 5 && live > 0; i++)
		gc_finalize(i);
}

NOINLINE void gc_maybe(void)
{
	if (allocs % 1000 == 0)
		gc_collect();
}

NOINLINE long obj_alloc(long v)
{
	allocs++;
	live++;
	BURN(10);
	gc_maybe();
	return v;
}

NOINLINE long op_arith(const struct node *n)
{
	long x = eval(n->a), y = eval(n->b);

	BURN(150);
	return n->k == K_ADD ? x + y : x * y;
}

NOINLINE long op_new(const struct node *n)
{
	return obj_alloc(eval(n->a));
}

NOINLINE long op_call(const struct node *n)
{
	long arg = eval(n->a);

	BURN(200);
	return arg > 0 ? eval(fn_body) + arg : arg;
}

/* The result goes through the sink so that no handler call is a tail
 * call: at -O2 too every handler is called from eval. */
long eval(const struct node *n)
{
	long r = 0;

	BURN(150);
	switch (n->k) {
	case K_NUM: r = n->v; break;
	case K_ADD: case K_MUL: r = op_arith(n); break;
	case K_NEW: r = op_new(n); break;
	case K_CALL: r = op_call(n); break;
	}
	corpus_sink += r & 1;
	return r;
}

#define NUM(x) node_new(K_NUM, (x), NULL, NULL)
#define BIN(k, p, q) node_new((k), 0, (p), (q))

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 20000;
	long sum = 0;

	/* fn_body: new(1 + 2) * new(3) + 4; a call runs it once */
	fn_body = BIN(K_ADD, BIN(K_MUL, node_new(K_NEW, 0, BIN(K_ADD, NUM(1), NUM(2)), NULL),
				 node_new(K_NEW, 0, NUM(3), NULL)),
		      NUM(4));
	fin_body = BIN(K_ADD, NUM(5), NUM(6));
	struct node *call = node_new(K_CALL, 0, NUM(1), NULL);
	for (long i = 0; i < n; i++)
		sum += eval(call);
	printf("gcinterp %ld: %ld, %lu allocations\n", n, sum, allocs);
	return 0;
}
