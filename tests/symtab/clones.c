/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Static functions GCC clones at -O2 -pg: kernel.constprop.N,
 * maybe_slow.part.N and pick.isra.N.  The static-name filter keeps only
 * the first kind, and only when the next string of .strtab passes too. */
#include <stdio.h>

volatile int sink;

static __attribute__((noinline)) int kernel(int n, int k)
{
	int s = 0;

	for (int i = 0; i < n; i++) {
		s += (i * k) ^ (s >> 3);
		if (s & 0x100)
			s -= k;
		sink = s;
	}
	return s;
}

static int maybe_slow(int x)
{
	if (__builtin_expect(x < 1000000, 1))
		return x + 1;
	for (int i = 0; i < 100; i++) {
		sink += i * x;
		if (sink == 77)
			printf("%d %d\n", i, x);
		fprintf(stderr, "slow %d\n", i);
	}
	return sink;
}

struct big {
	int a[32];
};

static __attribute__((noinline)) int pick(struct big b, int k)
{
	int s = 0;

	for (int i = 0; i < k; i++) {
		s += b.a[3] * i;
		sink = s;
	}
	return s;
}

int clones_run(int n)
{
	struct big b;
	int s = kernel(n, 7) + kernel(n + 1, 7) + kernel(n * 2, 7);

	for (int i = 0; i < 32; i++)
		b.a[i] = n + i;
	s += pick(b, n) + pick(b, n + 1);
	for (int i = 0; i < n; i++)
		s += maybe_slow(i) + maybe_slow(i + 5);
	return s;
}
