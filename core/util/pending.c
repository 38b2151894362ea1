/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pending: the temporary files of writes in progress (util.h), removed when
 * tgprof dies of SIGINT, SIGTERM, SIGHUP or SIGQUIT, or through util_die().
 *
 * How:
 *  - each temporary file is recorded as its directory's descriptor and its
 *    name in that directory, in a fixed table (no allocation), so that the
 *    handler needs only unlinkat(), sigaction() and raise(), all
 *    async-signal-safe;
 *  - the handlers are installed while a temporary file exists, over what
 *    was there (the browser's, which gives the terminal back, or the
 *    default action), and never over a signal that is ignored (nohup):
 *    tgprof goes on living then, and so does its temporary file;
 *  - the handler removes the files, puts the earlier action back and
 *    raises the signal again: it is delivered when the handler returns, so
 *    the earlier action runs and tgprof dies of the signal as before;
 *  - creating a file and recording it, and renaming it and forgetting it,
 *    happen with those signals blocked: no signal sees a file that exists
 *    and is not recorded, or a recorded name that is already the final
 *    file. */
#define _GNU_SOURCE 1
#include "config.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#define NSLOTS 8

static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
#define NSIGS (sizeof sigs / sizeof sigs[0])

static struct slot {
	volatile sig_atomic_t used;
	int dirfd;
	char name[UTIL_TMP_NAME_MAX];
} slots[NSLOTS];
static struct sigaction saved[NSIGS];
static char installed[NSIGS];

static void remove_all(void)
{
	for (int i = 0; i < NSLOTS; i++)
		if (slots[i].used) {
			unlinkat(slots[i].dirfd, slots[i].name, 0);
			slots[i].used = 0;
		}
}

static void on_signal(int sig)
{
	int e = errno;

	remove_all();
	for (size_t i = 0; i < NSIGS; i++)
		if (sigs[i] == sig && installed[i]) {
			sigaction(sig, &saved[i], NULL);
			installed[i] = 0;
		}
	raise(sig);
	errno = e;
}

static void block(sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	for (size_t i = 0; i < NSIGS; i++)
		sigaddset(&set, sigs[i]);
	sigprocmask(SIG_BLOCK, &set, old);
}

static void unblock(const sigset_t *old)
{
	sigprocmask(SIG_SETMASK, old, NULL);
}

static void install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < NSIGS; i++)
		sigaddset(&sa.sa_mask, sigs[i]);
	for (size_t i = 0; i < NSIGS; i++) {
		struct sigaction old;
		if (sigaction(sigs[i], NULL, &old) != 0 || old.sa_handler == SIG_IGN)
			continue;
		saved[i] = old;
		installed[i] = sigaction(sigs[i], &sa, NULL) == 0;
	}
}

/* Put back what was there, unless someone installed another handler over
 * ours meanwhile (the browser's terminal opens): that one stays. */
static void uninstall(void)
{
	for (size_t i = 0; i < NSIGS; i++) {
		struct sigaction cur;
		if (!installed[i])
			continue;
		installed[i] = 0;
		if (sigaction(sigs[i], NULL, &cur) == 0 && cur.sa_handler == on_signal)
			sigaction(sigs[i], &saved[i], NULL);
	}
}

static int any_used(void)
{
	for (int i = 0; i < NSLOTS; i++)
		if (slots[i].used)
			return 1;
	return 0;
}

/* S is gone (renamed, removed, or removed by a handler); the handlers go
 * with the last one. */
static void forget(struct slot *s)
{
	s->used = 0;
	if (!any_used())
		uninstall();
}

int util_tmp_create(int dirfd, unsigned mode, int *id)
{
	sigset_t old;
	struct slot *s = NULL;
	int fd = -1, e = EEXIST;

	block(&old);
	for (int i = 0; i < NSLOTS && !s; i++)
		if (!slots[i].used)
			s = &slots[i], *id = i;
	if (!s) {
		unblock(&old);
		errno = EMFILE;
		return -1;
	}
	for (int tries = 0; tries < 100 && fd < 0 && e == EEXIST; tries++) {
		unsigned char r[8];
		if (getrandom(r, sizeof r, 0) != (ssize_t)sizeof r) {
			e = errno ? errno : EIO;
			break;
		}
		snprintf(s->name, sizeof s->name,
			 ".tgprof-tmp.%02x%02x%02x%02x%02x%02x%02x%02x", r[0], r[1], r[2],
			 r[3], r[4], r[5], r[6], r[7]);
		fd = openat(dirfd, s->name,
			    O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC,
			    mode);
		e = fd < 0 ? errno : 0;
	}
	if (fd >= 0) {
		if (!any_used())
			install();
		s->dirfd = dirfd;
		s->used = 1;
	}
	unblock(&old);
	errno = e;
	return fd;
}

int util_tmp_commit(int id, const char *final, int noreplace)
{
	struct slot *s = &slots[id];
	sigset_t old;
	int r, e = 0;

	block(&old);
	if (!s->used) {
		/* removed by a signal whose handler let tgprof live */
		forget(s);
		unblock(&old);
		return EINTR;
	}
	if (noreplace) {
		r = renameat2(s->dirfd, s->name, s->dirfd, final, RENAME_NOREPLACE);
		if (r != 0 && (errno == EINVAL || errno == ENOSYS)) {
			/* a file system without RENAME_NOREPLACE: link() never
			 * replaces either */
			r = linkat(s->dirfd, s->name, s->dirfd, final, 0);
			if (r == 0)
				unlinkat(s->dirfd, s->name, 0);
		}
	} else {
		r = renameat(s->dirfd, s->name, s->dirfd, final);
	}
	if (r != 0) {
		e = errno;
		unlinkat(s->dirfd, s->name, 0);
	}
	forget(s);
	unblock(&old);
	return e;
}

void util_tmp_remove(int id)
{
	struct slot *s = &slots[id];
	sigset_t old;

	block(&old);
	if (s->used)
		unlinkat(s->dirfd, s->name, 0);
	forget(s);
	unblock(&old);
}

void util_write_abandon(void)
{
	sigset_t old;

	block(&old);
	for (int i = 0; i < NSLOTS; i++)
		if (slots[i].used) {
			unlinkat(slots[i].dirfd, slots[i].name, 0);
			forget(&slots[i]);
		}
	unblock(&old);
}
