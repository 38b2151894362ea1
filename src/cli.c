/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli: the command line (cli.h).
 *
 * Every GNU gprof 2.40 option is accepted under the same short and long
 * names, with the same optional-argument forms (-p[SPEC], --graph[=SPEC]),
 * and response files (@FILE) through libiberty.  Which reports print
 * follows GNU: options that name a report switch it on; when none is on
 * at the end, the flat profile and call graph print, less any report the
 * user switched off (-P, -Q). */
#include "config.h"
#include "cli.h"
#include "export.h"
#include "util.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef HAVE_LIBIBERTY_DEMANGLE_H
#include <libiberty/libiberty.h>
#else
#include <libiberty.h>
#endif

enum {
	OPT_TEXT = 256,
	OPT_TUI,
	OPT_BREAK_CYCLES,
	OPT_CYCLE_HEURISTIC,
	OPT_DEMANGLE,
	OPT_NO_DEMANGLE,
	OPT_INLINE_FILE_NAMES,
	OPT_HELP_KEYS,
	OPT_BASELINE,
	OPT_BASELINE_EXE,
	OPT_NORMALIZE,
	OPT_FORMAT,
	OPT_OUTPUT,
	OPT_EDITS,
	OPT_WRITE_EDITS,
	OPT_CYCLE_OBJECTIVE,
	OPT_BREAK_KEEP,
	OPT_BREAK_FORCE,
	OPT_LIB_PATH,
	OPT_OBJECTS,
	OPT_DEBUG_DIR,
	OPT_CYCLE_EXACT_TIME,
	OPT_CYCLE_ALLOW_ROOTS,
	OPT_FLAME_MIN,
	OPT_ASM,
	OPT_ASM_SYNTAX
};

#define STYLE_FLAT       1
#define STYLE_GRAPH      2
#define STYLE_ANNO       4
#define STYLE_EXEC       8
#define STYLE_FUNC_ORDER 16
#define STYLE_FILE_ORDER 32

/* GNU gprof 2.40's long options, first: an abbreviation is resolved
 * against these alone before tgprof's own are considered (see
 * resolve_gnu_prefixes()), so tgprof's additions never make a prefix GNU
 * accepts ambiguous.  The end of the GNU part is marked by N_GNU_LONG. */
