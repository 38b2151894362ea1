/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_symspec: symspec parsing and matching against GNU gprof 2.40.
 *
 * -p SPEC: GNU prints the flat-profile rows of the symbols the spec selects
 * (all of them when it selects none); -k FROM/TO: GNU drops the matching
 * arcs from the call graph.  Both are compared with symspec_match() over
 * our symtab.  The parse cases at the end state facts found with GNU's
 * -k option (see the comments there). */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/types.h>

#include "symspec.h"
#include "symtab.h"
#include "util.h"
#include "../symtab/harness.h"

static char outdir[1024];
static char srcdir[1024];

struct prog {
	const char *name;
	char build[4096];
	char dir[2048], exe[2100], gmon[2100];
	int ok;
};

/* GNU's -p selection as we model it: the symbols found in the table the
 * specs build (symspec.h), even those excluded by default, or when there
 * is none every symbol but the excluded ones.  SPECS are in command-line
 * order. */
static void our_selection(struct th_list *out, struct symtab *st, char **specs, size_t n)
{
	struct symspec sp[16];
	struct symspec_table t;
	size_t i, hits = 0;

	symspec_table_init(&t);
	for (i = 0; i < n; i++)
		symspec_parse_in(&sp[i], specs[i], st);
	for (i = n; i-- > 0;)
		symspec_table_add(&t, st, &sp[i]);
	for (i = 0; i < st->n; i++)
		if (symspec_table_has(&t, st->syms[i].addr)) {
			hits++;
			th_add(out, st->syms[i].name);
		}
	if (hits == 0)
		for (i = 0; i < st->n; i++)
			if (!st->syms[i].is_excluded)
				th_add(out, st->syms[i].name);
	symspec_table_free(&t);
}

/* SPECS: '|'-separated (up to 16), each given to GNU as -p'SPEC'. */
static int check_p(struct prog *p, const char *specs)
{
	struct th_list gnu = { 0 }, ours = { 0 }, parts = { 0 };
	struct symtab_opts o;
	struct symtab st;
	char args[2048], copy[2048], *c, *bar;
	size_t len, i;
	int ok;

	snprintf(copy, sizeof copy, "%s", specs);
	for (c = copy; c; c = bar) {
		bar = strchr(c, '|');
		if (bar)
			*bar++ = '\0';
		th_add(&parts, c);
	}
	len = (size_t)snprintf(args, sizeof args, "--no-demangle");
	for (i = 0; i < parts.n && len < sizeof args; i++)
		len += (size_t)snprintf(args + len, sizeof args - len, " -p'%s'",
					parts.v[i]);
	ok = th_gnu_flat(&gnu, p->exe, p->gmon, args) == 0 && parts.n <= 16;
	memset(&o, 0, sizeof o);
	o.demangle = SYMTAB_DEMANGLE_NONE;
	symtab_load(&st, p->exe, &o);
	our_selection(&ours, &st, parts.v, parts.n);
	ok = ok && th_same_set(&gnu, &ours, specs);
	symtab_free(&st);
	th_clear(&gnu);
	th_clear(&ours);
	th_clear(&parts);
	return ok;
}

static void check_p_verbose(struct prog *p, const char *spec)
{
	th_result(check_p(p, spec), "%s: -p '%s' selects what GNU selects", p->name,
		  spec);
}

/* Arcs "parent child" from GNU's call graph (parent lines of each entry). */
static int gnu_arcs(struct th_list *out, const struct prog *p, const char *k)
{
	struct th_list lines = { 0 };
	char cmd[8192];
	size_t i, start = 0;
	int in_graph = 0;

	snprintf(cmd, sizeof cmd, "'%s' -b -q -z --no-demangle %s%s%s '%s' '%s'",
		 th_gprof(), k ? "-k '" : "", k ? k : "", k ? "'" : "", p->exe, p->gmon);
	if (th_lines(&lines, cmd) != 0)
		return -1;
	for (i = 0; i < lines.n; i++) {
		const char *l = lines.v[i];

		if (strstr(l, "index % time"))
			in_graph = 1, start = i + 1;
		else if (!in_graph)
			continue;
		else if (strncmp(l, "-----", 5) == 0)
			start = i + 1;
		else if (strstr(l, "Index by function name"))
			break;
		else if (l[0] == '[') {
			/* primary line: "[N] ... name [N]"; parents above it */
			char child[1024], parent[2100];
			const char *e = strrchr(l, '[');
			const char *b = e;
			size_t j;

			while (b > l && b[-1] == ' ')
				b--;
			while (b > l && b[-1] != ' ')
				b--;
			snprintf(child, sizeof child, "%.*s", (int)(e - 1 - b), b);
			for (j = start; j < i; j++) {
				const char *pl = lines.v[j], *pe = strrchr(pl, '[');
				const char *pb = pe;

				if (!pe || strstr(pl, "<spontaneous>"))
					continue;
				while (pb > pl && pb[-1] == ' ')
					pb--;
				while (pb > pl && pb[-1] != ' ')
					pb--;
				snprintf(parent, sizeof parent, "%.*s %s",
					 (int)(pe - 1 - pb), pb, child);
				th_add(out, parent);
			}
		}
	}
	th_clear(&lines);
	return 0;
}

