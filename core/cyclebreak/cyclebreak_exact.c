/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak_exact: branch and bound for the cheapest set of arcs whose
 * deletion leaves every component within the bound N.
 *
 * A witness is a strongly connected set of arcs spanning more than N
 * nodes: every solution deletes at least one of its arcs that is not
 * fixed.  The search takes the witness with the fewest such arcs a1..ak
 * (cheapest first) and branches k ways: delete ai while keeping a1..ai-1,
 * so the branches are disjoint.  The lower bound packs witnesses that
 * share no deletable arc, each costing at least its cheapest arc and one
 * arc.  Witnesses are grown as ear decompositions: a shortest cycle
 * (counting only deletable arcs), then shortest ears until more than N
 * nodes are spanned.
 *
 * The work is counted in arcs and nodes visited; past the budget the
 * search stops and the best solution so far stands (deterministic). */
#include "config.h"
#include "cyclebreak_int.h"
#include "sort.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define INF32 UINT32_MAX

struct bb {
	const struct cb_sub *s;
	long bound;
	uint8_t *del, *fix, *best, *tmp;
	struct cb_cost cur, bestc;
	uint64_t work, budget;
	int aborted;
	uint32_t *comp, *csize, *members, *mstart;
	uint32_t ncomp;
	/* witness scratch */
	uint32_t *dist, *parc, *dq, *inh, *wit, *bestwit;
	uint8_t *done;
	uint32_t hstamp;
	uint32_t *outdel; /* per node: deleted arcs it calls through */
};

static uint32_t arc_cost(const struct bb *b, uint32_t a)
{
	return b->fix[a] ? 0 : 1;
}

/* Components of the arcs not in DL, with member lists by component. */
static void bb_scc(struct bb *b, const uint8_t *dl)
{
	const struct cb_sub *s = b->s;
	b->ncomp = cb_scc(s, dl, b->comp);
	b->work += s->n + s->m;
	memset(b->mstart, 0, ((size_t)b->ncomp + 2) * sizeof(uint32_t));
	for (uint32_t v = 0; v < s->n; v++)
		b->mstart[b->comp[v] + 1]++;
	for (uint32_t c = 0; c < b->ncomp; c++) {
		b->csize[c] = b->mstart[c + 1];
		b->mstart[c + 1] += b->mstart[c];
	}
	for (uint32_t c = 0; c <= b->ncomp; c++)
		b->csize[b->ncomp + 1 + c] = b->mstart[c]; /* fill cursor */
	for (uint32_t v = 0; v < s->n; v++)
		b->members[b->csize[b->ncomp + 1 + b->comp[v]]++] = v;
}

/* 0-1 breadth-first search inside component C over arcs not in DL, from
 * the nodes marked in inh (with the current stamp) or from ROOT; nodes
 * already in the witness are not entered. */
static void bb_bfs(struct bb *b, const uint8_t *dl, uint32_t c, uint32_t root)
{
	const struct cb_sub *s = b->s;
	uint32_t cap = s->m + s->n + 2, head = 0, tail = 0, len = 0;

	for (uint32_t i = b->mstart[c]; i < b->mstart[c + 1]; i++) {
		uint32_t v = b->members[i];
		b->dist[v] = INF32;
		b->done[v] = 0;
	}
#define PUSH_FRONT(x)                                                                    \
	do {                                                                             \
		head = (head + cap - 1) % cap;                                           \
		b->dq[head] = (x);                                                       \
		len++;                                                                   \
	} while (0)
#define PUSH_BACK(x)                                                                     \
	do {                                                                             \
		b->dq[tail] = (x);                                                       \
		tail = (tail + 1) % cap;                                                 \
		len++;                                                                   \
	} while (0)
	if (root != INF32) {
		b->dist[root] = 0;
		PUSH_BACK(root);
	} else {
		for (uint32_t i = b->mstart[c]; i < b->mstart[c + 1]; i++) {
			uint32_t h = b->members[i];
			if (b->inh[h] != b->hstamp)
				continue;
			for (uint32_t e = s->out_start[h]; e < s->out_start[h + 1]; e++) {
				uint32_t a = s->out_arc[e], u = s->dst[a];
				b->work++;
				if (dl[a] || b->comp[u] != c || b->inh[u] == b->hstamp)
					continue;
				uint32_t d = arc_cost(b, a);
				if (d < b->dist[u]) {
					b->dist[u] = d;
					b->parc[u] = a;
					if (d)
						PUSH_BACK(u);
					else
						PUSH_FRONT(u);
				}
			}
		}
	}
	while (len > 0) {
		uint32_t v = b->dq[head];
		head = (head + 1) % cap;
		len--;
		if (b->done[v])
			continue;
		b->done[v] = 1;
		for (uint32_t e = s->out_start[v]; e < s->out_start[v + 1]; e++) {
			uint32_t a = s->out_arc[e], u = s->dst[a];
			b->work++;
			if (dl[a] || b->comp[u] != c || u == root ||
			    (root == INF32 && b->inh[u] == b->hstamp))
				continue;
			uint32_t d = b->dist[v] + arc_cost(b, a);
			if (d < b->dist[u]) {
				b->dist[u] = d;
				b->parc[u] = a;
				if (d == b->dist[v])
					PUSH_FRONT(u);
				else
					PUSH_BACK(u);
			}
		}
	}
#undef PUSH_FRONT
#undef PUSH_BACK
}

