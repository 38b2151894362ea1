/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A toy tree-walking interpreter: eval() dispatches on the node kind to
 * handlers that call eval() again, so eval and every handler form one big
 * cycle; helpers (lookup, frame_push/pop, node_new) sit outside it.
 * Programs: "fib N" (recursive calls through op_call) and "loop N" (a
 * while loop summing squares).  Two runs with different programs give
 * the multi-run case. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "burn.h"

CORPUS_SINK;

enum kind { K_NUM, K_VAR, K_ADD, K_SUB, K_MUL, K_LT, K_IF, K_CALL, K_SEQ,
	    K_SET, K_WHILE };

struct node {
	enum kind k;
	long v;                 /* number, or variable slot */
	struct node *a, *b, *c;
};

#define MAXFRAMES 4096
static long frames[MAXFRAMES][4];
static int fp;
static struct node *fn_body;

NOINLINE long eval(const struct node *n);

NOINLINE static struct node *node_new(enum kind k, long v, struct node *a,
				      struct node *b, struct node *c)
{
	struct node *n = malloc(sizeof *n);

	if (!n)
		exit(1);
	n->k = k;
	n->v = v;
	n->a = a;
	n->b = b;
	n->c = c;
	return n;
}

NOINLINE long *lookup(long slot)
{
	return &frames[fp][slot & 3];
}

NOINLINE void frame_push(long arg)
{
	fp++;
	memset(frames[fp], 0, sizeof frames[fp]);
	frames[fp][0] = arg;
}

NOINLINE void frame_pop(void)
{
	fp--;
}

NOINLINE long op_arith(const struct node *n)
{
	long x = eval(n->a), y = eval(n->b);

	BURN(60);
	switch (n->k) {
	case K_ADD: return x + y;
	case K_SUB: return x - y;
	case K_MUL: return x * y;
	default: return x < y;
	}
}

NOINLINE long op_if(const struct node *n)
{
	BURN(40);
	return eval(n->a) ? eval(n->b) : eval(n->c);
}

NOINLINE long op_call(const struct node *n)
{
	long arg = eval(n->a), r;

	BURN(150);
	frame_push(arg);
	r = eval(fn_body);
	frame_pop();
	return r;
}

NOINLINE long op_seq(const struct node *n)
{
	eval(n->a);
	return eval(n->b);
}

NOINLINE long op_set(const struct node *n)
{
	long v = eval(n->a);

	*lookup(n->v) = v;
	return v;
}

NOINLINE long op_while(const struct node *n)
{
	long last = 0;

	while (eval(n->a))
		last = eval(n->b);
	return last;
}

/* The result goes through the sink so that no handler call is a tail
 * call: at -O2 too every handler is called from eval. */
long eval(const struct node *n)
{
	long r = 0;

	BURN(30);
	switch (n->k) {
	case K_NUM: r = n->v; break;
	case K_VAR: r = *lookup(n->v); break;
	case K_ADD: case K_SUB: case K_MUL: case K_LT: r = op_arith(n); break;
	case K_IF: r = op_if(n); break;
	case K_CALL: r = op_call(n); break;
	case K_SEQ: r = op_seq(n); break;
	case K_SET: r = op_set(n); break;
	case K_WHILE: r = op_while(n); break;
	}
	corpus_sink += r & 1;
	return r;
}

#define NUM(x) node_new(K_NUM, (x), NULL, NULL, NULL)
#define VAR(s) node_new(K_VAR, (s), NULL, NULL, NULL)
#define BIN(k, p, q) node_new((k), 0, (p), (q), NULL)

/* fib(x0) = x0 < 2 ? x0 : fib(x0 - 1) + fib(x0 - 2) */
NOINLINE static struct node *build_fib(void)
{
	return node_new(K_IF, 0, BIN(K_LT, VAR(0), NUM(2)), VAR(0),
			BIN(K_ADD, node_new(K_CALL, 0, BIN(K_SUB, VAR(0), NUM(1)), NULL, NULL),
			    node_new(K_CALL, 0, BIN(K_SUB, VAR(0), NUM(2)), NULL, NULL)));
}

/* x1 = 0; x2 = 0; while (x1 < x0) { x2 = x2 + x1 * x1; x1 = x1 + 1 }; x2 */
NOINLINE static struct node *build_loop(void)
{
	struct node *body = BIN(K_SEQ,
		node_new(K_SET, 2, BIN(K_ADD, VAR(2), BIN(K_MUL, VAR(1), VAR(1))), NULL, NULL),
		node_new(K_SET, 1, BIN(K_ADD, VAR(1), NUM(1)), NULL, NULL));

	return BIN(K_SEQ, node_new(K_SET, 1, NUM(0), NULL, NULL),
		   BIN(K_SEQ, node_new(K_SET, 2, NUM(0), NULL, NULL),
		       BIN(K_SEQ, BIN(K_WHILE, BIN(K_LT, VAR(1), VAR(0)), body),
			   VAR(2))));
}

int main(int argc, char **argv)
{
	const char *prog = argc > 1 ? argv[1] : "fib";
	long n = argc > 2 ? atol(argv[2]) : 25;
	struct node *call;

	fn_body = strcmp(prog, "loop") == 0 ? build_loop() : build_fib();
	call = node_new(K_CALL, 0, NUM(n), NULL, NULL);
	printf("interp %s %ld = %ld\n", prog, n, eval(call));
	return 0;
}
