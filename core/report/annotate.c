/* SPDX-License-Identifier: GPL-3.0-or-later */
/* annotate: the annotated-source report (-A, -J, -x, -y, -I, -t, -m and
 * GPROF_PATH), behaving as GNU gprof 2.40 does (found by experiment):
 *
 * - The symbols the -A/-J selection accepts and that have a source file
 *   give each file its length (the highest line named) and its lines'
 *   counts: the first symbol on a line stands for it; further symbols on
 *   the same line add their call counts to a merged entry.
 * - Files are visited newest first (the reverse of the order they were
 *   met while loading); a file with no calls is skipped unless -z.
 * - Each source line gets a 16-column prefix: blank for lines with no
 *   symbol, else the count right-aligned with " -> ", "#####" when below
 *   -m (default 1), with the basic-block rules of -x.  The count state
 *   of -x carries over from line to line and file to file.
 * - Then "Top N Lines" (-t, default 10, 0 for none) and the "Execution
 *   Summary".  With -y all of it goes to BASENAME-ann in the current
 *   directory instead of standard output; a source file is never
 *   overwritten.  A missing source prints "could not locate" on stderr
 *   and the file is skipped. */
#include "config.h"
#include "execcount.h"
#include "reportint.h"
#include "sort.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define ANNO_WIDTH 16

struct anno_entry {
	int used;
	int merged; /* stands for several symbols */
	int is_func;
	int line;
	uint64_t addr; /* 0 when merged */
	uint64_t ncalls;
	const struct execcount_bb *bb; /* the first symbol's blocks, or NULL */
};

struct anno_file {
	const char *name;
	int nlines;
	uint64_t ncalls;
	struct anno_entry *lines;
};

struct anno_state {
	const struct opts_report *o;
	uint64_t last_count; /* the -x state, for the whole report */
	long long last_print;
	long exec_lines, lines_run;
};

static const struct execcount_bb no_bb;

/* The prefix of LINE (1-based) into BUF (ANNO_WIDTH + 1 bytes). */
static void prefix(struct anno_state *a, const struct anno_file *f, int line, char *buf)
{
	const struct anno_entry *e = line <= f->nlines ? &f->lines[line - 1] : NULL;
	char tmp[EXECCOUNT_NBBS * 30 + 40];
	size_t len = 0;
	uint64_t count = 0;
	int have = 0, all = a->o->all_lines;
	const struct execcount_bb *bb;

	memset(buf, ' ', ANNO_WIDTH);
	buf[ANNO_WIDTH] = 0;
	if (!e || !e->used)
		return;
	a->exec_lines++;
	bb = e->bb ? e->bb : &no_bb;
	tmp[0] = 0;
	if (e->is_func) {
		len += (size_t)sprintf(tmp + len, "%lu", (unsigned long)e->ncalls);
		a->last_count = e->ncalls;
		a->last_print = (long long)(int)e->ncalls;
		count = e->ncalls;
		have = 1;
	} else if (all && bb->n > 0 && bb->addr[0] > e->addr) {
		/* the line starts inside the previous block: its count */
		len += (size_t)sprintf(tmp + len, "%lu", (unsigned long)a->last_count);
		a->last_print = (long long)(int)a->last_count;
		count = a->last_count;
		have = 1;
	}
	for (unsigned i = 0; i < bb->n && bb->addr[i]; i++) {
		a->last_count = bb->calls[i];
		if (!have) {
			count = 0;
			have = 1;
		}
		count += a->last_count;
		if (all && a->last_count == (uint64_t)a->last_print)
			continue;
		if (len > 0)
			tmp[len++] = ',';
		len += (size_t)sprintf(tmp + len, "%lu", (unsigned long)a->last_count);
		a->last_print = (long long)(int)a->last_count;
	}
	if (all && len == 0) {
		len += (size_t)sprintf(tmp + len, "%lu", (unsigned long)a->last_count);
		count = a->last_count;
		have = 1;
	}
	if (!have)
		return;
	a->lines_run++;
	if (count < (uint64_t)a->o->min_count) {
		strcpy(tmp, "#####");
		len = 5;
	}
	memcpy(tmp + len, " -> ", 5);
	len += 4;
	if (len >= ANNO_WIDTH)
		memcpy(buf, tmp, ANNO_WIDTH);
	else
		memcpy(buf + ANNO_WIDTH - len, tmp, len);
}

