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

void report_all(FILE *out, const struct cg *g, const struct opts *o)
{
	struct report_ctx c;
	report_ctx_init(&c, out, g, o);
	report_main(&c);
}

void report_all_load(FILE *out, const struct load *l, const struct opts *o)
{
	struct report_ctx c;
	struct execcount_bb *bb = NULL;
	struct opts eff = *o;

	/* GNU drops the reports the profile has no data for: an error when
	 * the user asked for that report, silently otherwise; when that
	 * leaves nothing to print, the execution counts are printed. */
	if (eff.report.flat && l->prof.nhists == 0) {
		if (o->report.flat_asked)
			util_die("gmon.out file is missing histogram");
		eff.report.flat = 0;
	}
	if (eff.report.graph && l->prof.narcs == 0) {
		if (o->report.graph_asked)
			util_die("gmon.out file is missing call-graph data");
		eff.report.graph = 0;
	}
	if ((o->report.flat || o->report.graph) && !eff.report.flat &&
	    !eff.report.graph && !o->report.annotate && !o->report.exec_counts &&
	    !o->report.func_order && !o->report.file_order)
		eff.report.exec_counts = 1;
	o = &eff;

	report_ctx_init(&c, out, &l->g, o);
	c.no_graph_data = l->prof.narcs == 0;
	report_main(&c);
	/* After the flat profile and the call graph with its index, the
	 * shared objects joined: where each one's names came from and what
	 * it lacks (no call counts, no symbols). */
	if ((o->report.flat || o->report.graph) && l->objs) {
		fputs("\nShared objects joined\n\n", out);
		objects_print_info(out, l->objs);
	}
	/* basic-block counts mean something only per line (-l) */
	if ((o->report.exec_counts || o->report.annotate) && o->report.line)
		bb = execcount_assign(&l->g, &l->prof);
	if (o->report.exec_counts)
		report_exec_counts(&c, bb);
	if (o->report.annotate)
		report_annotate(&c, bb);
	if (o->report.func_order)
		report_function_order(&c);
	if (o->report.file_order)
		report_file_order(&c, o->report.map_file ? &l->map : NULL);
	free(bb);
}

static void report_main(struct report_ctx *c)
{
	const struct opts *o = c->o;

	c->first = !o->report.file_info; /* -i output came first */
	if (o->report.graph && o->report.traditional)
		report_graph_ctx(c);
	if (o->report.flat)
		report_flat_ctx(c);
	if (o->report.graph) {
		if (!o->report.traditional)
			report_graph_ctx(c);
		report_index_ctx(c);
	}
}
