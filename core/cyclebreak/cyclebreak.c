/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak: the proposal (components copied out of the call graph and
 * handed to the solvers, or taken from the previous proposal) and the
 * preview; the batch mode's printing is in cyclebreak_batch.c. */
#include "config.h"
#include "cyclebreak.h"
#include "cyclebreak_int.h"
#include "sort.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* Live arcs that can be on a cycle: not deleted, not a self call. */
static int arc_live(const struct cg *g, uint32_t a)
{
	const struct cg_arc *arc = &g->arcs[a];
	return !arc->deleted && arc->parent != arc->child && arc->parent < g->nfuncs &&
	       arc->child < g->nfuncs;
}

/* The whole graph as a sub: arcs by parent in address order, each
 * parent's arcs newest first (the order the call graph walks them). */
static void whole_graph(const struct cg *g, struct cb_sub *s)
{
	uint32_t n = g->nfuncs, m = 0;
	uint32_t *start = xcalloc((size_t)n + 2, sizeof(uint32_t));

	for (uint32_t a = 0; a < g->narcs; a++)
		if (arc_live(g, a)) {
			start[g->arcs[a].parent + 1]++;
			m++;
		}
	for (uint32_t v = 0; v < n; v++)
		start[v + 1] += start[v];
	cb_sub_alloc(s, n, m);
	for (uint32_t a = g->narcs; a-- > 0;) {
		if (!arc_live(g, a))
			continue;
		uint32_t i = start[g->arcs[a].parent]++;
		s->src[i] = g->arcs[a].parent;
		s->dst[i] = g->arcs[a].child;
		s->w[i] = g->arcs[a].count;
		s->garc[i] = a;
	}
	free(start);
	cb_sub_index(s);
}

static int cmp_result(const void *l, const void *r)
{
	const struct cyclebreak_arc *a = l, *b = r;
	if (a->cycle != b->cycle)
		return a->cycle < b->cycle ? -1 : 1;
	return (a->arc > b->arc) - (a->arc < b->arc);
}

/* Copy component C of the whole graph W (members in address order).
 * STATE is per arc of the call graph: kept arcs become fixed, forced arcs
 * are left out (deleted before the solver sees the component), also as
 * parents of a member. */
static void copy_component(const struct cb_sub *w, const uint32_t *comp, uint32_t c,
			   const uint8_t *state, uint32_t *local, struct cb_sub *s)
{
	uint32_t n = 0, m = 0;

	for (uint32_t v = 0; v < w->n; v++)
		if (comp[v] == c)
			local[v] = n++;
	for (uint32_t a = 0; a < w->m; a++)
		m += comp[w->src[a]] == c && comp[w->dst[a]] == c &&
		     state[w->garc[a]] != CYCLEBREAK_FORCE;
	cb_sub_alloc(s, n, m);
	m = 0;
	for (uint32_t a = 0; a < w->m; a++) {
		if (comp[w->src[a]] != c || comp[w->dst[a]] != c ||
		    state[w->garc[a]] == CYCLEBREAK_FORCE)
			continue;
		s->src[m] = local[w->src[a]];
		s->dst[m] = local[w->dst[a]];
		s->w[m] = w->w[a];
		s->fixed[m] = state[w->garc[a]] == CYCLEBREAK_KEEP;
		s->garc[m] = w->garc[a];
		m++;
	}
	for (uint32_t v = 0; v < w->n; v++) {
		if (comp[v] != c)
			continue;
		for (uint32_t e = w->in_start[v]; e < w->in_start[v + 1]; e++) {
			uint32_t a = w->in_arc[e];
			if (state[w->garc[a]] == CYCLEBREAK_FORCE)
				continue;
			s->nparents[local[v]]++;
			if (comp[w->src[a]] != c)
				s->ext_parent[local[v]] = 1;
		}
	}
	cb_sub_index(s);
}

/* The weights of cyclebreak_limits.by_time, replacing the calls in W. */
static void time_weights(const struct cg *g, struct cb_sub *w)
{
	uint64_t *in = xcalloc((size_t)w->n + 1, sizeof(uint64_t));
	for (uint32_t a = 0; a < w->m; a++)
		in[w->dst[a]] += w->w[a];
	for (uint32_t a = 0; a < w->m; a++) {
		uint32_t v = w->dst[a], c = g->nodes[v].cycle;
		double t = 0;
		if (c && c <= g->ncycles && in[v] > 0) {
			const struct cg_node *cn = &g->nodes[g->nfuncs + c - 1];
			t = (double)w->w[a] / (double)in[v] *
			    (cn->prop_self + cn->prop_child);
		}
		/* thousandths of a tick, plus one so no arc is free */
		w->w[a] = (uint64_t)(t * 1000.0 + 0.5) + 1;
	}
	free(in);
}

