/* SPDX-License-Identifier: GPL-3.0-or-later */
/* compare: two propagated models of one program (a baseline, "before",
 * and the current one, "after") matched function by function and arc by
 * arc, with the change in each and whether a change in time is more than
 * sampling noise.
 *
 * Matching never looks at addresses, so two builds compare: a function
 * is its display (demangled) name, and a static function also its source
 * file (from the debug information; the last path component, as GNU's
 * symspecs name files, so builds made in different directories match),
 * so that two static `helper`s of different files stay apart.  Namesakes
 * the file does not separate (static functions without debug
 * information, two files of one name, C++ constructors whose versions
 * demangle alike) are told apart by their rank among themselves in the
 * symbol table: first with first, second with second.  An arc is the
 * pair of its ends.
 *
 * A function takes part when either side shows it as its flat profile
 * would (it has samples or calls, or -z is on, and the flat selection
 * -p/-P lets it in); one found on a single side is added or removed.
 * Arcs take part when not deleted (-k, --break-cycles) and both ends are
 * functions of the table.
 *
 * Statistics: a function's self time is a count of samples.  Timer
 * samples come at regular intervals of CPU time, so a side's total A is
 * fixed by its CPU time and a function's count a out of it is binomial:
 * its variance is a (1 - a/A) (not a, as for Poisson counts, which
 * overstates the noise of large shares).  For a samples of A before and
 * b of B after, taken with sampling periods pa and pb seconds, the change
 * b*pb - a*pa has the standard error sqrt(a (1 - a/A) pa^2 +
 * b (1 - b/B) pb^2) seconds.  With NORMALIZE the quantities are shares,
 * a/A and b/B, with the error sqrt(a (1 - a/A) / A^2 + b (1 - b/B) / B^2).
 * A change is significant when it exceeds twice its standard error.  Call
 * counts are exact: any change is real.
 *
 * No curses and no printing here except compare_write_text(). */
#ifndef TG_COMPARE_H
#define TG_COMPARE_H

#include <stdint.h>
#include <stdio.h>
#include "cg.h"

/* One side of the comparison: the model and what to call it. */
struct compare_side {
	const struct cg *g;
	const char *exe; /* names for the header */
	const char *const *profiles;
	int nprofiles;
};

enum { COMPARE_BEFORE = 0, COMPARE_AFTER = 1 };

struct compare_func {
	const char *name; /* display name (the side that has it) */
	const char *file; /* static function: last component of its
			       * source file, or NULL when unknown */
	int is_static;
	int ambiguous;     /* another compared function has the same name */
	uint32_t rank;     /* rank among functions of the same name, static
			       * flag and file, in symbol-table order */
	uint32_t node[2];  /* node on each side, CG_NONE when absent */
	double samples[2]; /* self time, ticks */
	double total[2];   /* self + children, seconds */
	uint64_t calls[2]; /* calls from others + self calls */
	/* Self time (seconds, or shares of the total with normalize) on
	 * each side, the change after - before, its standard error and
	 * z = change / se (0 when se is 0). */
	double self[2], change, se, z;
	int significant; /* |change| > 2 se: +1 increase, -1 decrease */
};

struct compare_arc {
	uint32_t from, to; /* indices into compare.funcs */
	int present[2];    /* the arc exists on that side */
	uint64_t count[2];
	double time[2]; /* time propagated along it (self + children), s */
};

struct compare {
	struct compare_side side[2];
	int normalize;
	double hz[2];    /* samples per second on each side */
	double total[2]; /* total time, seconds */
	int have_hist[2];
	struct compare_func *funcs; /* ordered by compare_sort() */
	uint32_t nfuncs;
	/* Every arc of either side; the first nchanged are those whose count
	 * changed (added and removed ones included), largest change first,
	 * then the unchanged ones by caller and callee name. */
	struct compare_arc *arcs;
	uint32_t narcs, nchanged;
	/* Per side, node index -> index into funcs, CG_NONE when the node
	 * does not take part (for a view that starts from one side's model,
	 * e.g. a baseline column in the browser). */
	uint32_t *func_of[2];
	/* summary counts (call counts changed: of functions on both sides) */
	uint32_t nsignificant, ncalls_changed, nadded, nremoved;
	uint32_t narcs_added, narcs_removed;
};

/* Match BEFORE against AFTER (both propagated).  ZERO: every function of
 * either symbol table takes part (the flat profile's -z).  The sides'
 * models must outlive C. */
void compare_build(struct compare *c, const struct compare_side *before,
		   const struct compare_side *after, int normalize, int zero);
void compare_free(struct compare *c);

/* Significance of the change of F for ordering: significant time changes
 * first, by |z|; then call-count changes, largest first; then the rest by
 * |z|.  Ties: the larger of the two self times first, then by name (then
 * file and symbol-table rank, so that the order is total). */
int compare_func_cmp(const struct compare_func *a, const struct compare_func *b);

/* F's name as the reports print it: namesakes get " [file]", " [file #2]"
 * or " [static #2]"; control characters as util_put_escaped() writes
 * them, so a name is one line whatever it holds. */
void compare_put_name(FILE *out, const struct compare_func *f);

/* The text comparison report (tgprof's own format; see tgprof(1)). */
void compare_write_text(FILE *out, const struct compare *c);

/* C in FORMAT, an enum export_format (export.h): text as above; json (the
 * "tgprof-comparison" document of doc/json-compare.md); dot (functions
 * whose time or calls changed or that take at least 0.5% of either side,
 * coloured by the change); callgrind (events Before, After, Increase and
 * Decrease in microseconds, so that readers show both sides and the
 * change with non-negative costs).  Returns 0, or -1 for an unknown
 * FORMAT; the caller checks the stream for write errors. */
int compare_write(FILE *out, const struct compare *c, int format);

#endif
