/* SPDX-License-Identifier: GPL-3.0-or-later */
/* opts: see opts.h. */
#include "config.h"
#include "opts.h"

#include <string.h>

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
