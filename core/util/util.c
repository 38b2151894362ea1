/* SPDX-License-Identifier: GPL-3.0-or-later */
/* util: see util.h. */
#include "config.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static void (*die_hook)(void);
static const char *progname = "tgprof";

static TG_NORETURN void out_of_memory(size_t n)
{
	util_die("out of memory (asked for %zu bytes)", n);
}

/* Blocks of at least BIG_BLOCK bytes (a large profile's arcs, their hash
 * table, the adjacency and the histogram) ask the kernel for huge pages
 * where it gives them on request (transparent huge pages in "madvise"
 * mode): a page fault then maps 2 MiB, not 4 KiB, and the graph walks,
 * which reach those arrays in random order, miss the TLB far less.  On
 * the bench's 1,000,000 arcs this took the page faults from 43,000 to
 * 6,000 and the propagation from half the time of the reading to a
 * third.  Only the whole 2 MiB pages inside the block are advised; the
 * advice is a hint, and its failure (a kernel without it) is ignored. */
#define BIG_BLOCK ((size_t)4 << 20)
#define HUGE_PAGE ((uintptr_t)2 << 20)

static void *big_pages(void *p, size_t n)
{
#ifdef MADV_HUGEPAGE
	if (n >= BIG_BLOCK) {
		uintptr_t lo = ((uintptr_t)p + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
		uintptr_t hi = ((uintptr_t)p + n) & ~(HUGE_PAGE - 1);
		if (hi > lo)
			(void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
	}
#else
	(void)n;
#endif
	return p;
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		out_of_memory(n);
	return big_pages(p, n);
}

/* calloc leaves a fresh mapping untouched (it is zero already), so the
 * advice still comes before the first fault. */
void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		out_of_memory(n * size);
	return big_pages(p, n * size);
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		out_of_memory(n);
	return big_pages(p, n);
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(xmalloc(n), s, n);
}

void util_grow(void **p, size_t *cap, size_t need, size_t elt)
{
	size_t c = *cap;
	if (need <= c)
		return;
	if (c < 16)
		c = 16;
	while (c < need)
		c *= 2;
	if (c > SIZE_MAX / elt)
		out_of_memory(SIZE_MAX);
	*p = xrealloc(*p, c * elt);
	*cap = c;
}

void util_set_die_hook(void (*hook)(void))
{
	die_hook = hook;
}

void util_set_progname(const char *name)
{
	progname = name;
}

const char *util_progname(void)
{
	return progname;
}

/* "tgprof: MESSAGE" on stderr, after what stdout holds. */
static void vmessage(const char *fmt, va_list ap)
{
	fflush(stdout);
	fprintf(stderr, "%s: ", progname);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

static struct util_trap *trap; /* the innermost trap, or NULL */

void util_trap_enter(struct util_trap *t)
{
	t->msg[0] = 0;
	t->prev = trap;
	trap = t;
}

void util_trap_leave(struct util_trap *t)
{
	if (trap == t)
		trap = t->prev;
}

void util_die(const char *fmt, ...)
{
	va_list ap;
	void (*hook)(void) = die_hook;

	if (trap) {
		struct util_trap *t = trap;
		trap = t->prev;
		va_start(ap, fmt);
		vsnprintf(t->msg, sizeof t->msg, fmt, ap);
		va_end(ap);
		longjmp(t->jb, 1);
	}

	die_hook = NULL; /* a failing hook must not recurse */
	if (hook)
		hook();
	util_write_abandon();
	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
	exit(1);
}

void util_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
}

void util_msg(char *msg, size_t msglen, const char *fmt, ...)
{
	va_list ap;

	if (!msg || msglen == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, msglen, fmt, ap);
	va_end(ap);
}

const char *util_ctrl_escape(unsigned char c, char buf[8])
{
	if (c == '\n')
		return "\\n";
	if (c == '\t')
		return "\\t";
	if (c == '\r')
		return "\\r";
	snprintf(buf, 8, "\\x%02x", c);
	return buf;
}

void util_put_escaped(FILE *out, const char *s)
{
	char buf[8];

	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c < 0x20 || c == 0x7f)
			fputs(util_ctrl_escape(c, buf), out);
		else
			putc(c, out);
	}
}

double util_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

double util_cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static const char *kind_of(mode_t m)
{
	if (S_ISDIR(m))
		return "is a directory, not a regular file";
	if (S_ISFIFO(m))
		return "is a FIFO, not a regular file";
	if (S_ISCHR(m) || S_ISBLK(m))
		return "is a device, not a regular file";
	return "not a regular file";
}

int util_check_regular(const char *path, const char **why)
{
	struct stat st;

	if (stat(path, &st) != 0) {
		*why = strerror(errno);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		*why = kind_of(st.st_mode);
		return -1;
	}
	return 0;
}

char *util_read_file(const char *path, size_t *lenp, const char **why)
{
	struct stat st;
	char *buf;
	size_t len = 0, size;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);

	if (fd < 0) {
		*why = strerror(errno);
		return NULL;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		*why = fstat(fd, &st) != 0 ? strerror(errno) : kind_of(st.st_mode);
		close(fd);
		return NULL;
	}
	size = (size_t)st.st_size;
	buf = xmalloc(size + 1);
	while (len < size) {
		ssize_t n = read(fd, buf + len, size - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			*why = strerror(errno);
			free(buf);
			close(fd);
			return NULL;
		}
		if (n == 0)
			break; /* shrank while we read */
		len += (size_t)n;
	}
	close(fd);
	buf[len] = 0;
	*lenp = len;
	return buf;
}

char *util_read_text(const char *path, const char **why)
{
	size_t len;
	char *text = util_read_file(path, &len, why);

	if (text && memchr(text, 0, len)) {
		*why = "not a text file";
		free(text);
		return NULL;
	}
	return text;
}
