/* SPDX-License-Identifier: GPL-3.0-or-later */
/* export: the current model of an edit session written to a file.
 *
 * Formats:
 *   text       exactly what `tgprof --text -b` prints for the session's
 *              options and the current model (report_all() with brief on):
 *              with only arc deletions, what `gprof -b -k F/T ...` prints;
 *   json       the schema in doc/json-schema.md;
 *   dot        Graphviz: functions and arcs above thresholds, for dot -Tsvg;
 *   callgrind  the callgrind format KCachegrind and callgrind_annotate read
 *              (one event, time, in ticks or microseconds);
 *   folded     collapsed stacks ("main;f;g 1234", microseconds) from the
 *              call tree (core/tree), as flamegraph.pl, inferno and
 *              speedscope read them;
 *   svg        an interactive flame graph of the same tree, self-contained.
 *
 * One code path for the browser's `:export` and the command line's
 * --format/--output: both call export_write().  Files are written with
 * util_write_file() as a file the user named (util.h has the rule: a
 * temporary file renamed over PATH, so a reader never sees half a file; a
 * FIFO or device of the user's written in place; a symbolic link or
 * another user's file refused).  An existing regular PATH is left alone
 * unless FORCE (the browser's `:export!`; the command line always forces,
 * like a shell redirection).
 * Errors come back as text in MSG, never by exiting.  On success MSG gets
 * a short confirmation ("wrote 1234 bytes to FILE (json)"). */
#ifndef TG_EXPORT_H
#define TG_EXPORT_H

#include <stddef.h>
#include <stdio.h>
#include "edit.h"

/* The JSON schema's version (its "format_version" field; doc/json-schema.md
 * and doc/tgprof.schema.json).  A new version only adds keys. */
#define EXPORT_JSON_VERSION 1

enum export_format {
	EXPORT_TEXT,
	EXPORT_JSON,
	EXPORT_DOT,
	EXPORT_CALLGRIND,
	EXPORT_FOLDED,
	EXPORT_SVG
};

struct export_params {
	/* dot: a function is drawn when its total time (self + children) is
	 * at least node_threshold of the total; an arc when both ends are
	 * drawn and its time (self + child) is at least edge_threshold of the
	 * total.  Fractions in [0, 1]; 0 draws everything. */
	double node_threshold; /* default 0.005 */
	double edge_threshold; /* default 0.001 */
	/* text: 0 (the default) prints what `tgprof --text -b` prints for the
	 * model (the browser's export); 1 prints the whole report the
	 * session's options ask for, as `tgprof --text` does (--format=text) */
	int text_report;
	/* text: printed first when not NULL (the --break-cycles listing) */
	const char *text_preface;
	/* folded, svg: paths whose time is below this fraction of the total
	 * are folded into a "[below threshold]" frame; negative (the
	 * default) takes the session's --flame-min (opts.h) */
	double flame_min;
};

void export_params_default(struct export_params *p);

/* Format by name: "text", "json", "dot", "callgrind", "folded", "svg".
 * 0, or -1 if unknown. */
int export_format_parse(const char *name, enum export_format *f);
const char *export_format_name(enum export_format f);
/* A guess from PATH: *.json, *.dot / *.gv, callgrind.out* / *.callgrind,
 * *.folded / *.collapsed, *.svg; anything else is text. */
enum export_format export_format_guess(const char *path);

/* S as a JSON string, "null" when S is NULL: quotes, backslashes and
 * control characters escaped, valid UTF-8 as it is, and any other byte as
 * the code point of the same value (read as Latin-1), so the document is
 * valid whatever the names hold.  The one writer of strings for every JSON
 * document (the profile's and the comparison's). */
void export_json_string(FILE *out, const char *s);

/* Write the session's model to PATH in format F; PATH NULL is standard
 * output (a file named "-" is a file: the browser's `:export -`).  P may be NULL (the defaults).  Returns 0, -1 with the reason in MSG (cannot create
 * or write or rename), or UTIL_WRITE_EXISTS (the file exists and not
 * FORCE). */
int export_write(struct edit *e, const char *path, enum export_format f,
		 const struct export_params *p, int force, char *msg, size_t msglen);

/* The same to an open stream (no temporary file); for tests and for a
 * viewer that wants the text in memory (open_memstream).  Returns 0, or -1
 * if writing failed (MSG says so). */
int export_stream(FILE *out, struct edit *e, enum export_format f,
		  const struct export_params *p, char *msg, size_t msglen);

#endif
