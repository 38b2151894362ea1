/* SPDX-License-Identifier: GPL-3.0-or-later */
/* notes: the explanations printed under (or, in -T style, above) the
 * tables when -b is not given.  Our own words; -b leaves them out. */
#ifndef TG_NOTES_H
#define TG_NOTES_H

#include <stdio.h>

/* The same words in either style. */
void notes_flat(FILE *out);
void notes_graph(FILE *out);

#endif
