/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cg: the call-graph model, the object reports and the browser share.
 *
 * Nodes 0..nfuncs-1 are the symbols of the symtab, same index and order.
 * After cg_propagate(), nodes nfuncs..nfuncs+ncycles-1 are the cycles
 * ("<cycle N as a whole>", N = node - nfuncs + 1).
 *
 * Arcs live in one array in creation order (the order their first record
 * was read: GNU breaks ties by it), found by (parent, child) through a hash
 * table.  Adjacency for the graph walks is rebuilt as index arrays when arcs
 * are added, not kept as per-function lists.
 *
 * The model can be changed and re-propagated without reading any file:
 * cg_arc_delete/restore, cg_set_self_time, cg_set_selection, then
 * cg_propagate() again (linear in nodes + arcs, plus the final sort).
 * Times are in histogram ticks (samples), as GNU keeps them; reports divide
 * by cg->hz.  No curses and no printing here. */
#ifndef TG_CG_H
#define TG_CG_H

#include <stddef.h>
#include <stdint.h>
#include "gmon.h"
#include "symtab.h"

#define CG_NONE UINT32_MAX

/* Selection sets, GNU's symbol tables for -p/-P/-q/-Q/-e/-E/-f/-F/-n/-N. */
enum cg_set {
	CG_INCL_FLAT,
	CG_EXCL_FLAT,
	CG_INCL_GRAPH,
	CG_EXCL_GRAPH,
	CG_INCL_TIME,
	CG_EXCL_TIME,
	CG_NSETS
};

struct cg_node {
	const struct sym *sym; /* NULL for a cycle node */
	double hist_time;      /* ticks credited by the histogram (as read) */
	double self_time;      /* ticks used: hist_time unless edited (what-if) */
	/* --- computed by cg_propagate() --- */
	double child_time; /* ticks propagated from descendants */
	double prop_fract, prop_self, prop_child;
	uint64_t ncalls;      /* calls from others (self calls excluded) */
	uint64_t self_calls;  /* calls from itself */
	uint32_t cycle;       /* cycle number, 0 = not in a cycle */
	uint32_t head;        /* this node's cycle node, or itself */
	uint32_t next_member; /* ring through a cycle's members, or CG_NONE */
	uint32_t top_order;   /* depth-first finishing number, 1-based */
	uint32_t index;       /* call-graph index [N], 0 if none */
	uint8_t sets;         /* bit (1 << enum cg_set) when in that set */
	uint8_t print_flag;   /* shown in the call graph */
	uint8_t flat_flag;    /* shown in the flat profile */
};

struct cg_arc {
	uint32_t parent, child; /* node indices (functions only) */
	uint64_t count;
	uint8_t deleted; /* -k / browser deletion: as if never read */
	/* --- computed by cg_propagate() --- */
	double time, child_time; /* propagated along this arc, ticks */
};

/* A slot of the arc hash table (open addressing): the key is kept in the
 * slot so a lookup touches one cache line, not the arc array. */
struct cg_hslot {
	uint32_t parent, child, arc; /* arc == CG_NONE: empty */
};

struct cg {
	const struct symtab *st;
	struct cg_node *nodes;
	uint32_t nfuncs, ncycles;
	struct cg_arc *arcs;
	uint32_t narcs, arcs_cap;
	struct cg_hslot *hash; /* (parent, child) -> arc, linear probing */
	uint32_t hash_size;    /* a power of two, at least twice narcs */
	double hz;             /* samples per second */
	double total_time;     /* ticks in the histogram after exclusions */
	double print_time;     /* ticks propagated to the graph's roots */
	int have_hist;
	double hist_scale;   /* histogram bin width in 2-byte units, 0 if none */
	char dimen[16];      /* histogram dimension ("seconds") */
	uint32_t set_active; /* bit per enum cg_set: the user gave that option */
	/* Adjacency, rebuilt lazily: children of n are arcs child_arcs[
	 * child_start[n] .. child_start[n+1]-1], newest first; parents likewise
	 * in creation order. */
	uint32_t *child_start, *child_arcs, *parent_start, *parent_arcs;
	/* Parallel to child_arcs/parent_arcs: the other end of each arc and
	 * its count, so graph walks need not touch the arcs themselves. */
	uint32_t *child_node, *parent_node;
	uint64_t *parent_count; /* the block holding the four arrays above */
	int adj_valid;
	/* Call-graph order after cg_propagate(): all nodes (functions and
	 * cycles) sorted as GNU prints them; index = position + 1. */
	uint32_t *order;
	uint32_t norder;
	/* Kept by cg_propagate() for its fast path: the deleted flags it
	 * propagated (per arc), functions in finishing order, and per function
	 * the arc the depth-first walk reached it by (CG_NONE for a root) and
	 * the walk's clock when it was pushed and when it was numbered. */
	uint8_t *dead;
	uint32_t *topo, *tree_arc, *t_push, *t_done;
	uint32_t prop_narcs; /* narcs when last propagated */
	double *was_self;    /* per function: self time when last propagated */
	uint8_t *was_sets;   /* per function: sets when last propagated */
	uint32_t was_active; /* set_active when last propagated */
	int prop_valid;
	unsigned long prop_fast; /* propagations that took the fast path */
};

