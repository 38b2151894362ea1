/* SPDX-License-Identifier: GPL-3.0-or-later */
/* names: see names.h. */
#include "config.h"
#include "names.h"

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
