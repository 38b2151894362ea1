/* SPDX-License-Identifier: GPL-3.0-or-later */
/* load: everything between the command line and a propagated model.
 *
 * Reads the executable's symbols, every profile file (summed), maps arcs
 * to symbols (dropping -k arcs by marking them deleted), credits the
 * histogram to symbols, applies the symspec selection sets and propagates.
 * PROGRESS, if not NULL, is called now and then with a phase name and a
 * fraction in [0,1] so the browser can show progress on long loads.
 * With -i (o->report.file_info) each file's description is printed on stdout
 * as it is read, as GNU gprof does. */
#ifndef TG_LOAD_H
#define TG_LOAD_H

#include "cg.h"
#include "gmon.h"
#include "lines.h"
#include "objects.h"
#include "ordermap.h"
#include "opts.h"
#include "symtab.h"

struct load {
	struct symtab st; /* the function table */
	struct gmon_profile prof;
	struct cg g;              /* g.st is &st, &lines.st (-l) or &map.st (-R) */
	struct lines_table lines; /* -l: line symbols and functions */
	struct ordering_map map;  /* -R: the map and the table it gives */
	struct objects *objs;     /* shared objects joined in, or NULL */
};

typedef void load_progress_fn(const char *phase, double fraction);

/* Load with O into L.  Returns 0, or -1 with "FILE: problem" in MSG for a
 * profile that cannot be read or is not one of O's program (then L holds
 * nothing).  The other loaders (the executable's symbols, -R's map, the
 * shared objects) still call util_die() on bad input, which a trap
 * (util.h) turns into an error of the caller's (the session's). */
int load_run(struct load *l, const struct opts *o, load_progress_fn *progress, char *msg,
	     size_t msglen);
/* The same, dying with the message. */
void load_all(struct load *l, const struct opts *o, load_progress_fn *progress);
/* load_all() without the propagation: symbols read, every arc and
 * histogram bin credited to its function, no cycles, no times flowed up
 * (tests/bench measures it as the floor of any analysis).  load_free()
 * frees it. */
void load_read(struct load *l, const struct opts *o, load_progress_fn *progress);
void load_free(struct load *l);

#endif