static const struct sym *by_name(const struct symtab *st, const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < st->n; i++)
		if (strlen(st->syms[i].name) == len &&
		    memcmp(st->syms[i].name, name, len) == 0)
			return &st->syms[i];
	return NULL;
}

static void check_k(struct prog *p, const char *k)
{
	struct th_list base = { 0 }, gnu = { 0 }, ours = { 0 };
	struct symspec from, to;
	struct symtab_opts o;
	struct symtab st;
	size_t i;
	int ok, parsed;

	memset(&o, 0, sizeof o);
	o.demangle = SYMTAB_DEMANGLE_NONE;
	symtab_load(&st, p->exe, &o);
	ok = gnu_arcs(&base, p, NULL) == 0 && gnu_arcs(&gnu, p, k) == 0 && base.n > 0;
	parsed = symspec_parse_arc_in(k, &from, &to, &st) == 0;
	for (i = 0; ok && i < base.n; i++) {
		const char *sp = strchr(base.v[i], ' ');
		const struct sym *a = by_name(&st, base.v[i], (size_t)(sp - base.v[i]));
		const struct sym *b = by_name(&st, sp + 1, strlen(sp + 1));

		if (!a || !b) {
			printf("  unknown arc %s\n", base.v[i]);
			ok = 0;
			break;
		}
		if (!(parsed && symspec_match(&from, a) && symspec_match(&to, b)))
			th_add(&ours, base.v[i]);
	}
	ok = ok && th_same_set(&gnu, &ours, "arc");
	th_result(ok, "%s: -k '%s' drops the arcs GNU drops (%zu of %zu left)", p->name,
		  k, gnu.n, base.n);
	symtab_free(&st);
	th_clear(&base);
	th_clear(&gnu);
	th_clear(&ours);
}

static int parsed_as(const char *text, int arc_side, const char *file, const char *name,
		     int line)
{
	struct symspec sp, other;
	size_t fl = file ? strlen(file) : 0, nl = name ? strlen(name) : 0;

	if (arc_side) {
		if (symspec_parse_arc(text, arc_side == 1 ? &sp : &other,
				      arc_side == 1 ? &other : &sp) != 0)
			return 0;
	} else {
		symspec_parse(&sp, text);
	}
	return (file ? sp.file && sp.file_len == fl && memcmp(sp.file, file, fl) == 0
		     : !sp.file) &&
	       (name ? sp.name && sp.name_len == nl && memcmp(sp.name, name, nl) == 0
		     : !sp.name) &&
	       sp.line == line;
}

