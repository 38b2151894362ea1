/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* gfile: writing GNU gmon.out files from libtgmon, async-signal-safe.
 *
 * Layout written (x86-64, little-endian): the 20-byte header "gmon",
 * version 1, zero padding; histogram records (tag 0); arc records (tag 1).
 * The format's histogram counters are 16 bits and arc counts 32 bits, while
 * ours are wider: a larger count is written as several records with the
 * same range or the same arc, which readers add up.
 *
 * Every file is made by the same rules (gsafe.c), whoever runs the program
 * (root, a set-user-ID program) and whoever else can write the directory:
 *
 * - A symbolic link at the name is never followed nor replaced (ELOOP);
 *   the directory part of the name is resolved as any path is.
 * - A regular file is never written in place: the data go to a new file
 *   in the same directory, unnamed (O_TMPFILE) or, where the file system
 *   cannot make one, under a random name created with O_EXCL|O_NOFOLLOW,
 *   and that file (checked with fstat: a regular file we made) is renamed
 *   over the name at the end.  A reader never sees half a file, a failure
 *   leaves no temporary file behind, and nothing planted at a temporary
 *   name is ever opened.
 * - The regular file at the name is replaced only when it belongs to the
 *   program's effective user (EPERM otherwise), checked just before the
 *   rename.
 * - A device, FIFO or socket at the name is written into only when the
 *   user or the program named the file (TGFILE_NAMED: TGMON_OUT,
 *   GMON_OUT_PREFIX, a path given to tgmon_dump) and it cannot have been
 *   planted: it belongs to the effective user, or to root in a directory
 *   only root can write (/dev/null).  Otherwise EPERM, and nothing is
 *   opened.  It is opened non-blocking: a FIFO nobody reads fails at once
 *   (ENXIO), and a file whose writes have waited for room TGFILE_STALL_MS
 *   in all fails (ETIMEDOUT) instead of holding the program.
 *
 * A failure returns an errno value; tgfile_errtext() says why in words,
 * more precisely than strerror for the refusals above. */
#ifndef TG_GFILE_H
#define TG_GFILE_H

#include <stddef.h>
#include <stdint.h>

/* How long the writes of a file into a device or FIFO may wait for room,
 * in all. */
#define TGFILE_STALL_MS 5000

/* tgfile_begin's FLAGS: the user or the program named this file. */
#define TGFILE_NAMED 1

struct tgfile {
	int fd;      /* the file written, -1 when none */
	int dirfd;   /* its directory (O_PATH), -1 when none */
	int err;     /* first errno seen, 0 if none */
	int how;     /* how it is written (gsafe.c) */
	int why;     /* a reason finer than errno's text, or 0 */
	size_t len;  /* bytes in buf */
	long waited; /* ms spent waiting for a device or FIFO to take data */
	char *name;  /* last component of PATH */
	char path[4096];
	char tmp[320]; /* the temporary name in the directory, "" when none */
	unsigned char buf[1 << 16];
};

/* Expand %p, %n (SEQ) and %% of PATTERN into OUT.  Returns 0, or -1 when
 * the result does not fit. */
int tgfile_name(char *out, size_t size, const char *pattern, unsigned seq);

/* Start writing the file PATH by the rules above, and write the gmon
 * header.  Returns 0 or an errno value (nothing is left open then). */
int tgfile_begin(struct tgfile *f, const char *path, int flags);

/* The same without the header, for other files written the same way. */
int tgfile_begin_raw(struct tgfile *f, const char *path, int flags);

/* N bytes from P, as they are. */
void tgfile_bytes(struct tgfile *f, const void *p, size_t n);

/* A histogram of N bins over [lowpc, highpc) sampled at RATE per second. */
void tgfile_hist(struct tgfile *f, uint64_t lowpc, uint64_t highpc, unsigned rate,
		 const uint32_t *bins, size_t n);

void tgfile_arc(struct tgfile *f, uint64_t from, uint64_t self, uint64_t count);

/* Flush, close and put the file in place.  Returns 0 once it is there,
 * or an errno value after removing what was written. */
int tgfile_end(struct tgfile *f);

/* Give up a file being written (its writer is gone): close it and remove
 * its temporary file.  Harmless on a file not begun. */
void tgfile_abandon(struct tgfile *f);

/* ERR (returned for F) in words. */
const char *tgfile_errtext(const struct tgfile *f, int err);

/* Remove the regular file PATH if it belongs to the effective user (a
 * stale file of an earlier run), using F; anything else is left alone. */
void tgfile_remove(struct tgfile *f, const char *path);

/* Write out the buffer (gfile.c fills it, gsafe.c writes it). */
void tgfile_flush(struct tgfile *f);

/* The decimal digits of V at the end of a 24-byte BUF; returns the first. */
char *tgfile_utoa(char *buf, uint64_t v);

#endif
