/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_export: export_write()'s file handling and format names on a model
 * built by hand; the formats themselves are checked against GNU gprof,
 * python3's json, Graphviz and callgrind_annotate by tests/t-export.sh,
 * which runs this program as a driver:
 *
 *   test_export drive [-X SPEC]... EXE [GMON...]
 *
 * loads the profile as `tgprof --text -X SPEC ...` would (X a selection
 * option: e, E, f, F, k, n, N), opens an edit session and
 * reads commands from standard input, one per line:
 *   export FILE FORMAT | export! FILE FORMAT    export_write()
 *   dump FILE                                   edit_dump()
 *   bench                                       time one delete and undo
 *   karc PARENT CHILD    delete the first arc between functions of these
 *                        raw names, by index; prints "spec: S unique: U"
 *                        (edit_arc_spec)
 *   anything else                               edit_command()
 * printing "ok: MESSAGE" or "error: MESSAGE" per line.  Exit status 0 if
 * every line succeeded, 1 otherwise. */
#include "config.h"
#include "edit.h"
#include "export.h"
#include "load.h"
#include "report.h"
#include "util.h"
#include "unit.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- driver ---- */

/* CPU time of this thread: what a delete costs, less skewed than the wall
 * clock on a loaded machine. */
static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int drive(int argc, char **argv)
{
	struct opts o;
	struct load l;
	char line[4096], msg[4096];
	int bad = 0;

	opts_init(&o);
	int ai = 0;
	for (; ai < argc && argv[ai][0] == '-'; ai += 2) {
		if (!argv[ai][1] || argv[ai][2] || !strchr("eEfFknN", argv[ai][1]) ||
		    ai + 1 == argc) {
			fprintf(stderr,
				"drive: %s: not a selection option with its spec\n",
				argv[ai]);
			return 1;
		}
		opts_add_spec(&o, argv[ai][1], argv[ai + 1]);
	}
	if (ai < argc)
		o.load.exe = argv[ai++];
	if (ai < argc) {
		o.load.profiles = (const char **)&argv[ai];
		o.load.nprofiles = argc - ai;
	}
	load_all(&l, &o, NULL);
	struct edit *e = edit_open(&l, &o);
	while (fgets(line, sizeof line, stdin)) {
		line[strcspn(line, "\n")] = 0;
		int r;
		char a[2048], b[64];
		if (!line[0] || line[0] == '#')
			continue;
		int force = strncmp(line, "export!", 7) == 0;
		if (sscanf(line + (force ? 7 : 6), " %2047s %63s", a, b) == 2 &&
		    strncmp(line, "export", 6) == 0) {
			enum export_format f;
			if (export_format_parse(b, &f) != 0) {
				snprintf(msg, sizeof msg, "unknown format %s", b);
				r = -1;
			} else {
				r = export_write(e, a, f, NULL, force, msg, sizeof msg);
			}
		} else if (sscanf(line, "dump %2047s", a) == 1) {
			FILE *f = fopen(a, "w");
			r = f ? 0 : -1;
			if (f) {
				edit_dump(f, e);
				r = fclose(f) == 0 ? 0 : -1;
			}
			snprintf(msg, sizeof msg, "dump %s", a);
		} else if (sscanf(line, "karc %2047s %63s", a, b) == 2) {
			/* the first arc between functions of these names */
			uint32_t arc = CG_NONE;
			for (uint32_t i = 0; i < l.g.nfuncs && arc == CG_NONE; i++) {
				if (strcmp(l.st.syms[i].name, a) != 0)
					continue;
				for (uint32_t j = 0; j < l.g.nfuncs && arc == CG_NONE;
				     j++)
					if (strcmp(l.st.syms[j].name, b) == 0)
						arc = cg_arc_find(&l.g, i, j);
			}
			char spec[1024];
			int uniq = edit_arc_spec(e, arc, spec, sizeof spec);
			r = edit_arc_delete(e, arc, msg, sizeof msg);
			if (r == 0)
				snprintf(msg, sizeof msg, "spec: %s unique: %d", spec,
					 uniq);
		} else if (strcmp(line, "bench") == 0) {
			double t0 = util_now(), c0 = cpu_now();
			r = edit_arc_delete(e, l.g.narcs / 2, msg, sizeof msg);
			double t1 = util_now(), c1 = cpu_now();
			r |= edit_undo(e, msg, sizeof msg);
			double t2 = util_now(), c2 = cpu_now();
			snprintf(msg, sizeof msg,
				 "delete+propagate %.1f ms (cpu %.1f), "
				 "undo %.1f ms (cpu %.1f) (%u functions, %u arcs, %u "
				 "cycles)",
				 (t1 - t0) * 1e3, (c1 - c0) * 1e3, (t2 - t1) * 1e3,
				 (c2 - c1) * 1e3, l.g.nfuncs, l.g.narcs, l.g.ncycles);
		} else {
			r = edit_command(e, line, msg, sizeof msg);
		}
		printf("%s: %s\n", r < 0 ? "error" : "ok", msg);
		bad |= r < 0;
	}
	edit_close(e);
	load_free(&l);
	opts_free_specs(&o);
	return bad;
}

