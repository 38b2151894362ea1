/* cyclebreak: delete arcs so that no cycle keeps more than N members.
 *
 * Contract for the batch mode (--break-cycles=N): cyclebreak_batch() finds
 * the arcs, prints our heading, one line per deleted arc in BSD's form
 * "\tPARENT to CHILD with COUNT calls" and a summary line to OUT, marks the
 * arcs deleted in G and re-propagates, so the reports that follow are those
 * of `-k PARENT/CHILD` for each arc. */
#ifndef TG_CYCLEBREAK_H
#define TG_CYCLEBREAK_H

#include <stdio.h>
#include "cg.h"
#include "opts.h"

void cyclebreak_batch(FILE *out, struct cg *g, const struct opts *o);

#endif
