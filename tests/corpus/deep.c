/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A deep call chain: main -> chain_00 -> chain_01 -> ... -> chain_47,
 * each link doing a little work and the last one most of it, called
 * along two different entry points so the chain has two roots. */
#include <stdio.h>
#include "burn.h"

CORPUS_SINK;

NOINLINE void chain_47(int n) { BURN(60000 + n); }
#define LINK(i, next) NOINLINE void chain_##i(int n) { BURN(300 * (n % 5 + 1)); chain_##next(n); }
LINK(46, 47) LINK(45, 46) LINK(44, 45) LINK(43, 44) LINK(42, 43) LINK(41, 42)
LINK(40, 41) LINK(39, 40) LINK(38, 39) LINK(37, 38) LINK(36, 37) LINK(35, 36)
LINK(34, 35) LINK(33, 34) LINK(32, 33) LINK(31, 32) LINK(30, 31) LINK(29, 30)
LINK(28, 29) LINK(27, 28) LINK(26, 27) LINK(25, 26) LINK(24, 25) LINK(23, 24)
LINK(22, 23) LINK(21, 22) LINK(20, 21) LINK(19, 20) LINK(18, 19) LINK(17, 18)
LINK(16, 17) LINK(15, 16) LINK(14, 15) LINK(13, 14) LINK(12, 13) LINK(11, 12)
LINK(10, 11) LINK(09, 10) LINK(08, 09) LINK(07, 08) LINK(06, 07) LINK(05, 06)
LINK(04, 05) LINK(03, 04) LINK(02, 03) LINK(01, 02) LINK(00, 01)

NOINLINE void side_entry(int n)
{
	int i;

	for (i = 0; i < n; i++)
		chain_24(i);
}

int main(void)
{
	int i;

	for (i = 0; i < 1500; i++)
		chain_00(i);
	side_entry(700);
	printf("deep %lu\n", corpus_sink & 1);
	return 0;
}
