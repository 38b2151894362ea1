/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli: the command line of tgprof, parsed into the engine's options
 * (core/opts.h) and the program's own choices, which the engine never
 * sees.
 *
 * Contract: cli_parse() accepts every GNU gprof 2.40 option (short and
 * long forms) plus tgprof's own; on a usage error it prints a message and
 * exits with status 1 (GNU's status for a bad option). */
#ifndef TG_CLI_H
#define TG_CLI_H

#include "opts.h"

enum cli_mode { CLI_MODE_AUTO, CLI_MODE_TEXT, CLI_MODE_TUI };

struct cli {
	struct opts o;      /* what the engine is asked to do */
	enum cli_mode mode; /* --text or --tui given, else by the terminal */
	int help_keys;      /* --help-keys: 1 text, 2 man(7) */
	int out_asked;      /* --format or --output given: no browser, the
			  * output goes through export_write() */
	char **argv_own;    /* long options spelled out by cli_parse() */
	int nargv_own;
	char **argv_expanded; /* argv after @FILE expansion when that made a
			       * copy */
};

void cli_parse(struct cli *cl, int argc, char **argv);
/* Free what cli_parse() allocated (the strings CL->o points to go too). */
void cli_free(struct cli *cl);

#endif
