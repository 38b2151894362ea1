/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view_entry: the entry pane under the function lists: the gprof entry
 * of app.node as selectable lines (struct entry_line in app.h), each
 * with the function a follow goes to and the arc d and r act on.  Drawn
 * by the screen layout (screen.c); its lines are rebuilt when app.node
 * or the model's generation changed. */
#ifndef TUI_VIEW_ENTRY_H
#define TUI_VIEW_ENTRY_H

struct app;

void view_entry_build(struct app *a);
void view_entry_draw(struct app *a, int y, int h, int w);

#endif
