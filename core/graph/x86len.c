/* SPDX-License-Identifier: GPL-3.0-or-later */
/* x86len: see x86len.h.
 *
 * Operand shapes per opcode, one letter each (from the architecture
 * manuals' opcode maps, 64-bit mode):
 *   .  no ModRM, no immediate        m  ModRM
 *   b  imm8                          B  ModRM + imm8
 *   z  imm16/32 (operand size)       Z  ModRM + imm16/32
 *   w  imm16                         e  imm16 + imm8 (enter)
 *   v  imm16/32/64 (mov r, imm)      a  moffs (address size)
 *   f  F6 group (imm8 for /0 /1)     F  F7 group (imm16/32 for /0 /1)
 *   p  prefix or escape (handled in the code)
 *   x  invalid in 64-bit mode */
#include "config.h"
#include "x86len.h"

#include <string.h>

/* clang-format off */
static const char map1[] =
	"mmmmbzxxmmmmbzxp" /* 00 */
	"mmmmbzxxmmmmbzxx" /* 10 */
	"mmmmbzpxmmmmbzpx" /* 20 */
	"mmmmbzpxmmmmbzpx" /* 30 */
	"pppppppppppppppp" /* 40: REX */
	"................" /* 50 */
	"xxpmppppzZbB...." /* 60 */
	"bbbbbbbbbbbbbbbb" /* 70 */
	"BZxBmmmmmmmmmmmp" /* 80: 8F is pop r/m or XOP */
	"..........x....." /* 90 */
	;

/* The rows from A0 on, kept apart so each stays 16 letters. */
static const char map1_hi[6][17] = {
	"aaaa....bz......", /* A0 */
	"bbbbbbbbvvvvvvvv", /* B0 */
	"BBw.ppBZe.w..bx.", /* C0: C4/C5 VEX */
	"mmmmxxx.mmmmmmmm", /* D0 */
	"bbbbbbbbzzxb....", /* E0 */
	"p.pp..fF......mm", /* F0 */
};

static const char map0f[257] =
	"mmmmx.....x.xm.B" /* 00 */
	"mmmmmmmmmmmmmmmm" /* 10 */
	"mmmmxxxxmmmmmmmm" /* 20 */
	"......x.pxpxxxxx" /* 30 */
	"mmmmmmmmmmmmmmmm" /* 40 */
	"mmmmmmmmmmmmmmmm" /* 50 */
	"mmmmmmmmmmmmmmmm" /* 60 */
	"BBBBmmm.mmmmmmmm" /* 70 */
	"zzzzzzzzzzzzzzzz" /* 80 */
	"mmmmmmmmmmmmmmmm" /* 90 */
	"...mBmxx...mBmmm" /* A0 */
	"mmmmmmmmmmBmmmmm" /* B0 */
	"mmBmBBBm........" /* C0 */
	"mmmmmmmmmmmmmmmm" /* D0 */
	"mmmmmmmmmmmmmmmm" /* E0 */
	"mmmmmmmmmmmmmmmm" /* F0 */
	;
/* clang-format on */

static char shape1(unsigned op)
{
	if (op >= 0xA0)
		return map1_hi[(op - 0xA0) >> 4][op & 15];
	return map1[op];
}

/* Bytes of ModRM, SIB and displacement at P (AVAIL readable), or 0. */
static unsigned modrm_len(const unsigned char *p, size_t avail)
{
	unsigned mod, rm, n = 1;

	if (avail < 1)
		return 0;
	mod = p[0] >> 6;
	rm = p[0] & 7;
	if (mod == 3)
		return 1;
	if (rm == 4) {
		if (avail < 2)
			return 0;
		n++;
		if (mod == 0 && (p[1] & 7) == 5)
			n += 4;
	} else if (mod == 0 && rm == 5) {
		n += 4; /* RIP-relative */
	}
	if (mod == 1)
		n += 1;
	else if (mod == 2)
		n += 4;
	return n;
}

/* Bytes of a 16-bit-addressing ModRM and displacement (67 prefix in
 * 32-bit code): no SIB; mod 0 rm 6 is disp16. */
static unsigned modrm16_len(const unsigned char *p, size_t avail)
{
	unsigned mod, rm;

	if (avail < 1)
		return 0;
	mod = p[0] >> 6;
	rm = p[0] & 7;
	if (mod == 3)
		return 1;
	if (mod == 0)
		return rm == 6 ? 3 : 1;
	return mod == 1 ? 2 : 3;
}

static unsigned operands_len(char shape, const unsigned char *p, size_t avail,
			     int opsize16, int addr32, int rexw);

