/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Self-recursion: a doubly recursive function, a linear one, a deep one,
 * and a function that recurses only on some calls.  argv[1] scales the
 * work (used for the second run of the multi-run case). */
#include <stdio.h>
#include <stdlib.h>
#include "burn.h"

CORPUS_SINK;

NOINLINE static unsigned fib(unsigned n)
{
	BURN(900);
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

NOINLINE unsigned long fact(unsigned n)
{
	BURN(40000);
	return n ? n * fact(n - 1) : 1;
}

/* Not a tail call: the addition after the call keeps it a real recursion
 * at -O2 too. */
NOINLINE long depth(int n)
{
	BURN(5000);
	if (n == 0)
		return 0;
	return depth(n - 1) + 1;
}

NOINLINE int sometimes(int n)
{
	BURN(30000);
	if (n % 3 == 0 && n > 0)
		return sometimes(n - 1) + 1;
	return n;
}

int main(int argc, char **argv)
{
	int scale = argc > 1 ? atoi(argv[1]) : 2;
	unsigned long total = 0;
	int i;

	total += fib(18 + scale);
	for (i = 0; i < 50 * scale; i++)
		total += fact(20);
	total += depth(3000 * scale);
	for (i = 0; i < 300; i++)
		total += sometimes(i);
	printf("recurse %lu\n", total);
	return 0;
}
