/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "acc.h"

long b_work(long n)
{
	long s = 0;
	for (long i = 0; i < n; i++) {
		Acc a(i);
		s += a.add(i);
	}
	return s;
}
