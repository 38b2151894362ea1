/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Runs one command and reports its wall time and peak memory.
 *
 *   measure [-p SECS] OUTFILE ERRFILE COMMAND [ARG...]
 *
 * The command's standard output goes to OUTFILE and its standard error to
 * ERRFILE.  When it ends, one line goes to our standard output:
 *   STATUS SECONDS MAXRSS_KB
 * STATUS is the exit status, 128+N after signal N, 127 if it could not be
 * started.  MAXRSS_KB is the child's peak resident set size from wait4().
 * With -p, a progress line goes to standard error every SECS seconds, so a
 * long run shows it is alive.  Our own exit status is 0 unless we failed. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t ticked;

static void on_alarm(int sig)
{
	(void)sig;
	ticked = 1;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int open_out(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0) {
		fprintf(stderr, "measure: %s: %s\n", path, strerror(errno));
		exit(1);
	}
	return fd;
}

int main(int argc, char **argv)
{
	int every = 0, out, err, status;
	struct rusage ru;
	struct sigaction sa;
	double t0;
	pid_t pid;

	if (argc > 2 && strcmp(argv[1], "-p") == 0) {
		every = atoi(argv[2]);
		argv += 2;
		argc -= 2;
	}
	if (argc < 4) {
		fprintf(stderr, "usage: measure [-p SECS] OUTFILE ERRFILE COMMAND [ARG...]\n");
		return 1;
	}
	out = open_out(argv[1]);
	err = open_out(argv[2]);

	t0 = now();
	pid = fork();
	if (pid < 0) {
		perror("measure: fork");
		return 1;
	}
	if (pid == 0) {
		dup2(out, 1);
		dup2(err, 2);
		close(out);
		close(err);
		execvp(argv[3], argv + 3);
		fprintf(stderr, "measure: %s: %s\n", argv[3], strerror(errno));
		_exit(127);
	}
	close(out);
	close(err);

	/* No SA_RESTART: the timer interrupts wait4 so we can print progress. */
	if (every > 0) {
		struct itimerval it = { { every, 0 }, { every, 0 } };
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_alarm;
		sigaction(SIGALRM, &sa, NULL);
		setitimer(ITIMER_REAL, &it, NULL);
	}
	while (wait4(pid, &status, 0, &ru) < 0) {
		if (errno != EINTR) {
			perror("measure: wait4");
			return 1;
		}
		if (ticked) {
			ticked = 0;
			fprintf(stderr, "    ... %s still running, %.0f s\n",
				argv[3], now() - t0);
		}
	}
	if (every > 0) {
		struct itimerval off = { { 0, 0 }, { 0, 0 } };
		setitimer(ITIMER_REAL, &off, NULL);
	}
	printf("%d %.3f %ld\n",
	       WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status),
	       now() - t0, ru.ru_maxrss);
	return 0;
}
