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
 * where most of its calls come from, with one preference: the arcs that a
 * cheap set, the greedy one of cyclebreak_keep.c at bound 1 (the heaviest
 * arcs that leave no cycle), keeps into a member
 * whose kept arcs carry at least half of its calls from inside the
 * component come first.  Such a member loses no more than half of its
 * callers' calls to the set whatever the tree, so the tree need not pull
 * it away from where the cheap set puts it.  (Without the preference, on
 * the dense random bench component at bound 10, the rule cost 31 times
 * the calls of the set without it, with it 21 times; preferring every
 * arc the cheap set keeps, 13 times, but on CPython's cycle that kept the
 * collector's light way in from finalization instead of its heavy ones
 * from the evaluation loop, and finalization got 57% of the time.)
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
	const uint8_t *pref; /* per arc: preferred */
	uint32_t *h;
	size_t n;
};

/* Preferred first, then heavier, then the lower arc index. */
static int heavier(const struct archeap *q, uint32_t a, uint32_t b)
{
	if (q->pref[a] != q->pref[b])
		return q->pref[a] > q->pref[b];
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
			} else {
				heap_push(q, a);
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

/* PREF: the arcs the greedy set at bound 1 keeps into a member whose kept
 * arcs carry at least half of its calls from inside the component.  At
 * bound 1, not the proposal's: the tree, and so the problem the solvers
 * are given, is then the same at every bound (without pins), as the
 * answer monotone in the bound needs (cyclebreak_solve.c). */
static void preferred(const struct cb_sub *s, uint8_t *pref)
{
	uint64_t *kept = xcalloc((size_t)s->n + 1, sizeof *kept);
	uint64_t *all = xcalloc((size_t)s->n + 1, sizeof *all);

	for (uint32_t a = 0; a < s->m; a++)
		pref[a] = !s->fixed[a];
	cb_restore_as(s, 1, pref, NULL, "choosing the kept paths");
	for (uint32_t a = 0; a < s->m; a++) {
		all[s->dst[a]] += s->w[a];
		kept[s->dst[a]] += pref[a] ? 0 : s->w[a];
	}
	for (uint32_t a = 0; a < s->m; a++) {
		uint32_t v = s->dst[a];
		pref[a] = !pref[a] && kept[v] >= all[v] - kept[v];
	}
	free(kept);
	free(all);
}

uint32_t cb_tree(struct cb_sub *s, long bound, uint8_t *tree)
{
	uint8_t *reached = xcalloc((size_t)s->n + 1, 1);
	uint32_t *stack = xmalloc(((size_t)s->n + 1) * sizeof(uint32_t));
	uint8_t *pref = xmalloc((size_t)s->m + 1);
	struct archeap q = { s, pref, xmalloc(((size_t)s->m + 1) * sizeof(uint32_t)), 0 };
	uint32_t nroots = 0;
	int entries = 0, pins = 0;

	memset(tree, 0, s->m);
	preferred(s, pref);
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
	free(pref);
	free(q.h);
	free(stack);
	free(reached);
	return nroots;
}
