/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rows: GNU gprof 2.40's rules for what its reports show (which
 * functions, in which order) and the text of each row up to the name.
 *
 * The one home of these rules: the text reports (report.c, callgraph.c,
 * index.c) and the browser's views both use them, so a row on screen is
 * the line `gprof` prints.  Every formatter writes at P, returns the end
 * (no NUL), and writes at most ROWS_MAX bytes; the caller appends the
 * function's name.  TRAD selects the traditional (-T) layout. */
#ifndef TG_ROWS_H
#define TG_ROWS_H

#include <stddef.h>
#include <stdint.h>
#include "cg.h"

#define ROWS_MAX 512

/* Whether the flat profile lists function N (-F/-f, and -z for
 * functions without calls or time). */
int rows_flat_shown(const struct cg *g, uint32_t n, int zero);
/* Whether the call graph has an entry for node N (function or cycle);
 * LINE is -l, under which only functions have entries. */
int rows_graph_shown(const struct cg *g, uint32_t n, int zero, int line);
/* Whether the index lists function N (cycles are always listed). */
int rows_index_shown(const struct cg *g, uint32_t n, int zero);
/* The index's order (CTX: the cg): functions by raw name, then the
 * cycles by number. */
int rows_index_cmp(const void *ctx, uint32_t l, uint32_t r);
/* The same order between node L of GL and node R of GR (two models: the
 * browser lists a baseline's functions among its own). */
int rows_index_cmp_in(const struct cg *gl, uint32_t l, const struct cg *gr, uint32_t r);

/* The index's label of node N: "[I]" when its call-graph entry is
 * printed, "(I)" when it is not. */
void rows_index_label(const struct cg *g, uint32_t n, char *buf, size_t len);
/* The file the index shows after function N's name, or NULL: a static
 * function's source file (its last component unless PATH, -L), none under
 * -l (LINE) or without a file. */
const char *rows_index_file(const struct cg *g, uint32_t n, int path, int line);

/* Flat order: self time down, calls down, raw name up (CTX: the cg). */
int rows_flat_cmp(const void *ctx, uint32_t l, uint32_t r);

/* The flat profile's per-call unit: the SI prefix that brings the largest
 * total time per call into [1, 1000) ("" when no function has calls and
 * time; milliseconds with TRAD).  Multiply seconds by *SCALE to print. */
const char *rows_flat_unit(const struct cg *g, int trad, double *scale);

/* Flat line of function N up to its name: its "% time"
 * (cg_flat_percent), cumulative seconds from ACCUM ticks (N's self time
 * included), self seconds, and with calls, calls and both times per call
 * in SCALE. */
char *rows_flat(char *p, const struct cg *g, uint32_t n, double accum, double scale,
		int trad);

/* The call graph's column headings (not -T), without a newline. */
extern const char rows_graph_heading[];

/* Call-graph lines, with the "% time" of cg_graph_percent. */
/* A caller's or callee's line for arc A up to the name: times and
 * "count/TOTAL", or only the count for a self call or an arc inside a
 * cycle (COUNT_ONLY). */
char *rows_arc(char *p, const struct cg *g, const struct cg_arc *a, int count_only,
	       uint64_t total, int trad);
/* Whether arc A shows only its count (a self call or a call inside a
 * cycle: cg_arc_class). */
int rows_arc_count_only(const struct cg *g, const struct cg_arc *a);
/* The calls total an arc's count is shown against ("count/total"). */
uint64_t rows_arc_total(const struct cg *g, uint32_t n, const struct cg_arc *a,
			int parent);
/* The line that stands for the callers of a function nobody calls. */
char *rows_spontaneous(char *p, int trad);
/* A function's primary line up to the name. */
char *rows_primary(char *p, const struct cg *g, uint32_t n, int trad);
/* A cycle's primary line, whole ("... <cycle N as a whole> [I]"). */
char *rows_cycle(char *p, const struct cg *g, uint32_t n, int trad);
/* A cycle member's line up to the name. */
char *rows_member(char *p, const struct cg *g, uint32_t n, int trad);
/* How GNU names cycle CYCLE: "<cycle N>" after a member's name and in
 * the index, "<cycle N as a whole>" (WHOLE) for the cycle itself.
 * Writes at most ROWS_CYCLE_MAX - 1 bytes, no NUL, and returns the end. */
#define ROWS_CYCLE_MAX 32
char *rows_cycle_name(char *p, uint32_t cycle, int whole);
/* What follows a name wherever the call graph refers to node N:
 * " <cycle C>" if in a cycle, and " [I]" (" (I)" if it has no entry). */
char *rows_ref(char *p, const struct cg *g, uint32_t n);
/* What follows symbol S's name with -l (LINE: " (file:line @ addr)") or
 * with --inline-file-names (" (file:line)"), for a symbol with a source
 * file, the file's last component unless PATH (-L); "" otherwise.
 * Returns its length. */
size_t rows_name_suffix(const struct sym *s, int line, int inline_names, int path,
			char *buf, size_t len);
/* A whole line as a string for the browser: ROW up to END, node N's
 * demangled name and its reference, cut to fit LEN (> 0). */
void rows_named(char *dst, size_t len, const char *row, const char *end,
		const struct cg *g, uint32_t n);

#endif
