/* SPDX-License-Identifier: GPL-3.0-or-later */
/* flame: the top-down path tree (core/tree) pruned and counted in whole
 * units, and the folded-stacks format written from it.
 *
 * Units: microseconds (samples when the profile has no sampling rate).
 * A row (a path) is drawn when its total is at least the threshold
 * (--flame-min, a fraction of the call graph's total) and above zero; the
 * children of a drawn row that are not drawn are folded into one frame
 * "[below threshold]" under it, the top rows that are not drawn into one
 * such frame at the top.  So the output is bounded (at most 1/threshold
 * rows at each depth) and nothing is lost.
 *
 * The counts are whole numbers that keep gprof's sums exactly:
 *  - every function gets its call-graph self time rounded down, and the
 *    units the total rounded has beyond those go to the largest fractions
 *    left: each function is off by less than a unit, and the counts add
 *    up to the call graph's total, rounded;
 *  - a function's count is split over the paths drawn for it in
 *    proportion to their times, less what of it lies in folded frames
 *    (its call-graph self time less its drawn paths' times, rounded): so
 *    when nothing of a function is folded, its paths add up to its
 *    flat-profile self time (its call-graph line's), in whole units;
 *  - the folded frames share what the functions left to them, by their
 *    times.
 * A cycle's row has no time of its own: its members, drawn below it,
 * hold it.  Functions are named as the call graph names them, a cycle
 * "<cycle N as a whole>"; readers merge frames of one name, so functions
 * sharing a name (static functions) get their file's name, or where
 * that does not tell them apart their address, as a suffix: "helper
 * (beta.c)", "helper (0x1139)". */
#include "config.h"
#include "exportint.h"
#include "cg.h"
#include "sort.h"
#include "util.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_dname(const void *a, const void *b, void *ctx)
{
	const struct cg *g = ctx;
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	int c = strcmp(g->nodes[x].sym->dname, g->nodes[y].sym->dname);
	return c ? c : (x > y) - (x < y);
}

static const char *base_name(const char *path)
{
	const char *s = path ? strrchr(path, '/') : NULL;
	return s ? s + 1 : path;
}

/* Readers merge frames by name, so a function whose name another shares
 * (static functions) gets a suffix: its file's name where that tells it
 * from the others, else its address. */
static void name_duplicates(struct flame *f)
{
	const struct cg *g = f->g;
	uint32_t nf = g->nfuncs;
	uint32_t *v = xmalloc(((size_t)nf + 1) * sizeof *v);

	f->names = xcalloc((size_t)nf + 1, sizeof *f->names);
	for (uint32_t i = 0; i < nf; i++)
		v[i] = i;
	util_qsort_r(v, nf, sizeof *v, cmp_dname, (void *)g);
	for (uint32_t lo = 0, hi; lo < nf; lo = hi) {
		const char *name = g->nodes[v[lo]].sym->dname;
		for (hi = lo + 1; hi < nf && !strcmp(g->nodes[v[hi]].sym->dname, name);
		     hi++)
			;
		if (hi - lo < 2)
			continue;
		for (uint32_t k = lo; k < hi; k++) {
			const struct sym *s = g->nodes[v[k]].sym;
			const char *file = base_name(s->file);
			for (uint32_t j = lo; j < hi && file; j++) {
				const char *other = base_name(g->nodes[v[j]].sym->file);
				if (j != k && other && !strcmp(other, file))
					file = NULL;
			}
			size_t len = strlen(name) + (file ? strlen(file) : 20) + 4;
			char *buf = xmalloc(len);
			if (file)
				snprintf(buf, len, "%s (%s)", name, file);
			else
				snprintf(buf, len, "%s (0x%llx)", name,
					 (unsigned long long)s->addr);
			f->names[v[k]] = buf;
		}
	}
	free(v);
}

const char *flame_name(const struct flame *f, uint32_t node, char *buf, size_t len)
{
	if (node < f->g->nfuncs && f->names[node])
		return f->names[node];
	return tree_name(f->g, node, buf, len);
}

