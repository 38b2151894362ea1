/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_lines: lines_for_function() (the browser's per-line figures)
 * against GNU gprof -l on a program built here with -g -pg.
 *
 * For every function, the samples of each (file, line) row must equal the
 * sum of the self seconds GNU's -l flat profile gives the line symbols of
 * that function with that line (within the rounding of the printed
 * figures), and the calls made from a row must equal the counts of the
 * arcs GNU's -l call graph shows leaving those line symbols. */
#include "config.h"
#include "lines.h"
#include "load.h"
#include "opts.h"
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* GNU's figures, per line symbol address. */
struct gline {
	unsigned long addr;
	char file[256];
	int line;
	double self;
	unsigned long calls_out;
};

static struct gline *glines;
static size_t ngl;

static struct gline *gfind(unsigned long addr)
{
	for (size_t i = 0; i < ngl; i++)
		if (glines[i].addr == addr)
			return &glines[i];
	return NULL;
}

/* "NAME (FILE:LINE @ ADDR)..." at the end of LINE: fills the parts. */
static int parse_name(const char *line, char *file, int *ln, unsigned long *addr)
{
	const char *at = strstr(line, " @ ");
	if (!at)
		return 0;
	const char *open = at;
	while (open > line && *open != '(')
		open--;
	const char *colon = at;
	while (colon > open && *colon != ':')
		colon--;
	if (*open != '(' || *colon != ':' || colon - open - 1 >= 255)
		return 0;
	memcpy(file, open + 1, (size_t)(colon - open - 1));
	file[colon - open - 1] = 0;
	*ln = atoi(colon + 1);
	*addr = strtoul(at + 3, NULL, 16);
	return 1;
}

static int read_gnu(const char *gprof, const char *dir)
{
	char cmd[2048], buf[4096];
	FILE *f;

	snprintf(cmd, sizeof cmd, "cd '%s' && '%s' -b -l -p -z exe gmon.out", dir, gprof);
	if (!(f = popen(cmd, "r")))
		return 0;
	while (fgets(buf, sizeof buf, f)) {
		struct gline g;
		double pct, cum;
		memset(&g, 0, sizeof g);
		if (sscanf(buf, "%lf %lf %lf", &pct, &cum, &g.self) != 3)
			continue;
		if (!parse_name(buf, g.file, &g.line, &g.addr))
			continue;
		glines = realloc(glines, (ngl + 1) * sizeof *glines);
		glines[ngl++] = g;
	}
	pclose(f);

	/* parent lines of the call graph: "self children count/total name" */
	snprintf(cmd, sizeof cmd, "cd '%s' && '%s' -b -l -q exe gmon.out", dir, gprof);
	if (!(f = popen(cmd, "r")))
		return 0;
	int parents = 1;
	while (fgets(buf, sizeof buf, f)) {
		if (buf[0] == '-') {
			parents = 1;
			continue;
		}
		if (buf[0] == '[') {
			parents = 0;
			continue;
		}
		unsigned long count, total, addr;
		double s, c;
		char file[256];
		int ln;
		if (!parents ||
		    sscanf(buf, "%lf %lf %lu/%lu", &s, &c, &count, &total) != 4)
			continue;
		if (!parse_name(buf, file, &ln, &addr))
			continue;
		struct gline *g = gfind(addr);
		if (g)
			g->calls_out += count;
	}
	pclose(f);
	return ngl > 0;
}

static const char *base(const char *p)
{
	const char *s = strrchr(p, '/');
	return s ? s + 1 : p;
}

int main(void)
{
	const char *top = getenv("TOP"), *cc = getenv("CC"), *gprof = getenv("GPROF");
	char dir[1024], cmd[4096];

	if (!top)
		top = ".";
	if (!cc)
		cc = "cc";
	if (!gprof)
		gprof = "gprof";
	/* a directory per run: several check runs may share the tree */
	snprintf(dir, sizeof dir, "%s/tests/out/unit-lines.%ld", unit_build_top(),
		 (long)getpid());
	snprintf(cmd, sizeof cmd,
		 "rm -rf '%s' && mkdir -p '%s' && cd '%s' && "
		 "%s -O1 -g -pg '%s/tests/lines/multi/main.c' "
		 "'%s/tests/lines/multi/geo.c' "
		 "'%s/tests/lines/multi/text.c' -o exe && ./exe 400 > /dev/null",
		 dir, dir, dir, cc, top, top, top);
	check(system(cmd) == 0, "build and run the test program", cmd);
	/* Samples come from a profiling timer: on a loaded machine a short
	 * run may get few; run longer until there are some. */
	for (int tries = 0; tries < 3; tries++) {
		char flat[1300], line[512];
		int samples = 0;
		snprintf(flat, sizeof flat, "cd '%s' && '%s' -b -p exe gmon.out", dir,
			 gprof);
		FILE *f = popen(flat, "r");
		while (f && fgets(line, sizeof line, f)) {
			double pct, cum, self;
			if (sscanf(line, "%lf %lf %lf", &pct, &cum, &self) == 3 &&
			    self > 0)
				samples++;
		}
		if (f)
			pclose(f);
		if (samples >= 3)
			break;
		snprintf(cmd, sizeof cmd, "cd '%s' && ./exe %d > /dev/null", dir,
			 1200 * (tries + 1));
		if (system(cmd) != 0)
			break;
	}
	check(read_gnu(gprof, dir), "GNU gprof -l output read", gprof);

	struct opts o;
	struct load l;
	char exe[1100], prof[1100];
	const char *profs[1];
	memset(&o, 0, sizeof o);
	snprintf(exe, sizeof exe, "%s/exe", dir);
	snprintf(prof, sizeof prof, "%s/gmon.out", dir);
	profs[0] = prof;
	o.load.exe = exe;
	o.load.profiles = profs;
	o.load.nprofiles = 1;
	o.report.width = 80;
	load_all(&l, &o, NULL);

	int funcs = 0, rows_ok = 1, calls_ok = 1, with_time = 0, with_calls = 0;
	char detail[512] = "";
	for (size_t i = 0; i < l.st.n; i++) {
		const struct sym *fn = &l.st.syms[i];
		size_t n;
		struct lines_row *r = lines_for_function(&l.st, &l.prof, fn, &n);
		if (!r)
			continue;
		funcs++;
		for (size_t k = 0; k < n; k++) {
			double want = 0;
			unsigned long want_calls = 0;
			int parts = 0;
			for (size_t j = 0; j < ngl; j++) {
				const struct gline *g = &glines[j];
				if (g->addr < fn->addr || g->addr > fn->end_addr ||
				    g->line != r[k].line ||
				    strcmp(g->file, base(r[k].file)))
					continue;
				want += g->self;
				want_calls += g->calls_out;
				parts++;
			}
			double got = r[k].samples / l.g.hz;
			with_time += r[k].samples > 0;
			with_calls += r[k].calls_out > 0;
			if (got - want > 0.005 * parts + 1e-9 ||
			    want - got > 0.005 * parts + 1e-9) {
				rows_ok = 0;
				snprintf(detail, sizeof detail,
					 "%s %s:%d: samples %.4f s, GNU %.2f s", fn->name,
					 r[k].file, r[k].line, got, want);
			}
			if (r[k].calls_out != want_calls) {
				calls_ok = 0;
				snprintf(detail, sizeof detail,
					 "%s %s:%d: calls %lu, GNU %lu", fn->name,
					 r[k].file, r[k].line,
					 (unsigned long)r[k].calls_out, want_calls);
			}
		}
		free(r);
	}
	check(funcs >= 5 && with_time >= 1 && with_calls >= 3,
	      "rows for the program's functions, with samples and calls", NULL);
	check(rows_ok, "per-line samples match GNU -l", detail);
	check(calls_ok, "per-line call counts match GNU -l", detail);
	load_free(&l);
	free(glines);
	if (unit_nfail == 0) {
		snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
		if (system(cmd) != 0)
			printf("# could not remove %s\n", dir);
	}
	return unit_finish();
}
