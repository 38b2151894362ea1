/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_symtab: symtab_load() against GNU gprof 2.40.
 *
 * Programs from tests/symtab/ are built with -pg and run; GNU gprof's flat
 * profile with -z lists every symbol it kept, its index (-q -z) shows the
 * source file of static functions.  We compare kept names (raw and
 * demangled, with -a and -D), files, addresses (nm), ranges, errors, and
 * the load time of a 60,000-function executable. */
#include "config.h"

#include <errno.h>
#include <time.h>
#include <fcntl.h>
#include <sys/types.h>

#include "symtab.h"
#include "util.h"
#include "../symtab/harness.h"

static char outdir[1024];
static char srcdir[1024];

struct prog {
	const char *name;
	const char *build; /* shell command run in the program's directory */
	int debug;         /* built with -g: files are known */
	int cxx;
	char dir[4096], exe[4096], gmon[4096];
	int ok;
};

static const char *const opt_sets[] = { "", "-a", "-D", "-a -D" };

static struct symtab_opts opts_for(const char *set)
{
	struct symtab_opts o;

	memset(&o, 0, sizeof o);
	o.demangle = SYMTAB_DEMANGLE_NONE;
	o.all_statics = strstr(set, "-a") != NULL;
	o.ignore_non_functions = strstr(set, "-D") != NULL;
	return o;
}

static void our_names(struct th_list *l, const struct symtab *st, int demangled)
{
	size_t i;

	for (i = 0; i < st->n; i++)
		if (!st->syms[i].is_excluded)
			th_add(l, demangled ? st->syms[i].dname : st->syms[i].name);
}

static void check_kept(struct prog *p)
{
	size_t k;

	for (k = 0; k < sizeof opt_sets / sizeof *opt_sets; k++) {
		struct th_list gnu = { 0 }, ours = { 0 };
		struct symtab_opts o = opts_for(opt_sets[k]);
		struct symtab st;
		char args[64];
		int ok;

		snprintf(args, sizeof args, "--no-demangle %s", opt_sets[k]);
		ok = th_gnu_flat(&gnu, p->exe, p->gmon, args) == 0;
		symtab_load(&st, p->exe, &o);
		our_names(&ours, &st, 0);
		ok = ok && gnu.n > 0 && th_same_set(&gnu, &ours, "kept");
		th_result(ok, "%s: kept symbols as GNU (options '%s', %zu)", p->name,
			  opt_sets[k], gnu.n);
		symtab_free(&st);
		th_clear(&gnu);
		th_clear(&ours);
	}
}

/* Rewrite nm's table TABLE with odd lines among the t/T ones: a bad
 * address, extra words, a 0x prefix, a short line, a type that does not
 * count, leading blanks, a name on the next line. */
static int write_odd_table(const char *table)
{
	struct th_list nm = { 0 };
	char cmd[4400];
	FILE *f;
	size_t i;
	int n = 0;

	snprintf(cmd, sizeof cmd, "cat '%s'", table);
	if (th_lines(&nm, cmd) != 0 || !(f = fopen(table, "w"))) {
		th_clear(&nm);
		return 0;
	}
	for (i = 0; i < nm.n; i++) {
		char addr[64], type, name[2048];

		if (sscanf(nm.v[i], "%63s %c %2047s", addr, &type, name) != 3 ||
		    (type != 't' && type != 'T')) {
			fprintf(f, "%s\n", nm.v[i]);
			continue;
		}
		switch (n++) {
		case 1: fprintf(f, "zz %c %s\n", type, name); break; /* a stale address */
		case 2: fprintf(f, "%s extra words\n", nm.v[i]); break;
		case 3: fprintf(f, "0x%s %c %s\n", addr, type, name); break;
		case 4: fprintf(f, "%s %c\n", addr, type); break;
		case 5: fprintf(f, "%s W %s\n", addr, name); break;
		case 6: fprintf(f, "   %s\n", nm.v[i]); break;
		case 7: fprintf(f, "%s %c\n%s\n", addr, type, name); break;
		default: fprintf(f, "%s\n", nm.v[i]); break;
		}
	}
	th_clear(&nm);
	return fclose(f) == 0 && n > 8;
}

