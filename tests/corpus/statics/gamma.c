/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One of three files with the same static names (helper, work). */
#include "../burn.h"

NOINLINE static int helper(int x)
{
	BURN(5000 + 1000);
	return x + 1;
}

NOINLINE static int work(int n)
{
	int i, s = 0;

	for (i = 0; i < n; i++)
		s += helper(i);
	return s;
}

NOINLINE int gamma_run(int n)
{
	BURN(50000);
	return work(n);
}
