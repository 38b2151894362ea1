/* SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE 1 /* qsort_r */
#include "config.h"
#include "sort.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static void msort_rec(uint32_t *v, uint32_t *tmp, size_t n, util_cmp_u32 cmp,
		      const void *ctx)
{
	if (n <= 1)
		return;
	size_t n1 = n / 2, n2 = n - n1;
	uint32_t *b1 = v, *b2 = v + n1;
	msort_rec(b1, tmp, n1, cmp, ctx);
	msort_rec(b2, tmp, n2, cmp, ctx);
	uint32_t *t = tmp;
	while (n1 > 0 && n2 > 0) {
		if (cmp(ctx, *b1, *b2) <= 0) {
			*t++ = *b1++;
			n1--;
		} else {
			*t++ = *b2++;
			n2--;
		}
	}
	/* What is left of the right run is already in place. */
	if (n1 > 0)
		memcpy(t, b1, n1 * sizeof *t);
	memcpy(v, tmp, (n - n2) * sizeof *v);
}

void util_msort_u32(uint32_t *v, size_t n, util_cmp_u32 cmp, const void *ctx)
{
	if (n <= 1)
		return;
	uint32_t *tmp = xmalloc(n * sizeof *tmp);
	msort_rec(v, tmp, n, cmp, ctx);
	free(tmp);
}

void util_qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
	if (n > 1)
		qsort(base, n, size, cmp);
}

void util_qsort_r(void *base, size_t n, size_t size,
		  int (*cmp)(const void *, const void *, void *), void *ctx)
{
	if (n > 1)
		qsort_r(base, n, size, cmp, ctx);
}

int util_qcmp_u32(const void *l, const void *r)
{
	uint32_t a = *(const uint32_t *)l, b = *(const uint32_t *)r;
	return (a > b) - (a < b);
}

int util_cmp_num(double x, double y)
{
	return x < y ? -1 : x > y;
}
