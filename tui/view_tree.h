/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view_tree: the call tree (its ops in view.h), top-down from the roots
 * or bottom-up from one function; what the loop and the commands ask of
 * it by name. */
#ifndef TUI_VIEW_TREE_H
#define TUI_VIEW_TREE_H

#include <stdint.h>

struct app;

/* Show the tree top-down from the roots (as it was left when it was
 * already top-down). */
void view_tree_down(struct app *a);
/* Show the tree of the paths that reach NODE (a function or a cycle),
 * bottom-up, its callers open. */
void view_tree_up(struct app *a, uint32_t node);

#endif
