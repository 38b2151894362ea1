/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A library for odd-name tests, built under many names: odd_work(N)
 * calls odd_leaf N times.  SEED makes each build a file of its own. */
#ifndef SEED
#define SEED 0
#endif

static volatile long sink;
const long odd_seed = SEED;

__attribute__((noinline)) void
odd_leaf(long i)
{
	sink += i + odd_seed;
}

__attribute__((noinline)) void
odd_work(long n)
{
	for (long i = 0; i < n; i++)
		odd_leaf(i);
}
