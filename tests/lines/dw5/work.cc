/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Time in a header's template, inline member, template calling a lambda
 * of this file, template with a header's inline function inlined, and in
 * a member of a header's class defined here (work.h). */
#include "work.h"
#include <cstdio>

__attribute__((noinline)) double K::run(int n)
{
	for (int i = 0; i < n; i++)
		acc = acc + i * 0.25;
	return acc;
}

int main()
{
	double t = 0;
	Box b = {1};
	K k = {0};
	long m = 3;
	for (int r = 0; r < 600; r++) {
		t += hwork<double>(200000);
		t += (double)b.spin(100000);
		t += (double)apply([m](int i) { return (i ^ m) * (i | 5); }, 100000);
		t += k.run(100000) + (double)hsum<long>(100000);
	}
	std::printf("%g\n", t);
	return 0;
}
