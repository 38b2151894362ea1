/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "vec.h"

__attribute__((noinline)) double geo_area(int n)
{
	double a = 0;
	int i;

	for (i = 0; i < n; i++) {
		struct vec p = { i, n - i };
		a += vec_dot(p, p) * 0.001;
		a += vec_norm2(p) * 0.0001;
	}
	return a;
}

__attribute__((noinline)) static double step(double x)
{
	return x * 0.999 + 0.001;
}

__attribute__((noinline)) double geo_walk(int n)
{
	double x = 1;
	int i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < 50; j++)
			x = step(x);
	return x;
}
