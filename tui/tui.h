/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui: the browser, as the program (src/tgprof.c) sees it. */
#ifndef TG_TUI_H
#define TG_TUI_H

#include <stdio.h>
#include "opts.h"

/* Load the profile O names and browse it until the user quits; returns
 * the exit status. */
int tui_main(const struct opts *o);
/* `tgprof --help-keys`: the key table on OUT, as plain text or (MAN) as
 * the man page's man(7) text; returns the exit status (1 if the built-in
 * key file has errors). */
int tui_print_keys(FILE *out, int man);

#endif
