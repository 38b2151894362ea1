/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ordering: suggested function order (-r) and object file order (-R),
 * printed one name per line as GNU gprof 2.40 prints them (no heading,
 * no page break).
 *
 * The placement works on chains of functions linked by call arcs, as
 * GNU's does (found by experiment on its output):
 * - functions never called are set aside and printed last, in address
 *   order;
 * - arcs are taken by count, highest first (ties in creation order);
 * - with at least 80 called functions, the functions that are callees of
 *   the most arcs within the first 90% of all calls (one in 80 of the
 *   called functions, stopping at one with only 5 such arcs) are taken
 *   out first: their arcs are used no further; the caller of an arc
 *   between two functions taken out (an uncalled caller counts as taken
 *   out) is printed at once, and all but the last of the busiest callees
 *   are printed unless a chain holds them;
 * - an arc joins its two functions' chains end to end when one of them
 *   is still free, at the end of the other's chain nearer to it, never
 *   closing a loop, and only while the running sum of the calls of the
 *   arcs so far stays within 99% of the total; each chain is printed
 *   from its start once its arcs are done, in the order of the arcs;
 * - the arcs left over are chained again without that limit;
 * - then the called functions no chain took, in address order.
 * -R applies the same chaining to the symbols named after object files
 * by the map file (ordermap.c) and then lists the remaining files. */
#include "config.h"
#include "ordermap.h"
#include "entry.h"
#include "reportint.h"
#include "rows.h"
#include "sort.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct ord {
	const struct cg *g;
	FILE *out;
	unsigned char *placed;  /* per node */
	unsigned char *printed; /* per node: printed by a chain */
	uint32_t *next, *prev;  /* chain links, CG_NONE at the ends */
	unsigned char *arc_placed;
	const unsigned char *mapped; /* -R: per node, or NULL */
};

static const char *name_of(const struct ord *d, uint32_t n)
{
	return d->g->nodes[n].sym->name;
}

static uint32_t chain_end(const struct ord *d, uint32_t n, int forward, int *steps)
{
	const uint32_t *link = forward ? d->next : d->prev;
	int k = 0;

	while (link[n] != CG_NONE) {
		n = link[n];
		k++;
	}
	if (steps)
		*steps = k;
	return n;
}

/* The far end of N's chain: forward when N has a successor, else back. */
static uint32_t far_end(const struct ord *d, uint32_t n)
{
	return chain_end(d, n, d->next[n] != CG_NONE, NULL);
}

/* Chain the arcs V[0..n) (arc indices) in that order.  THRESHOLD: an arc
 * that brings the running sum of calls past 99% of V's total is not used.
 * Arcs not used are appended to UNPL (if not NULL).  Then the chains
 * built are printed, each from its start, in the order of V. */
