/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ordermap: the -R map file and the symbol table GNU gprof 2.40 builds
 * from it.  With a map, the load uses that table in place of the
 * program's, so the map is read here, in load/; the -r and -R reports
 * that use it are in core/report/ordering.c (behind reportint.h).
 *
 * Map file: lines "FILE:REST" as `nm --extern-only --defined-only -v
 * --print-file-name` prints them; the function is REST's last
 * blank-separated word; lines starting "No symbols in " are skipped.  A
 * line without ':' or without a function name is fatal, with a message
 * naming the map file and the line ("MAP:LINE: ...", exit status 1).
 *
 * With a map, a symbol the map names is kept only if it is the first
 * listed for its file, and then takes the file's name and is "mapped";
 * the other symbols of the file are dropped, their bytes going to the
 * symbol before them.  This applies to every symbol of the program's
 * table before the symbols sharing an address are merged, as GNU does.  The table is a struct symtab of its own
 * (priv and bfd NULL, names owned by the map). */
#ifndef TG_ORDERMAP_H
#define TG_ORDERMAP_H

#include <stddef.h>
#include "symtab.h"

struct ordering_entry {
	const char *file;
	const char *func;
	int is_first; /* first line of its file in the map */
	size_t line;  /* line number in the map file */
};

struct ordering_map {
	struct symtab st;         /* the derived table */
	struct ordering_entry *e; /* sorted by function name */
	size_t n;
	char *text; /* the map file's contents */
	size_t text_len;
	char **owned; /* demangled names of the table that are ours */
	size_t nowned, owned_cap;
};

/* Whether SYM (of st, or of a table made from it such as -l's) is one
 * the map renamed after its file. */
int ordering_map_mapped(const struct ordering_map *m, const struct sym *sym);

/* Read PATH and derive M->st from FT.  Dies on a bad map. */
void ordering_map_load(struct ordering_map *m, const struct symtab *ft, const char *path);
void ordering_map_free(struct ordering_map *m);

#endif
