/* SPDX-License-Identifier: GPL-3.0-or-later */
/* textbuf: lines of text with an attribute each, what the text views
 * (help, source, messages, cycles) show and the message log keeps.
 * Knows nothing of the screen or the session. */
#ifndef TUI_TEXTBUF_H
#define TUI_TEXTBUF_H

#include <stdint.h>

struct textbuf {
	char **lines;
	uint32_t n, cap;
	int *attr; /* per line: 1 = emphasised, 2 = title */
};

/* Drop every line (the buffer stays allocated). */
void textbuf_clear(struct textbuf *t);
/* Drop every line and free the buffer. */
void textbuf_free(struct textbuf *t);
/* Add a line, printf-style, of any length. */
void textbuf_add(struct textbuf *t, int attr, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
