/* SPDX-License-Identifier: GPL-3.0-or-later */
/* symtab: the executable's function symbols, through libbfd.
 *
 * Selection, ordering and duplicate resolution follow GNU gprof 2.40,
 * quirks included (tests/symtab/ and test_symtab.c compare against it).  Display names come from
 * libiberty's demangler.  The table is sorted by address; symbol i covers
 * [addr, end_addr] with end_addr one byte before the next symbol's addr.
 *
 * Contract: symtab_load() dies with "FILE: ..." for a missing file, a file
 * that is not an executable libbfd understands, or one without symbols. */
#ifndef TG_SYMTAB_H
#define TG_SYMTAB_H

#include <stddef.h>
#include <stdint.h>
#include "gmon.h"

struct sym {
	uint64_t addr;     /* start address (link-time) */
	uint64_t end_addr; /* last byte covered */
	const char *name;  /* raw name as in the symbol table (mangled) */
	const char *dname; /* name to print: demangled, or == name */
	const char *file;  /* source file (from debug info), or NULL; interned:
			    * equal paths share one pointer (symtab.files) */
	int line;          /* line of the definition, or 0 */
	/* A static symbol's STT_FILE symbol: the name of the source file it
	 * was compiled from as the symbol table records it (no debug
	 * information needed); NULL for globals or when there is none. */
	const char *unit;
	unsigned is_static : 1;   /* local symbol ('t') */
	unsigned is_func : 1;     /* BSF_FUNCTION */
	unsigned is_excluded : 1; /* mcount & co: out of time, graph and flat */
};

enum symtab_demangle {
	SYMTAB_DEMANGLE_AUTO = 0, /* default: libiberty auto style */
	SYMTAB_DEMANGLE_NONE,     /* --no-demangle */
	SYMTAB_DEMANGLE_STYLE     /* --demangle=STYLE */
};

struct symtab_opts {
	enum symtab_demangle demangle;
	const char *demangle_style; /* with SYMTAB_DEMANGLE_STYLE */
	int all_statics;            /* -a: suppress statically declared functions */
	int ignore_non_functions;   /* -D */
	/* -S FILE (--external-symbol-table): the symbols come from FILE, an
	 * nm-style table, instead of the executable (which must still be
	 * an object file with a .text section, but may be stripped). */
	const char *external_table;
	/* A file without a symbol table (a stripped shared library): its
	 * dynamic symbols instead (shared objects joined, never the
	 * program, which GNU reads from .symtab alone). */
	int dynamic;
	/* Static names with any suffix kept (msort_with_tmp.part.0,
	 * foo.cold), which GNU drops, crediting their time to the symbol
	 * before: for shared objects joined, whose reports GNU never made. */
	int any_suffix;
};

struct symtab_priv;

struct symtab {
	struct sym *syms;
	size_t n;
	struct gmon_abi abi; /* address width and byte order of the file */
	void *bfd;           /* the open bfd (for line information later) */
	const char *path;
	/* Source files named by debug information, in the order GNU gprof
	 * first meets them (symbol-table order, before sorting); every
	 * sym.file points to one of these strings. */
	const char **files;
	size_t nfiles;
	uint64_t text_start; /* the .text section: [text_start, text_end) */
	uint64_t text_end;
	struct symtab_priv *priv;
};

/* Load PATH.  A style name that libiberty does not know is fatal
 * ("unknown demangling style `X'"); callers may check it first with
 * symtab_demangle_style_ok(). */
void symtab_load(struct symtab *st, const char *path, const struct symtab_opts *opts);
void symtab_free(struct symtab *st);

/* A symbol as selected from the table, before the symbols sharing an
 * address were merged into one.  GNU gprof applies -R's map to these,
 * renaming or dropping each, and merges afterwards. */
struct symtab_cand {
	const char *name; /* raw name */
	uint64_t addr;
	size_t idx; /* position in table order */
	unsigned is_static : 1, is_func : 1;
	const char *unit; /* the STT_FILE symbol before it (sym.unit) */
};
/* GNU's merge order (a qsort comparator of struct symtab_cand): by
 * address; at one address globals first, then functions, then table
 * order. */
int symtab_cand_cmp(const void *a, const void *b);
/* Whether SRC replaces KEPT at the same address (symtab_prefer()). */
int symtab_cand_prefer(const struct symtab_cand *src, const struct symtab_cand *kept);
/* ST's candidates in table order (*OUT; valid while ST is). */
size_t symtab_candidates(const struct symtab *st, const struct symtab_cand **out);
/* NAME demangled as ST demangles its names (a string the caller frees),
 * or NULL when it prints as it is. */
char *symtab_demangle(const struct symtab *st, const char *name);
/* Whether NAME is one GNU leaves out of time, graph and flat profile. */
int symtab_excluded_name(const char *name);

/* Fill file and line of every symbol and put st->files in GNU's order.
 * symtab_load() does it already (about 0.5 us a symbol for executables);
 * later calls do nothing.  Logically const: file and line are a cache. */
void symtab_load_lines(const struct symtab *st);

/* Whether libiberty knows the demangling style NAME (--demangle=NAME). */
int symtab_demangle_style_ok(const char *name);

/* GNU's order of symbols: by address; at one address globals before
 * statics, then functions before other symbols.  0 when these tie: the
 * caller then keeps the order it read the symbols in. */
int symtab_order(uint64_t a_addr, int a_static, int a_func, uint64_t b_addr, int b_static,
		 int b_func);

/* GNU's choice between two symbols at one address: 1 when the source
 * (SRC_STATIC, SRC_FUNC, name S) replaces the kept one: globals over
 * statics, functions over other symbols, fewer leading underscores. */
int symtab_prefer(int src_static, int src_func, const char *s, int kept_static,
		  int kept_func, const char *k);

/* The symbol covering PC, or NULL.  O(log n). */
struct sym *symtab_find(const struct symtab *st, uint64_t pc);
/* The same, starting from *HINT (a symbol index from a previous call,
 * updated): O(1) on average when PCs come in increasing order. */
struct sym *symtab_find_near(const struct symtab *st, uint64_t pc, size_t *hint);
/* The function an arc to PC enters (GNU's rule for callees): the symbol
 * covering PC, backed up to the nearest one at or below it with is_func
 * set.  A label inside a function that is not a function symbol (a
 * NOTYPE marker of -flto, a line symbol of -l) keeps its histogram
 * samples but never receives calls.  NULL when there is none. */
const struct sym *symtab_callee(const struct symtab *st, uint64_t pc);

/* Source position of ADDR as GNU gprof asks libbfd for it (relative to
 * .text; file, function and a non-zero line all required).  Returns 1 and
 * fills *FILE (interned like sym.file), *LINE and, if FUNC is not NULL,
 * *FUNC (bfd-owned; "" when only a symbol, not the debug information,
 * would name the function); 0 when there is no line information. */
int symtab_line_at(struct symtab *st, uint64_t addr, const char **file, int *line,
		   const char **func);

/* A libbfd symbol (an asymbol *) at ADDR in a code section, for questions
 * libbfd answers about a symbol (bfd_find_line), and in *TABLE the symbol
 * table it comes from (an asymbol **); NULL when there is none.  A linear
 * scan of the table: callers keep what they need. */
void *symtab_bfd_symbol_at(const struct symtab *st, uint64_t addr, void ***table);

/* The source file GNU gprof means by NAME in a symspec: files are compared
 * by their last path component only, and when several files share it the
 * one met last while loading wins.  NULL if none. */
const char *symtab_file_lookup(const struct symtab *st, const char *name);

#endif
