/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Ties for every sort key: functions with equal call counts and no work
 * (so equal zero time) whose names differ in case and leading underscores;
 * two parents calling one child equally often; a parent calling children
 * equally often; equal-work pairs that may also tie on time. */
#include <stdio.h>
#include "burn.h"

CORPUS_SINK;

#define EMPTY(name) NOINLINE void name(void) { corpus_sink++; }
EMPTY(tie_b) EMPTY(tie_a) EMPTY(_tie_c) EMPTY(__tie_d) EMPTY(tie_A)
EMPTY(Tie_z) EMPTY(tie_) EMPTY(tie_aa) EMPTY(_) EMPTY(x__)

NOINLINE void same_work_1(void) { BURN(60000); }
NOINLINE void same_work_2(void) { BURN(60000); }

NOINLINE void shared_child(void) { BURN(1000); }

NOINLINE void parent_x(void) { shared_child(); shared_child(); }
NOINLINE void parent_y(void) { shared_child(); shared_child(); }

NOINLINE void all_ties(void)
{
	tie_b(); tie_a(); _tie_c(); __tie_d(); tie_A();
	Tie_z(); tie_(); tie_aa(); _(); x__();
}

int main(void)
{
	int i;

	for (i = 0; i < 1000; i++) {
		all_ties();
		parent_y();
		parent_x();
	}
	for (i = 0; i < 2000; i++) {
		same_work_2();
		same_work_1();
	}
	printf("ties %lu\n", corpus_sink & 1);
	return 0;
}
