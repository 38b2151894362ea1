/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak_bound: a lower bound on the calls any valid deletion removes,
 * the certificate printed beside a heuristic result.
 *
 * Why the bound holds.  Let H_1 .. H_k be pairwise arc-disjoint sets of
 * deletable arcs of the component, each forming a strongly connected
 * subgraph on more than BOUND vertices.  A valid deletion D (no component
 * over BOUND afterwards) must contain an arc of every H_i: if it contained
 * none, all arcs of H_i would survive, its vertices would stay mutually
 * reachable and so lie in one component of more than BOUND members.  The
 * H_i share no arc, so D holds k distinct arcs e_i in H_i, and
 *     calls(D) >= sum_i w(e_i) >= sum_i min { w(a) : a in H_i }.
 * Pinned (fixed) arcs are never put into an H_i, so each H_i can only be
 * broken by a deletable arc, as the argument needs.
 *
 * How the packing is found (greedy; any packing gives a valid bound, a
 * better one a tighter bound).  Thresholds t fall from the heaviest arc by
 * factors of 4 down to 0; at each, from every node r, a breadth-first
 * search forward and one backward over the unused arcs weighing at least
 * t, each stopped after 2 (BOUND + 1) nodes.  When at least BOUND + 1 nodes
 * were met both ways, the first BOUND + 1 of them (in forward order) with
 * the forward tree paths from r to them and the backward tree paths from
 * them to r form a strongly connected subgraph (every node reaches r and is
 * reached from it) on more than BOUND vertices: one H, whose lightest arc
 * weighs at least t.  Its arcs are marked used.  Then, for long cycles,
 * the same with unbounded searches from members of the components (of the
 * unused arcs of at least t) that are over the bound.  The work is capped
 * (deterministically, in arcs visited) in proportion to the component's
 * size; stopping early only loosens the bound. */
#include "config.h"
#include "cyclebreak_int.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct lb {
	const struct cb_sub *s;
	uint8_t *used;          /* per arc: in some H already */
	uint32_t *fmark, *bmark, stamp;
	uint32_t *fpar, *bpar;  /* per node: tree arc that reached it */
	uint32_t *fq, *bq;      /* BFS queues (visit order) */
	uint64_t work, cap;
};

static int arc_ok(const struct lb *l, uint32_t a, uint64_t t)
{
	return !l->used[a] && !l->s->fixed[a] && l->s->w[a] >= t;
}

/* Bounded BFS from R, forward or backward; returns the nodes met (R
 * first), at most K. */
static uint32_t bfs(struct lb *l, uint32_t r, int fwd, uint64_t t, uint32_t k)
{
	const struct cb_sub *s = l->s;
	uint32_t *mark = fwd ? l->fmark : l->bmark;
	uint32_t *par = fwd ? l->fpar : l->bpar;
	uint32_t *q = fwd ? l->fq : l->bq;
	uint32_t qh = 0, qt = 0;

	mark[r] = l->stamp;
	par[r] = CB_NONE;
	q[qt++] = r;
	while (qh < qt && qt < k) {
		uint32_t v = q[qh++];
		uint32_t b0 = fwd ? s->out_start[v] : s->in_start[v];
		uint32_t b1 = fwd ? s->out_start[v + 1] : s->in_start[v + 1];
		for (uint32_t i = b0; i < b1 && qt < k; i++) {
			uint32_t a = fwd ? s->out_arc[i] : s->in_arc[i];
			l->work++;
			if (!arc_ok(l, a, t))
				continue;
			uint32_t u = fwd ? s->dst[a] : s->src[a];
			if (mark[u] == l->stamp)
				continue;
			mark[u] = l->stamp;
			par[u] = a;
			q[qt++] = u;
		}
	}
	return qt;
}

/* Try to take one H through R at threshold T; returns its lightest arc's
 * weight, or 0 when none was found (no H has weight 0 at t >= 1; at t = 0
 * an H of zero-call arcs adds nothing anyway). */
