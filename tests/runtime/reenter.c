/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Test program for libtgmon: a SIGALRM handler that calls profiled code
 * interrupts a loop that calls the same function, so mcount is re-entered
 * from a signal handler in the middle of counting.  Prints how many times
 * the handler ran; the known counts are then leaf = N + H, on_tick = H.
 * Usage: reenter N */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

static volatile long sink;
static volatile sig_atomic_t ticks;

__attribute__((noinline)) void leaf(long i) { sink += i; }

__attribute__((noinline)) void
on_tick(int sig)
{
	ticks++;
	leaf(sig);
}

int
main(int argc, char **argv)
{
	struct itimerval it = { { 0, 200 }, { 0, 200 } };
	struct itimerval off;
	struct sigaction sa;
	long n, i;

	if (argc != 2)
		return 2;
	n = atol(argv[1]);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_tick;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &it, NULL);
	for (i = 0; i < n; i++)
		leaf(i);
	memset(&off, 0, sizeof off);
	setitimer(ITIMER_REAL, &off, NULL);
	printf("%ld\n", (long)ticks);
	return 0;
}