/* Add arc A and the path of parc[] arcs ending at its source to the
 * witness (nw arcs so far), marking new nodes. */
static uint32_t add_path(struct bb *b, uint32_t a, uint32_t nw)
{
	const struct cb_sub *s = b->s;
	b->wit[nw++] = a;
	for (uint32_t v = s->src[a]; b->inh[v] != b->hstamp;) {
		b->inh[v] = b->hstamp;
		uint32_t pa = b->parc[v];
		b->wit[nw++] = pa;
		v = s->src[pa];
	}
	return nw;
}

/* Grow a witness in component C from ROOT into b->wit.  Returns the
 * number of its arcs; *NDEL gets how many are deletable. */
static uint32_t witness(struct bb *b, const uint8_t *dl, uint32_t c, uint32_t root,
			uint32_t *ndel)
{
	const struct cb_sub *s = b->s;
	uint32_t nw = 0, nh, best = INF32, ba = INF32;

	bb_bfs(b, dl, c, root);
	for (uint32_t e = s->in_start[root]; e < s->in_start[root + 1]; e++) {
		uint32_t a = s->in_arc[e], x = s->src[a];
		if (dl[a] || b->comp[x] != c || b->dist[x] == INF32 || x == root)
			continue;
		uint32_t d = b->dist[x] + arc_cost(b, a);
		if (d < best) {
			best = d;
			ba = a;
		}
	}
	b->hstamp++;
	b->inh[root] = b->hstamp;
	nw = add_path(b, ba, 0);
	nh = 0;
	for (uint32_t i = b->mstart[c]; i < b->mstart[c + 1]; i++)
		nh += b->inh[b->members[i]] == b->hstamp;
	while (nh <= (uint64_t)b->bound) {
		bb_bfs(b, dl, c, INF32);
		best = INF32;
		ba = INF32;
		for (uint32_t i = b->mstart[c]; i < b->mstart[c + 1]; i++) {
			uint32_t x = b->members[i];
			if (b->inh[x] == b->hstamp || b->dist[x] == INF32)
				continue;
			for (uint32_t e = s->out_start[x]; e < s->out_start[x + 1]; e++) {
				uint32_t a = s->out_arc[e];
				if (dl[a] || b->inh[s->dst[a]] != b->hstamp)
					continue;
				uint32_t d = b->dist[x] + arc_cost(b, a);
				if (d < best) {
					best = d;
					ba = a;
				}
			}
		}
		if (ba == INF32)
			util_die("internal error: no ear in a strong component");
		uint32_t before = nw;
		nw = add_path(b, ba, nw);
		for (uint32_t i = before; i < nw; i++)
			nh++;
		nh--; /* an ear of k arcs adds k - 1 nodes */
	}
	*ndel = 0;
	for (uint32_t i = 0; i < nw; i++)
		*ndel += !b->fix[b->wit[i]];
	return nw;
}

/* Lower bound on the cost of completing the current node. */
static struct cb_cost lower_bound(struct bb *b)
{
	const struct cb_sub *s = b->s;
	struct cb_cost lb = b->cur, inf = { UINT64_MAX, UINT64_MAX, UINT64_MAX };

	memcpy(b->tmp, b->del, s->m);
	for (;;) {
		int any = 0;
		if (b->work > b->budget) {
			b->aborted = 1;
			return inf; /* prune: the search is over anyway */
		}
		bb_scc(b, b->tmp);
		for (uint32_t c = 0; c < b->ncomp; c++) {
			if (b->csize[c] <= (uint64_t)b->bound)
				continue;
			uint32_t nd,
				nw = witness(b, b->tmp, c, b->members[b->mstart[c]], &nd);
			if (nd == 0)
				return inf;
			uint64_t least = UINT64_MAX;
			for (uint32_t i = 0; i < nw; i++) {
				uint32_t a = b->wit[i];
				if (b->fix[a])
					continue;
				if (s->w[a] < least)
					least = s->w[a];
				b->tmp[a] = 1;
			}
			lb.calls += least;
			lb.narcs++;
			any = 1;
		}
		if (!any || !cb_cost_less(lb, b->bestc))
			return lb;
	}
}