double export_flame_min(const struct edit *e, const struct export_params *p)
{
	return p && p->flame_min >= 0 ? p->flame_min : edit_opts(e)->export.flame_min;
}

static uint64_t round_units(double x)
{
	return x > 0 ? (uint64_t)floor(x + 0.5) : 0;
}

/* Split TOTAL over the rows in IDX[0..N) by the weights W[row] into
 * OUT[row]; WB and PB are scratch of N elements at least. */
static void split_rows(uint64_t total, const uint32_t *idx, size_t n, const double *w,
		       uint64_t *out, double *wb, uint64_t *pb)
{
	for (size_t i = 0; i < n; i++)
		wb[i] = w[idx[i]];
	export_split(total, wb, n, pb);
	for (size_t i = 0; i < n; i++)
		out[idx[i]] = pb[i];
}

/* Whole units: per function (see the head comment), then per row. */
static void count_units(struct flame *f, const double *excl, const double *below,
			double top_below)
{
	const struct cg *g = f->g;
	const struct tree *t = &f->t;
	uint32_t nf = g->nfuncs, nr = t->nrows;
	double *w = xmalloc(((size_t)nf + 1) * sizeof *w);
	uint64_t *target = xmalloc(((size_t)nf + 1) * sizeof *target);
	double sum = 0;

	/* each function the floor of its time, and the units the total
	 * rounded has beyond those split by the fractions left (so that no
	 * function is off by a unit or more) */
	double *frac = xmalloc(((size_t)nf + 1) * sizeof *frac);
	uint64_t floors = 0;
	for (uint32_t i = 0; i < nf; i++) {
		w[i] = g->nodes[i].prop_self > 0 ? g->nodes[i].prop_self * f->unit : 0;
		sum += w[i];
		frac[i] = w[i] - floor(w[i]);
		floors += (uint64_t)floor(w[i]);
	}
	uint64_t all = round_units(sum);
	export_split(all > floors ? all - floors : 0, frac, nf, target);
	for (uint32_t i = 0; i < nf; i++)
		target[i] += (uint64_t)floor(w[i]);
	free(frac);

	/* the drawn rows of each function, grouped (counting sort) */
	uint32_t *start = xcalloc((size_t)nf + 2, sizeof *start);
	uint32_t *idx = xmalloc(((size_t)nr + 1) * sizeof *idx);
	for (uint32_t r = 0; r < nr; r++)
		if (f->kept[r] && !cg_is_cycle(g, t->rows[r].node))
			start[t->rows[r].node + 2]++;
	for (uint32_t i = 0; i < nf; i++)
		start[i + 2] += start[i + 1];
	for (uint32_t r = 0; r < nr; r++)
		if (f->kept[r] && !cg_is_cycle(g, t->rows[r].node))
			idx[start[t->rows[r].node + 1]++] = r;

	size_t nbelow = top_below > 0;
	for (uint32_t r = 0; r < nr; r++)
		nbelow += f->kept[r] && below[r] > 0;
	double *wb = xmalloc(((size_t)nr + 1) * sizeof *wb);
	uint64_t *pb = xmalloc(((size_t)nr + 1) * sizeof *pb);
	uint64_t folded = 0;
	for (uint32_t i = 0; i < nf; i++) {
		uint32_t lo = start[i], hi = start[i + 1];
		double drawn = 0;
		for (uint32_t k = lo; k < hi; k++)
			drawn += excl[idx[k]];
		uint64_t out = 0;
		if (drawn <= 0)
			out = target[i];
		else if (nbelow > 0)
			out = round_units(w[i] - drawn);
		if (out > target[i])
			out = target[i];
		folded += out;
		split_rows(target[i] - out, idx + lo, hi - lo, excl, f->excl, wb, pb);
	}

	/* the folded frames: each drawn row's, then the top one (last) */
	int top = top_below > 0 || (nbelow == 0 && folded > 0);
	size_t k = 0;
	double *bw = xmalloc((nbelow + 2) * sizeof *bw);
	uint64_t *bp = xmalloc((nbelow + 2) * sizeof *bp);
	for (uint32_t r = 0; r < nr; r++)
		if (f->kept[r] && below[r] > 0) {
			idx[k] = r;
			bw[k++] = below[r];
		}
	if (top)
		bw[k++] = top_below > 0 ? top_below : 1;
	export_split(folded, bw, k, bp);
	for (size_t i = 0; i + top < k; i++)
		f->below[idx[i]] = bp[i];
	if (top)
		f->top_below = bp[k - 1];

	/* totals, children before parents (children come later in rows) */
	for (uint32_t r = nr; r-- > 0;) {
		if (!f->kept[r])
			continue;
		f->total[r] += f->excl[r] + f->below[r];
		uint32_t p = t->rows[r].parent;
		if (p != TREE_NONE)
			f->total[p] += f->total[r];
		else
			f->sum += f->total[r];
	}
	f->sum += f->top_below;
	free(bw);
	free(bp);
	free(wb);
	free(pb);
	free(start);
	free(idx);
	free(target);
	free(w);
}

