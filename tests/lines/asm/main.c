/* SPDX-License-Identifier: GPL-3.0-or-later */
/* C calling assembly: -l must name the assembly lines after the symbols. */
#include <stdio.h>
#include <stdlib.h>

int asmwork(void);
int asmother(int);

int main(int argc, char **argv)
{
	long s = 0;
	int i, n = argc > 1 ? atoi(argv[1]) * 10000 : 3000000;

	for (i = 0; i < n; i++)
		s += asmwork() + asmother(i);
	printf("%ld\n", s);
	return 0;
}
