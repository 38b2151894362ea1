/* SPDX-License-Identifier: GPL-3.0-or-later */
/* util: allocation that cannot fail, the one error path, small helpers.
 *
 * Contract: every fatal error goes through util_die(), which first runs the
 * hook installed with util_set_die_hook() (the browser uses it to give the
 * terminal back), then prints "tgprof: MESSAGE" on stderr and exits with
 * status 1.  Messages about a file name the file first: "FILE: problem". */
#ifndef TG_UTIL_H
#define TG_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#if defined(__GNUC__)
#define TG_PRINTF(a, b) __attribute__((format(printf, a, b)))
#define TG_NORETURN     __attribute__((noreturn))
#else
#define TG_PRINTF(a, b)
#define TG_NORETURN
#endif

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* Grow *p (of *cap elements of size elt) so that it holds at least need. */
void util_grow(void **p, size_t *cap, size_t need, size_t elt);

void util_set_die_hook(void (*hook)(void));
void util_set_progname(const char *name);
const char *util_progname(void);
TG_NORETURN void util_die(const char *fmt, ...) TG_PRINTF(1, 2);
/* A warning on stderr, "tgprof: MESSAGE"; never exits. */
void util_warn(const char *fmt, ...) TG_PRINTF(1, 2);

/* Format a message into MSG (MSGLEN bytes); no effect when MSG is NULL.
 * For errors reported as text rather than by exiting (the browser's). */
void util_msg(char *msg, size_t msglen, const char *fmt, ...) TG_PRINTF(3, 4);

/* Write an output file: FILL(OUT, CTX) writes the content and returns 0,
 * or nonzero on failure (errno set).  PATH NULL is standard output.
 * An existing PATH that is not a regular file (a terminal, a pipe behind
 * /dev/stdout, a FIFO) is written in place; otherwise the content goes to
 * a new temporary file (mkstemp, in the same directory as the file PATH
 * names after symbolic links) renamed over it at the end, so no reader ever
 * sees half a file and a failure leaves the old file as it was.  Returns 0
 * (*SIZE, if not NULL, gets the bytes written when known, else 0) or -1
 * with "PATH: reason" in MSG.  The one writer of files in tgprof (exports,
 * --output, gmon.sum): do not add another. */
int util_write_file(const char *path, int (*fill)(FILE *out, void *ctx), void *ctx,
		    long *size, char *msg, size_t msglen);

/* Remove the temporary file of a util_write_file() in progress, if any:
 * util_die() calls it, so a fatal error in the middle of writing (a report
 * that finds the profile lacks a histogram) leaves no temporary behind. */
void util_write_abandon(void);
/* The writer's note of its temporary file (NULL once renamed or removed). */
void util_write_pending(const char *tmp);
/* Read the file PATH whole into a new NUL-terminated buffer (*LEN bytes
 * before the NUL).  Only a regular file is read, and no more of it than
 * its size: a directory, device, FIFO or socket is refused without a read
 * (and without blocking: the open is non-blocking), so no input can make
 * the caller hang or use more memory than the file's size.  Returns NULL
 * with *WHY a message ("not a regular file", or strerror(errno)). */
char *util_read_file(const char *path, size_t *len, const char **why);

/* 0 when PATH is a regular file, else -1 with *WHY as above: for files
 * another library opens (libbfd). */
int util_check_regular(const char *path, const char **why);

/* Monotonic clock in seconds, for progress and benchmarks. */
double util_now(void);

#endif
