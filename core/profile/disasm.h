/* SPDX-License-Identifier: GPL-3.0-or-later */
/* disasm: machine code through binutils' libopcodes, one instruction at a
 * time: its length, its text (AT&T or Intel syntax on x86), and whether
 * it is a direct call and where to.
 *
 * libopcodes disassembles the architectures it was built for: Debian's
 * binutils-dev (which tgprof links) is built for x86 only (x86-64, i386,
 * x32); the executables of other architectures are read by libbfd as
 * "architecture unknown", and disasm_open() refuses them with a message.
 * A target address in the text is printed as objdump prints it, hex
 * without 0x then <name> or <name+0xOFF> from the symbol table given. */
#ifndef TG_DISASM_H
#define TG_DISASM_H

#include <stddef.h>
#include <stdint.h>
#include "symtab.h"

struct disasm;

struct disasm_insn {
	uint64_t addr;
	unsigned len;    /* bytes, at least 1 */
	int is_call;     /* a direct call (x86 E8 rel32) */
	uint64_t target; /* with is_call: where to */
	char text[256];  /* mnemonic and operands */
};

/* A disassembler for the open bfd ABFD (a bfd *), Intel syntax on x86 when
 * INTEL.  NAMES (may be NULL) names the addresses in the text.  NULL when
 * libopcodes cannot disassemble the file's architecture; ERR then holds
 * the reason, one line. */
struct disasm *disasm_open(void *abfd, int intel, const struct symtab *names, char *err,
			   size_t errlen);
void disasm_close(struct disasm *d);

/* Decode the instruction at PC of the code BYTES, which hold the
 * addresses [BASE, BASE + SIZE).  Returns 1 and fills *IN; 0 when the
 * bytes there are no instruction (IN->len is then 1 and IN->text
 * "(bad)"). */
int disasm_insn(struct disasm *d, const unsigned char *bytes, uint64_t base, size_t size,
		uint64_t pc, struct disasm_insn *in);

#endif
