/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Test program for multi-object profiles: NTHREADS threads (default 4)
 * each run ROUNDS rounds through libmfoo.so (linked) and libmbar.so
 * (dlopen'd from DIR), which call each other and back into the program.
 * With "close" as the fourth argument libmbar.so is dlclose'd before exit;
 * with SNAPS, the main thread writes SNAPS profiles with tgmon_dump_reset
 * a millisecond apart while the threads run.
 * Known counts, for T threads of R rounds:
 *   worker -> foo_run R*T; foo_run -> helper (libmfoo) 2RT;
 *   foo_run -> exe_cb RT; worker -> bar_run RT; bar_run -> foo_twice RT;
 *   foo_twice -> helper (libmfoo) 2RT; bar_run -> helper (libmbar) RT;
 *   bar_run -> exe_cb2 RT; exe_cb2 -> helper (program) RT;
 *   worker -> bar_spin T (where the time goes).
 * With MULTI_PINGPONG=D in the environment, each round also calls
 * exe_ping(D), which recurses through foo_pong in libmfoo.so: a cycle
 * across objects (worker -> exe_ping RT, exe_ping -> foo_pong (D+1)RT,
 * foo_pong -> exe_ping D*RT).
 * Usage: prog DIR ROUNDS [NTHREADS [close|open [SNAPS]]] */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int tgmon_dump_reset(const char *path);

void foo_run(long i, void (*cb)(long));
void foo_pong(long d, void (*ping)(long));

static long rounds, pingpong = -1;
static void (*bar_run)(long, void (*)(long));
static void (*bar_spin)(long);
static volatile long sink;

__attribute__((noinline)) void
helper(long i)
{
	sink -= i;
}

__attribute__((noinline)) void
exe_cb(long i)
{
	sink += i;
}

__attribute__((noinline)) void
exe_cb2(long i)
{
	helper(i);
}

__attribute__((noinline)) void
exe_ping(long d)
{
	foo_pong(d, exe_ping);
}

static void *
worker(void *arg)
{
	long i;

	(void)arg;
	for (i = 0; i < rounds; i++) {
		foo_run(i, exe_cb);
		bar_run(i, exe_cb2);
		if (pingpong >= 0)
			exe_ping(pingpong);
	}
	bar_spin(100000000);
	return NULL;
}

int
main(int argc, char **argv)
{
	char path[4096];
	long nthreads, t;
	pthread_t *tid;
	void *h;

	if (argc < 3) {
		fprintf(stderr, "usage: prog DIR ROUNDS [NTHREADS [close]]\n");
		return 2;
	}
	snprintf(path, sizeof path, "%s/libmbar.so", argv[1]);
	rounds = atol(argv[2]);
	if (getenv("MULTI_PINGPONG"))
		pingpong = atol(getenv("MULTI_PINGPONG"));
	nthreads = argc > 3 ? atol(argv[3]) : 4;
	h = dlopen(path, RTLD_NOW);
	if (h == NULL) {
		fprintf(stderr, "%s\n", dlerror());
		return 1;
	}
	bar_run = (void (*)(long, void (*)(long)))dlsym(h, "bar_run");
	bar_spin = (void (*)(long))dlsym(h, "bar_spin");
	tid = calloc((size_t)nthreads, sizeof *tid);
	for (t = 0; t < nthreads; t++)
		pthread_create(&tid[t], NULL, worker, NULL);
	for (t = 0; argc > 5 && t < atol(argv[5]); t++) {
		struct timespec ms = { 0, 1000000 };
		nanosleep(&ms, NULL);
		if (tgmon_dump_reset(NULL) != 0)
			return 1;
	}
	for (t = 0; t < nthreads; t++)
		pthread_join(tid[t], NULL);
	if (argc > 4 && strcmp(argv[4], "close") == 0)
		dlclose(h);
	free(tid);
	return 0;
}
