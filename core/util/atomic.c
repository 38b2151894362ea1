/* SPDX-License-Identifier: GPL-3.0-or-later */
/* atomic: util_out_open() and util_write_file(), the one way tgprof writes
 * a file (the rule is in util.h).
 *
 * Why each step:
 *  - the directory is opened once and every later step names the file
 *    relative to it (fstatat, openat, renameat), so all of them see the
 *    same directory even when a component of the path is swapped meanwhile;
 *  - what is at the name is looked at without following a symbolic link
 *    (AT_SYMLINK_NOFOLLOW), and looked at again just before the rename, so
 *    a link, a directory or another user's file that appears meanwhile is
 *    still refused;
 *  - the temporary file gets an unpredictable name and is created with
 *    O_CREAT|O_EXCL|O_NOFOLLOW (pending.c), so nothing planted there is
 *    ever opened or followed, and it lives beside the target so that the
 *    rename is atomic (same file system);
 *  - a rename replaces the name, never writes into what it named: a
 *    planted hard link to another file only loses that name;
 *  - a device or FIFO is opened with O_NOFOLLOW|O_NONBLOCK, and fstat of
 *    the descriptor must show the inode that was looked at: the open can
 *    neither follow a link swapped in nor hang on a FIFO without a reader;
 *  - a file written without "replace" (UTIL_WRITE_NEW) is renamed with
 *    RENAME_NOREPLACE (link() where the file system lacks it), so a file
 *    created meanwhile is not lost either. */
#define _GNU_SOURCE 1
#include "config.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* How long a FIFO named as the output may go without a reader opening it,
 * and then without taking any of what is written, in milliseconds. */
#define FIFO_OPEN_MS  5000
#define FIFO_STALL_MS 5000

struct util_out {
	FILE *f;
	char *path;   /* as given, for messages */
	char *base;   /* its last component, in dirfd */
	int dirfd;    /* the directory; -1 when written in place */
	int tmp;      /* pending.c's number of the temporary file, or -1 */
	int fd;       /* what f writes to */
	int flags;    /* UTIL_WRITE_* */
	int own_f;    /* f is ours to close (not stdout) */
	int fifo;     /* a FIFO written in place: writes time out */
	int root_dir; /* the directory: only root can write it */
	int timed_out;
	int fifo_errno; /* the FIFO's first write error */
	long written;   /* into the FIFO */
	int pipe_saved; /* SIGPIPE ignored while writing into the FIFO */
	struct sigaction old_pipe;
	mode_t mode; /* of the file renamed into place */
};

static void out_free(struct util_out *w)
{
	if (w->dirfd >= 0)
		close(w->dirfd);
	if (w->pipe_saved)
		sigaction(SIGPIPE, &w->old_pipe, NULL);
	free(w->path);
	free(w->base);
	free(w);
}

/* The descriptor a name of tgprof's own streams stands for ("/dev/stdout",
 * "/dev/fd/3", "/proc/self/fd/1"), or -1. */
static int stream_name(const char *path)
{
	static const char *const fd_dirs[] = { "/dev/fd/", "/proc/self/fd/" };

	if (strcmp(path, "/dev/stdout") == 0)
		return 1;
	if (strcmp(path, "/dev/stderr") == 0)
		return 2;
	for (size_t i = 0; i < 2; i++) {
		size_t n = strlen(fd_dirs[i]);
		char *end;
		if (strncmp(path, fd_dirs[i], n) != 0 || path[n] < '0' || path[n] > '9')
			continue;
		long fd = strtol(path + n, &end, 10);
		if (*end == 0 && fd >= 0 && fd < 1 << 20)
			return (int)fd;
	}
	return -1;
}

enum { REPLACE, IN_PLACE, REFUSE };

static const char *kind(mode_t m)
{
	return S_ISFIFO(m)                ? "a FIFO"
	       : S_ISCHR(m) || S_ISBLK(m) ? "a device"
	       : S_ISSOCK(m)              ? "a socket"
					  : "not a regular file";
}

