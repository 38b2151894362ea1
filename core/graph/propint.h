/* SPDX-License-Identifier: GPL-3.0-or-later */
/* propint: the steps of propagation (propagate.c) that its fast path
 * (propfast.c) runs again on part of the graph.  Internal to core/graph. */
#ifndef TG_PROPINT_H
#define TG_PROPINT_H

#include "cg.h"

/* Whether arc A is deleted, by the flags a propagation packed (NULL:
 * none is).  The steps below take DEAD so. */
static inline int cg_prop_dead(const uint8_t *dead, uint32_t a)
{
	return dead && dead[a];
}

/* Whether functions P and C are members of one cycle (an arc between
 * them is inside it). */
int cg_prop_same_cycle(const struct cg *g, uint32_t p, uint32_t c);
/* Flags and fraction of function CHILD, or of its whole cycle, from its
 * callers' (final) values. */
void cg_prop_inherit_flags(struct cg *g, const uint8_t *dead, uint32_t child);
/* C's own selection sets over what it inherited; its prop_self. */
void cg_prop_node_sets(struct cg *g, struct cg_node *c);
/* Every cycle's self time from its members'. */
void cg_prop_cycle_times(struct cg *g);
/* The time PARENT's live arcs carry up (added to PARENT, and to its
 * cycle when it is a member); its callees must be done.  Sets the times
 * of every arc from PARENT, 0 on those that carry none. */
void cg_prop_time(struct cg *g, const uint8_t *dead, uint32_t parent);
/* The print order's comparison of nodes L and R (CTX is the graph): not
 * a consistent order between two cycles of equal time (either comes
 * first), one otherwise. */
int cg_prop_cmp(const void *ctx, uint32_t l, uint32_t r);
/* The print order and indices. */
void cg_prop_sort(struct cg *g);
/* The whole propagation, keeping what the fast path needs. */
void cg_prop_full(struct cg *g);
/* Flags, times and order from scratch, the numbering and calls given. */
void cg_prop_finish(struct cg *g);

#endif
