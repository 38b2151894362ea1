/* SPDX-License-Identifier: GPL-3.0-or-later */
/* script: keys for the headless browser, read from $TGPROF_SCRIPT.
 *
 * Each line is a sequence of keys: characters stand for themselves, key
 * names in angle brackets as in key files (<Enter>, <Down>, <C-r>, <lt>),
 * and test events <resize:ROWS,COLS> (at most 1000 each, what a terminal
 * can be), <click:ROW,COL>, <dclick:ROW,COL>,
 * <wheelup:ROW,COL>, <wheeldown:ROW,COL>.  A line starting with ':' or
 * '/' (a command or a search) gets an Enter at its end, unless it ends
 * with <Esc> or <C-g> (a cancelled prompt).  Lines starting
 * with '#' and empty lines are ignored.  An unknown <...> is typed as
 * text, so names like foo<int> need no escaping. */
#include "config.h"
#include "term.h"
#include "keymap.h"
#include "util.h"

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct term_key *keys;
static size_t nkeys, capkeys, next;

static void push(int key, enum term_mouse m, int y, int x)
{
	util_grow((void **)&keys, &capkeys, nkeys + 1, sizeof *keys);
	keys[nkeys].key = key;
	keys[nkeys].mouse = m;
	keys[nkeys].y = y;
	keys[nkeys].x = x;
	nkeys++;
}

/* One UTF-8 character at S; its length in *LEN. */
static int utf8_char(const char *s, int *len)
{
	const unsigned char *p = (const unsigned char *)s;
	int n = p[0] < 0x80             ? 0
		: (p[0] & 0xe0) == 0xc0 ? 1
		: (p[0] & 0xf0) == 0xe0 ? 2
		: (p[0] & 0xf8) == 0xf0 ? 3
					: -1;
	if (n < 0) {
		*len = 1;
		return p[0];
	}
	int c = n == 0 ? p[0] : p[0] & (0x3f >> n);
	for (int i = 1; i <= n; i++) {
		if ((p[i] & 0xc0) != 0x80) {
			*len = 1;
			return p[0];
		}
		c = c << 6 | (p[i] & 0x3f);
	}
	*len = n + 1;
	return c;
}

static int event(const char *name)
{
	static const struct {
		const char *name;
		enum term_mouse m;
	} ev[] = {
		{ "resize", TM_NONE },          { "click", TM_CLICK },
		{ "dclick", TM_DCLICK },        { "wheelup", TM_WHEEL_UP },
		{ "wheeldown", TM_WHEEL_DOWN },
	};
	char word[16];
	int y, x;
	if (sscanf(name, "%15[a-z]:%d,%d", word, &y, &x) != 3)
		return 0;
	for (size_t i = 0; i < sizeof ev / sizeof ev[0]; i++) {
		if (strcmp(word, ev[i].name) != 0)
			continue;
		if (i == 0)
			push(KEYMAP_FUNC | KEY_RESIZE, TM_NONE, y, x);
		else
			push(KEYMAP_FUNC | KEY_MOUSE, ev[i].m, y, x);
		return 1;
	}
	return 0;
}

static int ends_with(const char *s, size_t len, const char *tail)
{
	size_t n = strlen(tail);
	return len >= n && strcmp(s + len - n, tail) == 0;
}

static void parse_line(const char *s)
{
	size_t len = strlen(s);
	int enter = (s[0] == ':' || s[0] == '/') && !ends_with(s, len, "<Esc>") &&
		    !ends_with(s, len, "<C-g>");
	while (*s) {
		if (*s == '<') {
			const char *e = strchr(s + 1, '>');
			if (e && e - s < 40) {
				char name[48];
				memcpy(name, s, (size_t)(e - s + 1));
				name[e - s + 1] = 0;
				int k = keymap_parse_key(name);
				if (k >= 0) {
					push(k, TM_NONE, 0, 0);
					s = e + 1;
					continue;
				}
				name[e - s] = 0;
				if (event(name + 1)) {
					s = e + 1;
					continue;
				}
			}
		}
		int clen;
		int c = utf8_char(s, &clen);
		push(keymap_normalize(c), TM_NONE, 0, 0);
		s += clen;
	}
	if (enter)
		push('\n', TM_NONE, 0, 0);
}

int script_open(const char *path, char *err, size_t errlen)
{
	const char *why;
	char *text = util_read_text(path, &why), *line, *rest;
	if (!text) {
		snprintf(err, errlen, "%s: %s", path, why);
		return -1;
	}
	for (line = text; *line; line = rest) {
		rest = line + strcspn(line, "\n");
		if (*rest)
			*rest++ = 0;
		line[strcspn(line, "\r")] = 0;
		if (line[0] == 0 || line[0] == '#')
			continue;
		parse_line(line);
	}
	free(text);
	return 0;
}

int script_cancel_next(void)
{
	if (next < nkeys && keys[next].key == 27 && keys[next].mouse == TM_NONE) {
		next++;
		return 1;
	}
	return 0;
}

int script_next(struct term_key *k)
{
	if (next >= nkeys)
		return -1;
	*k = keys[next++];
	return 0;
}
