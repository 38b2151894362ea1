/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak_comp: between the call graph and the solvers: the graph's
 * live arcs as a sub, one component copied out as the solvers see it (pins
 * fixed, forced arcs out, time data, the no-new-roots rule's tree), and
 * the deletions copied back into a proposal. */
#include "config.h"
#include "cyclebreak_part.h"
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
void cb_whole_graph(const struct cg *g, struct cb_sub *s)
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
void cb_result_add(const struct cg *g, struct cyclebreak_result *r, size_t *cap,
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
	for (uint32_t a = 0; a < s->m; a++)
		s->calls[a] = s->w[a];
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
			uint32_t a = w->in_arc[e];
			if (comp[w->src[a]] == c || state[w->garc[a]] == CYCLEBREAK_FORCE)
				continue;
			s->ext_in[lv] += w->w[a];
		}
	}
}

/* The sub of component C as the solvers see it for R: pins fixed, forced
 * arcs out, time data for the least-time objective, and, unless the rule
 * is lifted (or the BSD rule chooses), the arborescence that keeps every
 * member called (fixed too).  Returns the members the rule could not
 * keep reachable. */
uint32_t cb_make_sub(const struct cg *g, const struct cb_sub *w, const uint32_t *comp,
		     uint32_t c, const struct cyclebreak_result *r, uint32_t *local,
		     const struct cyclebreak_limits *lim, int *cancel, struct cb_sub *s)
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
