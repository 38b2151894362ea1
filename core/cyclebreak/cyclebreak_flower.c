/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak_flower: rows for the integer program around its busiest
 * members, where its other rows are weak.
 *
 * A hub (an interpreter's eval loop) lies on many short cycles: each
 * needs one of its arcs deleted unless all its members join the hub's
 * piece, which holds at most N.  The program's rows ("one arc of each
 * strongly connected set over N") let the relaxation delete a fraction of
 * an arc of each, about a petal's size over N of what a whole solution
 * must.  A flower says more.
 *
 * The flower: a cycle Z (the core, its members C, fewer than N) and ears
 * E_1 .. E_k, paths from a member of C to a member of C through s_i >= 1
 * members outside C, no member in two ears.  Let t be the most ears whose
 * sizes add up to at most N - |C| (the smallest ones).  Then every valid
 * deletion D satisfies
 *     (k - t) |D & Z| + sum over i of |D & E_i| >= k - t.
 * Why: if D keeps all of Z, C lies in one piece; an ear D keeps closes a
 * cycle with Z, so its members are in that piece too, which has at most
 * N members: at most t ears are kept, at least k - t lose an arc.  If D
 * deletes an arc of Z, the first term alone is k - t.  Ears and Z share
 * no arc (each ear arc has an end outside C), so the left side counts
 * each arc once.  Fixed arcs are never in D and are left out of the row.
 *
 * The flowers are grown where they bite: centers are the members of most
 * calls in and out; Z is the cycle through the center whose lightest arc
 * is heaviest (a core the relaxation cannot cheaply cut), and each ear in
 * turn the path back to C through unused members whose lightest arc is
 * heaviest (fewest members among equals). */
#include "config.h"
#include "cyclebreak_int.h"
#include "sort.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define FLOWER_CENTERS 256 /* flowers grown, at most */
#define FLOWER_EARS    400 /* ears of one flower, at most */

struct wnode {
	uint64_t width;
	uint32_t hops, v;
};

struct fl {
	const struct cb_sub *s;
	uint64_t *width;
	uint32_t *hops, *par, *seen, stamp;
	uint32_t *inc, cstamp;  /* in C (cstamp) */
	uint32_t *used, ustamp; /* in an ear of this flower (ustamp) */
	struct wnode *heap;
	size_t nheap;
	size_t cap_arc, cap_coef, cap_end, cap_rhs; /* of the rows */
};

static int wider(struct wnode a, struct wnode b)
{
	if (a.width != b.width)
		return a.width > b.width;
	return a.hops < b.hops;
}

static void push(struct fl *f, struct wnode e)
{
	size_t i = f->nheap++;
	while (i > 0 && wider(e, f->heap[(i - 1) / 2])) {
		f->heap[i] = f->heap[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	f->heap[i] = e;
}

static struct wnode pop(struct fl *f)
{
	struct wnode top = f->heap[0], e = f->heap[--f->nheap];
	size_t i = 0;
	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= f->nheap)
			break;
		if (c + 1 < f->nheap && wider(f->heap[c + 1], f->heap[c]))
			c++;
		if (!wider(f->heap[c], e))
			break;
		f->heap[i] = f->heap[c];
		i = c;
	}
	if (f->nheap > 0)
		f->heap[i] = e;
	return top;
}

/* An arc's width: its calls; fixed arcs are never cut, so unbounded. */
static uint64_t arc_width(const struct cb_sub *s, uint32_t a)
{
	return s->fixed[a] ? UINT64_MAX : s->w[a];
}

/* The widest path from the sources (C's members, or the center V alone
 * when C is empty) over members outside C and outside the ears, back to a
 * member of C (to V), through at least one new member when EAR.  Returns
 * the closing arc (the path: its tail's par chain), or CB_NONE. */
static uint32_t widest(struct fl *f, const uint32_t *src, uint32_t nsrc, int ear)
{
	const struct cb_sub *s = f->s;
	uint32_t stamp = ++f->stamp, best = CB_NONE;
	struct wnode bestn = { 0, 0, 0 };

	f->nheap = 0;
	for (uint32_t i = 0; i < nsrc; i++) {
		uint32_t v = src[i];
		f->seen[v] = stamp;
		f->width[v] = UINT64_MAX;
		f->hops[v] = 0;
		f->par[v] = CB_NONE;
		push(f, (struct wnode){ UINT64_MAX, 0, v });
	}
	while (f->nheap > 0) {
		struct wnode e = pop(f);
		uint32_t v = e.v;
		if (e.width != f->width[v] || e.hops != f->hops[v])
			continue;
		if (best != CB_NONE && !wider(e, bestn))
			break;
		for (uint32_t i = s->out_start[v]; i < s->out_start[v + 1]; i++) {
			uint32_t a = s->out_arc[i], u = s->dst[a];
			uint64_t wa = arc_width(s, a);
			struct wnode n = { wa < e.width ? wa : e.width, e.hops + 1, u };
			if (f->inc[u] == f->cstamp) {
				if ((!ear || f->par[v] != CB_NONE) &&
				    (best == CB_NONE || wider(n, bestn))) {
					bestn = n;
					best = a;
				}
				continue;
			}
			if (f->used[u] == f->ustamp)
				continue;
			if (f->seen[u] == stamp &&
			    !wider(n, (struct wnode){ f->width[u], f->hops[u], u }))
				continue;
			f->seen[u] = stamp;
			f->width[u] = n.width;
			f->hops[u] = n.hops;
			f->par[u] = a;
			push(f, n);
		}
	}
	return best;
}

/* Append a row: arcs ARC[0..n-1] with coefficients COEF, at least RHS. */
static void add_row(struct fl *f, struct cb_rows *r, const uint32_t *arc,
		    const double *coef, size_t n, double rhs)
{
	util_grow((void **)&r->arc, &f->cap_arc, r->narcs + n, sizeof *r->arc);
	util_grow((void **)&r->coef, &f->cap_coef, r->narcs + n, sizeof *r->coef);
	memcpy(r->arc + r->narcs, arc, n * sizeof *arc);
	memcpy(r->coef + r->narcs, coef, n * sizeof *coef);
	r->narcs += n;
	util_grow((void **)&r->end, &f->cap_end, r->n + 1, sizeof *r->end);
	util_grow((void **)&r->rhs, &f->cap_rhs, r->n + 1, sizeof *r->rhs);
	r->end[r->n] = r->narcs;
	r->rhs[r->n++] = rhs;
}

/* Members by calls in and out (CTX: per member), most first. */
static int busier(const void *l, const void *r, void *ctx)
{
	const uint64_t *deg = ctx;
	uint32_t a = *(const uint32_t *)l, b = *(const uint32_t *)r;
	if (deg[a] != deg[b])
		return deg[a] > deg[b] ? -1 : 1;
	return (a > b) - (a < b);
}

void cb_flowers(const struct cb_sub *s, long bound, struct cb_rows *out, double until)
{
	struct fl f;
	size_t nn = (size_t)s->n + 1;

	memset(out, 0, sizeof *out);
	if (bound < 2 || s->n <= (uint32_t)bound)
		return;
	memset(&f, 0, sizeof f);
	f.s = s;
	f.width = xmalloc(nn * sizeof(uint64_t));
	f.hops = xmalloc(nn * sizeof(uint32_t));
	f.par = xmalloc(nn * sizeof(uint32_t));
	f.seen = xcalloc(nn, sizeof(uint32_t));
	f.inc = xcalloc(nn, sizeof(uint32_t));
	f.used = xcalloc(nn, sizeof(uint32_t));
	f.heap = xmalloc(((size_t)s->m + nn) * sizeof *f.heap);
	uint64_t *deg = xcalloc(nn, sizeof(uint64_t));
	uint32_t *order = xmalloc(nn * sizeof(uint32_t));
	uint32_t *core = xmalloc(nn * sizeof(uint32_t));
	uint32_t *rarc = xmalloc(((size_t)s->m + 1) * sizeof(uint32_t));
	double *rcoef = xmalloc(((size_t)s->m + 1) * sizeof(double));
	uint32_t *sizes = xmalloc((FLOWER_EARS + 1) * sizeof(uint32_t));

	for (uint32_t a = 0; a < s->m; a++) {
		deg[s->src[a]] += s->w[a];
		deg[s->dst[a]] += s->w[a];
	}
	for (uint32_t v = 0; v < s->n; v++)
		order[v] = v;
	util_qsort_r(order, s->n, sizeof *order, busier, deg);
	uint32_t ncent = s->n < FLOWER_CENTERS ? s->n : FLOWER_CENTERS;
	for (uint32_t ci = 0; ci < ncent && util_now() < until; ci++) {
		uint32_t v = order[ci], nc = 0, nr = 0, k = 0;
		/* the core: the widest cycle through v */
		f.cstamp++;
		f.ustamp++;
		f.inc[v] = f.cstamp;
		uint32_t a = widest(&f, &v, 1, 0);
		if (a == CB_NONE)
			continue;
		rarc[nr++] = a;
		for (uint32_t u = s->src[a]; u != v; u = s->src[f.par[u]])
			rarc[nr++] = f.par[u];
		core[nc++] = v;
		for (uint32_t i = 0; i < nr; i++)
			if (s->src[rarc[i]] != v)
				core[nc++] = s->src[rarc[i]];
		if (nc > (uint32_t)bound)
			continue; /* a witness of its own */
		for (uint32_t i = 0; i < nc; i++)
			f.inc[core[i]] = f.cstamp;
		size_t zend = nr;
		/* the ears */
		while (k < FLOWER_EARS) {
			uint32_t b = widest(&f, core, nc, 1);
			if (b == CB_NONE)
				break;
			uint32_t size = 0;
			rarc[nr++] = b;
			for (uint32_t u = s->src[b]; f.inc[u] != f.cstamp;
			     u = s->src[f.par[u]]) {
				f.used[u] = f.ustamp;
				rarc[nr++] = f.par[u];
				size++;
			}
			sizes[k++] = size;
		}
		util_qsort(sizes, k, sizeof *sizes, util_qcmp_u32);
		uint32_t t = 0, room = (uint32_t)bound - nc;
		while (t < k && sizes[t] <= room)
			room -= sizes[t++];
		if (k <= t)
			continue;
		/* the row, deletable arcs only */
		size_t n = 0;
		for (size_t i = 0; i < nr; i++) {
			if (s->fixed[rarc[i]])
				continue;
			rarc[n] = rarc[i];
			rcoef[n++] = i < zend ? (double)(k - t) : 1.0;
		}
		if (n > 0)
			add_row(&f, out, rarc, rcoef, n, (double)(k - t));
	}
	free(f.width);
	free(f.hops);
	free(f.par);
	free(f.seen);
	free(f.inc);
	free(f.used);
	free(f.heap);
	free(deg);
	free(order);
	free(core);
	free(rarc);
	free(rcoef);
	free(sizes);
}
