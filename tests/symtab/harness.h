/* SPDX-License-Identifier: GPL-3.0-or-later */
/* harness: shared helpers for the symtab and symspec unit tests.
 *
 * The tests compile the programs in tests/symtab/ with -pg, run them for a
 * gmon.out, and compare what we load with what the installed GNU gprof
 * prints.  Everything here is static: the header is included by one test
 * program at a time.  Environment: TOP (source root), CC, GPROF. */
#ifndef TG_TEST_HARNESS_H
#define TG_TEST_HARNESS_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../unit/unit.h"

/* Cases are reported through the unit tests' protocol (unit.h); output
 * is flushed before the children these tests fork. */
static void th_result(int ok, const char *fmt, ...)
{
	char name[8192];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(name, sizeof name, fmt, ap);
	va_end(ap);
	unit_check(ok, name, NULL);
	fflush(stdout);
}

static const char *th_env(const char *name, const char *def)
{
	const char *v = getenv(name);

	return v && *v ? v : def;
}

static const char *th_top(void)
{
	return th_env("TOP", ".");
}

static const char *th_gprof(void)
{
	return th_env("GPROF", "gprof");
}

/* The C++ compiler that goes with CC (g++ for gcc/cc, clang++ for clang). */
static inline const char *th_cxx(void)
{
	const char *cc = th_env("CC", "cc");

	if (strstr(cc, "clang"))
		return "clang++";
	return "g++";
}

/* Run a shell command; returns its exit status (-1 if it could not run). */
static int th_sh(const char *fmt, ...)
{
	char cmd[8192];
	va_list ap;
	int st;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof cmd, fmt, ap);
	va_end(ap);
	st = system(cmd);
	if (st == -1 || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

struct th_list {
	char **v;
	size_t n, cap;
};

static void th_add(struct th_list *l, const char *s)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->v = realloc(l->v, l->cap * sizeof *l->v);
		if (!l->v)
			abort();
	}
	l->v[l->n] = strdup(s);
	if (!l->v[l->n])
		abort();
	l->n++;
}

static void th_clear(struct th_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof *l);
}

/* Lines of a command's standard output, newline removed. */
static int th_lines(struct th_list *out, const char *cmd)
{
	char buf[16384];
	FILE *f = popen(cmd, "r");

	if (!f)
		return -1;
	while (fgets(buf, sizeof buf, f)) {
		buf[strcspn(buf, "\n")] = '\0';
		th_add(out, buf);
	}
	return pclose(f);
}

static int th_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Compare two lists as multisets; prints the first differences. */
static int th_same_set(struct th_list *want, struct th_list *got,
		       const char *what)
{
	size_t i = 0, j = 0;
	int shown = 0, same = 1;

	if (want->n)
		qsort(want->v, want->n, sizeof *want->v, th_cmp_str);
	if (got->n)
		qsort(got->v, got->n, sizeof *got->v, th_cmp_str);
	while (i < want->n || j < got->n) {
		int c;

		if (i == want->n)
			c = 1;
		else if (j == got->n)
			c = -1;
		else
			c = strcmp(want->v[i], got->v[j]);
		if (c == 0) {
			i++, j++;
			continue;
		}
		same = 0;
		if (shown++ < 8)
			printf("  %s: %s '%s'\n", what,
			       c < 0 ? "GNU has, we lack" : "we have, GNU lacks",
			       c < 0 ? want->v[i] : got->v[j]);
		if (c < 0)
			i++;
		else
			j++;
	}
	return same;
}

/* The names of GNU's flat profile (with -z: every symbol it kept).  ARGS
 * are extra gprof options.  Names start in column 54. */
static int th_gnu_flat(struct th_list *names, const char *exe,
		       const char *gmon, const char *args)
{
	struct th_list lines = { 0 };
	char cmd[16384];
	size_t i;
	int in_rows = 0;

	snprintf(cmd, sizeof cmd, "'%s' -b -z -p %s '%s' '%s' 2>&1",
		 th_gprof(), args, exe, gmon);
	if (th_lines(&lines, cmd) != 0) {
		printf("  command failed: %s\n", cmd);
		th_clear(&lines);
		return -1;
	}
	for (i = 0; i < lines.n; i++) {
		const char *l = lines.v[i];

		if (!in_rows) {
			in_rows = strstr(l, " time   seconds   seconds") != NULL;
			continue;
		}
		if (strlen(l) > 54)
			th_add(names, l + 54);
	}
	th_clear(&lines);
	return in_rows ? 0 : -1;
}

/* Compile with CMD (run in DIR, created), then run DIR/prog there for a
 * gmon.out.  Returns 0 on success. */
static int th_build_run(const char *dir, const char *cmd)
{
	if (th_sh("mkdir -p '%s' && rm -f '%s/gmon.out'", dir, dir) != 0)
		return -1;
	if (th_sh("cd '%s' && %s", dir, cmd) != 0) {
		printf("  build failed in %s: %s\n", dir, cmd);
		return -1;
	}
	if (th_sh("cd '%s' && ./prog > /dev/null 2>&1", dir) != 0
	    || access(dir, F_OK) != 0) {
		printf("  running %s/prog failed\n", dir);
		return -1;
	}
	return 0;
}

#endif
