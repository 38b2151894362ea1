/* SPDX-License-Identifier: GPL-3.0-or-later */
/* execcount: basic-block counts and the execution-count report (-C).
 *
 * Basic-block records of the profile are credited to the symbol covering
 * their address, at most EXECCOUNT_NBBS distinct addresses per symbol in
 * the order first met (GNU gprof 2.40 keeps as many), and only with -l:
 * otherwise GNU warns once and ignores them (load_all() warns).  The report lists, for the symbols the -C/-Z selection
 * accepts, sorted by source file name, line, then address:
 *   FILE:LINE: (NAME:0xADDR) N executions
 * once for the symbol (its call count) and once per basic block, lines
 * with a zero count left out unless -z. */
#ifndef TG_EXECCOUNT_H
#define TG_EXECCOUNT_H

#include <stdint.h>
#include <stdio.h>
#include "cg.h"
#include "gmon.h"
#include "opts.h"

#define EXECCOUNT_NBBS 10

struct execcount_bb {
	unsigned n; /* blocks used */
	uint64_t addr[EXECCOUNT_NBBS];
	uint64_t calls[EXECCOUNT_NBBS];
};

/* Per node of G (nfuncs entries, all zero when nothing applies), or NULL
 * when the profile has no basic-block records.  Free with free(). */
struct execcount_bb *execcount_assign(const struct cg *g,
				      const struct gmon_profile *prof);

/* Which function nodes a symspec selection accepts: INCL/EXCL are the
 * option letters ('C'/'Z' or 'A'/'J').  GNU's rule: the symbols of the
 * include specs when any matched, else all but those of the exclude
 * specs.  Returns a malloc'd array of nfuncs flags. */
unsigned char *execcount_accept(const struct cg *g, const struct opts_report *o, int incl,
				int excl);

#endif
