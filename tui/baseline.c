/* SPDX-License-Identifier: GPL-3.0-or-later */
/* baseline: see baseline.h.
 *
 * The state is this file's own: the baseline's loaded model, the
 * comparison and the model generation it was made for.  The comparison
 * is made again lazily (baseline_func) when the browser's model changed,
 * since edits move time between functions. */
#include "config.h"
#include "baseline.h"
#include "app.h"
#include "compare.h"
#include "sort.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
	struct session *side; /* the baseline, opened as the text comparison's */
	char **files;         /* its profile names (side->o.profiles) */
	int nfiles;
	char name[256]; /* for messages: the first file, "+N" more */
	struct compare c;
	int compared;
	unsigned long gen; /* the model generation c was made for */
	int only_significant;
} bl;

int baseline_active(void)
{
	return bl.side != NULL;
}

static int arc_order_made; /* the comparison's arcs sorted (find_arc) */

static void uncompare(void)
{
	if (bl.compared)
		compare_free(&bl.c);
	bl.compared = 0;
	arc_order_made = 0;
}

static void free_files(char **files, int n)
{
	for (int i = 0; i < n; i++)
		free(files[i]);
	free(files);
}

void baseline_drop(struct app *a)
{
	uncompare();
	if (bl.side) {
		session_close(bl.side);
		free(bl.side);
	}
	bl.side = NULL;
	free_files(bl.files, bl.nfiles);
	bl.files = NULL;
	bl.nfiles = 0;
	bl.only_significant = 0;
	a->node_removed = 0; /* a row of the baseline's model */
	app_invalidate(a);
}

int baseline_load(struct app *a, const char *const *files, int n, char *msg, size_t len)
{
	/* The text comparison's baseline side (session_baseline_opts): the
	 * session's options, its own files, --edits and --break-cycles. */
	char **names = xmalloc((size_t)n * sizeof *names);
	for (int i = 0; i < n; i++)
		names[i] = xstrdup(files[i]);
	struct opts bo;
	session_baseline_opts(&bo, a->o, (const char *const *)names, n);
	struct session *side = xmalloc(sizeof *side);
	if (session_open(side, &bo, NULL, msg, len) < 0) {
		free(side);
		free_files(names, n);
		return -1; /* the old baseline, if any, stays */
	}
	baseline_drop(a);
	bl.side = side;
	bl.files = names;
	bl.nfiles = n;
	snprintf(bl.name, sizeof bl.name, "%s%s", files[0], n > 1 ? " (and more)" : "");
	app_invalidate(a);
	return 0;
}

/* The comparison for the model as it is now. */
static const struct compare *current(const struct app *a)
{
	if (!bl.side)
		return NULL;
	unsigned long gen = edit_generation(a->ed);
	if (bl.compared && bl.gen == gen)
		return &bl.c;
	uncompare();
	const struct opts *o = a->o;
	const struct opts *bo = &bl.side->o;
	struct compare_side before = { &bl.side->ld.g, bo->load.exe, bo->load.profiles,
				       bo->load.nprofiles };
	struct compare_side after = { a->g, o->load.exe, o->load.profiles,
				      o->load.nprofiles };
	compare_build(&bl.c, &before, &after, o->compare.normalize, o->report.zero);
	bl.compared = 1;
	bl.gen = gen;
	return &bl.c;
}

const struct compare_func *baseline_func(const struct app *a, uint32_t n)
{
	const struct compare *c = current(a);
	if (c && n & VIEW_ROW_BASE) {
		n &= ~VIEW_ROW_BASE;
		uint32_t k = n < bl.side->ld.g.nfuncs ? c->func_of[COMPARE_BEFORE][n]
						      : CG_NONE;
		return k == CG_NONE ? NULL : &c->funcs[k];
	}
	if (!c || n >= a->g->nfuncs)
		return NULL;
	uint32_t k = c->func_of[COMPARE_AFTER][n];
	return k == CG_NONE ? NULL : &c->funcs[k];
}

uint32_t baseline_next_removed(const struct app *a, uint32_t *k)
{
	const struct compare *c = current(a);
	while (c && *k < c->nfuncs) {
		const struct compare_func *f = &c->funcs[(*k)++];
		if (f->node[COMPARE_AFTER] == CG_NONE &&
		    f->node[COMPARE_BEFORE] != CG_NONE)
			return VIEW_ROW_BASE | f->node[COMPARE_BEFORE];
	}
	return CG_NONE;
}

const char *baseline_row_name(uint32_t row)
{
	const struct cg *g = baseline_graph();
	uint32_t n = row & ~VIEW_ROW_BASE;
	return g && n < g->nfuncs ? g->nodes[n].sym->dname : "";
}

