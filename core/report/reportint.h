/* SPDX-License-Identifier: GPL-3.0-or-later */
/* reportint: what the report writers share (context.c implements it,
 * each report's file the entry named after it); not for use outside
 * core/report. */
#ifndef TG_REPORTINT_H
#define TG_REPORTINT_H

#include <stdio.h>
#include "cg.h"
#include "opts.h"

struct report_ctx {
	FILE *out;
	const struct cg *g;
	const struct opts_report *o;
	int first;         /* nothing printed yet: no form feed before */
	const char *dimen; /* "seconds" */
	/* While the call graph prints: each function's reference ("name
	 * <cycle N> [idx]") built once, back to back in lbl; function i's is
	 * lbl[lbl_off[i] .. lbl_off[i+1]).  NULL otherwise, or with -l. */
	char *lbl;
	uint32_t *lbl_off;
	int no_graph_data; /* the profile has no call-graph records: GNU
			     * then numbers nothing, and -T's flat profile
			     * shows names without an index */
};

void report_ctx_init(struct report_ctx *c, FILE *out, const struct cg *g,
		     const struct opts_report *o);
void report_sep(struct report_ctx *c);
void report_name_only(struct report_ctx *c, uint32_t n);
const char *report_sym_name(const struct report_ctx *c, uint32_t n);
size_t report_name_len(const struct report_ctx *c, uint32_t n);
void report_name(struct report_ctx *c, uint32_t n);
void report_labels_build(struct report_ctx *c);
void report_labels_free(struct report_ctx *c);
long report_granularity(const struct cg *g);
void report_flat_ctx(struct report_ctx *c);
void report_graph_ctx(struct report_ctx *c);

void report_index_ctx(struct report_ctx *c);

struct execcount_bb;
/* -C (execcount.c) and -A (annotate.c); BB may be NULL. */
void report_exec_counts(struct report_ctx *c, const struct execcount_bb *bb);
void report_annotate(struct report_ctx *c, const struct execcount_bb *bb);
/* Open the source NAME: as named, then in each directory of -I and
 * GPROF_PATH (':'-separated lists) as DIR/NAME and DIR/BASENAME; PATH
 * receives the name opened.  NULL when none opens (annotate.c). */
FILE *report_open_source(const struct opts_report *o, const char *name, char *path,
			 size_t plen);
/* -r and -R (ordering.c). */
void report_function_order(struct report_ctx *c);
/* M: the -R map the model was loaded with (load.h), NULL if none. */
struct ordering_map;
void report_file_order(struct report_ctx *c, const struct ordering_map *m);

#endif