static void place_arcs(struct ord *d, const uint32_t *v, size_t n, int threshold,
		       uint32_t *unpl, size_t *nunpl)
{
	const struct cg *g = d->g;
	double total = 0, run = 0;

	for (size_t i = 0; i < n; i++)
		total += (double)g->arcs[v[i]].count;
	for (size_t i = 0; i < n; i++) {
		const struct cg_arc *a = &g->arcs[v[i]];
		uint32_t p = a->parent, c = a->child;
		int ok = 0;

		run += (double)a->count;
		if (d->arc_placed[v[i]])
			continue;
		if ((threshold && run / total > 0.99) || d->placed[c] || d->placed[p])
			goto unused;
		if (d->next[p] != CG_NONE && d->prev[p] != CG_NONE &&
		    d->next[c] != CG_NONE && d->prev[c] != CG_NONE)
			goto unused;
		if (d->next[p] == CG_NONE && d->prev[p] == CG_NONE) {
			int fwd, back;
			uint32_t e1 = chain_end(d, c, 1, &fwd);
			uint32_t e0 = chain_end(d, c, 0, &back);
			c = fwd < back ? e1 : e0;
		} else if (d->next[c] == CG_NONE && d->prev[c] == CG_NONE) {
			int fwd, back;
			uint32_t e1 = chain_end(d, p, 1, &fwd);
			uint32_t e0 = chain_end(d, p, 0, &back);
			p = back < fwd ? e0 : e1;
		} else {
			goto unused;
		}
		if (far_end(d, p) == c && far_end(d, c) == p)
			goto unused; /* would close a loop */
		if (d->next[p] != CG_NONE) {
			if (d->next[c] == CG_NONE) {
				d->prev[p] = c;
				d->next[c] = p;
				ok = 1;
			}
		} else if (d->prev[p] != CG_NONE) {
			if (d->prev[c] == CG_NONE) {
				d->next[p] = c;
				d->prev[c] = p;
				ok = 1;
			}
		} else if (d->prev[c] != CG_NONE) {
			d->prev[p] = c;
			d->next[c] = p;
			ok = 1;
		} else {
			d->next[p] = c;
			d->prev[c] = p;
			ok = 1;
		}
		if (ok)
			d->arc_placed[v[i]] = 1;
		continue;
unused:
		if (unpl)
			unpl[(*nunpl)++] = v[i];
	}
	for (size_t i = 0; i < n; i++) {
		const struct cg_arc *a = &g->arcs[v[i]];
		if (d->placed[a->parent] || d->placed[a->child])
			continue;
		uint32_t s = a->parent;
		if (d->next[s] == CG_NONE && d->prev[s] == CG_NONE)
			continue;
		s = chain_end(d, s, 0, NULL);
		for (; s != CG_NONE; s = d->next[s]) {
			d->placed[s] = 1;
			d->printed[s] = 1;
			fprintf(d->out, "%s\n", name_of(d, s));
		}
	}
}

/* Arcs (CTX: the graph) by count down.  GNU sorts with glibc's qsort, a
 * stable merge sort, so arcs of equal counts keep the order they were
 * collected in: creation order for the list of all arcs, the order the
 * busiest callees' lists were walked for the arcs among them. */
static int cmp_count(const void *ctx, uint32_t a, uint32_t b)
{
	const struct cg *g = ctx;
	uint64_t ca = g->arcs[a].count, cb = g->arcs[b].count;

	return ca > cb ? -1 : ca < cb;
}

/* Functions by uses (CTX: per function) down, then address order. */
static int cmp_uses(const void *l, const void *r, void *ctx)
{
	const uint32_t *sort_key = ctx;
	uint32_t a = *(const uint32_t *)l, b = *(const uint32_t *)r;

	if (sort_key[a] != sort_key[b])
		return sort_key[a] > sort_key[b] ? -1 : 1;
	return a < b ? -1 : a > b;
}

static void ord_init(struct ord *d, const struct cg *g, FILE *out)
{
	memset(d, 0, sizeof *d);
	d->g = g;
	d->out = out;
	d->placed = xcalloc((size_t)g->nfuncs + 1, 1);
	d->printed = xcalloc((size_t)g->nfuncs + 1, 1);
	d->next = xmalloc(((size_t)g->nfuncs + 1) * sizeof *d->next);
	d->prev = xmalloc(((size_t)g->nfuncs + 1) * sizeof *d->prev);
	memset(d->next, 0xff, ((size_t)g->nfuncs + 1) * sizeof *d->next);
	memset(d->prev, 0xff, ((size_t)g->nfuncs + 1) * sizeof *d->prev);
	d->arc_placed = xcalloc((size_t)g->narcs + 1, 1);
}

static void ord_free(struct ord *d)
{
	free(d->placed);
	free(d->printed);
	free(d->next);
	free(d->prev);
	free(d->arc_placed);
}

/* Live arcs in creation order, self calls left out (GNU keeps those out
 * of the list it orders); *N receives their number. */
static uint32_t *live_arcs(const struct cg *g, size_t *n)
{
	uint32_t *v = xmalloc(((size_t)g->narcs + 1) * sizeof *v);
	size_t k = 0;

	for (uint32_t a = 0; a < g->narcs; a++)
		if (!g->arcs[a].deleted && g->arcs[a].parent != g->arcs[a].child)
			v[k++] = a;
	*n = k;
	return v;
}