const struct cg *baseline_graph(void)
{
	return bl.side ? &bl.side->ld.g : NULL;
}

int baseline_keep(const struct app *a, uint32_t n)
{
	if (!bl.side || !bl.only_significant)
		return 1;
	const struct compare_func *f = baseline_func(a, n);
	return f && f->significant;
}

/* ---- sorting: the comparators' context is the session ---- */

int baseline_cmp_change(const void *ctx, uint32_t l, uint32_t r)
{
	const struct compare_func *fl = baseline_func(ctx, l);
	const struct compare_func *fr = baseline_func(ctx, r);
	if (!fl || !fr)
		return (fl == NULL) - (fr == NULL); /* rows without one last */
	return -util_cmp_num(fl->change, fr->change);
}

int baseline_cmp_signif(const void *ctx, uint32_t l, uint32_t r)
{
	const struct compare_func *fl = baseline_func(ctx, l);
	const struct compare_func *fr = baseline_func(ctx, r);
	if (!fl || !fr)
		return (fl == NULL) - (fr == NULL);
	return compare_func_cmp(fl, fr);
}

/* ---- the columns, in the text comparison's format ---- */

int baseline_shown(const struct app *a, int w)
{
	(void)a;
	return bl.side && w >= 60;
}

static double scale(const struct app *a)
{
	return a->o->compare.normalize ? 100 : 1; /* shares as percentages */
}

/* Function N's comparison when the baseline has it; otherwise NULL, with
 * BUF set to what the "before" columns show: "" (not compared) or "-". */
static const struct compare_func *before_of(const struct app *a, uint32_t n, char *buf,
					    size_t len)
{
	const struct compare_func *f = baseline_func(a, n);
	if (f && f->node[COMPARE_BEFORE] != CG_NONE)
		return f;
	snprintf(buf, len, "%s", f ? "-" : "");
	return NULL;
}

void baseline_before_cell(const struct app *a, int view, uint32_t n, char *buf,
			  size_t len)
{
	(void)view;
	const struct compare_func *f = before_of(a, n, buf, len);
	if (f)
		snprintf(buf, len, "%.2f", scale(a) * f->self[COMPARE_BEFORE]);
}

void baseline_change_cell(const struct app *a, int view, uint32_t n, char *buf,
			  size_t len)
{
	(void)view;
	const struct compare_func *f = baseline_func(a, n);
	if (!f) {
		snprintf(buf, len, "%s", "");
		return;
	}
	/* no "-0.00", as in the text */
	double ch = fabs(scale(a) * f->change) < 0.005 ? 0 : scale(a) * f->change;
	snprintf(buf, len, "%+.2f %c", ch, f->significant ? '*' : ' ');
}

int baseline_calls_shown(const struct app *a, int w)
{
	(void)a;
	return bl.side != NULL && w >= 90;
}

void baseline_calls_before_cell(const struct app *a, int view, uint32_t n, char *buf,
				size_t len)
{
	(void)view;
	const struct compare_func *f = before_of(a, n, buf, len);
	if (f)
		snprintf(buf, len, "%llu", (unsigned long long)f->calls[COMPARE_BEFORE]);
}

/* A change of calls: "+N", "-N", "" when none. */
static void calls_delta(uint64_t before, uint64_t after, char *buf, size_t len)
{
	if (after == before)
		snprintf(buf, len, "%s", "");
	else if (after > before)
		snprintf(buf, len, "+%llu", (unsigned long long)(after - before));
	else
		snprintf(buf, len, "-%llu", (unsigned long long)(before - after));
}

void baseline_calls_change_cell(const struct app *a, int view, uint32_t n, char *buf,
				size_t len)
{
	(void)view;
	const struct compare_func *f = baseline_func(a, n);
	if (!f)
		snprintf(buf, len, "%s", "");
	else if (f->node[COMPARE_BEFORE] == CG_NONE)
		snprintf(buf, len, "new");
	else if (f->node[COMPARE_AFTER] == CG_NONE)
		snprintf(buf, len, "gone");
	else
		calls_delta(f->calls[COMPARE_BEFORE], f->calls[COMPARE_AFTER], buf, len);
}

/* The comparison's arcs by caller and callee, for the entry pane; made
 * again with the comparison. */
static uint32_t *arc_order;

static int cmp_arc_ends(const void *ctx, uint32_t l, uint32_t r)
{
	const struct compare *c = ctx;
	const struct compare_arc *x = &c->arcs[l], *y = &c->arcs[r];
	if (x->from != y->from)
		return x->from < y->from ? -1 : 1;
	return (x->to > y->to) - (x->to < y->to);
}

