/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Same basename as d1/u.c, and a static named like the one there. */
static __attribute__((noinline)) int same(int x)
{
	return x * 5;
}

int ub(int x)
{
	return same(x) + 2;
}
