/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Labels that are not functions inside functions, as -flto leaves them
 * (local NOTYPE markers named like "file.c.1a2b3c4d") and as hand-written
 * assembly makes them (.set LABEL, FUNC+N with type notype, global or
 * local).  Such a label takes the samples above it, but an arc into its
 * function still enters the function: the callee is the function
 * symbol at or below the address. */
#include <stdio.h>
#include "burn.h"

CORPUS_SINK;

NOINLINE void work(int n) { BURN(n); }
NOINLINE static void helper(int n) { BURN(n + 3); corpus_sink ^= 1; }
NOINLINE void outer(int n)
{
	work(n);
	helper(n / 2);
	BURN(n / 4);
}

/* work_label and inner_mark are global and local plain labels; the
 * others are named as -flto's markers. */
__asm__(".globl work_label\n"
	".set work_label, work+1\n"
	".type work_label, %notype\n"
	".set inner_mark, outer+2\n"
	".type inner_mark, %notype\n"
	".set labels.c.5e1f0a2b, helper+1\n"
	".type labels.c.5e1f0a2b, %notype\n");

int main(void)
{
	for (int i = 0; i < 2000; i++)
		outer(120000);
	for (int i = 0; i < 3000; i++)
		work(60000);
	printf("labels %lu\n", (unsigned long)corpus_sink);
	return 0;
}
