/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Same basename as d2/u.c, and a static named like the one there. */
static __attribute__((noinline)) int same(int x)
{
	return x * 3;
}

int ua(int x)
{
	return same(x) + 1;
}
