/* SPDX-License-Identifier: GPL-3.0-or-later */
/* report: GNU gprof 2.40's text reports, byte for byte, from a propagated
 * model.  These are the only writers in core/ that print. */
#ifndef TG_REPORT_H
#define TG_REPORT_H

#include <stdio.h>
#include "cg.h"
#include "opts.h"

/* Everything `tgprof --text` prints for the options in O: flat profile,
 * call graph and index in GNU's order (or -T's).  G is propagated. */
void report_all(FILE *out, const struct cg *g, const struct opts_report *o);

/* The same, plus what needs more than the model: execution counts (-C),
 * annotated source (-A), function and file ordering (-r, -R), in GNU's
 * order after the call graph. */
struct load;
void report_all_load(FILE *out, const struct load *l, const struct opts_report *o);

#endif
