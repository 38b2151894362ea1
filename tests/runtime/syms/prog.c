/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Spends its time in libw's w_inner: w_ops.run(N) R times. */
#include <stdio.h>
#include <stdlib.h>

struct w_ops {
	double (*run)(long);
};
extern const struct w_ops w_ops;

int main(int argc, char **argv)
{
	long r = argc > 1 ? atol(argv[1]) : 100;
	double s = 0;

	for (long i = 0; i < r; i++)
		s += w_ops.run(1000000);
	printf("%g\n", s);
	return 0;
}
