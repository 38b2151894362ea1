/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Two static functions calling each other, included by d1/util.c and
 * d2/util.c: two functions of each name from files of one base name. */
#define NI __attribute__((noinline))
extern volatile unsigned long sink;
static NI int step2(int d);
static NI int step1(int d)
{
	for (int i = 0; i < 20000; i++)
		sink += i;
	return d > 0 ? step2(d - 1) : 0;
}
static NI int step2(int d)
{
	for (int i = 0; i < 30000; i++)
		sink += i;
	return d > 0 ? step1(d - 1) : 0;
}
