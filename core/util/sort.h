/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sort: every sort in tgprof.  GNU gprof sorts with glibc's qsort, whose
 * ties (and results for comparators that are not strict orders) its
 * reports show, so the reports sort with util_msort_u32(), which orders
 * exactly as glibc's merge sort does.  Comparators get a context pointer,
 * so none needs file-scope state. */
#ifndef TG_SORT_H
#define TG_SORT_H

#include <stddef.h>
#include <stdint.h>

/* Compare elements L and R (indices into whatever CTX describes): < 0 when
 * L goes first, > 0 when R does, 0 for a tie. */
typedef int (*util_cmp_u32)(const void *ctx, uint32_t l, uint32_t r);

/* The order of two numbers, smaller first: -1, 0 or 1 (0 also when
 * either is a NaN). */
int util_cmp_num(double x, double y);

/* Stable top-down merge sort of V[0..N) taking from the left run on ties:
 * with the same comparator it orders exactly as glibc's qsort (a merge
 * sort) does, even where the comparator is not a strict order. */
void util_msort_u32(uint32_t *v, size_t n, util_cmp_u32 cmp, const void *ctx);

/* For util_qsort over uint32_t: ascending. */
int util_qcmp_u32(const void *l, const void *r);

/* qsort that accepts an empty or NULL array (qsort's arguments must not
 * be NULL even for zero elements). */
void util_qsort(void *base, size_t n, size_t size,
		int (*cmp)(const void *, const void *));

/* The same with a context pointer handed to every comparison (glibc's
 * qsort_r argument order). */
void util_qsort_r(void *base, size_t n, size_t size,
		  int (*cmp)(const void *, const void *, void *), void *ctx);

#endif
