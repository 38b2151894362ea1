/* SPDX-License-Identifier: GPL-3.0-or-later */
/* unit: the test protocol for the programs in tests/unit/ (see
 * tests/run.sh): one "PASS: name" or "FAIL: name" line per case, a
 * closing count, and a non-zero exit status when a case failed.
 *
 * Everything is static: each test program includes this once. */
#ifndef TG_UNIT_H
#define TG_UNIT_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static int unit_npass, unit_nfail;

/* Where a test writes its scratch files: the build tree's tests/out
 * (TG_BUILD, as tests/run.sh gives it; TOP in an in-tree build, else the
 * current directory), never the source tree of an out-of-tree build. */
static inline const char *unit_build_top(void)
{
	const char *b = getenv("TG_BUILD");
	if (!b || !*b)
		b = getenv("TOP");
	return b && *b ? b : ".";
}

/* One case NAME; a failure's DETAIL (may be NULL) follows, indented.
 * The line is flushed at once, so a forked child that leaves through
 * exit() never prints it a second time. */
static inline void unit_check(int ok, const char *name, const char *detail)
{
	printf("%s: %s\n", ok ? "PASS" : "FAIL", name);
	if (!ok && detail)
		printf("    %s\n", detail);
	fflush(stdout);
	if (ok)
		unit_npass++;
	else
		unit_nfail++;
}

static inline void unit_check_name(int ok, const char *name)
{
	unit_check(ok, name, NULL);
}

/* check(OK, NAME) or check(OK, NAME, DETAIL). */
#define UNIT_PICK(a, b, c, f, ...) f
#define check(...)                 UNIT_PICK(__VA_ARGS__, unit_check, unit_check_name, ~)(__VA_ARGS__)

/* A case whose name is printf's FMT and what follows. */
static inline __attribute__((format(printf, 2, 3))) void checkf(int ok, const char *fmt,
								...)
{
	char name[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(name, sizeof name, fmt, ap);
	va_end(ap);
	unit_check(ok, name, NULL);
}

/* The closing count; the program's exit status. */
static inline int unit_finish(void)
{
	printf("# %d passed, %d failed\n", unit_npass, unit_nfail);
	return unit_nfail != 0;
}

#endif
