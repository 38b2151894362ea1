/* SPDX-License-Identifier: GPL-3.0-or-later */
/* names: see names.h. */
#include "config.h"
#include "names.h"
#include "util.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static int name_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == ':' || c == '>';
}

void names_shorten(const char *in, char *out, size_t len, int utf8)
{
	const char *dots = utf8 ? "\xe2\x80\xa6" : "...";
	size_t k = 0;
	if (!len)
		return;
	for (const char *s = in; *s && k + 1 < len;) {
		int opens = *s == '<' && s > in && name_char(s[-1]) &&
			    !(s - in >= 8 && strncmp(s - 8, "operator", 8) == 0);
		if (!opens) {
			out[k++] = *s++;
			continue;
		}
		/* Up to the matching '>', nesting counted. */
		int depth = 0;
		const char *e = s;
		for (; *e; e++) {
			if (*e == '<')
				depth++;
			else if (*e == '>' && --depth == 0)
				break;
		}
		if (!*e) { /* unbalanced: keep the rest as it is */
			out[k++] = *s++;
			continue;
		}
		int n = snprintf(out + k, len - k, "<%s>", dots);
		if (n < 0 || (size_t)n >= len - k)
			break;
		k += (size_t)n;
		s = e + 1;
	}
	out[k] = 0;
}

const char *names_skip(const char *s, int n)
{
	while (*s && n-- > 0) {
		s++;
		while (((unsigned char)*s & 0xc0) == 0x80)
			s++;
	}
	return s;
}

int names_width(const char *s)
{
	int n = 0;
	for (; *s; s = names_skip(s, 1))
		n++;
	return n;
}

/* Past the operator's symbol when S is at "operator" followed by one
 * ("operator<", "operator()", "operator->*"), else S. */
static const char *past_operator(const char *s)
{
	if (strncmp(s, "operator", 8) != 0)
		return s;
	s += 8;
	if (s[0] == '(' && s[1] == ')')
		return s + 2;
	if (s[0] == '[' && s[1] == ']')
		return s + 2;
	while (*s && strchr("<>=!+-*/%^&|~,", *s))
		s++;
	return s;
}

char *names_fit(const char *in, int width, int utf8)
{
	const char *mark = utf8 ? "\xe2\x80\xa6::" : "...::";
	int mw = utf8 ? 3 : 5;
	if (width <= 0 || names_width(in) <= width)
		return xstrdup(in);
	/* the scope separators outside template arguments, argument lists
	 * and brackets, from the left */
	const char *seps[64];
	int nsep = 0, depth = 0;
	for (const char *s = in; *s && nsep < 64;) {
		const char *op = past_operator(s);
		if (op != s) {
			s = op;
			continue;
		}
		if (*s == '<' || *s == '(' || *s == '[')
			depth++;
		else if ((*s == '>' || *s == ')' || *s == ']') && depth > 0)
			depth--;
		else if (depth == 0 && s[0] == ':' && s[1] == ':') {
			seps[nsep++] = s + 2;
			s += 2;
			continue;
		}
		s++;
	}
	/* drop the scopes before the first separator after which the rest
	 * fits; the last two components (a class or namespace and the
	 * function) always stay */
	if (nsep < 2)
		return xstrdup(in);
	const char *from = seps[nsep - 2];
	for (int i = 0; i < nsep - 2; i++)
		if (names_width(seps[i]) + mw <= width) {
			from = seps[i];
			break;
		}
	size_t len = strlen(mark) + strlen(from) + 1;
	char *out = xmalloc(len);
	snprintf(out, len, "%s%s", mark, from);
	return out;
}

char *names_shorten_dup(const char *in, int utf8)
{
	size_t len = 2 * strlen(in) + 8; /* "<x>" may become "<...>" */
	char *out = xmalloc(len);
	names_shorten(in, out, len, utf8);
	return out;
}
