/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak_repair: re-proposal after a pin, force or unpin in a
 * component the heuristics solved, without solving it again from scratch.
 *
 * Why it is valid.  Start from the previous deletions with the changed
 * arcs deleted too (forced ones are out of the component): a superset of
 * a valid solution, so every cycle fits.  A changed arc made live again (a
 * pin of a deleted arc) can only close cycles through itself, so it is
 * taken back alone: if every component still fits, nothing more; else the
 * arcs of a minimum cut (by weight, pinned arcs uncuttable) between its
 * head and its tail are deleted, which leaves no cycle through it.  In a
 * dense component those cycles would merge most of it into one piece,
 * which solving again would cost as much as the first proposal; the cut
 * lies near the arc.  Only when pinned arcs join its ends (no finite cut)
 * is the piece it closes solved again on its own: the strongly connected
 * pieces form a DAG whose arcs keep their state, so every cycle stays in
 * one piece and a solution of each piece is one of the whole.
 *
 * Then the clean-up: the deleted arcs with an end in a piece that held an
 * end of a changed arc (pieces taken with the changed arcs deleted), and
 * those this repair deleted, are restored heaviest first when every
 * component still fits (cb_restore), so a force or a cut leaves no arc
 * deleted near the change that no longer breaks a cycle over the bound. */
#include "config.h"
#include "cyclebreak_int.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define INF_CAP (UINT64_MAX / 4)

/* Solve piece PC of S (members with comp[v] == pc) into DEL, marking its
 * inner arcs in MARK; LOCAL is scratch per node of S. */
static int solve_piece(const struct cb_sub *s, long bound, uint8_t *del, uint8_t *mark,
		       const uint32_t *comp, uint32_t pc, uint32_t *local,
		       uint32_t exact_max_arcs, double seconds)
{
	struct cb_sub p;
	uint32_t n = 0, m = 0;
	int status = 0;

	for (uint32_t v = 0; v < s->n; v++)
		if (comp[v] == pc)
			local[v] = n++;
	for (uint32_t a = 0; a < s->m; a++)
		m += comp[s->src[a]] == pc && comp[s->dst[a]] == pc;
	cb_sub_alloc(&p, n, m);
	m = 0;
	for (uint32_t a = 0; a < s->m; a++) {
		if (comp[s->src[a]] != pc || comp[s->dst[a]] != pc)
			continue;
		p.src[m] = local[s->src[a]];
		p.dst[m] = local[s->dst[a]];
		p.w[m] = s->w[a];
		p.fixed[m] = s->fixed[a];
		p.garc[m] = a;
		m++;
	}
	cb_sub_index(&p);
	p.progress = s->progress;
	p.progress_ctx = s->progress_ctx;
	p.cancel = s->cancel;
	uint8_t *pd = xcalloc((size_t)p.m + 1, 1);
	for (uint32_t a = 0; a < p.m; a++)
		pd[a] = !p.fixed[a];
	if (!cb_fits(&p, pd, bound)) {
		status = -1;
	} else {
		cb_heuristic(&p, bound, pd);
		if (cb_cancelled(&p))
			status = -2;
		else if (p.m <= exact_max_arcs && seconds > 0)
			cb_exact(&p, bound, pd, seconds, NULL);
	}
	for (uint32_t a = 0; a < p.m && status == 0; a++) {
		del[p.garc[a]] = pd[a];
		mark[p.garc[a]] = 1;
	}
	free(pd);
	cb_sub_free(&p);
	return status;
}

/* Residual room of the I-th arc around X (its out arcs, then its in arcs
 * taken backwards) and the node it leads to. */
static uint64_t room(const struct cb_sub *s, const uint8_t *del, const uint64_t *flow,
		     uint32_t x, uint32_t i, uint32_t *arc, uint32_t *y)
{
	uint32_t nout = s->out_start[x + 1] - s->out_start[x];
	if (i < nout) {
		uint32_t a = s->out_arc[s->out_start[x] + i];
		*arc = a;
		*y = s->dst[a];
		if (del[a])
			return 0;
		return (s->fixed[a] ? INF_CAP : s->w[a]) - flow[a];
	}
	uint32_t a = s->in_arc[s->in_start[x] + i - nout];
	*arc = a | 0x80000000u;
	*y = s->src[a];
	return del[a] ? 0 : flow[a];
}