void cg_init(struct cg *g, const struct symtab *st, double hz);
void cg_free(struct cg *g);

/* Add COUNT calls from PARENT to CHILD (node indices), merging with an
 * existing arc.  Returns the arc index. */
uint32_t cg_arc_add(struct cg *g, uint32_t parent, uint32_t child, uint64_t count);
/* Room for N arcs, so that adding up to N grows neither the arcs nor
 * their hash table (each growth copies them; a profile's number of
 * records bounds its arcs).  No effect on the model. */
void cg_arc_reserve(struct cg *g, size_t n);
/* A hint that (PARENT, CHILD) will be added or looked up soon: fetches
 * its hash slot into the cache.  No effect on the model. */
void cg_arc_prefetch(const struct cg *g, uint32_t parent, uint32_t child);
/* Arc index for (PARENT, CHILD), or CG_NONE. */
uint32_t cg_arc_find(const struct cg *g, uint32_t parent, uint32_t child);

static inline uint32_t cg_arc_parent_count(const struct cg *g, uint32_t n)
{
	return g->parent_start[n + 1] - g->parent_start[n];
}

/* Rebuild the adjacency arrays if arcs were added since the last build. */
void cg_adjacency(struct cg *g);

/* Recompute calls, cycles, flags, times, order and indices from the arcs
 * and self times.  Linear in the graph plus one sort.  When the only
 * changes since the last call are deleted or restored arcs that do not
 * move the depth-first numbering (most arcs: not the one that first
 * reached its callee, not within a cycle), calls are adjusted and cycles
 * kept instead of found again; the result is the same bit for bit. */
void cg_propagate(struct cg *g);
/* cg_propagate() for a caller that knows the arcs whose deleted flags
 * may have changed since the last propagation: ARCS (N of them, in any
 * order, repeated or not).  Only their flags are read, not every arc's
 * (on the bench's 682,547 arcs that scan was most of re-propagating one
 * deletion).  The result is cg_propagate()'s; a flag changed elsewhere
 * and not listed would be missed. */
void cg_propagate_arcs(struct cg *g, const uint32_t *arcs, size_t n);
/* cg_propagate() without the fast path (tests compare the two). */
void cg_propagate_full(struct cg *g);

/* What-if: set function N's self time (ticks); the flat total follows.
 * Call cg_propagate() afterwards. */
void cg_set_self_time(struct cg *g, uint32_t n, double ticks);

/* Helpers for printing. */
static inline int cg_is_cycle(const struct cg *g, uint32_t n)
{
	return n >= g->nfuncs;
}
static inline int cg_in_set(const struct cg_node *n, enum cg_set s)
{
	return (n->sets >> s) & 1;
}

/* GNU's rules about the model, each in this one place (t-rules checks
 * that no other file keeps a copy). */

/* Whether node N's time counts in the flat profile under -p/-P: in the
 * -p set if one was given, else not in the -P set.  The histogram
 * credits, the flat profile lists and an edit may change the time of
 * only these. */
static inline int cg_flat_selected(const struct cg *g, const struct cg_node *n)
{
	if (cg_in_set(n, CG_INCL_FLAT))
		return 1;
	return !((g->set_active >> CG_INCL_FLAT) & 1) && !cg_in_set(n, CG_EXCL_FLAT);
}

/* A "% time": PART as a percentage of WHOLE ticks.  A profile without
 * time (WHOLE <= 0) divides by 1, as GNU does, so every share is 0. */
static inline double cg_percent(double part, double whole)
{
	return 100 * part / (whole > 0 ? whole : 1);
}
/* Node N's "% time" in the flat profile: its self time in the
 * histogram's total. */
static inline double cg_flat_percent(const struct cg *g, uint32_t n)
{
	return cg_percent(g->nodes[n].self_time, g->total_time);
}
/* Node N's "% time" in the call graph: its self and children's time in
 * the time propagated to the roots. */
static inline double cg_graph_percent(const struct cg *g, uint32_t n)
{
	const struct cg_node *s = &g->nodes[n];
	return cg_percent(s->prop_self + s->prop_child, g->print_time);
}

/* TICKS in seconds.  A profile without a rate (no histogram) has no
 * time: 0. */
static inline double cg_seconds(const struct cg *g, double ticks)
{
	return g->hz > 0 ? ticks / g->hz : 0;
}

/* The classes of arcs, in the order an entry of the call graph lists
 * them: a call of a function by itself, a call between two members of
 * one cycle, and any other.  Time flows along the last class only, so
 * the call graph shows the other two by their count alone. */
enum cg_arc_class { CG_ARC_SELF, CG_ARC_CYCLE, CG_ARC_OTHER };

static inline enum cg_arc_class cg_arc_class(const struct cg *g, const struct cg_arc *a)
{
	uint32_t c = g->nodes[a->parent].cycle;

	if (a->parent == a->child)
		return CG_ARC_SELF;
	return c != 0 && c == g->nodes[a->child].cycle ? CG_ARC_CYCLE : CG_ARC_OTHER;
}

#endif
