/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak_choice: what the command line asks of a proposal: the arcs
 * it keeps or forces (--break-keep, --break-force), matched as -k matches
 * them, and the limits (objective, rule, time of the exact search). */
#include "config.h"
#include "cyclebreak.h"
#include "symspec.h"
#include "util.h"

#include <stdlib.h>

size_t cyclebreak_opts_choices(const struct cg *g, const struct opts_cycles *oc,
			       struct cyclebreak_choice **out)
{
	size_t n = 0, cap = 0;

	*out = NULL;
	for (int i = 0; i < oc->nchoices; i++) {
		const char *spec = oc->choices[i].spec;
		int keep = oc->choices[i].which == 'K';
		const char *opt = keep ? "--break-keep" : "--break-force";
		struct symspec from, to;
		size_t hit = 0;
		if (symspec_parse_arc_in(spec, &from, &to, g->st) != 0) {
			free(*out); /* a trap may catch the death (util.h) */
			util_die("%s: '%s' is not an arc (CALLER/CALLEE)", opt, spec);
		}
		for (uint32_t a = 0; a < g->narcs; a++) {
			const struct cg_arc *x = &g->arcs[a];
			if (x->deleted || x->parent >= g->nfuncs ||
			    x->child >= g->nfuncs ||
			    !symspec_match(&from, g->nodes[x->parent].sym) ||
			    !symspec_match(&to, g->nodes[x->child].sym))
				continue;
			util_grow((void **)out, &cap, n + 1, sizeof **out);
			(*out)[n++] =
				(struct cyclebreak_choice){ a, keep ? CYCLEBREAK_KEEP
								    : CYCLEBREAK_FORCE };
			hit++;
		}
		if (!hit) {
			free(*out);
			util_die("%s: no arc %s in the call graph (or it is deleted)",
				 opt, spec);
		}
	}
	return n;
}

void cyclebreak_opts_limits(const struct opts_cycles *oc, struct cyclebreak_limits *lim)
{
	lim->by_time = oc->objective_time;
	lim->allow_roots = oc->allow_roots;
	if (oc->exact_time_set)
		lim->exact_time = oc->exact_time;
}
