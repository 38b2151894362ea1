/* SPDX-License-Identifier: GPL-3.0-or-later */
/* draw: text into the curses screen by display columns, colours and
 * attributes (with NO_COLOR and monochrome terminals in mind), and the
 * screen dump behind :save-display. */
#include "config.h"
#include "draw.h"
#include "util.h"

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

enum { PAIR_HOT = 1, PAIR_WARM, PAIR_TITLE, PAIR_DIM, PAIR_ERR, PAIR_CURSOR, PAIR_COOL };

static int use_color;

void draw_init_colors(int color)
{
	const char *nc = getenv("NO_COLOR");
	use_color = color && !(nc && *nc) && has_colors();
	if (!use_color)
		return;
	start_color();
	use_default_colors();
	init_pair(PAIR_HOT, COLOR_RED, -1);
	init_pair(PAIR_WARM, COLOR_YELLOW, -1);
	init_pair(PAIR_TITLE, COLOR_WHITE, COLOR_BLUE);
	init_pair(PAIR_DIM, COLOR_BLUE, -1);
	init_pair(PAIR_ERR, COLOR_RED, -1);
	init_pair(PAIR_CURSOR, COLOR_BLACK, COLOR_CYAN);
	init_pair(PAIR_COOL, COLOR_GREEN, -1);
}

/* Attributes by role: 1 hot, 2 warm, 3 title, 4 dim, 5 error, 6 cursor,
 * 7 cool (a decrease; without colour as plain as a shown change). */
static attr_t role_attr(int role)
{
	if (!use_color) {
		switch (role) {
		case 1: return A_BOLD;
		case 3: return A_REVERSE;
		case 4: return A_DIM;
		case 5: return A_BOLD;
		case 6: return A_REVERSE;
		case 7: return A_BOLD;
		default: return A_NORMAL;
		}
	}
	switch (role) {
	case 1: return COLOR_PAIR(PAIR_HOT) | A_BOLD;
	case 2: return COLOR_PAIR(PAIR_WARM);
	case 3: return COLOR_PAIR(PAIR_TITLE) | A_BOLD;
	case 4: return COLOR_PAIR(PAIR_DIM);
	case 5: return COLOR_PAIR(PAIR_ERR) | A_BOLD;
	case 6: return COLOR_PAIR(PAIR_CURSOR);
	case 7: return COLOR_PAIR(PAIR_COOL) | A_BOLD;
	default: return A_NORMAL;
	}
}

int draw_hot_attr(double pct)
{
	if (pct >= 20.0)
		return 1;
	if (pct >= 5.0)
		return 2;
	return 0;
}

/* Write S at (Y, X) in at most W display columns; ROLE as above, with
 * 0x100 added to pad the rest of the W columns with blanks. */
void draw_text(int y, int x, int w, const char *s, int role)
{
	int pad = role & 0x100;
	if (y < 0 || y >= LINES || x >= COLS || w <= 0)
		return;
	if (x + w > COLS)
		w = COLS - x;
	attr_t at = role_attr(role & 0xff);
	if (role & 0x200)
		at |= A_UNDERLINE; /* a match of the search */
	attron(at);
	move(y, x);
	mbstate_t st;
	memset(&st, 0, sizeof st);
	int col = 0;
	while (*s && col < w) {
		wchar_t wc;
		size_t n = mbrtowc(&wc, s, MB_CUR_MAX, &st);
		if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
			memset(&st, 0, sizeof st);
			wc = '?';
			n = 1;
		}
		int cw = wcwidth(wc);
		if (cw < 0)
			wc = '?', cw = 1;
		if (col + cw > w)
			break;
		wchar_t ws[2] = { wc, 0 };
		addnwstr(ws, 1);
		col += cw;
		s += n;
	}
	while (pad && col < w) {
		addch(' ');
		col++;
	}
	attroff(at);
}

void draw_row(int y, int w, const char *s, int role)
{
	draw_text(y, 0, w, s, role | 0x100);
}

void draw_fill(int y, int w, int role)
{
	draw_text(y, 0, w, "", role | 0x100);
}

static int fill_display(FILE *f, void *ctx)
{
	(void)ctx;
	wchar_t *line = xmalloc(((size_t)COLS + 1) * sizeof *line);
	for (int y = 0; y < LINES; y++) {
		int n = mvinnwstr(y, 0, line, COLS);
		if (n < 0)
			n = 0;
		line[n] = 0;
		char out[8 * 1024];
		size_t used = 0;
		mbstate_t st;
		memset(&st, 0, sizeof st);
		for (int i = 0; i < n && used + MB_CUR_MAX + 1 < sizeof out; i++) {
			size_t k = wcrtomb(out + used, line[i], &st);
			if (k == (size_t)-1) {
				out[used] = '?';
				k = 1;
			}
			used += k;
		}
		while (used > 0 && out[used - 1] == ' ')
			used--;
		out[used] = 0;
		fprintf(f, "%s\n", out);
	}
	free(line);
	return 0;
}

int draw_save_display(const char *path, int flags, char *msg, size_t msglen)
{
	int r = util_write_file(path, flags, fill_display, NULL, NULL, msg, msglen);
	if (r != 0)
		return r;
	snprintf(msg, msglen, "saved the display to %s", path);
	return 0;
}
