/* SPDX-License-Identifier: GPL-3.0-or-later */
/* asmreport: see asmreport.h. */
#include "config.h"
#include "asmreport.h"
#include "disasm.h"
#include "dwline.h"
#include "lines.h"
#include "objects.h"
#include "reportint.h"
#include "sort.h"
#include "util.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <bfd.h>

/* A source file's lines, read once. */
struct src {
	const char *name; /* dwline's string */
	char *text;       /* the file, NUL-terminated lines */
	char **line;      /* line[i]: line i + 1 */
	int nlines;
	int tried;
};

struct srcs {
	struct src *v;
	size_t n, cap;
};

static struct src *src_get(struct srcs *ss, const struct opts *o, const char *name)
{
	for (size_t i = 0; i < ss->n; i++)
		if (ss->v[i].name == name)
			return &ss->v[i];
	util_grow((void **)&ss->v, &ss->cap, ss->n + 1, sizeof *ss->v);
	struct src *s = &ss->v[ss->n++];
	memset(s, 0, sizeof *s);
	s->name = name;
	char path[4096];
	FILE *f = report_open_source(o, name, path, sizeof path);
	if (!f)
		return s;
	size_t len = 0, cap = 0;
	char buf[8192];
	size_t got;
	while ((got = fread(buf, 1, sizeof buf, f)) > 0) {
		util_grow((void **)&s->text, &cap, len + got + 1, 1);
		memcpy(s->text + len, buf, got);
		len += got;
	}
	fclose(f);
	if (!s->text)
		return s;
	s->text[len] = 0;
	size_t lcap = 0;
	for (char *p = s->text; *p;) {
		util_grow((void **)&s->line, &lcap, (size_t)s->nlines + 1,
			  sizeof *s->line);
		s->line[s->nlines++] = p;
		char *nl = strchr(p, '\n');
		if (!nl)
			break;
		*nl = 0;
		p = nl + 1;
	}
	return s;
}

static void srcs_free(struct srcs *ss)
{
	for (size_t i = 0; i < ss->n; i++) {
		free(ss->v[i].text);
		free(ss->v[i].line);
	}
	free(ss->v);
}

static const char *base_name(const char *p)
{
	const char *s = strrchr(p, '/');
	return s ? s + 1 : p;
}

/* Whether the symbol S is the function NAME asks for. */
static int name_matches(const struct sym *s, const char *name)
{
	size_t n = strlen(name);
	const char *d = s->dname;

	if (strcmp(s->name, name) == 0 || strcmp(d, name) == 0)
		return 1;
	/* NAME up to the parameters, at the start or after a return type */
	for (const char *p = d; (p = strstr(p, name)); p++)
		if ((p == d || p[-1] == ' ') && p[n] == '(')
			return 1;
	return 0;
}

/* One decoded instruction and its figures. */
struct ins {
	struct disasm_insn in;
	double ticks;
	uint64_t calls;
	const char *file;
	int line; /* 0: no line */
};

/* One (file, line) of the function and its sums. */
struct lsum {
	const char *file;
	int line;
	double ticks;
	uint64_t calls;
	int shown;
};

struct fn_ctx {
	FILE *out;
	const struct opts *o;
	const struct gmon_profile *prof;
	double total; /* ticks in the whole profile */
	struct srcs srcs;
};

static size_t lsum_of(struct lsum **v, size_t *n, size_t *cap, const char *file, int line)
{
	for (size_t i = 0; i < *n; i++)
		if ((*v)[i].file == file && (*v)[i].line == line)
			return i;
	util_grow((void **)v, cap, *n + 1, sizeof **v);
	memset(&(*v)[*n], 0, sizeof **v);
	(*v)[*n].file = file;
	(*v)[*n].line = line;
	return (*n)++;
}

static double pct(double part, double whole)
{
	return whole > 0 ? 100 * part / whole : 0;
}

static void row(struct fn_ctx *c, double ticks, double fticks, uint64_t calls, int blank)
{
	char cl[32] = "";

	if (calls)
		snprintf(cl, sizeof cl, "%" PRIu64, calls);
	if (blank)
		fprintf(c->out, "%8s %7s %7s %8s", "", "", "", "");
	else
		fprintf(c->out, "%8.2f %7.2f %7.2f %8s", ticks, pct(ticks, fticks),
			pct(ticks, c->total), cl);
}

