/* SPDX-License-Identifier: GPL-3.0-or-later */
/* names: function names as the browser shows them.  C++ names can be
 * hundreds of characters of template arguments; lists show them
 * shortened (each template argument list as "<…>"), the full name is one
 * key away (toggle-names), and long names scroll sideways. */
#ifndef TUI_NAMES_H
#define TUI_NAMES_H

#include <stddef.h>

/* IN with every template argument list collapsed to "<…>" (or "<...>"
 * when not UTF8), into OUT.  A '<' opens one only right after a name
 * character, so gprof's "<cycle 1>" and "<spontaneous>", and operator<,
 * stay as they are. */
void names_shorten(const char *in, char *out, size_t len, int utf8);

/* The same, as a malloc'd string of any length. */
char *names_shorten_dup(const char *in, int utf8);

/* S without its first N display characters (for sideways scrolling). */
const char *names_skip(const char *s, int n);
/* The display characters of S. */
int names_width(const char *s);

/* IN in at most WIDTH display characters when it can be said so: the
 * scopes at its start ("a::b::") replaced by "…::" ("...::") until the
 * rest fits, but never the last two components (class or namespace, and
 * function), so what tells functions apart stays in sight: the last
 * components and the argument list.  As it is when it fits or has fewer
 * than three components.  A malloc'd string. */
char *names_fit(const char *in, int width, int utf8);

#endif
