/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Test program for libtgmon's sampling statistics: 24 functions that do
 * the same work, called in small slices in an order that differs from run
 * to run (seeded by the process id), for about MS milliseconds of CPU time
 * in all.  Each slice's function is drawn independently (xorshift64*, its
 * high bits): with the C library's rand() % 24, whose low bits follow a
 * lagged recurrence, the functions got their shares of the timer's ticks
 * more evenly than independent draws would, and comparisons marked fewer
 * of them than the binomial model predicts (4.1% against 4.9%).  Two
 * runs differ only by sampling noise, so a comparison of two runs should
 * mark as many of them significant as its error model promises (one in
 * 20).
 * Usage: aa MS */
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static volatile unsigned long sink;

#define WORK(name)                                              \
	__attribute__((noinline)) void name(void)               \
	{                                                       \
		for (unsigned long k = 0; k < 20000; k++)       \
			sink += k ^ (k >> 3);                   \
	}
WORK(f00) WORK(f01) WORK(f02) WORK(f03) WORK(f04) WORK(f05)
WORK(f06) WORK(f07) WORK(f08) WORK(f09) WORK(f10) WORK(f11)
WORK(f12) WORK(f13) WORK(f14) WORK(f15) WORK(f16) WORK(f17)
WORK(f18) WORK(f19) WORK(f20) WORK(f21) WORK(f22) WORK(f23)

static void (*const fn[])(void) = { f00, f01, f02, f03, f04, f05, f06, f07,
				    f08, f09, f10, f11, f12, f13, f14, f15,
				    f16, f17, f18, f19, f20, f21, f22, f23 };

static uint64_t rng;

/* One of the functions, independent of those before. */
static unsigned pick(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return (unsigned)((rng * 0x2545f4914f6cdd1du) >> 32) % (sizeof fn / sizeof fn[0]);
}

static long cpu_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

int main(int argc, char **argv)
{
	long end;

	if (argc != 2)
		return 2;
	rng = (uint64_t)getpid() * 0x9e3779b97f4a7c15u | 1;
	end = cpu_ms() + atol(argv[1]);
	while (cpu_ms() < end)
		for (unsigned i = 0; i < sizeof fn / sizeof fn[0]; i++)
			fn[pick()]();
	return 0;
}
