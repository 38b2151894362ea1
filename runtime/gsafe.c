/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* gsafe: how libtgmon opens, writes and puts its files in place (the rules
 * are in gfile.h).
 *
 * Every name is looked up relative to the file's directory, opened once at
 * the start, so a directory renamed or replaced meanwhile changes nothing.
 * Async-signal-safe: system calls and our own string handling.  Callers
 * hold libtgmon's writing lock, with signals blocked and cancellation off
 * (control.c): a SIGPIPE raised by a write into a FIFO stays pending, and
 * is taken back here. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "gfile.h"

#define HIDDEN __attribute__((visibility("hidden")))

/* f->how */
enum { IN_PLACE = 1, UNNAMED, NAMED };

/* f->why */
enum { W_SYMLINK = 1, W_OWNER, W_NOTREG, W_PLANTED, W_NOREADER, W_STALL, W_CHANGED };

static int fail(struct tgfile *f, int why, int err)
{
	f->why = why;
	return err;
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* Open the directory of F->path (its symlinks followed, as for any path)
 * and point F->name at the last component. */
static int open_dir(struct tgfile *f)
{
	char *slash = strrchr(f->path, '/');
	const char *dir = ".";
	int err;

	f->name = slash ? slash + 1 : f->path;
	if (f->name[0] == '\0' || strcmp(f->name, ".") == 0 || strcmp(f->name, "..") == 0)
		return EISDIR;
	if (slash == f->path) {
		dir = "/";
	} else if (slash) {
		*slash = '\0';
		dir = f->path;
	}
	do
		f->dirfd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	while (f->dirfd < 0 && errno == EINTR);
	err = f->dirfd < 0 ? errno : 0;
	if (slash)
		*slash = '/';
	return err;
}

/* May the device or FIFO ST at the name be written into: could no other
 * user have put it there?  Ours, or root's in a directory of root's that
 * nobody else can write (/dev). */
static int trusted_node(const struct tgfile *f, const struct stat *st)
{
	struct stat ds;

	if (st->st_uid == geteuid())
		return 1;
	return st->st_uid == 0 && fstat(f->dirfd, &ds) == 0 && ds.st_uid == 0 &&
	       !(ds.st_mode & (S_IWGRP | S_IWOTH));
}

/* Open the device or FIFO ST at the name, non-blocking (tgfile_flush
 * waits for room itself), and check that it is still the one examined. */
static int open_in_place(struct tgfile *f, const struct stat *st)
{
	struct stat now;

	do
		f->fd = openat(f->dirfd, f->name,
			       O_WRONLY | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW | O_CLOEXEC);
	while (f->fd < 0 && errno == EINTR);
	if (f->fd < 0)
		return errno == ENXIO && S_ISFIFO(st->st_mode)
			       ? fail(f, W_NOREADER, ENXIO)
			       : errno;
	if (fstat(f->fd, &now) != 0 || now.st_dev != st->st_dev ||
	    now.st_ino != st->st_ino)
		return fail(f, W_CHANGED, EAGAIN);
	f->how = IN_PLACE;
	return 0;
}

static uint64_t random64(int salt)
{
	uint64_t r = 0;
	struct timespec ts;

	if (getrandom(&r, sizeof r, GRND_NONBLOCK) != (ssize_t)sizeof r) {
		clock_gettime(CLOCK_MONOTONIC, &ts);
		r ^= (uint64_t)ts.tv_nsec * 0x9e3779b97f4a7c15u + (uint64_t)ts.tv_sec +
		     (uint64_t)salt;
	}
	return r;
}

/* F->tmp = NAME (its first 200 bytes) ".tmp." PID "." 12 random hex
 * digits. */
static void temp_name(struct tgfile *f, int salt)
{
	char num[24];
	const char *pid = tgfile_utoa(num, (uint64_t)getpid());
	size_t n = strlen(f->name), len;
	uint64_t r = random64(salt);
	int i;

	if (n > 200)
		n = 200;
	memcpy(f->tmp, f->name, n);
	memcpy(f->tmp + n, ".tmp.", 5);
	len = n + 5;
	memcpy(f->tmp + len, pid, strlen(pid));
	len += strlen(pid);
	f->tmp[len++] = '.';
	for (i = 0; i < 12; i++)
		f->tmp[len++] = "0123456789abcdef"[(r >> (4 * i)) & 15];
	f->tmp[len] = '\0';
}

/* Is F->fd a regular file with NLINK names: one we made? */
static int made_by_us(struct tgfile *f, nlink_t nlink)
{
	struct stat st;

	return fstat(f->fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_nlink == nlink;
}

/* A new file under a temporary name: O_EXCL never opens what is there,
 * a symlink included. */
static int open_named(struct tgfile *f)
{
	int tries;

	for (tries = 0; tries < 100; tries++) {
		temp_name(f, tries);
		do
			f->fd = openat(f->dirfd, f->tmp,
				       O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
					       O_CLOEXEC,
				       0666);
		while (f->fd < 0 && errno == EINTR);
		if (f->fd >= 0) {
			f->how = NAMED;
			return made_by_us(f, 1) ? 0 : fail(f, W_CHANGED, EAGAIN);
		}
		if (errno != EEXIST)
			break;
	}
	f->tmp[0] = '\0';
	return errno;
}

/* A new file for the data: unnamed until it is complete, where the file
 * system can make one. */
static int open_new(struct tgfile *f)
{
	do
		f->fd = openat(f->dirfd, ".", O_TMPFILE | O_RDWR | O_CLOEXEC, 0666);
	while (f->fd < 0 && errno == EINTR);
	if (f->fd < 0) {
		if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)
			return errno;
		return open_named(f);
	}
	f->how = UNNAMED;
	return made_by_us(f, 0) ? 0 : fail(f, W_CHANGED, EAGAIN);
}

/* Copy the unnamed file F->fd into a new named one (no /proc to link it
 * through). */
static int copy_named(struct tgfile *f)
{
	int src = f->fd, err;
	off_t off = 0;

	f->fd = -1;
	err = open_named(f);
	while (err == 0) {
		ssize_t n = pread(src, f->buf, sizeof f->buf, off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			err = n < 0 ? errno : 0;
			break;
		}
		off += n;
		f->len = (size_t)n;
		tgfile_flush(f);
		err = f->err;
	}
	close(src);
	return err;
}

/* Give the complete unnamed file a temporary name. */
static int link_unnamed(struct tgfile *f)
{
	char proc[48] = "/proc/self/fd/", num[24];
	const char *fd = tgfile_utoa(num, (uint64_t)f->fd);
	int tries;

	memcpy(proc + 14, fd, strlen(fd) + 1);
	for (tries = 0; tries < 100; tries++) {
		temp_name(f, tries);
		if (linkat(AT_FDCWD, proc, f->dirfd, f->tmp, AT_SYMLINK_FOLLOW) == 0) {
			f->how = NAMED;
			return 0;
		}
		if (errno != EEXIST)
			break;
	}
	f->tmp[0] = '\0';
	if (errno == ENOENT || errno == EACCES || errno == ENOTDIR)
		return copy_named(f);
	return errno;
}

/* Put the complete new file in place of the name, if what is there now
 * may be replaced.  Its owner may be the effective user or, on a file
 * system that maps users (NFS, vfat), whoever owns the files we make. */
static int place(struct tgfile *f)
{
	struct stat mine, cur;
	int err;

	if (fstat(f->fd, &mine) != 0)
		return errno;
	if (f->how == UNNAMED && (err = link_unnamed(f)) != 0)
		return err;
	if (fstatat(f->dirfd, f->name, &cur, AT_SYMLINK_NOFOLLOW) == 0) {
		if (S_ISLNK(cur.st_mode))
			return fail(f, W_SYMLINK, ELOOP);
		if (S_ISDIR(cur.st_mode))
			return EISDIR;
		if (!S_ISREG(cur.st_mode))
			return fail(f, W_NOTREG, EPERM);
		if (cur.st_uid != geteuid() && cur.st_uid != mine.st_uid)
			return fail(f, W_OWNER, EPERM);
	} else if (errno != ENOENT) {
		return errno;
	}
	if (close(f->fd) != 0 && errno != EINTR) {
		f->fd = -1;
		return errno;
	}
	f->fd = -1;
	if (renameat(f->dirfd, f->tmp, f->dirfd, f->name) != 0)
		return errno;
	f->tmp[0] = '\0';
	return 0;
}

/* Open what the data go to, by what is at the name now. */
static int open_for(struct tgfile *f, int flags)
{
	struct stat st;

	if (fstatat(f->dirfd, f->name, &st, AT_SYMLINK_NOFOLLOW) != 0)
		return errno == ENOENT ? open_new(f) : errno;
	if (S_ISLNK(st.st_mode))
		return fail(f, W_SYMLINK, ELOOP);
	if (S_ISDIR(st.st_mode))
		return EISDIR;
	if (S_ISREG(st.st_mode))
		return open_new(f); /* its owner is checked before it is replaced */
	if (!(flags & TGFILE_NAMED))
		return fail(f, W_NOTREG, EPERM);
	if (!trusted_node(f, &st))
		return fail(f, W_PLANTED, EPERM);
	return open_in_place(f, &st);
}

HIDDEN int tgfile_begin_raw(struct tgfile *f, const char *path, int flags)
{
	size_t n = strlen(path);
	int err;

	f->fd = f->dirfd = -1;
	f->err = f->how = f->why = 0;
	f->len = 0;
	f->waited = 0;
	f->tmp[0] = '\0';
	if (n + 1 > sizeof f->path)
		return ENAMETOOLONG;
	memcpy(f->path, path, n + 1);
	err = open_dir(f);
	if (err == 0)
		err = open_for(f, flags);
	if (err != 0)
		tgfile_abandon(f);
	return err;
}

/* A SIGPIPE raised by our write, pending while signals are blocked, is
 * taken back: the program must not die of its profile's reader. */
static void drop_sigpipe(void)
{
	static const struct timespec zero;
	sigset_t pipe;

	sigemptyset(&pipe);
	sigaddset(&pipe, SIGPIPE);
	sigtimedwait(&pipe, NULL, &zero);
}

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The device or FIFO is full: wait for room, for TGFILE_STALL_MS in all
 * over the whole file, so a reader that takes a byte now and then cannot
 * hold the program either. */
static void wait_room(struct tgfile *f)
{
	struct pollfd p = { .fd = f->fd, .events = POLLOUT };
	long t0 = now_ms(), left = TGFILE_STALL_MS - f->waited;
	int r = 0;

	if (left > 0) {
		do
			r = poll(&p, 1, (int)left);
		while (r < 0 && errno == EINTR);
		f->waited += now_ms() - t0;
	}
	if (r == 0)
		f->err = fail(f, W_STALL, ETIMEDOUT);
	else if (r < 0)
		f->err = errno;
}

HIDDEN void tgfile_flush(struct tgfile *f)
{
	size_t off = 0;

	while (off < f->len && f->err == 0) {
		ssize_t w = write(f->fd, f->buf + off, f->len - off);
		if (w > 0) {
			off += (size_t)w;
		} else if (w < 0 && errno == EINTR) {
			continue;
		} else if (w < 0 && errno == EAGAIN && f->how == IN_PLACE) {
			wait_room(f);
		} else {
			f->err = w < 0 ? errno : EIO;
			if (f->err == EPIPE)
				drop_sigpipe();
		}
	}
	f->len = 0;
}

HIDDEN int tgfile_end(struct tgfile *f)
{
	tgfile_flush(f);
	if (f->how == IN_PLACE) {
		if (close(f->fd) != 0 && f->err == 0 && errno != EINTR)
			f->err = errno;
		f->fd = -1;
	} else if (f->err == 0) {
		f->err = place(f);
	}
	tgfile_abandon(f);
	return f->err;
}

HIDDEN void tgfile_abandon(struct tgfile *f)
{
	close_fd(&f->fd);
	if (f->how == NAMED && f->tmp[0] != '\0' && f->dirfd >= 0)
		unlinkat(f->dirfd, f->tmp, 0);
	f->tmp[0] = '\0';
	f->how = 0;
	close_fd(&f->dirfd);
}

HIDDEN void tgfile_remove(struct tgfile *f, const char *path)
{
	size_t n = strlen(path);
	struct stat st;

	f->fd = f->dirfd = -1;
	f->how = 0;
	f->tmp[0] = '\0';
	if (n + 1 > sizeof f->path)
		return;
	memcpy(f->path, path, n + 1);
	if (open_dir(f) == 0 &&
	    fstatat(f->dirfd, f->name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    S_ISREG(st.st_mode) && st.st_uid == geteuid())
		unlinkat(f->dirfd, f->name, 0);
	close_fd(&f->dirfd);
}

HIDDEN const char *tgfile_errtext(const struct tgfile *f, int err)
{
	static const char *const why[] = {
		[W_SYMLINK] = "a symbolic link, which libtgmon never follows",
		[W_OWNER] = "belongs to another user; libtgmon replaces only its own "
			    "user's files",
		[W_NOTREG] = "not a regular file; libtgmon writes into a device or FIFO "
			     "only when TGMON_OUT or the program names it",
		[W_PLANTED] = "a device or FIFO that another user may have put there; "
			      "not opened",
		[W_NOREADER] = "a FIFO that no process reads",
		[W_STALL] = "its reader left it full for 5 seconds",
		[W_CHANGED] = "replaced by something else while being opened",
	};
	const char *s;

	if (f->why > 0 && f->why < (int)(sizeof why / sizeof why[0]))
		return why[f->why];
	s = strerrordesc_np(err);
	return s ? s : "unknown error";
}
