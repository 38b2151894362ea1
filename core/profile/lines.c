/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lines: see lines.h.
 *
 * Found by experiment against GNU gprof 2.40: every byte offset of .text
 * is looked up (x86 instructions may start anywhere); a lookup that fails
 * is skipped without ending the current run; a new symbol starts when the
 * line, the function name or the file differs from the last successful
 * lookup.  A line symbol is static when its function is: the previous
 * line symbol's flag when it has the same file and function name, else
 * that of the function symbol covering its address. */
#include "config.h"
#include "lines.h"
#include "demangle.h"
#include "gmon.h"
#include "sort.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <bfd.h>

/* Symbols of the bfd, read only when the debug information names no
 * function for an address (assembly with -g): libbfd then names the
 * nearest symbol, as it does for GNU, which always passes them. */
struct slow {
	asymbol **syms;
	asection *text;
	int tried;
};

static const char *slow_func_name(struct slow *sl, bfd *abfd, uint64_t addr)
{
	const char *f = NULL, *fn = NULL;
	unsigned int l = 0;

	if (!sl->tried) {
		long bytes = bfd_get_symtab_upper_bound(abfd);
		sl->tried = 1;
		if (bytes > 0) {
			sl->syms = xmalloc((size_t)bytes + sizeof(asymbol *));
			if (bfd_canonicalize_symtab(abfd, sl->syms) < 0) {
				free(sl->syms);
				sl->syms = NULL;
			}
		}
	}
	if (!sl->syms || addr == 0)
		return NULL;
	if (!bfd_find_nearest_line(abfd, sl->text, sl->syms,
				   (bfd_vma)(addr - sl->text->vma), &f, &fn, &l))
		return NULL;
	return fn;
}

/* The name GNU gives the debug-information function FN first met at PC.
 * libbfd, asked with the symbol table (as GNU asks), renames a function
 * whose debug name is not a linkage name after the symbol that starts
 * exactly where the function does, at the first lookup that meets it,
 * and keeps that name afterwards: C++ static functions become their
 * mangled names (_ZL5churni).  Our lookups go without symbols, so the
 * renaming is done here, once per function. */
struct rename {
	const char **key, **val;
	size_t cap, n;
};

/* Function-like symbols of .text by address; at one address the first in
 * symbol-table order (libbfd's choice).  Built on first use. */
struct textsyms {
	uint64_t *addr;
	const char **name;
	size_t n;
	int built;
};

static int cmp_u64(const void *l, const void *r)
{
	const uint64_t *a = l, *b = r;
	return *a < *b ? -1 : *a > *b;
}

static void textsyms_build(struct textsyms *t, struct slow *sl, bfd *abfd)
{
	t->built = 1;
	slow_func_name(sl, abfd, 0); /* loads sl->syms */
	if (!sl->syms || !sl->text)
		return;
	size_t cnt = 0;
	for (asymbol **p = sl->syms; *p; p++)
		cnt++;
	/* (address << 24 | table index) sorted keeps table order per address
	 * for tables under 16M symbols; larger ones fall back to the first. */
	uint64_t *key = xmalloc((cnt + 1) * sizeof *key);
	size_t k = 0;
	for (size_t i = 0; i < cnt; i++) {
		asymbol *a = sl->syms[i];
		if (a->section != sl->text ||
		    (a->flags & (BSF_OBJECT | BSF_SECTION_SYM | BSF_FILE |
				 BSF_THREAD_LOCAL | BSF_DEBUGGING)) ||
		    !a->name[0])
			continue;
		if (a->value >= ((uint64_t)1 << 40) || i >= ((size_t)1 << 24))
			continue;
		key[k++] = (uint64_t)a->value << 24 | i;
	}
	util_qsort(key, k, sizeof *key, cmp_u64);
	t->addr = xmalloc((k + 1) * sizeof *t->addr);
	t->name = xmalloc((k + 1) * sizeof *t->name);
	for (size_t i = 0; i < k; i++) {
		uint64_t a = (key[i] >> 24) + sl->text->vma;
		const char *nm = sl->syms[key[i] & 0xffffff]->name;
		if (t->n && t->addr[t->n - 1] == a)
			continue; /* the first in the table wins */
		else {
			t->addr[t->n] = a;
			t->name[t->n++] = nm;
		}
	}
	free(key);
}

