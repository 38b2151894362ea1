/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Spends its time in the C library, in about equal parts: strtod, qsort
 * (its merge sort, besides the comparisons here) and memcpy. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	enum { N = 400000, M = 1 << 22 };
	int rounds = argc > 1 ? atoi(argv[1]) : 6;
	double *v = malloc(N * sizeof *v), *u = malloc(N * sizeof *u), s = 0;
	char (*num)[32] = malloc(N * sizeof *num);
	char *src = calloc(M, 1), *dst = malloc(M);

	for (int i = 0; i < N; i++)
		snprintf(num[i], sizeof num[i], "%ld.%d71828182845e-3", (long)i * 7919 % 10007, i);
	for (int r = 0; r < rounds; r++) {
		for (int i = 0; i < N; i++)
			u[i] = strtod(num[i], NULL);
		/* four sorts of the same numbers: one took about a twelfth
		 * of the run, a few samples, sometimes none */
		for (int k = 0; k < 4; k++) {
			memcpy(v, u, N * sizeof *v);
			qsort(v, N, sizeof *v, cmp);
		}
		for (int k = 0; k < 150; k++) {
			memcpy(dst, src, M);
			src[k] = dst[k + 1];
		}
		s += v[N / 2];
	}
	printf("%g\n", s);
	return 0;
}