/* -S: the symbols of an nm-style table (nm's own output, and a table with
 * odd lines) instead of the executable's. */
static void check_external(struct prog *p)
{
	static const char *const tables[] = { "nm", "odd" };
	size_t k;

	for (k = 0; k < 2; k++) {
		struct th_list gnu = { 0 }, ours = { 0 };
		struct symtab_opts o;
		struct symtab st;
		char table[4200], args[4300];
		size_t i, files = 0;
		int ok;

		snprintf(table, sizeof table, "%s/%s.table", p->dir, tables[k]);
		ok = th_sh("nm '%s' > '%s'", p->exe, table) == 0;
		if (k == 1)
			ok = ok && write_odd_table(table);
		snprintf(args, sizeof args, "--no-demangle -S '%s'", table);
		ok = ok && th_gnu_flat(&gnu, p->exe, p->gmon, args) == 0;
		memset(&o, 0, sizeof o);
		o.demangle = SYMTAB_DEMANGLE_NONE;
		o.external_table = table;
		symtab_load(&st, p->exe, &o);
		our_names(&ours, &st, 0);
		for (i = 0; i < st.n; i++)
			files += st.syms[i].file != NULL;
		ok = ok && gnu.n > 0 && th_same_set(&gnu, &ours, "kept") && files == 0;
		th_result(ok, "%s: -S %s table: kept symbols as GNU (%zu), no files",
			  p->name, tables[k], gnu.n);
		symtab_free(&st);
		th_clear(&gnu);
		th_clear(&ours);
	}
}

static void check_demangled(struct prog *p, const char *style)
{
	struct th_list gnu = { 0 }, ours = { 0 };
	struct symtab_opts o;
	struct symtab st;
	char args[128];
	int ok;

	memset(&o, 0, sizeof o);
	if (style) {
		o.demangle = SYMTAB_DEMANGLE_STYLE;
		o.demangle_style = style;
		snprintf(args, sizeof args, "--demangle=%s", style);
	} else {
		args[0] = '\0';
	}
	ok = th_gnu_flat(&gnu, p->exe, p->gmon, args) == 0;
	symtab_load(&st, p->exe, &o);
	our_names(&ours, &st, 1);
	ok = ok && th_same_set(&gnu, &ours, "demangled");
	th_result(ok, "%s: demangled names as GNU (%s)", p->name,
		  style ? style : "default");
	symtab_free(&st);
	th_clear(&gnu);
	th_clear(&ours);
}

/* Index entries "name" or "name (file)", parsed from GNU's index. */
static void gnu_index(struct th_list *out, const struct prog *p, int full)
{
	struct th_list lines = { 0 };
	char cmd[8192];
	size_t i;
	int in_index = 0;

	snprintf(cmd, sizeof cmd, "'%s' -b -q -z -w 1000 --no-demangle %s '%s' '%s'",
		 th_gprof(), full ? "-L" : "", p->exe, p->gmon);
	th_lines(&lines, cmd);
	for (i = 0; i < lines.n; i++) {
		const char *s = lines.v[i];

		if (!in_index) {
			in_index = strstr(s, "Index by function name") != NULL;
			continue;
		}
		while (*s) {
			char entry[4096];
			const char *name, *e;
			size_t n;

			if (*s != '[' && *s != '(') {
				s++;
				continue;
			}
			e = s + 1;
			while (*e == ' ' || (*e >= '0' && *e <= '9'))
				e++;
			if (*e != ']' && *e != ')') {
				s++;
				continue;
			}
			name = e + 2;
			n = strcspn(name, " ");
			snprintf(entry, sizeof entry, "%.*s", (int)n, name);
			s = name + n;
			if (s[0] == ' ' && s[1] == '(' && !(s[2] >= '0' && s[2] <= '9')) {
				e = strchr(s, ')');
				if (e) {
					size_t len = strlen(entry);

					snprintf(entry + len, sizeof entry - len, " %.*s",
						 (int)(e - s), s + 1);
					s = e + 1;
				}
			}
			th_add(out, entry);
		}
	}
	th_clear(&lines);
}

