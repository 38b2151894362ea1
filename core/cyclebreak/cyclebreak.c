/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak: the proposal: the call graph's components over the bound,
 * each reused from the previous proposal, repaired (cyclebreak_reuse.c)
 * or solved afresh (cyclebreak_part.c), and the result in order; the
 * preview is in cyclebreak_change.c, the batch mode's printing in
 * cyclebreak_batch.c. */
#include "config.h"
#include "cyclebreak_part.h"
#include "sort.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static int cmp_result(const void *l, const void *r)
{
	const struct cyclebreak_arc *a = l, *b = r;
	if (a->cycle != b->cycle)
		return a->cycle < b->cycle ? -1 : 1;
	return (a->arc > b->arc) - (a->arc < b->arc);
}
static int propose(const struct cg *g, long bound, int bsd,
		   const struct cyclebreak_choice *ch, size_t nch,
		   const struct cyclebreak_limits *lim,
		   const struct cyclebreak_result *prev, struct cyclebreak_result *r)
{
	static const struct cyclebreak_limits def = CYCLEBREAK_LIMITS_DEFAULT;
	struct cb_sub w;

	if (!lim)
		lim = &def;
	int status = 0, cancel = 0;

	memset(r, 0, sizeof *r);
	r->bsd = bsd;
	r->by_time = lim->by_time && !bsd;
	r->allow_roots = lim->allow_roots;
	r->bound = bound < 1 ? 1 : bound;
	r->exact_max_arcs = lim->exact_max_arcs;
	r->exact_time = lim->exact_time;
	r->narcs_g = g->narcs;
	r->state = xcalloc((size_t)g->narcs + 1, 1);
	for (size_t i = 0; i < nch; i++)
		if (ch[i].arc < g->narcs && ch[i].state >= CYCLEBREAK_FREE &&
		    ch[i].state <= CYCLEBREAK_FORCE)
			r->state[ch[i].arc] = (uint8_t)ch[i].state;
	cb_whole_graph(g, &w);
	uint32_t *comp = xmalloc(((size_t)w.n + 1) * sizeof(uint32_t));
	uint32_t nc = cb_scc(&w, NULL, comp);
	uint32_t *size = xcalloc((size_t)nc + 1, sizeof(uint32_t));
	uint32_t *local = xmalloc(((size_t)w.n + 1) * sizeof(uint32_t));
	uint32_t *gl = xmalloc(((size_t)g->narcs + 1) * sizeof(uint32_t));
	uint8_t *done = xcalloc((size_t)nc + 1, 1);
	struct cb_pending *pd = NULL;
	size_t cap = 0, pcap = 0, np = 0, pdcap = 0;

	for (uint32_t a = 0; a <= g->narcs; a++)
		gl[a] = CB_NONE;
	for (uint32_t v = 0; v < w.n; v++)
		size[comp[v]]++;
	/* Reuse: a component keeps PREV's solution unless an arc into one of
	 * its members changed state (such an arc is in its sub, or counts
	 * among a member's parents for the BSD rule). */
	uint8_t *changed = NULL, *gmark = NULL;
	uint32_t *pfirst = NULL, *pstart = NULL, *pidx = NULL;
	if (cb_prev_matches(g, prev, r)) {
		changed = xcalloc((size_t)nc + 1, 1);
		for (uint32_t a = 0; a < w.m; a++)
			if (r->state[w.garc[a]] != prev->state[w.garc[a]])
				changed[comp[w.dst[a]]] = 1;
		pfirst = xmalloc(((size_t)w.n + 1) * sizeof(uint32_t));
		for (uint32_t v = 0; v < w.n; v++)
			pfirst[v] = CB_NONE;
		for (size_t p = 0; p < prev->nparts; p++)
			if (prev->parts[p].first < w.n)
				pfirst[prev->parts[p].first] = (uint32_t)p;
		cb_prev_index(prev, &pstart, &pidx);
		gmark = xcalloc((size_t)g->narcs + 1, 1);
	}
	/* Components in the address order of their first member: reused,
	 * repaired, or through the heuristic phase into PD. */
	for (uint32_t v = 0; v < w.n && status == 0; v++) {
		uint32_t c = comp[v];
		if (done[c] || size[c] <= (uint64_t)r->bound)
			continue;
		done[c] = 1;
		r->ncycles++;
		uint32_t p = (uint32_t)r->nparts;
		util_grow((void **)&r->parts, &pcap, r->nparts + 1, sizeof *r->parts);
		r->parts[r->nparts++] = (struct cyclebreak_part){ .first = v };
		if (changed && !changed[c] && pfirst[v] != CB_NONE) {
			r->parts[p] = prev->parts[pfirst[v]];
			r->parts[p].repaired = 0;
			for (uint32_t k = pstart[pfirst[v]]; k < pstart[pfirst[v] + 1];
			     k++)
				cb_result_add(g, r, &cap, prev->arcs[pidx[k]].arc, 0, p);
		} else if (changed && pfirst[v] != CB_NONE && !r->bsd &&
			   !prev->parts[pfirst[v]].exact) {
			uint32_t q = pfirst[v];
			status = cb_repair_part(g, &w, comp, c, local, lim, &cancel, prev,
						q, pidx, pstart[q], pstart[q + 1], gmark,
						r, &cap, p);
			r->nrepaired++;
		} else {
			util_grow((void **)&pd, &pdcap, np + 1, sizeof *pd);
			status = cb_solve_part(g, &w, comp, c, local, gl, lim, &cancel, r,
					       p, &pd[np++]);
			r->nsolved++;
		}
	}
	if (status == 0) {
		cb_exact_phase(pd, np, r, lim);
		for (size_t i = 0; i < np; i++)
			for (uint32_t a = 0; a < pd[i].s.m; a++)
				if (pd[i].del[a])
					cb_result_add(g, r, &cap, pd[i].s.garc[a], 0,
						      pd[i].part);
	}
	for (size_t p = 0; p < r->nparts && status == 0; p++) {
		const struct cyclebreak_part *q = &r->parts[p];
		r->nexact += q->exact;
		r->nstopped += q->stopped;
		r->nroots += q->nroots;
		r->lower += q->lower;
		r->moved += q->moved;
	}
	/* The forced arcs, deleted whatever the components need. */
	for (uint32_t a = 0; a < g->narcs && status == 0; a++)
		if (r->state[a] == CYCLEBREAK_FORCE && !g->arcs[a].deleted) {
			cb_result_add(g, r, &cap, a, 1, UINT32_MAX);
			if (!r->by_time)
				r->lower += g->arcs[a].count;
		}
	if (status != 0) {
		cyclebreak_result_free(r);
		r->bsd = bsd;
		r->by_time = lim->by_time && !bsd;
	} else {
		util_qsort(r->arcs, r->narcs, sizeof *r->arcs, cmp_result);
	}
	for (size_t i = 0; i < np; i++) {
		cb_sub_free(&pd[i].s);
		free(pd[i].del);
	}
	free(pd);
	free(changed);
	free(gmark);
	free(pfirst);
	free(pstart);
	free(pidx);
	free(done);
	free(gl);
	free(local);
	free(size);
	free(comp);
	cb_sub_free(&w);
	return status;
}

int cyclebreak_propose(const struct cg *g, long bound, int bsd,
		       const struct cyclebreak_choice *ch, size_t nch,
		       struct cyclebreak_result *r)
{
	return cyclebreak_propose_lim(g, bound, bsd, ch, nch, NULL, r);
}

int cyclebreak_propose_lim(const struct cg *g, long bound, int bsd,
			   const struct cyclebreak_choice *ch, size_t nch,
			   const struct cyclebreak_limits *lim,
			   struct cyclebreak_result *r)
{
	return propose(g, bound, bsd, ch, nch, lim, NULL, r);
}

int cyclebreak_repropose(const struct cg *g, const struct cyclebreak_result *prev,
			 const struct cyclebreak_choice *ch, size_t nch,
			 const struct cyclebreak_limits *lim, struct cyclebreak_result *r)
{
	return propose(g, prev->bound, prev->bsd, ch, nch, lim, prev, r);
}

void cyclebreak_result_free(struct cyclebreak_result *r)
{
	free(r->arcs);
	free(r->state);
	free(r->parts);
	memset(r, 0, sizeof *r);
}
