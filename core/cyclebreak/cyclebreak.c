/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak: the proposal (components copied out of the call graph and
 * handed to the solvers, or taken from the previous proposal); the
 * preview is in cyclebreak_change.c, the batch mode's printing in
 * cyclebreak_batch.c. */
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

/* For the least-time objective: the calls of S's arcs and, per member,
 * the time that does not depend on the component's arcs and the calls
 * from outside it (cyclebreak_time.c), read from the propagated G. */
static void time_data(const struct cg *g, const struct cb_sub *w, const uint32_t *comp,
		      uint32_t c, const uint8_t *state, const uint32_t *local,
		      struct cb_sub *s)
{
	s->calls = xmalloc(((size_t)s->m + 1) * sizeof *s->calls);
	s->tself = xcalloc((size_t)s->n + 1, sizeof *s->tself);
	s->ext_in = xcalloc((size_t)s->n + 1, sizeof *s->ext_in);
	s->ext_start = xcalloc((size_t)s->n + 2, sizeof *s->ext_start);
	for (uint32_t a = 0; a < s->m; a++)
		s->calls[a] = s->w[a];
	/* the outside arcs, by member, callers numbered as first met */
	size_t next = 0, cap = 0;
	uint32_t *num = xmalloc(((size_t)w->n + 1) * sizeof *num);
	for (uint32_t v = 0; v < w->n; v++)
		num[v] = CB_NONE;
	s->ncallers = 0;
	for (uint32_t v = 0; v < w->n; v++) {
		if (comp[v] != c)
			continue;
		uint32_t lv = local[v];
		s->tself[lv] = g->nodes[v].prop_self;
		for (uint32_t e = w->out_start[v]; e < w->out_start[v + 1]; e++) {
			uint32_t a = w->out_arc[e];
			if (comp[w->dst[a]] == c)
				continue;
			const struct cg_arc *x = &g->arcs[w->garc[a]];
			s->tself[lv] += x->time + x->child_time;
		}
		for (uint32_t e = w->in_start[v]; e < w->in_start[v + 1]; e++) {
			uint32_t a = w->in_arc[e], u = w->src[a];
			if (comp[u] == c || state[w->garc[a]] == CYCLEBREAK_FORCE)
				continue;
			s->ext_in[lv] += w->w[a];
			if (num[u] == CB_NONE)
				num[u] = s->ncallers++;
			util_grow((void **)&s->ext_caller, &cap, next + 1,
				  sizeof *s->ext_caller);
			s->ext_caller[next] = num[u];
			s->ext_calls = xrealloc(s->ext_calls, cap * sizeof *s->ext_calls);
			s->ext_calls[next++] = w->w[a];
			s->ext_start[lv + 1]++;
		}
	}
	/* members come in address order, as their local numbers */
	for (uint32_t v = 0; v < s->n; v++)
		s->ext_start[v + 1] += s->ext_start[v];
	free(num);
}

/* The sub of component C as the solvers see it for R: pins fixed, forced
 * arcs out, time data for the least-time objective, and, unless the rule
 * is lifted (or the BSD rule chooses), the arborescence that keeps every
 * member called (fixed too).  Returns the members the rule could not
 * keep reachable. */
static uint32_t make_sub(const struct cg *g, const struct cb_sub *w, const uint32_t *comp,
			 uint32_t c, const struct cyclebreak_result *r, uint32_t *local,
			 const struct cyclebreak_limits *lim, int *cancel,
			 struct cb_sub *s)
{
	uint32_t nroots = 0;
	copy_component(w, comp, c, r->state, local, s);
	if (r->by_time)
		time_data(g, w, comp, c, r->state, local, s);
	s->progress = lim->progress;
	s->progress_ctx = lim->progress_ctx;
	s->cancel = cancel;
	if (!r->allow_roots && !r->bsd) {
		uint8_t *tree = xmalloc((size_t)s->m + 1);
		nroots = cb_tree(s, r->bound, tree);
		free(tree);
	}
	return nroots;
}

/* The calls DEL deletes in S (w may hold other weights). */
static uint64_t calls_of(const struct cb_sub *s, const uint8_t *del)
{
	uint64_t c = 0;
	for (uint32_t a = 0; a < s->m; a++)
		c += del[a] ? s->calls[a] : 0;
	return c;
}

/* Whether a set moving M1 and deleting D1 beats one moving M2 and
 * deleting D2: less time moved (beyond rounding), then fewer calls. */
static int time_better(const struct cb_sub *s, double m1, const uint8_t *d1, double m2,
		       const uint8_t *d2)
{
	double eps = 1e-9 * (m1 + m2) + 1e-9;
	if (m1 < m2 - eps || m1 > m2 + eps)
		return m1 < m2;
	return calls_of(s, d1) < calls_of(s, d2);
}

/* The least-time answer: the fewest-calls one first, then rounds of
 * solving with the weights the pieces of the last set give
 * (cyclebreak_time.c), that set restored being a candidate too; the set
 * that moves least is kept in DEL, and S's weights are left as that set
 * gives them (for the exact search). */
