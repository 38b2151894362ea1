/* SPDX-License-Identifier: GPL-3.0-or-later */
/* atomic: util_write_file(), the one way tgprof writes an output file (see
 * util.h).
 *
 * Why each step:
 *  - the temporary file is made with mkstemp() (O_CREAT|O_EXCL), so an
 *    existing name there, a symbolic link included, is never opened or
 *    followed; it lives in the target's own directory so that rename() is
 *    atomic (same file system);
 *  - an existing target that is a symbolic link is resolved first, so the
 *    link stays and the file it names is replaced;
 *  - an existing target that is not a regular file (a terminal,
 *    /dev/stdout on a pipe, a FIFO, /dev/null) cannot be "replaced": it is
 *    opened and written in place, which is what the user means;
 *  - a replaced file keeps its permission bits; a new one gets 0666 less
 *    the umask, as fopen() would give it. */
#define _GNU_SOURCE 1
#include "config.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Run FILL on OUT, flush, and check the stream; 0 or an errno value. */
static int fill_stream(FILE *out, int (*fill)(FILE *, void *), void *ctx, long *size)
{
	int r = fill(out, ctx);
	int e = errno;

	if (fflush(out) != 0 || ferror(out))
		return errno ? errno : EIO;
	if (r != 0)
		return e ? e : EIO;
	if (size) {
		long pos = ftell(out);
		*size = pos < 0 ? 0 : pos;
	}
	return 0;
}

/* The directory part of PATH ("." when none). */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	char *d = xmalloc((size_t)(slash - path) + 1);
	memcpy(d, path, (size_t)(slash - path));
	d[slash - path] = 0;
	return d;
}

static int write_in_place(const char *path, int (*fill)(FILE *, void *), void *ctx,
			  long *size, char *msg, size_t msglen)
{
	int fd = open(path, O_WRONLY | O_NOCTTY);
	if (fd < 0) {
		util_msg(msg, msglen, "%s: %s", path, strerror(errno));
		return -1;
	}
	FILE *out = fdopen(fd, "w");
	if (!out) {
		util_msg(msg, msglen, "%s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	int e = fill_stream(out, fill, ctx, size);
	if (fclose(out) != 0 && !e)
		e = errno ? errno : EIO;
	if (e) {
		util_msg(msg, msglen, "%s: error writing: %s", path, strerror(e));
		return -1;
	}
	return 0;
}

static int write_replace(const char *path, const struct stat *old,
			 int (*fill)(FILE *, void *), void *ctx, long *size, char *msg,
			 size_t msglen)
{
	char *real = old ? realpath(path, NULL) : NULL;
	const char *target = real ? real : path;
	char *dir = dir_of(target);
	char *tmp = xmalloc(strlen(dir) + 32);
	int e = 0;

	sprintf(tmp, "%s/.tgprof-tmp.XXXXXX", dir);
	free(dir);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		util_msg(msg, msglen, "%s: cannot create a temporary file beside it: %s",
			 path, strerror(errno));
		free(tmp);
		free(real);
		return -1;
	}
	mode_t mode;
	if (old) {
		mode = old->st_mode & 07777;
	} else {
		mode_t um = umask(0);
		umask(um);
		mode = 0666 & ~um;
	}
	(void)fchmod(fd, mode); /* not fatal: the content is still right */
	util_write_pending(tmp);
	FILE *out = fdopen(fd, "w");
	if (!out) {
		e = errno;
		close(fd);
	} else {
		/* big exports (100 MB of JSON) write faster in big blocks */
		setvbuf(out, NULL, _IOFBF, 1 << 20);
		e = fill_stream(out, fill, ctx, size);
		if (fclose(out) != 0 && !e)
			e = errno ? errno : EIO;
	}
	if (!e && rename(tmp, target) != 0)
		e = errno;
	util_write_pending(NULL);
	if (e) {
		unlink(tmp);
		util_msg(msg, msglen, "%s: error writing: %s", path, strerror(e));
	}
	free(tmp);
	free(real);
	return e ? -1 : 0;
}

int util_write_file(const char *path, int (*fill)(FILE *out, void *ctx), void *ctx,
		    long *size, char *msg, size_t msglen)
{
	struct stat st;

	if (size)
		*size = 0;
	if (!path) {
		int e = fill_stream(stdout, fill, ctx, size);
		if (e) {
			util_msg(msg, msglen, "error writing to standard output: %s",
				 strerror(e));
			return -1;
		}
		return 0;
	}
	if (!*path) {
		util_msg(msg, msglen, "no file name given");
		return -1;
	}
	if (stat(path, &st) == 0) {
		if (S_ISDIR(st.st_mode)) {
			util_msg(msg, msglen, "%s: is a directory", path);
			return -1;
		}
		if (!S_ISREG(st.st_mode))
			return write_in_place(path, fill, ctx, size, msg, msglen);
		return write_replace(path, &st, fill, ctx, size, msg, msglen);
	}
	return write_replace(path, NULL, fill, ctx, size, msg, msglen);
}