/* ---- unit cases ---- */

static const char *const names[] = { "main", "work", "helper" };

static void fake(struct load *l)
{
	memset(l, 0, sizeof *l);
	l->st.syms = xcalloc(3, sizeof *l->st.syms);
	l->st.n = 3;
	l->st.path = "fake";
	for (uint32_t i = 0; i < 3; i++) {
		struct sym *s = &l->st.syms[i];
		s->addr = 0x1000 + 0x100 * (uint64_t)i;
		s->end_addr = s->addr + 0xff;
		s->name = s->dname = names[i];
		s->is_func = 1;
	}
	cg_init(&l->g, &l->st, 100);
	strcpy(l->g.dimen, "seconds");
	cg_arc_add(&l->g, 0, 1, 2);
	cg_arc_add(&l->g, 1, 2, 6);
	l->g.nodes[1].self_time = l->g.nodes[1].hist_time = 30;
	l->g.nodes[2].self_time = l->g.nodes[2].hist_time = 10;
	l->g.total_time = 40;
	cg_propagate(&l->g);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return NULL;
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	int c;
	while ((c = getc(f)) != EOF)
		putc(c, m);
	fclose(f);
	fclose(m);
	return buf;
}

static int leftovers(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int n = 0;
	if (!d)
		return -1;
	while ((de = readdir(d)))
		n += strncmp(de->d_name, ".tgprof-tmp.", 12) == 0;
	closedir(d);
	return n;
}

