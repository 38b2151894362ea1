/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Test program for libtgmon under hostile conditions, linked with
 * libtgmon (tgmon.h).  Its text is padded to 64 KB, so that its profile
 * is larger than a small pipe buffer.
 *   hostile work N           call work() N times
 *   hostile dump N PATH      work() N times, then tgmon_dump(PATH); exit 0
 *                            when it succeeds, 1 when it fails
 *   hostile cancel N PATH    N times: a thread that dumps to PATH over and
 *                            over is cancelled and joined
 *   hostile texit N PATH     N times: the same thread is ended by
 *                            pthread_exit in a signal handler
 *   hostile sigexit N PATH   work() N times, then dump to PATH over and
 *                            over until a timer's handler calls exit(3)
 *   hostile loop N PATH      work() N times, print "dumping", then dump to
 *                            PATH over and over until killed
 * After cancel and texit, tgmon_dump(PATH) must still work: a lock left
 * held would hang it, so SIGALRM ends the program after 20 s (status 142
 * from a shell). */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "tgmon.h"

__asm__(".text\n.p2align 4\nhostile_pad:\n.skip 65536, 0x90\n");

static volatile long sink;
static const char *path;

__attribute__((noinline)) void work(long i)
{
	sink += i;
}

static void *dumper(void *arg)
{
	(void)arg;
	for (;;) {
		tgmon_dump(path);
		pthread_testcancel();
	}
	return NULL;
}

static void end_thread(int sig)
{
	(void)sig;
	pthread_exit(NULL);
}

static void end_process(int sig)
{
	(void)sig;
	exit(3);
}

/* Sleep up to 2 ms, varied with I. */
static void pause_a_little(long i)
{
	struct timespec ts = { 0, 100000 + (i * 7919) % 1900000 };

	nanosleep(&ts, NULL);
}

/* N threads that dump over and over, each ended (by cancel, or by SIG,
 * whose handler calls pthread_exit) while it is most likely in a dump. */
static void end_dumpers(long n, int sig)
{
	for (long i = 0; i < n; i++) {
		pthread_t t;
		if (pthread_create(&t, NULL, dumper, NULL) != 0) {
			perror("pthread_create");
			exit(2);
		}
		pause_a_little(i);
		if (sig)
			pthread_kill(t, sig);
		else
			pthread_cancel(t);
		pthread_join(t, NULL);
	}
}

int main(int argc, char **argv)
{
	long n;

	if (argc < 3)
		return 2;
	n = atol(argv[2]);
	path = argc > 3 ? argv[3] : NULL;
	if (strcmp(argv[1], "work") == 0 || strcmp(argv[1], "dump") == 0 ||
	    strcmp(argv[1], "sigexit") == 0 || strcmp(argv[1], "loop") == 0)
		for (long i = 0; i < n; i++)
			work(i);
	if (strcmp(argv[1], "dump") == 0)
		return tgmon_dump(path) == 0 ? 0 : 1;
	if (strcmp(argv[1], "cancel") == 0 || strcmp(argv[1], "texit") == 0) {
		signal(SIGUSR2, end_thread);
		end_dumpers(n, argv[1][0] == 't' ? SIGUSR2 : 0);
		alarm(20);
		if (tgmon_dump(path) != 0) {
			perror("tgmon_dump after the threads ended");
			return 1;
		}
		work(0);
		return 0;
	}
	if (strcmp(argv[1], "loop") == 0) {
		printf("dumping\n");
		fflush(stdout);
		for (;;)
			tgmon_dump(path);
	}
	if (strcmp(argv[1], "sigexit") == 0) {
		struct itimerval it = { { 0, 0 }, { 0, 20000 } };
		signal(SIGALRM, end_process);
		setitimer(ITIMER_REAL, &it, NULL);
		for (;;)
			tgmon_dump(path);
	}
	return 0;
}
