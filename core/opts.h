/* SPDX-License-Identifier: GPL-3.0-or-later */
/* opts: what the engine is asked to do (which profile, which reports, in
 * which style), one part per stage: loading (opts_load), the reports
 * (opts_report), the cycle breaker (opts_cycles), comparing
 * (opts_compare) and exporting (opts_export).  struct opts holds them all
 * with what the session itself reads; a stage's functions take the part
 * they need where that is natural.
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

/* What loading reads: the program, its profiles, how symbols are read
 * (core/load, the symbol table through opts_symtab()). */
struct opts_load {
	const char *exe;       /* default "a.out" */
	const char **profiles; /* default { "gmon.out" } */
	int nprofiles;
	enum gmon_format format;    /* -O */
	int no_static;              /* -a */
	int demangle_off;           /* --no-demangle */
	const char *demangle_style; /* --demangle=STYLE */
	int ignore_non_functions;   /* -D */
	const char *external_table; /* -S FILE: symbols from an nm-style table */
	int static_all;             /* --static-call-graph=all (ours) */
	const char **lib_paths;     /* --lib-path=DIR: where shared objects moved */
	int nlib_paths;
	const char *objects; /* --objects=LIST: the shared objects to join */
	/* --debug-file-directory=DIRS: where shared objects' separate debug
	 * files are looked for too (colon-separated), after the standard
	 * places; NULL: those alone */
	const char *debug_dirs;
};

/* What the reports read: which are printed, in which style, and the
 * symspec selections (core/report, the browser's views; the loader reads
 * which reports are asked for, as they decide what it loads). */
struct opts_report {
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
	const char *map_file;        /* -R */
	int inline_file_names;       /* --inline-file-names */
	int all_lines;               /* -x: annotate every line */
	int separate_files;          /* -y: annotations to NAME-ann files */
	long table_length;           /* -t: Top N Lines (default 10) */
	long min_count;              /* -m: lines run fewer times show ##### */
	const char **dirs;           /* -I (each may hold several ':'-joined) */
	int ndirs;
	const char *asm_func; /* --asm=FUNC: its machine code annotated */
	int asm_intel;        /* --asm-syntax=intel */

	struct opts_spec *specs; /* -p -P -q -Q -e -E -f -F -n -N -k, in order */
	int nspecs;
};

/* What the cycle breaker reads (core/cyclebreak; tgprof's own). */
struct opts_cycles {
	long bound;                /* --break-cycles=N, 0 = off */
	int heuristic_bsd;         /* --cycle-heuristic=bsd */
	int objective_time;        /* --cycle-objective=time */
	int allow_roots;           /* --cycle-allow-roots */
	double exact_time;         /* --cycle-exact-time=SECONDS, */
	int exact_time_set;        /* when given */
	struct opts_spec *choices; /* --break-keep=FROM/TO (which 'K'),
				    * --break-force=FROM/TO ('F'), in order */
	int nchoices;
};

/* What comparing against baselines reads (core/compare; tgprof's own). */
struct opts_compare {
	const char **baselines; /* --baseline=P[,P...]: compare against these */
	int nbaselines;
	const char *exe; /* --baseline-exe: the baseline's program */
	int normalize;   /* --normalize: compare shares of total time */
};

/* What the exports read (core/export; tgprof's own). */
struct opts_export {
	int format;         /* --format: an enum export_format (export.h),
			     * 0 = text */
	const char *output; /* --output=FILE, NULL = standard output
			     * (also --output=-) */
	double flame_min;   /* --flame-min: folded and svg exports fold
			     * paths below this fraction of the total */
};

struct opts {
	struct opts_load load;
	struct opts_report report;
	struct opts_cycles cycles;
	struct opts_compare compare;
	struct opts_export export;
	const char *edits_file;  /* --edits=FILE: commands applied at start */
	const char *write_edits; /* --write-edits=FILE: --break-cycles' arcs */
	int debug;               /* -d */
};

/* O with GNU gprof's defaults, as with no option given: program a.out,
 * profile gmon.out, the flat profile and the call graph, width 80, ten
 * lines in the Top N table, minimum count 1.  Allocates nothing. */
void opts_init(struct opts *o);
/* Append option WHICH's selection SPEC (kept, not copied) to
 * o->report.specs. */
void opts_add_spec(struct opts *o, int which, const char *spec);
/* Free what opts_add_spec() allocated. */
void opts_free_specs(struct opts *o);

/* What the symbol table needs of the options (opts.c), for the program
 * and every shared object read. */
struct symtab_opts opts_symtab(const struct opts_load *o);

#endif