int cyclebreak_propose(const struct cg *g, long bound, int bsd,
		       const struct cyclebreak_choice *ch, size_t nch,
		       struct cyclebreak_result *r)
{
	return cyclebreak_propose_lim(g, bound, bsd, ch, nch, NULL, r);
}

static void add_arc(const struct cg *g, struct cyclebreak_result *r, size_t *cap,
		    uint32_t ga, int forced, uint32_t part)
{
	util_grow((void **)&r->arcs, cap, r->narcs + 1, sizeof *r->arcs);
	r->arcs[r->narcs++] =
		(struct cyclebreak_arc){ .arc = ga,
					 .count = g->arcs[ga].count,
					 .cycle = g->nodes[g->arcs[ga].parent].cycle,
					 .forced = forced,
					 .part = part };
	r->calls += g->arcs[ga].count;
}

/* Solve component C of W into R as part P; returns 0, -1 (the fixed arcs
 * keep it over the bound) or -2 (cancelled). */
static int solve_part(const struct cg *g, const struct cb_sub *w, const uint32_t *comp,
		      uint32_t c, uint32_t *local, const struct cyclebreak_limits *lim,
		      int *cancel, struct cyclebreak_result *r, size_t *cap, uint32_t p)
{
	struct cyclebreak_part *part = &r->parts[p];
	struct cb_sub s;
	int status = 0;

	copy_component(w, comp, c, r->state, local, &s);
	s.progress = lim->progress;
	s.progress_ctx = lim->progress_ctx;
	s.cancel = cancel;
	uint8_t *del = xcalloc((size_t)s.m + 1, 1);
	for (uint32_t a = 0; a < s.m; a++)
		del[a] = !s.fixed[a];
	if (!cb_fits(&s, del, r->bound)) {
		status = -1;
	} else if (r->bsd) {
		cb_bsd(&s, r->bound, del);
		part->lower = cb_lower_bound(&s, r->bound);
	} else {
		cb_heuristic(&s, r->bound, del);
		if (*cancel)
			status = -2;
		else if (s.m <= lim->exact_max_arcs &&
			 cb_exact(&s, r->bound, del, lim->exact_budget)) {
			part->exact = 1;
			part->lower = cb_cost_of(&s, del).calls;
		} else {
			part->lower = cb_lower_bound(&s, r->bound);
		}
	}
	for (uint32_t a = 0; a < s.m && status == 0; a++)
		if (del[a])
			add_arc(g, r, cap, s.garc[a], 0, p);
	free(del);
	cb_sub_free(&s);
	return status;
}

/* Repair component C of W into R as part P from PREV's part Q, whose
 * deletions are PREV's arcs PIDX[K0 .. K1-1] (cyclebreak_repair.c).
 * GMARK is scratch per arc of G, zero on entry and on return.  Returns
 * as solve_part. */
static int repair_part(const struct cg *g, const struct cb_sub *w, const uint32_t *comp,
		       uint32_t c, uint32_t *local, const struct cyclebreak_limits *lim,
		       int *cancel, const struct cyclebreak_result *prev, uint32_t q,
		       const uint32_t *pidx, uint32_t k0, uint32_t k1, uint8_t *gmark,
		       struct cyclebreak_result *r, size_t *cap, uint32_t p)
{
	struct cyclebreak_part *part = &r->parts[p];
	struct cb_sub s;
	uint64_t plus = 0, minus = 0;
	int relax = 0;

	copy_component(w, comp, c, r->state, local, &s);
	s.progress = lim->progress;
	s.progress_ctx = lim->progress_ctx;
	s.cancel = cancel;
	for (uint32_t k = k0; k < k1; k++)
		gmark[prev->arcs[pidx[k]].arc] = 1;
	/* PREV's deletions with the change applied: a kept arc is restored,
	 * a forced one is out of S, a freed arc is deleted (the clean-up
	 * restores it, or the arcs that were deleted around it, heavier
	 * first) */
	uint8_t *del = xcalloc((size_t)s.m + 1, 1);
	uint8_t *chg = xcalloc((size_t)s.m + 1, 1);
	for (uint32_t a = 0; a < s.m; a++) {
		uint32_t ga = s.garc[a];
		del[a] = (gmark[ga] || prev->state[ga] != CYCLEBREAK_FREE) &&
			 r->state[ga] != CYCLEBREAK_KEEP;
		chg[a] = prev->state[ga] != r->state[ga];
	}
	for (uint32_t k = k0; k < k1; k++)
		gmark[prev->arcs[pidx[k]].arc] = 0;
	/* the ends of the changed inner arcs; what the change does to the
	 * certificate */
	uint8_t *touch = xcalloc((size_t)s.n + 1, 1);
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
	int status = cb_repair(&s, r->bound, del, chg, touch, lim->exact_max_arcs,
			       lim->exact_budget);
	part->repaired = 1;
	if (status == 0) {
		/* Only pins and forces: every solution now was one before,
		 * so PREV's bound on this component with its forced arcs
		 * holds, less the weight of the arcs forced now.  A freed
		 * arc widens the solutions: bound again. */
		uint64_t lo = prev->parts[q].lower + plus;
		part->lower = relax        ? cb_lower_bound(&s, r->bound)
			      : lo > minus ? lo - minus
					   : 0;
	}
	for (uint32_t a = 0; a < s.m && status == 0; a++)
		if (del[a])
			add_arc(g, r, cap, s.garc[a], 0, p);
	free(touch);
	free(chg);
	free(del);
	cb_sub_free(&s);
	return status;
}

