/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak_keep: whether every component still fits the bound when one
 * more arc is kept, decided incrementally, and the restore pass built on
 * it (keep back deleted arcs, heaviest first, while everything fits).
 *
 * "Still fits" is decided with an incrementally maintained topological
 * order of the components (after Pearce and Kelly, extended to merge the
 * components a kept arc closes into one), so each test only searches the
 * part of the order between the arc's ends, from both ends in turns: a
 * cycle is rejected as soon as the two searches share more than N
 * members, and the order is repaired from whichever search completes
 * first.  Exact: no test gives up. */
#include "config.h"
#include "cyclebreak_int.h"
#include "sort.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct keep {
	const struct cb_sub *s;
	long bound;
	uint8_t *kept;                   /* per arc */
	uint32_t *uf;                    /* union-find over nodes */
	uint32_t *size;                  /* per representative: members */
	uint32_t *ord;                   /* per representative: its place in the order */
	uint32_t *at;                    /* per place: its representative, or CB_NONE */
	uint32_t *first, *last, *next;   /* member lists */
	uint32_t *markf, *markb, *markm; /* per rep: stamp of the last visit */
	uint32_t *parf, *parb;           /* per rep: the rep a search reached it from */
	uint32_t *markc;                 /* per rep: stamp when counted as merged */
	uint64_t lb; /* members proven to be in the merged component */
	uint32_t stamp;
	uint32_t *stf, *stb, *stack; /* search stacks */
	uint32_t *grp;               /* reordering: the reps before, then after */
};

static uint32_t uf_find(struct keep *k, uint32_t v)
{
	while (k->uf[v] != v) {
		k->uf[v] = k->uf[k->uf[v]];
		v = k->uf[v];
	}
	return v;
}

/* Start from the arcs in KEPT (copied): its components and a topological
 * order of them. */
static void keep_init(struct keep *k, const struct cb_sub *s, long bound,
		      const uint8_t *kept)
{
	uint32_t n = s->n;
	size_t nn = (size_t)n + 1;

	memset(k, 0, sizeof *k);
	k->s = s;
	k->bound = bound;
	k->kept = xmalloc((size_t)s->m + 1);
	memcpy(k->kept, kept, s->m);
	k->uf = xmalloc(nn * sizeof(uint32_t));
	k->size = xcalloc(nn, sizeof(uint32_t));
	k->ord = xmalloc(nn * sizeof(uint32_t));
	k->at = xmalloc(nn * sizeof(uint32_t));
	k->first = xmalloc(nn * sizeof(uint32_t));
	k->last = xmalloc(nn * sizeof(uint32_t));
	k->next = xmalloc(nn * sizeof(uint32_t));
	k->markf = xcalloc(nn, sizeof(uint32_t));
	k->markb = xcalloc(nn, sizeof(uint32_t));
	k->markm = xcalloc(nn, sizeof(uint32_t));
	k->markc = xcalloc(nn, sizeof(uint32_t));
	k->parf = xmalloc(nn * sizeof(uint32_t));
	k->parb = xmalloc(nn * sizeof(uint32_t));
	k->stf = xmalloc(nn * sizeof(uint32_t));
	k->stb = xmalloc(nn * sizeof(uint32_t));
	k->stack = xmalloc(nn * sizeof(uint32_t));
	k->grp = xmalloc(2 * nn * sizeof(uint32_t));

	uint8_t *del = xmalloc((size_t)s->m + 1);
	for (uint32_t a = 0; a < s->m; a++)
		del[a] = !kept[a];
	uint32_t *comp = xmalloc(nn * sizeof(uint32_t));
	uint32_t nc = cb_scc(s, del, comp);
	uint32_t *rep = xmalloc(((size_t)nc + 1) * sizeof(uint32_t));
	for (uint32_t c = 0; c < nc; c++)
		rep[c] = CB_NONE;
	for (uint32_t v = 0; v < n; v++)
		k->at[v] = CB_NONE;
	for (uint32_t v = 0; v < n; v++) {
		uint32_t c = comp[v], r = rep[c];
		k->next[v] = CB_NONE;
		if (r == CB_NONE) {
			rep[c] = v;
			k->uf[v] = v;
			k->first[v] = k->last[v] = v;
			k->size[v] = 1;
			k->ord[v] = nc - 1 - c; /* arcs go from higher c to lower */
			k->at[k->ord[v]] = v;
		} else {
			k->uf[v] = r;
			k->next[k->last[r]] = v;
			k->last[r] = v;
			k->size[r]++;
		}
	}
	free(rep);
	free(comp);
	free(del);
}

static void keep_free(struct keep *k)
{
	free(k->kept);
	free(k->uf);
	free(k->size);
	free(k->ord);
	free(k->at);
	free(k->first);
	free(k->last);
	free(k->next);
	free(k->markf);
	free(k->markb);
	free(k->markm);
	free(k->markc);
	free(k->parf);
	free(k->parb);
	free(k->stf);
	free(k->stb);
	free(k->stack);
	free(k->grp);
}

