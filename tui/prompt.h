/* SPDX-License-Identifier: GPL-3.0-or-later */
/* prompt: GNU readline on the last screen line (see prompt.c). */
#ifndef TUI_PROMPT_H
#define TUI_PROMPT_H

struct app;

/* A line typed after PROMPT (malloc'd), or NULL when cancelled.  SEARCH
 * (1 forward, -1 backward) searches the shown view as the user types. */
char *prompt_read(struct app *a, const char *prompt, int search);
void prompt_init(struct app *a);
void prompt_finish(void);

#endif