/* Whether PREV was made with what R is being made with. */
static int prev_matches(const struct cg *g, const struct cyclebreak_result *prev,
			const struct cyclebreak_result *r)
{
	return prev && prev->state && prev->narcs_g == g->narcs &&
	       prev->bound == r->bound && prev->bsd == r->bsd &&
	       prev->by_time == r->by_time && prev->exact_max_arcs == r->exact_max_arcs &&
	       prev->exact_budget == r->exact_budget;
}

/* PREV's arcs of each part: those of part p are idx[start[p] ..
 * start[p+1]-1] (counting sort; forced arcs left out). */
static void prev_index(const struct cyclebreak_result *prev, uint32_t **start,
		       uint32_t **idx)
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
	r->by_time = lim->by_time;
	r->bound = bound < 1 ? 1 : bound;
	r->exact_max_arcs = lim->exact_max_arcs;
	r->exact_budget = lim->exact_budget;
	r->narcs_g = g->narcs;
	r->state = xcalloc((size_t)g->narcs + 1, 1);
	for (size_t i = 0; i < nch; i++)
		if (ch[i].arc < g->narcs && ch[i].state >= CYCLEBREAK_FREE &&
		    ch[i].state <= CYCLEBREAK_FORCE)
			r->state[ch[i].arc] = (uint8_t)ch[i].state;
	whole_graph(g, &w);
	uint32_t *comp = xmalloc(((size_t)w.n + 1) * sizeof(uint32_t));
	uint32_t nc = cb_scc(&w, NULL, comp);
	uint32_t *size = xcalloc((size_t)nc + 1, sizeof(uint32_t));
	uint32_t *local = xmalloc(((size_t)w.n + 1) * sizeof(uint32_t));
	uint8_t *done = xcalloc((size_t)nc + 1, 1);
	size_t cap = 0, pcap = 0;

	for (uint32_t v = 0; v < w.n; v++)
		size[comp[v]]++;
	if (lim->by_time)
		time_weights(g, &w);
	/* Reuse: a component keeps PREV's solution unless an arc into one of
	 * its members changed state (such an arc is in its sub, or counts
	 * among a member's parents for the BSD rule). */
	uint8_t *changed = NULL, *gmark = NULL;
	uint32_t *pfirst = NULL, *pstart = NULL, *pidx = NULL;
	if (prev_matches(g, prev, r)) {
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
		prev_index(prev, &pstart, &pidx);
		gmark = xcalloc((size_t)g->narcs + 1, 1);
	}
	/* Components in the address order of their first member. */
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
			const struct cyclebreak_part *q = &prev->parts[pfirst[v]];
			r->parts[p].exact = q->exact;
			r->parts[p].lower = q->lower;
			for (uint32_t k = pstart[pfirst[v]]; k < pstart[pfirst[v] + 1];
			     k++)
				add_arc(g, r, &cap, prev->arcs[pidx[k]].arc, 0, p);
		} else if (changed && pfirst[v] != CB_NONE && !r->bsd &&
			   !prev->parts[pfirst[v]].exact) {
			uint32_t q = pfirst[v];
			status = repair_part(g, &w, comp, c, local, lim, &cancel, prev, q,
					     pidx, pstart[q], pstart[q + 1], gmark, r,
					     &cap, p);
			r->nrepaired++;
		} else {
			status = solve_part(g, &w, comp, c, local, lim, &cancel, r, &cap,
					    p);
			r->nsolved++;
		}
		r->nexact += r->parts[p].exact;
		r->lower += r->parts[p].lower;
	}
	/* The forced arcs, deleted whatever the components need. */
	for (uint32_t a = 0; a < g->narcs && status == 0; a++)
		if (r->state[a] == CYCLEBREAK_FORCE && !g->arcs[a].deleted) {
			add_arc(g, r, &cap, a, 1, UINT32_MAX);
			if (!r->by_time)
				r->lower += g->arcs[a].count;
		}
	if (status != 0) {
		cyclebreak_result_free(r);
		r->bsd = bsd;
		r->by_time = lim->by_time;
	} else {
		util_qsort(r->arcs, r->narcs, sizeof *r->arcs, cmp_result);
	}
	free(changed);
	free(gmark);
	free(pfirst);
	free(pstart);
	free(pidx);
	free(done);
	free(local);
	free(size);
	free(comp);
	cb_sub_free(&w);
	return status;
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