/* Tables and the usage text are kept as written, one entry a line. */
/* clang-format off */
static const struct option long_opts[] = {
	{ "annotated-source", optional_argument, NULL, 'A' },
	{ "no-annotated-source", optional_argument, NULL, 'J' },
	{ "exec-counts", optional_argument, NULL, 'C' },
	{ "no-exec-counts", optional_argument, NULL, 'Z' },
	{ "flat-profile", optional_argument, NULL, 'p' },
	{ "no-flat-profile", optional_argument, NULL, 'P' },
	{ "graph", optional_argument, NULL, 'q' },
	{ "no-graph", optional_argument, NULL, 'Q' },
	{ "time", required_argument, NULL, 'n' },
	{ "no-time", required_argument, NULL, 'N' },
	{ "all-lines", no_argument, NULL, 'x' },
	{ "brief", no_argument, NULL, 'b' },
	{ "debug", optional_argument, NULL, 'd' },
	{ "function-ordering", no_argument, NULL, 'r' },
	{ "file-ordering", required_argument, NULL, 'R' },
	{ "inline-file-names", no_argument, NULL, OPT_INLINE_FILE_NAMES },
	{ "directory-path", required_argument, NULL, 'I' },
	{ "display-unused-functions", no_argument, NULL, 'z' },
	{ "file-format", required_argument, NULL, 'O' },
	{ "file-info", no_argument, NULL, 'i' },
	{ "help", no_argument, NULL, 'h' },
	{ "line", no_argument, NULL, 'l' },
	{ "min-count", required_argument, NULL, 'm' },
	{ "no-static", no_argument, NULL, 'a' },
	{ "print-path", no_argument, NULL, 'L' },
	{ "separate-files", no_argument, NULL, 'y' },
	{ "static-call-graph", optional_argument, NULL, 'c' },
	{ "sum", no_argument, NULL, 's' },
	{ "table-length", required_argument, NULL, 't' },
	{ "traditional", no_argument, NULL, 'T' },
	{ "version", no_argument, NULL, 'v' },
	{ "width", required_argument, NULL, 'w' },
	{ "ignore-non-functions", no_argument, NULL, 'D' },
	{ "demangle", optional_argument, NULL, OPT_DEMANGLE },
	{ "no-demangle", no_argument, NULL, OPT_NO_DEMANGLE },
	{ "external-symbol-table", required_argument, NULL, 'S' },
#define N_GNU_LONG 36
	/* tgprof's own options, after GNU's (add new ones here) */
	{ "text", no_argument, NULL, OPT_TEXT },
	{ "tui", no_argument, NULL, OPT_TUI },
	{ "break-cycles", required_argument, NULL, OPT_BREAK_CYCLES },
	{ "cycle-heuristic", required_argument, NULL, OPT_CYCLE_HEURISTIC },
	{ "help-keys", optional_argument, NULL, OPT_HELP_KEYS },
	{ "baseline", required_argument, NULL, OPT_BASELINE },
	{ "baseline-exe", required_argument, NULL, OPT_BASELINE_EXE },
	{ "normalize", no_argument, NULL, OPT_NORMALIZE },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "output", required_argument, NULL, OPT_OUTPUT },
	{ "edits", required_argument, NULL, OPT_EDITS },
	{ "cycle-objective", required_argument, NULL, OPT_CYCLE_OBJECTIVE },
	{ "write-edits", required_argument, NULL, OPT_WRITE_EDITS },
	{ "break-keep", required_argument, NULL, OPT_BREAK_KEEP },
	{ "break-force", required_argument, NULL, OPT_BREAK_FORCE },
	{ "lib-path", required_argument, NULL, OPT_LIB_PATH },
	{ "objects", required_argument, NULL, OPT_OBJECTS },
	{ "debug-file-directory", required_argument, NULL, OPT_DEBUG_DIR },
	{ "cycle-exact-time", required_argument, NULL, OPT_CYCLE_EXACT_TIME },
	{ "cycle-allow-roots", no_argument, NULL, OPT_CYCLE_ALLOW_ROOTS },
	{ "flame-min", required_argument, NULL, OPT_FLAME_MIN },
	{ "asm", required_argument, NULL, OPT_ASM },
	{ "asm-syntax", required_argument, NULL, OPT_ASM_SYNTAX },
	{ NULL, 0, NULL, 0 }
};
/* clang-format on */

static const char short_opts[] =
	"aA::bBcC::d::De:E:f:F:hiI:J::k:lLm:n:N:O:p::P::q::Q::rR:sS:t:Tvw:xyzZ::";

/* --baseline=A,B: each name is a profile; the option may repeat.  The
 * names are copies (freed by cli_free), as LIST is split in place. */
static void add_baselines(struct opts *o, const char *list)
{
	const char *p = list;

	for (;;) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		if (len == 0)
			util_die("--baseline: empty profile name in '%s'", list);
		char *name = xmalloc(len + 1);
		memcpy(name, p, len);
		name[len] = 0;
		o->compare.baselines = xrealloc(o->compare.baselines,
						(size_t)(o->compare.nbaselines + 1) *
							sizeof *o->compare.baselines);
		o->compare.baselines[o->compare.nbaselines++] = name;
		if (!comma)
			break;
		p = comma + 1;
	}
}

