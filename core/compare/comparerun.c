/* SPDX-License-Identifier: GPL-3.0-or-later */
/* comparerun: both sides of a comparison loaded from the command line.
 *
 * The baseline goes through the same loader with the same options as the
 * current profiles (selections, -k, --break-cycles, demangling ...), only
 * its profile files and, with --baseline-exe, its program differ: edits
 * apply to both sides alike. */
#include "config.h"
#include "comparerun.h"
#include "cyclebreak.h"
#include "edit.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* One side: loaded with the options of the command line, then the same
 * edits as a plain report gets (--edits, then --break-cycles). */
static void load_side(struct load *l, const struct opts *o)
{
	load_all(l, o, NULL);
	if (o->edits_file) {
		char msg[1024];
		struct edit *e = edit_open(l, o);
		if (editfile_apply(e, o->edits_file, msg, sizeof msg) < 0)
			util_die("%s", msg);
		edit_close(e); /* the edits stay in the model */
	}
	if (o->break_cycles > 0) {
		/* The list of deleted arcs is the plain report's; here only
		 * the edited models matter. */
		struct cyclebreak_limits lim = CYCLEBREAK_LIMITS_DEFAULT;
		FILE *null = fopen("/dev/null", "w");
		if (!null)
			util_die("/dev/null: cannot open");
		cyclebreak_opts_limits(o, &lim);
		cyclebreak_batch(null, &l->g, o, &lim, NULL, NULL);
		fclose(null);
	}
}

void comparerun_baseline_opts(struct opts *b, const struct opts *o)
{
	*b = *o;
	b->profiles = o->baselines;
	b->nprofiles = o->nbaselines;
	if (o->baseline_exe)
		b->exe = o->baseline_exe;
	b->file_info = 0;
	b->sum = 0;
}

void comparerun_load(struct comparerun *r, const struct opts *o)
{
	struct opts bo;

	comparerun_baseline_opts(&bo, o);
	load_side(&r->before, &bo);
	load_side(&r->after, o);
	struct compare_side before = { &r->before.g, bo.exe, bo.profiles, bo.nprofiles };
	struct compare_side after = { &r->after.g, o->exe, o->profiles, o->nprofiles };
	compare_build(&r->c, &before, &after, o->normalize, o->zero);
}

void comparerun_free(struct comparerun *r)
{
	compare_free(&r->c);
	load_free(&r->after);
	load_free(&r->before);
}
