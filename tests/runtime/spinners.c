/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Test program for libtgmon: four threads each spend MS milliseconds of
 * their own CPU time in a function of their own (spin0 ... spin3), so a
 * profile that samples every thread gives each about MS/1000 seconds.
 * Usage: spinners MS */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

static long ms;
static volatile long sink;

static inline __attribute__((always_inline)) void
burn(void)
{
	struct timespec t0, t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
	do {
		for (int k = 0; k < 20000; k++)
			sink += k;
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	} while ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 < ms);
}

__attribute__((noinline)) void spin0(void) { burn(); }
__attribute__((noinline)) void spin1(void) { burn(); }
__attribute__((noinline)) void spin2(void) { burn(); }
__attribute__((noinline)) void spin3(void) { burn(); }

static void *
run(void *arg)
{
	static void (*const spin[])(void) = { spin0, spin1, spin2, spin3 };

	spin[(long)arg]();
	return NULL;
}

int
main(int argc, char **argv)
{
	pthread_t t[4];
	long i;

	if (argc != 2)
		return 2;
	ms = atol(argv[1]);
	for (i = 0; i < 4; i++)
		if (pthread_create(&t[i], NULL, run, (void *)i) != 0)
			return 1;
	for (i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	return 0;
}
