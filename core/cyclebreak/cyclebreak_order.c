/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak_order: the orders of the members the block cut of
 * cyclebreak_heur.c cuts: Eades, Lin and Smyth's greedy order, and an
 * order from a solution, improved by sifting.
 *
 * The components a solution leaves are units; the arcs between units that
 * go backwards in a unit order are what a block cut of that order deletes
 * (unless it puts both ends in one block).  Sifting moves one unit at a
 * time to the place among the others where the arcs it has backwards weigh
 * least, a classic local search for feedback arc sets.  Each move costs
 * the unit's degree times its logarithm: units sit in a linked list with
 * real-valued positions, a move takes the midpoint of its new gap. */
#include "config.h"
#include "cyclebreak_int.h"
#include "sort.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define SIFT_PASSES 8

struct uarc {
	uint32_t other;
	double w;
	int out;
};

struct sift {
	uint32_t nu;
	double *pos;
	uint32_t *prev, *next;
	uint32_t head, tail;
	uint32_t *astart; /* unit arcs of unit u: ua[astart[u] ..] */
	struct uarc *ua;
};

/* CTX: the sift whose positions order the arcs. */
static int cmp_uarc(const void *l, const void *r, void *ctx)
{
	const struct sift *t = ctx;
	const struct uarc *a = l, *b = r;
	double pa = t->pos[a->other], pb = t->pos[b->other];
	if (pa != pb)
		return pa < pb ? -1 : 1;
	return (a->out > b->out) - (a->out < b->out);
}

static void unlink_unit(struct sift *t, uint32_t u)
{
	if (t->prev[u] != CB_NONE)
		t->next[t->prev[u]] = t->next[u];
	else
		t->head = t->next[u];
	if (t->next[u] != CB_NONE)
		t->prev[t->next[u]] = t->prev[u];
	else
		t->tail = t->prev[u];
}

/* Put U right after AFTER (CB_NONE: at the front). */
static void link_after(struct sift *t, uint32_t u, uint32_t after)
{
	uint32_t nx = after == CB_NONE ? t->head : t->next[after];
	t->prev[u] = after;
	t->next[u] = nx;
	if (after == CB_NONE)
		t->head = u;
	else
		t->next[after] = u;
	if (nx == CB_NONE)
		t->tail = u;
	else
		t->prev[nx] = u;
}

/* Move U to its cheapest place; returns 1 if it moved. */
static int sift_unit(struct sift *t, uint32_t u)
{
	uint32_t b = t->astart[u], e = t->astart[u + 1];
	if (b == e)
		return 0;
	util_qsort_r(t->ua + b, e - b, sizeof *t->ua, cmp_uarc, t);
	/* Slot j: u just before the j-th neighbour (e: after all).  In slot b
	 * every arc into u goes backwards; passing a neighbour flips its
	 * arcs.  Slots between two arcs of one neighbour do not exist. */
	uint32_t cur = b;
	while (cur < e && t->pos[t->ua[cur].other] < t->pos[u])
		cur++;
	double cost = 0;
	for (uint32_t i = b; i < e; i++)
		if (!t->ua[i].out)
			cost += t->ua[i].w;
	double here = cost, best = cost;
	uint32_t bi = b;
	for (uint32_t i = b; i < e; i++) {
		cost += t->ua[i].out ? t->ua[i].w : -t->ua[i].w;
		if (i + 1 < e && t->ua[i + 1].other == t->ua[i].other)
			continue;
		if (i + 1 == cur)
			here = cost;
		if (cost < best) {
			best = cost;
			bi = i + 1;
		}
	}
	if (!(best < here - 1e-9 * (1 + here)))
		return 0;
	/* right after the neighbour before the slot, or right before the
	 * first neighbour */
	uint32_t after = bi == b ? t->prev[t->ua[b].other] : t->ua[bi - 1].other;
	if (after == u)
		after = t->prev[u];
	uint32_t nx = after == CB_NONE ? t->head : t->next[after];
	if (nx == u)
		nx = t->next[u];
	double lo, hi;
	if (after == CB_NONE) {
		hi = t->pos[nx];
		lo = hi - 2;
	} else {
		lo = t->pos[after];
		hi = nx == CB_NONE ? lo + 2 : t->pos[nx];
	}
	double p = lo + (hi - lo) / 2;
	if (!(p > lo && p < hi))
		return 0; /* no room left in the gap */
	unlink_unit(t, u);
	link_after(t, u, after);
	t->pos[u] = p;
	return 1;
}

