/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dwline: the source line of every address, read from the DWARF line
 * table (.debug_line, versions 2 to 5) of an executable or shared object.
 *
 * Why not libbfd's bfd_find_nearest_line() alone: libbfd 2.40 starts every
 * sequence of a DWARF 5 line program with the file of entry 0 of the file
 * table where the standard says entry 1.  GCC 11 and later emit DWARF 5
 * and, at -O1 and above, put a header's function (a template, an inline
 * member) in a sequence of its own that never sets the file: libbfd, and
 * GNU gprof with it, then name the compilation unit's main file with the
 * header's line numbers.  The text reports keep GNU's answers (they must
 * be GNU's); the annotated machine code (--asm) and the browser read the
 * table here.
 *
 * The table's bytes come through libbfd (decompressed if need be).  Only
 * what locating a line needs is kept: for each row its address, file and
 * line; a sequence's end is a row with line 0.  Sequences starting at
 * address 0 (code the linker dropped) are left out.  No printing. */
#ifndef TG_DWLINE_H
#define TG_DWLINE_H

#include <stddef.h>
#include <stdint.h>

struct dwline_row {
	uint64_t addr;
	uint32_t file; /* index in dwline.files */
	uint32_t line; /* 0: the end of a sequence, no line from here */
};

struct dwline {
	struct dwline_row *rows; /* by address; at one address the last wins */
	size_t n;
	char **files; /* distinct paths: DWARF 5 ones are absolute */
	size_t nfiles;
	size_t files_cap, hash_cap;
	uint32_t *hash; /* index + 1 of files, open addressing */
};

/* Read the line table of the open bfd ABFD (a bfd *).  Returns the number
 * of rows kept (0: no line table, or one that could not be read; the
 * table is then empty but valid). */
size_t dwline_load(struct dwline *t, void *abfd);
void dwline_free(struct dwline *t);

/* The file and line of ADDR: 1 when a row covers it, else 0. */
int dwline_at(const struct dwline *t, uint64_t addr, const char **file, int *line);

#endif
