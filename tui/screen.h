/* SPDX-License-Identifier: GPL-3.0-or-later */
/* screen: the layout of the browser's screen (status line, the shown
 * view, the entry pane, the message line; the name line, the highlighted
 * row's whole name, as the entry pane's separator or as the last row of
 * the other views with current() or row_name()), drawn from
 * the session (app.h) and the views' ops, and mouse events mapped back
 * onto that layout.  Below the views that redraw during long work
 * (view_cycles.c) and the prompt; above the entry pane, which it places.
 * screen_draw() does not refresh the terminal; the caller does. */
#ifndef TUI_SCREEN_H
#define TUI_SCREEN_H

struct app;
struct term_key;

/* The whole screen into curses' buffer; records the layout in struct
 * app (list_y, entry_h, ...) for the mouse and the keys. */
void screen_draw(struct app *a);
/* A click, double click or wheel at K's place. */
void screen_mouse(struct app *a, const struct term_key *k);

#endif