void cb_order_sifted(const struct cb_sub *s, const uint8_t *del, uint32_t *order)
{
	uint32_t n = s->n, *comp = xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	uint32_t nu = cb_scc(s, del, comp);
	struct sift t;
	double big = 1;

	for (uint32_t a = 0; a < s->m; a++)
		big += (double)s->w[a] + 1e-3;
	memset(&t, 0, sizeof t);
	t.nu = nu;
	t.pos = xmalloc(((size_t)nu + 1) * sizeof(double));
	t.prev = xmalloc(((size_t)nu + 1) * sizeof(uint32_t));
	t.next = xmalloc(((size_t)nu + 1) * sizeof(uint32_t));
	t.astart = xcalloc((size_t)nu + 2, sizeof(uint32_t));
	/* Start from a topological order of the units (highest number first,
	 * see cb_scc), so the start is as good as DEL. */
	for (uint32_t i = 0; i < nu; i++) {
		uint32_t u = nu - 1 - i;
		t.pos[u] = i;
		t.prev[u] = i == 0 ? CB_NONE : u + 1;
		t.next[u] = i + 1 == nu ? CB_NONE : u - 1;
	}
	t.head = nu - 1;
	t.tail = 0;
	uint32_t m2 = 0;
	for (uint32_t a = 0; a < s->m; a++) {
		uint32_t cu = comp[s->src[a]], cv = comp[s->dst[a]];
		if (cu == cv)
			continue;
		t.astart[cu + 1]++;
		t.astart[cv + 1]++;
		m2 += 2;
	}
	for (uint32_t u = 0; u < nu; u++)
		t.astart[u + 1] += t.astart[u];
	t.ua = xmalloc(((size_t)m2 + 1) * sizeof *t.ua);
	uint32_t *fill = xmalloc(((size_t)nu + 1) * sizeof(uint32_t));
	memcpy(fill, t.astart, (size_t)nu * sizeof(uint32_t));
	for (uint32_t a = 0; a < s->m; a++) {
		uint32_t cu = comp[s->src[a]], cv = comp[s->dst[a]];
		if (cu == cv)
			continue;
		double w = s->fixed[a] ? big : (double)s->w[a] + 1e-3;
		t.ua[fill[cu]++] = (struct uarc){ cv, w, 1 };
		t.ua[fill[cv]++] = (struct uarc){ cu, w, 0 };
	}
	free(fill);

	for (int pass = 0; pass < SIFT_PASSES; pass++) {
		uint32_t moved = 0;
		for (uint32_t i = 0; i < nu; i++)
			moved += sift_unit(&t, nu - 1 - i);
		/* renumber so the gaps are wide again */
		uint32_t k = 0;
		for (uint32_t u = t.head; u != CB_NONE; u = t.next[u])
			t.pos[u] = k++;
		if (!moved)
			break;
	}

	/* members unit by unit, in list order, each in address order */
	uint32_t *start = xcalloc((size_t)nu + 2, sizeof(uint32_t));
	uint32_t *rank = xmalloc(((size_t)nu + 1) * sizeof(uint32_t));
	for (uint32_t u = 0; u < nu; u++)
		rank[u] = (uint32_t)t.pos[u];
	for (uint32_t v = 0; v < n; v++)
		start[rank[comp[v]] + 1]++;
	for (uint32_t r = 0; r < nu; r++)
		start[r + 1] += start[r];
	for (uint32_t v = 0; v < n; v++)
		order[start[rank[comp[v]]]++] = v;
	free(start);
	free(rank);
	free(comp);
	free(t.pos);
	free(t.prev);
	free(t.next);
	free(t.astart);
	free(t.ua);
}

/* A max-heap of (key, node) with lazy deletion by version. */
struct hent {
	double key;
	uint32_t v, ver;
};

static int hent_before(const struct hent *a, const struct hent *b)
{
	if (a->key != b->key)
		return a->key > b->key;
	return a->v < b->v;
}

