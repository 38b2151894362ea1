/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak_change: what deleting arcs does to the whole profile, the
 * functions whose total time (self + children, the call graph's % time)
 * moves most, for the preview and the batch summary.  Deleting the last
 * arcs into a function or a set of functions that then forms a cycle
 * makes it a root and hands it the time its callers had (an interpreter's
 * handler, or its evaluation loop as a cycle, holding 90% while main
 * falls to 1%); the list and the new-root warnings, for functions and
 * cycles alike, make that visible before the user accepts.  The
 * proposals avoid it unless told otherwise (cyclebreak_tree.c).  Also the
 * preview: the entries a proposal leaves, computed by applying it and
 * taking it back. */
#include "config.h"
#include "cyclebreak.h"
#include "sort.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void cyclebreak_snap_take(const struct cg *g, struct cyclebreak_snap *s)
{
	s->n = g->nfuncs;
	s->pct = xmalloc(((size_t)s->n + 1) * sizeof *s->pct);
	s->called = xmalloc((size_t)s->n + 1);
	s->cycle = xmalloc(((size_t)s->n + 1) * sizeof *s->cycle);
	s->csize = xcalloc((size_t)g->ncycles + 1, sizeof *s->csize);
	s->ccalled = xcalloc((size_t)g->ncycles + 1, 1);
	for (uint32_t v = 0; v < s->n; v++) {
		s->pct[v] = cg_graph_percent(g, v);
		s->called[v] = g->nodes[v].ncalls > 0;
		s->cycle[v] = g->nodes[v].cycle <= g->ncycles ? g->nodes[v].cycle : 0;
		s->csize[s->cycle[v]]++;
	}
	for (uint32_t c = 1; c <= g->ncycles; c++)
		s->ccalled[c] = g->nodes[g->nfuncs + c - 1].ncalls > 0;
}

void cyclebreak_snap_free(struct cyclebreak_snap *s)
{
	free(s->pct);
	free(s->called);
	free(s->cycle);
	free(s->csize);
	free(s->ccalled);
	memset(s, 0, sizeof *s);
}

/* Larger share first, then node order. */
static int cmp_root(const void *l, const void *r)
{
	const struct cyclebreak_root *a = l, *b = r;
	if (a->pct != b->pct)
		return a->pct > b->pct ? -1 : 1;
	return (a->node > b->node) - (a->node < b->node);
}

/* Keep the MAX largest roots in OUT (N so far), sorted. */
static void add_root(struct cyclebreak_root *out, size_t *n, size_t max,
		     struct cyclebreak_root x)
{
	if (max == 0 || (*n == max && cmp_root(&x, &out[*n - 1]) >= 0))
		return;
	size_t i = *n < max ? (*n)++ : *n - 1;
	while (i > 0 && cmp_root(&x, &out[i - 1]) < 0) {
		out[i] = out[i - 1];
		i--;
	}
	out[i] = x;
}

size_t cyclebreak_new_roots(const struct cyclebreak_snap *before, const struct cg *after,
			    struct cyclebreak_root *out, size_t max)
{
	size_t n = 0, all = 0;

	for (uint32_t v = 0; v < before->n && v < after->nfuncs; v++) {
		const struct cg_node *x = &after->nodes[v];
		if (x->cycle || !before->called[v] || x->ncalls > 0 ||
		    cg_graph_percent(after, v) <= CYCLEBREAK_ROOT_PCT)
			continue;
		all++;
		add_root(out, &n, max,
			 (struct cyclebreak_root){ v, 0, 1, cg_graph_percent(after, v) });
	}
	/* A cycle after lies inside one cycle before (deleting arcs only
	 * splits); it had a caller outside it unless it is that whole cycle
	 * and that one had none. */
	for (uint32_t c = 1; c <= after->ncycles; c++) {
		const struct cg_node *cn = &after->nodes[after->nfuncs + c - 1];
		uint32_t first = cn->next_member, k = 0;
		if (cn->ncalls > 0 || first == CG_NONE || first >= before->n)
			continue;
		for (uint32_t m = first; m != CG_NONE; m = after->nodes[m].next_member)
			k++;
		uint32_t bc = before->cycle[first];
		if (bc == 0 || (k == before->csize[bc] && !before->ccalled[bc]))
			continue;
		double p = cg_percent(cn->prop_self + cn->prop_child, after->print_time);
		if (p <= CYCLEBREAK_ROOT_PCT)
			continue;
		all++;
		add_root(out, &n, max, (struct cyclebreak_root){ first, c, k, p });
	}
	return all;
}

/* Larger change first, then node order (deterministic). */
static int cmp_change(const void *l, const void *r)
{
	const struct cyclebreak_change *a = l, *b = r;
	double da = fabs(a->after - a->before), db = fabs(b->after - b->before);
	if (da != db)
		return da > db ? -1 : 1;
	return (a->node > b->node) - (a->node < b->node);
}

size_t cyclebreak_changes(const struct cyclebreak_snap *before, const struct cg *after,
			  struct cyclebreak_change *out, size_t max)
{
	size_t n = 0;

	if (max == 0)
		return 0;
	/* Keep the MAX largest in OUT, sorted, by insertion: MAX is small. */
	for (uint32_t v = 0; v < before->n && v < after->nfuncs; v++) {
		struct cyclebreak_change c = { v, before->pct[v],
					       cg_graph_percent(after, v), 0 };
		c.new_root = before->called[v] && after->nodes[v].ncalls == 0 &&
			     !after->nodes[v].cycle && c.after > CYCLEBREAK_ROOT_PCT;
		if (fabs(c.after - c.before) < 0.05 && !c.new_root)
			continue;
		if (n == max && cmp_change(&c, &out[n - 1]) >= 0)
			continue;
		size_t i = n < max ? n++ : n - 1;
		while (i > 0 && cmp_change(&c, &out[i - 1]) < 0) {
			out[i] = out[i - 1];
			i--;
		}
		out[i] = c;
	}
	return n;
}

void cyclebreak_changes_print(FILE *out, const struct cg *g,
			      const struct cyclebreak_change *c, size_t n,
			      const struct cyclebreak_root *roots, size_t nroots)
{
	if (n > 0)
		fprintf(out, "Largest changes of total time (self + children):\n");
	for (size_t i = 0; i < n; i++)
		fprintf(out, "\t%s %.1f%% -> %.1f%%\n", g->nodes[c[i].node].sym->dname,
			c[i].before, c[i].after);
	for (size_t i = 0; i < nroots; i++) {
		const struct cyclebreak_root *r = &roots[i];
		if (r->cycle)
			fprintf(out,
				"Warning: cycle %u (%u members: %s, ...) was called "
				"and becomes a root holding %.1f%% of the time.\n",
				r->cycle, r->nmembers, g->nodes[r->node].sym->dname,
				r->pct);
		else
			fprintf(out,
				"Warning: %s was called and becomes a root holding "
				"%.1f%% of the time.\n",
				g->nodes[r->node].sym->dname, r->pct);
	}
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
	pv->nroots = cyclebreak_new_roots(&snap, g, pv->roots, CYCLEBREAK_NCHANGES);
	if (pv->nroots > CYCLEBREAK_NCHANGES)
		pv->nroots = CYCLEBREAK_NCHANGES;
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
