/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* tgprof-ctl: ask a running program profiled with libtgmon to dump, reset,
 * or turn its profiling on or off, without stopping it.
 *
 * The program listens only when started with TGMON_SIGNAL set; we find
 * the signal in its initial environment (/proc/PID/environ) unless -s
 * names it, check in /proc/PID/status that it catches that signal, send
 * the command with sigqueue() and wait for the answer (see ctlproto.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ctlproto.h"

#define MAX_TIMEOUT 86400

static const struct {
	const char *name;
	int cmd;
} commands[] = {
	{ "dump", TGCTL_DUMP }, { "snap", TGCTL_SNAP }, { "reset", TGCTL_RESET },
	{ "on", TGCTL_ON },     { "off", TGCTL_OFF },
};

/* "tgprof-ctl: MESSAGE" and exit with STATUS (1 failure, 2 usage). */
static void __attribute__((noreturn, format(printf, 2, 3)))
fail(int status, const char *fmt, ...)
{
	va_list ap;

	fputs("tgprof-ctl: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(status);
}

#define die(...)       fail(1, __VA_ARGS__)
#define bad_usage(...) fail(2, __VA_ARGS__)

static void __attribute__((noreturn)) usage(int status)
{
	fprintf(status ? stderr : stdout, "usage: tgprof-ctl [-s SIGNAL] [-t SECONDS] "
					  "PID dump|snap|reset|on|off\n");
	exit(status);
}

/* Read a /proc file whole; NULL with errno set on failure. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t cap = 0, n = 0, got;

	if (f == NULL)
		return NULL;
	do {
		if (n + 4096 + 1 > cap) {
			char *nb = realloc(buf, cap = cap * 2 + 8192);
			if (nb == NULL)
				die("out of memory");
			buf = nb;
		}
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
	} while (got > 0);
	fclose(f);
	buf[n] = '\0';
	*len = n;
	return buf;
}

static int signal_from_environ(long pid)
{
	char path[64], *env, *p;
	size_t len;
	int sig = 0;

	snprintf(path, sizeof path, "/proc/%ld/environ", pid);
	env = slurp(path, &len);
	if (env == NULL) {
		if (errno == ENOENT)
			die("no process %ld", pid);
		die("%s: %s (name the program's signal with -s)", path, strerror(errno));
	}
	for (p = env; p < env + len; p += strlen(p) + 1) {
		if (strncmp(p, "TGMON_SIGNAL=", 13) == 0) {
			sig = tgctl_parse_signal(p + 13);
			if (sig == 0)
				die("process %ld has %s, which names no signal", pid, p);
		}
	}
	free(env);
	if (sig == 0)
		die("process %ld was not started with TGMON_SIGNAL set, so libtgmon "
		    "does not listen; use -s SIGNAL if it was set later",
		    pid);
	return sig;
}

/* The text of /proc/PID/status (PATH gets its name, for messages); dies
 * when there is no such process or it cannot be read. */
static char *proc_status(long pid, char *path, size_t pathlen)
{
	char *status;
	size_t len;

	snprintf(path, pathlen, "/proc/%ld/status", pid);
	status = slurp(path, &len);
	if (status == NULL) {
		if (errno == ENOENT)
			die("no process %ld", pid);
		die("%s: %s", path, strerror(errno));
	}
	return status;
}

static void check_caught(long pid, int sig)
{
	char path[64], *status, *line;
	unsigned long long mask;

	status = proc_status(pid, path, sizeof path);
	line = strstr(status, "\nSigCgt:");
	if (line == NULL || sscanf(line + 8, "%llx", &mask) != 1)
		die("%s: no SigCgt line", path);
	free(status);
	if (!(mask & (1ULL << (sig - 1))))
		die("process %ld does not catch signal %d (%s): is it compiled with "
		    "-pg and running with libtgmon?",
		    pid, sig, strsignal(sig));
}

/* libtgmon obeys only requests from its real or effective user (the
 * kernel's si_uid is our real uid): say so before sending anything. */
static void check_uid(long pid)
{
	char path[64], *status, *line;
	unsigned long ruid, euid;

	status = proc_status(pid, path, sizeof path);
	line = strstr(status, "\nUid:");
	if (line == NULL || sscanf(line + 5, "%lu %lu", &ruid, &euid) != 2)
		die("%s: no Uid line", path);
	free(status);
	if (getuid() != ruid && getuid() != euid)
		die("process %ld runs as uid %lu (effective %lu) and libtgmon obeys "
		    "only its own user; run tgprof-ctl as uid %lu",
		    pid, ruid, euid, ruid);
}

/* Requests to one process are made one at a time, so that several
 * tgprof-ctl at once are not merged into one signal: the kernel keeps only
 * one pending instance of a standard signal.  The lock is taken on the
 * process's /proc/PID/environ, which only its own user (while it is
 * dumpable) and root can open, so no other user can hold it and block us.
 * Returns the descriptor that holds the lock, or -1 when the file cannot be
 * opened (a process made not dumpable): requests then go unserialized. */
static int lock_target(long pid, double timeout)
{
	struct timespec ms10 = { 0, 10000000 };
	double waited = 0;
	char path[64];
	int fd;

	snprintf(path, sizeof path, "/proc/%ld/environ", pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		if (errno == ENOENT || errno == ESRCH)
			die("no process %ld", pid);
		if (errno == EACCES || errno == EPERM)
			return -1;
		die("%s: %s", path, strerror(errno));
	}
	while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
		if (errno != EWOULDBLOCK && errno != EINTR)
			die("%s: cannot lock: %s", path, strerror(errno));
		if (waited >= timeout)
			die("no answer from process %ld within %g s: other requests "
			    "to it are still waiting",
			    pid, timeout);
		nanosleep(&ms10, NULL);
		waited += 0.01;
	}
	return fd;
}

int main(int argc, char **argv)
{
	const char *cmdname;
	double timeout = 5;
	long pid;
	int sig = 0, cmd = 0, opt;
	size_t i;
	char *end;
	sigset_t set;
	struct timespec start, now;

	while ((opt = getopt(argc, argv, "hs:t:")) != -1) {
		switch (opt) {
		case 's':
			sig = tgctl_parse_signal(optarg);
			if (sig == 0)
				bad_usage("-s %s: not a signal name or number", optarg);
			break;
		case 't':
			timeout = strtod(optarg, &end);
			if (*end != '\0' || end == optarg || !(timeout > 0) ||
			    timeout > MAX_TIMEOUT)
				bad_usage("-t %s: not a number of seconds from 0 to %d",
					  optarg, MAX_TIMEOUT);
			break;
		case 'h': usage(0);
		default: usage(2);
		}
	}
	if (argc - optind != 2)
		usage(2);
	pid = strtol(argv[optind], &end, 10);
	if (*argv[optind] == '\0' || *end != '\0' || pid <= 0)
		bad_usage("%s: not a process id", argv[optind]);
	cmdname = argv[optind + 1];
	for (i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(cmdname, commands[i].name) == 0)
			cmd = commands[i].cmd;
	if (cmd == 0)
		bad_usage("%s: unknown command (dump, snap, reset, on, off)", cmdname);
	check_uid(pid);
	if (sig == 0)
		sig = signal_from_environ(pid);
	check_caught(pid, sig);
	lock_target(pid, timeout);

	/* The answer comes as the same signal: block it and wait. */
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_BLOCK, &set, NULL);
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		union sigval v;
		siginfo_t si;
		double left;
		struct timespec wait;

		v.sival_int = TGCTL_REQUEST(cmd);
		if (sigqueue((pid_t)pid, sig, v) != 0)
			die("cannot signal process %ld: %s", pid, strerror(errno));
		for (;;) {
			clock_gettime(CLOCK_MONOTONIC, &now);
			left = timeout - (now.tv_sec - start.tv_sec) -
			       (now.tv_nsec - start.tv_nsec) / 1e9;
			if (left <= 0)
				die("no answer from process %ld within %g s", pid,
				    timeout);
			wait.tv_sec = (time_t)left;
			wait.tv_nsec = (long)((left - (double)wait.tv_sec) * 1e9);
			if (sigtimedwait(&set, &si, &wait) < 0)
				continue;
			if (si.si_code == SI_QUEUE && si.si_pid == pid &&
			    (si.si_value.sival_int & ~0xff) == TGCTL_REPLY(cmd, 0))
				break;
		}
		switch (si.si_value.sival_int & 0xff) {
		case TGCTL_OK: return 0;
		case TGCTL_BUSY: {
			struct timespec ms10 = { 0, 10000000 };
			nanosleep(&ms10, NULL);
			continue;
		}
		case TGCTL_FAILED:
			die("process %ld could not %s (its standard error says why)", pid,
			    cmdname);
		default:
			die("process %ld could not %s: %s%s", pid, cmdname,
			    strerror((si.si_value.sival_int & 0xff) - TGCTL_ERRNO),
			    cmd == TGCTL_SNAP ? " (its counts go into the next file)"
					      : "");
		}
	}
}
