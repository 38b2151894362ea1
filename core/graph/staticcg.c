/* SPDX-License-Identifier: GPL-3.0-or-later */
/* staticcg: see staticcg.h. */
#include "config.h"
#include "staticcg.h"
#include "x86len.h"
#include "util.h"

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

/* Ours: decode [lo, hi) instruction by instruction (32-bit code when
 * BITS32). */
static void scan_all(struct cg *g, const unsigned char *text, uint64_t tlo, uint64_t thi,
		     uint32_t parent, uint64_t lo, uint64_t hi, int bits32)
{
	const struct symtab *st = g->st;

	if (lo < tlo)
		lo = tlo;
	if (hi > thi)
		hi = thi;
	for (uint64_t pc = lo; pc < hi;) {
		struct x86len_insn in;
		size_t avail = (size_t)(thi - pc);

		int ok = bits32 ? x86len_decode32(text + (pc - tlo), avail, &in)
				: x86len_decode(text + (pc - tlo), avail, &in);
		if (!ok) {
			pc++; /* undecodable: data or padding, resynchronise */
			continue;
		}
		if (in.is_call_rel32) {
			uint64_t target = pc + in.len + (uint64_t)(int64_t)in.rel;
			if (bits32)
				target &= 0xffffffffu;
			uint32_t child = sym_at(st, target);
			if (child != CG_NONE)
				add_arc(g, parent, child);
		}
		pc += in.len;
	}
}

/* A code section of the executable, its bytes read on first use. */
struct codesec {
	asection *sec;
	uint64_t lo, hi;
	unsigned char *bytes;
	int tried;
};

static void all_sections(struct cg *g, bfd *abfd)
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
				scan_all(g, cs[k].bytes, cs[k].lo, cs[k].hi, i, s->addr,
					 s->end_addr + 1, st->abi.addr_size == 4);
			break;
		}
	}
	for (size_t k = 0; k < n; k++)
		free(cs[k].bytes);
	free(cs);
}

void staticcg_add(struct cg *g, void *vbfd, const struct gmon_profile *prof, int all)
{
	bfd *abfd = vbfd;
	const struct symtab *st = g->st;
	asection *text;
	unsigned char *bytes;
	uint64_t tlo, thi;

	if (!abfd)
		return;
	if (bfd_get_arch(abfd) != bfd_arch_i386) {
		/* The instruction decoder knows x86 only.  GNU warns too and
		 * goes on with the profile's arcs alone. */
		util_warn("%s: %s finds calls in x86 code only, and this is not x86 code",
			  bfd_get_filename(abfd), all ? "--static-call-graph=all" : "-c");
		return;
	}
	if (all) {
		all_sections(g, abfd);
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