static uint32_t degree(const struct cb_sub *s, uint32_t x)
{
	return s->out_start[x + 1] - s->out_start[x] + s->in_start[x + 1] -
	       s->in_start[x];
}

/* A minimum cut from FROM to TO over the arcs DEL leaves (fixed ones
 * uncuttable), by Dinic's blocking flows: its arcs are deleted in DEL and
 * marked in MARK.  Returns 0, or -1 when no finite cut exists (DEL
 * unchanged). */
static int min_cut(const struct cb_sub *s, uint8_t *del, uint8_t *mark, uint32_t from,
		   uint32_t to)
{
	size_t nn = (size_t)s->n + 1;
	uint64_t *flow = xcalloc((size_t)s->m + 1, sizeof(uint64_t));
	uint32_t *level = xmalloc(nn * sizeof(uint32_t));
	uint32_t *it = xmalloc(nn * sizeof(uint32_t));
	uint32_t *queue = xmalloc(nn * sizeof(uint32_t));
	uint32_t *path = xmalloc(nn * sizeof(uint32_t)); /* arcs, top bit: backward */
	uint64_t total = 0;
	int status = 0;

	for (;;) {
		/* levels from FROM over the arcs with room */
		uint32_t qh = 0, qt = 0, arc, y;
		for (uint32_t v = 0; v < s->n; v++)
			level[v] = CB_NONE;
		level[from] = 0;
		queue[qt++] = from;
		while (qh < qt) {
			uint32_t x = queue[qh++];
			for (uint32_t i = 0, d = degree(s, x); i < d; i++)
				if (room(s, del, flow, x, i, &arc, &y) > 0 &&
				    level[y] == CB_NONE) {
					level[y] = level[x] + 1;
					queue[qt++] = y;
				}
		}
		if (level[to] == CB_NONE)
			break;
		for (uint32_t v = 0; v < s->n; v++)
			it[v] = 0;
		/* augmenting paths along the levels, dead ends dropped */
		uint32_t depth = 0, x = from;
		while (status == 0) {
			if (x == to) {
				uint64_t aug = UINT64_MAX;
				for (uint32_t k = 0; k < depth; k++) {
					uint32_t a = path[k] & 0x7fffffffu;
					uint64_t r = (path[k] >> 31)
							     ? flow[a]
							     : (s->fixed[a] ? INF_CAP
									    : s->w[a]) -
								       flow[a];
					if (r < aug)
						aug = r;
				}
				for (uint32_t k = 0; k < depth; k++) {
					uint32_t a = path[k] & 0x7fffffffu;
					if (path[k] >> 31)
						flow[a] -= aug;
					else
						flow[a] += aug;
				}
				total += aug;
				if (total >= INF_CAP)
					status = -1;
				depth = 0;
				x = from;
				continue;
			}
			uint32_t d = degree(s, x);
			while (it[x] < d &&
			       (room(s, del, flow, x, it[x], &arc, &y) == 0 ||
				level[y] != level[x] + 1))
				it[x]++;
			if (it[x] < d) {
				path[depth++] = arc;
				x = y;
				continue;
			}
			if (x == from)
				break;
			level[x] = CB_NONE; /* dead end */
			uint32_t a = path[--depth] & 0x7fffffffu;
			x = (path[depth] >> 31) ? s->dst[a] : s->src[a];
			it[x]++;
		}
		if (status != 0)
			break;
	}
	/* LEVEL set: the side of FROM; the cut is every live arc leaving it
	 * (all saturated, none fixed) */
	for (uint32_t a = 0; a < s->m && status == 0; a++)
		if (!del[a] && level[s->src[a]] != CB_NONE &&
		    level[s->dst[a]] == CB_NONE) {
			del[a] = 1;
			mark[a] = 1;
		}
	free(flow);
	free(level);
	free(it);
	free(queue);
	free(path);
	return status;
}

