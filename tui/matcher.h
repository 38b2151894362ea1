/* SPDX-License-Identifier: GPL-3.0-or-later */
/* matcher: a search or filter pattern as the user types it.  A pattern
 * using a regular expression character is an extended regex, else a
 * substring; either ignores case unless it has an upper-case letter. */
#ifndef TUI_MATCHER_H
#define TUI_MATCHER_H

#include <regex.h>
#include <stddef.h>

struct matcher {
	char *text; /* NULL: no pattern (matches nothing) */
	int is_regex, icase;
	regex_t re;
};

/* Set M to TEXT: 0, or -1 with the regex error in ERR (M unchanged). */
int matcher_set(struct matcher *m, const char *text, char *err, size_t errlen);
void matcher_clear(struct matcher *m);
int matcher_match(const struct matcher *m, const char *s);

#endif
