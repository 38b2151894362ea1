/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view_source: the selected function's source file with the samples and
 * call counts of each line, the samples also as shares of the function's
 * and of the run's, and on request the machine code under them.
 *
 * The file and the figures of each line come from annot.h: the DWARF
 * line table read by tgprof (a header's template is shown in the header,
 * where libbfd 2.40 names the .cc file), each line's samples the share of
 * the histogram its instructions cover, its calls those of its call
 * instructions; a shared library's function in a joined profile is read
 * from the library.  A function annot cannot read (no code, an unknown
 * architecture) falls back to libbfd's lines.  The view opens at the
 * hottest line (the definition when nothing was sampled); the title
 * names the file, cut from the left when the screen is narrow.
 * A relative or missing path is looked for in the directories given
 * with -I, then in $GPROF_PATH (both colon-separated lists), by path and
 * then by last component.
 * When there is no line information or no file, the view says so and
 * why, instead of showing nothing. */
#include "config.h"
#include "annot.h"
#include "app.h"
#include "action.h"
#include "draw.h"
#include "keymap.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The figures before each line: samples, their share of the function's
 * and of the run's, calls, the line number; the header names them.
 * 38 columns with the gutter and the blanks before the code, so 80
 * leave 42 for it. */
#define SOURCE_COLS "%8s %5s %6s %6s %5s"

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
	for (int i = 0; i < o->report.ndirs; i++)
		if ((f = open_in(o->report.dirs[i], file, found, len)))
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

/* A line's or an instruction's shares, as perf annotate gives them: of
 * the function's samples FN and of the whole run's RUN, into PF and PR
 * ("" when the samples are not shown). */
static void shares(double samples, double fn, double run, int shown, char *pf, char *pr,
		   size_t len)
{
	pf[0] = pr[0] = 0;
	if (!shown)
		return;
	snprintf(pf, len, "%.1f", cg_percent(samples, fn));
	snprintf(pr, len, "%.1f", cg_percent(samples, run));
}

/* The view's own state: the text of the function it was built for, and
 * the line tables, read once per loaded run.  A text view (view.h): the
 * text first. */
struct source {
	struct textbuf text;
	char title[5000], title_file[4200], title_name[600];
	uint32_t node;
	int built;
	int show_asm;     /* toggle-asm: the machine code under each line */
	uint64_t *target; /* per row: a call's target in the model, or 0 */
	size_t target_cap;
	struct annot_ctx actx;
	const void *actx_of; /* the bfd of the run actx was made for */
};

/* The line tables of A's run, (re)made when the run changed. */
static struct annot_ctx *annot_ctx_of(struct app *a, struct source *sv)
{
	if (sv->actx_of != a->ss.ld.st.bfd || !sv->actx.tabs) {
		if (sv->actx.tabs)
			annot_ctx_free(&sv->actx);
		annot_ctx_init(&sv->actx, &a->ss.ld);
		sv->actx_of = a->ss.ld.st.bfd;
	}
	return &sv->actx;
}

/* The instructions of line LINE of FILE in AN, in address order: their
 * samples (the share of the histogram their bytes cover), calls, text;
 * a call's target noted for Enter. */
static void add_insns(struct source *sv, const struct annot *an, const char *file,
		      int line)
{
	struct textbuf *t = &sv->text;
	for (size_t i = 0; i < an->n; i++) {
		const struct annot_insn *x = &an->insns[i];
		char sm[32] = "", cl[32] = "", pf[32], pr[32];
		if (x->file != file || x->line != line)
			continue;
		if (x->ticks >= 0.05)
			snprintf(sm, sizeof sm, "%.1f", x->ticks);
		shares(x->ticks, an->ticks, sv->actx.total, x->ticks >= 0.05, pf, pr,
		       sizeof pf);
		if (x->calls)
			snprintf(cl, sizeof cl, "%lu", (unsigned long)x->calls);
		textbuf_add(t, x->ticks >= 0.5 ? 1 : 0, SOURCE_COLS "    %8lx:  %s", sm,
			    pf, pr, cl, "", (unsigned long)x->in.addr, x->in.text);
		if (x->in.is_call) {
			size_t had = sv->target_cap;
			util_grow((void **)&sv->target, &sv->target_cap, t->n,
				  sizeof *sv->target);
			/* rows without a call read 0 */
			memset(sv->target + had, 0,
			       (sv->target_cap - had) * sizeof *sv->target);
			sv->target[t->n - 1] = x->in.target + an->window;
		}
	}
}