static const char *textsym_at(const struct textsyms *t, uint64_t pc)
{
	size_t lo = 0, hi = t->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->addr[mid] < pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < t->n && t->addr[lo] == pc ? t->name[lo] : NULL;
}

/* Bucket of a name pointer: names lie close together in libbfd's
 * memory, so mix all the bits (Fibonacci hashing). */
static size_t ptr_hash(const char *p, size_t cap)
{
	uint64_t k = (uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15ull;
	return (size_t)(k >> 32) & (cap - 1);
}

static const char *renamed(struct rename *r, const struct textsyms *ts, const char *fn,
			   uint64_t pc)
{
	size_t h;

	if (r->n * 2 >= r->cap) {
		struct rename old = *r;
		r->cap = r->cap ? r->cap * 2 : 1024;
		r->key = xcalloc(r->cap, sizeof *r->key);
		r->val = xcalloc(r->cap, sizeof *r->val);
		r->n = 0;
		for (size_t i = 0; i < old.cap; i++) {
			if (!old.key[i])
				continue;
			h = ptr_hash(old.key[i], r->cap);
			while (r->key[h])
				h = (h + 1) & (r->cap - 1);
			r->key[h] = old.key[i];
			r->val[h] = old.val[i];
			r->n++;
		}
		free(old.key);
		free(old.val);
	}
	h = ptr_hash(fn, r->cap);
	while (r->key[h] && r->key[h] != fn)
		h = (h + 1) & (r->cap - 1);
	if (r->key[h])
		return r->val[h];
	/* A mangled name came from the debug information's linkage name, and
	 * libbfd takes C names as linkage names: it renames only C++-like
	 * functions known by their plain name, to a mangled symbol. */
	const char *s = strncmp(fn, "_Z", 2) == 0 ? NULL : textsym_at(ts, pc);
	if (s && strncmp(s, "_Z", 2) != 0)
		s = NULL;
	r->key[h] = fn;
	r->val[h] = s ? s : fn;
	r->n++;
	return r->val[h];
}

struct lsym {
	struct sym s;
	size_t order; /* line symbols first, then functions: GNU's array */
};

static int cmp_lsym(const void *a, const void *b)
{
	const struct lsym *x = a, *y = b;
	int d = symtab_order(x->s.addr, x->s.is_static, x->s.is_func, y->s.addr,
			     y->s.is_static, y->s.is_func);

	return d ? d : x->order < y->order ? -1 : x->order > y->order;
}

/* Whether SRC replaces KEPT at the same address (GNU's preferences). */
static int prefer(const struct sym *src, const struct sym *kept)
{
	return symtab_prefer(src->is_static, src->is_func, src->name, kept->is_static,
			     kept->is_func, kept->name);
}

void lines_symtab(struct lines_table *lt, struct symtab *ft, const struct symtab *funcs,
		  int style)
{
	struct symtab *st = &lt->st;
	struct lsym *v = NULL;
	size_t n = 0, cap = 0;
	struct slow sl;
	struct rename ren = { NULL, NULL, 0, 0 };
	const char *last_raw_file = NULL, *last_file = NULL;
	struct textsyms ts = { NULL, NULL, 0, 0 };
	const char *pname = NULL, *pfile = NULL, *dn_of = NULL;
	char *dn_last = NULL;
	int pline = -1;
	size_t prev = SIZE_MAX; /* index in v: v moves as it grows */
	bfd *abfd = ft->bfd;

	memset(lt, 0, sizeof *lt);
	memset(&sl, 0, sizeof sl);
	st->abi = ft->abi;
	st->path = ft->path;
	st->text_start = ft->text_start;
	st->text_end = ft->text_end;
	symtab_load_lines(ft);
	sl.text = abfd ? bfd_get_section_by_name(abfd, ".text") : NULL;

	for (uint64_t pc = ft->text_start; pc < ft->text_end; pc++) {
		const char *file, *fn;
		int line;

		/* symtab_line_at() with its interning skipped while the
		 * file name libbfd returns stays the same string */
		const char *rf = NULL, *rfn = NULL;
		unsigned int rl = 0;
		if (!sl.text ||
		    !bfd_find_nearest_line(abfd, sl.text, NULL,
					   (bfd_vma)(pc - sl.text->vma), &rf, &rfn,
					   &rl) ||
		    !rf || !rl)
			continue;
		if (rfn && rf == last_raw_file) {
			file = last_file;
			fn = rfn;
			line = (int)rl;
		} else {
			if (!symtab_line_at(ft, pc, &file, &line, &fn))
				continue;
			if (rfn) {
				last_raw_file = rf;
				last_file = file;
			}
		}
		if (!fn[0] && sl.text) {
			fn = slow_func_name(&sl, abfd, pc);
			if (!fn)
				continue;
		} else {
			if (!ts.built)
				textsyms_build(&ts, &sl, abfd);
			fn = renamed(&ren, &ts, fn, pc);
		}
		if (line == pline && pname && strcmp(pname, fn) == 0 && pfile == file)
			continue;
		pline = line;
		pname = fn;
		pfile = file;
		util_grow((void **)&v, &cap, n + 1, sizeof *v);
		struct lsym *x = &v[n];
		memset(x, 0, sizeof *x);
		x->order = n;
		x->s.addr = pc;
		x->s.name = fn;
		x->s.file = file;
		x->s.line = line;
		if (prev != SIZE_MAX && v[prev].s.file == file &&
		    strcmp(v[prev].s.name, fn) == 0) {
			x->s.is_static = v[prev].s.is_static;
		} else {
			const struct sym *f = symtab_find(funcs ? funcs : ft, pc);
			x->s.is_static = f ? f->is_static : 0;
		}
		prev = n;
		n++;
	}
	free(sl.syms);
	free(ren.key);
	free(ren.val);
	free(ts.addr);
	free(ts.name);

	/* Names of line symbols, demangled once per run of one function
	 * (consecutive line symbols share the bfd's name string). */
	lt->owned = xcalloc(n ? n : 1, sizeof *lt->owned);
	for (size_t i = 0; i < n; i++) {
		struct sym *s = &v[i].s;
		s->dname = s->name;
		s->is_excluded = symtab_excluded_name(s->name);
		if (style == -1)
			continue;
		if (s->name != dn_of) {
			dn_of = s->name;
			dn_last = demangle_name(s->name, style);
			if (dn_last)
				lt->owned[lt->nowned++] = dn_last;
		}
		if (dn_last)
			s->dname = dn_last;
	}

	/* A function symbol that ends before it starts (the last one of the
	 * function table when it lies past .text: data_start, etext) is left
	 * out, as GNU leaves it out.  The others keep their end for now. */
	const struct symtab *fs = funcs ? funcs : ft;
	util_grow((void **)&v, &cap, n + fs->n + 1, sizeof *v);
	for (size_t i = 0; i < fs->n; i++) {
		if (fs->syms[i].end_addr < fs->syms[i].addr)
			continue;
		struct lsym *x = &v[n];
		x->s = fs->syms[i];
		x->order = n++;
	}
	util_qsort(v, n, sizeof *v, cmp_lsym);

	struct sym *out = xcalloc(n ? n : 1, sizeof *out);
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (k > 0 && v[i].s.addr == out[k - 1].addr) {
			if (prefer(&v[i].s, &out[k - 1]))
				out[k - 1] = v[i].s;
			continue;
		}
		out[k++] = v[i].s;
	}
	for (size_t i = 0; i + 1 < k; i++)
		out[i].end_addr = out[i + 1].addr - 1;
	/* The last keeps a function's own end; a line symbol ends with .text. */
	if (k > 0 && out[k - 1].end_addr == 0)
		out[k - 1].end_addr = st->text_end - 1;
	free(v);
	st->syms = out;
	st->n = k;
	st->files = ft->files;
	st->nfiles = ft->nfiles;
}