static void check_files(struct prog *p)
{
	int full;

	for (full = 0; full <= 1; full++) {
		struct th_list gnu = { 0 }, ours = { 0 };
		struct symtab_opts o;
		struct symtab st;
		size_t i, with_file = 0;
		int ok;

		memset(&o, 0, sizeof o);
		o.demangle = SYMTAB_DEMANGLE_NONE;
		gnu_index(&gnu, p, full);
		symtab_load(&st, p->exe, &o);
		for (i = 0; i < st.n; i++) {
			const struct sym *s = &st.syms[i];
			char entry[4096];

			/* excluded symbols are listed too, as "(N) name" */
			if (s->is_static && s->file) {
				const char *f = s->file, *sl = strrchr(f, '/');

				if (!full && sl)
					f = sl + 1;
				snprintf(entry, sizeof entry, "%s (%s)", s->name, f);
				with_file++;
			} else {
				snprintf(entry, sizeof entry, "%s", s->name);
			}
			th_add(&ours, entry);
		}
		ok = th_same_set(&gnu, &ours, "index");
		if (p->debug)
			ok = ok && with_file > 0;
		else
			ok = ok && with_file == 0;
		th_result(ok,
			  "%s: files of static functions as GNU's index%s (%zu with a "
			  "file)",
			  p->name, full ? " -L" : "", with_file);
		symtab_free(&st);
		th_clear(&gnu);
		th_clear(&ours);
	}
}

/* Addresses against nm, ranges, order and symtab_find(). */
static void check_layout(struct prog *p)
{
	struct th_list nm = { 0 }, sec = { 0 };
	struct symtab_opts o;
	struct symtab st;
	char cmd[8192];
	unsigned long long text_addr = 0, text_size = 0;
	size_t i, j, checked = 0;
	int ok_addr = 1, ok_range = 1, ok_find = 1;

	memset(&o, 0, sizeof o);
	o.demangle = SYMTAB_DEMANGLE_NONE;
	symtab_load(&st, p->exe, &o);
	snprintf(cmd, sizeof cmd, "nm --defined-only '%s'", p->exe);
	th_lines(&nm, cmd);
	for (i = 0; i < st.n; i++) {
		const char *name = st.syms[i].name;
		unsigned long long a = 0;
		int found = 0;

		for (j = 0; j < nm.n; j++) {
			const char *sp = strrchr(nm.v[j], ' ');

			if (sp && strcmp(sp + 1, name) == 0) {
				unsigned long long v = strtoull(nm.v[j], NULL, 16);

				if (!found || v == st.syms[i].addr)
					a = v;
				found = 1;
			}
		}
		if (!found || a != st.syms[i].addr) {
			if (ok_addr)
				printf("  %s at %llx, nm says %llx\n", name,
				       (unsigned long long)st.syms[i].addr, a);
			ok_addr = 0;
		}
		checked++;
	}
	th_result(ok_addr && checked > 0, "%s: addresses equal nm's (%zu symbols)",
		  p->name, checked);

	snprintf(cmd, sizeof cmd,
		 "readelf -SW '%s' | sed -n 's/.* \\.text  *PROGBITS  *\\([0-9a-f]*\\) "
		 "[0-9a-f]* \\([0-9a-f]*\\).*/\\1 \\2/p'",
		 p->exe);
	th_lines(&sec, cmd);
	if (sec.n != 1 || sscanf(sec.v[0], "%llx %llx", &text_addr, &text_size) != 2)
		ok_range = 0;
	for (i = 0; i + 1 < st.n; i++)
		if (st.syms[i].addr >= st.syms[i + 1].addr ||
		    st.syms[i].end_addr != st.syms[i + 1].addr - 1)
			ok_range = 0;
	if (st.n == 0 || st.syms[st.n - 1].end_addr != text_addr + text_size - 1)
		ok_range = 0;
	th_result(ok_range,
		  "%s: sorted, each ends before the next, the last at the end of .text",
		  p->name);

	for (i = 0; i < st.n; i++) {
		const struct sym *s = &st.syms[i];
		int covered = s->addr <= s->end_addr;

		if (symtab_find(&st, s->addr) != (covered ? s : NULL))
			ok_find = 0;
		if (covered && symtab_find(&st, s->end_addr) != s)
			ok_find = 0;
	}
	if (st.n && st.syms[0].addr > 0 && symtab_find(&st, st.syms[0].addr - 1))
		ok_find = 0;
	th_result(ok_find, "%s: symtab_find() finds each symbol over its range", p->name);
	th_result(st.abi.addr_size == 8 && st.abi.big_endian == 0,
		  "%s: abi is 8-byte little-endian", p->name);
	symtab_free(&st);
	th_clear(&nm);
	th_clear(&sec);
}