/* What to do with ST, found at W's name: the rule of util.h. */
static int judge(const struct util_out *w, const struct stat *st, char *msg,
		 size_t msglen, int *exists)
{
	uid_t me = geteuid();

	if (S_ISLNK(st->st_mode)) {
		util_msg(msg, msglen,
			 "%s: is a symbolic link: tgprof does not write through one "
			 "(name the file it points to)",
			 w->path);
		return REFUSE;
	}
	if (S_ISDIR(st->st_mode)) {
		util_msg(msg, msglen, "%s: is a directory", w->path);
		return REFUSE;
	}
	if (S_ISREG(st->st_mode)) {
		if (st->st_uid != me) {
			util_msg(msg, msglen,
				 "%s: belongs to another user (uid %lu); not replacing "
				 "it",
				 w->path, (unsigned long)st->st_uid);
			return REFUSE;
		}
		if (w->flags & UTIL_WRITE_NEW) {
			util_msg(msg, msglen, "%s: file exists", w->path);
			*exists = 1;
			return REFUSE;
		}
		return REPLACE;
	}
	if (S_ISSOCK(st->st_mode) || !(w->flags & UTIL_WRITE_NAMED)) {
		util_msg(msg, msglen,
			 "%s: is %s: tgprof writes into a FIFO or a device only when it "
			 "is named as the output",
			 w->path, kind(st->st_mode));
		return REFUSE;
	}
	/* root's own devices (/dev/null, /dev/tty) are fine where only root
	 * can have put them */
	if (st->st_uid != me && !(st->st_uid == 0 && w->root_dir)) {
		util_msg(msg, msglen,
			 "%s: is %s of another user (uid %lu); not writing into it",
			 w->path, kind(st->st_mode), (unsigned long)st->st_uid);
		return REFUSE;
	}
	return IN_PLACE;
}

/* fopencookie's write for a FIFO opened non-blocking: waits for room at
 * most FIFO_STALL_MS each time. */
static ssize_t fifo_write(void *cookie, const char *buf, size_t n)
{
	struct util_out *w = cookie;
	size_t done = 0;

	if (w->fifo_errno) {
		/* stdio tries again at every full buffer: one wait is enough */
		errno = w->fifo_errno;
		return -1;
	}
	while (done < n) {
		ssize_t k = write(w->fd, buf + done, n - done);
		if (k > 0) {
			done += (size_t)k;
			continue;
		}
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0 && errno == EAGAIN) {
			struct pollfd p = { w->fd, POLLOUT, 0 };
			int r = poll(&p, 1, FIFO_STALL_MS);
			if (r == 0) {
				w->timed_out = 1;
				errno = ETIMEDOUT;
				break;
			}
			if (r < 0 && errno != EINTR)
				break;
			continue;
		}
		break;
	}
	if (done < n)
		w->fifo_errno = errno ? errno : EIO;
	w->written += (long)done;
	return done ? (ssize_t)done : -1;
}

static int fifo_close(void *cookie)
{
	struct util_out *w = cookie;
	return close(w->fd);
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	nanosleep(&ts, NULL);
}

/* Open the device or FIFO at W's name, which lstat showed as ST. */
static int open_in_place(struct util_out *w, const struct stat *st, char *msg,
			 size_t msglen)
{
	int flags = O_WRONLY | O_NOCTTY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK;
	int fd = -1;
	struct stat now;

	for (long waited = 0;; waited += 20) {
		fd = openat(w->dirfd, w->base, flags);
		if (fd >= 0 || errno != ENXIO || !S_ISFIFO(st->st_mode))
			break;
		if (waited >= FIFO_OPEN_MS) {
			util_msg(msg, msglen,
				 "%s: nobody opened the FIFO for reading in %d s",
				 w->path, FIFO_OPEN_MS / 1000);
			return -1;
		}
		sleep_ms(20);
	}
	if (fd < 0) {
		util_msg(msg, msglen, "%s: %s", w->path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &now) != 0 || now.st_dev != st->st_dev ||
	    now.st_ino != st->st_ino) {
		util_msg(msg, msglen, "%s: replaced while being opened; not writing",
			 w->path);
		close(fd);
		return -1;
	}
	w->fd = fd;
	w->own_f = 1;
	if (!S_ISFIFO(now.st_mode)) {
		fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
		w->f = fdopen(fd, "w");
	} else {
		cookie_io_functions_t io = { NULL, fifo_write, NULL, fifo_close };
		struct sigaction ign;
		w->fifo = 1;
		w->f = fopencookie(w, "w", io);
		/* a reader that goes away is an error message, not death by
		 * SIGPIPE (the browser would leave the terminal raw) */
		memset(&ign, 0, sizeof ign);
		ign.sa_handler = SIG_IGN;
		w->pipe_saved = sigaction(SIGPIPE, &ign, &w->old_pipe) == 0;
	}
	if (!w->f) {
		util_msg(msg, msglen, "%s: %s", w->path, strerror(errno));
		close(fd);
		return -1;
	}
	return 0;
}