static int cmp_hot(const void *l, const void *r)
{
	const struct lsum *a = l, *b = r;

	if (a->ticks != b->ticks)
		return a->ticks > b->ticks ? -1 : 1;
	int d = strcmp(a->file, b->file);
	return d ? d : a->line - b->line;
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

/* Annotate the symbol S of the table ST (its bfd, its line table T), whose
 * addresses lie WINDOW above the object's own in the profile. */
static void annotate_fn(struct fn_ctx *c, const struct symtab *st, const struct dwline *t,
			const struct sym *s, uint64_t window, const char *object)
{
	bfd *abfd = st->bfd;
	asection *sec = code_section(abfd, s->addr);
	bfd_byte *bytes = NULL;
	char err[512];

	if (!sec || !bfd_malloc_and_get_section(abfd, sec, &bytes) || !bytes)
		util_die("%s: %s: no code at %" PRIx64, st->path, s->dname, s->addr);
	struct disasm *d = disasm_open(abfd, c->o->asm_intel, st, err, sizeof err);
	if (!d)
		util_die("--asm: %s", err);
	uint64_t base = bfd_section_vma(sec), size = bfd_section_size(sec);
	uint64_t hi = s->end_addr + 1 < base + size ? s->end_addr + 1 : base + size;

	struct ins *v = NULL;
	size_t n = 0, cap = 0;
	for (uint64_t pc = s->addr; pc < hi;) {
		util_grow((void **)&v, &cap, n + 1, sizeof *v);
		struct ins *x = &v[n++];
		memset(x, 0, sizeof *x);
		disasm_insn(d, bytes, base, (size_t)size, pc, &x->in);
		uint64_t end = pc + x->in.len < hi ? pc + x->in.len : hi;
		x->ticks = lines_ticks(c->prof, pc + window, end + window);
		if (!dwline_at(t, pc, &x->file, &x->line))
			x->line = 0;
		pc += x->in.len;
	}
	disasm_close(d);
	free(bytes);
	/* A call's arcs.  An arc's return address may come rounded down
	 * (glibc writes it from its hash table's index, to a multiple of a
	 * few bytes), so it goes to the first call at or after it to the
	 * arc's callee, else to the first call at or after it, else to the
	 * instruction before it. */
	for (size_t i = 0; i < c->prof->narcs; i++) {
		const struct gmon_arc *a = &c->prof->arcs[i];
		if (a->from_pc <= s->addr + window || a->from_pc > hi + window)
			continue;
		uint64_t ret = a->from_pc - window;
		const struct sym *callee = symtab_find(st, a->self_pc - window);
		size_t any = SIZE_MAX, to = SIZE_MAX, before = SIZE_MAX;
		for (size_t k = 0; k < n; k++) {
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
			v[k].calls += a->count;
	}

	struct lsum *ls = NULL;
	size_t nls = 0, lcap = 0;
	double fticks = 0;
	for (size_t i = 0; i < n; i++) {
		fticks += v[i].ticks;
		if (!v[i].line)
			continue;
		size_t k = lsum_of(&ls, &nls, &lcap, v[i].file, v[i].line);
		ls[k].ticks += v[i].ticks;
		ls[k].calls += v[i].calls;
	}

	const char *file0 = n && v[0].line ? v[0].file : NULL;
	fprintf(c->out, "%s", s->dname);
	if (object)
		fprintf(c->out, " in %s", object);
	if (file0)
		fprintf(c->out, " (%s:%d)", file0, v[0].line);
	fprintf(c->out, "\n%.2f samples of %.2f, %.2f%% of the profile\n\n", fticks,
		c->total, pct(fticks, c->total));
	fprintf(c->out, "%8s %7s %7s %8s  %s\n", "samples", "%func", "%total", "calls",
		"line: source / address: instruction");
	const char *pfile = NULL;
	int pline = -1;
	for (size_t i = 0; i < n; i++) {
		const struct ins *x = &v[i];
		if (x->line && (x->file != pfile || x->line != pline)) {
			size_t k = lsum_of(&ls, &nls, &lcap, x->file, x->line);
			struct src *sr = src_get(&c->srcs, c->o, x->file);
			row(c, ls[k].ticks, fticks, ls[k].calls, ls[k].shown);
			ls[k].shown = 1;
			if (x->file != file0)
				fprintf(c->out, "  %s:%d:", base_name(x->file), x->line);
			else
				fprintf(c->out, "  %d:", x->line);
			if (x->line <= sr->nlines)
				fprintf(c->out, " %s", sr->line[x->line - 1]);
			fputc('\n', c->out);
		}
		pfile = x->file;
		pline = x->line;
		row(c, x->ticks, fticks, x->calls, 0);
		fprintf(c->out, "  %12" PRIx64 ":  %s\n", x->in.addr, x->in.text);
	}

	/* the hottest lines */
	util_qsort(ls, nls, sizeof *ls, cmp_hot);
	size_t top = 0;
	while (top < nls && top < 10 && ls[top].ticks > 0)
		top++;
	if (top) {
		fprintf(c->out, "\nHottest lines:\n");
		for (size_t i = 0; i < top; i++) {
			struct src *sr = src_get(&c->srcs, c->o, ls[i].file);
			row(c, ls[i].ticks, fticks, ls[i].calls, 0);
			fprintf(c->out, "  %s:%d:", base_name(ls[i].file), ls[i].line);
			if (ls[i].line <= sr->nlines)
				fprintf(c->out, " %s", sr->line[ls[i].line - 1]);
			fputc('\n', c->out);
		}
	}
	free(ls);
	free(v);
}

void asmreport_write(FILE *out, const struct load *l, const struct opts *o)
{
	struct fn_ctx c;
	const char *name = o->asm_func;
	int found = 0;

	memset(&c, 0, sizeof c);
	c.out = out;
	c.o = o;
	c.prof = &l->prof;
	for (size_t h = 0; h < l->prof.nhists; h++)
		for (uint32_t i = 0; i < l->prof.hists[h].nbins; i++)
			c.total += (double)l->prof.hists[h].bins[i];

	/* the program, then each shared object joined in */
	size_t nobj = objects_count(l->objs);
	for (size_t k = 0; k <= nobj; k++) {
		uint64_t window = 0;
		const struct symtab *st =
			k == 0 ? &l->st : objects_object(l->objs, k - 1, &window);
		if (!st || !st->bfd)
			continue;
		struct dwline t;
		int loaded = 0;
		for (size_t i = 0; i < st->n; i++) {
			if (!name_matches(&st->syms[i], name))
				continue;
			if (!loaded) {
				dwline_load(&t, st->bfd);
				loaded = 1;
			}
			if (found++)
				fputc('\n', out);
			annotate_fn(&c, st, &t, &st->syms[i], window,
				    k ? st->path : NULL);
		}
		if (loaded)
			dwline_free(&t);
	}
	srcs_free(&c.srcs);
	if (!found)
		util_die("--asm: no function %s in %s%s", name, l->st.path,
			 nobj ? " or its shared objects" : "");
}
