/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A program whose time is in a header's templates (see hot.h). */
#include "hot.h"
#include <cstdio>

static double work(long n)
{
	Acc<double> a;
	for (long i = 0; i < n; i++)
		a.add((double)i);
	return a.sum;
}

int main()
{
	double r = churn<double>(1.5, 20000000L);
	long q = churn<long>(3, 10000000L);
	r += work(15000);
	for (long i = 0; i < 30000000L; i++)
		q = mix(q, i);
	printf("%g %ld\n", r, q);
	return 0;
}
