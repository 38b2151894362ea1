/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dwline: the source file and line of an address of an executable or
 * shared object, asked of libbfd's DWARF reader (bfd_find_nearest_line,
 * relative to .text and without symbols, as symtab.c asks it), with each
 * distinct path kept once so that callers may compare files by pointer.
 *
 * Known limit of libbfd 2.40: in a DWARF 5 line program it starts each
 * sequence with the file of entry 0 of the file table where the standard
 * says entry 1.  GCC 11 and later emit DWARF 5 and, at -O1 and above,
 * give a header's function (a template, an inline member) a sequence of
 * its own that never sets the file, so such code is named after the
 * compilation unit's main file with the header's line numbers, as GNU
 * gprof and addr2line name it.  Built with -gdwarf-4 it is right. */
#ifndef TG_DWLINE_H
#define TG_DWLINE_H

#include <stddef.h>
#include <stdint.h>

struct dwline {
	void *abfd;   /* a bfd *, borrowed */
	void *text;   /* its .text (an asection *), NULL: no lines */
	char **files; /* distinct paths, owned */
	size_t nfiles;
};

/* Ready T to answer for the open bfd ABFD (a bfd *, which must stay open
 * while T is used).  Returns 1 when ABFD has a .text, else 0 (T is then
 * valid and answers nothing). */
size_t dwline_load(struct dwline *t, void *abfd);
void dwline_free(struct dwline *t);

/* The file and line of ADDR: 1 when the line table covers it, else 0.
 * *FILE stays valid until dwline_free(T). */
int dwline_at(struct dwline *t, uint64_t addr, const char **file, int *line);

#endif