void report_function_order(struct report_ctx *c)
{
	const struct cg *g = c->g;
	struct ord d;
	size_t narcs, nused = 0, nunused = 0;
	uint32_t *arcs = live_arcs(g, &narcs);
	uint32_t *used = xmalloc(((size_t)g->nfuncs + 1) * sizeof *used);
	uint32_t *unused = xmalloc(((size_t)g->nfuncs + 1) * sizeof *unused);
	uint32_t *uses = xcalloc((size_t)g->nfuncs + 1, sizeof *uses);

	ord_init(&d, g, c->out);
	for (uint32_t i = 0; i < g->nfuncs; i++) {
		if (g->nodes[i].ncalls == 0) {
			unused[nunused++] = i;
			d.placed[i] = 1;
		} else {
			used[nused++] = i;
		}
	}
	util_msort_u32(arcs, narcs, cmp_count, g);

	/* Callees of the arcs that make up the first 90% of the calls. */
	double total = 0, run = 0;
	for (size_t i = 0; i < narcs; i++)
		total += (double)g->arcs[arcs[i]].count;
	for (size_t i = 0; i < narcs; i++) {
		run += (double)g->arcs[arcs[i]].count;
		if (run / total > 0.90)
			break;
		uses[g->arcs[arcs[i]].child]++;
	}
	uint32_t *by_uses = xmalloc(((size_t)nused + 1) * sizeof *by_uses);
	memcpy(by_uses, used, nused * sizeof *used);
	util_qsort_r(by_uses, nused, sizeof *by_uses, cmp_uses, uses);

	/* The busiest callees, with their arcs (children newest first, then
	 * parents newest first, self arcs left out). */
	uint32_t *cand = xmalloc(((size_t)narcs + 1) * sizeof *cand);
	size_t ncand = 0, last_high = 0;
	cg_adjacency((struct cg *)g);
	for (size_t k = 0; k < nused / 80; k++) {
		uint32_t s = by_uses[k];
		if (uses[s] == 5)
			break;
		/* GNU walks its callee and caller lists: newest first, or in
		 * the printed order once the call graph has printed the entry
		 * (printing sorts them in place). */
		uint32_t *kids, *pars, nk, np;
		if (c->o->graph && rows_graph_shown(c->g, s, c->o->zero, c->o->line)) {
			nk = entry_arcs(g, s, 0, &kids);
			np = entry_arcs(g, s, 1, &pars);
		} else {
			nk = np = 0;
			kids = xmalloc(
				((size_t)g->child_start[s + 1] - g->child_start[s] + 1) *
				sizeof *kids);
			pars = xmalloc(((size_t)g->parent_start[s + 1] -
					g->parent_start[s] + 1) *
				       sizeof *pars);
			for (uint32_t j = g->child_start[s]; j < g->child_start[s + 1];
			     j++)
				if (!g->arcs[g->child_arcs[j]].deleted)
					kids[nk++] = g->child_arcs[j];
			for (uint32_t j = g->parent_start[s + 1];
			     j-- > g->parent_start[s];)
				if (!g->arcs[g->parent_arcs[j]].deleted)
					pars[np++] = g->parent_arcs[j];
		}
		for (uint32_t j = 0; j < nk + np; j++) {
			uint32_t a = j < nk ? kids[j] : pars[j - nk];
			if (g->arcs[a].parent != g->arcs[a].child)
				cand[ncand++] = a;
			d.arc_placed[a] = 1;
		}
		free(kids);
		free(pars);
		d.placed[s] = 1;
		last_high = k;
	}
	/* Arcs among them, in the order collected: an arc whose two ends
	 * are both still taken out is kept, and frees both ends (so a
	 * function leaves at most one such arc as its caller). */
	uint32_t *high = xmalloc(((size_t)ncand + 1) * sizeof *high);
	size_t nhigh = 0;
	for (size_t i = 0; i < ncand; i++) {
		const struct cg_arc *a = &g->arcs[cand[i]];
		if (d.placed[a->child] && d.placed[a->parent]) {
			high[nhigh++] = cand[i];
			d.placed[a->child] = d.placed[a->parent] = 0;
		}
	}
	/* GNU then lists the busiest callees still taken out, all but the
	 * last one picked (which is never printed at all)... */
	for (size_t k = 0; k < last_high; k++)
		if (d.placed[by_uses[k]]) {
			fprintf(c->out, "%s\n", name_of(&d, by_uses[k]));
			d.printed[by_uses[k]] = 1;
		}
	/* ...and then the caller of each kept arc, heaviest arc first
	 * (ties in the order collected), each on its own: the arcs
	 * themselves were used up above, so they join no chain. */
	util_msort_u32(high, nhigh, cmp_count, g);
	for (size_t i = 0; i < nhigh; i++) {
		uint32_t p = g->arcs[high[i]].parent;
		if (d.placed[p])
			continue;
		fprintf(c->out, "%s\n", name_of(&d, p));
		d.placed[p] = d.printed[p] = 1;
	}
	free(high);
	uint32_t *unpl = xmalloc((2 * (size_t)narcs + 1) * sizeof *unpl);
	size_t nunpl = 0;
	place_arcs(&d, arcs, narcs, 1, unpl, &nunpl);
	place_arcs(&d, unpl, nunpl, 0, NULL, NULL);
	free(unpl);
	for (size_t i = 0; i < nused; i++)
		if (!d.placed[used[i]])
			fprintf(c->out, "%s\n", name_of(&d, used[i]));
	for (size_t i = 0; i < nunused; i++)
		fprintf(c->out, "%s\n", name_of(&d, unused[i]));

	free(cand);
	free(by_uses);
	free(uses);
	free(unused);
	free(used);
	free(arcs);
	ord_free(&d);
}