void cyclebreak_apply(struct cg *g, const struct cyclebreak_result *r,
		      const unsigned char *use)
{
	for (size_t i = 0; i < r->narcs; i++)
		if (!use || use[i])
			g->arcs[r->arcs[i].arc].deleted = 1;
	cg_propagate(g);
}

static int cmp_entry(const void *l, const void *r)
{
	const struct cyclebreak_entry *a = l, *b = r;
	int ca = a->node == CG_NONE, cb = b->node == CG_NONE;
	if (ca != cb)
		return ca - cb;
	if (a->old_cycle != b->old_cycle)
		return a->old_cycle < b->old_cycle ? -1 : 1;
	if (a->new_cycle != b->new_cycle)
		return a->new_cycle < b->new_cycle ? -1 : 1;
	return (a->node > b->node) - (a->node < b->node);
}

void cyclebreak_preview(struct cg *g, const struct cyclebreak_result *r,
			const unsigned char *use, struct cyclebreak_preview *pv)
{
	uint32_t nf = g->nfuncs;
	uint8_t *saved = xmalloc((size_t)g->narcs + 1);
	uint32_t *old = xmalloc(((size_t)nf + 1) * sizeof(uint32_t));
	uint8_t *hit = xcalloc((size_t)nf + 2, 1);  /* by old cycle number */
	uint8_t *newc = xcalloc((size_t)nf + 2, 1); /* by new cycle number */
	size_t cap = 0;

	memset(pv, 0, sizeof *pv);
	for (uint32_t a = 0; a < g->narcs; a++)
		saved[a] = g->arcs[a].deleted;
	for (uint32_t v = 0; v < nf; v++)
		old[v] = g->nodes[v].cycle;
	for (size_t i = 0; i < r->narcs; i++)
		if ((!use || use[i]) && r->arcs[i].cycle <= nf)
			hit[r->arcs[i].cycle] = 1;
	hit[0] = 0;
	struct cyclebreak_snap snap;
	cyclebreak_snap_take(g, &snap);
	cyclebreak_apply(g, r, use);
	pv->print_time = g->print_time;
	pv->nchanges = cyclebreak_changes(&snap, g, pv->changes, CYCLEBREAK_NCHANGES);
	cyclebreak_snap_free(&snap);
	for (uint32_t v = 0; v < nf; v++) {
		if (!hit[old[v]])
			continue;
		const struct cg_node *n = &g->nodes[v];
		util_grow((void **)&pv->entries, &cap, pv->n + 1, sizeof *pv->entries);
		pv->entries[pv->n++] =
			(struct cyclebreak_entry){ .node = v,
						   .old_cycle = old[v],
						   .new_cycle = n->cycle,
						   .nmembers = 1,
						   .ncalls = n->ncalls,
						   .self_calls = n->self_calls,
						   .self_time = n->self_time,
						   .child_time = n->child_time };
		if (n->cycle && !newc[n->cycle]) {
			newc[n->cycle] = 1;
			const struct cg_node *cn = &g->nodes[nf + n->cycle - 1];
			uint32_t k = 0;
			for (uint32_t m = cn->next_member; m != CG_NONE;
			     m = g->nodes[m].next_member)
				k++;
			util_grow((void **)&pv->entries, &cap, pv->n + 1,
				  sizeof *pv->entries);
			pv->entries[pv->n++] =
				(struct cyclebreak_entry){ .node = CG_NONE,
							   .old_cycle = old[v],
							   .new_cycle = n->cycle,
							   .nmembers = k,
							   .ncalls = cn->ncalls,
							   .self_calls = cn->self_calls,
							   .self_time = cn->self_time,
							   .child_time = cn->child_time };
		}
	}
	util_qsort(pv->entries, pv->n, sizeof *pv->entries, cmp_entry);
	for (uint32_t a = 0; a < g->narcs; a++)
		g->arcs[a].deleted = saved[a];
	cg_propagate(g);
	free(saved);
	free(old);
	free(hit);
	free(newc);
}

void cyclebreak_preview_free(struct cyclebreak_preview *pv)
{
	free(pv->entries);
	memset(pv, 0, sizeof *pv);
}
