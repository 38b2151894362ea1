/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A profile with line-level detail across several files. */
#include <stdio.h>
#include <stdlib.h>
#include "vec.h"

double geo_area(int n);
double geo_walk(int n);
long text_count(int n);

__attribute__((noinline)) static double spin(int n)
{
	double t = 0;
	int i;

	for (i = 0; i < n; i++) {
		struct vec v = { i * 0.5, i * 0.25 };
		t += vec_norm2(v);
		if (i % 3 == 0)
			t -= 1.0;
		else
			t += 0.5;
	}
	return t;
}

int main(int argc, char **argv)
{
	double t = 0;
	long c = 0;
	int r, rounds = argc > 1 ? atoi(argv[1]) : 40;

	for (r = 0; r < rounds; r++) {
		t += spin(20000);
		t += geo_area(3000 + r);
		t += geo_walk(200);
		c += text_count(5000);
	}
	printf("%.1f %ld\n", t, c);
	return 0;
}
