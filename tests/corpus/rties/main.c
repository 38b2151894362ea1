/* SPDX-License-Identifier: GPL-3.0-or-later */
/* -r's ties: two busy callees (hub_a, called from 100 functions, and
 * hub_b, from 70) are taken out first; the arcs into them from the two
 * uncounted callers of caller-nopg.c (first_caller, whose calls come
 * first, and second_caller) carry equal counts, so their order in the
 * suggested ordering is decided by the order GNU collected them in (the
 * busier hub's first), not by the order the arcs were made. */
#include <stdio.h>
#include "burn.h"

CORPUS_SINK;

void first_caller(void);
void second_caller(void);

NOINLINE void hub_a(int n) { BURN(1500 + n); }
NOINLINE void hub_b(int n) { BURN(1501 + n); }

#define CALLS 400
#define WA(i) NOINLINE void wa_##i(void) { for (int k = 0; k < CALLS; k++) hub_a(k % 7); }
#define WB(i) NOINLINE void wb_##i(void) { for (int k = 0; k < CALLS; k++) hub_b(k % 5); }
#define TEN(M, p) M(p##0) M(p##1) M(p##2) M(p##3) M(p##4) M(p##5) M(p##6) M(p##7) M(p##8) M(p##9)
#define CALL(f) f();
#define TENCALLS(p, q) CALL(p##q##0) CALL(p##q##1) CALL(p##q##2) CALL(p##q##3) CALL(p##q##4) \
	CALL(p##q##5) CALL(p##q##6) CALL(p##q##7) CALL(p##q##8) CALL(p##q##9)

/* clang-format off */
TEN(WA, 0) TEN(WA, 1) TEN(WA, 2) TEN(WA, 3) TEN(WA, 4)
TEN(WA, 5) TEN(WA, 6) TEN(WA, 7) TEN(WA, 8) TEN(WA, 9)
TEN(WB, 0) TEN(WB, 1) TEN(WB, 2) TEN(WB, 3) TEN(WB, 4) TEN(WB, 5) TEN(WB, 6)
/* clang-format on */

int main(void)
{
	TENCALLS(wa_, 0) TENCALLS(wa_, 1) TENCALLS(wa_, 2) TENCALLS(wa_, 3)
	TENCALLS(wa_, 4) TENCALLS(wa_, 5) TENCALLS(wa_, 6) TENCALLS(wa_, 7)
	TENCALLS(wa_, 8) TENCALLS(wa_, 9)
	TENCALLS(wb_, 0) TENCALLS(wb_, 1) TENCALLS(wb_, 2) TENCALLS(wb_, 3)
	TENCALLS(wb_, 4) TENCALLS(wb_, 5) TENCALLS(wb_, 6)
	first_caller();
	second_caller();
	printf("rties %lu\n", (unsigned long)corpus_sink);
	return 0;
}
