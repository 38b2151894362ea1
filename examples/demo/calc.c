/* SPDX-License-Identifier: GPL-3.0-or-later */
/* calc: the example program of `make demo`.
 *
 * Generates arithmetic expressions from a fixed seed, parses them with a
 * recursive-descent parser (expr -> term -> factor -> "(" expr ")", a
 * cycle in the call graph), evaluates the trees, counts the results in a
 * hash table and prints the most frequent ones, sorted with qsort (whose
 * comparator is called back from libc).  Usage: calc [N-EXPRESSIONS] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
	char op;                /* 0 for a number */
	long val;
	struct node *l, *r;
};

static unsigned long rng = 12345;

static unsigned next_rand(unsigned n)
{
	rng = rng * 6364136223846793005UL + 1442695040888963407UL;
	return (unsigned)(rng >> 33) % n;
}

/* Writes a random expression of at most DEPTH nesting levels into BUF. */
static void gen_expr(char **p, int depth)
{
	static const char ops[] = "+-*%";
	int n = 1 + next_rand(4), i;

	for (i = 0; i < n; i++) {
		if (i > 0)
			*(*p)++ = ops[next_rand(4)];
		if (depth > 0 && next_rand(3) == 0) {
			*(*p)++ = '(';
			gen_expr(p, depth - 1);
			*(*p)++ = ')';
		} else {
			*p += sprintf(*p, "%u", 1 + next_rand(99));
		}
	}
}

static const char *src;

static struct node *new_node(char op, long val, struct node *l, struct node *r)
{
	struct node *n = malloc(sizeof *n);

	if (!n) {
		perror("calc");
		exit(1);
	}
	n->op = op;
	n->val = val;
	n->l = l;
	n->r = r;
	return n;
}

static struct node *parse_expr(void);

static struct node *parse_factor(void)
{
	long v = 0;

	if (*src == '(') {
		struct node *e;

		src++;
		e = parse_expr();
		src++;          /* the closing parenthesis */
		return e;
	}
	while (*src >= '0' && *src <= '9')
		v = v * 10 + (*src++ - '0');
	return new_node(0, v, NULL, NULL);
}

static struct node *parse_term(void)
{
	struct node *n = parse_factor();

	while (*src == '*' || *src == '%') {
		char op = *src++;

		n = new_node(op, 0, n, parse_factor());
	}
	return n;
}

static struct node *parse_expr(void)
{
	struct node *n = parse_term();

	while (*src == '+' || *src == '-') {
		char op = *src++;

		n = new_node(op, 0, n, parse_term());
	}
	return n;
}

static long eval(const struct node *n)
{
	long a, b;

	if (n->op == 0)
		return n->val;
	a = eval(n->l);
	b = eval(n->r);
	switch (n->op) {
	case '+': return a + b;
	case '-': return a - b;
	case '*': return a * b;
	default: return b ? a % b : 0;
	}
}

static void free_tree(struct node *n)
{
	if (n) {
		free_tree(n->l);
		free_tree(n->r);
		free(n);
	}
}

#define NBUCKETS 4096
struct entry {
	long value;
	unsigned count;
	struct entry *next;
};
static struct entry *buckets[NBUCKETS];
static size_t nentries;

static unsigned hash(long v)
{
	unsigned long h = (unsigned long)v * 0x9E3779B97F4A7C15UL;

	return (unsigned)(h >> 52) % NBUCKETS;
}

static void tally(long v)
{
	struct entry **b = &buckets[hash(v)], *e;

	for (e = *b; e; e = e->next)
		if (e->value == v) {
			e->count++;
			return;
		}
	e = malloc(sizeof *e);
	if (!e) {
		perror("calc");
		exit(1);
	}
	e->value = v;
	e->count = 1;
	e->next = *b;
	*b = e;
	nentries++;
}

static int by_count(const void *pa, const void *pb)
{
	const struct entry *a = *(const struct entry *const *)pa;
	const struct entry *b = *(const struct entry *const *)pb;

	if (a->count != b->count)
		return a->count < b->count ? 1 : -1;
	return (a->value > b->value) - (a->value < b->value);
}

static void report(void)
{
	struct entry **all = malloc(nentries * sizeof *all), *e;
	size_t n = 0, i;

	if (!all) {
		perror("calc");
		exit(1);
	}
	for (i = 0; i < NBUCKETS; i++)
		for (e = buckets[i]; e; e = e->next)
			all[n++] = e;
	qsort(all, n, sizeof *all, by_count);
	printf("%zu distinct results; most frequent:\n", n);
	for (i = 0; i < n && i < 5; i++)
		printf("  %8ld  x %u\n", all[i]->value, all[i]->count);
	free(all);
}

int main(int argc, char **argv)
{
	long count = argc > 1 ? atol(argv[1]) : 200000, i;
	char buf[4096];

	for (i = 0; i < count; i++) {
		struct node *t;
		char *p = buf;

		gen_expr(&p, 4);
		*p = 0;
		src = buf;
		t = parse_expr();
		tally(eval(t));
		free_tree(t);
	}
	report();
	return 0;
}
