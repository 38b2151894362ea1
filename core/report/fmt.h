/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fmt: printf-identical formatting of report numbers, without printf's
 * cost (the call graph of a large profile has millions of numbers).
 *
 * Contract: each function writes at P exactly what the printf conversion
 * named in its comment would, and returns the end (no NUL). */
#ifndef TG_FMT_H
#define TG_FMT_H

#include <stdint.h>

/* "%*.*f" with PREC 0..3; other values fall back to snprintf. */
char *fmt_fixed(char *p, double v, int width, int prec);
/* "%*lu", or "%-*lu" when LEFT. */
char *fmt_ulong(char *p, uint64_t v, int width, int left);
/* "%*s" for the empty string: WIDTH spaces. */
char *fmt_spaces(char *p, int width);

#endif
