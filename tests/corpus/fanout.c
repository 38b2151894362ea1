/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A wide fan-out: dispatch() calls 64 leaves, leaf_NN receiving
 * (NN % 16 + 1) * 10 calls, so groups of four leaves have equal counts.
 * never_called() is linked in but never runs; spare() runs with no
 * caller in profiled code only through a function pointer. */
#include <stdio.h>
#include "burn.h"

CORPUS_SINK;

#define LEAF(i) NOINLINE void leaf_##i(void) { BURN(20000 + 500 * (1##i % 16)); }
LEAF(00) LEAF(01) LEAF(02) LEAF(03) LEAF(04) LEAF(05) LEAF(06) LEAF(07)
LEAF(08) LEAF(09) LEAF(10) LEAF(11) LEAF(12) LEAF(13) LEAF(14) LEAF(15)
LEAF(16) LEAF(17) LEAF(18) LEAF(19) LEAF(20) LEAF(21) LEAF(22) LEAF(23)
LEAF(24) LEAF(25) LEAF(26) LEAF(27) LEAF(28) LEAF(29) LEAF(30) LEAF(31)
LEAF(32) LEAF(33) LEAF(34) LEAF(35) LEAF(36) LEAF(37) LEAF(38) LEAF(39)
LEAF(40) LEAF(41) LEAF(42) LEAF(43) LEAF(44) LEAF(45) LEAF(46) LEAF(47)
LEAF(48) LEAF(49) LEAF(50) LEAF(51) LEAF(52) LEAF(53) LEAF(54) LEAF(55)
LEAF(56) LEAF(57) LEAF(58) LEAF(59) LEAF(60) LEAF(61) LEAF(62) LEAF(63)

static void (*const leaves[64])(void) = {
	leaf_00, leaf_01, leaf_02, leaf_03, leaf_04, leaf_05, leaf_06, leaf_07,
	leaf_08, leaf_09, leaf_10, leaf_11, leaf_12, leaf_13, leaf_14, leaf_15,
	leaf_16, leaf_17, leaf_18, leaf_19, leaf_20, leaf_21, leaf_22, leaf_23,
	leaf_24, leaf_25, leaf_26, leaf_27, leaf_28, leaf_29, leaf_30, leaf_31,
	leaf_32, leaf_33, leaf_34, leaf_35, leaf_36, leaf_37, leaf_38, leaf_39,
	leaf_40, leaf_41, leaf_42, leaf_43, leaf_44, leaf_45, leaf_46, leaf_47,
	leaf_48, leaf_49, leaf_50, leaf_51, leaf_52, leaf_53, leaf_54, leaf_55,
	leaf_56, leaf_57, leaf_58, leaf_59, leaf_60, leaf_61, leaf_62, leaf_63,
};

NOINLINE void never_called(void)
{
	BURN(1000);
}

NOINLINE void spare(void)
{
	BURN(5000000);
}

void (*volatile hook)(void) = never_called;

NOINLINE void dispatch(int rounds)
{
	int r, i;

	for (r = 0; r < rounds; r++)
		for (i = 0; i < 64; i++)
			if (r < (i % 16 + 1) * 10)
				leaves[i]();
}

int main(int argc, char **argv)
{
	dispatch(argc > 1 ? 80 : 160);
	hook = spare;
	hook();
	printf("fanout %lu\n", corpus_sink & 1);
	return 0;
}