/* One repair of DEL: the arcs in BACK (deleted on entry) are taken back
 * one by one, each with a cut when it closes a cycle over the bound; then
 * the clean-up of the arcs deleted here or with an end in NEAR. */
static int repair_once(const struct cb_sub *s, long bound, uint8_t *del,
		       const uint8_t *back, const uint8_t *near, uint32_t exact_max_arcs,
		       double seconds)
{
	size_t nn = (size_t)s->n + 1;
	uint8_t *mark = xcalloc((size_t)s->m + 1, 1); /* deleted here */
	int status = 0, solve = 0;

	for (uint32_t a = 0; a < s->m && !cb_cancelled(s); a++) {
		if (!back[a])
			continue;
		del[a] = 0;
		if (cb_fits(s, del, bound))
			continue;
		del[a] = 1; /* out of the cut's way */
		if (min_cut(s, del, mark, s->dst[a], s->src[a]) != 0)
			solve = 1;
		del[a] = 0;
	}
	if (solve) {
		uint32_t *comp = xmalloc(nn * sizeof(uint32_t));
		uint32_t *local = xmalloc(nn * sizeof(uint32_t));
		uint32_t nc = cb_scc(s, del, comp);
		uint32_t *size = xcalloc((size_t)nc + 1, sizeof(uint32_t));
		for (uint32_t v = 0; v < s->n; v++)
			size[comp[v]]++;
		for (uint32_t c = 0; c < nc && status == 0; c++)
			if (size[c] > (uint64_t)bound)
				status = solve_piece(s, bound, del, mark, comp, c, local,
						     exact_max_arcs, seconds);
		free(size);
		free(local);
		free(comp);
	}
	if (cb_cancelled(s))
		status = -2;
	if (status == 0) {
		for (uint32_t a = 0; a < s->m; a++)
			mark[a] =
				del[a] && (mark[a] || near[s->src[a]] || near[s->dst[a]]);
		cb_restore(s, bound, del, mark);
		if (cb_cancelled(s))
			status = -2;
	}
	free(mark);
	return status;
}

/* A freed arc arrives deleted: the repair is made twice, with it left
 * deleted (the clean-up may restore it) and with it taken back like a
 * pinned one (cut around it), and the cheaper kept. */
int cb_repair(const struct cb_sub *s, long bound, uint8_t *del, const uint8_t *chg,
	      const uint8_t *touch, uint32_t exact_max_arcs, double seconds)
{
	size_t nn = (size_t)s->n + 1;
	uint32_t *comp = xmalloc(nn * sizeof(uint32_t));
	uint8_t *back = xcalloc((size_t)s->m + 1, 1); /* live arcs to take back */
	uint8_t *near = xcalloc(nn, 1);
	int freed = 0;

	for (uint32_t a = 0; a < s->m; a++) {
		freed |= chg[a] && del[a];
		if (chg[a] && !del[a]) {
			back[a] = 1;
			del[a] = 1;
		}
	}
	/* the pieces near the change, with the changed arcs deleted */
	uint32_t nc = cb_scc(s, del, comp);
	uint8_t *hit = xcalloc((size_t)nc + 1, 1);
	for (uint32_t v = 0; v < s->n; v++)
		if (touch[v])
			hit[comp[v]] = 1;
	for (uint32_t v = 0; v < s->n; v++)
		near[v] = hit[comp[v]];
	free(hit);
	free(comp);
	uint8_t *other = NULL;
	if (freed) {
		other = xmalloc((size_t)s->m + 1);
		memcpy(other, del, s->m);
	}
	int status = repair_once(s, bound, del, back, near, exact_max_arcs, seconds);
	if (freed && status == 0) {
		for (uint32_t a = 0; a < s->m; a++)
			back[a] |= chg[a];
		status =
			repair_once(s, bound, other, back, near, exact_max_arcs, seconds);
		if (status == 0 && cb_cost_less(cb_cost_of(s, other), cb_cost_of(s, del)))
			memcpy(del, other, s->m);
	}
	free(other);
	free(near);
	free(back);
	return status;
}
