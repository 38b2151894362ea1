/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* gfile: the gmon.out writer of libtgmon (see gfile.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "gfile.h"
#include "core/profile/gmon_format.h"

#define HIDDEN __attribute__((visibility("hidden")))

/* Decimal digits of V at the end of a 24-byte BUF; returns the start. */
static char *utoa(char *buf, uint64_t v)
{
	char *p = buf + 23;

	*p = '\0';
	do
		*--p = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	return p;
}

static int put(char *out, size_t size, size_t *len, const char *s)
{
	size_t n = strlen(s);

	if (*len + n >= size)
		return -1;
	memcpy(out + *len, s, n);
	*len += n;
	return 0;
}

HIDDEN int tgfile_name(char *out, size_t size, const char *pattern, unsigned seq)
{
	size_t len = 0;
	char num[24], ch[2] = { 0, 0 };
	const char *p;

	for (p = pattern; *p; p++) {
		const char *s = ch;
		if (*p == '%' && p[1] == 'p') {
			s = utoa(num, (uint64_t)getpid());
			p++;
		} else if (*p == '%' && p[1] == 'n') {
			s = utoa(num, seq);
			p++;
		} else if (*p == '%' && p[1] == '%') {
			ch[0] = '%';
			p++;
		} else {
			ch[0] = *p;
		}
		if (put(out, size, &len, s) != 0)
			return -1;
	}
	if (len == 0)
		return -1;
	out[len] = '\0';
	return 0;
}

static void flush(struct tgfile *f)
{
	size_t off = 0;

	while (off < f->len && f->err == 0) {
		ssize_t w = write(f->fd, f->buf + off, f->len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			f->err = w < 0 ? errno : EIO;
		else
			off += (size_t)w;
	}
	f->len = 0;
}

static void bytes(struct tgfile *f, const void *p, size_t n)
{
	if (f->len + n > sizeof f->buf)
		flush(f);
	memcpy(f->buf + f->len, p, n);
	f->len += n;
}

static void u8(struct tgfile *f, unsigned v)
{
	unsigned char c = (unsigned char)v;

	bytes(f, &c, 1);
}

/* The format is in the executable's byte order; ours is x86-64's. */
static void u16(struct tgfile *f, uint16_t v)
{
	bytes(f, &v, 2);
}

static void u32(struct tgfile *f, uint32_t v)
{
	bytes(f, &v, 4);
}

static void u64(struct tgfile *f, uint64_t v)
{
	bytes(f, &v, 8);
}

/* Copy S (N bytes) to D at *LEN, keeping the terminator in SIZE. */
static int append(char *d, size_t size, size_t *len, const char *s, size_t n)
{
	if (*len + n >= size)
		return -1;
	memcpy(d + *len, s, n);
	*len += n;
	d[*len] = '\0';
	return 0;
}

/* The kernel's protected_symlinks rule: in a sticky world-writable
 * directory, a symlink is followed only when its owner is the follower or
 * the directory's owner.  DIRLEN bytes of PATH name the link's directory
 * (0: the current one). */
static int may_follow(const char *path, size_t dirlen, const struct stat *link)
{
	char dir[4096];
	struct stat ds;

	if (dirlen == 0)
		memcpy(dir, ".", 2);
	else {
		memcpy(dir, path, dirlen);
		dir[dirlen] = '\0';
	}
	if (stat(dir, &ds) != 0)
		return 0;
	if ((ds.st_mode & (S_ISVTX | S_IWOTH)) != (S_ISVTX | S_IWOTH))
		return 1;
	return link->st_uid == geteuid() || link->st_uid == ds.st_uid;
}

/* Follow symlinks at F->path (8 at most) so that F->path names the file
 * itself, and lstat it into ST.  Returns 0 (ST->st_mode 0 when nothing is
 * there) or an errno value. */
static int resolve(struct tgfile *f, struct stat *st)
{
	int depth;

	for (depth = 0;; depth++) {
		char link[4096];
		size_t dirlen, len;
		const char *slash;
		ssize_t n;

		if (lstat(f->path, st) != 0) {
			if (errno != ENOENT)
				return errno;
			st->st_mode = 0;
			return 0;
		}
		if (!S_ISLNK(st->st_mode))
			return 0;
		slash = strrchr(f->path, '/');
		dirlen = slash ? (size_t)(slash - f->path) + 1 : 0;
		if (depth == 8)
			return ELOOP;
		if (!may_follow(f->path, dirlen, st))
			return EACCES;
		n = readlink(f->path, link, sizeof link - 1);
		if (n <= 0)
			return n < 0 ? errno : ENOENT;
		link[n] = '\0';
		len = link[0] == '/' ? 0 : dirlen;
		f->path[len] = '\0';
		if (append(f->path, sizeof f->path, &len, link, (size_t)n) != 0)
			return ENAMETOOLONG;
	}
}

/* Open an existing device, FIFO or socket at F->path for writing in place:
 * O_NONBLOCK so that a FIFO nobody reads fails at once (ENXIO) instead of
 * hanging, then blocking writes. */
static int open_in_place(struct tgfile *f)
{
	struct stat st;
	int fl;

	do
		f->fd = open(f->path,
			     O_WRONLY | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW | O_CLOEXEC);
	while (f->fd < 0 && errno == EINTR);
	if (f->fd < 0)
		return errno;
	if (fstat(f->fd, &st) != 0 || S_ISREG(st.st_mode) || S_ISDIR(st.st_mode) ||
	    (fl = fcntl(f->fd, F_GETFL)) < 0 ||
	    fcntl(f->fd, F_SETFL, fl & ~O_NONBLOCK) < 0) {
		close(f->fd);
		f->fd = -1;
		return EAGAIN; /* replaced under our feet */
	}
	f->tmp[0] = '\0';
	return 0;
}

/* Create a new temporary file beside F->path: PATH.tmp.PID.RANDOM, made
 * with O_EXCL (which never follows a symlink), so a name planted by
 * someone else is skipped, never opened. */
static int open_temp(struct tgfile *f)
{
	char num[24];
	const char *pid;
	int tries;

	for (tries = 0; tries < 100; tries++) {
		uint64_t r = 0;
		struct timespec ts;
		size_t len = 0;
		int i;

		if (getrandom(&r, sizeof r, GRND_NONBLOCK) != (ssize_t)sizeof r) {
			clock_gettime(CLOCK_MONOTONIC, &ts);
			r ^= (uint64_t)ts.tv_nsec * 0x9e3779b97f4a7c15u +
			     (uint64_t)ts.tv_sec + (uint64_t)tries;
		}
		f->tmp[0] = '\0';
		if (append(f->tmp, sizeof f->tmp, &len, f->path, strlen(f->path)) ||
		    append(f->tmp, sizeof f->tmp, &len, ".tmp.", 5))
			return ENAMETOOLONG;
		pid = utoa(num, (uint64_t)getpid());
		if (append(f->tmp, sizeof f->tmp, &len, pid, strlen(pid)) ||
		    append(f->tmp, sizeof f->tmp, &len, ".", 1))
			return ENAMETOOLONG;
		for (i = 0; i < 12; i++) {
			char c = "0123456789abcdef"[(r >> (4 * i)) & 15];
			if (append(f->tmp, sizeof f->tmp, &len, &c, 1))
				return ENAMETOOLONG;
		}
		do
			f->fd = open(f->tmp,
				     O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
				     0666);
		while (f->fd < 0 && errno == EINTR);
		if (f->fd >= 0)
			return 0;
		if (errno != EEXIST)
			return errno;
	}
	return EEXIST;
}

HIDDEN int tgfile_begin(struct tgfile *f, const char *path)
{
	static const unsigned char zero[12];
	int err = tgfile_begin_raw(f, path);

	if (err != 0)
		return err;
	bytes(f, "gmon", 4);
	u32(f, 1);
	bytes(f, zero, sizeof zero);
	return 0;
}

HIDDEN void tgfile_bytes(struct tgfile *f, const void *p, size_t n)
{
	while (n > 0) {
		size_t k = n < sizeof f->buf ? n : sizeof f->buf;
		bytes(f, p, k);
		p = (const char *)p + k;
		n -= k;
	}
}

HIDDEN int tgfile_begin_raw(struct tgfile *f, const char *path)
{
	size_t n = strlen(path);
	struct stat st;
	int err;

	f->err = 0;
	f->len = 0;
	f->fd = -1;
	f->tmp[0] = '\0';
	if (n + 1 > sizeof f->path)
		return ENAMETOOLONG;
	memcpy(f->path, path, n + 1);
	err = resolve(f, &st);
	if (err == 0 && S_ISDIR(st.st_mode))
		err = EISDIR;
	else if (err == 0 && st.st_mode != 0 && !S_ISREG(st.st_mode))
		err = open_in_place(f);
	else if (err == 0)
		err = open_temp(f);
	return err;
}

HIDDEN void tgfile_hist(struct tgfile *f, uint64_t lowpc, uint64_t highpc, unsigned rate,
			const uint32_t *bins, size_t n)
{
	static const char dimen[15] = "seconds";
	uint32_t max = 0;
	size_t i;
	uint32_t done;

	for (i = 0; i < n; i++)
		if (bins[i] > max)
			max = bins[i];
	/* Record k holds what is left of each bin above k * 65535, capped. */
	done = 0;
	do {
		u8(f, GMON_TAG_TIME_HIST);
		u64(f, lowpc);
		u64(f, highpc);
		u32(f, (uint32_t)n);
		u32(f, rate);
		bytes(f, dimen, sizeof dimen);
		u8(f, 's');
		for (i = 0; i < n; i++) {
			uint32_t left = bins[i] > done ? bins[i] - done : 0;
			u16(f, (uint16_t)(left > 65535 ? 65535 : left));
		}
		done = max - done > 65535 ? done + 65535 : max;
	} while (done < max);
}

HIDDEN void tgfile_arc(struct tgfile *f, uint64_t from, uint64_t self, uint64_t count)
{
	while (count > 0) {
		uint32_t c = count > 0xffffffffu ? 0xffffffffu : (uint32_t)count;
		u8(f, GMON_TAG_CG_ARC);
		u64(f, from);
		u64(f, self);
		u32(f, c);
		count -= c;
	}
}

HIDDEN int tgfile_end(struct tgfile *f)
{
	flush(f);
	if (close(f->fd) != 0 && f->err == 0 && errno != EINTR)
		f->err = errno;
	f->fd = -1;
	if (f->tmp[0] == '\0')
		return f->err;
	if (f->err == 0 && rename(f->tmp, f->path) != 0)
		f->err = errno;
	if (f->err != 0)
		unlink(f->tmp);
	return f->err;
}