static int has_name(const struct symtab *st, const char *name)
{
	size_t i;

	for (i = 0; i < st->n; i++)
		if (strcmp(st->syms[i].name, name) == 0)
			return 1;
	return 0;
}

/* The programs must contain what the comparisons are meant to exercise. */
static void check_preconditions(struct prog *c, struct prog *al)
{
	struct th_list nm = { 0 };
	struct symtab_opts o;
	struct symtab st;
	char cmd[8192];
	const char *clones[] = { "kernel.constprop.0", "twist.constprop.0",
				 "maybe_slow.part.0", "pick.isra.0" };
	size_t i, j;
	int ok = 1;

	snprintf(cmd, sizeof cmd, "nm '%s'", c->exe);
	th_lines(&nm, cmd);
	for (i = 0; i < 4; i++) {
		int found = 0;

		for (j = 0; j < nm.n; j++) {
			const char *sp = strrchr(nm.v[j], ' ');

			found |= sp && strcmp(sp + 1, clones[i]) == 0;
		}
		if (!found)
			printf("  the compiler made no %s\n", clones[i]);
		ok &= found;
	}
	memset(&o, 0, sizeof o);
	symtab_load(&st, c->exe, &o);
	/* twist.constprop.0 is followed by "tally" in .strtab, kernel's
	 * clone by "pick.isra.0": only the first passes GNU's filter */
	ok = ok && has_name(&st, "twist.constprop.0") &&
	     !has_name(&st, "kernel.constprop.0");
	th_result(ok,
		  "%s: clones present; the .strtab look-ahead keeps one constprop and "
		  "drops another",
		  c->name);
	symtab_free(&st);
	th_clear(&nm);

	symtab_load(&st, al->exe, &o);
	ok = 0;
	for (i = 0; i < st.n; i++) {
		static const char *const ex[] = { "_gprof_mcount",     "mcount",
						  "_mcount",           "__mcount",
						  "__mcount_internal", "__mcleanup" };

		for (j = 0; j < 6; j++)
			if (strcmp(st.syms[i].name, ex[j]) == 0)
				ok += st.syms[i].is_excluded;
	}
	/* whether GNU excludes them is checked by the kept-name comparison,
	 * which leaves out our excluded symbols */
	th_result(ok == 6, "%s: the six mcount-like names kept but excluded", al->name);
	symtab_free(&st);
}

/* Run symtab_load() in a child; returns its exit status and stderr. */
static int load_in_child(const char *path, const struct symtab_opts *o, int drop_root,
			 char *err, size_t errlen)
{
	char tmpl[] = "/tmp/tg-symtab-err-XXXXXX";
	int fd = mkstemp(tmpl), status = -1;
	pid_t pid;
	ssize_t n;

	if (fd < 0)
		return -1;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		struct symtab st;

		dup2(fd, 2);
		if (drop_root && getuid() == 0 && (setgid(65534) || setuid(65534)))
			_exit(99);
		symtab_load(&st, path, o);
		_exit(0);
	}
	if (pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status))
		status = WEXITSTATUS(status);
	else
		status = -1;
	n = pread(fd, err, errlen - 1, 0);
	err[n > 0 ? n : 0] = '\0';
	close(fd);
	unlink(tmpl);
	return status;
}

