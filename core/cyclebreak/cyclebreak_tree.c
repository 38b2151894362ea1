/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak_tree: the arcs a proposal never deletes so that no function
 * and no cycle loses all its callers.
 *
 * Deleting every arc into a function (or into a set of functions that
 * then forms a cycle) makes it a root: gprof credits its time, often most
 * of the profile's, to nobody above it, and the callers the component had
 * outside (main, through a chain of calls) lose it.  The rule that rules
 * this out: every member of a broken component keeps a path of kept arcs
 * from the component's entry points (members called from outside it).
 * Then every piece left has a caller outside itself, and the time that
 * entered the component through its outside callers leaves it through
 * them again.
 *
 * It is met by construction: the arcs of a spanning arborescence from the
 * entry points are made undeletable (fixed), so every solver keeps them.
 * An arborescence has no cycle, so any bound can still be met.  It is
 * grown heaviest arc first (the arc of most calls from the members reached
 * so far to one not reached yet), so a member's time keeps flowing to
 * where most of its calls come from, with one exception: a member whose
 * calls from inside the component come at least half through arcs a cheap
 * set keeps (the greedy one of cyclebreak_keep.c at bound 1: the heaviest
 * arcs that leave no cycle) takes one of those arcs, while any is within
 * reach; the arcs it would be given otherwise wait until no other arc is
 * left.  Such a member loses at most half of its callers' calls to that
 * set whatever the tree, so the tree need not pull it away from where the
 * set puts it, and its time still goes mostly where its calls come from.
 * (On the dense random bench component at bound 10 the rule cost 31 times
 * the calls of the set without it, 28 times with the exception.  The
 * tree is shallow there: a mean depth of 6, and only 7 arcs, 31,005
 * calls, go to an ancestor 10 or more levels up; the cost is where the
 * tree attaches the members the cheap sets leave without callers.
 * Preferring the arcs a cheap set keeps over every other arc cost 13 to
 * 21 times, but on the synthetic ring of modules it took light arcs
 * between modules into the tree, 2.7 times the calls, and on CPython's
 * cycle it kept the collector's light way in from finalization instead of
 * its heavy ones from the evaluation loop: finalization got 57% of the
 * time.)
 * Pinned arcs join the tree for free (whatever they reach is reached),
 * and an arc that would close a cycle over the bound together with pinned
 * arcs is passed over.  A component without entry points (its members
 * are called only from each other) starts from the member called least;
 * members that cannot be reached (every way in was forced out, or closes
 * a cycle over the bound with pins) start trees of their own and are
 * counted. */
#include "config.h"
#include "cyclebreak_int.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct archeap {
	const struct cb_sub *s;
	const uint8_t *ok; /* per arc: may be taken before the heap runs dry */
	uint32_t *h, *aside;
	size_t n, naside;
};

/* Heavier first, then the lower arc index. */
static int heavier(const struct archeap *q, uint32_t a, uint32_t b)
{
	if (q->s->w[a] != q->s->w[b])
		return q->s->w[a] > q->s->w[b];
	return a < b;
}

static void heap_push(struct archeap *q, uint32_t a)
{
	size_t i = q->n++;
	while (i > 0) {
		size_t p = (i - 1) / 2;
		if (!heavier(q, a, q->h[p]))
			break;
		q->h[i] = q->h[p];
		i = p;
	}
	q->h[i] = a;
}

static uint32_t heap_pop(struct archeap *q)
{
	uint32_t top = q->h[0], a = q->h[--q->n];
	size_t i = 0;
	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= q->n)
			break;
		if (c + 1 < q->n && heavier(q, q->h[c + 1], q->h[c]))
			c++;
		if (!heavier(q, q->h[c], a))
			break;
		q->h[i] = q->h[c];
		i = c;
	}
	if (q->n > 0)
		q->h[i] = a;
	return top;
}

/* Mark V reached, with everything pinned arcs reach from it, and offer
 * the arcs out of them. */
static void reach(const struct cb_sub *s, uint32_t v, uint8_t *reached, uint32_t *stack,
		  struct archeap *q)
{
	uint32_t sp = 0;
	reached[v] = 1;
	stack[sp++] = v;
	while (sp > 0) {
		uint32_t x = stack[--sp];
		for (uint32_t e = s->out_start[x]; e < s->out_start[x + 1]; e++) {
			uint32_t a = s->out_arc[e], y = s->dst[a];
			if (reached[y])
				continue;
			if (s->fixed[a]) {
				reached[y] = 1;
				stack[sp++] = y;
			} else if (q->ok[a]) {
				heap_push(q, a);
			} else {
				q->aside[q->naside++] = a;
			}
		}
	}
}