/* One side of the search for a kept arc's cycle: forward from the arc's
 * head or backward from its tail, inside the open window (lo, hi) of the
 * order, where every path between the ends lies. */
struct side {
	int forward;
	uint32_t *mark, *stack, sp, target, *par;
	uint64_t work;
};

/* Count the reps on the path the search of side D found to X (each on a
 * path between the ends once a cycle is known, so merged). */
static void count_path(struct keep *k, const struct side *d, uint32_t x)
{
	while (x != CB_NONE && k->markc[x] != k->stamp) {
		k->markc[x] = k->stamp;
		k->lb += k->size[x];
		x = d->par[x];
	}
}

/* Visit the successors (or predecessors) of rep R.  Meeting the other end
 * or a rep the other side visited proves a cycle (*MET); the paths found
 * to it from both ends are in the merged component, their members are
 * counted in k->lb.  Stops once that exceeds the bound. */
static void side_expand(struct keep *k, struct side *d, const struct side *o, uint32_t r,
			uint32_t lo, uint32_t hi, int *met)
{
	const struct cb_sub *s = k->s;
	for (uint32_t v = k->first[r]; v != CB_NONE; v = k->next[v]) {
		uint32_t b0 = d->forward ? s->out_start[v] : s->in_start[v];
		uint32_t b1 = d->forward ? s->out_start[v + 1] : s->in_start[v + 1];
		for (uint32_t i = b0; i < b1; i++) {
			uint32_t a = d->forward ? s->out_arc[i] : s->in_arc[i];
			if (!k->kept[a])
				continue;
			d->work++;
			uint32_t t = uf_find(k, d->forward ? s->dst[a] : s->src[a]);
			if (t == d->target) {
				*met = 1;
				count_path(k, d, r);
				if (k->lb > (uint64_t)k->bound)
					return;
				continue;
			}
			if (k->ord[t] <= lo || k->ord[t] >= hi || d->mark[t] == k->stamp)
				continue;
			d->mark[t] = k->stamp;
			d->par[t] = r;
			d->stack[d->sp++] = t;
			if (o->mark[t] == k->stamp) {
				*met = 1;
				count_path(k, d, t);
				count_path(k, o, o->par[t]);
				if (k->lb > (uint64_t)k->bound)
					return;
			}
		}
	}
}

/* The members of the merged component when the search of side D is
 * complete: the reps D visited that reach D's target (its own end and the
 * target included), marked in markm.  Returns their
 * members, stopping early once over the bound. */
static uint64_t merged_set(struct keep *k, const struct side *d)
{
	const struct cb_sub *s = k->s;
	int fwd = !d->forward; /* from the other end, back towards END */
	uint32_t start = d->target, sp = 0;
	uint64_t total = k->size[start];

	k->markm[start] = k->stamp;
	k->stack[sp++] = start;
	while (sp > 0 && total <= (uint64_t)k->bound) {
		uint32_t r = k->stack[--sp];
		for (uint32_t v = k->first[r]; v != CB_NONE; v = k->next[v]) {
			uint32_t b0 = fwd ? s->out_start[v] : s->in_start[v];
			uint32_t b1 = fwd ? s->out_start[v + 1] : s->in_start[v + 1];
			for (uint32_t i = b0; i < b1; i++) {
				uint32_t a = fwd ? s->out_arc[i] : s->in_arc[i];
				if (!k->kept[a])
					continue;
				uint32_t t = uf_find(k, fwd ? s->dst[a] : s->src[a]);
				if (d->mark[t] != k->stamp || k->markm[t] == k->stamp)
					continue;
				k->markm[t] = k->stamp;
				total += k->size[t];
				k->stack[sp++] = t;
			}
		}
	}
	return total;
}

/* Keep arc A if every component still fits afterwards.  Returns 1 if
 * kept.
 *
 * The two searches run in turns, the one with less work first, until one
 * is complete; the set it found (everything reachable from its end inside
 * the window) then moves as a block past the other end, the rest of the
 * window keeping its order.  Once they meet, the paths they took to the
 * meeting point join the ends in a cycle, so all their members would be
 * merged: the arc is rejected as soon as those exceed the bound, which in
 * a dense graph happens long before either search completes (on the dense
 * bench case this cut the work of the rejections thirteenfold). */
