/* SPDX-License-Identifier: GPL-3.0-or-later */
/* symspec: see symspec.h.  The rules were found by running GNU gprof 2.40
 * with -p/-k specs on test programs (tests/unit/test_symspec.c). */
#include "config.h"
#include "sort.h"
#include "symspec.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* atoi() of a text that need not be NUL-terminated: leading digits only
 * (the caller has checked the first character is a digit). */
static int leading_number(const char *s, size_t len)
{
	long v = 0;
	size_t i;

	for (i = 0; i < len && s[i] >= '0' && s[i] <= '9'; i++) {
		v = v * 10 + (s[i] - '0');
		if (v > 2147483647L)
			v = 2147483647L;
	}
	return (int)v;
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Parse S[0..LEN) (no '/' splitting here). */
static void parse_part(struct symspec *sp, const char *s, size_t len)
{
	const char *colon = NULL;
	size_t i;

	memset(sp, 0, sizeof *sp);
	for (i = len; i-- > 0;)
		if (s[i] == ':') {
			colon = s + i;
			break;
		}
	if (colon) {
		const char *rest = colon + 1;
		size_t rlen = len - (size_t)(rest - s);

		if (colon > s) {
			sp->file = s;
			sp->file_len = (size_t)(colon - s);
		}
		if (rlen == 0)
			return;
		if (is_digit(rest[0])) {
			sp->line = leading_number(rest, rlen);
		} else {
			sp->name = rest;
			sp->name_len = rlen;
		}
		return;
	}
	if (len == 0)
		return;
	if (memchr(s, '.', len)) {
		sp->file = s;
		sp->file_len = len;
	} else if (is_digit(s[0])) {
		sp->line = leading_number(s, len);
	} else {
		sp->name = s;
		sp->name_len = len;
	}
}

static size_t until_slash(const char *text)
{
	const char *slash = strchr(text, '/');

	return slash ? (size_t)(slash - text) : strlen(text);
}

void symspec_parse(struct symspec *sp, const char *text)
{
	parse_part(sp, text, until_slash(text));
}

void symspec_resolve(struct symspec *sp, const struct symtab *st)
{
	char buf[512], *name = buf;

	if (!st)
		return;
	if (sp->file || sp->line)
		symtab_load_lines(st);
	if (!sp->file)
		return;
	if (sp->file_len >= sizeof buf)
		name = xmalloc(sp->file_len + 1);
	memcpy(name, sp->file, sp->file_len);
	name[sp->file_len] = '\0';
	sp->file_id = symtab_file_lookup(st, name);
	sp->resolved = 1;
	if (name != buf)
		free(name);
}

void symspec_parse_in(struct symspec *sp, const char *text, const struct symtab *st)
{
	symspec_parse(sp, text);
	symspec_resolve(sp, st);
}

static int same_base(const char *path, const char *want, size_t len)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;

	return strlen(base) == len && memcmp(base, want, len) == 0;
}

int symspec_match(const struct symspec *sp, const struct sym *sym)
{
	if (sp->file) {
		if (sp->resolved) {
			if (!sp->file_id || sym->file != sp->file_id)
				return 0;
		} else if (!sym->file || !same_base(sym->file, sp->file, sp->file_len)) {
			return 0;
		}
	}
	if (sp->line && sp->line != sym->line)
		return 0;
	if (sp->name)
		return strlen(sym->name) == sp->name_len &&
		       memcmp(sym->name, sp->name, sp->name_len) == 0;
	return 1;
}

int symspec_parse_arc_in(const char *text, struct symspec *from, struct symspec *to,
			 const struct symtab *st)
{
	const char *slash = strchr(text, '/');

	if (!slash) {
		memset(from, 0, sizeof *from);
		memset(to, 0, sizeof *to);
		return -1;
	}
	parse_part(from, text, (size_t)(slash - text));
	/* the right-hand side keeps any further '/' */
	parse_part(to, slash + 1, strlen(slash + 1));
	symspec_resolve(from, st);
	symspec_resolve(to, st);
	return 0;
}

int symspec_parse_arc(const char *text, struct symspec *from, struct symspec *to)
{
	return symspec_parse_arc_in(text, from, to, NULL);
}

void symspec_table_init(struct symspec_table *t)
{
	memset(t, 0, sizeof *t);
}

size_t symspec_runs(const struct symspec *sp, const struct symtab *st,
		    struct symspec_range **out)
{
	struct symspec_range *r = NULL;
	size_t n = 0, cap = 0;
	int in_run = 0;

	for (size_t i = 0; i < st->n; i++) {
		if (!symspec_match(sp, &st->syms[i])) {
			in_run = 0;
			continue;
		}
		if (!in_run) {
			util_grow((void **)&r, &cap, n + 1, sizeof *r);
			r[n++].lo = st->syms[i].addr;
			in_run = 1;
		}
		r[n - 1].hi = st->syms[i].end_addr;
	}
	*out = r;
	return n;
}

void symspec_table_add(struct symspec_table *t, const struct symtab *st,
		       const struct symspec *sp)
{
	struct symspec_range *r;
	size_t n = symspec_runs(sp, st, &r);

	util_grow((void **)&t->r, &t->cap, t->n + n + 1, sizeof *t->r);
	if (n)
		memcpy(&t->r[t->n], r, n * sizeof *r);
	t->n += n;
	free(r);
	t->finished = 0;
}

struct tagged_range {
	struct symspec_range r;
	size_t pos;
};

static int cmp_tagged(const void *a, const void *b)
{
	const struct tagged_range *x = a, *y = b;

	if (x->r.lo != y->r.lo)
		return x->r.lo < y->r.lo ? -1 : 1;
	/* equal starts keep the order they were added in */
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

void symspec_table_finish(struct symspec_table *t)
{
	size_t i, k = 0;

	/* qsort is not stable: sort (lo, position) by tagging positions */
	for (i = 0; i < t->n; i++)
		if (i > 0 && t->r[i].lo < t->r[i - 1].lo)
			break;
	if (i < t->n) {
		struct tagged_range *tmp;

		tmp = xmalloc(t->n * sizeof *tmp);
		for (i = 0; i < t->n; i++) {
			tmp[i].r = t->r[i];
			tmp[i].pos = i;
		}
		util_qsort(tmp, t->n, sizeof *tmp, cmp_tagged);
		for (i = 0; i < t->n; i++)
			t->r[i] = tmp[i].r;
		free(tmp);
	}
	for (i = 0; i < t->n; i++) {
		if (k > 0 && t->r[i].lo == t->r[k - 1].lo)
			continue;
		t->r[k++] = t->r[i];
	}
	t->n = k;
	t->finished = 1;
}

int symspec_table_has(struct symspec_table *t, uint64_t addr)
{
	size_t lo = 0, hi;

	if (!t->finished)
		symspec_table_finish(t);
	hi = t->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->r[mid].lo <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > 0 && addr <= t->r[lo - 1].hi;
}

void symspec_table_free(struct symspec_table *t)
{
	free(t->r);
	memset(t, 0, sizeof *t);
}
