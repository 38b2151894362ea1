/* SPDX-License-Identifier: GPL-3.0-or-later */
/* staticcg: see staticcg.h. */
#include "config.h"
#include "staticcg.h"
#include "disasm.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bfd.h>

/* GNU compares the target with the histogram ranges as a 32-bit value. */
static int in_hist(const struct gmon_profile *prof, uint64_t target)
{
	uint64_t t32 = (uint32_t)target;

	for (size_t i = 0; i < prof->nhists; i++)
		if (prof->hists[i].lowpc <= t32 && t32 < prof->hists[i].highpc)
			return 1;
	return 0;
}

/* The symbol starting exactly at ADDR, or CG_NONE.  GNU's lookup: the
 * symbol at or below ADDR (the last one only if ADDR is within it). */
static uint32_t sym_at(const struct symtab *st, uint64_t addr)
{
	const struct sym *s = symtab_find(st, addr);

	if (!s || s->addr != addr)
		return CG_NONE;
	return (uint32_t)(s - st->syms);
}

static uint32_t rd32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/* A count-0 arc.  An arc deleted by -k was, for GNU, never read: the
 * call found in the code brings it back with count 0. */
static void add_arc(struct cg *g, uint32_t parent, uint32_t child)
{
	uint32_t a = cg_arc_find(g, parent, child);

	if (a != CG_NONE && g->arcs[a].deleted) {
		g->arcs[a].deleted = 0;
		g->arcs[a].count = 0;
		g->adj_valid = 0;
		return;
	}
	cg_arc_add(g, parent, child, 0);
}

/* GNU: every 0xE8 byte of [lo, hi) with a forward 32-bit target. */
static void scan_gnu(struct cg *g, const struct gmon_profile *prof,
		     const unsigned char *text, uint64_t tlo, uint64_t thi,
		     uint32_t parent, uint64_t lo, uint64_t hi)
{
	const struct symtab *st = g->st;

	if (lo < tlo)
		lo = tlo;
	if (hi > thi)
		hi = thi;
	for (uint64_t pc = lo; pc < hi; pc++) {
		if (text[pc - tlo] != 0xE8)
			continue;
		/* GNU reads the displacement even past the symbol's end */
		if (pc + 5 > thi)
			continue;
		uint64_t target = pc + 5 + (uint64_t)rd32(text + (pc - tlo) + 1);
		if (!in_hist(prof, target))
			continue;
		uint32_t child = sym_at(st, target);
		if (child != CG_NONE)
			add_arc(g, parent, child);
	}
}

/* The architectures --static-call-graph=all reads. */
enum arch { ARCH_NONE, ARCH_X86, ARCH_A64, ARCH_RV64 };

/* How calls are found in one code section. */
struct scan {
	enum arch arch;
	struct disasm *d; /* x86: libopcodes */
	int big;          /* big-endian words (aarch64_be) */
};

static uint32_t rd32e(const unsigned char *p, int big)
{
	return big ? (uint32_t)p[3] | (uint32_t)p[2] << 8 | (uint32_t)p[1] << 16 |
			       (uint32_t)p[0] << 24
		   : rd32(p);
}

/* aarch64: fixed 4-byte words; BL is 100101 imm26 (word offset). */
static int a64_call(const unsigned char *p, uint64_t pc, uint64_t *target, int big)
{
	uint32_t w = rd32e(p, big);

	if ((w & 0xfc000000u) != 0x94000000u)
		return 0;
	int64_t off = (int64_t)(w & 0x03ffffffu);
	if (off & 0x02000000)
		off -= 0x04000000;
	*target = pc + (uint64_t)(off * 4);
	return 1;
}

/* riscv64: 2-byte compressed or 4-byte instructions (the low two bits
 * 11).  A call is JAL with rd = ra (x1), or AUIPC ra followed by JALR ra
 * through ra (the linker leaves that pair for far calls).  Returns the
 * instruction's length; *IS_CALL and *TARGET for a call. */
