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
 * every code section (.init and .fini too) is decoded instruction by
 * instruction, so only real direct calls count, backward calls included;
 * the target must be the start of a symbol.  x86 (64- and 32-bit) code
 * is decoded by libopcodes (disasm.h: `call rel32`); aarch64 and riscv64
 * code, which Debian's libbfd and libopcodes do not know (libbfd reads
 * the files as "architecture unknown"), by their fixed formats: BL on
 * aarch64, JAL ra and AUIPC ra + JALR ra on riscv64.
 *
 * Other architectures, and -c on anything but x86: nothing is added, as
 * in GNU gprof 2.40 built for x86, and one warning says so. */
#ifndef TG_STATICCG_H
#define TG_STATICCG_H

#include "cg.h"
#include "gmon.h"

/* BFD is the open executable (struct symtab.bfd of the function table);
 * G's symbols (g->st) are the callers and the candidate callees. */
void staticcg_add(struct cg *g, void *bfd, const struct gmon_profile *prof, int all);

#endif
