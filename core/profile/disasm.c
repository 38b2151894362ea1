/* SPDX-License-Identifier: GPL-3.0-or-later */
/* disasm: see disasm.h. */
#include "config.h"
#include "disasm.h"
#include "util.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bfd.h>
#include <dis-asm.h>

struct disasm {
	struct disassemble_info info;
	disassembler_ftype fn;
	const struct symtab *names;
	int x86;
	/* the text of the instruction being decoded */
	char *buf;
	size_t len, cap;
	int nprinted_addr;
	uint64_t printed_addr; /* the last address libopcodes printed */
	/* libbfd's synthetic symbols (PLT entries: "f@plt"), by address */
	const struct plt *plt;
	size_t nplt;
};

struct plt {
	uint64_t addr;
	const char *name;
};

/* The PLT entries of each bfd met, read once: libbfd keeps the dynamic
 * relocations it reads for them, which point into the dynamic symbols
 * we hand it, so those must outlive every later call; a second call with
 * other symbols crashes libbfd 2.40.  Kept for the run (reachable). */
static struct pltcache {
	unsigned int id; /* the bfd's, unique in the run */
	asymbol **dyn;
	asymbol *synth;
	struct plt *plt;
	size_t nplt;
} * cache;
static size_t ncache, cache_cap;

static int cmp_plt(const void *l, const void *r)
{
	const struct plt *a = l, *b = r;
	return a->addr < b->addr ? -1 : a->addr > b->addr;
}

/* The PLT entries of ABFD, named as objdump names them. */
static void load_plt(struct disasm *d, bfd *abfd)
{
	for (size_t i = 0; i < ncache; i++)
		if (cache[i].id == abfd->id) {
			d->plt = cache[i].plt;
			d->nplt = cache[i].nplt;
			return;
		}
	util_grow((void **)&cache, &cache_cap, ncache + 1, sizeof *cache);
	struct pltcache *c = &cache[ncache++];
	memset(c, 0, sizeof *c);
	c->id = abfd->id;
	long sz = bfd_get_dynamic_symtab_upper_bound(abfd);
	if (sz <= 0)
		return;
	c->dyn = xmalloc((size_t)sz);
	long ndyn = bfd_canonicalize_dynamic_symtab(abfd, c->dyn);
	long n = ndyn > 0 ? bfd_get_synthetic_symtab(abfd, 0, NULL, ndyn, c->dyn,
						     &c->synth)
			  : 0;
	if (n > 0) {
		c->plt = xmalloc((size_t)n * sizeof *c->plt);
		for (long i = 0; i < n; i++) {
			c->plt[c->nplt].addr = (uint64_t)bfd_asymbol_value(&c->synth[i]);
			c->plt[c->nplt++].name = bfd_asymbol_name(&c->synth[i]);
		}
		qsort(c->plt, c->nplt, sizeof *c->plt, cmp_plt);
	}
	d->plt = c->plt;
	d->nplt = c->nplt;
}

static const char *plt_at(const struct disasm *d, uint64_t addr)
{
	size_t lo = 0, hi = d->nplt;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (d->plt[mid].addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < d->nplt && d->plt[lo].addr == addr ? d->plt[lo].name : NULL;
}

static void put(struct disasm *d, const char *fmt, va_list ap)
{
	va_list cp;
	va_copy(cp, ap);
	int n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0)
		return;
	if (d->len + (size_t)n + 1 > d->cap)
		return; /* the text is cut, the decoding goes on */
	vsnprintf(d->buf + d->len, d->cap - d->len, fmt, ap);
	d->len += (size_t)n;
}

static int out_plain(void *stream, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	put(stream, fmt, ap);
	va_end(ap);
	return 0;
}

static int out_styled(void *stream, enum disassembler_style style, const char *fmt, ...)
{
	va_list ap;
	(void)style;
	va_start(ap, fmt);
	put(stream, fmt, ap);
	va_end(ap);
	return 0;
}

static void say(struct disasm *d, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	put(d, fmt, ap);
	va_end(ap);
}