static int keep_try(struct keep *k, uint32_t a)
{
	const struct cb_sub *s = k->s;
	uint32_t rx = uf_find(k, s->src[a]), ry = uf_find(k, s->dst[a]);
	int met = 0;

	if (rx == ry || k->ord[rx] < k->ord[ry]) {
		k->kept[a] = 1;
		return 1;
	}
	uint32_t lo = k->ord[ry], hi = k->ord[rx];
	struct side f = { 1, k->markf, k->stf, 0, rx, k->parf, 0 };
	struct side b = { 0, k->markb, k->stb, 0, ry, k->parb, 0 };
	k->stamp++;
	/* the ends are merged if anything is */
	k->markc[rx] = k->markc[ry] = k->stamp;
	k->lb = (uint64_t)k->size[rx] + k->size[ry];
	k->parf[ry] = k->parb[rx] = CB_NONE;
	f.mark[ry] = k->stamp;
	f.stack[f.sp++] = ry;
	b.mark[rx] = k->stamp;
	b.stack[b.sp++] = rx;
	struct side *done;
	for (;;) {
		if (met && k->lb > (uint64_t)k->bound)
			return 0;
		if (f.sp == 0) {
			done = &f;
			break;
		}
		if (b.sp == 0) {
			done = &b;
			break;
		}
		if (f.work <= b.work)
			side_expand(k, &f, &b, f.stack[--f.sp], lo, hi, &met);
		else
			side_expand(k, &b, &f, b.stack[--b.sp], lo, hi, &met);
	}
	/* DONE holds every rep its end reaches in the window (its own end
	 * included); it met the other end iff the arc closes a cycle.  Then
	 * the merged component is marked in markm. */
	int cyc = 0;
	if (met) {
		if (merged_set(k, done) > (uint64_t)k->bound)
			return 0;
		cyc = 1;
	}
	k->kept[a] = 1;

	/* New order of the window: forward complete: the rest, the merged
	 * rep, then the reached reps; backward complete: the reached reps,
	 * the merged rep, then the rest.  Places left over stay empty. */
	uint32_t nb = 0, na = 0, nm = 0;
	uint32_t *before = k->grp, *after = k->grp + s->n + 1, *merged = k->stack;
	for (uint32_t p = lo; p <= hi; p++) {
		uint32_t r = k->at[p];
		if (r == CB_NONE)
			continue;
		if (cyc && k->markm[r] == k->stamp)
			merged[nm++] = r;
		else if ((done->mark[r] == k->stamp) == done->forward)
			after[na++] = r;
		else
			before[nb++] = r;
	}
	uint32_t p = lo;
	for (uint32_t i = 0; i < nb; i++) {
		k->ord[before[i]] = p;
		k->at[p++] = before[i];
	}
	if (cyc) {
		for (uint32_t i = 0; i < nm; i++) {
			uint32_t r = merged[i];
			if (r == rx)
				continue;
			k->uf[r] = rx;
			k->next[k->last[rx]] = k->first[r];
			k->last[rx] = k->last[r];
			k->size[rx] += k->size[r];
		}
		k->ord[rx] = p;
		k->at[p++] = rx;
	}
	for (uint32_t i = 0; i < na; i++) {
		k->ord[after[i]] = p;
		k->at[p++] = after[i];
	}
	while (p <= hi)
		k->at[p++] = CB_NONE;
	return 1;
}

struct cb_keep {
	struct keep k;
};

struct cb_keep *cb_keep_new(const struct cb_sub *s, long bound, const uint8_t *kept)
{
	struct cb_keep *k = xmalloc(sizeof *k);
	keep_init(&k->k, s, bound, kept);
	return k;
}

int cb_keep_try(struct cb_keep *k, uint32_t a)
{
	return keep_try(&k->k, a);
}

void cb_keep_free(struct cb_keep *k)
{
	if (k) {
		keep_free(&k->k);
		free(k);
	}
}

/* Order of the arcs to try: heaviest first, then by arc index. */
static int cmp_heavy(const void *l, const void *r, void *ctx)
{
	const struct cb_sub *s = ctx;
	uint32_t a = *(const uint32_t *)l, b = *(const uint32_t *)r;
	uint64_t wa = s->w[a], wb = s->w[b];
	if (wa != wb)
		return wa > wb ? -1 : 1;
	return (a > b) - (a < b);
}

void cb_restore_as(const struct cb_sub *s, long bound, uint8_t *del, const uint8_t *only,
		   const char *what)
{
	uint8_t *kept = xmalloc((size_t)s->m + 1);
	uint32_t *cand = xmalloc(((size_t)s->m + 1) * sizeof(uint32_t));
	uint32_t nc = 0;
	struct keep k;

	for (uint32_t a = 0; a < s->m; a++) {
		kept[a] = !del[a];
		if (del[a] && !s->fixed[a] && (!only || only[a]))
			cand[nc++] = a;
	}
	util_qsort_r(cand, nc, sizeof *cand, cmp_heavy, (void *)s);
	keep_init(&k, s, bound, kept);
	for (uint32_t i = 0; i < nc && !cb_cancelled(s); i++) {
		if (s->progress && (i & 1023) == 0 &&
		    s->progress(s->progress_ctx, what, (double)i / nc) && s->cancel)
			*s->cancel = 1;
		if (keep_try(&k, cand[i]))
			del[cand[i]] = 0;
	}
	keep_free(&k);
	free(cand);
	free(kept);
}

void cb_restore(const struct cb_sub *s, long bound, uint8_t *del, const uint8_t *only)
{
	cb_restore_as(s, bound, del, only, "restoring arcs");
}