/* The member to start from when none is reached: an entry point first,
 * else the one called least (fewest calls in, then the lowest index). */
static uint32_t pick_root(const struct cb_sub *s, const uint8_t *reached)
{
	uint32_t best = CB_NONE;
	uint64_t best_in = UINT64_MAX;
	for (uint32_t v = 0; v < s->n; v++) {
		if (reached[v])
			continue;
		if (s->ext_parent[v])
			return v;
		uint64_t in = 0;
		for (uint32_t e = s->in_start[v]; e < s->in_start[v + 1]; e++)
			in += s->w[s->in_arc[e]];
		if (in < best_in) {
			best_in = in;
			best = v;
		}
	}
	return best;
}

/* OK: the arcs a tree may take while the heap holds any: all but those
 * the greedy set at bound 1 deletes into a member whose kept arcs carry at
 * least half of its calls from inside the component.  At bound 1, not the
 * proposal's: the tree, and so the problem the solvers are given, is then
 * the same at every bound (without pins), as the answer monotone in the
 * bound needs (cyclebreak_solve.c). */
static void eligible(const struct cb_sub *s, uint8_t *ok)
{
	uint64_t *kept = xcalloc((size_t)s->n + 1, sizeof *kept);
	uint64_t *all = xcalloc((size_t)s->n + 1, sizeof *all);

	for (uint32_t a = 0; a < s->m; a++)
		ok[a] = !s->fixed[a];
	cb_restore_as(s, 1, ok, NULL, "choosing the kept paths");
	for (uint32_t a = 0; a < s->m; a++) {
		all[s->dst[a]] += s->w[a];
		kept[s->dst[a]] += ok[a] ? 0 : s->w[a];
	}
	for (uint32_t a = 0; a < s->m; a++) {
		uint32_t v = s->dst[a];
		ok[a] = !ok[a] || kept[v] < all[v] - kept[v];
	}
	free(kept);
	free(all);
}

uint32_t cb_tree(struct cb_sub *s, long bound, uint8_t *tree)
{
	uint8_t *reached = xcalloc((size_t)s->n + 1, 1);
	uint32_t *stack = xmalloc(((size_t)s->n + 1) * sizeof(uint32_t));
	uint8_t *ok = xmalloc((size_t)s->m + 1);
	struct archeap q = { s,
			     ok,
			     xmalloc(((size_t)s->m + 1) * sizeof(uint32_t)),
			     xmalloc(((size_t)s->m + 1) * sizeof(uint32_t)),
			     0,
			     0 };
	uint32_t nroots = 0;
	int entries = 0, pins = 0;

	memset(tree, 0, s->m);
	eligible(s, ok);
	for (uint32_t v = 0; v < s->n; v++)
		entries |= s->ext_parent[v];
	/* the pinned arcs, to refuse tree arcs closing a cycle over the
	 * bound with them; without pins the tree alone has no cycle */
	for (uint32_t a = 0; a < s->m && !pins; a++)
		pins = s->fixed[a];
	struct cb_keep *kb = pins ? cb_keep_new(s, bound, s->fixed) : NULL;

	for (uint32_t v = 0; v < s->n; v++)
		if (s->ext_parent[v] && !reached[v])
			reach(s, v, reached, stack, &q);
	for (;;) {
		while (q.n > 0) {
			uint32_t a = heap_pop(&q), y = s->dst[a];
			if (reached[y] || (kb && !cb_keep_try(kb, a)))
				continue;
			tree[a] = 1;
			reach(s, y, reached, stack, &q);
		}
		if (q.naside > 0) {
			for (size_t i = 0; i < q.naside; i++)
				if (!reached[s->dst[q.aside[i]]])
					heap_push(&q, q.aside[i]);
			q.naside = 0;
			continue;
		}
		uint32_t r = pick_root(s, reached);
		if (r == CB_NONE)
			break;
		nroots += entries || nroots > 0;
		reach(s, r, reached, stack, &q);
	}
	for (uint32_t a = 0; a < s->m; a++)
		if (tree[a])
			s->fixed[a] = 1;
	cb_keep_free(kb);
	free(ok);
	free(q.aside);
	free(q.h);
	free(stack);
	free(reached);
	return nroots;
}
