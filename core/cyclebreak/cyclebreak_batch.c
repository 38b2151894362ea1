/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak_batch: --break-cycles=N in batch: the proposal deleted and
 * listed before the reports, in BSD gprof's form, with the certificate,
 * the arcs -k would also match, and the largest changes of time. */
#include "config.h"
#include "cyclebreak.h"
#include "sort.h"
#include "util.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* CTX: the call graph whose functions are sorted by raw name. */
static int cmp_name_idx(const void *l, const void *r, void *ctx)
{
	const struct cg *g = ctx;
	uint32_t a = *(const uint32_t *)l, b = *(const uint32_t *)r;
	int c = strcmp(g->nodes[a].sym->name, g->nodes[b].sym->name);
	return c ? c : (a > b) - (a < b);
}

/* shared[v]: another function has v's raw name. */
static uint8_t *shared_names(const struct cg *g)
{
	uint32_t n = g->nfuncs;
	uint32_t *v = xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	uint8_t *shared = xcalloc((size_t)n + 1, 1);

	for (uint32_t i = 0; i < n; i++)
		v[i] = i;
	util_qsort_r(v, n, sizeof *v, cmp_name_idx, (void *)g);
	for (uint32_t i = 1; i < n; i++)
		if (!strcmp(g->nodes[v[i]].sym->name, g->nodes[v[i - 1]].sym->name))
			shared[v[i]] = shared[v[i - 1]] = 1;
	free(v);
	return shared;
}

/* GNU gprof 2.40 honours only the last -k naming a given caller (found by
 * experiment; tgprof's -k follows it), so a list with arcs from one caller
 * to two different callees cannot be replayed with -k: say so. */
static int cmp_arc_names(const void *l, const void *r, void *ctx)
{
	const struct cg *g = ctx;
	const struct cg_arc *a = &g->arcs[*(const uint32_t *)l];
	const struct cg_arc *b = &g->arcs[*(const uint32_t *)r];
	int c = strcmp(g->nodes[a->parent].sym->name, g->nodes[b->parent].sym->name);
	if (c)
		return c;
	return strcmp(g->nodes[a->child].sym->name, g->nodes[b->child].sym->name);
}

/* 1 if arc B has the names of one of the K arcs in V (sorted by
 * cmp_arc_names). */
static int names_listed(const struct cg *g, const uint32_t *v, size_t k, uint32_t b)
{
	size_t lo = 0, hi = k;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = cmp_arc_names(&b, &v[mid], (void *)g);
		if (c == 0)
			return 1;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return 0;
}

/* The arcs -k would also match given the printed names: live arcs whose
 * ends have the same raw names as those of a listed arc (two static
 * functions may share a name).  Appended to LIST (N arcs so far) in arc
 * order and marked deleted.  One pass over the arcs, a binary search each
 * when an end's name is shared. */
static void same_names(struct cg *g, const uint8_t *shared, uint32_t **list, size_t *n,
		       size_t *cap)
{
	uint32_t *v = xmalloc((*n + 1) * sizeof *v);
	size_t k = 0;

	for (size_t i = 0; i < *n; i++) {
		const struct cg_arc *x = &g->arcs[(*list)[i]];
		if (shared[x->parent] || shared[x->child])
			v[k++] = (*list)[i];
	}
	util_qsort_r(v, k, sizeof *v, cmp_arc_names, g);
	for (uint32_t b = 0; b < g->narcs && k > 0; b++) {
		const struct cg_arc *y = &g->arcs[b];
		if (y->deleted || !(shared[y->parent] || shared[y->child]) ||
		    !names_listed(g, v, k, b))
			continue;
		util_grow((void **)list, cap, *n + 1, sizeof **list);
		(*list)[(*n)++] = b;
	}
	for (size_t i = 0; i < *n; i++)
		g->arcs[(*list)[i]].deleted = 1;
	free(v);
}

static void repeated_callers(FILE *out, const struct cg *g, const uint32_t *list,
			     size_t n)
{
	uint32_t *v = xmalloc((n + 1) * sizeof *v);
	size_t k = 0;
	const char *first = NULL, *last = NULL;

	if (n)
		memcpy(v, list, n * sizeof *v);
	util_qsort_r(v, n, sizeof *v, cmp_arc_names, (void *)g);
	for (size_t i = 1; i < n; i++) {
		const char *p = g->nodes[g->arcs[v[i]].parent].sym->name;
		if (strcmp(p, g->nodes[g->arcs[v[i - 1]].parent].sym->name) ||
		    !cmp_arc_names(&v[i], &v[i - 1], (void *)g))
			continue;
		if (last && !strcmp(last, p))
			continue;
		last = p;
		if (!first)
			first = g->nodes[g->arcs[v[i]].parent].sym->dname;
		k++;
	}
	if (k)
		fprintf(out,
			"Note: %zu caller%s (%s%s) %s several deleted arcs; GNU "
			"gprof honours only the last -k naming a caller (and so does "
			"tgprof --text), so -k cannot replay this list.\n",
			k, k == 1 ? "" : "s", first, k == 1 ? "" : ", ...",
			k == 1 ? "has" : "have");
	free(v);
}

/* The certificate: "; no solution deletes fewer than L calls (within
 * X%)", X the most the printed CALLS can exceed the optimum, relative to
 * it; then how many cycles were solved with a proven minimum.  For the
 * least time moved, the time moved instead. */
