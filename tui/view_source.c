/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view_source: the selected function's source file with the samples and
 * call counts libbfd's line information lets us attribute to each line.
 *
 * The file is the one the debug information names for the function's
 * address; a relative or missing path is looked for in the directories
 * given with -I, then in $GPROF_PATH (both colon-separated lists), by
 * path and then by last component.
 * When there is no line information or no file, the view says so and
 * why, instead of showing nothing. */
#include "config.h"
#include "app.h"
#include "draw.h"
#include "keymap.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Try each directory of the ':'-separated LIST, by path then by last
 * component. */
static FILE *open_in(const char *list, const char *file, char *found, size_t len)
{
	const char *base = strrchr(file, '/');
	base = base ? base + 1 : file;
	while (list && *list) {
		const char *e = strchr(list, ':');
		size_t n = e ? (size_t)(e - list) : strlen(list);
		for (int pass = 0; pass < 2 && n > 0; pass++) {
			FILE *f;
			snprintf(found, len, "%.*s/%s", (int)n, list, pass ? base : file);
			if ((f = fopen(found, "r")))
				return f;
		}
		list = e ? e + 1 : NULL;
	}
	return NULL;
}

/* The file as named, else through the -I directories, else $GPROF_PATH. */
static FILE *open_source(const struct opts *o, const char *file, char *found, size_t len)
{
	FILE *f = fopen(file, "r");
	if (f) {
		snprintf(found, len, "%s", file);
		return f;
	}
	for (int i = 0; i < o->ndirs; i++)
		if ((f = open_in(o->dirs[i], file, found, len)))
			return f;
	return open_in(getenv("GPROF_PATH"), file, found, len);
}

/* Per-line samples from the histogram bins inside the function, and call
 * counts from the arc records whose call site is inside it. */
static void attribute(struct app *a, const struct sym *s, const char *file,
		      double **samples, uint64_t **calls, int *nlines)
{
	struct symtab *st = &a->ss.ld.st;
	const struct gmon_profile *p = &a->ss.ld.prof;
	int max = 0;
	for (size_t h = 0; h < p->nhists; h++) {
		const struct gmon_hist *hi = &p->hists[h];
		if (!hi->nbins)
			continue;
		double width = (double)(hi->highpc - hi->lowpc) / hi->nbins;
		for (uint32_t i = 0; i < hi->nbins; i++) {
			uint64_t addr = hi->lowpc + (uint64_t)(width * i);
			const char *f;
			int line;
			if (!hi->bins[i] || addr < s->addr || addr > s->end_addr)
				continue;
			if (!symtab_line_at(st, addr, &f, &line, NULL) || f != file)
				continue;
			if (line >= *nlines) {
				int n = line + 64;
				*samples =
					xrealloc(*samples, (size_t)n * sizeof **samples);
				*calls = xrealloc(*calls, (size_t)n * sizeof **calls);
				memset(*samples + *nlines, 0,
				       (size_t)(n - *nlines) * sizeof **samples);
				memset(*calls + *nlines, 0,
				       (size_t)(n - *nlines) * sizeof **calls);
				*nlines = n;
			}
			(*samples)[line] += (double)hi->bins[i];
			if (line > max)
				max = line;
		}
	}
	for (size_t i = 0; i < p->narcs; i++) {
		const struct gmon_arc *r = &p->arcs[i];
		const char *f;
		int line;
		if (r->from_pc < s->addr || r->from_pc > s->end_addr)
			continue;
		if (!symtab_line_at(st, r->from_pc, &f, &line, NULL) || f != file)
			continue;
		if (line >= *nlines) {
			int n = line + 64;
			*samples = xrealloc(*samples, (size_t)n * sizeof **samples);
			*calls = xrealloc(*calls, (size_t)n * sizeof **calls);
			memset(*samples + *nlines, 0,
			       (size_t)(n - *nlines) * sizeof **samples);
			memset(*calls + *nlines, 0,
			       (size_t)(n - *nlines) * sizeof **calls);
			*nlines = n;
		}
		(*calls)[line] += r->count;
	}
}