static uint64_t take(struct lb *l, uint32_t r, uint64_t t, long bound,
		     uint32_t k)
{
	uint32_t need = (uint32_t)bound + 1;

	l->stamp++;
	uint32_t nf = bfs(l, r, 1, t, k);
	if (nf < need)
		return 0;
	uint32_t nb = bfs(l, r, 0, t, k);
	if (nb < need)
		return 0;
	uint32_t both = 0;
	for (uint32_t i = 0; i < nf; i++)
		both += l->bmark[l->fq[i]] == l->stamp;
	if (both < need)
		return 0;
	/* Mark the tree paths of the first NEED common nodes; a path may
	 * already be marked from an earlier node (trees share prefixes). */
	uint64_t min = UINT64_MAX;
	uint32_t got = 0;
	for (uint32_t i = 0; i < nf && got < need; i++) {
		uint32_t v = l->fq[i];
		if (l->bmark[v] != l->stamp)
			continue;
		got++;
		for (uint32_t u = v; l->fpar[u] != CB_NONE && !l->used[l->fpar[u]];
		     u = l->s->src[l->fpar[u]]) {
			l->used[l->fpar[u]] = 1;
			if (l->s->w[l->fpar[u]] < min)
				min = l->s->w[l->fpar[u]];
		}
		for (uint32_t u = v; l->bpar[u] != CB_NONE && !l->used[l->bpar[u]];
		     u = l->s->dst[l->bpar[u]]) {
			l->used[l->bpar[u]] = 1;
			if (l->s->w[l->bpar[u]] < min)
				min = l->s->w[l->bpar[u]];
		}
	}
	return min == UINT64_MAX ? 0 : min;
}

uint64_t cb_lower_bound(const struct cb_sub *s, long bound)
{
	struct lb l;
	uint64_t heavy = 0, total = 0;
	size_t nn = (size_t)s->n + 1;

	if (bound < 1)
		bound = 1;
	if ((uint64_t)s->n <= (uint64_t)bound)
		return 0;
	memset(&l, 0, sizeof l);
	l.s = s;
	l.used = xcalloc((size_t)s->m + 1, 1);
	l.fmark = xcalloc(nn, sizeof(uint32_t));
	l.bmark = xcalloc(nn, sizeof(uint32_t));
	l.fpar = xmalloc(nn * sizeof(uint32_t));
	l.bpar = xmalloc(nn * sizeof(uint32_t));
	l.fq = xmalloc(nn * sizeof(uint32_t));
	l.bq = xmalloc(nn * sizeof(uint32_t));
	l.cap = 60 * ((uint64_t)s->m + s->n) + 100000;
	for (uint32_t a = 0; a < s->m; a++)
		if (!s->fixed[a] && s->w[a] > heavy)
			heavy = s->w[a];
	uint8_t *off = xmalloc((size_t)s->m + 1);
	uint32_t *comp = xmalloc(nn * sizeof(uint32_t));
	uint32_t *size = xmalloc(nn * sizeof(uint32_t));
	uint32_t k = 2 * (uint32_t)bound + 2;
	for (uint64_t t = heavy;; t /= 4) {
		uint64_t w;
		for (uint32_t r = 0; r < s->n && l.work < l.cap; r++)
			while (l.work < l.cap && (w = take(&l, r, t, bound, k)) > 0)
				total += w;
		/* Long cycles (sparse graphs, rings): unbounded searches, but
		 * only from members of components still over the bound, and
		 * a component is left after a few roots that found nothing. */
		for (uint32_t a = 0; a < s->m; a++)
			off[a] = !arc_ok(&l, a, t);
		uint32_t nc = cb_scc(s, off, comp);
		l.work += s->m + s->n;
		memset(size, 0, nc * sizeof(uint32_t));
		for (uint32_t v = 0; v < s->n; v++)
			size[comp[v]]++;
		for (uint32_t v = 0, fails = 0; v < s->n && l.work < l.cap; v++) {
			if (size[comp[v]] <= (uint64_t)bound || size[comp[v]] == 0)
				continue;
			while (l.work < l.cap && (w = take(&l, v, t, bound, s->n)) > 0) {
				total += w;
				fails = 0;
			}
			if (++fails >= 3) {
				size[comp[v]] = 0; /* give up on this component */
				fails = 0;
			}
		}
		if (t == 0 || l.work >= l.cap)
			break;
	}
	free(off);
	free(comp);
	free(size);
	free(l.used);
	free(l.fmark);
	free(l.bmark);
	free(l.fpar);
	free(l.bpar);
	free(l.fq);
	free(l.bq);
	return total;
}
