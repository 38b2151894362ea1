/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pair: one program, two behaviours, for the comparison tests.
 * `pair 1` is the baseline; `pair 2` makes slow() burn twice as long and
 * calls busy() ten times as often; everything else does the same work.
 * Built with -DPHASES and linked with libtgmon, one run does both, with
 * an interval snapshot after each: prof.1 (as `pair 1`), prof.2 (`pair 2`). */
#include <stdlib.h>
#include "burn.h"
#ifdef PHASES
#include "tgmon.h"
#endif

CORPUS_SINK;
static unsigned long factor = 1;

NOINLINE static void helper(unsigned long n) { BURN(n); }
NOINLINE void slow(void) { BURN(150000000UL * factor); }
NOINLINE void busy(void) { BURN(60000); }
NOINLINE void steady(void) { BURN(80000000UL); helper(7500000UL); }
NOINLINE void light(int i) { BURN(100 + i % 7); }

NOINLINE static void run(unsigned long f)
{
	int i;

	factor = f;
	/* slow() and steady() in turns, twenty times each: the processor's
	 * speed changes while the run goes on (another process on the
	 * core's other thread, the clock), and in turns both see the same
	 * changes, so the ratio of their times is the ratio of their work. */
	for (i = 0; i < 20; i++) {
		slow();
		steady();
	}
	for (i = 0; i < (factor > 1 ? 10000 : 1000); i++)
		busy();
	for (i = 0; i < 5000; i++)
		light(i);
}

int main(int argc, char **argv)
{
	/* Work first, in main itself: a processor that has been idle runs
	 * slower for a while (its clock, a virtual machine's CPU), and
	 * slow(), which comes first, measured 0.31 to 0.43 s for the same
	 * work without this. */
	BURN(600000000UL);
#ifdef PHASES
	(void)argc, (void)argv;
	run(1);
	if (tgmon_dump_reset("prof.1") != 0)
		return 1;
	run(2);
	if (tgmon_dump_reset("prof.2") != 0)
		return 1;
#else
	run(argc > 1 ? strtoul(argv[1], NULL, 10) : 1);
#endif
	return 0;
}
