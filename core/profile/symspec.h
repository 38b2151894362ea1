/* SPDX-License-Identifier: GPL-3.0-or-later */
/* symspec: GNU gprof's symbol specifications, parsed and matched.
 *
 * Forms (GNU gprof 2.40, found by experiment):
 *   "func"        a raw (mangled) symbol name, compared with strcmp;
 *   "file.c"      no ':' and a '.' somewhere: every symbol whose source file
 *                 (debug information) has that last path component;
 *   "123"         no ':' and a leading digit: symbols whose definition line
 *                 is atoi(text) ("0" therefore constrains nothing);
 *   "file:func", "file:123"   split at the LAST ':'; the file part is a file
 *                 even without a '.'; an empty part constrains nothing, so
 *                 ":" and "" match every symbol.
 * Text from the first '/' on is cut off (GNU parses "a/b" as an arc spec for
 * every option; only -k uses the right-hand side).  A file that no symbol
 * comes from matches nothing.  With one file name in two directories, the
 * file GNU met last while loading is meant (symtab_file_lookup()); that
 * needs the symtab, given to symspec_parse_in().
 *
 * No allocation: a spec points into the text it was parsed from, which must
 * outlive it. */
#ifndef TG_SYMSPEC_H
#define TG_SYMSPEC_H

#include <stddef.h>
#include <stdint.h>
#include "symtab.h"

struct symspec {
	const char *file; /* file part (not NUL-terminated), or NULL */
	size_t file_len;
	const char *name; /* name part (not NUL-terminated), or NULL */
	size_t name_len;
	int line; /* 0 = any line */
	/* File resolved against a symtab: match by identity with sym.file.
	 * Meaningful only when resolved is set; NULL then means "no such
	 * file" (the spec matches nothing). */
	const char *file_id;
	int resolved;
};

/* Parse TEXT (up to its first '/') into SP.  Files are matched by last
 * path component, without the symtab. */
void symspec_parse(struct symspec *sp, const char *text);

/* Same, resolving the file part against ST exactly as GNU does. */
void symspec_parse_in(struct symspec *sp, const char *text, const struct symtab *st);

/* Resolve SP's file part against ST (done by symspec_parse_in()). */
void symspec_resolve(struct symspec *sp, const struct symtab *st);

/* 1 if SYM satisfies every part of SP, else 0. */
int symspec_match(const struct symspec *sp, const struct sym *sym);

/* An arc spec "FROM/TO" for -k, split at the first '/'.  Returns 0, or -1
 * when TEXT has no '/' (GNU then ignores the option: no arc matches).
 * ST may be NULL (files matched by last path component). */
int symspec_parse_arc(const char *text, struct symspec *from, struct symspec *to);
int symspec_parse_arc_in(const char *text, struct symspec *from, struct symspec *to,
			 const struct symtab *st);

/* GNU's selection tables (-p/-P/-q/-Q/-e/-E/-f/-F/-n/-N).  GNU does not
 * keep a set of symbols but a table of address ranges: for every spec, each
 * run of consecutive matching symbols (address order) becomes one range
 * [first.addr, last.end_addr].  The table is sorted by start (stable) and
 * of ranges starting at the same address only the first added is kept.
 * A symbol is in the table when the last range starting at or below its
 * address reaches it.  Quirks that follow: a run that ends with a symbol
 * beyond .text (whose end_addr lies below its addr, e.g. data_start)
 * covers nothing past .text, so "-p :" leaves out _fini and etext; a
 * shorter range starting at the same address hides a longer one.
 * GNU adds specs in reverse command-line order (its list is built by
 * prepending); its default exclusions (mcount & co) come after all user
 * options on that list, so they are processed first.
 * Observed for the flat profile: when some symbol is in the INCL_FLAT
 * table, exactly those are printed, even mcount & co and symbols -P names
 * ("-p : -P main" prints main and __mcleanup); when none is (e.g.
 * "-p nofile.c" or "-p data_start"), every symbol but the EXCL_FLAT ones. */
struct symspec_range {
	uint64_t lo, hi;
};

/* SP's ranges over ST as above, one per run of matching symbols, in
 * address order: *OUT is malloc'd (NULL when none); returns the count. */
size_t symspec_runs(const struct symspec *sp, const struct symtab *st,
		    struct symspec_range **out);

struct symspec_table {
	struct symspec_range *r;
	size_t n, cap;
	int finished;
};

void symspec_table_init(struct symspec_table *t);
/* Add the ranges of SP over ST's symbols (call in GNU's order, see above). */
void symspec_table_add(struct symspec_table *t, const struct symtab *st,
		       const struct symspec *sp);
/* Sort and drop same-start duplicates; symspec_table_has() does it on
 * first use if not done. */
void symspec_table_finish(struct symspec_table *t);
int symspec_table_has(struct symspec_table *t, uint64_t addr);
void symspec_table_free(struct symspec_table *t);

#endif
