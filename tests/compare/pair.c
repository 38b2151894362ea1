/* pair: one program, two behaviours, for the comparison tests.
 * `pair 1` is the baseline; `pair 2` makes slow() burn twice as long and
 * calls busy() ten times as often; everything else does the same work. */
#include <stdlib.h>
#include "burn.h"

CORPUS_SINK;
static unsigned long factor = 1;

NOINLINE static void helper(unsigned long n) { BURN(n); }
NOINLINE void slow(void) { BURN(1000000000UL * factor); }
NOINLINE void busy(void) { BURN(60000); }
NOINLINE void steady(void) { BURN(400000000UL); helper(150000000UL); }
NOINLINE void light(int i) { BURN(100 + i % 7); }

int main(int argc, char **argv)
{
	int i;

	factor = argc > 1 ? strtoul(argv[1], NULL, 10) : 1;
	slow();
	for (i = 0; i < (factor > 1 ? 10000 : 1000); i++)
		busy();
	steady();
	for (i = 0; i < 5000; i++)
		light(i);
	return 0;
}