static const struct compare_arc *find_arc(const struct app *a, uint32_t from, uint32_t to)
{
	const struct compare *c = current(a);
	if (!c || from >= a->g->nfuncs || to >= a->g->nfuncs)
		return NULL;
	uint32_t f = c->func_of[COMPARE_AFTER][from], t = c->func_of[COMPARE_AFTER][to];
	if (f == CG_NONE || t == CG_NONE)
		return NULL;
	if (!arc_order_made) {
		arc_order =
			xrealloc(arc_order, ((size_t)c->narcs + 1) * sizeof *arc_order);
		for (uint32_t i = 0; i < c->narcs; i++)
			arc_order[i] = i;
		util_msort_u32(arc_order, c->narcs, cmp_arc_ends, c);
		arc_order_made = 1;
	}
	uint32_t lo = 0, hi = c->narcs;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		const struct compare_arc *m = &c->arcs[arc_order[mid]];
		if (m->from < f || (m->from == f && m->to < t))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < c->narcs && c->arcs[arc_order[lo]].from == f &&
	    c->arcs[arc_order[lo]].to == t)
		return &c->arcs[arc_order[lo]];
	return NULL;
}

void baseline_arc_cell(const struct app *a, uint32_t from, uint32_t to, char *buf,
		       size_t len)
{
	const struct compare_arc *c = find_arc(a, from, to);
	char d[32];
	if (!c)
		snprintf(buf, len, "%s", "");
	else if (!c->present[COMPARE_BEFORE])
		snprintf(buf, len, "new arc");
	else if (!c->present[COMPARE_AFTER])
		snprintf(buf, len, "gone");
	else {
		calls_delta(c->count[COMPARE_BEFORE], c->count[COMPARE_AFTER], d,
			    sizeof d);
		snprintf(buf, len, "%s%s", d, *d ? "c" : "");
	}
}

void baseline_summary(const struct app *a, char *buf, size_t len)
{
	const struct compare *c = current(a);
	if (!c) {
		snprintf(buf, len, "%s", "");
		return;
	}
	snprintf(buf, len,
		 "vs baseline: %u significant, %u calls changed, %u added, %u removed",
		 c->nsignificant, c->ncalls_changed, c->nadded, c->nremoved);
}

int baseline_change_role(const struct app *a, int view, uint32_t n)
{
	(void)view;
	const struct compare_func *f = baseline_func(a, n);
	if (!f)
		return 0;
	return f->significant > 0 ? 1 : f->significant < 0 ? 7 : 4;
}

/* ---- commands ---- */

void baseline_command(struct app *a, const char *arg)
{
	char buf[4096], msg[4200];
	const char *files[64];
	int n = 0;
	if (!*arg) {
		if (bl.side)
			app_message(a, 0, "baseline %s%s", bl.name,
				    bl.only_significant ? " (significant changes only)"
							: "");
		else
			app_message(a, 1,
				    "usage: baseline FILE...|off  (no baseline loaded)");
		return;
	}
	if (strcmp(arg, "off") == 0) {
		if (!bl.side) {
			app_message(a, 1, "baseline: none loaded");
			return;
		}
		baseline_drop(a);
		app_message(a, 0, "baseline off");
		return;
	}
	snprintf(buf, sizeof buf, "%s", arg);
	for (char *s = strtok(buf, " "); s && n < 64; s = strtok(NULL, " "))
		files[n++] = s;
	if (baseline_load(a, files, n, msg, sizeof msg) < 0) {
		app_message(a, 1, "baseline: %s", msg);
		return;
	}
	char sum[200];
	baseline_summary(a, sum, sizeof sum);
	app_message(a, 0, "baseline %s: %u functions compared; %s", bl.name,
		    current(a)->nfuncs, sum);
}

void baseline_significant(struct app *a, const char *arg)
{
	if (!bl.side) {
		app_message(a, 1, "significant: no baseline (:baseline FILE loads one)");
		return;
	}
	if (!*arg || strcmp(arg, "toggle") == 0)
		bl.only_significant = !bl.only_significant;
	else if (strcmp(arg, "on") == 0 || strcmp(arg, "off") == 0)
		bl.only_significant = strcmp(arg, "on") == 0;
	else {
		app_message(a, 1, "usage: significant [on|off]");
		return;
	}
	app_invalidate(a);
	int v = app_list_view(a);
	app_ensure_rows(a, v);
	app_message(a, 0, "%s: %u row%s shown",
		    bl.only_significant ? "significant changes only" : "every change",
		    app_view(a, v)->pane.n, app_view(a, v)->pane.n == 1 ? "" : "s");
}
