/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak_reuse: a proposal made again after pins and forces: which
 * earlier proposal can be reused, its arcs by component, and the local
 * repair of a component an arc's change touches (cyclebreak_repair.c). */
#include "config.h"
#include "cyclebreak_part.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* Repair component C of W into R as part P from PREV's part Q, whose
 * deletions are PREV's arcs PIDX[K0 .. K1-1] (cyclebreak_repair.c).
 * GMARK is scratch per arc of G, zero on entry and on return.  Returns
 * as cb_solve_part. */
int cb_repair_part(const struct cg *g, const struct cb_sub *w, const uint32_t *comp,
		   uint32_t c, uint32_t *local, const struct cyclebreak_limits *lim,
		   int *cancel, const struct cyclebreak_result *prev, uint32_t q,
		   const uint32_t *pidx, uint32_t k0, uint32_t k1, uint8_t *gmark,
		   struct cyclebreak_result *r, size_t *cap, uint32_t p)
{
	struct cyclebreak_part *part = &r->parts[p];
	struct cb_sub s;
	uint64_t plus = 0, minus = 0;
	int relax = 0;

	part->nroots = cb_make_sub(g, w, comp, c, r, local, lim, cancel, &s);
	part->nmembers = s.n;
	part->narcs = s.m;
	for (uint32_t k = k0; k < k1; k++)
		gmark[prev->arcs[pidx[k]].arc] = 1;
	/* PREV's deletions with the change applied: a kept arc is restored,
	 * a forced one is out of S, a freed arc is deleted (the clean-up
	 * restores it, or the arcs that were deleted around it, heavier
	 * first); an arc the rule keeps now is taken back like a pinned
	 * one */
	uint8_t *del = xcalloc((size_t)s.m + 1, 1);
	uint8_t *chg = xcalloc((size_t)s.m + 1, 1);
	for (uint32_t a = 0; a < s.m; a++) {
		uint32_t ga = s.garc[a];
		int was = gmark[ga] || prev->state[ga] != CYCLEBREAK_FREE;
		del[a] = was && r->state[ga] != CYCLEBREAK_KEEP && !s.fixed[a];
		chg[a] = prev->state[ga] != r->state[ga] || (was && s.fixed[a]);
	}
	for (uint32_t k = k0; k < k1; k++)
		gmark[prev->arcs[pidx[k]].arc] = 0;
	/* the ends of the changed inner arcs; what the change does to the
	 * certificate */
	uint8_t *touch = xcalloc((size_t)s.n + 1, 1);
	for (uint32_t a = 0; a < s.m; a++)
		if (chg[a])
			touch[s.src[a]] = touch[s.dst[a]] = 1;
	for (uint32_t a = 0; a < w->m; a++) {
		uint32_t ga = w->garc[a];
		int was = prev->state[ga], now = r->state[ga];
		if (was == now || comp[w->src[a]] != c || comp[w->dst[a]] != c)
			continue;
		touch[local[w->src[a]]] = touch[local[w->dst[a]]] = 1;
		relax |= (was == CYCLEBREAK_KEEP && now != CYCLEBREAK_KEEP) ||
			 (was == CYCLEBREAK_FORCE && now != CYCLEBREAK_FORCE);
		plus += was == CYCLEBREAK_FORCE ? w->w[a] : 0;
		minus += now == CYCLEBREAK_FORCE ? w->w[a] : 0;
	}
	if (r->by_time)
		cb_time_weights(&s, del, s.w);
	int status = cb_repair(&s, r->bound, del, chg, touch, lim->exact_max_arcs,
			       lim->exact_time);
	part->repaired = 1;
	if (status == 0) {
		/* Only pins and forces: every solution now was one before,
		 * so PREV's bound on this component with its forced arcs
		 * holds, less the weight of the arcs forced now.  A freed
		 * arc widens the solutions, and so can a change of the
		 * no-new-roots rule's tree (pins and forces move it): bound
		 * again. */
		uint64_t lo = prev->parts[q].lower + plus;
		if (relax || r->by_time || (!r->allow_roots && !r->bsd))
			part->lower = cb_lower_bound(&s, r->bound);
		else
			part->lower = lo > minus ? lo - minus : 0;
		if (r->by_time)
			part->moved = cb_time_moved(&s, del);
	}
	for (uint32_t a = 0; a < s.m && status == 0; a++)
		if (del[a])
			cb_result_add(g, r, cap, s.garc[a], 0, p);
	free(touch);
	free(chg);
	free(del);
	cb_sub_free(&s);
	return status;
}

/* Whether PREV was made with what R is being made with. */
int cb_prev_matches(const struct cg *g, const struct cyclebreak_result *prev,
		    const struct cyclebreak_result *r)
{
	return prev && prev->state && prev->narcs_g == g->narcs &&
	       prev->bound == r->bound && prev->bsd == r->bsd &&
	       prev->by_time == r->by_time && prev->allow_roots == r->allow_roots &&
	       prev->exact_max_arcs == r->exact_max_arcs &&
	       prev->exact_time == r->exact_time;
}

/* PREV's arcs of each part: those of part p are idx[start[p] ..
 * start[p+1]-1] (counting sort; forced arcs left out). */
void cb_prev_index(const struct cyclebreak_result *prev, uint32_t **start, uint32_t **idx)
{
	*start = xcalloc(prev->nparts + 2, sizeof(uint32_t));
	*idx = xmalloc((prev->narcs + 1) * sizeof(uint32_t));
	for (size_t i = 0; i < prev->narcs; i++)
		if (prev->arcs[i].part < prev->nparts)
			(*start)[prev->arcs[i].part + 1]++;
	for (size_t p = 0; p < prev->nparts; p++)
		(*start)[p + 1] += (*start)[p];
	uint32_t *fill = xmalloc((prev->nparts + 1) * sizeof(uint32_t));
	memcpy(fill, *start, (prev->nparts + 1) * sizeof(uint32_t));
	for (size_t i = 0; i < prev->narcs; i++)
		if (prev->arcs[i].part < prev->nparts)
			(*idx)[fill[prev->arcs[i].part]++] = (uint32_t)i;
	free(fill);
}
