/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view_cycles: a :break-cycles proposal under review (its ops in
 * view.h); what the commands and the loop ask of it by name. */
#ifndef TUI_VIEW_CYCLES_H
#define TUI_VIEW_CYCLES_H

#include <stddef.h>
#include <stdint.h>

struct app;
struct cyclebreak_choice;
struct opts_cycles;

/* What the options say about proposals (the time of the exact search). */
void view_cycles_set_opts(struct app *a, const struct opts_cycles *oc);
/* Propose arcs to delete so no cycle keeps over BOUND members (BSD:
 * 4.4BSD's rule; BY_TIME: the least time moved, else the fewest calls;
 * ROOTS: a function or cycle may lose all its callers), with the N arc
 * states CHOICES (copied; earlier pins are dropped), and show the
 * proposal. */
void view_cycles_propose(struct app *a, long bound, int bsd, int by_time, int roots,
			 const struct cyclebreak_choice *choices, size_t n);
void view_cycles_build(struct app *a);
void view_cycles_toggle(struct app *a);
/* Set ARC (CG_NONE: the arc under the cursor) to STATE (enum
 * cyclebreak_state: free, kept or forced) and propose again, re-solving
 * only the components the change touches; view_cycles_unpin_all makes
 * every arc free again. */
void view_cycles_pin(struct app *a, int state, uint32_t arc);
void view_cycles_unpin_all(struct app *a);
void view_cycles_accept(struct app *a);
void view_cycles_drop(struct app *a, const char *why);

#endif