static void heap_push(struct hent *h, size_t *n, struct hent e)
{
	size_t i = (*n)++;
	while (i > 0) {
		size_t p = (i - 1) / 2;
		if (!hent_before(&e, &h[p]))
			break;
		h[i] = h[p];
		i = p;
	}
	h[i] = e;
}

static struct hent heap_pop(struct hent *h, size_t *n)
{
	struct hent top = h[0], e = h[--*n];
	size_t i = 0;
	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= *n)
			break;
		if (c + 1 < *n && hent_before(&h[c + 1], &h[c]))
			c++;
		if (!hent_before(&h[c], &e))
			break;
		h[i] = h[c];
		i = c;
	}
	if (*n > 0)
		h[i] = e;
	return top;
}

/* Eades-Lin-Smyth: sinks to the back, sources to the front, otherwise the
 * node with the most weight out minus in to the front.  ORDER gets the
 * nodes front to back.  Fixed arcs weigh more than all others together. */
void cb_order_els(const struct cb_sub *s, uint32_t *order)
{
	uint32_t n = s->n, m = s->m;
	double total = 0, *wt = xmalloc(((size_t)m + 1) * sizeof(double));
	double *delta = xcalloc((size_t)n + 1, sizeof(double));
	uint32_t *indeg = xcalloc((size_t)n + 1, sizeof(uint32_t));
	uint32_t *outdeg = xcalloc((size_t)n + 1, sizeof(uint32_t));
	uint32_t *ver = xcalloc((size_t)n + 1, sizeof(uint32_t));
	uint8_t *gone = xcalloc((size_t)n + 1, 1);
	uint32_t *q = xmalloc(2 * ((size_t)n + 1) * sizeof(uint32_t));
	uint32_t *back = xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	struct hent *h = xmalloc(((size_t)n + m + 1) * sizeof *h);
	size_t hn = 0;
	uint32_t qh = 0, qt = 0, nfront = 0, nback = 0;

	for (uint32_t a = 0; a < m; a++)
		total += (double)s->w[a] + 1e-3;
	for (uint32_t a = 0; a < m; a++) {
		wt[a] = s->fixed[a] ? 2 * total + 1 : (double)s->w[a] + 1e-3;
		delta[s->src[a]] += wt[a];
		delta[s->dst[a]] -= wt[a];
		outdeg[s->src[a]]++;
		indeg[s->dst[a]]++;
	}
	for (uint32_t v = 0; v < n; v++) {
		if (outdeg[v] == 0 || indeg[v] == 0)
			q[qt++] = v;
		heap_push(h, &hn, (struct hent){ delta[v], v, 0 });
	}
	for (uint32_t left = n; left > 0; left--) {
		uint32_t v = CB_NONE;
		int to_back = 0;
		while (qh < qt && v == CB_NONE) {
			uint32_t u = q[qh++];
			if (!gone[u]) {
				v = u;
				to_back = outdeg[u] == 0;
			}
		}
		while (v == CB_NONE) {
			struct hent e = heap_pop(h, &hn);
			if (!gone[e.v] && e.ver == ver[e.v])
				v = e.v;
		}
		gone[v] = 1;
		if (to_back)
			back[nback++] = v;
		else
			order[nfront++] = v;
		for (uint32_t i = s->out_start[v]; i < s->out_start[v + 1]; i++) {
			uint32_t a = s->out_arc[i], u = s->dst[a];
			if (gone[u])
				continue;
			delta[u] += wt[a];
			heap_push(h, &hn, (struct hent){ delta[u], u, ++ver[u] });
			if (--indeg[u] == 0)
				q[qt++] = u;
		}
		for (uint32_t i = s->in_start[v]; i < s->in_start[v + 1]; i++) {
			uint32_t a = s->in_arc[i], u = s->src[a];
			if (gone[u])
				continue;
			delta[u] -= wt[a];
			heap_push(h, &hn, (struct hent){ delta[u], u, ++ver[u] });
			if (--outdeg[u] == 0)
				q[qt++] = u;
		}
	}
	for (uint32_t i = 0; i < nback; i++)
		order[nfront + i] = back[nback - 1 - i];
	free(wt);
	free(delta);
	free(indeg);
	free(outdeg);
	free(ver);
	free(gone);
	free(q);
	free(back);
	free(h);
}
