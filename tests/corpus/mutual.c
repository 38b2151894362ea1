/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Mutual recursion: a two-member cycle (is_even/is_odd) and a three-member
 * one (ping -> pong -> pang -> ping), each entered from two callers. */
#include <stdio.h>
#include "burn.h"

CORPUS_SINK;

NOINLINE int is_odd(unsigned n);

NOINLINE int is_even(unsigned n)
{
	BURN(20000);
	return n == 0 ? 1 : is_odd(n - 1);
}

NOINLINE int is_odd(unsigned n)
{
	BURN(10000);
	return n == 0 ? 0 : is_even(n - 1);
}

NOINLINE void pong(int n);
NOINLINE void pang(int n);

NOINLINE void ping(int n)
{
	BURN(15000);
	if (n > 0)
		pong(n - 1);
}

NOINLINE void pong(int n)
{
	BURN(30000);
	if (n > 0)
		pang(n - 1);
}

NOINLINE void pang(int n)
{
	BURN(45000);
	if (n > 0)
		ping(n - 1);
}

NOINLINE int parity_table(int n)
{
	int i, odd = 0;

	for (i = 0; i < n; i++)
		odd += is_odd(i % 17);
	return odd;
}

NOINLINE void rally(int n)
{
	int i;

	for (i = 0; i < n; i++)
		pang(i % 10);
}

int main(void)
{
	int i, evens = 0;

	for (i = 0; i < 600; i++)
		evens += is_even(i % 13);
	evens += parity_table(400);
	for (i = 0; i < 200; i++)
		ping(i % 8);
	rally(120);
	printf("mutual %d\n", evens);
	return 0;
}
