/* SPDX-License-Identifier: GPL-3.0-or-later */
/* x86len: the length of an x86-64 instruction, and whether it is a direct
 * near call (E8 rel32), for --static-call-graph=all.
 *
 * Covers the legacy one-byte map, the 0F, 0F38 and 0F3A maps, VEX (C4,
 * C5), EVEX (62), XOP (8F with map >= 8) and 3DNow! encodings as they
 * appear in 64-bit and 32-bit code: prefixes, REX, ModRM, SIB, displacement and
 * immediate sizes.  It does not check that an opcode is defined beyond
 * what its length needs; opcodes invalid in 64-bit mode are refused.
 * tests/unit/test_x86len.c compares it with objdump over real code. */
#ifndef TG_X86LEN_H
#define TG_X86LEN_H

#include <stddef.h>
#include <stdint.h>

struct x86len_insn {
	unsigned len;      /* bytes, 1..15 */
	int is_call_rel32; /* E8 with a 32-bit displacement */
	int32_t rel;       /* that displacement */
};

/* Decode the instruction at P (AVAIL bytes readable) as 64-bit code.
 * Returns 1 and fills *IN, or 0 when the bytes are not a complete valid
 * instruction. */
int x86len_decode(const unsigned char *p, size_t avail, struct x86len_insn *in);

/* The same for 32-bit code (i386: 40-4F are inc/dec, no REX; far calls
 * and jumps, BCD and segment instructions exist; C4, C5 and 62 are VEX
 * and EVEX only with a register operand). */
int x86len_decode32(const unsigned char *p, size_t avail, struct x86len_insn *in);

#endif
