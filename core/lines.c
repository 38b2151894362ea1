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
#include "hist.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <bfd.h>

static const char *const excluded_names[] = {
	"_gprof_mcount", "mcount", "_mcount", "__mcount",
	"__mcount_internal", "__mcleanup", NULL
};

static int is_excluded_name(const char *name)
{
	for (int i = 0; excluded_names[i]; i++)
		if (strcmp(name, excluded_names[i]) == 0)
			return 1;
	return 0;
}

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
	if (!sl->syms)
		return NULL;
	if (!bfd_find_nearest_line(abfd, sl->text, sl->syms,
				   (bfd_vma)(addr - sl->text->vma), &f, &fn, &l))
		return NULL;
	return fn;
}

struct lsym {
	struct sym s;
	size_t order; /* line symbols first, then functions: GNU's array */
};

static int cmp_lsym(const void *a, const void *b)
{
	const struct lsym *x = a, *y = b;

	if (x->s.addr != y->s.addr)
		return x->s.addr < y->s.addr ? -1 : 1;
	if (x->s.is_static != y->s.is_static)
		return x->s.is_static ? 1 : -1;
	if (x->s.is_func != y->s.is_func)
		return x->s.is_func ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* Whether SRC replaces KEPT at the same address (GNU's preferences). */
static int prefer(const struct sym *src, const struct sym *kept)
{
	const char *s = src->name, *k = kept->name;

	if (!src->is_static && kept->is_static)
		return 1;
	if (src->is_static != kept->is_static)
		return 0;
	if (src->is_func && !kept->is_func)
		return 1;
	if (src->is_func != kept->is_func)
		return 0;
	if (s[0] != '_' && k[0] == '_')
		return 1;
	return s[0] && s[1] != '_' && k[0] && k[1] == '_';
}

void lines_symtab(struct lines_table *lt, struct symtab *ft, int style)
{
	struct symtab *st = &lt->st;
	struct lsym *v = NULL;
	size_t n = 0, cap = 0;
	struct slow sl;
	const char *pname = NULL, *pfile = NULL, *dn_of = NULL;
	char *dn_last = NULL;
	int pline = -1;
	const struct sym *prev = NULL;
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

		if (!symtab_line_at(ft, pc, &file, &line, &fn))
			continue;
		if (!fn[0] && sl.text) {
			fn = slow_func_name(&sl, abfd, pc);
			if (!fn)
				continue;
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
		if (prev && prev->file == file && strcmp(prev->name, fn) == 0) {
			x->s.is_static = prev->is_static;
		} else {
			const struct sym *f = symtab_find(ft, pc);
			x->s.is_static = f ? f->is_static : 0;
		}
		prev = &x->s;
		n++;
	}
	free(sl.syms);

	/* Names of line symbols, demangled once per run of one function
	 * (consecutive line symbols share the bfd's name string). */
	lt->owned = xcalloc(n ? n : 1, sizeof *lt->owned);
	for (size_t i = 0; i < n; i++) {
		struct sym *s = &v[i].s;
		s->dname = s->name;
		s->is_excluded = is_excluded_name(s->name);
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

	util_grow((void **)&v, &cap, n + ft->n + 1, sizeof *v);
	/* A function symbol that ends before it starts (the last one of the
	 * function table when it lies past .text: data_start, etext) is left
	 * out, as GNU leaves it out.  The others keep their end for now. */
	for (size_t i = 0; i < ft->n; i++) {
		if (ft->syms[i].end_addr < ft->syms[i].addr)
			continue;
		struct lsym *x = &v[n];
		x->s = ft->syms[i];
		x->order = n++;
	}
	qsort(v, n, sizeof *v, cmp_lsym);

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

const struct sym *lines_callee(const struct symtab *st, uint64_t pc)
{
	const struct sym *s = symtab_find(st, pc);

	if (!s)
		return NULL;
	while (s >= st->syms && !s->is_func)
		s--;
	return s >= st->syms ? s : NULL;
}
