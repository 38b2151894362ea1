/* SPDX-License-Identifier: GPL-3.0-or-later */
/* split: whole units shared out by weights, for the exports whose numbers
 * must add up exactly (callgrind, folded stacks). */
#include "config.h"
#include "exportint.h"
#include "sort.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>

static int cmp_rem(const void *a, const void *b, void *ctx)
{
	const double *rem = ctx;
	uint32_t i = *(const uint32_t *)a, j = *(const uint32_t *)b;

	if (rem[i] != rem[j])
		return rem[i] > rem[j] ? -1 : 1;
	return i < j ? -1 : i > j;
}

void export_split(uint64_t total, const double *w, size_t n, uint64_t *out)
{
	double sum = 0;
	uint64_t given = 0;

	if (n == 0)
		return;
	for (size_t i = 0; i < n; i++)
		sum += w[i] > 0 ? w[i] : 0;
	double *rem = xmalloc(n * sizeof *rem);
	for (size_t i = 0; i < n; i++) {
		double share = sum > 0 ? (w[i] > 0 ? w[i] : 0) * ((double)total / sum)
				       : (double)total / (double)n;
		double f = floor(share);
		out[i] = (uint64_t)f;
		rem[i] = share - f;
		given += out[i];
	}
	if (given > total) { /* rounding of huge totals: take back from the last */
		for (size_t i = n; i-- > 0 && given > total;) {
			uint64_t d = out[i] < given - total ? out[i] : given - total;
			out[i] -= d;
			given -= d;
		}
	}
	if (given < total) {
		uint32_t *v = xmalloc(n * sizeof *v);
		for (size_t i = 0; i < n; i++)
			v[i] = (uint32_t)i;
		util_qsort_r(v, n, sizeof *v, cmp_rem, rem);
		for (size_t i = 0; given < total; i = (i + 1) % n, given++)
			out[v[i]]++;
		free(v);
	}
	free(rem);
}