int flame_build(struct flame *f, const struct cg *g, double min_fraction, char *msg,
		size_t msglen)
{
	memset(f, 0, sizeof *f);
	f->g = g;
	f->seconds = g->hz > 0;
	f->unit = g->hz > 0 ? 1e6 / g->hz : 1.0;
	tree_open(&f->t, g, TREE_DOWN, 0);
	name_duplicates(f);
	struct tree *t = &f->t;
	double min_total = min_fraction > 0 ? min_fraction * t->whole : 0;
	if (!(min_total > 0))
		min_total = DBL_MIN; /* no threshold: drop only what has no time */

	double top_below = 0;
	for (uint32_t r = 0; r < t->nroots; r++)
		if (!(t->rows[r].total >= min_total))
			top_below += t->rows[r].total;
	/* rows are added behind the loop's index: every drawn row is expanded */
	for (uint32_t r = 0; r < t->nrows; r++) {
		if (r >= t->nroots || t->rows[r].total >= min_total)
			tree_expand(t, r, min_total);
		if (t->nrows > FLAME_MAX_ROWS) {
			util_msg(msg, msglen,
				 "more than %u paths above the threshold (%g%% of the "
				 "total); raise --flame-min",
				 FLAME_MAX_ROWS, min_fraction * 100);
			flame_free(f);
			return -1;
		}
	}

	uint32_t nr = t->nrows;
	f->kept = xcalloc((size_t)nr + 1, 1);
	f->excl = xcalloc((size_t)nr + 1, sizeof *f->excl);
	f->below = xcalloc((size_t)nr + 1, sizeof *f->below);
	f->total = xcalloc((size_t)nr + 1, sizeof *f->total);
	double *excl = xmalloc(((size_t)nr + 1) * sizeof *excl);
	double *below = xmalloc(((size_t)nr + 1) * sizeof *below);
	for (uint32_t r = 0; r < nr; r++) {
		const struct tree_row *row = &t->rows[r];
		f->kept[r] = r >= t->nroots || row->total >= min_total;
		excl[r] = tree_exclusive(t, r) * f->unit;
		below[r] = row->below * f->unit;
		/* a row not expanded because it repeats its path (never on a
		 * propagated model): what lies below it is folded */
		if (row->repeat)
			below[r] += (row->total - tree_exclusive(t, r)) * f->unit;
		if (f->kept[r] && row->depth + 1 > f->depth)
			f->depth = row->depth + 1;
	}
	count_units(f, excl, below, top_below * f->unit);
	free(excl);
	free(below);
	return 0;
}

void flame_free(struct flame *f)
{
	for (uint32_t i = 0; f->names && i < f->g->nfuncs; i++)
		free(f->names[i]);
	free(f->names);
	tree_close(&f->t);
	free(f->kept);
	free(f->excl);
	free(f->below);
	free(f->total);
	memset(f, 0, sizeof *f);
}