/* operands_len() for 16-bit addressing. */
static unsigned operands_len16(char shape, const unsigned char *p, size_t avail,
			       int opsize16)
{
	unsigned m, rest;
	int has = strchr("mBZfF", shape) != NULL;

	if (!has)
		return operands_len(shape, p, avail, opsize16, 0, 0);
	m = modrm16_len(p, avail);
	if (!m)
		return 0;
	/* the immediate part: as with a register operand (mod 3) */
	unsigned char fake[2] = { (unsigned char)(0xC0 | (p[0] & 0x38)), 0 };
	rest = operands_len(shape, fake, 1, opsize16, 0, 0);
	if (!rest)
		return 0;
	rest = rest == 0x100 ? 0 : rest - 1;
	if (m + rest > avail)
		return 0;
	return m + rest;
}

/* Length of the operands of an instruction of SHAPE whose ModRM (if any)
 * is at P; 0 when invalid or cut short. */
static unsigned operands_len(char shape, const unsigned char *p, size_t avail,
			     int opsize16, int addr32, int rexw)
{
	unsigned imm = 0, m = 0;
	int has_modrm = 0;

	switch (shape) {
	case '.': break;
	case 'm': has_modrm = 1; break;
	case 'b': imm = 1; break;
	case 'B':
		has_modrm = 1;
		imm = 1;
		break;
	case 'z': imm = opsize16 ? 2 : 4; break;
	case 'Z':
		has_modrm = 1;
		imm = opsize16 ? 2 : 4;
		break;
	case 'w': imm = 2; break;
	case 'e': imm = 3; break;
	case 'v': imm = rexw ? 8 : opsize16 ? 2 : 4; break;
	case 'a': imm = addr32 ? 4 : 8; break;
	case 'f':
	case 'F':
		has_modrm = 1;
		if (avail >= 1 && ((p[0] >> 3) & 7) < 2)
			imm = shape == 'f' ? 1 : opsize16 ? 2 : 4;
		break;
	default: return 0;
	}
	if (has_modrm) {
		m = modrm_len(p, avail);
		if (!m)
			return 0;
	}
	if (m + imm > avail)
		return 0;
	return m + imm ? m + imm : 0x100; /* 0x100: valid, no operand bytes */
}

/* fwait (9B) before an x87 instruction: disassemblers show one
 * instruction (fstcw, fstsw, ... and any other D8-DF opcode). */
static int waited_x87(const unsigned char *p)
{
	return p[0] >= 0xD8 && p[0] <= 0xDF;
}

static int finish(struct x86len_insn *in, unsigned len, size_t avail)
{
	if (len == 0 || len > 15 || len > avail)
		return 0;
	in->len = len;
	return 1;
}

/* A VEX/EVEX/XOP-encoded instruction: MAP, then the opcode at P. */
static int vex_tail(const unsigned char *p, size_t avail, unsigned used, unsigned map,
		    int opsize16, struct x86len_insn *in)
{
	unsigned op, k;
	char shape;

	if (avail < used + 1)
		return 0;
	op = p[used];
	switch (map) {
	case 1: shape = map0f[op]; break;
	case 2:
	case 5:
	case 6:
	case 9: shape = 'm'; break;
	case 3:
	case 8: shape = 'B'; break;
	case 10: shape = 'm'; break; /* XOP map A: ModRM + imm32 */
	default: return 0;
	}
	if (shape == 'x' || shape == 'p')
		return 0;
	if (shape == 'z')
		shape = 'm'; /* no VEX jumps; keep the length sane */
	k = operands_len(shape, p + used + 1, avail - used - 1, opsize16, 0, 0);
	if (!k)
		return 0;
	if (k == 0x100)
		k = 0;
	if (map == 10)
		k += 4;
	return finish(in, used + 1 + k, avail);
}

/* The one-byte opcodes whose shape differs in 32-bit code. */
static char shape1_32(unsigned op)
{
	switch (op) {
	case 0x06:
	case 0x07:
	case 0x0E:
	case 0x16:
	case 0x17:
	case 0x1E:
	case 0x1F:
	case 0x27:
	case 0x2F:
	case 0x37:
	case 0x3F:
	case 0x60:
	case 0x61:
	case 0xCE:
	case 0xD6: return '.';
	case 0x62: return 'm'; /* bound (EVEX handled before) */
	case 0x40:
	case 0x41:
	case 0x42:
	case 0x43:
	case 0x44:
	case 0x45:
	case 0x46:
	case 0x47:
	case 0x48:
	case 0x49:
	case 0x4A:
	case 0x4B:
	case 0x4C:
	case 0x4D:
	case 0x4E:
	case 0x4F: return '.'; /* inc, dec */
	case 0x82: return 'B';
	case 0x9A:
	case 0xEA: return 'p'; /* far pointer: handled below */
	case 0xD4:
	case 0xD5: return 'b';
	default: return shape1(op);
	}
}