/* The view's own state: the text of the function it was built for.  A
 * text view (view.h): the text first. */
struct source {
	struct textbuf text;
	char title[600];
	uint32_t node;
	int built;
};

static void source_build(struct app *a, struct view *v)
{
	struct source *sv = v->priv;
	struct textbuf *t = &sv->text;
	char *title = sv->title;
	size_t tlen = sizeof sv->title;
	struct cg *g = a->g;
	uint32_t n = a->node;
	textbuf_clear(t);
	snprintf(title, tlen, "  source");
	sv->node = n;
	sv->built = 1;
	v->pane.cur = 0;
	v->pane.top = 0;
	if (n == CG_NONE || n >= g->nfuncs) {
		textbuf_add(t, 2,
			    "no source: a cycle is not a function; select one of its "
			    "members");
		return;
	}
	const struct sym *s = g->nodes[n].sym;
	const char *file;
	int line;
	if (!symtab_line_at(&a->ss.ld.st, s->addr, &file, &line, NULL)) {
		textbuf_add(t, 2, "%s: no line information (compile with -g)", s->dname);
		return;
	}
	char found[4096];
	FILE *f = open_source(a->o, file, found, sizeof found);
	if (!f) {
		textbuf_add(t, 2, "%s: source file %s not found", s->dname, file);
		textbuf_add(t, 0,
			    "give its directory with -I DIR or in GPROF_PATH "
			    "(colon-separated)");
		return;
	}
	double *samples = NULL;
	uint64_t *calls = NULL;
	int nlines = 0;
	attribute(a, s, file, &samples, &calls, &nlines);
	snprintf(title, tlen, "  %8s %6s %5s  %.150s  (%.400s:%d)", "samples", "calls",
		 "line", s->dname, found, line);
	char buf[1024];
	int ln = 0;
	while (fgets(buf, sizeof buf, f)) {
		buf[strcspn(buf, "\n")] = 0;
		for (char *p = buf; *p; p++)
			if (*p == '\t')
				*p = ' ';
		ln++;
		char sm[32] = "", cl[32] = "";
		if (ln < nlines && samples[ln] > 0)
			snprintf(sm, sizeof sm, "%.0f", samples[ln]);
		if (ln < nlines && calls[ln] > 0)
			snprintf(cl, sizeof cl, "%lu", (unsigned long)calls[ln]);
		textbuf_add(t, ln < nlines && samples[ln] > 0 ? 1 : 0, "%8s %6s %5d  %s",
			    sm, cl, ln, buf);
		if (ln == line)
			v->pane.cur = t->n - 1;
	}
	fclose(f);
	/* Open with the definition a few lines below the top, not at the
	 * bottom edge where scrolling alone would leave it. */
	uint32_t cur = v->pane.cur;
	v->pane.top = cur > 5 ? cur - 5 : 0;
	free(samples);
	free(calls);
}

static void open_view(struct app *a, struct view *v)
{
	struct source *sv = v->priv;
	if (!sv->built || sv->node != a->node || !sv->text.n)
		source_build(a, v);
}

/* A fixed title: the file scrolls under it. */
static void draw(struct app *a, struct view *v, int y, int h, int w)
{
	struct source *sv = v->priv;
	if (!sv->built || sv->node != a->node)
		source_build(a, v);
	draw_row(y, w, sv->title, 3);
	view_text_ops_draw(a, v, y + 1, h - 1, w);
}

const struct view_ops view_source_ops = {
	.name = "source-view",
	.keymap = KV_SOURCE,
	.flags = VIEW_HEADER,
	.private_size = sizeof(struct source),
	.open = open_view,
	.build = view_text_build,
	.draw = draw,
	.row_text = view_text_row_text,
	.done = view_text_done,
};