/* CTX: the sub whose arcs are sorted, lightest first. */
static int cmp_light(const void *l, const void *r, void *ctx)
{
	const struct cb_sub *s = ctx;
	uint32_t a = *(const uint32_t *)l, c = *(const uint32_t *)r;
	if (s->w[a] != s->w[c])
		return s->w[a] < s->w[c] ? -1 : 1;
	return (a > c) - (a < c);
}

static void bb_node(struct bb *b)
{
	const struct cb_sub *s = b->s;
	uint32_t bestn = INF32, nb = 0;

	if (b->work > b->budget) {
		b->aborted = 1;
		return;
	}
	if (!cb_cost_less(b->cur, b->bestc))
		return;
	if (!cb_cost_less(lower_bound(b), b->bestc))
		return;
	bb_scc(b, b->del);
	int over = 0;
	for (uint32_t c = 0; c < b->ncomp; c++) {
		if (b->csize[c] <= (uint64_t)b->bound)
			continue;
		over = 1;
		uint32_t size = b->csize[c];
		uint32_t tries = size <= 24 ? size : 6;
		for (uint32_t t = 0; t < tries && b->work <= b->budget; t++) {
			uint32_t nd, nw;
			nw = witness(b, b->del, c, b->members[b->mstart[c] + t], &nd);
			if (nd < bestn) {
				bestn = nd;
				nb = 0;
				for (uint32_t i = 0; i < nw; i++)
					if (!b->fix[b->wit[i]])
						b->bestwit[nb++] = b->wit[i];
			}
		}
	}
	if (!over) {
		b->bestc = b->cur;
		memcpy(b->best, b->del, s->m);
		return;
	}
	if (nb == 0)
		return; /* fixed arcs alone too big: no solution here */
	uint32_t *list = xmalloc(nb * sizeof *list);
	memcpy(list, b->bestwit, nb * sizeof *list);
	util_qsort_r(list, nb, sizeof *list, cmp_light, (void *)s);
	for (uint32_t i = 0; i < nb && !b->aborted; i++) {
		uint32_t a = list[i];
		b->del[a] = 1;
		b->cur.calls += s->w[a];
		b->cur.narcs++;
		b->cur.dup += b->outdel[s->src[a]]++ > 0;
		bb_node(b);
		b->del[a] = 0;
		b->cur.calls -= s->w[a];
		b->cur.narcs--;
		b->cur.dup -= --b->outdel[s->src[a]] > 0;
		b->fix[a] = 1;
	}
	for (uint32_t i = 0; i < nb; i++)
		b->fix[list[i]] = 0;
	free(list);
}

int cb_exact(const struct cb_sub *s, long bound, uint8_t *del, uint64_t budget)
{
	struct bb b;
	size_t nn = (size_t)s->n + 2, mm = (size_t)s->m + 1;

	memset(&b, 0, sizeof b);
	b.s = s;
	b.bound = bound;
	b.budget = budget;
	b.del = xcalloc(mm, 1);
	b.fix = xmalloc(mm);
	memcpy(b.fix, s->fixed, s->m);
	b.best = xmalloc(mm);
	memcpy(b.best, del, s->m);
	b.bestc = cb_cost_of(s, del);
	b.tmp = xmalloc(mm);
	b.comp = xmalloc(nn * sizeof(uint32_t));
	b.csize = xmalloc(3 * nn * sizeof(uint32_t));
	b.members = xmalloc(nn * sizeof(uint32_t));
	b.mstart = xmalloc(nn * sizeof(uint32_t));
	b.dist = xmalloc(nn * sizeof(uint32_t));
	b.parc = xmalloc(nn * sizeof(uint32_t));
	b.dq = xmalloc((mm + nn + 2) * sizeof(uint32_t));
	b.inh = xcalloc(nn, sizeof(uint32_t));
	b.wit = xmalloc((mm + nn) * sizeof(uint32_t));
	b.bestwit = xmalloc((mm + nn) * sizeof(uint32_t));
	b.done = xmalloc(nn);
	b.outdel = xcalloc(nn, sizeof(uint32_t));

	bb_node(&b);
	memcpy(del, b.best, s->m);
	free(b.del);
	free(b.fix);
	free(b.best);
	free(b.tmp);
	free(b.comp);
	free(b.csize);
	free(b.members);
	free(b.mstart);
	free(b.dist);
	free(b.parc);
	free(b.dq);
	free(b.inh);
	free(b.wit);
	free(b.bestwit);
	free(b.done);
	free(b.outdel);
	return !b.aborted;
}
