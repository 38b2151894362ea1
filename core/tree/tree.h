/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tree: the call graph unfolded into paths, for the browser's call tree and
 * the flame-graph exports.
 *
 * gprof records arcs, not stacks, so a path's time is an estimate under
 * gprof's own assumption, the one its call-graph report makes: a
 * function's time (self and children) is shared among its callers in
 * proportion to the calls each makes.  A row stands for a path and carries
 * a weight, the fraction of its function's activations that came along
 * that path; its self and total times are the function's times in the call
 * graph (cg_propagate()) times that weight.  The sums are gprof's:
 *  - top-down, a row's total is its self time plus its children's totals
 *    (and what a prune left out, `below`); the top rows' totals add up to
 *    the call graph's total (g->print_time);
 *  - over all paths, a function's self (total) times add up to its self
 *    (self + children) in its call-graph entry, and so to its flat-profile
 *    self time when no selection option holds its time back.
 *
 * Cycles: a cycle is entered once, as a row for the cycle as a whole
 * (`<cycle N as a whole>`), whose children are its members (with the
 * cycle's weight: gprof does not share time inside a cycle); a member's
 * children are its callees outside the cycle.  Calls into one cycle from
 * one caller are one row (their counts added).  Collapsed so, the graph
 * has no cycles and no path meets a function twice; a row that would
 * (never on a propagated model) is marked `repeat` and not expanded.
 *
 * Top-down (TREE_DOWN): the top rows are the functions and cycles whose
 * time no caller takes (tree_top_weight()): nobody calls them (main,
 * spontaneous functions), or every caller's time is held back by -E/-F;
 * below a row, its callees.
 * Bottom-up (TREE_UP) for a focus function or cycle X: one top row, X
 * with all its time; below a row, the callers through which that time
 * came, each with the part of X's time that came through it (a member's
 * only caller row is its cycle).  Every row shows X's times.
 *
 * Lazy: nothing below a row is computed until tree_expand(); expanding a
 * row costs work proportional to the arcs at its function (the members'
 * arcs for a cycle), plus sorting its children.  Rows live in one array
 * (pointers into it move when it grows; keep indices), the children of a
 * row contiguous, largest total first.
 *
 * The tree reads the model but never changes it; after an edit (the
 * model re-propagated) open a new tree. */
#ifndef TG_TREE_H
#define TG_TREE_H

#include <stddef.h>
#include <stdint.h>
#include "cg.h"

#define TREE_NONE UINT32_MAX

enum tree_dir { TREE_DOWN, TREE_UP };

enum tree_kind {
	TREE_TOP,    /* a top row */
	TREE_CALL,   /* down: a callee of the row above; up: a caller */
	TREE_MEMBER, /* down: a member under its cycle; up: the cycle a
		      * member's time came through */
};

struct tree_row {
	uint32_t node;   /* graph node: a function or a cycle */
	uint32_t parent; /* row above, TREE_NONE for a top row */
	uint32_t child;  /* first child row once expanded (nchild of them) */
	uint32_t nchild;
	uint32_t depth;   /* 0 for a top row */
	uint8_t kind;     /* enum tree_kind */
	uint8_t expanded; /* children computed */
	uint8_t repeat;   /* node already on the path above: not expanded */
	uint8_t open;     /* the viewer's: children shown (tree.c never reads it) */
	uint64_t calls;   /* calls along the arcs from the row above (down) or
			   * to it (up); a member's own calls under its cycle */
	double weight;    /* fraction of the node's (down) or focus's (up) time */
	double self;      /* ticks: self time on this path */
	double total;     /* ticks: self + children on this path */
	double below;     /* ticks: children's totals a prune left out */
};

struct tree {
	const struct cg *g;
	enum tree_dir dir;
	uint32_t focus; /* TREE_UP: X */
	double whole;   /* the call graph's total, g->print_time */
	struct tree_row *rows;
	uint32_t nrows, nroots; /* the top rows are 0 .. nroots-1 */
	size_t cap;
	/* scratch per graph node (internal) */
	uint32_t *slot, *stamp;
	uint32_t stampval;
	struct tree_row *buf;
	size_t bufcap;
};

/* Open the tree of G (propagated) in direction DIR; FOCUS is X for TREE_UP
 * (a function or cycle node), ignored for TREE_DOWN.  Computes the top
 * rows only: linear in the nodes, plus the parent arcs looked at until one
 * takes time (few per function). */
void tree_open(struct tree *t, const struct cg *g, enum tree_dir dir, uint32_t focus);
void tree_close(struct tree *t);

/* Compute ROW's children, unless done already; returns their count.
 * Children whose total is below MIN_TOTAL ticks are left out and their
 * totals added to the row's `below` (MIN_TOTAL <= 0 keeps every child,
 * MIN_TOTAL > 0 also drops those with no time).  Rows may move. */
uint32_t tree_expand(struct tree *t, uint32_t row, double min_total);

/* Whether ROW may have children (exact once expanded; before, a cheap
 * guess that is never wrong when it says 0). */
int tree_may_have_children(const struct tree *t, uint32_t row);

/* The hot path from ROW: expand ROW and go on into its largest child while
 * that child's total is at least MIN_TOTAL ticks (and above zero), opening
 * each row that has children on the way (ROW included; the last row
 * reached is left as it was).  Returns the last row reached. */
uint32_t tree_hot_path(struct tree *t, uint32_t row, double min_total);

/* The weight of node H's top row top-down, 0 if it has none: the part of
 * its time (prop_fract) that no caller takes.  A function nobody calls
 * whose time counts: its prop_fract.  A cycle no counted caller reaches
 * but whose members' time counts (cg_propagate() counts each such member
 * whole): 1.  A cycle also called into members whose time is held back
 * (-E): the share of those calls.  A cycle member never has one. */
double tree_top_weight(const struct cg *g, uint32_t h);

/* ROW's child for graph node NODE, or TREE_NONE (expands ROW). */
uint32_t tree_find_child(struct tree *t, uint32_t row, uint32_t node);

/* ROW's exclusive time, what a flame graph gives the row itself: its self
 * time, except for a cycle's row top-down, whose self time is its
 * members' (each shown below it), and so 0. */
double tree_exclusive(const struct tree *t, uint32_t row);

/* The name of graph node N for display: the demangled name, or
 * "<cycle K as a whole>" in BUF for a cycle. */
const char *tree_name(const struct cg *g, uint32_t n, char *buf, size_t len);

#endif