static int decode(const unsigned char *p, size_t avail, struct x86len_insn *in,
		  int mode64)
{
	unsigned i = 0, op, k;
	int opsize16 = 0, addr32 = 0, rexw = 0, rex = 0;
	char shape;
	int one_byte = 0;

	in->len = 0;
	in->is_call_rel32 = 0;
	in->rel = 0;
	for (;; i++) {
		if (i >= avail || i >= 15)
			return 0;
		op = p[i];
		if (op == 0x66) {
			opsize16 = 1;
		} else if (op == 0x67) {
			addr32 = 1;
		} else if (op == 0xF0 || op == 0xF2 || op == 0xF3 || op == 0x2E ||
			   op == 0x3E || op == 0x26 || op == 0x36 || op == 0x64 ||
			   op == 0x65) {
			/* lock, rep, segment */
		} else if (op == 0x9B && i + 2 < avail && waited_x87(p + i + 1)) {
			/* fwait before fstcw/fstsw/fstenv/fsave/fclex/finit:
			 * one instruction, as disassemblers show it */
		} else if (mode64 && (op & 0xF0) == 0x40) {
			rex = 1;
			rexw = (op >> 3) & 1;
			continue;
		} else {
			break;
		}
		rex = rexw = 0; /* a REX before another prefix is ignored */
	}
	(void)rex;
	i++; /* past the opcode byte */

	if (op == 0x0F) {
		if (i >= avail)
			return 0;
		op = p[i++];
		if (op == 0x38 || op == 0x3A) {
			if (i >= avail)
				return 0;
			i++;
			shape = op == 0x38 ? 'm' : 'B';
		} else {
			shape = map0f[op];
		}
	} else if ((op == 0xC4 || op == 0xC5) &&
		   (mode64 || (i < avail && (p[i] >> 6) == 3))) {
		unsigned map = 1;
		if (op == 0xC4) {
			if (i + 1 >= avail)
				return 0;
			map = p[i] & 0x1F;
			return vex_tail(p, avail, i + 2, map, opsize16, in);
		}
		return vex_tail(p, avail, i + 1, map, opsize16, in);
	} else if (op == 0x62 && (mode64 || (i < avail && (p[i] >> 6) == 3))) {
		if (i + 2 >= avail)
			return 0;
		return vex_tail(p, avail, i + 3, p[i] & 7, opsize16, in);
	} else if (op == 0x8F && i < avail && (p[i] & 0x1F) >= 8) {
		if (i + 1 >= avail)
			return 0;
		return vex_tail(p, avail, i + 2, p[i] & 0x1F, opsize16, in);
	} else if (!mode64 && (op == 0x9A || op == 0xEA)) {
		/* far call/jump: offset and selector */
		return finish(in, i + (opsize16 ? 4 : 6), avail);
	} else {
		shape = mode64 ? shape1(op) : shape1_32(op);
		if (!mode64 && (op == 0xC4 || op == 0xC5))
			shape = 'm'; /* les, lds */
		one_byte = 1;
		if (op == 0xE8 && !opsize16 && i + 4 <= avail) {
			in->is_call_rel32 = 1;
			in->rel = (int32_t)((uint32_t)p[i] | (uint32_t)p[i + 1] << 8 |
					    (uint32_t)p[i + 2] << 16 |
					    (uint32_t)p[i + 3] << 24);
		}
		if (op == 0x8F)
			shape = 'm';
	}
	if (shape == 'x' || shape == 'p')
		return 0;
	/* Relative jumps and calls keep 32 bits in 64-bit mode. */
	if (one_byte && (op == 0xE8 || op == 0xE9))
		shape = 'z', opsize16 = 0;
	if (!mode64 && shape == 'a')
		k = operands_len('z', p + i, avail - i, addr32, 0, 0);
	else if (!mode64 && addr32 && shape != 'a')
		k = operands_len16(shape, p + i, avail - i, opsize16);
	else
		k = operands_len(shape, p + i, avail - i, opsize16, addr32, rexw);
	if (!k)
		return 0;
	if (k == 0x100)
		k = 0;
	return finish(in, i + k, avail);
}

int x86len_decode(const unsigned char *p, size_t avail, struct x86len_insn *in)
{
	return decode(p, avail, in, 1);
}

int x86len_decode32(const unsigned char *p, size_t avail, struct x86len_insn *in)
{
	return decode(p, avail, in, 0);
}
