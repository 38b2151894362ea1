/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak_bound: a lower bound on the calls any valid deletion removes,
 * the certificate printed beside a heuristic result.
 *
 * Why the bound holds.  Let H_1 .. H_k be sets of deletable arcs of the
 * component, each forming a strongly connected subgraph on more than
 * BOUND vertices, and y_1 .. y_k >= 0 amounts such that no arc a carries
 * more than its weight: sum of y_i over the H_i holding a <= w(a) (a
 * fractional packing).  A valid deletion D (no component over BOUND
 * afterwards) contains an arc of every H_i: if it contained none, all
 * arcs of H_i would survive, its vertices would stay mutually reachable
 * and so lie in one component of more than BOUND members.  Hence
 *     sum_i y_i <= sum_i y_i |D & H_i| = sum_{a in D} sum_{H_i holding a} y_i
 *               <= sum_{a in D} w(a) = calls(D).
 * Fixed arcs (pinned, or kept by the no-new-roots rule) may be in an H_i:
 * a valid deletion never deletes them, so it deletes one of H_i's other
 * arcs, and only those carry amounts; an H_i of fixed arcs alone would
 * mean no valid deletion exists and is never taken.
 *
 * How the packing is found (greedy; any packing gives a valid bound, a
 * better one a tighter bound).  Each arc keeps a residual weight, its
 * weight minus the amounts of the H taken through it.  Thresholds t fall
 * from the heaviest arc by factors of 4 down to 0; at each, from every
 * node r, a breadth-first search forward and one backward over the arcs
 * with a residual of at least t (and above 0), each stopped after
 * 2 (BOUND + 1) nodes.  When at least BOUND + 1 nodes were met both ways,
 * the first BOUND + 1 of them (in forward order) with the forward tree
 * paths from r to them and the backward tree paths from them to r form a
 * strongly connected subgraph (every node reaches r and is reached from
 * it) on more than BOUND vertices: one H, whose amount y is the least
 * residual of its arcs, taken off each of them (so one arc drops to 0 and
 * the search moves on; an arc left with some residual serves again, at a
 * lower threshold).  Then, for long cycles, the same with unbounded
 * searches from members of the components (of the arcs left at t) that
 * are over the bound.  The work is capped (deterministically, in arcs
 * visited) in proportion to the component's size; stopping early only
 * loosens the bound. */
#include "config.h"
#include "cyclebreak_int.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct lb {
	const struct cb_sub *s;
	uint64_t *res;           /* per arc: weight not yet charged to an H */
	uint32_t *amark, astamp; /* per arc: in the H being taken */
	uint32_t *harc;          /* the arcs of that H */
	uint32_t *fmark, *bmark, stamp;
	uint32_t *fpar, *bpar; /* per node: tree arc that reached it */
	uint32_t *fq, *bq;     /* BFS queues (visit order) */
	uint64_t work, cap;
	struct cb_sets *out; /* the H taken, when asked for */
	size_t capa, caps;
};

static int arc_ok(const struct lb *l, uint32_t a, uint64_t t)
{
	return l->s->fixed[a] || (l->res[a] > 0 && l->res[a] >= t);
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

/* Try to take one H through R at threshold T; returns the least residual
 * weight of its arcs, charged to each of them, or 0 when none was found
 * (arcs with nothing left are never in an H). */
static uint64_t take(struct lb *l, uint32_t r, uint64_t t, long bound, uint32_t k)
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
	/* Collect the tree paths of the first NEED common nodes; a path may
	 * already be collected from an earlier node (trees share prefixes). */
	uint64_t min = UINT64_MAX;
	uint32_t got = 0, nh = 0;
	l->astamp++;
	for (uint32_t i = 0; i < nf && got < need; i++) {
		uint32_t v = l->fq[i];
		if (l->bmark[v] != l->stamp)
			continue;
		got++;
		for (uint32_t u = v;
		     l->fpar[u] != CB_NONE && l->amark[l->fpar[u]] != l->astamp;
		     u = l->s->src[l->fpar[u]]) {
			l->amark[l->fpar[u]] = l->astamp;
			l->harc[nh++] = l->fpar[u];
		}
		for (uint32_t u = v;
		     l->bpar[u] != CB_NONE && l->amark[l->bpar[u]] != l->astamp;
		     u = l->s->dst[l->bpar[u]]) {
			l->amark[l->bpar[u]] = l->astamp;
			l->harc[nh++] = l->bpar[u];
		}
	}
	for (uint32_t i = 0; i < nh; i++)
		if (!l->s->fixed[l->harc[i]] && l->res[l->harc[i]] < min)
			min = l->res[l->harc[i]];
	if (min == UINT64_MAX)
		return 0;
	for (uint32_t i = 0; i < nh; i++)
		if (!l->s->fixed[l->harc[i]])
			l->res[l->harc[i]] -= min;
	if (l->out) {
		struct cb_sets *o = l->out;
		for (uint32_t i = 0; i < nh; i++) {
			if (l->s->fixed[l->harc[i]])
				continue;
			util_grow((void **)&o->arc, &l->capa, o->narcs + 1,
				  sizeof *o->arc);
			o->arc[o->narcs++] = l->harc[i];
		}
		util_grow((void **)&o->end, &l->caps, o->n + 1, sizeof *o->end);
		o->end[o->n++] = o->narcs;
	}
	l->work += nh;
	return min;
}

uint64_t cb_lower_bound(const struct cb_sub *s, long bound)
{
	return cb_lower_bound_sets(s, bound, NULL);
}

uint64_t cb_lower_bound_sets(const struct cb_sub *s, long bound, struct cb_sets *out)
{
	struct lb l;

	if (out)
		memset(out, 0, sizeof *out);
	uint64_t heavy = 0, total = 0;
	size_t nn = (size_t)s->n + 1;

	if (bound < 1)
		bound = 1;
	if ((uint64_t)s->n <= (uint64_t)bound)
		return 0;
	memset(&l, 0, sizeof l);
	l.s = s;
	l.out = out;
	l.res = xmalloc(((size_t)s->m + 1) * sizeof(uint64_t));
	l.amark = xcalloc((size_t)s->m + 1, sizeof(uint32_t));
	l.harc = xmalloc(((size_t)s->m + 1) * sizeof(uint32_t));
	for (uint32_t a = 0; a < s->m; a++)
		l.res[a] = s->w[a];
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
	free(l.res);
	free(l.amark);
	free(l.harc);
	free(l.fmark);
	free(l.bmark);
	free(l.fpar);
	free(l.bpar);
	free(l.fq);
	free(l.bq);
	return total;
}
