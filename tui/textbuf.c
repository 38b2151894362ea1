/* SPDX-License-Identifier: GPL-3.0-or-later */
/* textbuf: see textbuf.h. */
#include "config.h"
#include "textbuf.h"
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void textbuf_clear(struct textbuf *t)
{
	for (uint32_t i = 0; i < t->n; i++)
		free(t->lines[i]);
	t->n = 0;
}

void textbuf_add(struct textbuf *t, int attr, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *buf = xmalloc(n > 0 ? (size_t)n + 1 : 1);
	va_start(ap, fmt);
	vsnprintf(buf, n > 0 ? (size_t)n + 1 : 1, fmt, ap);
	va_end(ap);
	if (t->n >= t->cap) {
		t->cap = t->cap ? t->cap * 2 : 64;
		t->lines = xrealloc(t->lines, t->cap * sizeof *t->lines);
		t->attr = xrealloc(t->attr, t->cap * sizeof *t->attr);
	}
	t->attr[t->n] = attr;
	t->lines[t->n++] = buf;
}

void textbuf_free(struct textbuf *t)
{
	textbuf_clear(t);
	free(t->lines);
	free(t->attr);
	t->lines = NULL;
	t->attr = NULL;
	t->cap = 0;
}
