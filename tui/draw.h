/* SPDX-License-Identifier: GPL-3.0-or-later */
/* draw: text into the curses screen by display columns, colours and
 * attributes (with NO_COLOR and monochrome terminals in mind), and the
 * screen dump behind :save-display.
 * Roles: 0 plain, 1 hot, 2 warm, 3 title, 4 dim, 5 error, 6 cursor, 7
 * cool (a significant decrease); 0x100
 * added pads the rest of the width with blanks, 0x200 underlines (a
 * search match). */
#ifndef TUI_DRAW_H
#define TUI_DRAW_H

#include <stddef.h>

/* Colours when COLOR and the terminal has them and NO_COLOR is unset. */
void draw_init_colors(int color);
void draw_text(int y, int x, int w, const char *s, int role);
void draw_row(int y, int w, const char *s, int role);
void draw_fill(int y, int w, int role);
/* The role of a row with PCT of the time: 1 hot, 2 warm, 0 plain. */
int draw_hot_attr(double pct);
/* The screen as text to PATH through util_write_file() with its FLAGS;
 * returns its result, with a confirmation or the reason in MSG. */
int draw_save_display(const char *path, int flags, char *msg, size_t msglen);

#endif