/* Standard output, or one of tgprof's descriptors by its name. */
static int open_stream(struct util_out *w, int fd, char *msg, size_t msglen)
{
	int fl;

	if (fd == 1 && !w->path) {
		w->f = stdout;
		w->fd = 1;
		return 0;
	}
	if ((fl = fcntl(fd, F_GETFL)) < 0 || (fl & O_ACCMODE) == O_RDONLY) {
		util_msg(msg, msglen, "%s: descriptor %d is not open for writing",
			 w->path, fd);
		return -1;
	}
	if (fd == 1) {
		/* the stream tgprof prints its reports to, in order */
		fflush(stdout);
		w->f = stdout;
		w->fd = 1;
		return 0;
	}
	w->fd = fcntl(fd, F_DUPFD_CLOEXEC, 3);
	if (w->fd < 0 || !(w->f = fdopen(w->fd, "w"))) {
		util_msg(msg, msglen, "%s: %s", w->path, strerror(errno));
		if (w->fd >= 0)
			close(w->fd);
		return -1;
	}
	w->own_f = 1;
	return 0;
}

/* Split PATH into W's directory (opened) and base name. */
static int open_dir(struct util_out *w, char *msg, size_t msglen)
{
	const char *slash = strrchr(w->path, '/');
	char *dir;

	if (!slash) {
		dir = xstrdup(".");
		w->base = xstrdup(w->path);
	} else {
		size_t n = slash == w->path ? 1 : (size_t)(slash - w->path);
		dir = xmalloc(n + 1);
		memcpy(dir, w->path, n);
		dir[n] = 0;
		w->base = xstrdup(slash + 1);
	}
	if (!*w->base || strcmp(w->base, ".") == 0 || strcmp(w->base, "..") == 0) {
		util_msg(msg, msglen, "%s: is a directory", w->path);
		free(dir);
		return -1;
	}
	struct stat st;
	w->dirfd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (w->dirfd < 0)
		util_msg(msg, msglen, "%s: cannot open its directory %s: %s", w->path,
			 dir, strerror(errno));
	else
		w->root_dir = fstat(w->dirfd, &st) == 0 && st.st_uid == 0 &&
			      !(st.st_mode & 022);
	free(dir);
	return w->dirfd < 0 ? -1 : 0;
}

struct util_out *util_out_open(const char *path, int flags, int *status, char *msg,
			       size_t msglen)
{
	struct util_out *w = xcalloc(1, sizeof *w);
	struct stat st, tst;
	int exists = 0, how = REPLACE, fd;

	w->dirfd = w->tmp = w->fd = -1;
	w->flags = flags;
	*status = -1;
	if (path && !*path) {
		util_msg(msg, msglen, "no file name given");
		free(w);
		return NULL;
	}
	w->path = path ? xstrdup(path) : NULL;
	if (!path || (fd = stream_name(path)) >= 0) {
		if (open_stream(w, path ? fd : 1, msg, msglen) < 0)
			goto fail;
		return w;
	}
	if (open_dir(w, msg, msglen) < 0)
		goto fail;
	if (fstatat(w->dirfd, w->base, &st, AT_SYMLINK_NOFOLLOW) == 0) {
		how = judge(w, &st, msg, msglen, &exists);
		if (how == REFUSE) {
			if (exists)
				*status = UTIL_WRITE_EXISTS;
			goto fail;
		}
		if (how == IN_PLACE) {
			if (open_in_place(w, &st, msg, msglen) < 0)
				goto fail;
			return w;
		}
		w->mode = st.st_mode & 0777;
	} else if (errno != ENOENT) {
		util_msg(msg, msglen, "%s: %s", w->path, strerror(errno));
		goto fail;
	} else {
		mode_t um = umask(0);
		umask(um);
		w->mode = (flags & UTIL_WRITE_PRIVATE ? 0600 : 0666) & ~um;
	}
	w->fd = util_tmp_create(w->dirfd, 0600, &w->tmp);
	if (w->fd < 0) {
		util_msg(msg, msglen, "%s: cannot create a temporary file beside it: %s",
			 w->path, strerror(errno));
		goto fail;
	}
	if (fstat(w->fd, &tst) != 0 || !S_ISREG(tst.st_mode) || tst.st_nlink != 1) {
		util_msg(msg, msglen, "%s: the temporary file beside it is not new",
			 w->path);
		goto fail;
	}
	if (!(w->f = fdopen(w->fd, "w"))) {
		util_msg(msg, msglen, "%s: %s", w->path, strerror(errno));
		goto fail;
	}
	w->own_f = 1;
	/* big exports (100 MB of JSON) write faster in big blocks */
	setvbuf(w->f, NULL, _IOFBF, 1 << 20);
	*status = 0;
	return w;
fail:
	if (w->tmp >= 0) {
		util_tmp_remove(w->tmp);
		if (!w->f && w->fd >= 0)
			close(w->fd);
	}
	out_free(w);
	return NULL;
}

