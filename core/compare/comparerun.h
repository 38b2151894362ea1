/* SPDX-License-Identifier: GPL-3.0-or-later */
/* comparerun: open the baseline (--baseline, --baseline-exe) and the
 * current profiles as two sessions of one set of options and compare
 * them.  Bad input on either side is an error returned, naming the file. */
#ifndef TG_COMPARERUN_H
#define TG_COMPARERUN_H

#include "compare.h"
#include "opts.h"
#include "session.h"

struct comparerun {
	struct session before, after;
	struct compare c; /* c.side[] point into before and after */
};

/* O->compare.nbaselines must be > 0.  R must not move while it is open.  Returns
 * 0, or -1 with the reason in MSG (then R holds nothing). */
int comparerun_load(struct comparerun *r, const struct opts *o, char *msg, size_t msglen);
void comparerun_free(struct comparerun *r);

#endif
