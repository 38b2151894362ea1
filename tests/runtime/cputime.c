/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Test program for libtgmon's sampling: spends MS milliseconds of CPU
 * time, then prints the process's CPU time (user + system, getrusage) in
 * seconds.
 *   cputime vdso MS   in a loop of clock_gettime(CLOCK_MONOTONIC), which
 *                     runs in the vDSO
 *   cputime spin MS   in spin(), a loop that reads the process's CPU
 *                     clock (a system call made from the vDSO) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static volatile long sink;

static long cpu_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

__attribute__((noinline)) void ticks(long ms)
{
	struct timespec t;
	long end = cpu_ms() + ms;

	do {
		for (int k = 0; k < 1000; k++) {
			clock_gettime(CLOCK_MONOTONIC, &t);
			sink += t.tv_nsec;
		}
	} while (cpu_ms() < end);
}

__attribute__((noinline)) void spin(long ms)
{
	long end = cpu_ms() + ms;

	do {
		for (int k = 0; k < 10000; k++)
			sink += k;
	} while (cpu_ms() < end);
}

int main(int argc, char **argv)
{
	struct rusage ru;

	if (argc != 3)
		return 2;
	if (strcmp(argv[1], "vdso") == 0)
		ticks(atol(argv[2]));
	else
		spin(atol(argv[2]));
	getrusage(RUSAGE_SELF, &ru);
	printf("%.3f\n", ru.ru_utime.tv_sec + ru.ru_stime.tv_sec +
				 (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6);
	return 0;
}