static int cmp_file(const void *l, const void *r)
{
	const struct ordering_entry *const *a = l, *const *b = r;
	return strcmp((*a)->file, (*b)->file);
}

/* -R's last list: the files of the map with no mapped symbol, each once,
 * in the order of their names (GNU sorts the map by file name for it). */
static void print_unmapped_files(const struct ordering_map *m, const struct cg *g,
				 FILE *out)
{
	const struct ordering_entry **v = xmalloc((m->n + 1) * sizeof *v);
	const char *last = NULL;

	for (size_t i = 0; i < m->n; i++)
		v[i] = &m->e[i];
	util_qsort(v, m->n, sizeof *v, cmp_file);
	for (size_t i = 0; i < m->n; i++) {
		const char *f = v[i]->file;
		uint32_t j;

		if (last && strcmp(last, f) == 0)
			continue;
		for (j = 0; j < g->nfuncs; j++)
			if (ordering_map_mapped(m, g->nodes[j].sym) &&
			    strcmp(g->nodes[j].sym->name, f) == 0)
				break;
		if (j == g->nfuncs)
			fprintf(out, "%s\n", f);
		last = f;
	}
	free(v);
}

void report_file_order(struct report_ctx *c, const struct ordering_map *m)
{
	const struct cg *g = c->g;
	struct ord d;
	size_t narcs;
	uint32_t *arcs = live_arcs(g, &narcs);

	ord_init(&d, g, c->out);
	/* arcs in creation order: -R never sorts them (-r excludes -R) */
	for (size_t i = 0; i < narcs; i++) {
		const struct cg_arc *a = &g->arcs[arcs[i]];
		if (!m || !ordering_map_mapped(m, g->nodes[a->parent].sym) ||
		    !ordering_map_mapped(m, g->nodes[a->child].sym))
			d.arc_placed[arcs[i]] = 1;
	}
	place_arcs(&d, arcs, narcs, 1, NULL, NULL);
	for (uint32_t i = 0; i < g->nfuncs; i++)
		if (m && ordering_map_mapped(m, g->nodes[i].sym) && !d.placed[i])
			fprintf(c->out, "%s\n", name_of(&d, i));
	if (m)
		print_unmapped_files(m, g, c->out);
	free(arcs);
	ord_free(&d);
}
