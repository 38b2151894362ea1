/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view_entry: the entry pane under the function lists: the gprof entry
 * of app.node as selectable lines, each with the function a follow goes
 * to and the arc d and r act on.  The lines are this file's; the cursor
 * is the session's pane a->ep.  Drawn by the screen layout (screen.c);
 * its lines are rebuilt when app.node or the model's generation
 * changed. */
#ifndef TUI_VIEW_ENTRY_H
#define TUI_VIEW_ENTRY_H

struct app;
struct view_ops;

/* The entry pane's ops (its private state), for the session's
 * app.entry. */
extern const struct view_ops view_entry_ops;

void view_entry_build(struct app *a);
void view_entry_draw(struct app *a, int y, int h, int w);
/* d and r: delete or restore the arc of the line under the cursor. */
void view_entry_arc_op(struct app *a, int restore);
/* Enter in the focused pane: the function of the line under the
 * cursor, in a list that shows it. */
void view_entry_follow(struct app *a);

#endif
