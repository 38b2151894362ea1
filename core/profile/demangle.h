/* SPDX-License-Identifier: GPL-3.0-or-later */
/* demangle: libiberty's demangler behind a small interface, so that no other
 * file needs to know where demangle.h lives or which flags GNU gprof uses.
 *
 * Names are demangled the way GNU gprof 2.40 prints them: options
 * DMGL_PARAMS | DMGL_ANSI with the chosen style (auto by default); leading
 * '.' and '$' characters and an '@' suffix (symbol versions, "@plt") are
 * set aside, the rest demangled, and the pieces put back. */
#ifndef TG_DEMANGLE_H
#define TG_DEMANGLE_H

/* A style as libiberty names it ("auto", "gnu-v3", "java", "gnat", "dlang",
 * "rust", "none"), turned into an opaque style code.  Returns -1 for a name
 * libiberty does not know (GNU: "unknown demangling style"). */
int demangle_style(const char *name);

/* The style code of the default (auto) style. */
int demangle_style_auto(void);

/* NAME demangled in STYLE, as a malloc'd string the caller frees, or NULL
 * when NAME is not a mangled name in that style. */
char *demangle_name(const char *name, int style);

#endif
