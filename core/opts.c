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
	o->exe = "a.out";
	o->profiles = default_profiles;
	o->nprofiles = 1;
	o->flat = o->graph = 1;
	o->width = 80;
	o->table_length = 10;
	o->min_count = 1;
	o->flame_min = 0.001;
}

void opts_add_spec(struct opts *o, int which, const char *spec)
{
	o->specs = xrealloc(o->specs, ((size_t)o->nspecs + 1) * sizeof *o->specs);
	o->specs[o->nspecs].which = which;
	o->specs[o->nspecs].spec = spec;
	o->nspecs++;
}

void opts_free_specs(struct opts *o)
{
	free(o->specs);
	o->specs = NULL;
	o->nspecs = 0;
}

struct symtab_opts opts_symtab(const struct opts *o)
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
