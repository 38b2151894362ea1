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
	OPT_FLAME_MIN
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
	{ NULL, 0, NULL, 0 }
};
/* clang-format on */

static const char short_opts[] =
	"aA::bBcC::d::De:E:f:F:hiI:J::k:lLm:n:N:O:p::P::q::Q::rR:sS:t:Tvw:xyzZ::";

/* --baseline=A,B: each name is a profile; the option may repeat.  The
 * names are copies (freed by opts_free), as LIST is split in place. */
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
		o->baselines = xrealloc(o->baselines, (size_t)(o->nbaselines + 1) *
							      sizeof *o->baselines);
		o->baselines[o->nbaselines++] = name;
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
 * strings made are kept in O->argv_own for opts_free(). */
static void resolve_gnu_prefixes(struct opts *o, int argc, char **argv)
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
				o->argv_own = xrealloc(o->argv_own,
						       ((size_t)o->nargv_own + 1) *
							       sizeof *o->argv_own);
				o->argv_own[o->nargv_own++] = full;
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

void opts_parse(struct opts *o, int argc, char **argv)
{
	int style = 0, user_style = 0, c;

	opts_init(o);
	char **orig = argv;
	expandargv(&argc, &argv);
	if (argv != orig)
		o->argv_expanded = argv; /* freed by opts_free() */
	resolve_gnu_prefixes(o, argc, argv);
	opterr = 1;
	while ((c = getopt_long(argc, argv, short_opts, long_opts, NULL)) != -1) {
		switch (c) {
		case 'a': o->no_static = 1; break;
		case 'b': o->brief = 1; break;
		case 'B':
			style |= STYLE_GRAPH;
			user_style |= STYLE_GRAPH;
			break;
		case 'D': o->ignore_non_functions = 1; break;
		case 'd': o->debug = 1; break;
		case 'e':
		case 'E':
		case 'f':
		case 'F':
		case 'n':
		case 'N': opts_add_spec(o, c, optarg); break;
		case 'k': opts_add_spec(o, 'k', optarg); break;
		case 'z': o->zero = 1; break;
		case 'T': o->traditional = 1; break;
		case 'w': o->width = (int)parse_long(optarg); break;
		case 'L': o->print_path = 1; break;
		case 'i': o->file_info = 1; break;
		case 's':
			o->sum = 1;
			o->line = 1;
			break; /* GNU: -s works on line symbols */
		case 'O':
			if (!strcmp(optarg, "auto"))
				o->format = GMON_FMT_AUTO;
			else if (!strcmp(optarg, "bsd"))
				o->format = GMON_FMT_BSD;
			else if (!strcmp(optarg, "4.4bsd"))
				o->format = GMON_FMT_BSD44;
			else if (!strcmp(optarg, "magic"))
				o->format = GMON_FMT_GNU;
			else if (!strcmp(optarg, "prof"))
				o->format = GMON_FMT_PROF;
			else
				util_die("%s: unknown file format", optarg);
			break;
		case 'I':
			o->dirs = xrealloc(o->dirs,
					   ((size_t)o->ndirs + 1) * sizeof *o->dirs);
			o->dirs[o->ndirs++] = optarg;
			break;
		case 'm': o->min_count = parse_long(optarg); break;
		case 't': o->table_length = parse_long(optarg); break;
		case 'x': o->all_lines = 1; break;
		case 'y': o->separate_files = 1; break;
		case 'l': o->line = 1; break;
		case OPT_INLINE_FILE_NAMES: o->inline_file_names = 1; break;
		case 'c':
			o->static_graph = 1;
			if (optarg && !strcmp(optarg, "all"))
				o->static_all = 1;
			else if (optarg)
				util_die("--static-call-graph: unknown value '%s' (all)",
					 optarg);
			break;
		case 'r':
			style |= STYLE_FUNC_ORDER;
			user_style |= STYLE_FUNC_ORDER;
			break;
		case 'R':
			o->map_file = optarg;
			style |= STYLE_FILE_ORDER;
			user_style |= STYLE_FILE_ORDER;
			break;
		case 'S': o->external_table = optarg; break;
		case OPT_DEMANGLE:
			o->demangle_off = 0;
			o->demangle_style = optarg;
			break;
		case OPT_NO_DEMANGLE: o->demangle_off = 1; break;
		case OPT_TEXT: o->mode = OPTS_MODE_TEXT; break;
		case OPT_TUI: o->mode = OPTS_MODE_TUI; break;
		case OPT_BREAK_CYCLES: {
			char *end;
			long v = strtol(optarg, &end, 10);
			if (end == optarg || *end || v <= 0)
				util_die("--break-cycles: '%s' is not a positive whole "
					 "number",
					 optarg);
			o->break_cycles = v;
			break;
		}
		case OPT_CYCLE_HEURISTIC:
			if (!strcmp(optarg, "bsd"))
				o->cycle_heuristic_bsd = 1;
			else if (!strcmp(optarg, "tgprof") || !strcmp(optarg, "default"))
				o->cycle_heuristic_bsd = 0;
			else
				util_die("--cycle-heuristic: unknown heuristic '%s' "
					 "(tgprof, bsd)",
					 optarg);
			break;
		case OPT_HELP_KEYS:
			if (optarg && strcmp(optarg, "man") != 0)
				util_die("--help-keys: unknown form '%s' (man)", optarg);
			o->help_keys = optarg ? 2 : 1;
			break;
		case OPT_BASELINE: add_baselines(o, optarg); break;
		case OPT_BASELINE_EXE: o->baseline_exe = optarg; break;
		case OPT_NORMALIZE: o->normalize = 1; break;
		case OPT_FORMAT: {
			enum export_format f;
			if (export_format_parse(optarg, &f) != 0)
				util_die("--format: unknown format '%s' (text, json, "
					 "dot, callgrind, folded, svg)",
					 optarg);
			o->out_format = (int)f;
			o->out_asked = 1;
			break;
		}
		case OPT_OUTPUT:
			if (!*optarg)
				util_die("--output: no file name given");
			/* "-" is standard output, as for most tools */
			o->output = strcmp(optarg, "-") == 0 ? NULL : optarg;
			o->out_asked = 1;
			break;
		case OPT_EDITS: o->edits_file = optarg; break;
		case OPT_CYCLE_OBJECTIVE:
			if (!strcmp(optarg, "calls"))
				o->cycle_objective_time = 0;
			else if (!strcmp(optarg, "time"))
				o->cycle_objective_time = 1;
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
			o->cycle_exact_time = v;
			o->cycle_exact_time_set = 1;
			break;
		}
		case OPT_CYCLE_ALLOW_ROOTS: o->cycle_allow_roots = 1; break;
		case OPT_WRITE_EDITS: o->write_edits = optarg; break;
		case OPT_BREAK_KEEP:
		case OPT_BREAK_FORCE:
			o->break_choices = xrealloc(o->break_choices,
						    ((size_t)o->nbreak_choices + 1) *
							    sizeof *o->break_choices);
			o->break_choices[o->nbreak_choices++] =
				(struct opts_spec){ c == OPT_BREAK_KEEP ? 'K' : 'F',
						    optarg };
			break;
		case OPT_LIB_PATH:
			o->lib_paths =
				xrealloc(o->lib_paths, (size_t)(o->nlib_paths + 1) *
							       sizeof *o->lib_paths);
			o->lib_paths[o->nlib_paths++] = optarg;
			break;
		case OPT_OBJECTS: o->objects = optarg; break;
		case OPT_DEBUG_DIR: o->debug_dirs = optarg; break;
		case OPT_FLAME_MIN: {
			char *end;
			double v = strtod(optarg, &end);
			if (end != optarg && *end == '%')
				end++;
			if (end == optarg || *end || !(v >= 0 && v <= 100))
				util_die("--flame-min: '%s' is not a percentage from 0 "
					 "to 100",
					 optarg);
			o->flame_min = v / 100;
			break;
		}
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
	if (o->nbreak_choices > 0 && o->break_cycles <= 0)
		util_die("%s: needs --break-cycles (it sets arcs for that proposal)",
			 o->break_choices[0].which == 'K' ? "--break-keep"
							  : "--break-force");
	if (optind < argc)
		o->exe = argv[optind++];
	if (optind < argc) {
		o->profiles = (const char **)&argv[optind];
		o->nprofiles = argc - optind;
	}
	/* no report named: opts_init()'s, less those switched off */
	if (style == 0 && !o->sum && !o->file_info)
		style = ((o->flat ? STYLE_FLAT : 0) | (o->graph ? STYLE_GRAPH : 0)) &
			~user_style;
	o->flat_asked = !!(user_style & STYLE_FLAT);
	o->graph_asked = !!(user_style & STYLE_GRAPH);
	o->flat = !!(style & STYLE_FLAT);
	o->graph = !!(style & STYLE_GRAPH);
	o->annotate = !!(style & STYLE_ANNO);
	o->exec_counts = !!(style & STYLE_EXEC);
	o->func_order = !!(style & STYLE_FUNC_ORDER);
	o->file_order = !!(style & STYLE_FILE_ORDER);
	if (o->func_order && o->file_order)
		util_die("Only one of --function-ordering and --file-ordering may be "
			 "specified.");
	if (o->width < 1)
		o->width = 1;
	if (!o->nbaselines && (o->baseline_exe || o->normalize))
		util_die("%s needs --baseline",
			 o->baseline_exe ? "--baseline-exe" : "--normalize");
}

void opts_free(struct opts *o)
{
	opts_free_specs(o);
	free(o->break_choices);
	o->break_choices = NULL;
	o->nbreak_choices = 0;
	for (int i = 0; i < o->nbaselines; i++)
		free((char *)o->baselines[i]);
	free(o->baselines);
	o->baselines = NULL;
	o->nbaselines = 0;
	free(o->dirs);
	o->dirs = NULL;
	o->ndirs = 0;
	for (int i = 0; i < o->nargv_own; i++)
		free(o->argv_own[i]);
	free(o->argv_own);
	o->argv_own = NULL;
	o->nargv_own = 0;
	free(o->lib_paths);
	if (o->argv_expanded)
		freeargv(o->argv_expanded);
	o->argv_expanded = NULL;
}