static void usage(FILE *f)
{
	/* clang-format off */
	fprintf(f,
"Usage: %s [options] [executable [profile-file...]]\n"
"Browse a gprof call-graph profile, or print GNU gprof's reports.\n"
"Defaults: executable a.out, profile gmon.out.  Reports are printed when\n"
"standard output is not a terminal, with --text, --format or --output, and for\n"
"-A, -C, -i, -r, -R and -s; otherwise the browser opens.\n"
"\n"
"Modes:\n"
"  --text                 print the reports (like gprof)\n"
"  --tui                  open the browser\n"
"Reports (GNU gprof options):\n"
"  -p, --flat-profile[=SPEC]      flat profile [only for SPEC]\n"
"  -P, --no-flat-profile[=SPEC]   no flat profile [leave SPEC out of it]\n"
"  -q, --graph[=SPEC]             call graph [only for SPEC]\n"
"  -Q, --no-graph[=SPEC]          no call graph [leave SPEC out of it]\n"
"  -b, --brief                    no explanatory notes\n"
"  -T, --traditional              BSD layout\n"
"  -z, --display-unused-functions show functions never called or sampled\n"
"  -w, --width=N                  width of the index (default 80)\n"
"  -L, --print-path               full source paths\n"
"  -i, --file-info                describe the profile files\n"
"  -s, --sum                      sum the profiles into gmon.sum\n"
"Selection (SPEC: func, file.c, file.c:func, file.c:line, line):\n"
"  -e SPEC / -E SPEC              leave SPEC out of the graph (-E: and its time)\n"
"  -f SPEC / -F SPEC              graph only SPEC (-F: and only its time)\n"
"  -n SPEC, --time=SPEC           only SPEC's time propagates\n"
"  -N SPEC, --no-time=SPEC        SPEC's time does not propagate\n"
"  -k FROM/TO                     delete the arcs from FROM to TO\n"
"Symbols:\n"
"  -a, --no-static                hide static functions\n"
"  -D, --ignore-non-functions     ignore symbols that are not functions\n"
"  --demangle[=STYLE], --no-demangle\n"
"  -O, --file-format=FMT          auto, bsd, 4.4bsd, magic\n"
"Cycles:\n"
"  --break-cycles=N               delete arcs so no cycle has more than N members\n"
"  --cycle-heuristic=bsd          choose arcs with 4.4BSD gprof's rule\n"
"  --cycle-objective=calls|time   fewest calls (default) or least time moved\n"
"  --cycle-exact-time=SECONDS     time for the exact search (default 3, 0: none)\n"
"  --cycle-allow-roots            let a broken cycle's functions lose all callers\n"
"  --break-keep=FROM/TO           never delete these arcs (pin them)\n"
"  --break-force=FROM/TO          delete these arcs, the rest chosen around them\n"
"  --write-edits=FILE             write the session's edits as an edits file\n"
"  --edits=FILE                   apply an edits file (: commands) first\n"
"Comparison:\n"
"  --baseline=PROF[,PROF...]      compare against these profiles (summed)\n"
"  --baseline-exe=EXE             the baseline's program (default: the same)\n"
"  --normalize                    compare shares of total time, not seconds\n"
"Line level and static analyses:\n"
"  -l, --line                     line-by-line profile (needs -g)\n"
"  --inline-file-names            show file:line after every name\n"
"  -A, --annotated-source[=SPEC]  annotated source; -J[SPEC] turns it off\n"
"  -x, --all-lines                annotate every line of a block\n"
"  -y, --separate-files           annotations to FILE-ann, not stdout\n"
"  -I, --directory-path=DIRS      where to look for sources (also GPROF_PATH)\n"
"  -t, --table-length=N           lines in the Top N Lines table\n"
"  -m, --min-count=N              mark lines run fewer than N times\n"
"  -C, --exec-counts[=SPEC]       execution counts; -Z[SPEC] turns them off\n"
"  -c, --static-call-graph        add calls found in the code (GNU: forward)\n"
"  --static-call-graph=all        ... every direct call (tgprof extension)\n"
"  --asm=FUNC                     FUNC's source lines with its machine code\n"
"  --asm-syntax=att|intel         the syntax of x86 code (default att)\n"
"  -r, --function-ordering        suggested function order\n"
"  -R, --file-ordering=MAP        suggested object file order\n"
"Output (tgprof):\n"
"  --format=FMT                   text (default), json, dot, callgrind, folded, svg\n"
"  --flame-min=PCT                folded, svg: fold paths below PCT%% (0.1)\n"
"  --output=FILE                  write to FILE (atomically), not stdout\n"
"Shared objects (profiled with libtgmon):\n"
"  --lib-path=DIR                 look for moved objects in DIR too\n"
"  --objects=LIST                 join only these objects (names, comma-separated)\n"
"  --debug-file-directory=DIR     look for separate debug files under DIR too\n"
"Other:\n"
"  -h, --help     this help         -v, --version   version\n"
"  -d, --debug[=N]                accepted, no effect\n"
"  -S, --external-symbol-table=F  read the symbols from an nm-style table\n"
"See tgprof(1).\n",
		/* clang-format on */
		util_progname());
}

