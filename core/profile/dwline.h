/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dwline: the source file and line of an address of an executable or
 * shared object, asked of libbfd's DWARF reader (bfd_find_nearest_line,
 * relative to .text and without symbols, as symtab.c asks it), with each
 * distinct path kept once so that callers may compare files by pointer.
 *
 * libbfd 2.40 starts each sequence of a DWARF 5 line program with the file
 * of entry 0 of the file table (the compilation unit's main file) where
 * the standard says entry 1.  GCC 11 and later emit DWARF 5 and, at -O1
 * and above, give a header's function (a template, an inline member) a
 * sequence of its own that never sets the file, with the header at entry
 * 1: libbfd, and GNU gprof's -l and -A and addr2line with it, name such
 * code after the main file with the header's line numbers.
 * dwline_fn_at() works around it within libbfd, for the code of one
 * function F: a function's code is in the file that defines it, which
 * libbfd reads right (bfd_find_line: the DW_AT_decl_file of the DWARF
 * function of that name there, D).  Where libbfd names the file E that it
 * names at F's entry, and the innermost function there (the name libbfd
 * gives: F's own DWARF function, or a function inlined into F, looked up
 * at that address) is defined in D, not E, the file is D; the line stays
 * libbfd's.  The only way libbfd names another file than D for a
 * function's own code is the default file.  DWARF names are asked rather
 * than symbols: a function of internal linkage (a template instantiated
 * for a lambda) has no linkage name in the DWARF, inlined code no symbol.
 * Inlined code whose function libbfd does not find by name keeps libbfd's
 * answer (a lambda of the .cc inlined into a header's template is in the
 * .cc, and libbfd names it so).  What remains: such a function defined in
 * a header (a header's lambda) inlined into a function of that header
 * whose sequence never sets the file is still named after the main file;
 * a function whose own code starts on a line of another file than its
 * definition's (an #include inside its body) would have that file's
 * other lines of its own code named after D. */
#ifndef TG_DWLINE_H
#define TG_DWLINE_H

#include <stddef.h>
#include <stdint.h>

struct symtab;
struct sym;

#define DWLINE_NAMES 4 /* names remembered per function */
#define DWLINE_FNS   8 /* functions remembered */

/* What dwline_fn_at() knows of one function, computed once. */
struct dwline_fn {
	uint64_t addr;     /* F's entry; the key */
	const char *entry; /* E: the file libbfd names at the entry, or NULL */
	void *sym;         /* an asymbol at F's entry, or NULL */
	void **table;      /* its table (asymbol **) */
	size_t nnames;     /* innermost functions' names met (libbfd's) ... */
	const char *name[DWLINE_NAMES];
	const char *def[DWLINE_NAMES]; /* ... and D under each, or NULL */
};

struct dwline {
	void *abfd;   /* a bfd *, borrowed */
	void *text;   /* its .text (an asection *), NULL: no lines */
	char **files; /* distinct paths, owned */
	size_t nfiles;
	struct dwline_fn fns[DWLINE_FNS]; /* used round-robin */
	size_t nfns, nextfn;
	void *probe; /* an asymbol of libbfd's, named as asked */
};

/* Ready T to answer for the open bfd ABFD (a bfd *, which must stay open
 * while T is used).  Returns 1 when ABFD has a .text, else 0 (T is then
 * valid and answers nothing). */
size_t dwline_load(struct dwline *t, void *abfd);
void dwline_free(struct dwline *t);

/* The file and line of ADDR: 1 when the line table covers it, else 0.
 * *FILE stays valid until dwline_free(T). */
int dwline_at(struct dwline *t, uint64_t addr, const char **file, int *line);

/* The same for ADDR in the code of function FN of ST (whose bfd is T's),
 * the file corrected as above.  Only the browser and --asm ask this way;
 * GNU's reports keep libbfd's answer (symtab_line_at()). */
int dwline_fn_at(struct dwline *t, const struct symtab *st, const struct sym *fn,
		 uint64_t addr, const char **file, int *line);

#endif