/* Per-line samples and calls from the model AN, for FILE. */
static void from_annot(const struct annot *an, const char *file, double **samples,
		       uint64_t **calls, int *nlines)
{
	for (size_t i = 0; i < an->nlines; i++) {
		const struct annot_line *l = &an->lines[i];
		if (l->file != file)
			continue;
		if (l->line >= *nlines) {
			int n = l->line + 64;
			*samples = xrealloc(*samples, (size_t)n * sizeof **samples);
			*calls = xrealloc(*calls, (size_t)n * sizeof **calls);
			memset(*samples + *nlines, 0,
			       (size_t)(n - *nlines) * sizeof **samples);
			memset(*calls + *nlines, 0,
			       (size_t)(n - *nlines) * sizeof **calls);
			*nlines = n;
		}
		(*samples)[l->line] += l->ticks;
		(*calls)[l->line] += l->calls;
	}
}

static void source_build(struct app *a, struct view *v)
{
	struct source *sv = v->priv;
	struct textbuf *t = &sv->text;
	char *title = sv->title;
	size_t tlen = sizeof sv->title;
	struct cg *g = a->g;
	uint32_t n = a->node;
	textbuf_clear(t);
	if (sv->target)
		memset(sv->target, 0, sv->target_cap * sizeof *sv->target);
	snprintf(title, tlen, "  source");
	sv->title_file[0] = sv->title_name[0] = 0;
	sv->node = n;
	sv->built = 1;
	v->pane.cur = 0;
	v->pane.top = 0;
	if (n == CG_NONE) {
		textbuf_add(t, 2, "no source: no function is selected");
		return;
	}
	if (n >= g->nfuncs) {
		textbuf_add(t, 2,
			    "no source: a cycle is not a function; select one of its "
			    "members");
		return;
	}
	const struct sym *s = g->nodes[n].sym;
	const char *file = NULL;
	int line = 0;
	struct annot an;
	int have_an = 0;
	struct annot_ctx *ac = annot_ctx_of(a, sv);
	size_t tab;
	const struct sym *as;
	char err[512];
	if (annot_locate(ac, s->addr, &tab, &as) &&
	    annot_build(ac, tab, as, 0, &an, err, sizeof err)) {
		have_an = 1;
		for (size_t i = 0; i < an.n && !file; i++)
			if (an.insns[i].line) {
				file = an.insns[i].file;
				line = an.insns[i].line;
			}
		if (!file) {
			annot_free(&an);
			have_an = 0;
		}
	}
	if (!have_an && !symtab_line_at(&a->ss.ld.st, s->addr, &file, &line, NULL)) {
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
		if (have_an)
			annot_free(&an);
		return;
	}
	double *samples = NULL;
	uint64_t *calls = NULL;
	int nlines = 0, hot = 0;
	if (have_an)
		from_annot(&an, file, &samples, &calls, &nlines);
	else
		attribute(a, s, file, &samples, &calls, &nlines);
	double fn = 0;
	for (int i = 1; i < nlines; i++) {
		if (samples[i] > 0.5 && (!hot || samples[i] > samples[hot]))
			hot = i;
		fn += samples[i];
	}
	/* The shares are of the function's samples on every line, a
	 * header's inlined code included. */
	if (have_an)
		fn = an.ticks;
	snprintf(sv->title_file, sizeof sv->title_file, "%s:%d", found, line);
	snprintf(sv->title_name, sizeof sv->title_name, "%s", s->dname);
	char buf[1024];
	int ln = 0;
	while (fgets(buf, sizeof buf, f)) {
		buf[strcspn(buf, "\n")] = 0;
		for (char *p = buf; *p; p++)
			if (*p == '\t')
				*p = ' ';
		ln++;
		char sm[32] = "", cl[32] = "", pf[32], pr[32];
		int hit = ln < nlines && samples[ln] >= 0.5;
		if (hit)
			snprintf(sm, sizeof sm, "%.0f", samples[ln]);
		shares(hit ? samples[ln] : 0, fn, ac->total, hit, pf, pr, sizeof pf);
		if (ln < nlines && calls[ln] > 0)
			snprintf(cl, sizeof cl, "%lu", (unsigned long)calls[ln]);
		char no[16];
		snprintf(no, sizeof no, "%d", ln);
		textbuf_add(t, hit ? 1 : 0, SOURCE_COLS "  %s", sm, pf, pr, cl, no, buf);
		if (ln == (hot ? hot : line))
			v->pane.cur = t->n - 1;
		if (sv->show_asm && have_an)
			add_insns(sv, &an, file, ln);
	}
	fclose(f);
	if (have_an)
		annot_free(&an);
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
	if (sv->title_file[0]) {
		/* the file whole when it fits, else cut from the left */
		char head[64];
		int n = snprintf(head, sizeof head, "  " SOURCE_COLS "  ", "samples",
				 "%func", "%total", "calls", "line");
		int room = w - n - (int)strlen(sv->title_name) - 4;
		const char *f = sv->title_file;
		int len = (int)strlen(f);
		if (room < 12)
			room = 12;
		if (len > room)
			f += len - room + 3;
		snprintf(sv->title, sizeof sv->title, "%s%s%s  %.300s", head,
			 f != sv->title_file ? "..." : "", f, sv->title_name);
	}
	draw_row(y, w, sv->title, 3);
	view_text_ops_draw(a, v, y + 1, h - 1, w);
}