void lines_symtab_free(struct lines_table *lt)
{
	for (size_t i = 0; i < lt->nowned; i++)
		free(lt->owned[i]);
	free(lt->owned);
	free(lt->st.syms);
	memset(lt, 0, sizeof *lt);
}

/* A run of bytes [lo, hi) with one source line. */
struct run {
	uint64_t lo, hi;
	const char *file;
	int line;
};

/* Ticks of histogram H falling in [lo, hi), by GNU's overlap rule (2-byte
 * units, truncated bin bounds). */
static double hist_overlap(const struct gmon_hist *h, uint64_t lo, uint64_t hi)
{
	double scale, t = 0;
	uint64_t base = h->lowpc / 2, l2 = lo / 2, h2 = hi / 2;

	if (h->nbins == 0 || hi <= lo)
		return 0;
	scale = (double)((h->highpc - h->lowpc) / 2) / h->nbins;
	if (scale <= 0)
		return 0;
	/* only the bins that can overlap */
	double first = l2 > base ? (double)(l2 - base) / scale - 1 : 0;
	uint32_t i = first > 0 ? (uint32_t)first : 0;
	for (; i < h->nbins; i++) {
		uint64_t blo = base + (uint64_t)(scale * i);
		uint64_t bhi = base + (uint64_t)(scale * (i + 1));
		if (blo >= h2)
			break;
		if (!h->bins[i] || bhi <= l2)
			continue;
		uint64_t a = blo > l2 ? blo : l2, b = bhi < h2 ? bhi : h2;
		if (b > a)
			t += (double)(b - a) * (double)h->bins[i] / scale;
	}
	return t;
}

