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
static const struct dwline_fn *fn_of(struct dwline *t, const struct symtab *st,
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
	void *syms[DWLINE_ALIASES], **table;
	c->naliases = symtab_bfd_symbols_at(st, fn->addr, syms, DWLINE_ALIASES, &table);
	for (size_t i = 0; i < c->naliases; i++) {
		asymbol *s = syms[i];
		const char *d = NULL;
		unsigned int l = 0;
		c->name[i] = bfd_asymbol_name(s);
		/* the definition's DW_AT_decl_file: libbfd finds the DWARF
		 * function by the symbol's name and address */
		if ((s->flags & BSF_FUNCTION) &&
		    bfd_find_line((bfd *)t->abfd, (asymbol **)table, s, &d, &l) && d)
			c->def[i] = intern(t, d);
	}
	return c;
}

int dwline_fn_at(struct dwline *t, const struct symtab *st, const struct sym *fn,
		 uint64_t addr, const char **file, int *line)
{
	const char *name;

	if (!ask(t, addr, file, line, &name))
		return 0;
	const struct dwline_fn *c = fn_of(t, st, fn);
	/* F's own code (libbfd names one of F's symbols innermost), named
	 * as F's entry is, which is not where F is defined: the file
	 * libbfd gives any sequence that never sets one */
	if (!name || *file != c->entry)
		return 1;
	for (size_t i = 0; i < c->naliases; i++)
		if (c->def[i] && strcmp(name, c->name[i]) == 0) {
			*file = c->def[i];
			break;
		}
	return 1;
}
