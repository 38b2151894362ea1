/* SPDX-License-Identifier: GPL-3.0-or-later */
/* term: the terminal, its signals, and where keys come from.
 *
 * term_open() starts curses on the terminal, or headless (curses drawing
 * into /dev/null, size from LINES/COLUMNS) when a key script is given;
 * term_close() gives the terminal back and may be called any number of
 * times, also from the signal handlers and util_die()'s hook.  Keys come
 * from the terminal or, headless, from the script (script.c). */
#ifndef TUI_TERM_H
#define TUI_TERM_H

#include <stddef.h>

enum term_mouse { TM_NONE, TM_CLICK, TM_DCLICK, TM_WHEEL_UP, TM_WHEEL_DOWN };

struct term_key {
	int key;               /* keymap.h encoding; KEYMAP_FUNC|KEY_RESIZE... */
	enum term_mouse mouse; /* with KEYMAP_FUNC|KEY_MOUSE */
	int y, x;
};

int term_open(const char *script);
void term_close(void);
int term_headless(void);
/* The next key; 0, or -1 when the script is used up (headless only). */
int term_getkey(struct term_key *k);
/* Whether Esc was pressed, without waiting (long work polls it to be
 * cancelled); other keys stay for term_getkey().  Headless: whether the
 * script's next key is Esc (then taken). */
int term_cancel_pressed(void);
/* Apply a new size (headless resize, or after KEY_RESIZE). */
void term_resize(int lines, int cols);

/* script.c */
int script_open(const char *path, char *err, size_t errlen);
int script_next(struct term_key *k);
/* If the next key is Esc, take it and return 1 (term_cancel_pressed()). */
int script_cancel_next(void);

#endif
