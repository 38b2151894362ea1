/* SPDX-License-Identifier: GPL-3.0-or-later */
/* asmreport: see asmreport.h. */
#include "config.h"
#include "asmreport.h"
#include "annot.h"
#include "reportint.h"
#include "sort.h"
#include "util.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

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

static struct src *src_get(struct srcs *ss, const struct opts_report *o, const char *name)
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

struct fn_ctx {
	FILE *out;
	const struct opts_report *o;
	double total; /* ticks in the whole profile */
	struct srcs srcs;
};

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
	const struct annot_line *a = l, *b = r;

	if (a->ticks != b->ticks)
		return a->ticks > b->ticks ? -1 : 1;
	int d = strcmp(a->file, b->file);
	return d ? d : a->line - b->line;
}

static void source_text(struct fn_ctx *c, const char *file, int line)
{
	struct src *sr = src_get(&c->srcs, c->o, file);

	if (line >= 1 && line <= sr->nlines)
		fprintf(c->out, " %s", sr->line[line - 1]);
	fputc('\n', c->out);
}

static void print_fn(struct fn_ctx *c, const struct annot *a)
{
	const struct annot_insn *v = a->insns;
	const char *file0 = a->n && v[0].line ? v[0].file : NULL;
	unsigned char *shown = xcalloc(a->nlines + 1, 1);

	fprintf(c->out, "%s", a->fn->dname);
	if (a->object)
		fprintf(c->out, " in %s", a->object);
	if (file0)
		fprintf(c->out, " (%s:%d)", file0, v[0].line);
	fprintf(c->out, "\n%.2f samples of %.2f, %.2f%% of the profile\n\n", a->ticks,
		c->total, pct(a->ticks, c->total));
	fprintf(c->out, "%8s %7s %7s %8s  %s\n", "samples", "%func", "%total", "calls",
		"line: source / address: instruction");
	const char *pfile = NULL;
	int pline = -1;
	for (size_t i = 0; i < a->n; i++) {
		const struct annot_insn *x = &v[i];
		if (x->line && (x->file != pfile || x->line != pline)) {
			const struct annot_line *ln = annot_line_of(a, x->file, x->line);
			size_t k = (size_t)(ln - a->lines);
			row(c, ln->ticks, a->ticks, ln->calls, shown[k]);
			shown[k] = 1;
			if (x->file != file0)
				fprintf(c->out, "  %s:%d:", base_name(x->file), x->line);
			else
				fprintf(c->out, "  %d:", x->line);
			if (x->inlined)
				fprintf(c->out, " [inlined %s]", x->inlined);
			source_text(c, x->file, x->line);
		}
		pfile = x->file;
		pline = x->line;
		row(c, x->ticks, a->ticks, x->calls, 0);
		fprintf(c->out, "  %12" PRIx64 ":  %s\n", x->in.addr, x->in.text);
	}
	free(shown);

	/* the hottest lines */
	struct annot_line *ls = xmalloc((a->nlines + 1) * sizeof *ls);
	if (a->nlines)
		memcpy(ls, a->lines, a->nlines * sizeof *ls);
	util_qsort(ls, a->nlines, sizeof *ls, cmp_hot);
	size_t top = 0;
	while (top < a->nlines && top < 10 && ls[top].ticks > 0)
		top++;
	if (top) {
		fprintf(c->out, "\nHottest lines:\n");
		for (size_t i = 0; i < top; i++) {
			row(c, ls[i].ticks, a->ticks, ls[i].calls, 0);
			fprintf(c->out, "  %s:%d:", base_name(ls[i].file), ls[i].line);
			source_text(c, ls[i].file, ls[i].line);
		}
	}
	free(ls);
}

void asmreport_write(FILE *out, const struct load *l, const struct opts_report *o)
{
	struct fn_ctx c;
	struct annot_ctx ac;
	const char *name = o->asm_func;
	int found = 0;
	char err[512];

	memset(&c, 0, sizeof c);
	c.out = out;
	c.o = o;
	annot_ctx_init(&ac, l);
	c.total = ac.total;
	/* the program, then each shared object joined in */
	for (size_t t = 0; t < annot_ntables(&ac); t++) {
		const struct symtab *st = annot_table(&ac, t);
		if (!st || !st->bfd)
			continue;
		for (size_t i = 0; i < st->n; i++) {
			struct annot a;
			if (!name_matches(&st->syms[i], name))
				continue;
			if (!annot_build(&ac, t, &st->syms[i], o->asm_intel, &a, err,
					 sizeof err))
				util_die("--asm: %s", err);
			if (found++)
				fputc('\n', out);
			print_fn(&c, &a);
			annot_free(&a);
		}
	}
	size_t ntables = annot_ntables(&ac);
	annot_ctx_free(&ac);
	srcs_free(&c.srcs);
	if (!found)
		util_die("--asm: no function %s in %s%s", name, l->st.path,
			 ntables > 1 ? " or its shared objects" : "");
}
