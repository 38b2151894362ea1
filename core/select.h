/* select: the symspec options (-p -P -q -Q -e -E -f -F -n -N -k) turned
 * into the model's selection sets.
 *
 * Contract: select_apply() sets node->sets and g->set_active from the
 * options (and puts mcount & co. in the exclusion sets, as GNU does);
 * select_arc_excluded() says whether an arc is dropped: it matches a -k
 * FROM/TO, or include specs (-q FROM/TO) exist and it matches none. */
#ifndef TG_SELECT_H
#define TG_SELECT_H

#include "cg.h"
#include "opts.h"
#include "symspec.h"

void select_apply(struct cg *g, const struct opts *o);
/* The -k specs parsed once; select_arc_excluded() is called per record. */
struct select_arcs {
	struct symspec *from, *to;
	char *incl;  /* per spec: 1 for an include (-q FROM/TO), 0 for -k */
	int n, nincl;
};
void select_arcs_init(struct select_arcs *k, const struct opts *o,
		      const struct symtab *st);
void select_arcs_free(struct select_arcs *k);
int select_arc_excluded(const struct select_arcs *k, const struct sym *from,
			const struct sym *to);

#endif