/* Append name S to LINE at *AT as a folded stack frame: the frame
 * separator ';', control characters (a newline would end the line) and
 * bytes that are not UTF-8 written as C escapes ("\x3b"). */
static void folded_name(char **line, size_t *cap, size_t *at, const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	char buf[8];

	for (size_t i = 0; u[i];) {
		const char *piece = buf;
		size_t n = 1;
		int len = export_utf8_len(u + i);
		if (u[i] == ';' || len == 0)
			snprintf(buf, sizeof buf, "\\x%02x", u[i]);
		else if (u[i] < 0x20 || u[i] == 0x7f)
			piece = util_ctrl_escape(u[i], buf);
		else
			piece = s + i, n = (size_t)len;
		size_t k = piece == s + i ? n : strlen(piece);
		util_grow((void **)line, cap, *at + k + 1, 1);
		memcpy(*line + *at, piece, k);
		*at += k;
		i += n;
	}
}

void flame_walk(const struct flame *f, flame_visit_fn visit, void *ctx)
{
	const struct tree *t = &f->t;
	uint32_t *stack = xmalloc(((size_t)f->depth + 1) * sizeof *stack);
	uint32_t *next = xmalloc(((size_t)f->depth + 1) * sizeof *next);

	for (uint32_t top = 0; top < t->nroots; top++) {
		if (!f->kept[top])
			continue;
		uint32_t d = 0;
		stack[0] = top;
		next[0] = 0;
		visit(ctx, stack, 1, 1);
		while (1) {
			const struct tree_row *row = &t->rows[stack[d]];
			if (next[d] < row->nchild) {
				stack[d + 1] = row->child + next[d]++;
				next[++d] = 0;
				visit(ctx, stack, d + 1, 1);
				continue;
			}
			visit(ctx, stack, d + 1, 0);
			if (d == 0)
				break;
			d--;
		}
	}
	free(stack);
	free(next);
}

struct folded_ctx {
	FILE *out;
	const struct flame *f;
	char *line;
	size_t *len; /* per depth: the stack's length up to that frame */
	size_t cap;
};

static void folded_visit(void *ctx, const uint32_t *path, uint32_t n, int enter)
{
	struct folded_ctx *c = ctx;
	const struct flame *f = c->f;
	uint32_t r = path[n - 1];

	if (!enter) {
		if (f->below[r]) {
			fwrite(c->line, 1, c->len[n - 1], c->out);
			fprintf(c->out, ";[below threshold] %llu\n",
				(unsigned long long)f->below[r]);
		}
		return;
	}
	/* the stack so far, then this frame's name */
	char nb[64];
	size_t at = n > 1 ? c->len[n - 2] : 0;
	if (n > 1) {
		util_grow((void **)&c->line, &c->cap, at + 1, 1);
		c->line[at++] = ';';
	}
	folded_name(&c->line, &c->cap, &at,
		    flame_name(f, f->t.rows[r].node, nb, sizeof nb));
	c->len[n - 1] = at;
	if (f->excl[r]) {
		fwrite(c->line, 1, c->len[n - 1], c->out);
		fprintf(c->out, " %llu\n", (unsigned long long)f->excl[r]);
	}
}

int export_folded(FILE *out, const struct edit *e, const struct export_params *p,
		  char *msg, size_t msglen)
{
	struct flame f;
	struct folded_ctx c = { out, &f, NULL, NULL, 0 };

	if (flame_build(&f, edit_graph(e), export_flame_min(e, p), msg, msglen))
		return -1;
	c.len = xmalloc(((size_t)f.depth + 1) * sizeof *c.len);
	flame_walk(&f, folded_visit, &c);
	if (f.top_below)
		fprintf(out, "[below threshold] %llu\n", (unsigned long long)f.top_below);
	free(c.line);
	free(c.len);
	flame_free(&f);
	return 0;
}