static void unit(void)
{
	struct load l;
	struct opts o;
	char msg[1024], dir[1024], path[1200], cmd[2200];
	enum export_format f;

	memset(&o, 0, sizeof o);
	o.load.exe = "fake";
	o.report.width = 80;
	o.report.flat = o.report.graph = o.report.index_ = 1;
	fake(&l);
	struct edit *e = edit_open(&l, &o);

	check(export_format_parse("json", &f) == 0 && f == EXPORT_JSON &&
		      export_format_parse("callgrind", &f) == 0 &&
		      f == EXPORT_CALLGRIND && export_format_parse("svg", &f) == 0 &&
		      f == EXPORT_SVG && export_format_parse("folded", &f) == 0 &&
		      f == EXPORT_FOLDED && export_format_parse("png", &f) == -1,
	      "format names", NULL);
	check(export_format_guess("a/b.json") == EXPORT_JSON &&
		      export_format_guess("x.gv") == EXPORT_DOT &&
		      export_format_guess("d/callgrind.out.123") == EXPORT_CALLGRIND &&
		      export_format_guess("report.txt") == EXPORT_TEXT &&
		      export_format_guess("f/main.svg") == EXPORT_SVG &&
		      export_format_guess("out.folded") == EXPORT_FOLDED &&
		      export_format_guess("perf.collapsed") == EXPORT_FOLDED,
	      "format guesses", NULL);

	snprintf(dir, sizeof dir, "%s/tests/out/unit-export-%ld", unit_build_top(),
		 (long)getpid());

	snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir -p '%s'", dir, dir);
	if (system(cmd) != 0)
		check(0, "scratch directory", dir);
	snprintf(path, sizeof path, "%s/out.txt", dir);
	int r = export_write(e, path, EXPORT_TEXT, NULL, 0, msg, sizeof msg);
	char *got = slurp(path);
	char *want = NULL;
	size_t wlen = 0;
	FILE *m = open_memstream(&want, &wlen);
	struct opts_report ob = o.report;
	ob.brief = 1;
	report_all(m, &l.g, &ob);
	fclose(m);
	check(r == 0 && got && strcmp(got, want) == 0 && strstr(msg, "wrote"),
	      "text export is report_all with -b", msg);
	free(got);
	free(want);

	edit_command(e, "k work/helper", msg, sizeof msg);
	r = export_write(e, path, EXPORT_JSON, NULL, 0, msg, sizeof msg);
	got = slurp(path);
	check(r == UTIL_WRITE_EXISTS && strstr(msg, "exists") && got &&
		      strstr(got, "Flat profile"),
	      "an existing file is kept without force", msg);
	free(got);
	r = export_write(e, path, EXPORT_JSON, NULL, 1, msg, sizeof msg);
	got = slurp(path);
	check(r == 0 && got && got[0] == '{' && strstr(got, "\"k work/helper\""),
	      "force overwrites (json with the edit)", msg);
	free(got);
	struct stat st;
	check(stat(path, &st) == 0 && (st.st_mode & 0444) == 0444,
	      "the file is readable by all (not mkstemp's 0600)", NULL);
	check(leftovers(dir) == 0, "no temporary file left", NULL);
	check(export_write(e, dir, EXPORT_TEXT, NULL, 1, msg, sizeof msg) == -1 &&
		      strstr(msg, "directory"),
	      "a directory is refused", msg);
	snprintf(path, sizeof path, "%s/no/such/dir/out.dot", dir);
	check(export_write(e, path, EXPORT_DOT, NULL, 0, msg, sizeof msg) == -1 &&
		      strstr(msg, path),
	      "a missing directory is an error text naming the file", msg);
	check(export_write(e, "", EXPORT_DOT, NULL, 0, msg, sizeof msg) == -1,
	      "an empty name is an error text", msg);
	check(leftovers(dir) == 0, "no temporary file left after errors", NULL);

	/* dot thresholds: helper's time is 10/40 of the total */
	struct export_params p;
	export_params_default(&p);
	check(p.node_threshold > 0 && p.edge_threshold > 0, "default thresholds", NULL);
	edit_undo(e, msg, sizeof msg);
	char *buf = NULL;
	size_t len = 0;
	m = open_memstream(&buf, &len);
	p.node_threshold = 0.3;
	p.edge_threshold = 0.3;
	export_stream(m, e, EXPORT_DOT, &p, msg, sizeof msg);
	fclose(m);
	check(strstr(buf, "work") && !strstr(buf, "helper"),
	      "dot: thresholds 30% drop helper and its arc (25%)", buf);
	free(buf);
	m = open_memstream(&buf, &len);
	p.edge_threshold = 0.2;
	export_stream(m, e, EXPORT_DOT, &p, msg, sizeof msg);
	fclose(m);
	check(strstr(buf, "helper") && strstr(buf, "n1 -> n2"),
	      "dot: an arc over the edge threshold draws its callee (node 30%)", buf);
	free(buf);

	/* dot labels: an operator's token ends where its template arguments
	 * begin, and those are elided like any others */
	const char *was = l.st.syms[1].dname;
	l.st.syms[1].dname =
		"bool ns::operator!=<geo::Vec<double> const*, std::vector<int> >"
		"(geo::Vec<double> const&)";
	m = open_memstream(&buf, &len);
	export_stream(m, e, EXPORT_DOT, &p, msg, sizeof msg);
	fclose(m);
	check(strstr(buf, "label=\"bool ns::operator!=<\xe2\x80\xa6>(\xe2\x80\xa6)\\n") &&
		      !strstr(buf, "label=\"bool ns::operator!=<geo"),
	      "dot: operator!=<T> keeps its token, elides its template arguments", buf);
	free(buf);
	l.st.syms[1].dname = "S::operator()(int) const";
	m = open_memstream(&buf, &len);
	export_stream(m, e, EXPORT_DOT, &p, msg, sizeof msg);
	fclose(m);
	check(strstr(buf, "label=\"S::operator()(\xe2\x80\xa6) const\\n") != NULL,
	      "dot: operator() keeps its brackets", buf);
	free(buf);
	l.st.syms[1].dname = was;

	/* callgrind units: 40 ticks at 100 Hz are 400,000,000 nanoseconds */
	m = open_memstream(&buf, &len);
	export_stream(m, e, EXPORT_CALLGRIND, NULL, msg, sizeof msg);
	fclose(m);
	check(strstr(buf, "events: ns\n") && strstr(buf, "summary: 400000000\n") &&
		      strstr(buf, "fn=(2) work\n") && strstr(buf, "calls=6 "),
	      "callgrind in nanoseconds", buf);
	free(buf);
	edit_close(e);
	cg_free(&l.g);
	free(l.st.syms);

	/* several deleted arcs of one caller: gprof -k cannot say that */
	fake(&l);
	cg_arc_add(&l.g, 1, 0, 1); /* work -> main */
	cg_propagate(&l.g);
	e = edit_open(&l, &o);
	edit_command(e, "k main/work", msg, sizeof msg);
	edit_command(e, "k work/helper", msg, sizeof msg);
	snprintf(path, sizeof path, "%s/one.txt", dir);
	r = export_write(e, path, EXPORT_TEXT, NULL, 0, msg, sizeof msg);
	check(r == 0 && !strstr(msg, "note"), "no note for one deleted arc per caller",
	      msg);
	edit_command(e, "k work/main", msg, sizeof msg);
	r = export_write(e, path, EXPORT_TEXT, NULL, 1, msg, sizeof msg);
	check(r == 0 && strstr(msg, "note: 1 caller has several deleted arcs"),
	      "text export notes a caller with two deleted arcs (gprof -k cannot)", msg);
	edit_close(e);
	cg_free(&l.g);
	free(l.st.syms);

	/* a profile without a histogram has no rate: no nan, no inf */
	fake(&l);
	l.g.hz = 0;
	for (uint32_t i = 0; i < 3; i++)
		l.g.nodes[i].self_time = l.g.nodes[i].hist_time = 0;
	l.g.total_time = 0;
	cg_propagate(&l.g);
	e = edit_open(&l, &o);
	check(edit_command(e, "self work 1", msg, sizeof msg) == -1 &&
		      strstr(msg, "no histogram"),
	      "self without a sample rate fails", msg);
	int bad = 0;
	/* (text is the report, which prints what GNU prints there) */
	for (int k = 1; k < 4; k++) {
		m = open_memstream(&buf, &len);
		export_stream(m, e, (enum export_format)k, NULL, msg, sizeof msg);
		fclose(m);
		bad |= strstr(buf, "nan") || strstr(buf, "inf");
		free(buf);
	}
	check(!bad, "json, dot, callgrind without a sample rate: no nan, no inf", NULL);
	edit_close(e);
	cg_free(&l.g);
	free(l.st.syms);
	if (unit_nfail == 0) {
		snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
		if (system(cmd) != 0)
			check(0, "remove the scratch directory", dir);
	}
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "drive") == 0)
		return drive(argc - 2, argv + 2);
	unit();
	return unit_finish();
}
