/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Calls but (almost surely) no histogram samples: exercises
 * "no time accumulated", the Ts/call unit and the -nan-free zero paths. */
#include <stdio.h>
#include "burn.h"

CORPUS_SINK;

NOINLINE int twice(int x) { return 2 * x; }
NOINLINE int thrice(int x) { return 3 * x; }
NOINLINE int both(int x) { return twice(x) + thrice(x); }
NOINLINE static int unused_static(int x) { return x - 1; }
int (*volatile keep)(int) = unused_static;

int main(void)
{
	int i, s = 0;

	for (i = 0; i < 10; i++)
		s += both(i);
	printf("notime %d\n", s);
	return 0;
}
