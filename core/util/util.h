/* SPDX-License-Identifier: GPL-3.0-or-later */
/* util: allocation that cannot fail, the one error path, small helpers.
 *
 * Contract: every fatal error goes through util_die().  Inside a trap
 * (util_trap_enter(), below) it returns the message to the trap instead:
 * that is how core's entry points that read user input (the session,
 * core/session/) return an error rather than end the process.  Outside
 * one it first runs the hook installed with util_set_die_hook() (the
 * browser uses it to give the terminal back), then prints "tgprof:
 * MESSAGE" on stderr and exits with status 1.  Messages about a file name
 * the file first: "FILE: problem". */
#ifndef TG_UTIL_H
#define TG_UTIL_H

#include <setjmp.h>
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
/* A trap for fatal errors.  Between util_trap_enter(T) and
 * util_trap_leave(T), util_die() writes its message into T->msg and jumps
 * back to where UTIL_TRAP_SET(T) was evaluated, which then yields
 * nonzero (the trap is left by then); it yields 0 when set.  Traps nest.
 * What was allocated between set and jump and not yet reachable from the
 * caller's structures is lost (the error path only), and locals changed
 * there must be volatile.  Use:
 *	struct util_trap t;
 *	if (UTIL_TRAP_SET(&t)) { report t.msg; return -1; }
 *	... work that may util_die() ...
 *	util_trap_leave(&t); */
struct util_trap {
	jmp_buf jb;
	char msg[1024];
	struct util_trap *prev;
};
void util_trap_enter(struct util_trap *t);
void util_trap_leave(struct util_trap *t);
#define UTIL_TRAP_SET(t) (util_trap_enter(t), setjmp((t)->jb) != 0)

/* A warning on stderr, "tgprof: MESSAGE"; never exits. */
void util_warn(const char *fmt, ...) TG_PRINTF(1, 2);

/* Format a message into MSG (MSGLEN bytes); no effect when MSG is NULL.
 * For errors reported as text rather than by exiting (the browser's). */
void util_msg(char *msg, size_t msglen, const char *fmt, ...) TG_PRINTF(3, 4);

/* Writing a file: the one way tgprof writes files (exports, --output, the
 * -s sums, edits files, :dump, :save-display, -y, the prompt history): do
 * not add another.  The rule, for a PATH that names a file:
 *  - nothing at PATH, or a regular file of the effective user: the content
 *    goes to a new temporary file beside it (an unpredictable name,
 *    created exclusively, never through a symbolic link) renamed over PATH
 *    at the end, so no reader ever sees half a file and a failure leaves
 *    the old file as it was.  A replaced file keeps its permission bits; a
 *    new one gets 0666 less the umask;
 *  - a symbolic link, a directory, or a regular file of another user
 *    (also when tgprof runs as root) is refused;
 *  - a FIFO or a device is written into, in place, only with
 *    UTIL_WRITE_NAMED (the user named PATH as the output) and when it
 *    cannot have been planted: it belongs to the effective user, or to
 *    root in a directory only root can write (/dev/null); else refused.
 *    A FIFO nobody opens for reading within 5 s, or whose reader takes
 *    nothing for 5 s, is an error, never a hang;
 *  - /dev/stdout, /dev/stderr, /dev/fd/N and /proc/self/fd/N are tgprof's
 *    own descriptors, written as they are; PATH NULL is standard output.
 * With UTIL_WRITE_NEW an existing regular file is refused too (returns
 * UTIL_WRITE_EXISTS), also one that appears while writing.
 * Errors come back as "PATH: reason" in MSG, never by exiting. */
#define UTIL_WRITE_NAMED   1
#define UTIL_WRITE_NEW     2
#define UTIL_WRITE_PRIVATE 4 /* a new file gets 0600 (the history) */
#define UTIL_WRITE_EXISTS  (-2)

struct util_out;
/* Open PATH for writing by the rule above: a stream, or NULL with
 * *STATUS -1 or UTIL_WRITE_EXISTS and MSG. */
struct util_out *util_out_open(const char *path, int flags, int *status, char *msg,
			       size_t msglen);
FILE *util_out_file(const struct util_out *w);
/* Finish W: with FAILED 0 (else an errno value, the writer's failure) the
 * file is put in place; else the temporary file is removed.  Returns 0
 * (*SIZE, if not NULL, gets the bytes written when known, else 0), -1 or
 * UTIL_WRITE_EXISTS with MSG.  W is freed either way. */
int util_out_close(struct util_out *w, int failed, long *size, char *msg, size_t msglen);
/* All of it: FILL(OUT, CTX) writes the content and returns 0, or nonzero
 * on failure (errno set). */
int util_write_file(const char *path, int flags, int (*fill)(FILE *out, void *ctx),
		    void *ctx, long *size, char *msg, size_t msglen);

/* Temporary files of writes in progress (pending.c), at most 8 at once:
 * created in the directory DIRFD with an unpredictable name
 * (UTIL_TMP_NAME_MAX bytes at most), exclusively and without following a
 * symbolic link; removed by util_die() and when tgprof dies of SIGINT,
 * SIGTERM, SIGHUP or SIGQUIT (the handlers, async-signal-safe, are
 * installed while a temporary file exists and then run the earlier
 * action; an ignored signal stays ignored).  util_tmp_create() returns the
 * open descriptor and *ID, or -1 with errno.  util_tmp_commit() renames
 * file ID to FINAL in the same directory (NOREPLACE: never over an
 * existing file) and returns 0 or an errno value (the temporary file is
 * removed on failure); util_tmp_remove() removes it. */
#define UTIL_TMP_NAME_MAX 32
int util_tmp_create(int dirfd, unsigned mode, int *id);
int util_tmp_commit(int id, const char *final, int noreplace);
void util_tmp_remove(int id);
/* Remove every temporary file of a write in progress: util_die() calls
 * it, so a fatal error in the middle of writing (a report that finds the
 * profile lacks a histogram) leaves no temporary behind. */
void util_write_abandon(void);

/* Read the file PATH whole into a new NUL-terminated buffer (*LEN bytes
 * before the NUL).  Only a regular file is read, and no more of it than
 * its size: a directory, device, FIFO or socket is refused without a read
 * (and without blocking: the open is non-blocking), so no input can make
 * the caller hang or use more memory than the file's size.  Returns NULL
 * with *WHY a message ("not a regular file", or strerror(errno)). */
char *util_read_file(const char *path, size_t *len, const char **why);

/* The same for a text file (command files, scripts, edits files): NULL
 * with *WHY "not a text file" when it holds a NUL byte. */
char *util_read_text(const char *path, const char **why);

/* 0 when PATH is a regular file, else -1 with *WHY as above: for files
 * another library opens (libbfd). */
int util_check_regular(const char *path, const char **why);

/* Names (symbols, files) can hold any byte.  Where a format has no escape
 * of its own (callgrind, the comparison report) or shows the text (dot
 * labels), a control character (below 0x20, and 0x7f) is written as a C
 * escape: "\n", "\t", "\r", else "\xHH".  util_ctrl_escape() gives that
 * text for C in BUF (4 bytes and a NUL); util_put_escaped() writes S so. */
const char *util_ctrl_escape(unsigned char c, char buf[8]);
void util_put_escaped(FILE *out, const char *s);

/* Monotonic clock in seconds, for progress and benchmarks. */
double util_now(void);
/* Processor time this process has used, in seconds (the bench's measure
 * on a loaded machine, where the wall clock also counts other programs). */
double util_cpu_now(void);

#endif