/* Open the source: its own name first, then for each search directory
 * (-I in order, then GPROF_PATH; each ':'-separated) DIR/NAME and
 * DIR/BASENAME.  Returns NULL when none opens. */
FILE *report_open_source(const struct opts_report *o, const char *name, char *path,
			 size_t plen)
{
	const char *base = strrchr(name, '/');
	const char *env = getenv("GPROF_PATH");
	FILE *f;

	base = base ? base + 1 : name;
	snprintf(path, plen, "%s", name);
	if ((f = fopen(path, "r")))
		return f;
	for (int k = 0; k <= o->ndirs; k++) {
		const char *list = k < o->ndirs ? o->dirs[k] : env;
		if (!list)
			continue;
		while (*list) {
			const char *colon = strchr(list, ':');
			size_t dl = colon ? (size_t)(colon - list) : strlen(list);
			if (dl > 0) {
				if (name[0] != '/') {
					snprintf(path, plen, "%.*s/%s", (int)dl, list,
						 name);
					if ((f = fopen(path, "r")))
						return f;
				}
				snprintf(path, plen, "%.*s/%s", (int)dl, list, base);
				if ((f = fopen(path, "r")))
					return f;
			}
			list += dl;
			if (*list == ':')
				list++;
		}
	}
	return NULL;
}

/* Top lines: count down, then line up; lines without entry last. */
static int cmp_top(const void *l, const void *r)
{
	const struct anno_entry *a = *(const struct anno_entry *const *)l;
	const struct anno_entry *b = *(const struct anno_entry *const *)r;

	if (a->ncalls != b->ncalls)
		return a->ncalls < b->ncalls ? 1 : -1;
	return a->line - b->line;
}

static void top_and_summary(struct anno_state *a, const struct anno_file *f, FILE *out)
{
	long tl = a->o->table_length;

	if (tl > 0) {
		fprintf(out, "\n\nTop %ld Lines:\n\n     Line      Count\n\n", tl);
		const struct anno_entry **v =
			xmalloc(((size_t)f->nlines + 1) * sizeof *v);
		size_t n = 0;
		for (int i = 0; i < f->nlines; i++)
			if (f->lines[i].used)
				v[n++] = &f->lines[i];
		util_qsort(v, n, sizeof *v, cmp_top);
		for (size_t i = 0; i < n && (long)i < tl; i++) {
			if (v[i]->ncalls == 0)
				break;
			fprintf(out, "%9d %10lu\n", v[i]->line,
				(unsigned long)v[i]->ncalls);
		}
		free(v);
	}
	fputs("\nExecution Summary:\n\n", out);
	fprintf(out, "%9ld   Executable lines in this file\n", a->exec_lines);
	fprintf(out, "%9ld   Lines executed\n", a->lines_run);
	fprintf(out, "%9.2f   Percent of the file executed\n",
		a->exec_lines ? 100.0 * (double)a->lines_run / (double)a->exec_lines
			      : 100.0);
	fprintf(out, "\n%9lu   Total number of line executions\n",
		(unsigned long)f->ncalls);
	fprintf(out, "%9.2f   Average executions per line\n",
		a->exec_lines ? (double)f->ncalls / (double)a->exec_lines : 0.0);
}

/* The -y output for SRC, refusing to write over SRC itself; written as
 * util.h says for a name tgprof chose (never through a symbolic link,
 * into a device or FIFO, or over another user's file). */
static struct util_out *open_ann(const char *src_path, const char *name, FILE *src)
{
	const char *base = strrchr(name, '/');
	char out[4200];
	struct stat a, b;

	base = base ? base + 1 : name;
	snprintf(out, sizeof out, "%s-ann", base);
	if (stat(out, &a) == 0 && fstat(fileno(src), &b) == 0 && a.st_dev == b.st_dev &&
	    a.st_ino == b.st_ino) {
		util_warn("%s: not overwriting the source %s", out, src_path);
		return NULL;
	}
	char msg[4400];
	int status;
	struct util_out *w = util_out_open(out, 0, &status, msg, sizeof msg);
	if (!w)
		util_warn("%s", msg);
	return w;
}

