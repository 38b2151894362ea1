/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ordermap: the -R map file; see ordermap.h. */
#include "config.h"
#include "ordermap.h"
#include "sort.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Renamed symbols point into the map's own text. */
int ordering_map_mapped(const struct ordering_map *m, const struct sym *sym)
{
	return sym->name >= m->text && sym->name < m->text + m->text_len;
}

static char *slurp(const char *path)
{
	const char *why;
	size_t len;
	char *buf = util_read_file(path, &len, &why);

	if (!buf)
		util_die("%s: %s", path, why);
	if (memchr(buf, 0, len))
		util_die("%s: not a text file", path);
	return buf;
}

/* Entries by function name; equal names keep file order (GNU's sort is
 * stable there). */
static int cmp_entry(const void *l, const void *r)
{
	const struct ordering_entry *a = l, *b = r;
	int c = strcmp(a->func, b->func);

	if (c)
		return c;
	return a->line < b->line ? -1 : a->line > b->line;
}

/* Binary search as glibc's bsearch probes, so that among equal names the
 * same entry is found as by GNU. */
static const struct ordering_entry *find(const struct ordering_map *m, const char *name)
{
	size_t lo = 0, hi = m->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(name, m->e[mid].func);
		if (c < 0)
			hi = mid;
		else if (c > 0)
			lo = mid + 1;
		else
			return &m->e[mid];
	}
	return NULL;
}

static void parse(struct ordering_map *m, const char *path)
{
	size_t cap = 0, lineno = 0;
	char *p = m->text, *prev_file = NULL;

	while (*p) {
		char *nl = strchr(p, '\n');
		char *line = p;

		lineno++;
		if (nl)
			*nl = 0;
		p = nl ? nl + 1 : p + strlen(p);
		if (line[0] == 0 || strncmp(line, "No symbols in ", 14) == 0)
			continue;
		char *colon = strchr(line, ':');
		if (!colon)
			util_die("%s:%zu: no ':' after an object file name", path,
				 lineno);
		if (colon == line)
			util_die("%s:%zu: no object file name before ':'", path, lineno);
		*colon = 0;
		char *sp = strrchr(colon + 1, ' ');
		if (!sp || !sp[1])
			util_die("%s:%zu: no function name (expected `FILE:ADDR TYPE "
				 "NAME')",
				 path, lineno);
		util_grow((void **)&m->e, &cap, m->n + 1, sizeof *m->e);
		struct ordering_entry *e = &m->e[m->n++];
		e->file = line;
		e->func = sp + 1;
		e->line = lineno;
		e->is_first = !prev_file || strcmp(prev_file, line) != 0;
		prev_file = line;
	}
	util_qsort(m->e, m->n, sizeof *m->e, cmp_entry);
}

/* A symbol of the derived table before merging: a candidate of the
 * program's table, its name the file's when the map names it first. */
struct dcand {
	struct symtab_cand c;
	const char *raw; /* the candidate's own name */
};

static int cmp_dcand(const void *l, const void *r)
{
	return symtab_cand_cmp(&((const struct dcand *)l)->c,
			       &((const struct dcand *)r)->c);
}

/* Fill S (a copy of FT's symbol at the same address, for the file and
 * line there) with D's names. */
static void derived_sym(struct ordering_map *m, const struct symtab *ft, struct sym *s,
			const struct dcand *d)
{
	const struct sym *at = symtab_find(ft, d->c.addr);

	memset(s, 0, sizeof *s);
	if (at) {
		s->file = at->file;
		s->line = at->line;
	}
	s->addr = d->c.addr;
	s->is_static = d->c.is_static;
	s->is_func = d->c.is_func;
	s->is_excluded = symtab_excluded_name(d->raw);
	s->name = d->c.name;
	s->dname = d->c.name;
	if (d->c.name != d->raw)
		return;
	if (at && at->name == d->raw) {
		s->dname = at->dname;
	} else {
		char *dn = symtab_demangle(ft, d->raw);
		if (dn) {
			util_grow((void **)&m->owned, &m->owned_cap, m->nowned + 1,
				  sizeof *m->owned);
			m->owned[m->nowned++] = dn;
			s->dname = dn;
		}
	}
}

void ordering_map_load(struct ordering_map *m, const struct symtab *ft, const char *path)
{
	struct symtab *st = &m->st;
	const struct symtab_cand *c;
	size_t nc = symtab_candidates(ft, &c), nd = 0, k = 0;

	memset(m, 0, sizeof *m);
	m->text = slurp(path);
	m->text_len = strlen(m->text);
	parse(m, path);
	st->abi = ft->abi;
	st->path = ft->path;
	st->text_start = ft->text_start;
	st->text_end = ft->text_end;
	st->files = ft->files;
	st->nfiles = ft->nfiles;

	/* As GNU: every symbol the map names is dropped unless it is the
	 * first listed for its file, which takes the file's name; then the
	 * symbols sharing an address are merged as usual.  So of a C++
	 * constructor's aliases at one address, the one the map lists first
	 * stands for the file whichever the program's table would keep. */
	struct dcand *d = xmalloc((nc + 1) * sizeof *d);
	for (size_t i = 0; i < nc; i++) {
		const struct ordering_entry *e = find(m, c[i].name);
		if (e && !e->is_first)
			continue;
		d[nd].c = c[i];
		d[nd].raw = c[i].name;
		if (e)
			d[nd].c.name = e->file;
		nd++;
	}
	util_qsort(d, nd, sizeof *d, cmp_dcand);
	for (size_t i = 0; i < nd; i++) {
		if (k > 0 && d[i].c.addr == d[k - 1].c.addr) {
			if (symtab_cand_prefer(&d[i].c, &d[k - 1].c))
				d[k - 1] = d[i];
			continue;
		}
		d[k++] = d[i];
	}
	st->syms = xcalloc(k + 1, sizeof *st->syms);
	for (size_t i = 0; i < k; i++) {
		derived_sym(m, ft, &st->syms[i], &d[i]);
		if (i > 0)
			st->syms[i - 1].end_addr = d[i].c.addr - 1;
	}
	if (k > 0)
		st->syms[k - 1].end_addr = ft->syms[ft->n - 1].end_addr;
	st->n = k;
	free(d);
}

void ordering_map_free(struct ordering_map *m)
{
	for (size_t i = 0; i < m->nowned; i++)
		free(m->owned[i]);
	free(m->owned);
	free(m->st.syms);
	free(m->e);
	free(m->text);
	memset(m, 0, sizeof *m);
}