/* PATH is loaded; the message must name NAMED (PATH if NULL). */
static void expect_error_in(const char *what, const char *path, const char *named,
			    const struct symtab_opts *o, int drop_root, const char *want)
{
	char err[4096];
	int st = load_in_child(path, o, drop_root, err, sizeof err);
	const char *nl = strchr(err, '\n');
	/* one line: "tgprof: PATH: problem" */
	int ok = st == 1 && strstr(err, named ? named : path) && strstr(err, want) &&
		 strncmp(err, "tgprof: ", 8) == 0 && nl && nl[1] == '\0';

	if (!ok)
		printf("  status %d, stderr: %s", st, err);
	th_result(ok, "error: %s", what);
}

static void expect_error(const char *what, const char *path, const struct symtab_opts *o,
			 int drop_root, const char *want)
{
	expect_error_in(what, path, NULL, o, drop_root, want);
}

static void check_errors(struct prog *c)
{
	struct symtab_opts o;
	char p[8192], q[8192];

	memset(&o, 0, sizeof o);
	snprintf(p, sizeof p, "%s/err", outdir);
	th_sh("mkdir -p '%s'", p);
	snprintf(p, sizeof p, "%s/err/missing", outdir);
	expect_error("missing file", p, &o, 0, "No such file");
	snprintf(p, sizeof p, "%s/err", outdir);
	expect_error("directory", p, &o, 0, "directory");
	snprintf(p, sizeof p, "%s/err/text", outdir);
	th_sh("echo 'not an object' > '%s'", p);
	expect_error("text file", p, &o, 0, "not in executable format");
	snprintf(p, sizeof p, "%s/err/empty", outdir);
	th_sh(": > '%s'", p);
	expect_error("empty file", p, &o, 0, "not in executable format");
	snprintf(p, sizeof p, "%s/err/trunc", outdir);
	th_sh("head -c 200 '%s' > '%s'", c->exe, p);
	expect_error("truncated executable", p, &o, 0, "not in executable format");
	snprintf(p, sizeof p, "%s/err/stripped", outdir);
	th_sh("strip -o '%s' '%s'", p, c->exe);
	expect_error("stripped executable", p, &o, 0, "no symbols");
	snprintf(p, sizeof p, "%s/err/data.o", outdir);
	th_sh("printf 'int d = 1;\\n' | '%s' -x c -c -o '%s' -", th_env("CC", "cc"), p);
	expect_error("object without functions", p, &o, 0, "no symbols");
	snprintf(p, sizeof p, "%s/err/statics.o", outdir);
	th_sh("printf 'static int f(void){return 1;}\\nint (*fp)(void) = f;\\n' | '%s' "
	      "-x c -c -o '%s' -",
	      th_env("CC", "cc"), p);
	o.all_statics = 1;
	expect_error("only static functions, with -a", p, &o, 0, "no symbols");
	o.all_statics = 0;
	/* code only in another section, then .text removed */
	snprintf(p, sizeof p, "%s/err/mytext.o", outdir);
	th_sh("printf '\\t.section .mytext,\"ax\"\\n\\t.globl g\\n\\t.type "
	      "g,@function\\ng: ret\\n'"
	      " | '%s' -x assembler -c -o '%s' -",
	      th_env("CC", "cc"), p);
	snprintf(q, sizeof q, "%s/err/notext.o", outdir);
	th_sh("objcopy --remove-section .text '%s' '%s'", p, q);
	expect_error("no .text section", q, &o, 0, "can't find .text section");
	snprintf(p, sizeof p, "%s/err/unreadable", outdir);
	th_sh("cp '%s' '%s' && chmod 000 '%s'", c->exe, p, p);
	expect_error("unreadable file", p, &o, 1, "Permission denied");
	o.demangle = SYMTAB_DEMANGLE_STYLE;
	o.demangle_style = "bogus";
	o.demangle = SYMTAB_DEMANGLE_AUTO;
	snprintf(p, sizeof p, "%s/err/missing.table", outdir);
	o.external_table = p;
	expect_error_in("-S: missing table", c->exe, p, &o, 0, "No such file");
	/* GNU: "file `TABLE' has no symbols" */
	snprintf(p, sizeof p, "%s/err/empty", outdir);
	expect_error_in("-S: table without t/T lines", c->exe, p, &o, 0, "no symbols");
	/* GNU reads the table even for a stripped executable */
	snprintf(q, sizeof q, "%s/err/stripped", outdir);
	snprintf(p, sizeof p, "%s/nm.table", c->dir);
	{
		struct symtab st;

		symtab_load(&st, q, &o);
		th_result(st.n > 10,
			  "-S: a stripped executable with a table loads (%zu symbols)",
			  st.n);
		symtab_free(&st);
	}
	o.external_table = NULL;
	o.demangle = SYMTAB_DEMANGLE_STYLE;
	/* GNU's message names no file; neither does ours */
	{
		char err[4096];
		int st = load_in_child(c->exe, &o, 0, err, sizeof err);

		th_result(st == 1 &&
				  strcmp(err,
					 "tgprof: unknown demangling style `bogus'\n") ==
					  0,
			  "error: unknown demangling style");
	}
	th_result(symtab_demangle_style_ok("gnu-v3") &&
			  symtab_demangle_style_ok("rust") &&
			  !symtab_demangle_style_ok("bogus"),
		  "symtab_demangle_style_ok() knows libiberty's styles");
}

