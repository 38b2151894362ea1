/* SPDX-License-Identifier: GPL-3.0-or-later */
/* flat: the flat profile.
 *
 * Which functions it lists, their order and each line up to the name are
 * rows.h's; this file adds the headings, names and notes.  Formats
 * reproduce GNU gprof 2.40's output exactly (the differential suite in
 * tests/ checks it); the notes printed without -b are our own words
 * (notes.c). */
#include "config.h"
#include "notes.h"
#include "reportint.h"
#include "rows.h"
#include "sort.h"
#include "util.h"

#include <stdlib.h>

static void flat_header(struct report_ctx *c, const char *prefix)
{
	char unit[16];
	const struct cg *g = c->g;
	double total = g->total_time;

	snprintf(unit, sizeof unit, "%ss/call", prefix);
	if (c->o->traditional) {
		fprintf(c->out, "\ngranularity: each sample hit covers %ld byte(s)",
			report_granularity(g));
		if (total > 0.0)
			fprintf(c->out, " for %.2f%% of %.2f %s\n\n", 100.0 / total,
				total / g->hz, c->dimen);
	} else {
		fprintf(c->out, "\nEach sample counts as %g %s.\n", 1.0 / g->hz,
			c->dimen);
	}
	if (total <= 0.0)
		fputs(" no time accumulated\n\n", c->out);
	fprintf(c->out, "%5.5s %10.10s %8.8s %8.8s %8.8s %8.8s  %-8.8s\n", "%  ",
		"cumulative", "self  ", "", "self  ", "total ", "");
	fprintf(c->out, "%5.5s %9.9s %9.9s %8.8s %8.8s %8.8s  %-8.8s\n", "time",
		"seconds", "seconds", "calls", unit, unit, "name");
}

void report_flat_ctx(struct report_ctx *c)
{
	const struct cg *g = c->g;
	const struct opts_report *o = c->o;
	double accum = 0;

	report_sep(c);
	if (o->traditional) {
		if (!o->brief) {
			fputs("\n\n\nflat profile:\n", c->out);
			notes_flat(c->out);
		}
	} else {
		fputs("Flat profile:\n", c->out);
	}

	uint32_t n = g->nfuncs;
	uint32_t *v = xmalloc(((size_t)n + 1) * sizeof *v);
	for (uint32_t i = 0; i < n; i++)
		v[i] = i;
	util_msort_u32(v, n, rows_flat_cmp, g);

	double scale;
	const char *prefix = rows_flat_unit(g, o->traditional, &scale);
	flat_header(c, prefix);

	for (uint32_t k = 0; k < n; k++) {
		uint32_t i = v[k];
		char buf[ROWS_MAX];
		if (!rows_flat_shown(g, i, o->zero))
			continue;
		accum += g->nodes[i].self_time;
		fwrite(buf, 1,
		       (size_t)(rows_flat(buf, g, i, accum, scale, o->traditional) - buf),
		       c->out);
		if (o->traditional && !c->no_graph_data)
			report_name(c, i);
		else
			report_name_only(c, i);
		fputc('\n', c->out);
	}
	free(v);
	if (!o->brief && !o->traditional)
		notes_flat(c->out);
}
