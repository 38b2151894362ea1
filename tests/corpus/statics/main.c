/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Same-named static functions in several files: helper() and work() are
 * defined static in alpha.c, beta.c, gamma.c and here. */
#include <stdio.h>
#include "../burn.h"

CORPUS_SINK;

int alpha_run(int n);
int beta_run(int n);
int gamma_run(int n);

NOINLINE static int helper(int x)
{
	BURN(3000);
	return x * 2;
}

NOINLINE static int work(int n)
{
	int i, s = 0;

	for (i = 0; i < n; i++)
		s += helper(i) + alpha_run(3);
	return s;
}

int main(void)
{
	int s = 0, i;

	for (i = 0; i < 400; i++) {
		s += alpha_run(20);
		s += beta_run(30);
		s += gamma_run(10);
	}
	s += work(100);
	printf("statics %d\n", s);
	return 0;
}