static void annotate_file(struct report_ctx *c, struct anno_state *a,
			  const struct anno_file *f, int *first_file)
{
	char path[4200], buf[ANNO_WIDTH + 1], chunk[8192];
	FILE *src = report_open_source(c->o, f->name, path, sizeof path);
	FILE *out = c->out;
	struct util_out *ann = NULL;
	int new_line = 1, line = 1;
	size_t got;

	if (!src) {
		util_warn("could not locate `%s'", f->name);
		return;
	}
	if (c->o->separate_files) {
		ann = open_ann(path, f->name, src);
		if (!ann) {
			fclose(src);
			return;
		}
		out = util_out_file(ann);
	} else {
		if (*first_file)
			*first_file = 0;
		else
			fputc('\n', out);
		report_sep(c);
		fprintf(out, "*** File %s:\n", f->name);
	}
	a->exec_lines = a->lines_run = 0;
	while ((got = fread(chunk, 1, sizeof chunk, src)) > 0) {
		for (size_t i = 0; i < got; i++) {
			if (new_line) {
				prefix(a, f, line++, buf);
				fputs(buf, out);
			}
			new_line = chunk[i] == '\n';
			fputc(chunk[i], out);
		}
	}
	fclose(src);
	top_and_summary(a, f, out);
	if (ann && util_out_close(ann, 0, NULL, path, sizeof path) != 0)
		util_warn("%s", path);
}

void report_annotate(struct report_ctx *c, const struct execcount_bb *bb)
{
	const struct cg *g = c->g;
	const struct symtab *st = g->st;
	unsigned char *acc = execcount_accept(g, c->o, 'A', 'J');
	struct anno_file *files = xcalloc(st->nfiles + 1, sizeof *files);
	struct anno_state a;
	int first_file = 1;

	memset(&a, 0, sizeof a);
	a.o = c->o;
	a.last_print = -1;
	/* file pointers are interned: find a symbol's file by identity */
	for (size_t i = 0; i < st->nfiles; i++)
		files[i].name = st->files[i];
	uint32_t *fidx = xmalloc(((size_t)g->nfuncs + 1) * sizeof *fidx);
	const char *last = NULL;
	uint32_t last_i = 0;
	for (uint32_t i = 0; i < g->nfuncs; i++) {
		const struct sym *s = g->nodes[i].sym;
		fidx[i] = UINT32_MAX;
		if (!acc[i] || !s->file || s->line <= 0)
			continue;
		if (s->file != last) {
			size_t k;
			for (k = 0; k < st->nfiles && st->files[k] != s->file; k++)
				;
			if (k == st->nfiles)
				continue;
			last = s->file;
			last_i = (uint32_t)k;
		}
		fidx[i] = last_i;
		if (s->line > files[last_i].nlines)
			files[last_i].nlines = s->line;
	}
	for (size_t k = 0; k < st->nfiles; k++)
		if (files[k].nlines > 0)
			files[k].lines =
				xcalloc((size_t)files[k].nlines, sizeof *files[k].lines);
	for (uint32_t i = 0; i < g->nfuncs; i++) {
		if (fidx[i] == UINT32_MAX)
			continue;
		const struct cg_node *n = &g->nodes[i];
		struct anno_file *f = &files[fidx[i]];
		struct anno_entry *e = &f->lines[n->sym->line - 1];
		f->ncalls += n->ncalls;
		if (!e->used) {
			e->used = 1;
			e->line = n->sym->line;
			e->is_func = n->sym->is_func;
			e->addr = n->sym->addr;
			e->ncalls = n->ncalls;
			e->bb = bb ? &bb[i] : NULL;
		} else {
			e->merged = 1;
			e->addr = 0;
			e->ncalls += n->ncalls;
		}
	}
	for (size_t k = st->nfiles; k-- > 0;) {
		struct anno_file *f = &files[k];
		if (f->nlines == 0 || (!c->o->zero && f->ncalls == 0))
			continue;
		annotate_file(c, &a, f, &first_file);
	}
	for (size_t k = 0; k < st->nfiles; k++)
		free(files[k].lines);
	free(files);
	free(fidx);
	free(acc);
}