double lines_ticks(const struct gmon_profile *prof, uint64_t lo, uint64_t hi)
{
	double t = 0;

	for (size_t h = 0; h < prof->nhists; h++)
		t += hist_overlap(&prof->hists[h], lo, hi);
	return t;
}

static int run_of(const struct run *r, size_t n, uint64_t pc)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (r[mid].lo <= pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0 || pc >= r[lo - 1].hi)
		return -1;
	return (int)(lo - 1);
}

static int cmp_row(const void *l, const void *r)
{
	const struct lines_row *a = l, *b = r;

	if (a->file != b->file)
		return strcmp(a->file, b->file);
	return a->line - b->line;
}

struct lines_row *lines_for_function(struct symtab *st, const struct gmon_profile *prof,
				     const struct sym *fn, size_t *np)
{
	struct run *runs = NULL;
	size_t nruns = 0, cap = 0;
	uint64_t end = fn->end_addr + 1;

	*np = 0;
	if (end > st->text_end)
		end = st->text_end;
	for (uint64_t pc = fn->addr; pc < end; pc++) {
		const char *file;
		int line;
		if (!symtab_line_at(st, pc, &file, &line, NULL))
			continue;
		if (nruns && runs[nruns - 1].file == file &&
		    runs[nruns - 1].line == line) {
			runs[nruns - 1].hi = pc + 1;
			continue;
		}
		if (nruns)
			runs[nruns - 1].hi = pc;
		util_grow((void **)&runs, &cap, nruns + 1, sizeof *runs);
		runs[nruns].lo = pc;
		runs[nruns].hi = pc + 1;
		runs[nruns].file = file;
		runs[nruns].line = line;
		nruns++;
	}
	if (nruns == 0) {
		free(runs);
		return NULL;
	}
	runs[nruns - 1].hi = end;

	/* one row per distinct (file, line) */
	struct lines_row *rows = xcalloc(nruns, sizeof *rows);
	int *row_of = xmalloc(nruns * sizeof *row_of);
	size_t nrows = 0;
	for (size_t i = 0; i < nruns; i++) {
		size_t k;
		for (k = 0; k < nrows; k++)
			if (rows[k].file == runs[i].file && rows[k].line == runs[i].line)
				break;
		if (k == nrows) {
			rows[k].file = runs[i].file;
			rows[k].line = runs[i].line;
			nrows++;
		}
		row_of[i] = (int)k;
		for (size_t h = 0; h < prof->nhists; h++)
			rows[k].samples +=
				hist_overlap(&prof->hists[h], runs[i].lo, runs[i].hi);
	}
	for (size_t i = 0; i < prof->narcs; i++) {
		const struct gmon_arc *a = &prof->arcs[i];
		if (a->from_pc < fn->addr || a->from_pc >= end)
			continue;
		int r = run_of(runs, nruns, a->from_pc);
		if (r >= 0)
			rows[row_of[r]].calls_out += a->count;
	}
	for (size_t i = 0; i < prof->nbbs; i++) {
		const struct gmon_bb *b = &prof->bbs[i];
		if (b->addr < fn->addr || b->addr >= end)
			continue;
		int r = run_of(runs, nruns, b->addr);
		if (r >= 0)
			rows[row_of[r]].bb_count += b->count;
	}
	free(row_of);
	free(runs);
	util_qsort(rows, nrows, sizeof *rows, cmp_row);
	*np = nrows;
	return rows;
}
