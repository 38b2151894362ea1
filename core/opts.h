/* opts: the command line, parsed into one structure shared by the report
 * writers, the browser and the cycle breaker.
 *
 * Contract: opts_parse() accepts every GNU gprof 2.40 option (short and
 * long forms) plus tgprof's own; on a usage error it prints a message and
 * exits with status 1 (GNU's status for a bad option). */
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
	const char *exe;          /* default "a.out" */
	const char **profiles;    /* default { "gmon.out" } */
	int nprofiles;
	enum opts_mode mode;

	/* output styles: a style is printed when its flag is set; GNU's rules
	 * for which are on by default live in opts_parse() */
	int flat, graph, index_, annotate, exec_counts, func_order, file_order,
	    static_graph, sum, file_info, line;
	int flat_asked, graph_asked; /* -p/-P or -q/-Q given: a profile without
				      * histogram or call graph is then an error */
	int brief;                /* -b */
	int traditional;          /* -T */
	int zero;                 /* -z */
	int width;                /* -w, default 80 */
	int print_path;           /* -L */
	int no_static;            /* -a */
	int demangle_off;         /* --no-demangle */
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
	int static_all;           /* --static-call-graph=all (ours) */
	int debug;                /* -d */

	struct opts_spec *specs;  /* -p -P -q -Q -e -E -f -F -n -N -k, in order */
	int nspecs;

	/* tgprof's own */
	long break_cycles;        /* --break-cycles=N, 0 = off */
	int cycle_heuristic_bsd;  /* --cycle-heuristic=bsd */
	int help_keys;            /* --help-keys: print the key table (man page) */
	const char *external_table; /* -S FILE: symbols from an nm-style table */
	const char **lib_paths;   /* --lib-path=DIR: where shared objects moved */
	int nlib_paths;
	const char *objects;      /* --objects=LIST: the shared objects to join */
	char **argv_expanded;     /* argv after @FILE expansion when it made a copy */
};

void opts_parse(struct opts *o, int argc, char **argv);
/* Free what opts_parse() allocated (the strings O points to go too). */
void opts_free(struct opts *o);
struct symtab_opts opts_symtab(const struct opts *o);

#endif
