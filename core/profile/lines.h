/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lines: line-level symbols for -l, and per-line data for the browser.
 *
 * GNU gprof 2.40's -l replaces the function table by one that holds a
 * symbol for every run of .text bytes with the same (file, line,
 * function) as libbfd reports them, plus the function symbols; both are
 * then sorted and merged by address with the usual preferences (global
 * over static, function over line).  Line symbols carry is_func = 0, so
 * an arc's callee backs up to the function symbol (symtab_callee()).
 *
 * The line table is a struct symtab of its own with priv and bfd NULL:
 * symtab_find() works on it, symtab_line_at() and symtab_load_lines() do
 * nothing.  Its names point into the function table's bfd, which must
 * stay open while it is used.  No printing, no curses. */
#ifndef TG_LINES_H
#define TG_LINES_H

#include <stddef.h>
#include <stdint.h>
#include "gmon.h"
#include "symtab.h"

/* Build the line table LT from the function table FT (whose file and line
 * are filled here with symtab_load_lines()).  FUNCS, if not NULL, holds
 * the function symbols to merge instead of FT's (-R's mapped table).
 * DEMANGLE_STYLE is a code from demangle_style() or
 * demangle_style_auto(), or -1 for none. */
struct lines_table {
	struct symtab st; /* the table; st.syms is ours */
	char **owned;     /* demangled names we allocated */
	size_t nowned;
};
void lines_symtab(struct lines_table *lt, struct symtab *ft, const struct symtab *funcs,
		  int demangle_style);
void lines_symtab_free(struct lines_table *lt);

/* Per-line figures of one function, for the browser's source pane. */
struct lines_row {
	const char *file; /* interned like sym.file */
	int line;
	double samples;     /* histogram ticks credited to the line */
	uint64_t calls_out; /* calls made from the line (arc counts) */
	uint64_t bb_count;  /* basic-block executions, when recorded (-C data) */
};

/* Rows of the function symbol FN of ST (the function table, struct
 * load.st; FN one of its symbols), one per distinct (file, line) of the
 * function's bytes [addr, end_addr], sorted by file name then line; *N
 * receives their count.  Samples credit the histogram bins to each run
 * of bytes of one line by GNU's overlap rule (what gprof -l gives the
 * line symbols: tests/unit/test_lines.c checks it); calls_out sums the
 * arc records whose call site lies on the line; bb_count the basic-block
 * records there.  Costs one line lookup per byte of the function.  The
 * result is malloc'd; free() it.  NULL with *N = 0 when the function has
 * no line information. */
struct lines_row *lines_for_function(struct symtab *st, const struct gmon_profile *prof,
				     const struct sym *fn, size_t *n);

/* Histogram ticks of PROF falling in the bytes [LO, HI), every histogram
 * summed, by GNU's overlap rule (2-byte units, truncated bin bounds): a
 * bin shared with the neighbouring bytes gives each its share, so the
 * ticks of adjacent ranges add up to those of their union. */
double lines_ticks(const struct gmon_profile *prof, uint64_t lo, uint64_t hi);

#endif
