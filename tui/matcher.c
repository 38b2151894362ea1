/* SPDX-License-Identifier: GPL-3.0-or-later */
/* matcher: see matcher.h. */
#include "config.h"
#include "matcher.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A pattern is a regular expression when it uses one of these. */
static int looks_regex(const char *s)
{
	return strpbrk(s, "^$*+?[]().|\\{}") != NULL;
}

int matcher_set(struct matcher *m, const char *text, char *err, size_t errlen)
{
	struct matcher n;
	memset(&n, 0, sizeof n);
	n.is_regex = looks_regex(text);
	n.icase = 1;
	for (const char *s = text; *s; s++)
		if (*s >= 'A' && *s <= 'Z')
			n.icase = 0;
	if (n.is_regex) {
		int r = regcomp(&n.re, text,
				REG_EXTENDED | REG_NOSUB | (n.icase ? REG_ICASE : 0));
		if (r != 0) {
			regerror(r, &n.re, err, errlen);
			return -1;
		}
	}
	matcher_clear(m);
	n.text = xstrdup(text);
	*m = n;
	return 0;
}

void matcher_clear(struct matcher *m)
{
	if (m->text && m->is_regex)
		regfree(&m->re);
	free(m->text);
	memset(m, 0, sizeof *m);
}

int matcher_match(const struct matcher *m, const char *s)
{
	if (!m->text)
		return 0;
	if (m->is_regex)
		return regexec(&m->re, s, 0, NULL, 0) == 0;
	if (!m->icase)
		return strstr(s, m->text) != NULL;
	size_t n = strlen(m->text);
	for (; *s; s++)
		if (strncasecmp(s, m->text, n) == 0)
			return 1;
	return n == 0;
}
