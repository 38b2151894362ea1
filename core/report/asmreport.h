/* SPDX-License-Identifier: GPL-3.0-or-later */
/* asmreport: --asm=FUNC, a function's source lines with the machine code
 * under each, and the samples of each (plain text, like perf annotate
 * --stdio).
 *
 * The instructions come from libopcodes (disasm.h), decoded from the
 * function's first byte to its last; an instruction gets the histogram
 * ticks of its bytes by GNU's overlap rule (lines_ticks()), so the
 * instructions' ticks add up to the function's self ticks of the flat
 * profile.  A call's count is the arcs whose return address follows it.
 * Lines come from the DWARF line table read by dwline.h (a header's code
 * is named in the header, which GNU's -l and -A do not always do), the
 * source text through -I and GPROF_PATH as for -A.  A line's figures
 * are the sums over its instructions, given where the line first
 * appears; later runs of the same line show its text only.
 *
 * The function is FUNC's symbol in the program, or in a shared object of
 * a profile joined from libtgmon's per-object files. */
#ifndef TG_ASMREPORT_H
#define TG_ASMREPORT_H

#include <stdio.h>
#include "load.h"
#include "opts.h"

/* Every function whose name is O->asm_func (the symbol's name, its
 * demangled name, or that name up to its parameter list, with or without
 * a return type), in address order.  Dies with one message when there is
 * none or when the code cannot be disassembled. */
void asmreport_write(FILE *out, const struct load *l, const struct opts *o);

#endif
