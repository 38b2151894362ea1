/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli: the command line of tgprof, parsed into the engine's options
 * (core/opts.h).
 *
 * Contract: opts_parse() accepts every GNU gprof 2.40 option (short and
 * long forms) plus tgprof's own; on a usage error it prints a message and
 * exits with status 1 (GNU's status for a bad option). */
#ifndef TG_CLI_H
#define TG_CLI_H

#include "opts.h"

void opts_parse(struct opts *o, int argc, char **argv);
/* Free what opts_parse() allocated (the strings O points to go too). */
void opts_free(struct opts *o);

#endif
