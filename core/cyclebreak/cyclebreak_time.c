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
 * calls from outside it.  Each piece's time then goes to its callers: the
 * other pieces and the component's outside callers, or nobody when it has
 * none (a new root).  What the reports outside the component show changes
 * only in how its time is split among its outside callers and nobody: the
 * time moved is half the sum, over the callers and nobody, of how much
 * each is credited differently (main losing 90% to a new root moves 90%;
 * time passed from one outside caller to another counts once).  How the
 * time is spread over the members inside is what breaking the cycle is for
 * and moves nothing.
 *
 * The roots above the component (functions gprof finds no caller for:
 * main, library callbacks, tail-call targets) are credited what their
 * callers outside it are, so a root alone above it keeps its share
 * whatever is deleted (the no-new-roots rule leaves every piece a
 * caller), and roots sharing it keep the split of its time among them as
 * far as this measure is small.  Their unbroken split is by calls into
 * the component, which says nothing of what each call costs: on
 * CPython's test suite the threads' start holds 71.8% by one call per
 * thread and main's 14.8% by the one call that runs every test, while
 * the threads ran 9.4% of the CPU.  A root whose calls go to members that
 * end in cheap pieces loses its share under every set, and the least time
 * moved then hands it to whichever roots the cheapest split favours.
 *
 * The cost is not a sum of fixed weights per arc.  The solvers take
 * weights, so cb_time_weights gives each arc the time it carries given the
 * pieces of a set (the share of the piece it enters that comes through
 * it; all of the piece's time for its last way in), and the caller
 * alternates: solve, weigh again, keep the set that moves least as
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

double cb_time_moved(const struct cb_sub *s, const uint8_t *del)
{
	struct pieces p;
	size_t nc = (size_t)s->ncallers + 1;
	double *before = xcalloc(nc, sizeof(double)),
	       *after = xcalloc(nc, sizeof(double));
	double total = 0, calls = 0, nobody = 0, moved = 0;

	pieces_of(s, del, &p);
	for (uint32_t c = 0; c < p.nc; c++) {
		if (p.in[c] <= 0)
			nobody += p.t[c];
	}
	for (uint32_t v = 0; v < s->n; v++) {
		total += s->tself[v];
		for (uint32_t e = s->ext_start[v]; e < s->ext_start[v + 1]; e++) {
			uint32_t k = p.comp[v];
			calls += (double)s->ext_calls[e];
			before[s->ext_caller[e]] += (double)s->ext_calls[e];
			if (p.in[k] > 0)
				after[s->ext_caller[e]] +=
					p.t[k] * (double)s->ext_calls[e] / p.in[k];
		}
	}
	/* before: the whole component's time by calls into it (nobody's
	 * when it has no outside caller) */
	for (uint32_t x = 0; x < s->ncallers; x++)
		moved += fabs(after[x] - (calls > 0 ? total * before[x] / calls : 0));
	moved += fabs(nobody - (calls > 0 ? 0 : total));
	pieces_free(&p);
	free(before);
	free(after);
	return moved / 2;
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
