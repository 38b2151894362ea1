/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* gfile: writing GNU gmon.out files from libtgmon, async-signal-safe.
 *
 * Layout written (x86-64, little-endian): the 20-byte header "gmon",
 * version 1, zero padding; histogram records (tag 0); arc records (tag 1).
 * The format's histogram counters are 16 bits and arc counts 32 bits, while
 * ours are wider: a larger count is written as several records with the
 * same range or the same arc, which readers add up. */
#ifndef TG_GFILE_H
#define TG_GFILE_H

#include <stddef.h>
#include <stdint.h>

struct tgfile {
	int fd;
	int err;    /* first errno seen, 0 if none */
	size_t len; /* bytes in buf */
	char path[4096];
	char tmp[4096 + 64]; /* "" when writing in place */
	unsigned char buf[1 << 16];
};

/* Expand %p, %n (SEQ) and %% of PATTERN into OUT.  Returns 0, or -1 when
 * the result does not fit. */
int tgfile_name(char *out, size_t size, const char *pattern, unsigned seq);

/* Start writing the file PATH, safely in a directory others can write:
 * symlinks at PATH are followed (up to 8) except where the kernel's
 * protected_symlinks rule would refuse them (EACCES); an existing device,
 * FIFO or socket is written in place (a FIFO nobody reads fails at once
 * with ENXIO); a directory is EISDIR; otherwise the data goes to a new
 * temporary file beside the target, created with O_EXCL under a random
 * name, and tgfile_end renames it over the target, so a reader never sees
 * half a file and nothing planted at the temporary name is ever opened.
 * Writes the gmon header.  Returns 0 or an errno value. */
int tgfile_begin(struct tgfile *f, const char *path);

/* The same without the header, for other files written the same way. */
int tgfile_begin_raw(struct tgfile *f, const char *path);

/* N bytes from P, as they are. */
void tgfile_bytes(struct tgfile *f, const void *p, size_t n);

/* A histogram of N bins over [lowpc, highpc) sampled at RATE per second. */
void tgfile_hist(struct tgfile *f, uint64_t lowpc, uint64_t highpc, unsigned rate,
		 const uint32_t *bins, size_t n);

void tgfile_arc(struct tgfile *f, uint64_t from, uint64_t self, uint64_t count);

/* Flush, close and rename over PATH.  Returns 0 once the file is in place,
 * or an errno value after removing the temporary file. */
int tgfile_end(struct tgfile *f);

#endif