static void check_parse(void)
{
	struct symspec a, b;

	/* forms from GNU's documentation and experiments */
	th_result(parsed_as("main", 0, NULL, "main", 0), "parse: name");
	th_result(parsed_as("u.c", 0, "u.c", NULL, 0), "parse: a '.' makes a file");
	th_result(parsed_as("work.constprop.0", 0, "work.constprop.0", NULL, 0),
		  "parse: a clone name without ':' is taken as a file");
	th_result(parsed_as(":work.constprop.0", 0, NULL, "work.constprop.0", 0),
		  "parse: ':name' is a name");
	th_result(parsed_as("12", 0, NULL, NULL, 12), "parse: line");
	th_result(parsed_as("u.c:12", 0, "u.c", NULL, 12), "parse: file:line");
	th_result(parsed_as("u.c:f", 0, "u.c", "f", 0), "parse: file:name");
	th_result(parsed_as("a:b:f", 0, "a:b", "f", 0), "parse: split at the last ':'");
	th_result(parsed_as("main:f", 0, "main", "f", 0),
		  "parse: file part needs no '.'");
	th_result(parsed_as("u.c:", 0, "u.c", NULL, 0),
		  "parse: 'file:' is the file only");
	th_result(parsed_as(":", 0, NULL, NULL, 0) && parsed_as("", 0, NULL, NULL, 0),
		  "parse: ':' and '' constrain nothing");
	/* GNU: -k main/2x drops main's arcs to line-2 functions (atoi) */
	th_result(parsed_as("main/2x", 2, NULL, NULL, 2),
		  "parse: line is atoi()'s number");
	/* GNU: -p f1/xyz selects f1 alone: text from the first '/' is cut */
	th_result(parsed_as("f1/xyz", 0, NULL, "f1", 0), "parse: '/' ends a plain spec");
	/* GNU: -k main/2/x drops main's arcs to line 2: split at the first '/' */
	th_result(parsed_as("main/2/x", 1, NULL, "main", 0) &&
			  parsed_as("main/2/x", 2, NULL, NULL, 2),
		  "parse: arc split at the first '/'");
	/* GNU: -k f1 (no '/') changes nothing */
	th_result(symspec_parse_arc("f1", &a, &b) == -1,
		  "parse: arc without '/' is refused");
	th_result(symspec_parse_arc("/", &a, &b) == 0 && !a.file && !a.name && !a.line &&
			  !b.file && !b.name && !b.line,
		  "parse: '/' is any arc");
}

/* A hand-made table: matching rules that need no GNU run. */
static void check_match_rules(void)
{
	struct sym s1 = { 0 }, s2 = { 0 };
	struct symspec sp;

	s1.name = "_Z3foov";
	s1.dname = "foo()";
	s1.file = "/src/dir/u.c";
	s1.line = 7;
	s2.name = "bar";
	s2.dname = "bar";
	symspec_parse(&sp, "_Z3foov");
	th_result(symspec_match(&sp, &s1), "match: raw name");
	symspec_parse(&sp, "foo");
	th_result(!symspec_match(&sp, &s1), "match: demangled name does not match");
	symspec_parse(&sp, "u.c:7");
	th_result(symspec_match(&sp, &s1) && !symspec_match(&sp, &s2),
		  "match: basename and line; a symbol without a file never matches a "
		  "file");
	symspec_parse(&sp, "u.c:8");
	th_result(!symspec_match(&sp, &s1), "match: other line");
	symspec_parse(&sp, "0");
	th_result(symspec_match(&sp, &s1) && symspec_match(&sp, &s2),
		  "match: line 0 is any line");
}

