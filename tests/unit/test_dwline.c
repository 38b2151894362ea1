/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_dwline: libbfd's line lookup against objdump --dwarf=decodedline
 * (binutils' own DWARF dumper, not libbfd's address lookup).  On a C++
 * program whose hot code is templates and inline functions of a header,
 * built with -O2 -gdwarf-4: every row's address must give the row's file
 * (last path component) and line, the last row at an address winning;
 * an address past a sequence's end gives nothing; the templates' entries
 * are named in the header.  On tests/lines/dw5 built with -O2 -g (GCC's
 * DWARF 5, whose header sequences libbfd 2.40 names after the .cc, see
 * dwline.h): dwline_at() misnames some rows as libbfd does, and
 * dwline_fn_at(), asked within the function holding each row, names
 * every row as objdump does. */
#include "config.h"
#include "dwline.h"
#include "opts.h"
#include "symtab.h"
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct orow {
	unsigned long addr;
	char file[128];
	int line; /* 0: end of sequence */
};

static const char *base(const char *p)
{
	const char *s = strrchr(p, '/');
	return s ? s + 1 : p;
}

/* The rows objdump lists for EXE, in its order; their number in *N. */
static struct orow *read_rows(const char *exe, size_t *n)
{
	char cmd[4096], buf[512];
	struct orow *o = NULL;
	size_t cap = 0;

	*n = 0;
	snprintf(cmd, sizeof cmd, "objdump --dwarf=decodedline '%s'", exe);
	FILE *f = popen(cmd, "r");
	while (f && fgets(buf, sizeof buf, f)) {
		char name[128], ln[32], addr[32];
		if (sscanf(buf, "%127s %31s %31s", name, ln, addr) != 3 ||
		    strncmp(addr, "0x", 2) != 0)
			continue;
		if (*n == cap) {
			cap = cap ? 2 * cap : 256;
			o = realloc(o, cap * sizeof *o);
		}
		o[*n].addr = strtoul(addr, NULL, 16);
		snprintf(o[*n].file, sizeof o[*n].file, "%s", name);
		o[*n].line = strcmp(ln, "-") == 0 ? 0 : atoi(ln);
		(*n)++;
	}
	if (f)
		pclose(f);
	return o;
}

/* What holds at o[i].addr: the last row there in the listing, a
 * sequence's end only when no sequence starts there; NULL when o[i].addr
 * was met before. */
static const struct orow *in_force(const struct orow *o, size_t n, size_t i)
{
	const struct orow *w = NULL;
	for (size_t j = 0; j < n; j++) {
		if (o[j].addr != o[i].addr)
			continue;
		if (j < i)
			return NULL;
		if (o[j].line || !w || !w->line)
			w = o[j].line || !w ? &o[j] : w;
	}
	return w;
}

/* EXE's symbols into ST and its line table into T; dwline_load()'s
 * answer (1: EXE has a .text). */
static size_t load_exe(const char *exe, struct symtab *st, struct dwline *t)
{
	struct opts opt;
	opts_init(&opt);
	struct symtab_opts so = opts_symtab(&opt.load);
	symtab_load(st, exe, &so);
	return dwline_load(t, st->bfd);
}

/* dwline_fn_at() on tests/lines/dw5 (DWARF 5) in DIR: every row inside a
 * function as objdump names it, where dwline_at() misnames some. */
