/* SPDX-License-Identifier: GPL-3.0-or-later */
/* opts: see opts.h. */
#include "config.h"
#include "opts.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

void opts_init(struct opts *o)
{
	static const char *default_profiles[] = { "gmon.out" };

	memset(o, 0, sizeof *o);
	o->load.exe = "a.out";
	o->load.profiles = default_profiles;
	o->load.nprofiles = 1;
	o->report.flat = o->report.graph = 1;
	o->report.width = 80;
	o->report.table_length = 10;
	o->report.min_count = 1;
	o->export.flame_min = 0.001;
}

void opts_add_spec(struct opts *o, int which, const char *spec)
{
	struct opts_report *r = &o->report;

	r->specs = xrealloc(r->specs, ((size_t)r->nspecs + 1) * sizeof *r->specs);
	r->specs[r->nspecs].which = which;
	r->specs[r->nspecs].spec = spec;
	r->nspecs++;
}

void opts_free_specs(struct opts *o)
{
	free(o->report.specs);
	o->report.specs = NULL;
	o->report.nspecs = 0;
}

struct symtab_opts opts_symtab(const struct opts_load *o)
{
	struct symtab_opts so;

	memset(&so, 0, sizeof so);
	so.demangle = o->demangle_off     ? SYMTAB_DEMANGLE_NONE
		      : o->demangle_style ? SYMTAB_DEMANGLE_STYLE
					  : SYMTAB_DEMANGLE_AUTO;
	so.demangle_style = o->demangle_style;
	so.all_statics = o->no_static;
	so.ignore_non_functions = o->ignore_non_functions;
	so.external_table = o->external_table;
	return so;
}