static unsigned rv_insn(const unsigned char *p, size_t avail, uint64_t pc, int *is_call,
			uint64_t *target)
{
	*is_call = 0;
	if (avail < 2)
		return 1;
	if ((p[0] & 3) != 3)
		return 2;
	if (avail < 4)
		return 2;
	uint32_t w = rd32(p);
	if ((w & 0x7f) == 0x6f && ((w >> 7) & 0x1f) == 1) { /* jal ra */
		int64_t imm =
			(int64_t)((((w >> 31) & 1) << 20) | (((w >> 12) & 0xff) << 12) |
				  (((w >> 20) & 1) << 11) | (((w >> 21) & 0x3ff) << 1));
		if (imm & 0x100000)
			imm -= 0x200000;
		*is_call = 1;
		*target = pc + (uint64_t)imm;
	} else if ((w & 0x7f) == 0x17 && ((w >> 7) & 0x1f) == 1 && avail >= 8) {
		uint32_t j = rd32(p + 4); /* auipc ra; jalr ra, imm(ra) */
		if ((j & 0x707f) == 0x67 && ((j >> 7) & 0x1f) == 1 &&
		    ((j >> 15) & 0x1f) == 1) {
			int64_t hi = (int64_t)(int32_t)(w & 0xfffff000u);
			int64_t lo = (int64_t)(int32_t)j >> 20;
			*is_call = 1;
			*target = pc + (uint64_t)(hi + lo);
			return 8;
		}
	}
	return 4;
}

/* Ours: decode [lo, hi) instruction by instruction. */
static void scan_all(struct cg *g, struct scan *sc, const unsigned char *text,
		     uint64_t tlo, uint64_t thi, uint32_t parent, uint64_t lo,
		     uint64_t hi)
{
	const struct symtab *st = g->st;
	int bits32 = st->abi.addr_size == 4;

	if (lo < tlo)
		lo = tlo;
	if (hi > thi)
		hi = thi;
	for (uint64_t pc = lo; pc < hi;) {
		size_t avail = (size_t)(thi - pc);
		const unsigned char *p = text + (pc - tlo);
		uint64_t target = 0;
		int is_call = 0;
		unsigned len;

		if (sc->arch == ARCH_X86) {
			struct disasm_insn in;
			if (!disasm_insn(sc->d, text, tlo, (size_t)(thi - tlo), pc,
					 &in)) {
				pc++; /* undecodable: data or padding, resynchronise */
				continue;
			}
			len = in.len;
			is_call = in.is_call;
			target = in.target;
		} else if (sc->arch == ARCH_A64) {
			len = 4;
			if (avail < 4 || (pc & 3))
				len = (unsigned)(4 - (pc & 3));
			else
				is_call = a64_call(p, pc, &target, sc->big);
		} else {
			len = rv_insn(p, avail, pc, &is_call, &target);
		}
		if (is_call) {
			if (bits32)
				target &= 0xffffffffu;
			uint32_t child = sym_at(st, target);
			if (child != CG_NONE)
				add_arc(g, parent, child);
		}
		pc += len;
	}
}

/* The ELF machine of the file at PATH (EM_*), 0 when unknown: libbfd as
 * Debian builds it reads aarch64 and riscv64 files without knowing the
 * architecture. */
static unsigned elf_machine(const char *path, int *big)
{
	unsigned char h[20];
	FILE *f = fopen(path, "rb");
	size_t got = f ? fread(h, 1, sizeof h, f) : 0;

	if (f)
		fclose(f);
	if (got < sizeof h || memcmp(h, "\177ELF", 4) != 0)
		return 0;
	*big = h[5] == 2;
	return *big ? (unsigned)h[18] << 8 | h[19] : (unsigned)h[19] << 8 | h[18];
}

/* A code section of the executable, its bytes read on first use. */
struct codesec {
	asection *sec;
	uint64_t lo, hi;
	unsigned char *bytes;
	int tried;
};