/* next-hot, prev-hot: the next or previous row with samples;
 * toggle-asm: the machine code under the lines, or not. */
static int key(struct app *a, struct view *v, int act)
{
	struct source *sv = v->priv;
	struct pane *p = &v->pane;
	if (act == ACT_TOGGLE_ASM) {
		sv->show_asm = !sv->show_asm;
		source_build(a, v);
		p->n = sv->text.n;
		return 1;
	}
	if (act == ACT_ENTER) {
		/* a call: to its target's source */
		uint64_t to = p->cur < sv->target_cap && p->cur < sv->text.n
				      ? sv->target[p->cur]
				      : 0;
		if (!to)
			return 0;
		for (uint32_t i = 0; i < a->g->nfuncs; i++)
			if (a->g->nodes[i].sym->addr == to) {
				app_select_node(a, i, 1);
				return 1;
			}
		app_message(a, 1, "the call's target is not a function of the profile");
		return 1;
	}
	if (act != ACT_NEXT_HOT && act != ACT_PREV_HOT)
		return 0;
	int step = act == ACT_NEXT_HOT ? 1 : -1;
	for (int64_t i = (int64_t)p->cur + step; i >= 0 && i < (int64_t)sv->text.n;
	     i += step)
		if (sv->text.attr[i] == 1) {
			p->cur = (uint32_t)i;
			p->top = p->cur > 5 ? p->cur - 5 : 0;
			return 1;
		}
	app_message(a, 0, "no %s line with samples", step > 0 ? "later" : "earlier");
	return 1;
}

static void done(struct view *v)
{
	struct source *sv = v->priv;
	if (sv->actx.tabs)
		annot_ctx_free(&sv->actx);
	free(sv->target);
	view_text_done(v);
}

const struct view_ops view_source_ops = {
	.name = "source-view",
	.keymap = KV_SOURCE,
	.flags = VIEW_HEADER,
	.private_size = sizeof(struct source),
	.open = open_view,
	.build = view_text_build,
	.draw = draw,
	.key = key,
	.row_text = view_text_row_text,
	.done = done,
};