/* Does a short option C take a required argument (one ':' after it)? */
static int short_needs_arg(int c)
{
	const char *p = strchr(short_opts, c);
	return c != ':' && p && p[1] == ':' && p[2] != ':';
}

/* The option of TABLE[0..N) that NAME (LEN bytes, no "--") selects by
 * getopt_long's rules: an exact name, else the first option it abbreviates
 * when every other option it abbreviates behaves the same (argument kind
 * and value).  -1 if none, -2 if ambiguous. */
static int match_long(const struct option *table, int n, const char *name, size_t len)
{
	int found = -1, ambiguous = 0;

	for (int i = 0; i < n; i++) {
		if (strncmp(table[i].name, name, len) != 0)
			continue;
		if (strlen(table[i].name) == len)
			return i;
		if (found < 0)
			found = i;
		else if (table[i].has_arg != table[found].has_arg ||
			 table[i].val != table[found].val)
			ambiguous = 1;
	}
	return ambiguous ? -2 : found;
}

/* Spell out, in ARGV, every long option that abbreviates one of GNU's
 * alone (`--br` is --brief, `--h` --help, as in gprof 2.40) and is not
 * the exact name of one of ours; getopt_long then never sees an
 * abbreviation that tgprof's extra options could make ambiguous.  The
 * strings made are kept in CL->argv_own for cli_free(). */
static void resolve_gnu_prefixes(struct cli *cl, int argc, char **argv)
{
	int ntotal = (int)(sizeof long_opts / sizeof long_opts[0]) - 1;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--") == 0)
			break;
		if (a[0] != '-' || a[1] == 0)
			continue;
		if (a[1] != '-') {
			/* a cluster of short options: the last may take the next word */
			for (const char *c = a + 1; *c; c++) {
				const char *p = strchr(short_opts, *c);
				if (p && p[1] == ':') {
					if (c[1] == 0 && short_needs_arg(*c))
						i++;
					break;
				}
			}
			continue;
		}
		const char *name = a + 2, *eq = strchr(name, '=');
		size_t len = eq ? (size_t)(eq - name) : strlen(name);
		int k = match_long(long_opts, ntotal, name, len);
		if (k < 0 || strlen(long_opts[k].name) != len) {
			int g = match_long(long_opts, N_GNU_LONG, name, len);
			if (g >= 0) {
				k = g;
				size_t n = strlen(long_opts[g].name) +
					   strlen(name + len) + 3;
				char *full = xmalloc(n);
				snprintf(full, n, "--%s%s", long_opts[g].name,
					 name + len);
				cl->argv_own = xrealloc(cl->argv_own,
							((size_t)cl->nargv_own + 1) *
								sizeof *cl->argv_own);
				cl->argv_own[cl->nargv_own++] = full;
				argv[i] = full;
			}
		}
		if (k >= 0 && !eq && long_opts[k].has_arg == required_argument)
			i++;
	}
}

/* GNU's reports switched on and off by a pair of options: ON prints the
 * report (with SPEC, limited to SPEC); OFF with SPEC prints it less SPEC,
 * without switches it off.  A call-graph SPEC holding '/' names arcs:
 * -q FROM/TO keeps only those arcs ('K'), -Q FROM/TO deletes them ('k'). */
static const struct onoff {
	char on, off, arcs_on, arcs_off;
	int style;
} onoff[] = {
	{ 'p', 'P', 0, 0, STYLE_FLAT },
	{ 'q', 'Q', 'K', 'k', STYLE_GRAPH },
	{ 'A', 'J', 0, 0, STYLE_ANNO },
	{ 'C', 'Z', 0, 0, STYLE_EXEC },
};

