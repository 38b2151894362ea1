/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Test program for libtgmon: NTHREADS threads (default 8) each call mid()
 * ROUNDS times; mid() calls leaf() twice and twig() when i % 4 == 0.
 * Every PAUSE rounds (0: never) a thread sleeps a millisecond, so that a
 * run lasts long enough to be snapshotted.  With WAVES > 1 the threads are
 * created and joined that many times over (threads come and go).
 * Known counts: mid = W*T*R, leaf = 2*W*T*R, twig = W*T*ceil(R/4).
 * Usage: threads ROUNDS [NTHREADS [PAUSE [WAVES]]] */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long rounds, pause_every;
static volatile long sink;

__attribute__((noinline)) void
leaf(long i)
{
	sink += i;
}

__attribute__((noinline)) void
twig(long i)
{
	sink ^= i;
}

__attribute__((noinline)) void
mid(long i)
{
	leaf(i);
	leaf(i + 1);
	if (i % 4 == 0)
		twig(i);
}

static void *
worker(void *arg)
{
	struct timespec ms = { 0, 1000000 };
	long i;

	for (i = 0; i < rounds; i++) {
		mid(i);
		if (pause_every > 0 && i % pause_every == pause_every - 1)
			nanosleep(&ms, NULL);
	}
	return arg;
}

int
main(int argc, char **argv)
{
	pthread_t t[64];
	long n, i, waves, w;

	if (argc < 2)
		return 2;
	rounds = atol(argv[1]);
	n = argc > 2 ? atol(argv[2]) : 8;
	pause_every = argc > 3 ? atol(argv[3]) : 0;
	waves = argc > 4 ? atol(argv[4]) : 1;
	if (n < 1 || n > 64)
		return 2;
	for (w = 0; w < waves; w++) {
		for (i = 0; i < n; i++)
			if (pthread_create(&t[i], NULL, worker, NULL) != 0)
				return 1;
		for (i = 0; i < n; i++)
			pthread_join(t[i], NULL);
	}
	return 0;
}