static void all_sections(struct cg *g, bfd *abfd, struct scan *sc)
{
	const struct symtab *st = g->st;
	struct codesec *cs = NULL;
	size_t n = 0, cap = 0;

	for (asection *sec = abfd->sections; sec; sec = sec->next) {
		flagword f = bfd_section_flags(sec);
		if ((f & (SEC_CODE | SEC_ALLOC | SEC_HAS_CONTENTS)) !=
			    (SEC_CODE | SEC_ALLOC | SEC_HAS_CONTENTS) ||
		    bfd_section_size(sec) == 0)
			continue;
		util_grow((void **)&cs, &cap, n + 1, sizeof *cs);
		cs[n].sec = sec;
		cs[n].lo = bfd_section_vma(sec);
		cs[n].hi = cs[n].lo + bfd_section_size(sec);
		cs[n].bytes = NULL;
		cs[n].tried = 0;
		n++;
	}
	/* Every symbol, in whichever code section it starts (.init and
	 * .fini too), up to its end or the section's. */
	for (uint32_t i = 0; i < g->nfuncs; i++) {
		const struct sym *s = &st->syms[i];
		for (size_t k = 0; k < n; k++) {
			if (s->addr < cs[k].lo || s->addr >= cs[k].hi)
				continue;
			if (!cs[k].tried) {
				cs[k].tried = 1;
				if (!bfd_malloc_and_get_section(abfd, cs[k].sec,
								&cs[k].bytes))
					cs[k].bytes = NULL;
			}
			if (cs[k].bytes)
				scan_all(g, sc, cs[k].bytes, cs[k].lo, cs[k].hi, i,
					 s->addr, s->end_addr + 1);
			break;
		}
	}
	for (size_t k = 0; k < n; k++)
		free(cs[k].bytes);
	free(cs);
}

/* The architecture of ABFD as --static-call-graph=all reads it. */
static enum arch arch_of(bfd *abfd, const char *path, int *big)
{
	*big = 0;
	if (bfd_get_arch(abfd) == bfd_arch_i386)
		return ARCH_X86;
	switch (elf_machine(path, big)) {
	case 183: return ARCH_A64;                     /* EM_AARCH64 */
	case 243: return *big ? ARCH_NONE : ARCH_RV64; /* EM_RISCV */
	default: return ARCH_NONE;
	}
}

void staticcg_add(struct cg *g, void *vbfd, const struct gmon_profile *prof, int all)
{
	bfd *abfd = vbfd;
	const struct symtab *st = g->st;
	asection *text;
	unsigned char *bytes;
	uint64_t tlo, thi;
	struct scan sc = { ARCH_NONE, NULL, 0 };

	if (!abfd)
		return;
	sc.arch = arch_of(abfd, st->path, &sc.big);
	if (all) {
		char err[512];
		if (sc.arch == ARCH_X86 &&
		    !(sc.d = disasm_open(abfd, 0, NULL, err, sizeof err)))
			sc.arch = ARCH_NONE;
		if (sc.arch == ARCH_NONE) {
			util_warn("%s: --static-call-graph=all reads x86, aarch64 and "
				  "riscv64 code only; no calls added",
				  st->path);
			return;
		}
		all_sections(g, abfd, &sc);
		disasm_close(sc.d);
		return;
	}
	if (sc.arch != ARCH_X86) {
		util_warn("%s: -c finds calls in x86 code only, as GNU gprof 2.40 built "
			  "for x86 does; --static-call-graph=all reads aarch64 and "
			  "riscv64 code too",
			  st->path);
		return;
	}
	text = bfd_get_section_by_name(abfd, ".text");
	if (!text || bfd_section_size(text) == 0)
		return;
	tlo = bfd_section_vma(text);
	thi = tlo + bfd_section_size(text);
	if (!bfd_malloc_and_get_section(abfd, text, &bytes) || !bytes)
		return;
	/* Every symbol is scanned, whatever the selection options (GNU). */
	for (uint32_t i = 0; i < g->nfuncs; i++) {
		const struct sym *s = &st->syms[i];
		scan_gnu(g, prof, bytes, tlo, thi, i, s->addr, s->end_addr + 1);
	}
	free(bytes);
}
