/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Static functions that gcc -O2 clones or splits (.constprop.N, .isra.N,
 * .part.N), testing the static-name filter; at -O0 they stay plain. */
#include <stdio.h>
#include <string.h>
#include "burn.h"

CORPUS_SINK;

struct big { int a[64]; int sel; };

__attribute__((noinline)) static int scaled(int x, int factor)
{
	BURN(3000 + factor);
	return x * factor;
}

__attribute__((noinline)) static int pick(const struct big *b)
{
	BURN(2000);
	return b->a[b->sel & 63];
}

__attribute__((noinline)) static int maybe_slow(int x)
{
	if (x >= 0)
		return x;
	BURN(5000);
	corpus_sink += (unsigned long)x;
	return -x + (int)(corpus_sink & 1);
}

int main(int argc, char **argv)
{
	struct big b;
	int i, s = 0;

	memset(&b, 0, sizeof b);
	for (i = 0; i < 64; i++)
		b.a[i] = i * i;
	for (i = 0; i < 20000; i++) {
		b.sel = i;
		s += scaled(i, 7) + scaled(i, 7) + pick(&b);
		s += maybe_slow(i % 50 - (argc > 5 ? 1 : 25));
	}
	printf("clones %d\n", s);
	return 0;
}
