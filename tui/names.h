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

/* S without its first N display characters (for sideways scrolling). */
const char *names_skip(const char *s, int n);

#endif
