/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "acc.h"

volatile long acc_sink;

Acc::Acc(long x) : v(x)
{
	for (long i = 0; i < 2000; i++)
		acc_sink += i;
}

Acc::~Acc()
{
	for (long i = 0; i < 1000; i++)
		acc_sink += i;
}

long Acc::add(long x)
{
	v += x;
	return v;
}
