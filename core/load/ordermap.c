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

void ordering_map_load(struct ordering_map *m, const struct symtab *ft, const char *path)
{
	struct symtab *st = &m->st;
	size_t k = 0;

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
	st->syms = xcalloc(ft->n + 1, sizeof *st->syms);
	for (size_t i = 0; i < ft->n; i++) {
		const struct ordering_entry *e = find(m, ft->syms[i].name);
		if (e && !e->is_first)
			continue;
		st->syms[k] = ft->syms[i];
		if (e)
			st->syms[k].name = st->syms[k].dname = e->file;
		/* a dropped symbol's bytes belong to the one before it */
		if (k > 0)
			st->syms[k - 1].end_addr = st->syms[k].addr - 1;
		k++;
	}
	if (k > 0)
		st->syms[k - 1].end_addr = ft->syms[ft->n - 1].end_addr;
	st->n = k;
}

void ordering_map_free(struct ordering_map *m)
{
	free(m->st.syms);
	free(m->e);
	free(m->text);
	memset(m, 0, sizeof *m);
}