/* Option C with argument ARG (NULL when none) if it is one of onoff[];
 * returns 0 when it is not. */
static int onoff_option(struct opts *o, int c, const char *arg, int *style,
			int *user_style)
{
	for (size_t i = 0; i < sizeof onoff / sizeof onoff[0]; i++) {
		const struct onoff *t = &onoff[i];
		if (c != t->on && c != t->off)
			continue;
		int on = c == t->on;
		if (arg) {
			int arcs = t->arcs_on && strchr(arg, '/');
			opts_add_spec(o, arcs ? (on ? t->arcs_on : t->arcs_off) : c, arg);
		}
		if (on || arg)
			*style |= t->style;
		else
			*style &= ~t->style;
		*user_style |= t->style;
		return 1;
	}
	return 0;
}

/* GNU reads numbers with atoi(): a leading number or 0, never an error. */
static long parse_long(const char *s)
{
	return strtol(s, NULL, 10);
}

void cli_parse(struct cli *cl, int argc, char **argv)
{
	struct opts *o = &cl->o;
	int style = 0, user_style = 0, c;

	memset(cl, 0, sizeof *cl);
	opts_init(o);
	char **orig = argv;
	expandargv(&argc, &argv);
	if (argv != orig)
		cl->argv_expanded = argv; /* freed by cli_free() */
	resolve_gnu_prefixes(cl, argc, argv);
	opterr = 1;
	while ((c = getopt_long(argc, argv, short_opts, long_opts, NULL)) != -1) {
		switch (c) {
		case 'a': o->load.no_static = 1; break;
		case 'b': o->report.brief = 1; break;
		case 'B':
			style |= STYLE_GRAPH;
			user_style |= STYLE_GRAPH;
			break;
		case 'D': o->load.ignore_non_functions = 1; break;
		case 'd': o->debug = 1; break;
		case 'e':
		case 'E':
		case 'f':
		case 'F':
		case 'n':
		case 'N': opts_add_spec(o, c, optarg); break;
		case 'k': opts_add_spec(o, 'k', optarg); break;
		case 'z': o->report.zero = 1; break;
		case 'T': o->report.traditional = 1; break;
		case 'w': o->report.width = (int)parse_long(optarg); break;
		case 'L': o->report.print_path = 1; break;
		case 'i': o->report.file_info = 1; break;
		case 's':
			o->report.sum = 1;
			o->report.line = 1;
			break; /* GNU: -s works on line symbols */
		case 'O':
			if (!strcmp(optarg, "auto"))
				o->load.format = GMON_FMT_AUTO;
			else if (!strcmp(optarg, "bsd"))
				o->load.format = GMON_FMT_BSD;
			else if (!strcmp(optarg, "4.4bsd"))
				o->load.format = GMON_FMT_BSD44;
			else if (!strcmp(optarg, "magic"))
				o->load.format = GMON_FMT_GNU;
			else if (!strcmp(optarg, "prof"))
				o->load.format = GMON_FMT_PROF;
			else
				util_die("%s: unknown file format", optarg);
			break;
		case 'I':
			o->report.dirs =
				xrealloc(o->report.dirs, ((size_t)o->report.ndirs + 1) *
								 sizeof *o->report.dirs);
			o->report.dirs[o->report.ndirs++] = optarg;
			break;
		case 'm': o->report.min_count = parse_long(optarg); break;
		case 't': o->report.table_length = parse_long(optarg); break;
		case 'x': o->report.all_lines = 1; break;
		case 'y': o->report.separate_files = 1; break;
		case 'l': o->report.line = 1; break;
		case OPT_INLINE_FILE_NAMES: o->report.inline_file_names = 1; break;
		case 'c':
			o->report.static_graph = 1;
			if (optarg && !strcmp(optarg, "all"))
				o->load.static_all = 1;
			else if (optarg)
				util_die("--static-call-graph: unknown value '%s' (all)",
					 optarg);
			break;
		case 'r':
			style |= STYLE_FUNC_ORDER;
			user_style |= STYLE_FUNC_ORDER;
			break;
		case 'R':
			o->report.map_file = optarg;
			style |= STYLE_FILE_ORDER;
			user_style |= STYLE_FILE_ORDER;
			break;
		case 'S': o->load.external_table = optarg; break;
		case OPT_DEMANGLE:
			o->load.demangle_off = 0;
			o->load.demangle_style = optarg;
			break;
		case OPT_NO_DEMANGLE: o->load.demangle_off = 1; break;
		case OPT_TEXT: cl->mode = CLI_MODE_TEXT; break;
		case OPT_TUI: cl->mode = CLI_MODE_TUI; break;
		case OPT_BREAK_CYCLES: {
			char *end;
			long v = strtol(optarg, &end, 10);
			if (end == optarg || *end || v <= 0)
				util_die("--break-cycles: '%s' is not a positive whole "
					 "number",
					 optarg);
			o->cycles.bound = v;
			break;
		}
		case OPT_CYCLE_HEURISTIC:
			if (!strcmp(optarg, "bsd"))
				o->cycles.heuristic_bsd = 1;
			else if (!strcmp(optarg, "tgprof") || !strcmp(optarg, "default"))
				o->cycles.heuristic_bsd = 0;
			else
				util_die("--cycle-heuristic: unknown heuristic '%s' "
					 "(tgprof, bsd)",
					 optarg);
			break;
		case OPT_HELP_KEYS:
			if (optarg && strcmp(optarg, "man") != 0)
				util_die("--help-keys: unknown form '%s' (man)", optarg);
			cl->help_keys = optarg ? 2 : 1;
			break;
		case OPT_BASELINE: add_baselines(o, optarg); break;
		case OPT_BASELINE_EXE: o->compare.exe = optarg; break;
		case OPT_NORMALIZE: o->compare.normalize = 1; break;
		case OPT_FORMAT: {
			enum export_format f;
			if (export_format_parse(optarg, &f) != 0)
				util_die("--format: unknown format '%s' (text, json, "
					 "dot, callgrind, folded, svg)",
					 optarg);
			o->export.format = (int)f;
			cl->out_asked = 1;
			break;
		}
		case OPT_OUTPUT:
			if (!*optarg)
				util_die("--output: no file name given");
			/* "-" is standard output, as for most tools */
			o->export.output = strcmp(optarg, "-") == 0 ? NULL : optarg;
			cl->out_asked = 1;
			break;
		case OPT_EDITS: o->edits_file = optarg; break;
		case OPT_CYCLE_OBJECTIVE:
			if (!strcmp(optarg, "calls"))
				o->cycles.objective_time = 0;
			else if (!strcmp(optarg, "time"))
				o->cycles.objective_time = 1;
			else
				util_die("--cycle-objective: unknown objective '%s' "
					 "(calls, time)",
					 optarg);
			break;
		case OPT_CYCLE_EXACT_TIME: {
			char *end;
			double v = strtod(optarg, &end);
			if (end == optarg || *end || !(v >= 0) || v > 1e6)
				util_die("--cycle-exact-time: '%s' is not a number of "
					 "seconds (0 or more)",
					 optarg);
			o->cycles.exact_time = v;
			o->cycles.exact_time_set = 1;
			break;
		}
		case OPT_CYCLE_ALLOW_ROOTS: o->cycles.allow_roots = 1; break;
		case OPT_WRITE_EDITS: o->write_edits = optarg; break;
		case OPT_BREAK_KEEP:
		case OPT_BREAK_FORCE:
			o->cycles.choices = xrealloc(o->cycles.choices,
						     ((size_t)o->cycles.nchoices + 1) *
							     sizeof *o->cycles.choices);
			o->cycles.choices[o->cycles.nchoices++] =
				(struct opts_spec){ c == OPT_BREAK_KEEP ? 'K' : 'F',
						    optarg };
			break;
		case OPT_LIB_PATH:
			o->load.lib_paths = xrealloc(o->load.lib_paths,
						     (size_t)(o->load.nlib_paths + 1) *
							     sizeof *o->load.lib_paths);
			o->load.lib_paths[o->load.nlib_paths++] = optarg;
			break;
		case OPT_OBJECTS: o->load.objects = optarg; break;
		case OPT_DEBUG_DIR: o->load.debug_dirs = optarg; break;
		case OPT_FLAME_MIN: {
			char *end;
			double v = strtod(optarg, &end);
			if (end != optarg && *end == '%')
				end++;
			if (end == optarg || *end || !(v >= 0 && v <= 100))
				util_die("--flame-min: '%s' is not a percentage from 0 "
					 "to 100",
					 optarg);
			o->export.flame_min = v / 100;
			break;
		}
		case OPT_ASM: o->report.asm_func = optarg; break;
		case OPT_ASM_SYNTAX:
			if (strcmp(optarg, "intel") == 0)
				o->report.asm_intel = 1;
			else if (strcmp(optarg, "att") == 0)
				o->report.asm_intel = 0;
			else
				util_die("--asm-syntax: '%s' is not att or intel",
					 optarg);
			break;
		case 'h': usage(stdout); exit(0);
		case 'v':
			printf("tgprof %s\n", PACKAGE_VERSION);
			printf("Reads GNU gprof 2.40 profiles and writes its reports.\n");
			exit(0);
		default:
			/* -p/-P, -q/-Q, -A/-J, -C/-Z */
			if (onoff_option(o, c, optarg, &style, &user_style))
				break;
			usage(stderr);
			exit(1);
		}
	}
	if (o->cycles.nchoices > 0 && o->cycles.bound <= 0)
		util_die("%s: needs --break-cycles (it sets arcs for that proposal)",
			 o->cycles.choices[0].which == 'K' ? "--break-keep"
							   : "--break-force");
	if (optind < argc)
		o->load.exe = argv[optind++];
	if (optind < argc) {
		o->load.profiles = (const char **)&argv[optind];
		o->load.nprofiles = argc - optind;
	}
	/* no report named: opts_init()'s, less those switched off */
	if (style == 0 && !o->report.sum && !o->report.file_info)
		style = ((o->report.flat ? STYLE_FLAT : 0) |
			 (o->report.graph ? STYLE_GRAPH : 0)) &
			~user_style;
	o->report.flat_asked = !!(user_style & STYLE_FLAT);
	o->report.graph_asked = !!(user_style & STYLE_GRAPH);
	o->report.flat = !!(style & STYLE_FLAT);
	o->report.graph = !!(style & STYLE_GRAPH);
	o->report.annotate = !!(style & STYLE_ANNO);
	o->report.exec_counts = !!(style & STYLE_EXEC);
	o->report.func_order = !!(style & STYLE_FUNC_ORDER);
	o->report.file_order = !!(style & STYLE_FILE_ORDER);
	if (o->report.func_order && o->report.file_order)
		util_die("Only one of --function-ordering and --file-ordering may be "
			 "specified.");
	if (o->report.width < 1)
		o->report.width = 1;
	if (!o->compare.nbaselines && (o->compare.exe || o->compare.normalize))
		util_die("%s needs --baseline",
			 o->compare.exe ? "--baseline-exe" : "--normalize");
}

void cli_free(struct cli *cl)
{
	struct opts *o = &cl->o;

	opts_free_specs(o);
	free(o->cycles.choices);
	o->cycles.choices = NULL;
	o->cycles.nchoices = 0;
	for (int i = 0; i < o->compare.nbaselines; i++)
		free((char *)o->compare.baselines[i]);
	free(o->compare.baselines);
	o->compare.baselines = NULL;
	o->compare.nbaselines = 0;
	free(o->report.dirs);
	o->report.dirs = NULL;
	o->report.ndirs = 0;
	for (int i = 0; i < cl->nargv_own; i++)
		free(cl->argv_own[i]);
	free(cl->argv_own);
	cl->argv_own = NULL;
	cl->nargv_own = 0;
	free(o->load.lib_paths);
	if (cl->argv_expanded)
		freeargv(cl->argv_expanded);
	cl->argv_expanded = NULL;
}
