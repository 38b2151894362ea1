/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Cycles of several sizes and shapes, each a separate strongly connected
 * component unless noted:
 *   c2_*   two members;  c3_*  three;  c5_*  a ring of five;
 *   c12_*  a ring of twelve with chords (k -> k+5 every third step);
 *   fig8: x <-> y and y <-> z share y, so one component of three;
 *   selfc: a two-member cycle whose member also calls itself;
 *   bridge: two rings joined by one arc each way, forming one component.
 * The depth argument bounds every walk, so the counts are exact. */
#include <stdio.h>
#include "burn.h"

CORPUS_SINK;

NOINLINE void c2_b(int d);
NOINLINE void c2_a(int d) { BURN(3000); if (d > 0) c2_b(d - 1); }
NOINLINE void c2_b(int d) { BURN(6000); if (d > 0) c2_a(d - 1); }

NOINLINE void c3_b(int d);
NOINLINE void c3_c(int d);
NOINLINE void c3_a(int d) { BURN(2000); if (d > 0) c3_b(d - 1); }
NOINLINE void c3_b(int d) { BURN(2000); if (d > 0) c3_c(d - 1); }
NOINLINE void c3_c(int d) { BURN(4000); if (d > 0) c3_a(d - 1); }

#define RING5(i, next) \
	NOINLINE void c5_##i(int d) { BURN(1000 * (i + 1)); if (d > 0) c5_##next(d - 1); }
NOINLINE void c5_1(int d);
NOINLINE void c5_2(int d);
NOINLINE void c5_3(int d);
NOINLINE void c5_4(int d);
RING5(0, 1)
RING5(1, 2)
RING5(2, 3)
RING5(3, 4)
RING5(4, 0)

#define DECL12(i) NOINLINE void c12_##i(int d);
DECL12(0) DECL12(1) DECL12(2) DECL12(3) DECL12(4) DECL12(5)
DECL12(6) DECL12(7) DECL12(8) DECL12(9) DECL12(10) DECL12(11)
#define RING12(i, next, chord) \
	NOINLINE void c12_##i(int d) \
	{ \
		BURN(700 + 100 * i); \
		if (d <= 0) \
			return; \
		if (d % 3 == 0) \
			c12_##chord(d - 1); \
		else \
			c12_##next(d - 1); \
	}
RING12(0, 1, 5)
RING12(1, 2, 6)
RING12(2, 3, 7)
RING12(3, 4, 8)
RING12(4, 5, 9)
RING12(5, 6, 10)
RING12(6, 7, 11)
RING12(7, 8, 0)
RING12(8, 9, 1)
RING12(9, 10, 2)
RING12(10, 11, 3)
RING12(11, 0, 4)

NOINLINE void fig8_y(int d);
NOINLINE void fig8_x(int d) { BURN(2500); if (d > 0) fig8_y(d - 1); }
NOINLINE void fig8_z(int d) { BURN(3500); if (d > 0) fig8_y(d - 1); }
NOINLINE void fig8_y(int d)
{
	BURN(1500);
	if (d <= 0)
		return;
	if (d & 1)
		fig8_x(d - 1);
	else
		fig8_z(d - 1);
}

NOINLINE void selfc_b(int d);
NOINLINE void selfc_a(int d)
{
	BURN(2000);
	if (d <= 0)
		return;
	if (d % 4 == 0)
		selfc_a(d - 1);
	else
		selfc_b(d - 1);
}
NOINLINE void selfc_b(int d) { BURN(1000); if (d > 0) selfc_a(d - 1); }

NOINLINE void left_2(int d);
NOINLINE void right_1(int d);
NOINLINE void right_2(int d);
NOINLINE void left_1(int d) { BURN(1200); if (d > 0) left_2(d - 1); }
NOINLINE void left_2(int d)
{
	BURN(1300);
	if (d <= 0)
		return;
	if (d % 5 == 0)
		right_1(d - 1);
	else
		left_1(d - 1);
}
NOINLINE void right_1(int d) { BURN(1400); if (d > 0) right_2(d - 1); }
NOINLINE void right_2(int d)
{
	BURN(1500);
	if (d <= 0)
		return;
	if (d % 7 == 0)
		left_1(d - 1);
	else
		right_1(d - 1);
}

NOINLINE void run_small(int n)
{
	int i;

	for (i = 0; i < n; i++) {
		c2_a(i % 9);
		c3_a(i % 11);
		c5_0(i % 16);
	}
}

NOINLINE void run_big(int n)
{
	int i;

	for (i = 0; i < n; i++) {
		c12_0(i % 40);
		c12_6(i % 7);
		fig8_x(i % 10);
		fig8_z(i % 6);
		selfc_a(i % 12);
		left_1(i % 30);
	}
}

int main(void)
{
	run_small(1200);
	run_big(1000);
	c2_b(5);
	printf("cycles %lu\n", corpus_sink & 1);
	return 0;
}
