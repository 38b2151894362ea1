/* SPDX-License-Identifier: GPL-3.0-or-later */
/* report: which reports print, in which order (see report.h).
 *
 * Each report has its own file (flat.c, callgraph.c, index.c,
 * execcount.c, annotate.c, ordering.c), and all share context.c. */
#include "config.h"
#include "report.h"
#include "execcount.h"
#include "load.h"
#include "reportint.h"
#include "util.h"

#include <stdlib.h>

static void report_main(struct report_ctx *c);

void report_all(FILE *out, const struct cg *g, const struct opts_report *o)
{
	struct report_ctx c;
	report_ctx_init(&c, out, g, o);
	report_main(&c);
}

void report_all_load(FILE *out, const struct load *l, const struct opts_report *o)
{
	struct report_ctx c;
	struct execcount_bb *bb = NULL;
	struct opts_report eff = *o;

	/* GNU drops the reports the profile has no data for: an error when
	 * the user asked for that report, silently otherwise; when that
	 * leaves nothing to print, the execution counts are printed. */
	if (eff.flat && l->prof.nhists == 0) {
		if (o->flat_asked)
			util_die("gmon.out file is missing histogram");
		eff.flat = 0;
	}
	if (eff.graph && l->prof.narcs == 0) {
		if (o->graph_asked)
			util_die("gmon.out file is missing call-graph data");
		eff.graph = 0;
	}
	if ((o->flat || o->graph) && !eff.flat && !eff.graph && !o->annotate &&
	    !o->exec_counts && !o->func_order && !o->file_order)
		eff.exec_counts = 1;
	o = &eff;

	report_ctx_init(&c, out, &l->g, o);
	c.no_graph_data = l->prof.narcs == 0;
	report_main(&c);
	/* After the flat profile and the call graph with its index, the
	 * shared objects joined: where each one's names came from and what
	 * it lacks (no call counts, no symbols). */
	if ((o->flat || o->graph) && l->objs) {
		fputs("\nShared objects joined\n\n", out);
		objects_print_info(out, l->objs);
	}
	/* basic-block counts mean something only per line (-l) */
	if ((o->exec_counts || o->annotate) && o->line)
		bb = execcount_assign(&l->g, &l->prof);
	if (o->exec_counts)
		report_exec_counts(&c, bb);
	if (o->annotate)
		report_annotate(&c, bb);
	if (o->func_order)
		report_function_order(&c);
	if (o->file_order)
		report_file_order(&c, o->map_file ? &l->map : NULL);
	free(bb);
}

static void report_main(struct report_ctx *c)
{
	const struct opts_report *o = c->o;

	c->first = !o->file_info; /* -i output came first */
	if (o->graph && o->traditional)
		report_graph_ctx(c);
	if (o->flat)
		report_flat_ctx(c);
	if (o->graph) {
		if (!o->traditional)
			report_graph_ctx(c);
		report_index_ctx(c);
	}
}
