/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Several symbols at one address and other symbol-table corner cases:
 * a static function with a global alias and a weak alias; a function with
 * one-, two- and three-underscore aliases (the leading-underscore rule);
 * a weak function; a global function preceded by a data object. */
#include <stdio.h>
#include "burn.h"

CORPUS_SINK;

NOINLINE static int s_impl(int x)
{
	BURN(40000);
	return x + 1;
}
int g_alias(int x) __attribute__((alias("s_impl")));
int w_alias(int x) __attribute__((weak, alias("s_impl")));

NOINLINE int ___triple(int x)
{
	BURN(30000);
	return x ^ 1;
}
int __double(int x) __attribute__((alias("___triple")));
int _single(int x) __attribute__((alias("___triple")));

__attribute__((weak)) NOINLINE int weak_fn(int x)
{
	BURN(20000);
	return x * 3;
}

const int table_before[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };

NOINLINE int after_data(int x)
{
	BURN(10000);
	return x + table_before[x & 7];
}

int main(void)
{
	int i, s = 0;

	for (i = 0; i < 1500; i++) {
		s += g_alias(i) + w_alias(i) + s_impl(i);
		s += _single(i) + __double(i);
		s += weak_fn(i) + after_data(i);
	}
	printf("alias %d\n", s);
	return 0;
}
