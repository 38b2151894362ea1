/* SPDX-License-Identifier: GPL-3.0-or-later */
/* symtab: see symtab.h.
 *
 * The rules below were found by running GNU gprof 2.40 on test programs
 * (tests/symtab/, tests/unit/test_symtab.c compares against it). */
#include "config.h"
#include "sort.h"
#include "symtab.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdarg.h>
#include <stdlib.h>
#include <unistd.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <bfd.h>

#include "demangle.h"
#include "util.h"

struct symtab_priv {
	asymbol **asyms; /* canonical symbols, then synthetic ones */
	long nasyms;
	asymbol *synth; /* libbfd's synthetic symbol block */
	asection *text;
	char **dnames;              /* demangled names we own, one per sym or NULL */
	struct file_node **buckets; /* interned source file names */
	size_t nbuckets;
	size_t files_cap;
	int have_debug; /* the file carries line information */
	/* For executables line lookups skip libbfd's symbol-table fallback
	 * (a scan of every symbol per lookup): see symtab_line_at(). */
	int fast_lines;
	int have_text_sym;     /* a possible function symbol lies in .text ... */
	uint64_t text_sym_min; /* ... the lowest such offset into .text */
	/* Every selected symbol in symbol-table order (before sorting and
	 * merging): its address and its index in syms[], or NOT_KEPT.  GNU
	 * looks up every one of them, which fixes the file order. */
	struct symtab_cand *cands; /* every candidate, table order */
	int style;                 /* demangling style, -1 for none */
	uint32_t *cand_kept;
	size_t ncand;
	int lines_done;     /* symtab_load_lines() has run */
	char **table_names; /* names read from an external table (-S) */
	size_t ntable_names;
};

#define NOT_KEPT UINT32_MAX

struct file_node {
	struct file_node *next;
	char *path;
	int listed; /* in st->files */
};

/* Excluded from time, graph and flat profile by default (GNU's list). */
static const char *const excluded_names[] = {
	"_gprof_mcount",     "mcount",     "_mcount", "__mcount",
	"__mcount_internal", "__mcleanup", NULL
};

/* libbfd reports what it finds odd in a file ("section extending past
 * end of file") on stderr by itself.  Our contract is one message per bad
 * file, from us, so its own messages are dropped: when the file is
 * unusable the caller says so. */
static void quiet_bfd(const char *fmt, va_list ap)
{
	(void)fmt;
	(void)ap;
}

static void ensure_bfd_init(void)
{
	static int done;

	if (!done) {
		bfd_init();
		bfd_set_error_handler(quiet_bfd);
		done = 1;
	}
}

