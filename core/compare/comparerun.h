/* SPDX-License-Identifier: GPL-3.0-or-later */
/* comparerun: load the baseline (--baseline, --baseline-exe) and the
 * current profiles with one set of options and compare them.  Bad input
 * on either side dies through the loader with a message naming the file. */
#ifndef TG_COMPARERUN_H
#define TG_COMPARERUN_H

#include "compare.h"
#include "load.h"
#include "opts.h"

struct comparerun {
	struct load before, after;
	struct compare c; /* c.side[] point into before and after */
};

/* The options the baseline side is loaded with: O's, but the baseline's
 * profiles and program, and no per-file side effects (-i, -s). */
void comparerun_baseline_opts(struct opts *b, const struct opts *o);
/* O->nbaselines must be > 0.  R must not move while R->c is used. */
void comparerun_load(struct comparerun *r, const struct opts *o);
void comparerun_free(struct comparerun *r);

#endif
