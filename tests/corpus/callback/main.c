/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Code without -pg calling back into -pg code: qsort (libc) calls the
 * comparator, and walk() from walk-nopg.c (built without -pg, so it has
 * no mcount call and is never counted itself) calls visit() and, through
 * it, back into code that calls walk() again. */
#include <stdio.h>
#include <stdlib.h>
#include "../burn.h"

CORPUS_SINK;

void walk(const int *a, int n, void (*fn)(int));

NOINLINE int cmp_int(const void *pa, const void *pb)
{
	int a = *(const int *)pa, b = *(const int *)pb;

	BURN(300);
	return (a > b) - (a < b);
}

NOINLINE void leaf(int v)
{
	BURN(2000 + v % 7);
}

NOINLINE void visit(int v);

NOINLINE void nested(int v)
{
	int inner[3] = { v, v + 1, v + 2 };

	walk(inner, 3, leaf);
}

NOINLINE void visit(int v)
{
	BURN(1000);
	if (v % 10 == 0)
		nested(v);
	else
		leaf(v);
}

int main(void)
{
	enum { N = 3000 };
	static int a[N];
	int i, round;

	for (round = 0; round < 25; round++) {
		for (i = 0; i < N; i++)
			a[i] = (i * 7919 + round * 104729) % 10007;
		qsort(a, N, sizeof a[0], cmp_int);
		walk(a, N, visit);
	}
	printf("callback %d %d\n", a[0], a[N - 1]);
	return 0;
}