static size_t hash_str(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

/* Intern PATH so that equal paths share one pointer; new paths are
 * appended to st->files (first-seen order, which symspecs depend on). */
static const char *intern_file(struct symtab *st, const char *path)
{
	struct symtab_priv *pv = st->priv;
	struct file_node *fn;
	size_t b;

	if (!pv->buckets) {
		pv->nbuckets = 1024;
		pv->buckets = xcalloc(pv->nbuckets, sizeof *pv->buckets);
	}
	b = hash_str(path) % pv->nbuckets;
	for (fn = pv->buckets[b]; fn; fn = fn->next)
		if (strcmp(fn->path, path) == 0)
			break;
	if (!fn) {
		fn = xmalloc(sizeof *fn);
		fn->path = xstrdup(path);
		fn->listed = 0;
		fn->next = pv->buckets[b];
		pv->buckets[b] = fn;
	}
	if (!fn->listed) {
		util_grow((void **)&st->files, &pv->files_cap, st->nfiles + 1,
			  sizeof *st->files);
		st->files[st->nfiles++] = fn->path;
		fn->listed = 1;
	}
	return fn->path;
}

int symtab_line_at(struct symtab *st, uint64_t addr, const char **file, int *line,
		   const char **func)
{
	struct symtab_priv *pv = st->priv;
	const char *f = NULL, *fn = NULL;
	unsigned int l = 0;
	bfd_vma off;

	if (!pv || !pv->have_debug)
		return 0;
	/* GNU asks relative to .text even for symbols in other sections;
	 * the unsigned offset wraps back to the same address in libbfd. */
	off = (bfd_vma)(addr - pv->text->vma);
	if (!pv->fast_lines) {
		if (!bfd_find_nearest_line((bfd *)st->bfd, pv->text, pv->asyms, off, &f,
					   &fn, &l))
			return 0;
	} else {
		/* Without symbols libbfd answers from the debug information
		 * alone.  When that names no function (assembly with -g),
		 * GNU's call would take the nearest function symbol of .text
		 * at or below the offset; only whether one exists matters. */
		if (!bfd_find_nearest_line((bfd *)st->bfd, pv->text, NULL, off, &f, &fn,
					   &l))
			return 0;
		if (!fn && f && l && pv->have_text_sym && pv->text_sym_min <= off)
			fn = "";
	}
	if (!f || !fn || l == 0)
		return 0;
	*file = intern_file(st, f);
	*line = (int)l;
	if (func)
		*func = fn;
	return 1;
}

void *symtab_bfd_symbol_at(const struct symtab *st, uint64_t addr, void ***table)
{
	struct symtab_priv *pv = st->priv;

	*table = pv ? (void **)pv->asyms : NULL;
	for (long j = 0; pv && j < pv->nasyms; j++) {
		asymbol *s = pv->asyms[j];
		if (!(s->flags & (BSF_SECTION_SYM | BSF_FILE)) && s->section &&
		    (bfd_section_flags(s->section) & SEC_CODE) &&
		    (uint64_t)(s->value + bfd_section_vma(s->section)) == addr)
			return s;
	}
	return NULL;
}

const char *symtab_file_lookup(const struct symtab *st, const char *name)
{
	size_t i;

	for (i = st->nfiles; i-- > 0;) {
		const char *slash = strrchr(st->files[i], '/');
		const char *base = slash ? slash + 1 : st->files[i];

		if (strcmp(base, name) == 0)
			return st->files[i];
	}
	return NULL;
}

/* The static-name filter.  Allowed: names whose dots introduce digit runs
 * (".N", ".N.M"), optionally after ".clone." or ".constprop.".  GNU's scan
 * steps over the terminating NUL after such a suffix and goes on into the
 * next string of the string table, which may then reject the name; LIMIT is
 * the end of the string table (reading stops there as at a NUL). */
static int static_name_ok(const char *name, const char *limit)
{
	const char *p = name;

	while (p < limit && *p) {
		if (*p == '$')
			return 0;
		while (*p == '.') {
			int digits = 0;
			size_t rest = strlen(p);

			if (rest > 7 && strncmp(p, ".clone.", 7) == 0)
				p += 6;
			if (rest > 11 && strncmp(p, ".constprop.", 11) == 0)
				p += 10;
			for (p++; *p; p++) {
				if (digits && *p == '.')
					break;
				if (*p >= '0' && *p <= '9')
					digits = 1;
				else
					return 0;
			}
		}
		p++;
	}
	return 1;
}

/* The class GNU gives a symbol: 'T' kept as global, 't' kept as static,
 * 0 dropped.  LO..HI bound the string table for static_name_ok(). */
static int classify(bfd *abfd, asymbol *s, const struct symtab_opts *o, const char *lo,
		    const char *hi)
{
	const char *limit;
	char lead;
	int c;

	if (!s->section || (s->flags & BSF_DEBUGGING))
		return 0;
	if (o->all_statics && (s->flags & BSF_LOCAL))
		return 0;
	c = bfd_decode_symclass(s);
	if (c == 'T' || c == 'W')
		return 'T';
	if (c != 't')
		return 0;
	if (!s->name || !s->name[0])
		return 0;
	if (s->name >= lo && s->name < hi)
		limit = hi;
	else
		limit = s->name + strlen(s->name) + 1;
	if (!o->any_suffix && !static_name_ok(s->name, limit))
		return 0;
	lead = bfd_get_symbol_leading_char(abfd);
	if ((lead && lead != s->name[0]) || strncmp(s->name, "__gnu_compiled", 14) == 0 ||
	    strncmp(s->name, "___gnu_compiled", 15) == 0)
		return 0;
	if (o->ignore_non_functions && !(s->flags & BSF_FUNCTION))
		return 0;
	return 't';
}

int symtab_order(uint64_t a_addr, int a_static, int a_func, uint64_t b_addr, int b_static,
		 int b_func)
{
	if (a_addr != b_addr)
		return a_addr < b_addr ? -1 : 1;
	if (a_static != b_static)
		return a_static ? 1 : -1;
	if (a_func != b_func)
		return a_func ? -1 : 1;
	return 0;
}

int symtab_cand_cmp(const void *a, const void *b)
{
	const struct symtab_cand *x = a, *y = b;
	int d = symtab_order(x->addr, x->is_static, x->is_func, y->addr, y->is_static,
			     y->is_func);

	/* keep table order: GNU's sort is stable here */
	return d ? d : x->idx < y->idx ? -1 : x->idx > y->idx;
}

int symtab_prefer(int src_static, int src_func, const char *s, int kept_static,
		  int kept_func, const char *k)
{
	if (!src_static && kept_static)
		return 1;
	if (src_static != kept_static)
		return 0;
	if (src_func && !kept_func)
		return 1;
	if (src_func != kept_func)
		return 0;
	if (s[0] != '_' && k[0] == '_')
		return 1;
	return s[0] && s[1] != '_' && k[0] && k[1] == '_';
}

int symtab_cand_prefer(const struct symtab_cand *src, const struct symtab_cand *kept)
{
	return symtab_prefer(src->is_static, src->is_func, src->name, kept->is_static,
			     kept->is_func, kept->name);
}

static int has_debug_info(bfd *abfd)
{
	static const char *const names[] = {
		".debug_info",    ".debug_line",       ".stab", ".debug", ".line",
		".gnu_debuglink", ".gnu_debugaltlink", NULL
	};
	int i;

	for (i = 0; names[i]; i++)
		if (bfd_get_section_by_name(abfd, names[i]))
			return 1;
	return 0;
}

static TG_NORETURN void die_bfd(const char *path)
{
	util_die("%s: %s", path, bfd_errmsg(bfd_get_error()));
}

static bfd *open_file(const char *path)
{
	const char *why;
	bfd *abfd;

	/* libbfd would read a FIFO or device for ever. */
	if (util_check_regular(path, &why) != 0)
		util_die("%s: %s", path, why);
	abfd = bfd_openr(path, NULL);
	if (!abfd)
		die_bfd(path);
	/* libbfd 2.40 prints the warnings it gathers while recognising a file
	 * straight to stderr, past any error handler: hush them, we give the
	 * one message. */
	fflush(stderr);
	int saved = dup(STDERR_FILENO), null = open("/dev/null", O_WRONLY);
	if (saved >= 0 && null >= 0)
		dup2(null, STDERR_FILENO);
	int ok = bfd_check_format(abfd, bfd_object);
	bfd_error_type e = bfd_get_error();
	int err = errno;
	fflush(stderr);
	if (saved >= 0 && null >= 0)
		dup2(saved, STDERR_FILENO);
	if (saved >= 0)
		close(saved);
	if (null >= 0)
		close(null);
	errno = err;
	if (!ok) {

		bfd_close(abfd);
		if (e == bfd_error_system_call)
			util_die("%s: %s", path, strerror(errno ? errno : EIO));
		util_die("%s: not in executable format", path);
	}
	return abfd;
}

/* Give back everything loaded so far, then die with "FILE: PROBLEM" (FILE
 * NULL: the executable). */
static TG_NORETURN void die_loaded(struct symtab *st, const char *file,
				   const char *problem)
{
	char msg[1024];

	snprintf(msg, sizeof msg, "%s: %s", file ? file : st->path, problem);
	symtab_free(st);
	util_die("%s", msg);
}

/* Read the canonical symbols and append the synthetic ones, as GNU does.
 * Without REQUIRED (-S) a file without symbols is fine.  With DYNAMIC, a
 * file without a symbol table gets its dynamic symbols. */
static void read_symbols(struct symtab *st, bfd *abfd, int required, int dynamic)
{
	struct symtab_priv *pv = st->priv;
	long bytes, n = 0, nsynth;
	asymbol *synth = NULL;

	if (bfd_get_file_flags(abfd) & HAS_SYMS) {
		bytes = bfd_get_symtab_upper_bound(abfd);
		if (bytes < 0)
			die_loaded(st, NULL, bfd_errmsg(bfd_get_error()));
		pv->asyms = xmalloc((size_t)bytes + sizeof(asymbol *));
		n = bfd_canonicalize_symtab(abfd, pv->asyms);
		if (n < 0)
			die_loaded(st, NULL, bfd_errmsg(bfd_get_error()));
	}
	if (n == 0 && dynamic && (bytes = bfd_get_dynamic_symtab_upper_bound(abfd)) > 0) {
		free(pv->asyms);
		pv->asyms = xmalloc((size_t)bytes + sizeof(asymbol *));
		n = bfd_canonicalize_dynamic_symtab(abfd, pv->asyms);
		if (n < 0)
			die_loaded(st, NULL, bfd_errmsg(bfd_get_error()));
		nsynth = bfd_get_synthetic_symtab(abfd, 0, NULL, n, pv->asyms, &synth);
	} else if (n == 0 && !(bfd_get_file_flags(abfd) & HAS_SYMS)) {
		if (!required)
			return;
		die_loaded(st, NULL, "no symbols");
	} else {
		nsynth = bfd_get_synthetic_symtab(abfd, n, pv->asyms, 0, NULL, &synth);
	}
	if (nsynth > 0) {
		long i;

		pv->asyms =
			xrealloc(pv->asyms, (size_t)(n + nsynth + 1) * sizeof(asymbol *));
		for (i = 0; i < nsynth; i++)
			pv->asyms[n + i] = synth + i;
		n += nsynth;
		pv->asyms[n] = NULL;
		pv->synth = synth;
	} else {
		free(synth);
	}
	pv->nasyms = n;
}

/* Bounds of the string table: the names of ordinary symbols all point into
 * it (section symbols carry section names from elsewhere). */
static void strtab_bounds(asymbol **syms, long n, const char **lo, const char **hi)
{
	long i;

	*lo = *hi = NULL;
	for (i = 0; i < n; i++) {
		const char *nm = syms[i]->name;
		const char *end;

		if (!nm || (syms[i]->flags & (BSF_SECTION_SYM | BSF_SYNTHETIC)))
			continue;
		end = nm + strlen(nm) + 1;
		if (!*lo || nm < *lo)
			*lo = nm;
		if (!*hi || end > *hi)
			*hi = end;
	}
}

static int demangle_style_of(const struct symtab_opts *o)
{
	int style;

	switch (o->demangle) {
	case SYMTAB_DEMANGLE_NONE: return -1;
	case SYMTAB_DEMANGLE_STYLE:
		style = demangle_style(o->demangle_style);
		if (style == -1)
			util_die("unknown demangling style `%s'",
				 o->demangle_style ? o->demangle_style : "");
		return style;
	default: return demangle_style_auto();
	}
}

int symtab_demangle_style_ok(const char *name)
{
	return demangle_style(name) != -1;
}

int symtab_excluded_name(const char *name)
{
	int i;

	for (i = 0; excluded_names[i]; i++)
		if (strcmp(name, excluded_names[i]) == 0)
			return 1;
	return 0;
}

/* Fill file and line of the kept symbol behind candidate I (if any) and
 * note its file in the first-seen order. */
static void lookup_cand(struct symtab *st, size_t i)
{
	struct symtab_priv *pv = st->priv;
	const char *file;
	int line;

	if (!symtab_line_at(st, pv->cands[i].addr, &file, &line, NULL))
		return;
	if (pv->cand_kept[i] != NOT_KEPT) {
		st->syms[pv->cand_kept[i]].file = file;
		st->syms[pv->cand_kept[i]].line = line;
	}
}

void symtab_load_lines(const struct symtab *cst)
{
	/* file and line are a cache filled on demand; the table is ours */
	struct symtab *st = (struct symtab *)cst;
	struct symtab_priv *pv = st->priv;
	size_t i;

	if (!pv || pv->lines_done || !pv->have_debug)
		return;
	pv->lines_done = 1;
	/* start the first-seen order afresh: GNU meets files in table order */
	for (i = 0; i < st->nfiles; i++) {
		size_t b = hash_str(st->files[i]) % pv->nbuckets;
		struct file_node *fn;

		for (fn = pv->buckets[b]; fn; fn = fn->next)
			if (fn->path == st->files[i])
				fn->listed = 0;
	}
	st->nfiles = 0;
	for (i = 0; i < pv->ncand; i++)
		lookup_cand(st, i);
}

static void set_names(struct symtab *st, const struct symtab_cand *c, int style)
{
	struct symtab_priv *pv = st->priv;
	size_t i;

	pv->dnames = xcalloc(st->n ? st->n : 1, sizeof *pv->dnames);
	for (i = 0; i < st->n; i++) {
		struct sym *s = &st->syms[i];

		s->name = c[i].name;
		s->dname = s->name;
		if (style != -1) {
			pv->dnames[i] = demangle_name(s->name, style);
			if (pv->dnames[i])
				s->dname = pv->dnames[i];
		}
		s->is_static = c[i].is_static;
		s->is_func = c[i].is_func;
		s->unit = c[i].is_static ? c[i].unit : NULL;
		s->is_excluded = symtab_excluded_name(s->name);
	}
}

/* Sort the candidates and merge those sharing an address into st->syms;
 * symbols with empty names are dropped but still end the one before. */
static void merge(struct symtab *st, struct symtab_cand *c, size_t nc)
{
	struct symtab_priv *pv = st->priv;
	size_t i, k = 0;

	util_qsort(c, nc, sizeof *c, symtab_cand_cmp);
	st->syms = xcalloc(nc, sizeof *st->syms);
	for (i = 0; i < nc; i++) {
		if (k > 0 && c[i].addr == c[k - 1].addr) {
			if (symtab_cand_prefer(&c[i], &c[k - 1]))
				c[k - 1] = c[i];
			continue;
		}
		if (k > 0 && st->syms[k - 1].end_addr == 0)
			st->syms[k - 1].end_addr = c[i].addr - 1;
		if (!c[i].name[0])
			continue;
		c[k] = c[i];
		st->syms[k].addr = c[i].addr;
		k++;
	}
	if (k > 0 && st->syms[k - 1].end_addr == 0)
		st->syms[k - 1].end_addr = st->text_end - 1;
	st->n = k;
	for (i = 0; i < k; i++)
		pv->cand_kept[c[i].idx] = (uint32_t)i;
}

/* Candidates from the executable's symbol table. */
static size_t bfd_candidates(struct symtab *st, const struct symtab_opts *opts,
			     struct symtab_cand **out)
{
	struct symtab_priv *pv = st->priv;
	bfd *abfd = st->bfd;
	const char *lo, *hi;
	struct symtab_cand *c;
	size_t nc = 0;
	long j;
	int any_func = 0;
	/* An ELF symbol table lists each file's local symbols after the
	 * STT_FILE symbol naming it. */
	const char *unit = NULL;

	strtab_bounds(pv->asyms, pv->nasyms, &lo, &hi);
	for (j = 0; j < pv->nasyms; j++)
		if (pv->asyms[j]->flags & BSF_FUNCTION)
			any_func = 1;
	c = xmalloc((size_t)(pv->nasyms ? pv->nasyms : 1) * sizeof *c);
	for (j = 0; j < pv->nasyms; j++) {
		asymbol *s = pv->asyms[j];
		int cls = classify(abfd, s, opts, lo, hi);
		struct symtab_cand *x;

		if (s->flags & BSF_FILE)
			unit = s->name && s->name[0] ? s->name : NULL;
		if (!cls)
			continue;
		x = &c[nc];
		x->name = bfd_asymbol_name(s);
		x->addr = (uint64_t)(s->value + bfd_section_vma(s->section));
		x->idx = nc++;
		x->is_static = cls == 't';
		x->is_func = !any_func || (s->flags & BSF_FUNCTION);
		x->unit = cls == 't' ? unit : NULL;
	}
	*out = c;
	return nc;
}

/* Candidates from an external table (-S): lines "ADDR TYPE NAME" as nm
 * prints them, fields separated by blanks, anything after NAME ignored.
 * GNU keeps types t and T only, all as functions, with no other filter
 * (not even -a) and no source files; other lines are skipped.  ADDR is
 * read as hex ("0x" allowed, trailing junk ignored); when that fails the
 * address of the previous t/T line is used again (0 at first), so the
 * symbol usually merges with that one. */
static size_t table_candidates(struct symtab *st, const char *table,
			       struct symtab_cand **out)
{
	struct symtab_priv *pv = st->priv;
	const char *why;
	size_t tlen;
	char *text = util_read_file(table, &tlen, &why);
	FILE *f = text ? fmemopen(text, tlen ? tlen : 1, "r") : NULL;
	char *line = NULL, *name = NULL, *addr_text = NULL;
	size_t cap = 0, ncap = 0, acap = 0, ccap = 0, nc = 0, names_cap = 0;
	struct symtab_cand *c = NULL;
	uint64_t addr = 0;
	ssize_t len;

	if (!f) {
		if (text)
			why = strerror(errno);
		free(text);
		die_loaded(st, table, why);
	}
	while ((len = getline(&line, &cap, f)) >= 0) {
		uint64_t v;
		char type;

		util_grow((void **)&name, &ncap, (size_t)len + 1, 1);
		util_grow((void **)&addr_text, &acap, (size_t)len + 1, 1);
		if (sscanf(line, "%s %c %s", addr_text, &type, name) != 3 ||
		    (type != 't' && type != 'T'))
			continue;
		if (sscanf(addr_text, "%" SCNx64, &v) == 1)
			addr = v;
		util_grow((void **)&c, &ccap, nc + 1, sizeof *c);
		util_grow((void **)&pv->table_names, &names_cap, pv->ntable_names + 1,
			  sizeof *pv->table_names);
		pv->table_names[pv->ntable_names] = xstrdup(name);
		c[nc].name = pv->table_names[pv->ntable_names++];
		c[nc].addr = addr;
		c[nc].idx = nc;
		c[nc].is_static = type == 't';
		c[nc].is_func = 1;
		c[nc].unit = NULL;
		nc++;
	}
	free(line);
	free(name);
	free(addr_text);
	if (ferror(f)) {
		fclose(f);
		free(text);
		free(c);
		die_loaded(st, table, "read error");
	}
	fclose(f);
	free(text);
	if (nc == 0) {
		free(c);
		die_loaded(st, table, "no symbols");
	}
	*out = c;
	return nc;
}

void symtab_load(struct symtab *st, const char *path, const struct symtab_opts *opts)
{
	static const struct symtab_opts defaults;
	struct symtab_priv *pv;
	struct symtab_cand *c;
	size_t nc, i;
	long j;
	int style;
	bfd *abfd;

	if (!opts)
		opts = &defaults;
	memset(st, 0, sizeof *st);
	st->path = path;
	style = demangle_style_of(opts);
	ensure_bfd_init();
	abfd = open_file(path);
	st->bfd = abfd;
	st->priv = pv = xcalloc(1, sizeof *pv);
	/* As GNU gprof: the ELF class decides the address size of the
	 * profile, the architecture only for other formats (this libbfd may
	 * know an aarch64 file only as generic 64-bit ELF, whose
	 * architecture says 32 bits). */
	{
		int bits = bfd_get_arch_size(abfd);
		if (bits == -1)
			bits = (int)bfd_arch_bits_per_address(abfd);
		st->abi.addr_size = bits == 32 ? 4 : 8;
	}
	st->abi.big_endian = bfd_big_endian(abfd) ? 1 : 0;

	read_symbols(st, abfd, !opts->external_table, opts->dynamic);
	pv->text = bfd_get_section_by_name(abfd, ".text");
	if (!pv->text)
		die_loaded(st, NULL, "can't find .text section");
	st->text_start = bfd_section_vma(pv->text);
	st->text_end = st->text_start + bfd_section_size(pv->text);
	pv->have_debug = has_debug_info(abfd);
	pv->fast_lines = (bfd_get_file_flags(abfd) & (EXEC_P | DYNAMIC)) != 0;
	for (j = 0; j < pv->nasyms; j++) {
		const asymbol *s = pv->asyms[j];

		if (s->section == pv->text &&
		    !(s->flags &
		      (BSF_SECTION_SYM | BSF_FILE | BSF_OBJECT | BSF_THREAD_LOCAL)) &&
		    (!pv->have_text_sym || s->value < pv->text_sym_min)) {
			pv->have_text_sym = 1;
			pv->text_sym_min = s->value;
		}
	}

	if (opts->external_table)
		nc = table_candidates(st, opts->external_table, &c);
	else
		nc = bfd_candidates(st, opts, &c);
	if (nc == 0) {
		free(c);
		die_loaded(st, NULL, "no symbols");
	}
	pv->ncand = nc;
	pv->style = style;
	pv->cands = xmalloc(nc * sizeof *pv->cands);
	memcpy(pv->cands, c, nc * sizeof *c);
	pv->cand_kept = xmalloc(nc * sizeof *pv->cand_kept);
	for (i = 0; i < nc; i++)
		pv->cand_kept[i] = NOT_KEPT;
	merge(st, c, nc);
	set_names(st, c, style);
	free(c);

	/* Files and lines of every symbol, as GNU looks them up while
	 * loading: the index needs them for statics, symspecs for all.  For
	 * executables a lookup is cheap (see symtab_line_at()).  Symbols
	 * from an external table get none (GNU does not look). */
	if (opts->external_table)
		pv->lines_done = 1;
	symtab_load_lines(st);
}

size_t symtab_candidates(const struct symtab *st, const struct symtab_cand **out)
{
	const struct symtab_priv *pv = st->priv;

	*out = pv ? pv->cands : NULL;
	return pv ? pv->ncand : 0;
}

char *symtab_demangle(const struct symtab *st, const char *name)
{
	const struct symtab_priv *pv = st->priv;

	return pv && pv->style != -1 ? demangle_name(name, pv->style) : NULL;
}

void symtab_free(struct symtab *st)
{
	struct symtab_priv *pv = st->priv;
	size_t i;

	if (pv) {
		for (i = 0; i < st->n; i++)
			free(pv->dnames ? pv->dnames[i] : NULL);
		free(pv->dnames);
		for (i = 0; i < pv->nbuckets; i++) {
			struct file_node *fn = pv->buckets[i], *next;

			for (; fn; fn = next) {
				next = fn->next;
				free(fn->path);
				free(fn);
			}
		}
		free(pv->buckets);
		for (i = 0; i < pv->ntable_names; i++)
			free(pv->table_names[i]);
		free(pv->table_names);
		free(pv->asyms);
		free(pv->synth);
		free(pv->cands);
		free(pv->cand_kept);
		free(pv);
	}
	if (st->bfd)
		bfd_close((bfd *)st->bfd);
	free(st->syms);
	free(st->files);
	memset(st, 0, sizeof *st);
}

/* Index of the last symbol starting at or below PC in syms[lo, hi), or
 * lo - 1 when there is none. */
static size_t last_at_or_below(const struct symtab *st, uint64_t pc, size_t lo, size_t hi)
{
	size_t first = lo;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (st->syms[mid].addr <= pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo == first ? first - 1 : lo - 1;
}

static struct sym *covering(const struct symtab *st, size_t i, uint64_t pc)
{
	if (i == (size_t)-1 || pc > st->syms[i].end_addr)
		return NULL;
	return &st->syms[i];
}

struct sym *symtab_find(const struct symtab *st, uint64_t pc)
{
	return covering(st, last_at_or_below(st, pc, 0, st->n), pc);
}

const struct sym *symtab_callee(const struct symtab *st, uint64_t pc)
{
	const struct sym *s = symtab_find(st, pc);

	if (!s)
		return NULL;
	for (size_t i = (size_t)(s - st->syms) + 1; i-- > 0;)
		if (st->syms[i].is_func)
			return &st->syms[i];
	return NULL;
}

struct sym *symtab_find_near(const struct symtab *st, uint64_t pc, size_t *hint)
{
	size_t k = *hint;

	if (k >= st->n || st->syms[k].addr > pc) {
		k = last_at_or_below(st, pc, 0, st->n);
	} else {
		/* gallop forward from the hint, then search the last step */
		size_t step = 1;
		while (k + step < st->n && st->syms[k + step].addr <= pc) {
			k += step;
			step *= 2;
		}
		/* syms[k] <= pc < syms[k + step], when that exists */
		size_t hi = k + step < st->n ? k + step : st->n;
		k = last_at_or_below(st, pc, k + 1, hi);
	}
	*hint = k == (size_t)-1 ? 0 : k;
	return covering(st, k, pc);
}
