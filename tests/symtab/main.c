/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Driver for the C test programs: a static with the same name as statics
 * in other files, weak symbols, and calls into every other file. */
#include <stdio.h>

int clones_run(int n);
int clones2_run(int n);
int ua(int);
int ub(int);
int weak_used(int);

static __attribute__((noinline)) int same(int x)
{
	return x + 1;
}

__attribute__((weak)) int weak_used(int x)
{
	return x * 2;
}

__attribute__((weak)) int weak_data = 5;

int main(void)
{
	int s = clones_run(40) + clones2_run(30) + ua(1) + ub(2) + weak_used(3) + same(4);
	printf("%d\n", s + weak_data);
	return 0;
}
