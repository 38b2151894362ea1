/* SPDX-License-Identifier: GPL-3.0-or-later */
/* keys_man: `tgprof --help-keys`, the key table as plain text, and
 * `--help-keys=man`, the same table as the man page's man(7) text; both
 * come from the action table and the built-in default key file, so the
 * manual cannot drift from the program. */
#include "config.h"
#include "action.h"
#include "keymap.h"
#include "tui.h"

#include <stdio.h>
#include <string.h>

static void put_escaped(FILE *out, const char *s)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", out);
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\e", out);
		else if (*s == '-')
			fputs("\\-", out);
		else if (*s == '"')
			fputs("\\(dq", out);
		else
			fputc(*s, out);
	}
}

static void report(const char *msg)
{
	fprintf(stderr, "tgprof: %s\n", msg);
}

int tui_print_keys(FILE *out, int man)
{
	int errors;
	keymap_clear();
	errors = keymap_load_builtin("default", report);
	for (int act = 1; act < ACT_COUNT; act++) {
		char keys[512] = "";
		size_t used = 0;
		for (int v = 0; v < KV_N; v++) {
			char k[256];
			keymap_keys_for(v, act, k, sizeof k);
			if (!k[0])
				continue;
			if (v)
				used += (size_t)snprintf(keys + used, sizeof keys - used,
							 "%sin the %s view: %s",
							 used ? "; " : "",
							 keymap_view_name(v), k);
			else
				used += (size_t)snprintf(keys + used, sizeof keys - used,
							 "%s", k);
			if (used >= sizeof keys)
				break;
		}
		if (!man) {
			fprintf(out, "%-16s %s\n    %s.\n", action_name(act),
				keys[0] ? keys : "(unbound)", action_help(act));
			continue;
		}
		fputs(".TP\n.B \"", out);
		put_escaped(out, keys[0] ? keys : "(unbound)");
		fputs("\"\n", out);
		put_escaped(out, action_name(act));
		fputs(": ", out);
		put_escaped(out, action_help(act));
		fputs(".\n", out);
	}
	if (fflush(out) != 0 || ferror(out))
		return 1;
	return errors != 0;
}
