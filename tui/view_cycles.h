/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view_cycles: a :break-cycles proposal under review (its ops in
 * view.h); what the commands and the loop ask of it by name. */
#ifndef TUI_VIEW_CYCLES_H
#define TUI_VIEW_CYCLES_H

struct app;

/* Propose arcs to delete so no cycle keeps over BOUND members (BSD:
 * 4.4BSD's rule) and show the proposal. */
void view_cycles_propose(struct app *a, long bound, int bsd);
void view_cycles_build(struct app *a);
void view_cycles_toggle(struct app *a);
/* :pin: keep the arc under the cursor and propose again without it;
 * :unpin drops every pin and proposes again. */
void view_cycles_pin(struct app *a, int on);
void view_cycles_accept(struct app *a);
void view_cycles_drop(struct app *a, const char *why);

#endif
