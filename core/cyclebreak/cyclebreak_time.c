/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak_time: the time a deletion moves, for the least-time
 * objective.
 *
 * gprof charges a function's (or a cycle's) time to its callers in
 * proportion to their calls from outside it.  An unbroken component is one
 * cycle: its whole time goes to its callers outside it, by their calls
 * into it.  Deleting arcs inside splits it into pieces; a piece's time is
 * its members' own time (self time and what callees outside the component
 * give them, which the deletion does not change) plus, through each kept
 * arc to another piece, that piece's time times the arc's share of its
 * calls from outside it.  Each piece's time then goes to its callers.
 *
 * An arc deleted between two pieces carried to its caller the share of
 * the callee's piece its calls are of the calls into that piece from
 * outside it, kept or deleted; deleted, that time goes to the piece's
 * other callers instead (to nobody when it was among the last ways in:
 * then the piece's whole time moves).  The time moved is the sum of what
 * the deleted arcs carried, each measured on the pieces the whole deletion
 * leaves, not on the unbroken cycle.  Time that moves at several levels
 * (a piece's time and, within it, a deeper piece's) counts at each, so
 * the sum can exceed the total.  An arc deleted inside a piece moves
 * nothing: its callee's time stays in the piece.
 *
 * An earlier measure counted only how the component's time was split
 * among its callers outside it, the roots above the component keeping
 * the split of the unbroken report as far as it was small.  That split
 * is by calls into the component and says nothing of what each call
 * costs: on CPython's test suite the threads' start holds 71.8% by one
 * call per thread and main's 14.8% by the one call that runs every test,
 * while the threads ran 9.4% of the CPU; keeping the split, the
 * objective handed main's time to the threads at most bounds (main kept
 * 1.0% to 97.7%).  What the deleted arcs carry follows the calls inside
 * instead: main keeps 19.1% or more at every bound from 2 to 50.
 *
 * The cost is not a sum of fixed weights per arc: what an arc carries
 * depends on the pieces.  The solvers take weights, so cb_time_weights
 * gives each arc what it carries given the pieces of a set, and the
 * caller alternates: solve, weigh again, keep the set that moves least as
 * measured here, then the fewest calls. */
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

/* The time the arc A of S carries to its caller given the pieces P: the
 * share of the piece it enters that comes through it (of the calls into
 * that piece from outside it, kept or deleted, plus A's own when it lies
 * inside one piece). */
static double carries(const struct cb_sub *s, const struct pieces *p, uint32_t a)
{
	uint32_t cu = p->comp[s->src[a]], cv = p->comp[s->dst[a]];
	double calls = (double)s->calls[a];
	double total = p->in[cv] + p->del_in[cv] + (cu == cv ? calls : 0);
	return total > 0 ? p->t[cv] * calls / total : 0;
}

double cb_time_moved(const struct cb_sub *s, const uint8_t *del)
{
	struct pieces p;
	double moved = 0;

	pieces_of(s, del, &p);
	for (uint32_t a = 0; a < s->m; a++)
		if (del[a] && p.comp[s->src[a]] != p.comp[s->dst[a]])
			moved += carries(s, &p, a);
	pieces_free(&p);
	return moved;
}

void cb_time_weights(const struct cb_sub *s, const uint8_t *del, uint64_t *w)
{
	struct pieces p;

	pieces_of(s, del, &p);
	for (uint32_t a = 0; a < s->m; a++)
		w[a] = (uint64_t)llround(carries(s, &p, a) * 1000.0) + 1;
	pieces_free(&p);
}
