/* SPDX-License-Identifier: GPL-3.0-or-later */
/* annot: see annot.h. */
#include "config.h"
#include "annot.h"
#include "demangle.h"
#include "lines.h"
#include "objects.h"
#include "util.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bfd.h>

void annot_ctx_init(struct annot_ctx *c, const struct load *l)
{
	memset(c, 0, sizeof *c);
	c->l = l;
	c->ntabs = 1 + objects_count(l->objs);
	c->tabs = xcalloc(c->ntabs, sizeof *c->tabs);
	c->loaded = xcalloc(c->ntabs, 1);
	c->code = xcalloc(c->ntabs, sizeof *c->code);
	/* weighed as each instruction's share is (a bin's byte range,
	 * rounded, can be wider than its scale), so the shares of all the
	 * instructions add up to 100% */
	c->total = lines_ticks(&l->prof, 0, UINT64_MAX);
}

void annot_ctx_free(struct annot_ctx *c)
{
	for (size_t t = 0; t < c->ntabs; t++)
		if (c->loaded[t])
			dwline_free(&c->tabs[t]);
	for (size_t t = 0; t < c->ntabs; t++)
		if (c->code[t])
			bfd_close(c->code[t]);
	free(c->code);
	free(c->tabs);
	free(c->loaded);
	memset(c, 0, sizeof *c);
}

size_t annot_ntables(const struct annot_ctx *c)
{
	return c->ntabs;
}

static const struct symtab *table(const struct annot_ctx *c, size_t t, uint64_t *window)
{
	*window = 0;
	if (t == 0)
		return &c->l->st;
	return objects_object(c->l->objs, t - 1, window);
}

const struct symtab *annot_table(const struct annot_ctx *c, size_t t)
{
	uint64_t w;
	return t < c->ntabs ? table(c, t, &w) : NULL;
}

int annot_locate(const struct annot_ctx *c, uint64_t addr, size_t *t,
		 const struct sym **s)
{
	for (size_t k = 0; k < c->ntabs; k++) {
		uint64_t w;
		const struct symtab *st = table(c, k, &w);
		if (!st || addr < w ||
		    (k > 0 && addr - w >= ((uint64_t)1 << OBJECTS_SHIFT)))
			continue;
		const struct sym *f = symtab_find(st, addr - w);
		if (f && f->addr == addr - w) {
			*t = k;
			*s = f;
			return 1;
		}
	}
	return 0;
}

/* The code section of ABFD holding ADDR (a link-time address). */
static asection *code_section(bfd *abfd, uint64_t addr)
{
	for (asection *s = abfd->sections; s; s = s->next) {
		uint64_t lo = bfd_section_vma(s);
		if ((bfd_section_flags(s) & (SEC_CODE | SEC_HAS_CONTENTS)) ==
			    (SEC_CODE | SEC_HAS_CONTENTS) &&
		    addr >= lo && addr < lo + bfd_section_size(s))
			return s;
	}
	return NULL;
}

/* A call's arcs.  An arc's return address may come rounded down (glibc
 * writes it from its hash table's index, to a multiple of a few bytes),
 * so it goes to the first call at or after it to the arc's callee, else
 * to the first call at or after it, else to the instruction before it. */
static void add_calls(struct annot *a, const struct gmon_profile *prof, uint64_t window,
		      uint64_t hi)
{
	struct annot_insn *v = a->insns;

	for (size_t i = 0; i < prof->narcs; i++) {
		const struct gmon_arc *r = &prof->arcs[i];
		if (r->from_pc <= a->fn->addr + window || r->from_pc > hi + window)
			continue;
		uint64_t ret = r->from_pc - window;
		const struct sym *callee = symtab_find(a->st, r->self_pc - window);
		size_t any = SIZE_MAX, to = SIZE_MAX, before = SIZE_MAX;
		for (size_t k = 0; k < a->n; k++) {
			uint64_t end = v[k].in.addr + v[k].in.len;
			if (v[k].in.addr < ret)
				before = k;
			if (end < ret || !strstr(v[k].in.text, "call"))
				continue;
			if (any == SIZE_MAX)
				any = k;
			if (v[k].in.is_call && callee && v[k].in.target == callee->addr) {
				to = k;
				break;
			}
		}
		size_t k = to != SIZE_MAX ? to : any != SIZE_MAX ? any : before;
		if (k != SIZE_MAX)
			v[k].calls += r->count;
	}
}

/* The inlined function at ADDR of ST's bfd, demangled, or NULL when the
 * code there is not inlined.  libbfd is asked as symtab.c asks it:
 * relative to .text, without symbols. */
