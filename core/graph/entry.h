/* SPDX-License-Identifier: GPL-3.0-or-later */
/* entry: the order of the lines of a call-graph entry, as GNU gprof 2.40
 * prints them, shared by the report and the browser's entry pane.
 *
 * Parents go in increasing and children in decreasing order of: self
 * call lowest, then calls inside a cycle (by count), then the others by
 * propagated time and count; ties keep the order arcs were first read in.
 * A cycle's members go by decreasing total time, then calls, ties in
 * ring order.  Deleted arcs are left out.  The model must be propagated. */
#ifndef TG_ENTRY_H
#define TG_ENTRY_H

#include "cg.h"

/* Live arcs into (PARENTS) or out of function N, in print order; *OUT is
 * malloc'd by the callee and freed by the caller.  Returns the count. */
uint32_t entry_arcs(const struct cg *g, uint32_t n, int parents, uint32_t **out);

/* Members of cycle node N, in print order; as entry_arcs(). */
uint32_t entry_members(const struct cg *g, uint32_t n, uint32_t **out);

#endif