static double cpu_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* 60,000 functions (a third static), as assembly: a guard against
 * complexity regressions (make bench measures speed), in CPU time.
 * The second build has line information (as -g) for every function. */
static void check_speed(void)
{
	char dir[2048], path[4096];
	FILE *f;
	double limit = 2.0;
	int i, g;

	snprintf(dir, sizeof dir, "%s/speed", outdir);
	snprintf(path, sizeof path, "%s/big.s", dir);
	th_sh("mkdir -p '%s'", dir);
	f = fopen(path, "w");
	if (!f) {
		th_result(0, "speed: cannot write %s", path);
		return;
	}
	fprintf(f, "\t.text\n");
	for (i = 0; i < 60000; i++) {
		if (i % 3)
			fprintf(f, "\t.globl fn_%d_ZN3foo3barEv\n", i);
		fprintf(f,
			"\t.type "
			"fn_%d_ZN3foo3barEv,@function\nfn_%d_ZN3foo3barEv:\n\tret\n",
			i, i);
	}
	fprintf(f, "\t.globl main\n\t.type main,@function\nmain:\n\tret\n"
		   "\t.section .note.GNU-stack,\"\",@progbits\n");
	fclose(f);
#if defined(__SANITIZE_ADDRESS__)
	limit = 10.0; /* sanitizers slow everything several times */
#endif
	for (g = 0; g <= 1; g++) {
		struct symtab st;
		struct symtab_opts o;
		double t0, t1, t2;
		size_t k, nfn = 0, nfile = 0;

		if (th_sh("cd '%s' && '%s' -c %s -o big%d.o big.s && '%s' -nostdlib "
			  "-static -Wl,-e,main -o big%d big%d.o",
			  dir, th_env("CC", "cc"), g ? "-Wa,-g" : "", g,
			  th_env("CC", "cc"), g, g) != 0) {
			th_result(0, "speed: building the 60,000-function program");
			return;
		}
		snprintf(path, sizeof path, "%s/big%d", dir, g);
		memset(&o, 0, sizeof o);
		t0 = cpu_now();
		symtab_load(&st, path, &o);
		t1 = cpu_now();
		symtab_load_lines(&st);
		t2 = cpu_now();
		for (k = 0; k < st.n; k++) {
			int fn = strncmp(st.syms[k].name, "fn_", 3) == 0;

			nfn += fn;
			nfile += fn && st.syms[k].file != NULL && st.syms[k].line > 0;
		}
		th_result(nfn == 60000 && t1 - t0 < limit,
			  "speed: 60,000 functions%s loaded in %.3f s CPU (limit %.1f s)",
			  g ? " with line information" : "", t1 - t0, limit);
		if (g)
			th_result(nfile == 60000 && t2 - t1 < limit,
				  "speed: files and lines of all %zu functions in %.3f s "
				  "CPU (limit %.1f s)",
				  nfile, t2 - t1, limit);
		symtab_free(&st);
	}
}

