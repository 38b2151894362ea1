/* SPDX-License-Identifier: GPL-3.0-or-later */
/* opts: what the engine is asked to do (which profile, which reports, in
 * which style), one structure shared by the loader, the report writers,
 * the cycle breaker and the browser.
 *
 * The engine only reads it; the program fills it in from its command line
 * (src/cli.c), a test or another front end from opts_init() on. */
#ifndef TG_OPTS_H
#define TG_OPTS_H

#include <stddef.h>
#include "gmon.h"
#include "symtab.h"

/* One symspec option occurrence, kept in command-line order. */
struct opts_spec {
	int which;        /* option letter: 'p','P','q','Q','e','E','f','F','n','N',
			   * 'k' (-k or -Q with FROM/TO), 'K' (-q with FROM/TO),
			   * 'A','J','C','Z' (annotation and count selections) */
	const char *spec; /* text as given ("file.c:func", "from/to" for -k) */
};

enum opts_mode { OPTS_MODE_AUTO, OPTS_MODE_TEXT, OPTS_MODE_TUI };

struct opts {
	const char *exe;       /* default "a.out" */
	const char **profiles; /* default { "gmon.out" } */
	int nprofiles;
	enum opts_mode mode; /* the program's: text or browser */

	/* output styles: a style is printed when its flag is set; GNU's rules
	 * for which are on by default live in the command line (src/cli.c) */
	int flat, graph, index_, annotate, exec_counts, func_order, file_order,
		static_graph, sum, file_info, line;
	int flat_asked, graph_asked; /* -p/-P or -q/-Q given: a profile without
				      * histogram or call graph is then an error */
	int brief;                   /* -b */
	int traditional;             /* -T */
	int zero;                    /* -z */
	int width;                   /* -w, default 80 */
	int print_path;              /* -L */
	int no_static;               /* -a */
	int demangle_off;            /* --no-demangle */
	const char *demangle_style;
	int ignore_non_functions; /* -D */
	enum gmon_format format;  /* -O */
	const char *map_file;     /* -R */
	int inline_file_names;    /* --inline-file-names */
	int all_lines;            /* -x: annotate every line */
	int separate_files;       /* -y: annotations to NAME-ann files */
	long table_length;        /* -t: Top N Lines (default 10) */
	long min_count;           /* -m: lines run fewer times show ##### */
	const char **dirs;        /* -I (each may hold several ':'-joined) */
	int ndirs;
	int static_all; /* --static-call-graph=all (ours) */
	int debug;      /* -d */

	struct opts_spec *specs; /* -p -P -q -Q -e -E -f -F -n -N -k, in order */
	int nspecs;

	/* tgprof's own */
	long break_cycles;               /* --break-cycles=N, 0 = off */
	int cycle_heuristic_bsd;         /* --cycle-heuristic=bsd */
	int cycle_objective_time;        /* --cycle-objective=time */
	int cycle_allow_roots;           /* --cycle-allow-roots */
	double cycle_exact_time;         /* --cycle-exact-time=SECONDS, */
	int cycle_exact_time_set;        /* when given */
	const char *edits_file;          /* --edits=FILE: commands applied at start */
	const char *write_edits;         /* --write-edits=FILE: --break-cycles' arcs */
	struct opts_spec *break_choices; /* --break-keep=FROM/TO (which 'K'),
				  * --break-force=FROM/TO ('F'), in order */
	int nbreak_choices;
	int help_keys;              /* the program's: --help-keys, 1 text, 2 man(7) */
	const char *external_table; /* -S FILE: symbols from an nm-style table */
	const char **baselines;     /* --baseline=P[,P...]: compare against these */
	int nbaselines;
	const char *baseline_exe; /* --baseline-exe: the baseline's program */
	int normalize;            /* --normalize: compare shares of total time */
	int out_format;           /* --format: an enum export_format (export.h),
				   * 0 = text */
	const char *output;       /* --output=FILE, NULL = standard output
				   * (also --output=-) */
	int out_asked;            /* --format or --output given: no browser,
				   * the output goes through export_write() */
	double flame_min;         /* --flame-min: folded and svg exports fold
				   * paths below this fraction of the total */
	const char **lib_paths;   /* --lib-path=DIR: where shared objects moved */
	int nlib_paths;
	const char *objects; /* --objects=LIST: the shared objects to join */
	/* --debug-file-directory=DIRS: where shared objects' separate debug
	 * files are looked for too (colon-separated), after the standard
	 * places; NULL: those alone */
	const char *debug_dirs;
	const char *asm_func; /* --asm=FUNC: its machine code annotated */
	int asm_intel;        /* --asm-syntax=intel */
	char **argv_own;      /* long options spelled out by opts_parse() */
	int nargv_own;
	char **argv_expanded; /* the command line's: argv after @FILE expansion
				   * when it made a copy (opts_free) */
};

/* O with GNU gprof's defaults, as with no option given: program a.out,
 * profile gmon.out, the flat profile and the call graph, width 80, ten
 * lines in the Top N table, minimum count 1.  Allocates nothing. */
void opts_init(struct opts *o);
/* Append option WHICH's selection SPEC (kept, not copied) to o->specs. */
void opts_add_spec(struct opts *o, int which, const char *spec);
/* Free what opts_add_spec() allocated. */
void opts_free_specs(struct opts *o);

/* What the symbol table needs of the options (opts.c), for the program
 * and every shared object read. */
struct symtab_opts opts_symtab(const struct opts *o);

#endif
