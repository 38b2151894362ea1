/* SPDX-License-Identifier: GPL-3.0-or-later */
/* comparetext: the text comparison report, tgprof's own format (not one of
 * GNU's): a header per side, the function table in order of significance,
 * the added and removed functions, then the arcs whose counts changed.
 * Columns are fixed-width with the name last, as in gprof's tables, so
 * the report lines up for any name length and awk can read it. */
#include "config.h"
#include "compare.h"
#include "util.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

static void side_header(FILE *out, const struct compare *c, int s)
{
	const struct compare_side *d = &c->side[s];

	fprintf(out, "%-7s", s == COMPARE_BEFORE ? "before:" : "after:");
	for (int i = 0; i < d->nprofiles; i++) {
		fputs(i ? "+" : " ", out);
		util_put_escaped(out, d->profiles[i]);
	}
	fputs(" (", out);
	util_put_escaped(out, d->exe);
	fputs(")\n", out);
	if (c->have_hist[s] && c->hz[s] > 0)
		fprintf(out, "        sampling period %g s, total time %.2f s\n",
			1 / c->hz[s], c->total[s]);
	else
		fputs("        no time samples\n", out);
}

/* TEXT centred in WIDTH columns (a group heading over its columns); the
 * last heading of a line ends the line
 * without trailing blanks. */
static void centre(FILE *out, const char *text, int width, int last)
{
	int len = (int)strlen(text), left = (width - len) / 2;
	fprintf(out, "%*s%-*s", left, "", last ? 0 : width - left, text);
}

/* "+N" / "-N" / "0" for B - A of unsigned counts. */
static const char *delta(char *buf, size_t n, uint64_t a, uint64_t b)
{
	if (b == a)
		snprintf(buf, n, "0");
	else if (b > a)
		snprintf(buf, n, "+%" PRIu64, b - a);
	else
		snprintf(buf, n, "-%" PRIu64, a - b);
	return buf;
}

void compare_put_name(FILE *out, const struct compare_func *f)
{
	util_put_escaped(out, f->name);
	if (!f->ambiguous)
		return;
	if (f->file) {
		fputs(" [", out);
		util_put_escaped(out, f->file);
		if (f->rank)
			fprintf(out, " #%" PRIu32, f->rank + 1);
		fputc(']', out);
	} else if (f->is_static)
		fprintf(out, " [static #%" PRIu32 "]", f->rank + 1);
	else if (f->rank)
		fprintf(out, " [#%" PRIu32 "]", f->rank + 1);
}

static void func_line(FILE *out, const struct compare *c, const struct compare_func *f)
{
	int in0 = f->node[0] != CG_NONE, in1 = f->node[1] != CG_NONE;
	double scale = c->normalize ? 100 : 1; /* shares as percentages */
	char b[32];

	for (int s = 0; s < 2; s++) {
		int in = f->node[s] != CG_NONE;
		if (in)
			fprintf(out, "%9.2f ", scale * f->self[s]);
		else
			fprintf(out, "%9s ", "-");
	}
	/* no "-0.00": a change that rounds to nothing prints as +0.00 */
	double ch = fabs(scale * f->change) < 0.005 ? 0 : scale * f->change;
	fprintf(out, "%+9.2f %7.2f %c ", ch, scale * f->se, f->significant ? '*' : ' ');
	for (int s = 0; s < 2; s++) {
		if (f->node[s] != CG_NONE)
			fprintf(out, "%10" PRIu64 " ", f->calls[s]);
		else
			fprintf(out, "%10s ", "-");
	}
	fprintf(out, "%10s ",
		in0 && in1 ? delta(b, sizeof b, f->calls[0], f->calls[1]) : "-");
	for (int s = 0; s < 2; s++) {
		if (f->node[s] != CG_NONE)
			fprintf(out, "%9.2f ", f->total[s]);
		else
			fprintf(out, "%9s ", "-");
	}
	fputc(' ', out);
	compare_put_name(out, f);
	fputc('\n', out);
}

static void func_list(FILE *out, const struct compare *c, int absent, uint32_t n,
		      const char *title)
{
	if (n == 0)
		return;
	fprintf(out, "\n%s: %" PRIu32 "\n", title, n);
	for (uint32_t i = 0; i < c->nfuncs; i++) {
		const struct compare_func *f = &c->funcs[i];
		if (f->node[absent] != CG_NONE)
			continue;
		fputs("  ", out);
		compare_put_name(out, f);
		fputc('\n', out);
	}
}

static void arc_line(FILE *out, const struct compare *c, const struct compare_arc *a)
{
	char b[32];

	for (int s = 0; s < 2; s++) {
		if (a->present[s])
			fprintf(out, "%10" PRIu64 " ", a->count[s]);
		else
			fprintf(out, "%10s ", "-");
	}
	fprintf(out, "%11s  ", delta(b, sizeof b, a->count[0], a->count[1]));
	compare_put_name(out, &c->funcs[a->from]);
	fputs(" -> ", out);
	compare_put_name(out, &c->funcs[a->to]);
	if (!a->present[0])
		fputs("  (added)", out);
	else if (!a->present[1])
		fputs("  (removed)", out);
	fputc('\n', out);
}

void compare_write_text(FILE *out, const struct compare *c)
{
	fputs("Profile comparison:\n", out);
	side_header(out, c, COMPARE_BEFORE);
	side_header(out, c, COMPARE_AFTER);
	if (c->normalize)
		fputs("Self time as a percentage of each side's total time "
		      "(--normalize).\n",
		      out);
	fputs("A change in self time marked * exceeds twice its standard error (+-);\n"
	      "call counts are exact, so any change in them is real.\n",
	      out);
	fprintf(out,
		"\nFunctions: %" PRIu32 " compared, %" PRIu32
		" with a significant change in self time, %" PRIu32
		" with changed call counts, %" PRIu32 " added, %" PRIu32 " removed\n",
		c->nfuncs, c->nsignificant, c->ncalls_changed, c->nadded, c->nremoved);
	fputc('\n', out);
	centre(out, c->normalize ? "self time, % of total" : "self seconds", 40, 0);
	centre(out, "calls", 33, 0);
	centre(out, "total seconds", 20, 1);
	fputc('\n', out);
	fprintf(out, "%9s %9s %9s %7s   %10s %10s %10s %9s %9s  %s\n", "before", "after",
		"change", "+-", "before", "after", "change", "before", "after", "name");
	for (uint32_t i = 0; i < c->nfuncs; i++)
		func_line(out, c, &c->funcs[i]);

	func_list(out, c, COMPARE_BEFORE, c->nadded, "Added functions (after only)");
	func_list(out, c, COMPARE_AFTER, c->nremoved, "Removed functions (before only)");

	fprintf(out,
		"\nArcs: %" PRIu32 " compared, %" PRIu32 " with changed call counts"
		" (%" PRIu32 " added, %" PRIu32 " removed)\n",
		c->narcs, c->nchanged, c->narcs_added, c->narcs_removed);
	if (c->nchanged == 0)
		return;
	fprintf(out, "\n%10s %10s %11s  %s\n", "before", "after", "change",
		"caller -> callee");
	for (uint32_t i = 0; i < c->nchanged; i++)
		arc_line(out, c, &c->arcs[i]);
}