static void dwarf5(const char *top, const char *cxx, const char *dir)
{
	char cmd[4096];
	size_t n;

	snprintf(cmd, sizeof cmd,
		 "cd '%s' && %s -O2 -g -pg '%s/tests/lines/dw5/work.cc' -o exe5", dir,
		 cxx, top);
	check(system(cmd) == 0, "build tests/lines/dw5 with DWARF 5", cmd);
	snprintf(cmd, sizeof cmd, "%s/exe5", dir);
	struct orow *o = read_rows(cmd, &n);
	check(n > 30, "objdump lists dw5's line table");

	struct symtab st;
	struct dwline t;
	load_exe(cmd, &st, &t);
	size_t tried = 0, bad = 0, raw = 0;
	char detail[512] = "";
	for (size_t i = 0; i < n; i++) {
		const struct orow *w = in_force(o, n, i);
		const struct sym *s = w && w->line ? symtab_find(&st, w->addr) : NULL;
		const char *file = NULL;
		int line = 0;
		if (!s || !s->file)
			continue; /* no function, or one of the C library's */
		tried++;
		raw += dwline_at(&t, w->addr, &file, &line) &&
		       strcmp(base(file), w->file) != 0;
		int got = dwline_fn_at(&t, &st, s, w->addr, &file, &line);
		if (!got || strcmp(base(file), w->file) != 0 || line != w->line) {
			if (!bad++)
				snprintf(detail, sizeof detail,
					 "%#lx in %s: %s:%d, objdump %s:%d", w->addr,
					 s->dname, got ? base(file) : "-", got ? line : 0,
					 w->file, w->line);
		}
	}
	checkf(raw > 10,
	       "dwline_at names %zu of %zu rows after work.cc, as libbfd 2.40 does", raw,
	       tried);
	checkf(bad == 0 && tried > 30, "dwline_fn_at: each of %zu rows as objdump says",
	       tried);
	if (bad)
		printf("    %zu wrong; first %s\n", bad, detail);
	dwline_free(&t);
	symtab_free(&st);
	free(o);
}

int main(void)
{
	const char *top = getenv("TOP"), *cxx = getenv("CXX");
	char dir[1024], cmd[4096];
	struct orow *o = NULL;
	size_t n = 0;

	if (!top)
		top = ".";
	if (!cxx)
		cxx = "g++";
	snprintf(dir, sizeof dir, "%s/tests/out/unit-dwline.%ld", unit_build_top(),
		 (long)getpid());
	snprintf(cmd, sizeof cmd,
		 "sh '%s/scripts/install-deps' --quiet --for g++ objdump >&2 && "
		 "rm -rf '%s' && mkdir -p '%s' && cd '%s' && "
		 "%s -O2 -gdwarf-4 -pg '%s/tests/lines/hdr/main.cc' -o exe",
		 top, dir, dir, dir, cxx, top);
	check(system(cmd) == 0, "build the test program", cmd);
	snprintf(cmd, sizeof cmd, "%s/exe", dir);
	o = read_rows(cmd, &n);
	check(n > 50, "objdump lists the line table");

	struct symtab st;
	struct dwline t;
	check(load_exe(cmd, &st, &t) == 1, "the program has a .text to ask about");

	size_t bad = 0, tried = 0;
	char detail[512] = "";
	for (size_t i = 0; i < n; i++) {
		const struct orow *w = in_force(o, n, i);
		if (!w)
			continue;
		const char *file = NULL;
		int line = 0;
		int got = dwline_at(&t, w->addr, &file, &line);
		tried++;
		if (w->line == 0 ? got
				 : !got || strcmp(base(file), w->file) != 0 ||
					   line != w->line) {
			if (!bad++)
				snprintf(detail, sizeof detail,
					 "%#lx: %s:%d, objdump %s:%d", w->addr,
					 got ? base(file) : "-", got ? line : 0, w->file,
					 w->line);
		}
	}
	checkf(bad == 0 && tried > 50, "every address of %zu rows as objdump says",
	       tried);
	if (bad)
		printf("    %zu wrong; first %s\n", bad, detail);

	/* the templates' entries: the header, line 15 */
	int seen = 0, right = 0;
	for (size_t i = 0; i < st.n; i++) {
		const char *file;
		int line;
		if (!strstr(st.syms[i].name, "churn"))
			continue;
		seen++;
		right += dwline_at(&t, st.syms[i].addr, &file, &line) &&
			 strcmp(base(file), "hot.h") == 0 && line == 15;
	}
	check(seen == 2 && right == 2, "churn<double> and churn<long> start at hot.h:15");
	dwline_free(&t);
	symtab_free(&st);
	free(o);
	dwarf5(top, cxx, dir);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		return 1;
	return unit_finish();
}
