/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak_time: the time a deletion moves, for the least-time
 * objective.
 *
 * gprof charges a function's (or a cycle's) time to its callers in
 * proportion to their calls from outside it.  Deleting arcs inside a
 * component splits it into pieces; a piece's time is its members' own time
 * (self time and what callees outside the component give them, which the
 * deletion does not change) plus, through each kept arc to another piece,
 * that piece's time times the arc's share of its calls.  A deleted arc
 * that would enter a piece from outside takes its share of that piece's
 * time away from its caller and gives it to the others; the last ones
 * into a piece give all of it to nobody (the piece becomes a root).  So a
 * piece moves its time times the calls of the deleted arcs into it over
 * those plus its kept calls from outside, and a deleted arc inside a piece
 * moves nothing (no time flows along arcs inside a cycle).
 *
 * The cost is not a sum of fixed weights per arc: an arc's share depends
 * on the pieces the rest of the set leaves.  The solvers take weights, so
 * cb_time_weights gives each arc what its deletion would move given the
 * pieces of a set, and the caller alternates: solve, weigh again, keep
 * the set that moves least as measured here. */
#include "config.h"
#include "cyclebreak_int.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct pieces {
	uint32_t *comp, nc;
	double *t;      /* per piece: its time */
	double *in;     /* per piece: kept calls into it from outside it */
	double *del_in; /* per piece: deleted calls into it from other pieces */
};

/* The pieces DEL leaves and their times, callees first (cb_scc numbers
 * them so that arcs go from higher to lower numbers). */
static void pieces_of(const struct cb_sub *s, const uint8_t *del, struct pieces *p)
{
	uint32_t n = s->n;
	p->comp = xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	p->nc = cb_scc(s, del, p->comp);
	size_t nc = (size_t)p->nc + 1;
	p->t = xcalloc(nc, sizeof(double));
	p->in = xcalloc(nc, sizeof(double));
	p->del_in = xcalloc(nc, sizeof(double));
	uint32_t *start = xcalloc(nc + 1, sizeof(uint32_t));
	uint32_t *member = xmalloc(((size_t)n + 1) * sizeof(uint32_t));

	for (uint32_t v = 0; v < n; v++) {
		p->t[p->comp[v]] += s->tself[v];
		p->in[p->comp[v]] += (double)s->ext_in[v];
		start[p->comp[v] + 1]++;
	}
	for (uint32_t a = 0; a < s->m; a++) {
		uint32_t cu = p->comp[s->src[a]], cv = p->comp[s->dst[a]];
		if (cu == cv)
			continue;
		if (del[a])
			p->del_in[cv] += (double)s->calls[a];
		else
			p->in[cv] += (double)s->calls[a];
	}
	for (uint32_t c = 0; c < p->nc; c++)
		start[c + 1] += start[c];
	for (uint32_t v = 0; v < n; v++)
		member[start[p->comp[v]]++] = v;
	/* start[c] is now the end of piece c's members */
	for (uint32_t c = 0, i = 0; c < p->nc; c++) {
		uint32_t end = start[c];
		for (; i < end; i++) {
			uint32_t v = member[i];
			for (uint32_t e = s->in_start[v]; e < s->in_start[v + 1]; e++) {
				uint32_t a = s->in_arc[e], cu = p->comp[s->src[a]];
				if (del[a] || cu == c || p->in[c] <= 0)
					continue;
				p->t[cu] += p->t[c] * (double)s->calls[a] / p->in[c];
			}
		}
	}
	free(start);
	free(member);
}

static void pieces_free(struct pieces *p)
{
	free(p->comp);
	free(p->t);
	free(p->in);
	free(p->del_in);
}

double cb_time_moved(const struct cb_sub *s, const uint8_t *del)
{
	struct pieces p;
	double moved = 0;

	pieces_of(s, del, &p);
	for (uint32_t c = 0; c < p.nc; c++)
		if (p.del_in[c] > 0)
			moved += p.t[c] * p.del_in[c] / (p.in[c] + p.del_in[c]);
	pieces_free(&p);
	return moved;
}

void cb_time_weights(const struct cb_sub *s, const uint8_t *del, uint64_t *w)
{
	struct pieces p;

	pieces_of(s, del, &p);
	for (uint32_t a = 0; a < s->m; a++) {
		uint32_t cu = p.comp[s->src[a]], cv = p.comp[s->dst[a]];
		double calls = (double)s->calls[a];
		/* what enters cv from outside if the arc is kept */
		double total = p.in[cv] + p.del_in[cv] + (cu == cv ? calls : 0);
		double t = total > 0 ? p.t[cv] * calls / total : 0;
		w[a] = (uint64_t)llround(t * 1000.0) + 1;
	}
	pieces_free(&p);
}
