/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Test program for libtgmon: four threads each spend about MS milliseconds
 * of their own CPU time in a function of their own (spin0 ... spin3), so
 * a profile that samples every thread gives each its thread's CPU time.
 * The spins make no system calls: a thread whose signals come rarely
 * (under load one got 3 signals in 370 ms) has each stand for much CPU
 * time, and one delivered on the way out of a clock_gettime call would
 * give it to clock_gettime.  So main measures how many rounds of work take
 * a millisecond, each thread does MS times that, and the CPU time each
 * thread used is printed on stdout: "spin0 0.401 ...".
 * Usage: spinners MS */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define ROUND 20000

static long rounds;
static double cpu[4];

static double thread_cpu(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The sum is the thread's own: a shared one made threads on different
 * cores twice as slow as the others. */
static inline __attribute__((always_inline)) void burn(long n)
{
	volatile long sink = 0;

	for (long r = 0; r < n; r++)
		for (int k = 0; k < ROUND; k++)
			sink += k;
}

/* Rounds of work in one millisecond of this thread's CPU time. */
static __attribute__((noinline)) long calibrate(void)
{
	double t0 = thread_cpu(), t;
	long n = 0;

	do {
		burn(16);
		n += 16;
		t = thread_cpu();
	} while (t - t0 < 0.05);
	return (long)((double)n / ((t - t0) * 1000.0)) + 1;
}

__attribute__((noinline)) void spin0(void) { burn(rounds); }
__attribute__((noinline)) void spin1(void) { burn(rounds); }
__attribute__((noinline)) void spin2(void) { burn(rounds); }
__attribute__((noinline)) void spin3(void) { burn(rounds); }

static void *run(void *arg)
{
	static void (*const spin[])(void) = { spin0, spin1, spin2, spin3 };
	double t0 = thread_cpu();

	spin[(long)arg]();
	cpu[(long)arg] = thread_cpu() - t0;
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t t[4];
	long i;

	if (argc != 2)
		return 2;
	rounds = calibrate() * atol(argv[1]);
	for (i = 0; i < 4; i++)
		if (pthread_create(&t[i], NULL, run, (void *)i) != 0)
			return 1;
	for (i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	printf("%.3f %.3f %.3f %.3f\n", cpu[0], cpu[1], cpu[2], cpu[3]);
	return 0;
}
