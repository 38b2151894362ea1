/* SPDX-License-Identifier: GPL-3.0-or-later */
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
/* Arc selections (-k FROM/TO, and -q/-Q with FROM/TO) as GNU keeps them:
 * a table of caller ranges (one per run of consecutive symbols a FROM
 * spec matches, specs taken in reverse command-line order, sorted by
 * start, and of ranges with the same start only the first kept), each
 * with the callee ranges of its TO spec.  An arc is in the table when the
 * caller range found for its caller holds a callee range containing the
 * callee.  So of two -k options naming the same caller, only the last on
 * the command line has an effect, as in GNU gprof 2.40. */
struct select_arc_range {
	uint64_t lo, hi;          /* caller range */
	struct symspec_range *to; /* callee ranges */
	size_t nto;
	size_t order; /* insertion order, for the stable sort */
};
struct select_arc_table {
	struct select_arc_range *r;
	size_t n, cap;
};
struct select_arcs {
	struct select_arc_table excl, incl;
	int n; /* tables in use: 0 means no arc selection at all */
};
void select_arcs_init(struct select_arcs *k, const struct opts *o,
		      const struct symtab *st);
void select_arcs_free(struct select_arcs *k);
/* 1 if the arc from FROM to TO is dropped: it is in the -k table, or an
 * include table (-q FROM/TO) exists and it is not in it. */
int select_arc_excluded(const struct select_arcs *k, const struct sym *from,
			const struct sym *to);

#endif
