/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Signal handlers with exact call counts.
 * SIGUSR1 is raised synchronously 400 times; its handler calls a helper.
 * SIGALRM comes from an interval timer (setitimer, ITIMER_REAL, 2 ms);
 * the main loop spins without calls until 25 ticks were handled.  The
 * 25th tick ignores the signal before disarming the timer, which discards
 * any tick already pending, so the handler runs exactly 25 times. */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include "burn.h"

CORPUS_SINK;

#define TICKS 25

static volatile sig_atomic_t usr1_seen, ticks;

NOINLINE void note_signal(int sig)
{
	BURN(20000);
	corpus_sink += sig;
}

NOINLINE void on_usr1(int sig)
{
	usr1_seen++;
	note_signal(sig);
}

NOINLINE void on_alarm(int sig)
{
	struct itimerval off;

	BURN(10000);
	if (++ticks == TICKS) {
		signal(SIGALRM, SIG_IGN);
		memset(&off, 0, sizeof off);
		setitimer(ITIMER_REAL, &off, NULL);
		return;
	}
	note_signal(sig);
}

NOINLINE void raise_many(int n)
{
	int i;

	for (i = 0; i < n; i++) {
		BURN(250000);
		raise(SIGUSR1);
	}
}

int main(void)
{
	struct sigaction sa;
	struct itimerval it;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_usr1;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	raise_many(400);

	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);
	memset(&it, 0, sizeof it);
	it.it_interval.tv_usec = 2000;
	it.it_value.tv_usec = 2000;
	setitimer(ITIMER_REAL, &it, NULL);
	while (ticks < TICKS)
		BURN(1000);
	printf("signal %d %d\n", (int)usr1_seen, (int)ticks);
	return 0;
}