static void solve_time(struct cb_sub *s, long bound, uint8_t *del,
		       const uint8_t *const *starts, size_t nstarts, double *moved)
{
	size_t mm = (size_t)s->m + 1;
	uint8_t *cur = xmalloc(mm), *cand = xmalloc(mm), *prev = xmalloc(mm);

	cb_solve(s, bound, del, starts, nstarts);
	double best = cb_time_moved(s, del);
	memcpy(cur, del, s->m);
	for (int round = 0; round < 3 && !cb_cancelled(s); round++) {
		cb_time_weights(s, cur, s->w);
		cb_heuristic(s, bound, cand);
		memcpy(prev, cur, s->m);
		cb_restore(s, bound, prev, NULL);
		if (cb_cost_less(cb_cost_of(s, prev), cb_cost_of(s, cand)))
			memcpy(cand, prev, s->m);
		double m = cb_time_moved(s, cand);
		if (time_better(s, m, cand, best, del)) {
			best = m;
			memcpy(del, cand, s->m);
		}
		memcpy(cur, cand, s->m);
	}
	cb_time_weights(s, del, s->w);
	*moved = best;
	free(prev);
	free(cur);
	free(cand);
}

/* With new roots allowed, the least time moved is still often found among
 * the sets that keep every member called (a root takes all of its time
 * from its callers): solve with the rule too and keep that set in DEL
 * if it moves less.  S's weights follow the set kept. */
static void try_rule(struct cb_sub *s, long bound, uint8_t *del, double *moved)
{
	size_t mm = (size_t)s->m + 1;
	uint8_t *fixed = xmalloc(mm), *d = xmalloc(mm);
	uint64_t *w = xmalloc(mm * sizeof *w);
	double m;

	memcpy(fixed, s->fixed, s->m);
	memcpy(w, s->w, s->m * sizeof *w);
	memcpy(s->w, s->calls, s->m * sizeof *w);
	uint8_t *tree = xmalloc(mm);
	cb_tree(s, bound, tree);
	solve_time(s, bound, d, NULL, 0, &m);
	free(tree);
	memcpy(s->fixed, fixed, s->m);
	if (!cb_cancelled(s) && time_better(s, m, d, *moved, del)) {
		*moved = m;
		memcpy(del, d, s->m);
	} else {
		memcpy(s->w, w, s->m * sizeof *w);
	}
	free(w);
	free(d);
	free(fixed);
}

/* A component being solved: its sub and deletions between the heuristic
 * and the exact phase. */
struct pending {
	uint32_t part;
	struct cb_sub s;
	uint8_t *del;
};

/* The earlier proposals of LIM as sets of S's arcs; GL is scratch per arc
 * of G, CB_NONE on entry and on return.  Returns the count; free each and
 * the array. */
static size_t local_starts(const struct cg *g, const struct cb_sub *s,
			   const struct cyclebreak_limits *lim, uint32_t *gl,
			   uint8_t ***out)
{
	size_t n = 0;
	*out = xmalloc((lim->nstarts + 1) * sizeof **out);
	if (!lim->nstarts)
		return n;
	for (uint32_t a = 0; a < s->m; a++)
		gl[s->garc[a]] = a;
	for (size_t i = 0; i < lim->nstarts; i++) {
		const struct cyclebreak_result *st = lim->starts[i];
		if (!st || st->narcs_g != g->narcs)
			continue;
		uint8_t *d = xcalloc((size_t)s->m + 1, 1);
		for (size_t k = 0; k < st->narcs; k++)
			if (st->arcs[k].arc < g->narcs && gl[st->arcs[k].arc] != CB_NONE)
				d[gl[st->arcs[k].arc]] = 1;
		(*out)[n++] = d;
	}
	for (uint32_t a = 0; a < s->m; a++)
		gl[s->garc[a]] = CB_NONE;
	return n;
}

/* The heuristic phase of component C of W as part P of R, left in *PD
 * for the exact phase.  Returns 0, -1 (the fixed arcs keep it over the
 * bound) or -2 (cancelled). */
static int solve_part(const struct cg *g, const struct cb_sub *w, const uint32_t *comp,
		      uint32_t c, uint32_t *local, uint32_t *gl,
		      const struct cyclebreak_limits *lim, int *cancel,
		      struct cyclebreak_result *r, uint32_t p, struct pending *pd)
{
	struct cyclebreak_part *part = &r->parts[p];
	struct cb_sub *s = &pd->s;