static const char *inlined_at(struct annot *a, const struct symtab *st, uint64_t addr)
{
	bfd *abfd = st->bfd;
	asection *text = abfd ? bfd_get_section_by_name(abfd, ".text") : NULL;
	const char *f = NULL, *fn = NULL, *cf, *cfn;
	unsigned int l = 0, cl;

	if (!text ||
	    !bfd_find_nearest_line(abfd, text, NULL, (bfd_vma)(addr - text->vma), &f, &fn,
				   &l) ||
	    !fn || !bfd_find_inliner_info(abfd, &cf, &cfn, &cl))
		return NULL;
	char *d = demangle_name(fn, demangle_style_auto());
	if (!d)
		d = xstrdup(fn);
	a->owned = xrealloc(a->owned, (a->nowned + 1) * sizeof *a->owned);
	a->owned[a->nowned++] = d;
	return d;
}

int annot_build(struct annot_ctx *c, size_t t, const struct sym *s, int intel,
		struct annot *a, char *err, size_t errlen)
{
	uint64_t window;
	const struct symtab *st = t < c->ntabs ? table(c, t, &window) : NULL;
	bfd *abfd = st ? st->bfd : NULL;
	/* an object whose symbols and lines come from a separate debug
	 * file: the code from the object itself */
	const char *codefile = t > 0 ? objects_code_file(c->l->objs, t - 1) : NULL;
	if (codefile && !c->code[t]) {
		bfd *cb = bfd_openr(codefile, NULL);
		if (cb && !bfd_check_format(cb, bfd_object)) {
			bfd_close(cb);
			cb = NULL;
		}
		c->code[t] = cb;
	}
	bfd *cbfd = codefile ? c->code[t] : abfd;
	asection *sec = cbfd ? code_section(cbfd, s->addr) : NULL;
	bfd_byte *bytes = NULL;

	memset(a, 0, sizeof *a);
	if (!sec || !bfd_malloc_and_get_section(cbfd, sec, &bytes) || !bytes) {
		snprintf(err, errlen, "%s: %s: no code at %" PRIx64, st ? st->path : "?",
			 s->dname, s->addr);
		return 0;
	}
	struct disasm *d = disasm_open(cbfd, intel, st, err, errlen);
	if (!d) {
		free(bytes);
		return 0;
	}
	if (!c->loaded[t]) {
		dwline_load(&c->tabs[t], abfd);
		c->loaded[t] = 1;
	}
	a->fn = s;
	a->st = st;
	a->object = t ? (codefile ? codefile : st->path) : NULL;
	a->total = c->total;
	a->window = window;
	uint64_t base = bfd_section_vma(sec), size = bfd_section_size(sec);
	uint64_t hi = s->end_addr + 1 < base + size ? s->end_addr + 1 : base + size;
	size_t cap = 0;
	for (uint64_t pc = s->addr; pc < hi;) {
		util_grow((void **)&a->insns, &cap, a->n + 1, sizeof *a->insns);
		struct annot_insn *x = &a->insns[a->n++];
		memset(x, 0, sizeof *x);
		disasm_insn(d, bytes, base, (size_t)size, pc, &x->in);
		uint64_t end = pc + x->in.len < hi ? pc + x->in.len : hi;
		x->ticks = lines_ticks(&c->l->prof, pc + window, end + window);
		if (!dwline_fn_at(&c->tabs[t], st, s, pc, &x->file, &x->line))
			x->line = 0;
		pc += x->in.len;
	}
	disasm_close(d);
	free(bytes);
	add_calls(a, &c->l->prof, window, hi);
	for (size_t i = 0; i < a->n; i++) {
		struct annot_insn *x = &a->insns[i];
		if (x->line && (i == 0 || x->file != x[-1].file || x->line != x[-1].line))
			x->inlined = inlined_at(a, st, x->in.addr);
	}

	size_t lcap = 0;
	for (size_t i = 0; i < a->n; i++) {
		const struct annot_insn *x = &a->insns[i];
		a->ticks += x->ticks;
		if (!x->line)
			continue;
		struct annot_line *ln =
			(struct annot_line *)annot_line_of(a, x->file, x->line);
		if (!ln) {
			util_grow((void **)&a->lines, &lcap, a->nlines + 1,
				  sizeof *a->lines);
			ln = &a->lines[a->nlines++];
			memset(ln, 0, sizeof *ln);
			ln->file = x->file;
			ln->line = x->line;
		}
		ln->ticks += x->ticks;
		ln->calls += x->calls;
	}
	return 1;
}

void annot_free(struct annot *a)
{
	for (size_t i = 0; i < a->nowned; i++)
		free(a->owned[i]);
	free(a->owned);
	free(a->insns);
	free(a->lines);
	memset(a, 0, sizeof *a);
}

const struct annot_line *annot_line_of(const struct annot *a, const char *file, int line)
{
	for (size_t i = 0; i < a->nlines; i++)
		if (a->lines[i].file == file && a->lines[i].line == line)
			return &a->lines[i];
	return NULL;
}
