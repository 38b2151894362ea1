/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak_bsd: 4.4BSD gprof's rule for breaking cycles (its -C
 * option), reimplemented from a description of its behaviour (not from
 * its code) so that our choice can be compared with it.
 *
 * Each pass recomputes the components; in every component over the bound
 * it enumerates simple cycles depth-first from each member in address
 * order, children in the call graph's order, stopping at 100 cycles; a
 * cycle is found once, from its first member in that order (BSD finds it
 * from every member and drops the repeats, which leaves the same list).
 * It then deletes one arc on those cycles: an arc whose child is also
 * called from outside the component if any, else one whose child has
 * several parents, else the child's only parent arc; within the class the
 * arc on the most cycles, the first met on a tie.
 * Unlike BSD the enumeration also stops after a fixed amount of work, so
 * that it cannot run for hours; and when no enumerated arc may be deleted
 * (all pinned) the first deletable arc of the component is taken. */
#include "config.h"
#include "cyclebreak_int.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define BSD_MAX_CYCLES 100
#define BSD_WORK_CAP   200000u

struct bsd {
	const struct cb_sub *s;
	uint8_t *del;
	uint32_t *comp;
	uint32_t *cnt, *seen; /* per arc: cycles on, order first met */
	uint32_t *snode, *spos, *sarc;
	uint8_t *onpath;
	uint32_t nseen;
	uint32_t *members, *mstart; /* by component, address order */
};

/* Count arcs on up to 100 simple cycles of component C. */
static void enumerate(struct bsd *b, uint32_t c)
{
	const struct cb_sub *s = b->s;
	uint32_t cycles = 0;
	uint64_t work = 0;

	for (uint32_t i = b->mstart[c]; i < b->mstart[c + 1]; i++) {
		uint32_t s0 = b->members[i], depth = 0;
		b->snode[0] = s0;
		b->spos[0] = s->out_start[s0];
		b->onpath[s0] = 1;
		for (;;) {
			uint32_t v = b->snode[depth], p = b->spos[depth];
			if (p == s->out_start[v + 1]) {
				b->onpath[v] = 0;
				if (depth == 0)
					break;
				depth--;
				continue;
			}
			b->spos[depth] = p + 1;
			uint32_t a = s->out_arc[p], u = s->dst[a];
			if (++work > BSD_WORK_CAP) {
				for (uint32_t k = 0; k <= depth; k++)
					b->onpath[b->snode[k]] = 0;
				return;
			}
			if (b->del[a] || b->comp[u] != c)
				continue;
			if (u == s0) {
				b->sarc[depth + 1] = a;
				for (uint32_t k = 1; k <= depth + 1; k++) {
					uint32_t e = b->sarc[k];
					if (b->cnt[e]++ == 0)
						b->seen[e] = b->nseen++;
				}
				if (++cycles >= BSD_MAX_CYCLES) {
					for (uint32_t k = 0; k <= depth; k++)
						b->onpath[b->snode[k]] = 0;
					return;
				}
			} else if (u > s0 && !b->onpath[u]) {
				depth++;
				b->snode[depth] = u;
				b->spos[depth] = s->out_start[u];
				b->sarc[depth] = a;
				b->onpath[u] = 1;
			}
		}
	}
}

/* 1: child also called from outside C; 2: child with several parents;
 * 3: the child's only parent arc. */
static int arc_class(const struct bsd *b, uint32_t a, uint32_t c)
{
	const struct cb_sub *s = b->s;
	uint32_t v = s->dst[a], parents = s->nparents[v];

	if (s->ext_parent[v])
		return 1;
	for (uint32_t e = s->in_start[v]; e < s->in_start[v + 1]; e++) {
		uint32_t x = s->in_arc[e];
		if (b->del[x]) {
			parents--;
			continue;
		}
		if (b->comp[s->src[x]] != c)
			return 1;
	}
	return parents > 1 ? 2 : 3;
}

