/* symtab: the executable's function symbols, through libbfd.
 *
 * Selection, ordering and duplicate resolution follow GNU gprof 2.40 (see
 * shared/docs/gprof-compat.md), quirks included.  Display names come from
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
	const char *file;  /* source file (from debug info), or NULL */
	int line;          /* line of the definition, or 0 */
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
};

struct symtab {
	struct sym *syms;
	size_t n;
	struct gmon_abi abi;  /* address width and byte order of the file */
	void *bfd;            /* the open bfd (for line information later) */
	const char *path;
};

void symtab_load(struct symtab *st, const char *path,
		 const struct symtab_opts *opts);
void symtab_free(struct symtab *st);

/* The symbol covering PC, or NULL.  O(log n). */
struct sym *symtab_find(const struct symtab *st, uint64_t pc);

#endif