int main(void)
{
	char cc[256], cxx[256];
	struct prog progs[7];
	size_t i;

	snprintf(outdir, sizeof outdir, "%.900s/tests/out/symtab", unit_build_top());
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
			snprintf(outdir, sizeof outdir, "%.500s/%.400s/tests/out/symtab",
				 cwd, unit_build_top());
	}
	snprintf(cc, sizeof cc, "%.250s", th_env("CC", "cc"));
	snprintf(cxx, sizeof cxx, "%.250s", th_cxx());

	{
		static char b[7][8192];
		/* compiled from the source directory with relative names, as a
		 * user would; objects land in the build directory */
		snprintf(b[0], sizeof b[0],
			 "(cd '%s' && '%s' -O2 -pg -g -o '%s/c-g/prog' main.c clones.c "
			 "clones2.c d1/u.c d2/u.c)",
			 srcdir, cc, outdir);
		snprintf(b[1], sizeof b[1],
			 "(cd '%s' && '%s' -O2 -pg -no-pie -o '%s/c-nopie/prog' main.c "
			 "clones.c clones2.c d1/u.c d2/u.c)",
			 srcdir, cc, outdir);
		snprintf(b[2], sizeof b[2], "'%s' -O0 -pg -g -o prog '%s/cpp.cc'", cxx,
			 srcdir);
		snprintf(b[3], sizeof b[3],
			 "'%s' -pg -no-pie -o prog '%s/amain.c' '%s/aliases.s'", cc,
			 srcdir, srcdir);
		/* line information for assembly: no function in the DWARF */
		snprintf(b[4], sizeof b[4],
			 "'%s' -pg -g -Wa,-g -o prog '%s/amain.c' '%s/aliases.s'", cc,
			 srcdir, srcdir);
		/* debug information in a separate file found by .gnu_debuglink */
		snprintf(b[5], sizeof b[5],
			 "(cd '%s' && '%s' -O2 -pg -g -o '%s/c-link/prog' main.c "
			 "clones.c clones2.c d1/u.c d2/u.c)"
			 " && objcopy --only-keep-debug prog prog.debug"
			 " && objcopy --strip-debug --add-gnu-debuglink=prog.debug prog",
			 srcdir, cc, outdir);
		/* static glibc: ifuncs, mcount & co, hand-written assembly */
		snprintf(b[6], sizeof b[6],
			 "'%s' -O2 -pg -static -o prog '%s/arcs.c' '%s/arcs2.c'", cc,
			 srcdir, srcdir);
		static const char *const names[] = { "c-g",   "c-nopie", "cpp",
						     "alias", "alias-g", "c-link",
						     "static" };

		memset(progs, 0, sizeof progs);
		for (i = 0; i < 7; i++) {
			progs[i].name = names[i];
			progs[i].build = b[i];
		}
		progs[0].debug = progs[2].debug = progs[4].debug = progs[5].debug = 1;
		progs[2].cxx = 1;
	}
	for (i = 0; i < 7; i++) {
		struct prog *p = &progs[i];

		snprintf(p->dir, sizeof p->dir, "%s/%s", outdir, p->name);
		snprintf(p->exe, sizeof p->exe, "%s/prog", p->dir);
		snprintf(p->gmon, sizeof p->gmon, "%s/gmon.out", p->dir);
		p->ok = th_build_run(p->dir, p->build) == 0;
		th_result(p->ok, "%s: built and ran", p->name);
	}
	for (i = 0; i < 7; i++) {
		struct prog *p = &progs[i];

		if (!p->ok)
			continue;
		check_kept(p);
		check_demangled(p, NULL);
		check_layout(p);
		check_files(p);
		if (i == 0 || i == 6)
			check_external(p);
	}
	if (progs[2].ok || progs[3].ok) {
		static const char *const styles[] = { "auto", "gnu-v3", "rust", "dlang",
						      "java", "gnat",   "none" };
		size_t k;

		for (k = 0; k < sizeof styles / sizeof *styles; k++) {
			if (progs[2].ok)
				check_demangled(&progs[2], styles[k]);
			if (progs[3].ok)
				check_demangled(&progs[3], styles[k]);
		}
	}
	if (progs[0].ok && progs[3].ok)
		check_preconditions(&progs[0], &progs[3]);
	if (progs[0].ok)
		check_errors(&progs[0]);
	check_speed();
	return unit_finish();
}