/* An address in an operand: hex, then the symbol it falls in. */
static void print_addr(bfd_vma vma, struct disassemble_info *info)
{
	struct disasm *d = info->stream;
	const struct sym *s = d->names ? symtab_find(d->names, (uint64_t)vma) : NULL;

	const char *plt = plt_at(d, (uint64_t)vma);

	d->printed_addr = (uint64_t)vma;
	d->nprinted_addr++;
	say(d, "%" PRIx64, (uint64_t)vma);
	if (plt)
		say(d, " <%s>", plt);
	else if (s && (uint64_t)vma <= s->end_addr &&
		 (uint64_t)vma >= d->names->text_start &&
		 (uint64_t)vma < d->names->text_end) {
		if ((uint64_t)vma == s->addr)
			say(d, " <%s>", s->dname);
		else
			say(d, " <%s+0x%" PRIx64 ">", s->dname, (uint64_t)vma - s->addr);
	}
}

struct disasm *disasm_open(void *vbfd, int intel, const struct symtab *names, char *err,
			   size_t errlen)
{
	bfd *abfd = vbfd;
	enum bfd_architecture arch = bfd_get_arch(abfd);
	disassembler_ftype fn =
		disassembler(arch, bfd_big_endian(abfd), bfd_get_mach(abfd), abfd);

	if (!fn) {
		snprintf(err, errlen,
			 "%s: libopcodes cannot disassemble architecture %s (the "
			 "libopcodes "
			 "tgprof was built with knows x86 only)",
			 bfd_get_filename(abfd),
			 arch == bfd_arch_unknown ? "unknown"
						  : bfd_printable_arch_mach(arch, 0));
		return NULL;
	}
	struct disasm *d = xcalloc(1, sizeof *d);
	d->fn = fn;
	d->names = names;
	d->x86 = arch == bfd_arch_i386;
	d->cap = 512;
	d->buf = xmalloc(d->cap);
	init_disassemble_info(&d->info, d, out_plain, out_styled);
	d->info.arch = arch;
	d->info.mach = bfd_get_mach(abfd);
	d->info.endian = bfd_big_endian(abfd) ? BFD_ENDIAN_BIG : BFD_ENDIAN_LITTLE;
	d->info.print_address_func = print_addr;
	if (d->x86 && intel)
		d->info.disassembler_options = "intel";
	disassemble_init_for_target(&d->info);
	if (names)
		load_plt(d, abfd);
	return d;
}

void disasm_close(struct disasm *d)
{
	if (!d)
		return;
	disassemble_free_target(&d->info);
	free(d->buf);
	free(d);
}

/* An x86 direct near call: E8 after any prefixes (operand size, segment,
 * REX, the branch hints and bnd). */
static int x86_direct_call(const unsigned char *p, size_t n)
{
	size_t i = 0;

	while (i < n && (p[i] == 0x66 || p[i] == 0x67 || p[i] == 0xf2 || p[i] == 0xf3 ||
			 p[i] == 0x2e || p[i] == 0x3e || p[i] == 0x26 || p[i] == 0x36 ||
			 p[i] == 0x64 || p[i] == 0x65 || (p[i] & 0xf0) == 0x40))
		i++;
	return i < n && p[i] == 0xe8;
}

int disasm_insn(struct disasm *d, const unsigned char *bytes, uint64_t base, size_t size,
		uint64_t pc, struct disasm_insn *in)
{
	memset(in, 0, sizeof *in);
	in->addr = pc;
	in->len = 1;
	snprintf(in->text, sizeof in->text, "(bad)");
	if (pc < base || pc >= base + size)
		return 0;
	d->info.buffer = (bfd_byte *)bytes;
	d->info.buffer_vma = (bfd_vma)base;
	d->info.buffer_length = size;
	d->len = 0;
	d->buf[0] = 0;
	d->nprinted_addr = 0;
	d->info.insn_info_valid = 0;
	int n = d->fn((bfd_vma)pc, &d->info);
	if (n <= 0 || (uint64_t)n > base + size - pc)
		return 0;
	in->len = (unsigned)n;
	snprintf(in->text, sizeof in->text, "%s", d->buf);
	if (strstr(in->text, "(bad)"))
		return 0;
	if (d->x86 && d->nprinted_addr == 1 &&
	    x86_direct_call(bytes + (pc - base), (size_t)n)) {
		in->is_call = 1;
		in->target = d->printed_addr;
	}
	return 1;
}