static uint32_t choose(struct bsd *b, uint32_t c)
{
	const struct cb_sub *s = b->s;
	uint32_t best = CB_NONE, first = CB_NONE;
	int bclass = 4;

	for (uint32_t i = b->mstart[c]; i < b->mstart[c + 1]; i++) {
		uint32_t v = b->members[i];
		for (uint32_t e = s->out_start[v]; e < s->out_start[v + 1]; e++)
			b->cnt[s->out_arc[e]] = 0;
	}
	b->nseen = 0;
	enumerate(b, c);
	for (uint32_t i = b->mstart[c]; i < b->mstart[c + 1]; i++) {
		uint32_t v = b->members[i];
		for (uint32_t e = s->out_start[v]; e < s->out_start[v + 1]; e++) {
			uint32_t a = s->out_arc[e];
			if (b->comp[s->dst[a]] != c || b->del[a] || s->fixed[a])
				continue;
			if (first == CB_NONE || a < first)
				first = a;
			if (b->cnt[a] == 0)
				continue;
			int k = arc_class(b, a, c);
			if (best == CB_NONE || k < bclass ||
			    (k == bclass && (b->cnt[a] > b->cnt[best] ||
					     (b->cnt[a] == b->cnt[best] &&
					      b->seen[a] < b->seen[best])))) {
				best = a;
				bclass = k;
			}
		}
	}
	if (best != CB_NONE)
		return best;
	if (first == CB_NONE)
		util_die("internal error: a cycle with only pinned arcs");
	return first;
}

void cb_bsd(const struct cb_sub *s, long bound, uint8_t *del)
{
	struct bsd b;
	size_t nn = (size_t)s->n + 2, mm = (size_t)s->m + 1;
	uint32_t *size = xmalloc(nn * sizeof(uint32_t));
	uint32_t *fill = xmalloc((nn + 1) * sizeof(uint32_t));

	memset(&b, 0, sizeof b);
	b.s = s;
	b.del = del;
	memset(del, 0, s->m);
	b.comp = xmalloc(nn * sizeof(uint32_t));
	b.cnt = xcalloc(mm, sizeof(uint32_t));
	b.seen = xcalloc(mm, sizeof(uint32_t));
	b.snode = xmalloc(nn * sizeof(uint32_t));
	b.spos = xmalloc(nn * sizeof(uint32_t));
	b.sarc = xmalloc((nn + 1) * sizeof(uint32_t));
	b.onpath = xcalloc(nn, 1);
	b.members = xmalloc(nn * sizeof(uint32_t));
	b.mstart = xmalloc((nn + 1) * sizeof(uint32_t));
	for (;;) {
		uint32_t nc = cb_scc(s, del, b.comp);
		memset(size, 0, ((size_t)nc + 1) * sizeof(uint32_t));
		for (uint32_t v = 0; v < s->n; v++)
			size[b.comp[v]]++;
		b.mstart[0] = 0;
		for (uint32_t c = 0; c < nc; c++)
			b.mstart[c + 1] = b.mstart[c] + size[c];
		memcpy(fill, b.mstart, ((size_t)nc + 1) * sizeof(uint32_t));
		for (uint32_t v = 0; v < s->n; v++)
			b.members[fill[b.comp[v]]++] = v;
		/* Choose for every oversized component first, then delete:
		 * each pass sees the graph as it was at its start. */
		uint32_t *pick = xmalloc(((size_t)nc + 1) * sizeof(uint32_t));
		uint32_t np = 0;
		for (uint32_t c = 0; c < nc; c++)
			if (size[c] > (uint64_t)bound)
				pick[np++] = choose(&b, c);
		for (uint32_t i = 0; i < np; i++)
			del[pick[i]] = 1;
		free(pick);
		if (np == 0)
			break;
	}
	free(size);
	free(fill);
	free(b.comp);
	free(b.cnt);
	free(b.seen);
	free(b.snode);
	free(b.spos);
	free(b.sarc);
	free(b.onpath);
	free(b.members);
	free(b.mstart);
}