FILE *util_out_file(const struct util_out *w)
{
	return w->f;
}

/* Rename W's temporary file over its name, after looking at the name
 * again: whatever came there meanwhile gets the same rule. */
static int commit(struct util_out *w, char *msg, size_t msglen)
{
	struct stat st;
	int exists = 0, e;

	if (fstatat(w->dirfd, w->base, &st, AT_SYMLINK_NOFOLLOW) == 0) {
		int how = judge(w, &st, msg, msglen, &exists);
		if (how == IN_PLACE)
			util_msg(msg, msglen,
				 "%s: became %s while written; not replacing it", w->path,
				 kind(st.st_mode));
		if (how != REPLACE)
			return exists ? UTIL_WRITE_EXISTS : -1;
	}
	e = util_tmp_commit(w->tmp, w->base, w->flags & UTIL_WRITE_NEW);
	w->tmp = -1;
	if (e == EEXIST && (w->flags & UTIL_WRITE_NEW)) {
		util_msg(msg, msglen, "%s: file exists", w->path);
		return UTIL_WRITE_EXISTS;
	}
	if (e) {
		util_msg(msg, msglen, "%s: error writing: %s", w->path,
			 e == EINTR ? "interrupted" : strerror(e));
		return -1;
	}
	return 0;
}

int util_out_close(struct util_out *w, int failed, long *size, char *msg, size_t msglen)
{
	int e = failed, r = 0;

	if (fflush(w->f) != 0 || ferror(w->f))
		e = e ? e : errno ? errno : EIO;
	if (size) {
		long pos = w->fifo ? w->written : ftell(w->f);
		*size = pos < 0 ? 0 : pos;
	}
	if (w->tmp >= 0 && fchmod(w->fd, w->mode) != 0 && !e)
		e = errno;
	if (w->own_f && fclose(w->f) != 0 && !e)
		e = errno ? errno : EIO;
	if (e) {
		const char *name = w->path ? w->path : "standard output";
		if (w->timed_out)
			util_msg(msg, msglen,
				 "%s: error writing: nobody read the FIFO for %d s", name,
				 FIFO_STALL_MS / 1000);
		else
			util_msg(msg, msglen, "%s: error writing: %s", name, strerror(e));
		r = -1;
	} else if (w->tmp >= 0) {
		r = commit(w, msg, msglen);
	}
	if (w->tmp >= 0)
		util_tmp_remove(w->tmp);
	out_free(w);
	return r;
}

int util_write_file(const char *path, int flags, int (*fill)(FILE *out, void *ctx),
		    void *ctx, long *size, char *msg, size_t msglen)
{
	int status;
	struct util_out *w = util_out_open(path, flags, &status, msg, msglen);

	if (size)
		*size = 0;
	if (!w)
		return status;
	int r = fill(util_out_file(w), ctx);
	int e = r != 0 ? (errno ? errno : EIO) : 0;
	return util_out_close(w, e, size, msg, msglen);
}
