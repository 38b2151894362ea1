/* select: see select.h. */
#include "config.h"
#include "select.h"
#include "symspec.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* Which sets an option letter adds its symbols to (GNU's mapping: -e and
 * -f are the graph halves of -E and -F, which also cover time). */
static unsigned sets_of(int which)
{
	switch (which) {
	case 'p': return 1u << CG_INCL_FLAT;
	case 'P': return 1u << CG_EXCL_FLAT;
	case 'q': return 1u << CG_INCL_GRAPH;
	case 'Q': return 1u << CG_EXCL_GRAPH;
	case 'e': return 1u << CG_EXCL_GRAPH;
	case 'E': return 1u << CG_EXCL_GRAPH | 1u << CG_EXCL_TIME;
	case 'f': return 1u << CG_INCL_GRAPH;
	case 'F': return 1u << CG_INCL_GRAPH | 1u << CG_INCL_TIME;
	case 'n': return 1u << CG_INCL_TIME;
	case 'N': return 1u << CG_EXCL_TIME;
	default: return 0;
	}
}

void select_apply(struct cg *g, const struct opts *o)
{
	for (uint32_t i = 0; i < g->nfuncs; i++) {
		g->nodes[i].sets = 0;
		if (g->nodes[i].sym->is_excluded)
			g->nodes[i].sets = 1u << CG_EXCL_FLAT | 1u << CG_EXCL_GRAPH |
					   1u << CG_EXCL_TIME;
	}
	g->set_active = 0;
	for (int k = 0; k < o->nspecs; k++) {
		unsigned s = sets_of(o->specs[k].which);
		if (!s || !o->specs[k].spec)
			continue;
		struct symspec sp;
		symspec_parse_in(&sp, o->specs[k].spec, g->st);
		for (uint32_t i = 0; i < g->nfuncs; i++) {
			if (symspec_match(&sp, g->nodes[i].sym)) {
				g->nodes[i].sets |= s;
				/* A set is in force once it holds a symbol: a spec
				 * that matches nothing leaves "include" sets empty. */
				g->set_active |= s;
			}
		}
	}
}

void select_arcs_init(struct select_arcs *k, const struct opts *o,
		      const struct symtab *st)
{
	k->n = k->nincl = 0;
	k->from = xcalloc((size_t)o->nspecs + 1, sizeof *k->from);
	k->to = xcalloc((size_t)o->nspecs + 1, sizeof *k->to);
	k->incl = xcalloc((size_t)o->nspecs + 1, 1);
	for (int i = 0; i < o->nspecs; i++) {
		int w = o->specs[i].which;
		if (w != 'k' && w != 'K')
			continue;
		if (symspec_parse_arc_in(o->specs[i].spec, &k->from[k->n], &k->to[k->n], st) != 0)
			continue;
		k->incl[k->n] = w == 'K';
		k->nincl += w == 'K';
		k->n++;
	}
}

void select_arcs_free(struct select_arcs *k)
{
	free(k->from);
	free(k->to);
	free(k->incl);
	k->from = k->to = NULL;
	k->incl = NULL;
	k->n = 0;
}

int select_arc_excluded(const struct select_arcs *k, const struct sym *from,
			const struct sym *to)
{
	int included = 0, excluded = 0;
	for (int i = 0; i < k->n; i++) {
		if (!symspec_match(&k->from[i], from) || !symspec_match(&k->to[i], to))
			continue;
		if (k->incl[i])
			included = 1;
		else
			excluded = 1;
	}
	if (included)
		return 0;
	return k->nincl > 0 || excluded;
}
