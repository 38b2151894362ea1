/* SPDX-License-Identifier: GPL-3.0-or-later */
/* annot: one function's machine code, source lines and samples, the
 * model behind --asm (asmreport.c) and for the browser.
 *
 * The instructions come from libopcodes (disasm.h), decoded from the
 * function's first byte to its last; an instruction gets the histogram
 * ticks of its bytes by GNU's overlap rule (lines_ticks()), so the
 * instructions' ticks add up to the function's self ticks of the flat
 * profile.  A call instruction gets the counts of the arcs it makes.
 * Lines come from the DWARF line table (dwline_fn_at(): the function's
 * own code named in the file that defines it where libbfd 2.40 gives a
 * DWARF 5 sequence its default file, which GNU's -l and -A keep).  A
 * line's figures are the sums over its instructions.  Code
 * inlined from another function is marked with that function's name, from
 * libbfd's inliner information (whose function names are right where its
 * file names are not).
 *
 * A function is a symbol of the program or of a shared object joined in
 * from libtgmon's per-object files (objects.h); the profile's addresses
 * of an object's code lie its window above the object's own. */
#ifndef TG_ANNOT_H
#define TG_ANNOT_H

#include <stddef.h>
#include <stdint.h>
#include "disasm.h"
#include "dwline.h"
#include "load.h"

struct annot_insn {
	struct disasm_insn in; /* at the object's own address */
	double ticks;
	uint64_t calls; /* the arcs leaving through this call */
	const char *file;
	int line; /* 0: no line information here */
	/* At the start of a run of one line, when that code was inlined:
	 * the inlined function (demangled), else NULL */
	const char *inlined;
};

struct annot_line {
	const char *file; /* a dwline path */
	int line;
	double ticks;
	uint64_t calls;
};

struct annot {
	const struct sym *fn;     /* in st */
	const struct symtab *st;  /* the program's or the object's table */
	const char *object;       /* the shared object's path; NULL: the program */
	struct annot_insn *insns; /* by address */
	size_t n;
	struct annot_line *lines; /* in order of first appearance */
	size_t nlines;
	double ticks;    /* the function's: its instructions' sum */
	double total;    /* the whole profile's */
	uint64_t window; /* what its addresses gain in the loaded model */
	char **owned;    /* the inlined functions' names */
	size_t nowned;
};

/* What annot_build() reads: the loaded run, and the line tables of the
 * program and of each object, read on first use. */
struct annot_ctx {
	const struct load *l;
	struct dwline *tabs; /* [0] the program, [k + 1] object k */
	unsigned char *loaded;
	void **code; /* per table: the bfd (a bfd *) of its code when its
		      * symbols come from a separate debug file, opened once */
	size_t ntabs;
	double total;
};

void annot_ctx_init(struct annot_ctx *c, const struct load *l);
void annot_ctx_free(struct annot_ctx *c);

/* The tables to search for functions: 0 the program, k + 1 object k
 * (annot_table() NULL for an object left out). */
size_t annot_ntables(const struct annot_ctx *c);
const struct symtab *annot_table(const struct annot_ctx *c, size_t t);

/* The table and symbol behind ADDR, an address of the loaded model (of
 * the program, or in an object's window).  0 when none. */
int annot_locate(const struct annot_ctx *c, uint64_t addr, size_t *t,
		 const struct sym **s);

/* Build A for the symbol S of table T, x86 code in Intel syntax when
 * INTEL.  0 with ERR (one line) when its code cannot be disassembled. */
int annot_build(struct annot_ctx *c, size_t t, const struct sym *s, int intel,
		struct annot *a, char *err, size_t errlen);
void annot_free(struct annot *a);

/* The line of A holding FILE and LINE, or NULL. */
const struct annot_line *annot_line_of(const struct annot *a, const char *file, int line);

#endif
