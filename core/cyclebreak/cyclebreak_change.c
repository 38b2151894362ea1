/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak_change: what deleting arcs does to the whole profile, the
 * functions whose total time (self + children, the call graph's % time)
 * moves most, for the preview and the batch summary.  Deleting an arc
 * that closes a cycle can hand most of the time to an unexpected function
 * (an interpreter's sort routine becomes the root holding 97% of the
 * time); the list and the new-root warning make that visible before the
 * user accepts. */
#include "config.h"
#include "cyclebreak.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void cyclebreak_snap_take(const struct cg *g, struct cyclebreak_snap *s)
{
	s->n = g->nfuncs;
	s->pct = xmalloc(((size_t)s->n + 1) * sizeof *s->pct);
	s->called = xmalloc((size_t)s->n + 1);
	for (uint32_t v = 0; v < s->n; v++) {
		s->pct[v] = cg_graph_percent(g, v);
		s->called[v] = g->nodes[v].ncalls > 0;
	}
}

void cyclebreak_snap_free(struct cyclebreak_snap *s)
{
	free(s->pct);
	free(s->called);
	memset(s, 0, sizeof *s);
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
			     c.after >= 50.0;
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
			      const struct cyclebreak_change *c, size_t n)
{
	if (n == 0)
		return;
	fprintf(out, "Largest changes of total time (self + children):\n");
	for (size_t i = 0; i < n; i++)
		fprintf(out, "\t%s %.1f%% -> %.1f%%\n", g->nodes[c[i].node].sym->dname,
			c[i].before, c[i].after);
	for (size_t i = 0; i < n; i++)
		if (c[i].new_root)
			fprintf(out,
				"Warning: %s was called and becomes a root holding "
				"%.1f%% of the time.\n",
				g->nodes[c[i].node].sym->dname, c[i].after);
}
