/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view_graph: the call graph list (its ops in view.h), and its row text,
 * which the entry pane (view_entry.c) uses for the primary line. */
#ifndef TUI_VIEW_GRAPH_H
#define TUI_VIEW_GRAPH_H

#include <stddef.h>
#include <stdint.h>

struct app;

/* GNU gprof's primary line of entry N (a function or a cycle). */
void view_primary_line(const struct app *a, uint32_t n, char *buf, size_t len);

#endif
