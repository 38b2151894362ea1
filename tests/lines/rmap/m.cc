/* SPDX-License-Identifier: GPL-3.0-or-later */
/* -R with a full map: C++ aliases (Acc's constructors and destructors),
 * a file of data only whose two names sort apart from each other in the
 * map (d.c), and files whose first map line is not a function. */
#include "acc.h"
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv)
{
	long s = 0, n = argc > 1 ? std::atol(argv[1]) : 300;
	for (long k = 0; k < n; k++) {
		s += b_work(100);
		Acc a(k);
		s += a.add(1);
	}
	std::printf("%ld\n", s);
	return 0;
}
