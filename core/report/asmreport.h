/* SPDX-License-Identifier: GPL-3.0-or-later */
/* asmreport: --asm=FUNC, a function's source lines with the machine code
 * under each, and the samples of each (plain text, like perf annotate
 * --stdio).
 *
 * The figures are annot.h's.  Each source line (its text found through
 * -I and GPROF_PATH as for -A) heads the instructions of each run of it;
 * its figures (the sums over all its instructions) are given where it
 * first appears, later runs show its text only.  Then the ten hottest
 * lines.  The function is FUNC's symbol in the program, or in a shared
 * object of a profile joined from libtgmon's per-object files. */
#ifndef TG_ASMREPORT_H
#define TG_ASMREPORT_H

#include <stdio.h>
#include "load.h"
#include "opts.h"

/* Every function whose name is O->asm_func (the symbol's name, its
 * demangled name, or that name up to its parameter list, with or without
 * a return type), in address order.  Dies with one message when there is
 * none or when the code cannot be disassembled. */
void asmreport_write(FILE *out, const struct load *l, const struct opts_report *o);

#endif
