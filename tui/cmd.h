/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cmd: the commands of the ':' prompt, from one table (name, help,
 * handler, argument kind) that drives dispatch, completion and the help
 * view. */
#ifndef TUI_CMD_H
#define TUI_CMD_H

struct app;

void cmd_run(struct app *a, const char *line);
int cmd_info(int i, const char **name, const char **help);
/* What the arguments of command WORD are, for completion. */
enum cmd_arg { CMD_ARG_NONE, CMD_ARG_FUNC, CMD_ARG_ARC, CMD_ARG_FILE, CMD_ARG_WORDS };
enum cmd_arg cmd_arg_kind(const char *word);
/* For CMD_ARG_WORDS: the words argument NTH (0-based) of WORD takes
 * after the argument PREV, NULL-terminated, or NULL when it is free. */
const char *const *cmd_arg_words(struct app *a, const char *word, int nth,
				 const char *prev);

#endif
