/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hist: see hist.h.
 *
 * Addresses are compared in 2-byte units, the histogram's granularity
 * unit.  A bin's range is computed from a double scale truncated to an
 * integer, and a symbol spans up to the next symbol's start; the credit
 * of a bin to a symbol is proportional to their overlap.  Partial
 * overlaps can give a function more than its bin held, so a percentage
 * may exceed 100, as it does in GNU gprof. */
#include "config.h"
#include "hist.h"

#include <string.h>

static void assign_one(struct cg *g, const struct gmon_hist *h)
{
	const struct symtab *st = g->st;
	uint64_t lowpc = h->lowpc / 2;
	double scale;
	/* j carries over between bins, each bin starting one symbol back;
	 * it never goes below the first symbol, so a nonzero bin wholly
	 * below the first symbol credits nothing and later bins are credited
	 * as usual (GNU gprof 2.40 does the same). */
	size_t j = 1;

	if (h->nbins == 0 || st->n == 0)
		return;
	scale = (double)((h->highpc - h->lowpc) / 2) / h->nbins;
	g->hist_scale = scale;
	memcpy(g->dimen, h->dimen, sizeof g->dimen);
	g->dimen[sizeof g->dimen - 1] = 0;
	for (uint32_t i = 0; i < h->nbins; i++) {
		uint64_t count = h->bins[i];
		if (!count)
			continue;
		uint64_t bin_lo = lowpc + (uint64_t)(scale * i);
		uint64_t bin_hi = lowpc + (uint64_t)(scale * (i + 1));
		double t = (double)count;
		g->total_time += t;
		for (j = j ? j - 1 : 0; j < st->n; j++) {
			uint64_t sym_lo = st->syms[j].addr / 2;
			/* The last symbol has no successor to end it; GNU reads a
			 * zero there, so it is never credited. */
			uint64_t sym_hi = j + 1 < st->n ? st->syms[j + 1].addr / 2 : 0;
			if (bin_hi < sym_lo)
				break;
			if (bin_lo >= sym_hi)
				continue;
			uint64_t lo = bin_lo > sym_lo ? bin_lo : sym_lo;
			uint64_t hi = bin_hi < sym_hi ? bin_hi : sym_hi;
			if (hi <= lo)
				continue;
			double credit = (double)(hi - lo) * t / scale;
			struct cg_node *n = &g->nodes[j];
			if (cg_flat_selected(g, n))
				n->hist_time += credit;
			else
				g->total_time -= credit;
		}
	}
}

void hist_assign(struct cg *g, const struct gmon_profile *p)
{
	for (uint32_t i = 0; i < g->nfuncs; i++)
		g->nodes[i].hist_time = 0;
	g->total_time = 0;
	for (size_t k = 0; k < p->nhists; k++)
		assign_one(g, &p->hists[k]);
	for (uint32_t i = 0; i < g->nfuncs; i++)
		g->nodes[i].self_time = g->nodes[i].hist_time;
	g->have_hist = p->nhists > 0;
}
