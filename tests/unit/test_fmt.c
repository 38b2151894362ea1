/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit test: fmt_* must print exactly what printf prints. */
#include "config.h"
#include "fmt.h"
#include "unit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Mismatches are one case, "fmt matches printf"; the first ten are shown. */
static int fails;

static void check_fixed(double v, int w, int prec)
{
	char a[128], b[128];
	snprintf(a, sizeof a, "%*.*f", w, prec, v);
	char *e = fmt_fixed(b, v, w, prec);
	*e = 0;
	if (strcmp(a, b) != 0 && fails++ < 10)
		printf("    fmt_fixed(%.17g, %d, %d) = '%s', printf '%s'\n", v, w, prec,
		       b, a);
}

static void check_ulong(unsigned long v, int w, int left)
{
	char a[64], b[64];
	snprintf(a, sizeof a, left ? "%-*lu" : "%*lu", w, v);
	char *e = fmt_ulong(b, v, w, left);
	*e = 0;
	if (strcmp(a, b) != 0 && fails++ < 10)
		printf("    fmt_ulong(%lu, %d, %d) = '%s', printf '%s'\n", v, w, left, b,
		       a);
}

int main(void)
{
	srand(12345);
	/* Halfway cases in binary and decimal, small and large values. */
	static const double edge[] = { 0.0,    -0.0,          0.005, 0.015,
				       0.025,  0.125,         0.375, 1.005,
				       2.675,  99.995,        100.0, 0.0049999999999999,
				       1e-300, 123456789.125, 1e14,  1e16,
				       NAN,    INFINITY,      -1.5,  4.5,
				       5.5,    0.05,          0.25,  0.35 };
	for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++)
		for (int prec = 0; prec <= 3; prec++)
			for (int w = 0; w <= 12; w += 4)
				check_fixed(edge[i], w, prec);
	for (int i = 0; i < 400000; i++) {
		double v;
		switch (i % 4) {
		case 0: v = (double)rand() / RAND_MAX * 100.0; break;
		case 1: v = (rand() % 100000) / 100.0 + (rand() % 3 - 1) * 1e-13; break;
		case 2: v = (double)rand() * rand() / 1e6; break;
		default: v = (rand() % 2000) / 8.0; break; /* exact binary halves */
		}
		check_fixed(v, 7, 2);
		check_fixed(v, 5, 1);
	}
	for (int i = 0; i < 100000; i++) {
		unsigned long v = (unsigned long)rand() * (unsigned long)rand();
		check_ulong(v, 7, i & 1);
		check_ulong(i, 8, 0);
	}
	check_ulong(0, 7, 1);
	check_ulong(18446744073709551615ul, 7, 0);
	checkf(fails == 0, "fmt matches printf (%d mismatches)", fails);
	return unit_finish();
}
