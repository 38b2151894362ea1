/* SPDX-License-Identifier: GPL-3.0-or-later */
/* objects: profiles of a program and its shared objects joined into one
 * function table and one profile (doc/multi-object.md).
 *
 * libtgmon writes, beside a profile P of the program, P.objects (the
 * object map) and P.NAME for each other object that has data.  objects_join
 * reads them, opens each object (by its recorded path, else under
 * --lib-path, checked by build-id or, without one, by the digest of its
 * code), reads its function names (a separate debug file, its symbol
 * table, else its dynamic symbols: objreg.c) and gives every object k > 0 its own
 * address window: its link-time addresses plus k << OBJECTS_SHIFT.  The
 * joined table holds the program's symbols as they are and the objects'
 * symbols moved into their windows; the objects' histograms and arcs are
 * moved the same way and appended to the profile, so every later stage
 * (arcs, histogram, cycles, propagation, reports, exports) works on one
 * program.  A function whose name is also another's is shown with its
 * object: "helper (libfoo.so)".
 *
 * An object that cannot be found, is not the profiled one (another
 * build-id or digest) or cannot be read gets one warning naming it and
 * --lib-path; the rest is joined. */
#ifndef TG_OBJECTS_H
#define TG_OBJECTS_H

#include <stdio.h>

#include "gmon.h"
#include "opts.h"
#include "symtab.h"

#define OBJECTS_SHIFT 40

struct objects;

/* Join the objects named by the maps beside O's profile files into a new
 * table over EXE and into PROF.  Returns NULL (nothing changed) when no
 * profile has a map or the options ask for what joining does not support
 * (-s, -l, -R, -S, -A, -C, an empty --objects); the joined table is objects_symtab(). */
struct objects *objects_join(const struct symtab *exe, struct gmon_profile *prof,
			     const struct opts *o);
const struct symtab *objects_symtab(const struct objects *j);
/* The objects of J (0 when J is NULL), and object K's own symbol table
 * (its bfd open, its link-time addresses) with in *WINDOW what its
 * addresses gain in the joined profile; NULL when K was left out. */
size_t objects_count(const struct objects *j);
const struct symtab *objects_object(const struct objects *j, size_t k, uint64_t *window);
/* The file object K's code was read from, when its symbols came from a
 * separate debug file (whose code sections hold no bytes); else NULL. */
const char *objects_code_file(const struct objects *j, size_t k);
void objects_free(struct objects *j);

/* -i: each object joined (or left out), where its function names came
 * from (a separate debug file, its symbol table, its dynamic symbols, or
 * none), its samples and calls, and whether it lacks call counts (samples
 * but no calls: not built with -pg).  Nothing when J is NULL. */
void objects_print_info(FILE *out, const struct objects *j);
/* What the joined profile lacks, one line for the browser's status: the
 * objects with samples but no call counts and those without symbols;
 * NULL when nothing is missing.  The caller frees it. */
char *objects_missing(const struct objects *j);

/* -s: beside SUMPATH (the program's summed file, written by the caller),
 * write SUMPATH.NAME, each object's files summed, and SUMPATH.objects, the
 * arcs between objects summed: the set libtgmon would have written for
 * the whole run.  Nothing when no profile has a map.  Dies with a message
 * naming the file on failure. */
void objects_sum(const struct opts *o, const struct gmon_abi *abi, const char *sumpath);

#endif
