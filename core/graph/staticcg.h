/* SPDX-License-Identifier: GPL-3.0-or-later */
/* staticcg: calls found in the executable's code (-c), added to the model
 * as arcs with count 0.
 *
 * GNU mode (-c, x86-64 only, as GNU gprof 2.40 finds them): every byte of
 * every symbol that is 0xE8 is taken for a call; its target is the byte
 * after the instruction plus the 32-bit displacement read as UNSIGNED,
 * so only forward calls can be found; the target must fall in a
 * histogram's range (compared in 32 bits) and be the exact start of a
 * symbol.  Bytes that merely contain 0xE8 yield a spurious arc when they
 * happen to point at a symbol start; GNU shares that behaviour.
 *
 * ALL mode (--static-call-graph=all, a tgprof extension): the code of
 * every code section (.init and .fini too) is
 * decoded instruction by instruction (x86len.c, a length decoder for
 * 64-bit and 32-bit code), so only real `call rel32` instructions count,
 * backward calls included; the target must be the start of a symbol.
 *
 * Other architectures: nothing is added, as in GNU for those it does not
 * know. */
#ifndef TG_STATICCG_H
#define TG_STATICCG_H

#include "cg.h"
#include "gmon.h"

/* BFD is the open executable (struct symtab.bfd of the function table);
 * G's symbols (g->st) are the callers and the candidate callees. */
void staticcg_add(struct cg *g, void *bfd, const struct gmon_profile *prof, int all);

#endif
