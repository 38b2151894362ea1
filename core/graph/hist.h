/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hist: credit PC-sample histograms to the model's functions.
 *
 * Contract: sets every function node's hist_time and self_time (ticks) and
 * g->total_time; a function outside the flat profile's selection (-p/-P,
 * and mcount & co.) gets no credit and its share leaves the total, as in
 * GNU gprof.  Needs node->sets filled for CG_INCL_FLAT/CG_EXCL_FLAT. */
#ifndef TG_HIST_H
#define TG_HIST_H

#include "cg.h"
#include "gmon.h"

void hist_assign(struct cg *g, const struct gmon_profile *p);

#endif
