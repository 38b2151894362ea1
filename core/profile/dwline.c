/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dwline: see dwline.h. */
#include "config.h"
#include "dwline.h"
#include "symtab.h"
#include "util.h"

#include <bfd.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

size_t dwline_load(struct dwline *t, void *abfd)
{
	bfd *b = abfd;

	memset(t, 0, sizeof *t);
	t->abfd = b;
	if (!b)
		return 0;
	t->text = bfd_get_section_by_name(b, ".text");
	return t->text != NULL;
}

void dwline_free(struct dwline *t)
{
	for (size_t i = 0; i < t->nfiles; i++)
		free(t->files[i]);
	free(t->files);
	memset(t, 0, sizeof *t);
}

/* PATH kept once in T. */
static const char *intern(struct dwline *t, const char *path)
{
	for (size_t i = t->nfiles; i-- > 0;)
		if (strcmp(t->files[i], path) == 0)
			return t->files[i];
	t->files = xrealloc(t->files, (t->nfiles + 1) * sizeof *t->files);
	return t->files[t->nfiles++] = xstrdup(path);
}

/* libbfd's answer at ADDR, with the innermost function's name in *FN
 * (libbfd's string, NULL when the debug information names none). */
static int ask(struct dwline *t, uint64_t addr, const char **file, int *line,
	       const char **fn)
{
	asection *text = t->text;
	const char *f = NULL;
	unsigned int l = 0;

	*fn = NULL;
	if (!text)
		return 0;
	/* relative to .text even outside it: the unsigned offset wraps back
	 * to the same address in libbfd */
	if (!bfd_find_nearest_line((bfd *)t->abfd, text, NULL,
				   (bfd_vma)(addr - text->vma), &f, fn, &l) ||
	    !f || l == 0 || l > INT_MAX) /* a damaged table's line */
		return 0;
	*file = intern(t, f);
	*line = (int)l;
	return 1;
}

int dwline_at(struct dwline *t, uint64_t addr, const char **file, int *line)
{
	const char *fn;
	return ask(t, addr, file, line, &fn);
}

/* What T knows of the function FN of ST, found or computed. */
static struct dwline_fn *fn_of(struct dwline *t, const struct symtab *st,
			       const struct sym *fn)
{
	for (size_t i = 0; i < t->nfns; i++)
		if (t->fns[i].addr == fn->addr)
			return &t->fns[i];
	struct dwline_fn *c = &t->fns[t->nextfn];
	t->nextfn = (t->nextfn + 1) % DWLINE_FNS;
	if (t->nfns < DWLINE_FNS)
		t->nfns++;
	memset(c, 0, sizeof *c);
	c->addr = fn->addr;
	const char *file, *name;
	int line;
	if (ask(t, fn->addr, &file, &line, &name))
		c->entry = file;
	c->sym = symtab_bfd_symbol_at(st, fn->addr, &c->table);
	return c;
}

/* D: the definition's file of the DWARF function NAME (libbfd's string)
 * at ADDR in C's function, or NULL when libbfd knows none there. */
static const char *def_of(struct dwline *t, struct dwline_fn *c, const char *name,
			  uint64_t addr)
{
	for (size_t i = 0; i < c->nnames; i++)
		if (c->name[i] == name)
			return c->def[i];
	const asymbol *s = c->sym;
	const char *d = NULL;
	unsigned int l = 0;
	if (s && !t->probe)
		t->probe = bfd_make_empty_symbol((bfd *)t->abfd);
	/* libbfd finds the function by the symbol's name, section and
	 * address; the DWARF name, which a function of internal linkage
	 * has instead of a linkage name (and inlined code has alone), in
	 * F's section at ADDR */
	asymbol *p = t->probe;
	if (s && p) {
		p->name = name;
		p->section = s->section;
		p->value = s->value + (addr - c->addr);
		p->flags = BSF_FUNCTION | BSF_LOCAL;
		if (!bfd_find_line((bfd *)t->abfd, (asymbol **)c->table, p, &d, &l))
			d = NULL;
	}
	const char *def = d ? intern(t, d) : NULL;
	if (c->nnames < DWLINE_NAMES) {
		c->name[c->nnames] = name;
		c->def[c->nnames++] = def;
	}
	return def;
}

int dwline_fn_at(struct dwline *t, const struct symtab *st, const struct sym *fn,
		 uint64_t addr, const char **file, int *line)
{
	const char *name, *cf, *cfn;
	unsigned int cl;

	if (!ask(t, addr, file, line, &name))
		return 0;
	/* no function: libbfd's answer */
	if (!name)
		return 1;
	/* the inliner information is of the lookup just made */
	int inlined = bfd_find_inliner_info((bfd *)t->abfd, &cf, &cfn, &cl);
	struct dwline_fn *c = fn_of(t, st, fn);
	/* code named as F's entry is, which is not where the innermost
	 * function (F, or a function inlined into it) is defined: the file
	 * libbfd gives a sequence that never sets one.  Inlined code whose
	 * function libbfd cannot find by name (a lambda) keeps its answer. */
	if (*file == c->entry) {
		const char *d = def_of(t, c, name, inlined ? addr : c->addr);
		if (d)
			*file = d;
	}
	return 1;
}