int main(void)
{
	struct prog progs[4];
	const char *cc = th_env("CC", "cc");
	size_t i;
	int ok, n;

	snprintf(outdir, sizeof outdir, "%.900s/tests/out/symspec", unit_build_top());
	snprintf(srcdir, sizeof srcdir, "%.900s/tests/symtab", th_top());
	if (srcdir[0] != '/') {
		char cwd[512];

		if (!getcwd(cwd, sizeof cwd)) {
			check(0, "setup: the current directory", strerror(errno));
			return unit_finish();
		}
		snprintf(srcdir, sizeof srcdir, "%.500s/%.400s/tests/symtab", cwd,
			 th_top());
		if (unit_build_top()[0] != '/')
			snprintf(outdir, sizeof outdir, "%.500s/%.400s/tests/out/symspec",
				 cwd, unit_build_top());
	}
	memset(progs, 0, sizeof progs);
	progs[0].name = "c-g";
	snprintf(progs[0].build, sizeof progs[0].build,
		 "(cd '%s' && '%.200s' -O2 -pg -g -o '%s/c-g/prog' main.c clones.c "
		 "clones2.c d1/u.c d2/u.c)",
		 srcdir, cc, outdir);
	progs[1].name = "c-nog";
	snprintf(progs[1].build, sizeof progs[1].build,
		 "(cd '%s' && '%.200s' -O2 -pg -o '%s/c-nog/prog' main.c clones.c "
		 "clones2.c d1/u.c d2/u.c)",
		 srcdir, cc, outdir);
	progs[2].name = "arcs";
	snprintf(progs[2].build, sizeof progs[2].build,
		 "(cd '%s' && '%.200s' -O0 -pg -g -o '%s/arcs/prog' arcs.c arcs2.c)",
		 srcdir, cc, outdir);
	progs[3].name = "alias-g";
	snprintf(progs[3].build, sizeof progs[3].build,
		 "'%.200s' -pg -g -Wa,-g -o prog '%s/amain.c' '%s/aliases.s'", cc, srcdir,
		 srcdir);
	for (i = 0; i < 4; i++) {
		struct prog *p = &progs[i];

		snprintf(p->dir, sizeof p->dir, "%s/%s", outdir, p->name);
		snprintf(p->exe, sizeof p->exe, "%s/prog", p->dir);
		snprintf(p->gmon, sizeof p->gmon, "%s/gmon.out", p->dir);
		p->ok = th_build_run(p->dir, p->build) == 0;
		th_result(p->ok, "%s: built and ran", p->name);
	}

	check_parse();
	check_match_rules();

	if (progs[0].ok && progs[1].ok) {
		static const char *const specs[] = { "main",
						     "same",
						     "ua",
						     "u.c",
						     "main.c",
						     "clones.c",
						     "clones2.c",
						     "d1/u.c",
						     "u.c:same",
						     "u.c:ua",
						     "u.c:ub",
						     "main.c:same",
						     "clones2.c:twist.constprop.0",
						     ":twist.constprop.0",
						     "twist.constprop.0",
						     "nofile.c",
						     "nofile.c:main",
						     "main:main",
						     "0",
						     ":",
						     "u.c:",
						     "clones.c:0",
						     "sub/u.c:same",
						     "/u.c",
						     "_Z3foov",
						     "u.c:2x",
						     "_fini",
						     "etext",
						     "data_start",
						     "_fini|etext",
						     ":|_fini",
						     "_fini|:",
						     "u.c|ua",
						     "ua|u.c",
						     "main|ua|nofile.c",
						     "same|u.c:same",
						     "clones.c|main.c",
						     "u.c|u.c:same",
						     "u.c:same|u.c" };

		for (i = 0; i < sizeof specs / sizeof *specs; i++) {
			check_p_verbose(&progs[0], specs[i]);
			check_p_verbose(&progs[1], specs[i]);
		}
		/* every line number, plain and within a file */
		for (int pi = 0; pi < 2; pi++) {
			ok = 1;
			for (n = 1; n <= 60; n++) {
				char spec[32];

				snprintf(spec, sizeof spec, "%d", n);
				ok &= check_p(&progs[pi], spec);
				snprintf(spec, sizeof spec, "u.c:%d", n);
				if (n <= 12)
					ok &= check_p(&progs[pi], spec);
			}
			th_result(ok,
				  "%s: -p LINE and -p u.c:LINE select what GNU selects "
				  "(lines 1-60)",
				  progs[pi].name);
		}
	}
	if (progs[3].ok) {
		/* line information from assembly: files and lines of every
		 * symbol, including globals and symbols sharing an address */
		static const char *const specs[] = { "aliases.s",
						     "amain.c",
						     "aliases.s:lone_l",
						     "aliases.s:g1",
						     "aliases.s:46",
						     "46",
						     "73",
						     "aliases.s:88|amain.c",
						     "10",
						     "amain.c:main",
						     "aliases.s:s1",
						     "s1",
						     "g2n" };

		for (i = 0; i < sizeof specs / sizeof *specs; i++)
			check_p_verbose(&progs[3], specs[i]);
	}
	if (progs[2].ok) {
		static const char *const ks[] = {
			"main/alpha",     "main/",
			"/gam",           "arcs2.c/gam",
			"arcs.c/arcs2.c", "arcs.c:alpha/arcs2.c:gam",
			"alpha",          "/",
			"main/0",         "x.c/gam",
			"main/delta",     "/arcs.c:delta",
			":main/:gam",     "beta/gam/x",
			"main/11",        "main/13",
			"main/4",         "main/arcs.c:11"
		};

		for (i = 0; i < sizeof ks / sizeof *ks; i++)
			check_k(&progs[2], ks[i]);
	}
	return unit_finish();
}