static void print_gap(FILE *out, const struct cg *g, const struct cyclebreak_result *r,
		      uint64_t calls)
{
	if (r->by_time) {
		fprintf(out,
			"; %.2f seconds of time moved (%.1f%% of the total); %u "
			"cycle%s over the bound.\n",
			cg_seconds(g, r->moved), cg_percent(r->moved, g->print_time),
			r->ncycles, r->ncycles == 1 ? " was" : "s were");
		return;
	}
	fprintf(out, "; no solution deletes fewer than %" PRIu64 " call%s", r->lower,
		r->lower == 1 ? "" : "s");
	if (r->lower > 0)
		fprintf(out, " (within %.1f%%)",
			100.0 * (double)(calls - r->lower) / (double)r->lower);
	if (r->bsd)
		fprintf(out, "; %u cycle%s over the bound.\n", r->ncycles,
			r->ncycles == 1 ? " was" : "s were");
	else
		fprintf(out, "; %u of %u cycle%s over the bound solved optimally.\n",
			r->nexact, r->ncycles, r->ncycles == 1 ? "" : "s");
}

void cyclebreak_batch(FILE *out, struct cg *g, const struct opts_cycles *oc,
		      const struct cyclebreak_limits *lim, uint32_t **deleted,
		      size_t *ndeleted)
{
	struct cyclebreak_choice *choice;
	size_t nchoice = cyclebreak_opts_choices(g, oc, &choice);

	cyclebreak_batch_choices(out, g, oc, lim, choice, nchoice, deleted, ndeleted);
	free(choice);
}

void cyclebreak_batch_choices(FILE *out, struct cg *g, const struct opts_cycles *oc,
			      const struct cyclebreak_limits *lim,
			      const struct cyclebreak_choice *choice, size_t nchoice,
			      uint32_t **deleted, size_t *ndeleted)
{
	struct cyclebreak_result r;
	uint32_t *list = NULL;
	size_t n = 0, cap = 0, nkeep = 0;
	uint64_t calls = 0;

	for (size_t i = 0; i < nchoice; i++)
		nkeep += choice[i].state == CYCLEBREAK_KEEP;
	int st = cyclebreak_propose_lim(g, oc->bound, oc->heuristic_bsd, choice, nchoice,
					lim, &r);
	if (st != 0 && nkeep)
		util_die("--break-keep: the kept arcs leave a cycle of more than %ld "
			 "member%s",
			 oc->bound, oc->bound == 1 ? "" : "s");
	if (st != 0)
		util_die("internal error: cycles cannot be broken");
	uint8_t *shared = shared_names(g);
	struct cyclebreak_snap snap;
	cyclebreak_snap_take(g, &snap);
	for (size_t i = 0; i < r.narcs; i++)
		g->arcs[r.arcs[i].arc].deleted = 1;
	for (size_t i = 0; i < r.narcs; i++) {
		util_grow((void **)&list, &cap, n + 1, sizeof *list);
		list[n++] = r.arcs[i].arc;
	}
	same_names(g, shared, &list, &n, &cap);
	size_t nforced = 0;
	for (size_t i = 0; i < r.narcs; i++)
		nforced += r.arcs[i].forced;
	fprintf(out, "Arcs deleted so that no cycle has more than %ld member%s (%s",
		oc->bound, oc->bound == 1 ? "" : "s",
		oc->heuristic_bsd ? "4.4BSD gprof's rule"
		: r.by_time       ? "least time moved"
				  : "fewest calls");
	if (r.allow_roots && !r.bsd)
		fputs("; new roots allowed", out);
	if (nforced)
		fprintf(out, "; %zu arc%s forced", nforced, nforced == 1 ? "" : "s");
	if (nkeep)
		fprintf(out, "; %zu arc%s kept", nkeep, nkeep == 1 ? "" : "s");
	fputs("):\n", out);
	for (size_t i = 0; i < n; i++) {
		const struct cg_arc *a = &g->arcs[list[i]];
		calls += a->count;
		fprintf(out, "\t%s to %s with %" PRIu64 " calls\n",
			g->nodes[a->parent].sym->dname, g->nodes[a->child].sym->dname,
			a->count);
	}
	fprintf(out, "%zu arc%s and %" PRIu64 " call%s deleted", n, n == 1 ? "" : "s",
		calls, calls == 1 ? "" : "s");
	if (r.ncycles == 0)
		fprintf(out, "; no cycle was over the bound.\n");
	else if (!oc->heuristic_bsd && !r.by_time && r.nexact == r.ncycles &&
		 calls == r.calls)
		fprintf(out, " (optimal); %u cycle%s over the bound.\n", r.ncycles,
			r.ncycles == 1 ? " was" : "s were");
	else
		print_gap(out, g, &r, calls);
	if (r.nroots)
		fprintf(out,
			"Note: %u function%s left without a caller: the forced or "
			"pinned arcs leave no other way in.\n",
			r.nroots, r.nroots == 1 ? " is" : "s are");
	repeated_callers(out, g, list, n);
	cg_propagate(g);
	struct cyclebreak_change ch[CYCLEBREAK_NCHANGES];
	struct cyclebreak_root roots[CYCLEBREAK_NCHANGES];
	size_t nch = cyclebreak_changes(&snap, g, ch, CYCLEBREAK_NCHANGES);
	size_t nr = cyclebreak_new_roots(&snap, g, roots, CYCLEBREAK_NCHANGES);
	cyclebreak_changes_print(out, g, ch, nch, roots,
				 nr < CYCLEBREAK_NCHANGES ? nr : CYCLEBREAK_NCHANGES);
	cyclebreak_snap_free(&snap);
	fputc('\n', out);
	free(shared);
	if (deleted) {
		*deleted = list;
		*ndeleted = n;
	} else {
		free(list);
	}
	cyclebreak_result_free(&r);
}