	pd->part = p;
	part->nroots = make_sub(g, w, comp, c, r, local, lim, cancel, s);
	part->nmembers = s->n;
	part->narcs = s->m;
	pd->del = xcalloc((size_t)s->m + 1, 1);
	uint8_t *del = pd->del;
	for (uint32_t a = 0; a < s->m; a++)
		del[a] = !s->fixed[a];
	if (!cb_fits(s, del, r->bound))
		return -1;
	if (r->bsd) {
		cb_bsd(s, r->bound, del);
		return 0;
	}
	uint8_t **starts;
	size_t ns = local_starts(g, s, lim, gl, &starts);
	if (r->by_time) {
		solve_time(s, r->bound, del, (const uint8_t *const *)starts, ns,
			   &part->moved);
		if (r->allow_roots && !*cancel)
			try_rule(s, r->bound, del, &part->moved);
	} else
		cb_solve(s, r->bound, del, (const uint8_t *const *)starts, ns);
	for (size_t i = 0; i < ns; i++)
		free(starts[i]);
	free(starts);
	return *cancel ? -2 : 0;
}

static int cmp_pending_size(const void *l, const void *r)
{
	const struct pending *a = l, *b = r;
	if (a->s.m != b->s.m)
		return a->s.m < b->s.m ? -1 : 1;
	return (a->part > b->part) - (a->part < b->part);
}

/* The exact phase over the NP pending components, smallest first, each
 * with what is left of the time over the components left; then the
 * certificate of each. */
static void exact_phase(struct pending *pd, size_t np, struct cyclebreak_result *r,
			const struct cyclebreak_limits *lim)
{
	double t0 = util_now();
	util_qsort(pd, np, sizeof *pd, cmp_pending_size);
	for (size_t i = 0; i < np; i++) {
		struct cyclebreak_part *part = &r->parts[pd[i].part];
		struct cb_sub *s = &pd[i].s;
		uint64_t lower = 0;
		int proved = 0;
		double left = lim->exact_time - (util_now() - t0);
		if (!r->bsd && lim->exact_time > 0 && s->m <= lim->exact_max_arcs &&
		    !cb_cancelled(s)) {
			double share = left > 0 ? left / (double)(np - i) : 0;
			uint8_t *d = pd[i].del, *keep = NULL;
			if (r->by_time) {
				/* the program is given the calls: its
				 * answer is kept when it moves no more time
				 * (then deletes fewer calls); never claimed
				 * optimal for the time moved */
				keep = xmalloc((size_t)s->m + 1);
				memcpy(keep, d, s->m);
				memcpy(s->w, s->calls, (size_t)s->m * sizeof *s->w);
			}
			proved = cb_exact(s, r->bound, d, share, &lower);
			if (r->by_time) {
				double m = cb_time_moved(s, d);
				if (time_better(s, m, d, part->moved, keep))
					part->moved = m;
				else
					memcpy(d, keep, s->m);
				free(keep);
				proved = 0;
			} else {
				part->stopped = !proved;
			}
		}
		if (proved) {
			part->exact = 1;
			part->lower = lower;
		} else if (!r->by_time) {
			uint64_t lb = cb_lower_bound(s, r->bound);
			part->lower = lb > lower ? lb : lower;
		}
	}
	r->exact_secs = util_now() - t0;
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

	part->nroots = make_sub(g, w, comp, c, r, local, lim, cancel, &s);
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
	       prev->by_time == r->by_time && prev->allow_roots == r->allow_roots &&
	       prev->exact_max_arcs == r->exact_max_arcs &&
	       prev->exact_time == r->exact_time;
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
	whole_graph(g, &w);
	uint32_t *comp = xmalloc(((size_t)w.n + 1) * sizeof(uint32_t));
	uint32_t nc = cb_scc(&w, NULL, comp);
	uint32_t *size = xcalloc((size_t)nc + 1, sizeof(uint32_t));
	uint32_t *local = xmalloc(((size_t)w.n + 1) * sizeof(uint32_t));
	uint32_t *gl = xmalloc(((size_t)g->narcs + 1) * sizeof(uint32_t));
	uint8_t *done = xcalloc((size_t)nc + 1, 1);
	struct pending *pd = NULL;
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
				add_arc(g, r, &cap, prev->arcs[pidx[k]].arc, 0, p);
		} else if (changed && pfirst[v] != CB_NONE && !r->bsd &&
			   !prev->parts[pfirst[v]].exact) {
			uint32_t q = pfirst[v];
			status = repair_part(g, &w, comp, c, local, lim, &cancel, prev, q,
					     pidx, pstart[q], pstart[q + 1], gmark, r,
					     &cap, p);
			r->nrepaired++;
		} else {
			util_grow((void **)&pd, &pdcap, np + 1, sizeof *pd);
			status = solve_part(g, &w, comp, c, local, gl, lim, &cancel, r, p,
					    &pd[np++]);
			r->nsolved++;
		}
	}
	if (status == 0) {
		exact_phase(pd, np, r, lim);
		for (size_t i = 0; i < np; i++)
			for (uint32_t a = 0; a < pd[i].s.m; a++)
				if (pd[i].del[a])
					add_arc(g, r, &cap, pd[i].s.garc[a], 0,
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
			add_arc(g, r, &cap, a, 1, UINT32_MAX);
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
