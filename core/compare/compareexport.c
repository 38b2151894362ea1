/* SPDX-License-Identifier: GPL-3.0-or-later */
/* compareexport: the comparison in the export formats (compare_write()).
 * JSON follows doc/json-compare.md; dot and callgrind are for their usual
 * readers (Graphviz, KCachegrind and callgrind_annotate). */
#include "config.h"
#include "compare.h"
#include "export.h"
#include "util.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Numbers: JSON has no NaN or infinity; %.17g round-trips a double. */
static void json_num(FILE *out, double v)
{
	if (!isfinite(v))
		v = 0;
	fprintf(out, "%.17g", v);
}

static void json_side(FILE *out, const struct compare *c, int s)
{
	const struct compare_side *d = &c->side[s];

	fputs("{\"program\": ", out);
	export_json_string(out, d->exe);
	fputs(", \"profiles\": [", out);
	for (int i = 0; i < d->nprofiles; i++) {
		fputs(i ? ", " : "", out);
		export_json_string(out, d->profiles[i]);
	}
	fprintf(out, "], \"have_histogram\": %s, \"hz\": ",
		c->have_hist[s] ? "true" : "false");
	json_num(out, c->hz[s]);
	fputs(", \"sample_period\": ", out);
	json_num(out, c->hz[s] > 0 ? 1 / c->hz[s] : 0);
	fputs(", \"total_time\": ", out);
	json_num(out, c->total[s]);
	fputc('}', out);
}

static void json_func_side(FILE *out, const struct compare *c,
			   const struct compare_func *f, int s)
{
	if (f->node[s] == CG_NONE) {
		fputs("null", out);
		return;
	}
	fputs("{\"self_samples\": ", out);
	json_num(out, f->samples[s]);
	fputs(", \"self\": ", out);
	json_num(out, f->self[s]);
	fputs(", \"self_seconds\": ", out);
	json_num(out, c->hz[s] > 0 ? f->samples[s] / c->hz[s] : 0);
	fprintf(out, ", \"calls\": %" PRIu64 ", \"total\": ", f->calls[s]);
	json_num(out, f->total[s]);
	fputc('}', out);
}

static void write_json(FILE *out, const struct compare *c)
{
	fputs("{\n\"format\": \"tgprof-comparison\",\n\"version\": 1,\n", out);
	fprintf(out, "\"normalize\": %s,\n\"before\": ", c->normalize ? "true" : "false");
	json_side(out, c, COMPARE_BEFORE);
	fputs(",\n\"after\": ", out);
	json_side(out, c, COMPARE_AFTER);
	fprintf(out,
		",\n\"summary\": {\"functions\": %" PRIu32 ", \"significant\": %" PRIu32
		", \"calls_changed\": %" PRIu32 ", \"added\": %" PRIu32
		", \"removed\": %" PRIu32 ", \"arcs\": %" PRIu32
		", \"arcs_changed\": %" PRIu32 ", \"arcs_added\": %" PRIu32
		", \"arcs_removed\": %" PRIu32 "},\n\"functions\": [",
		c->nfuncs, c->nsignificant, c->ncalls_changed, c->nadded, c->nremoved,
		c->narcs, c->nchanged, c->narcs_added, c->narcs_removed);
	for (uint32_t i = 0; i < c->nfuncs; i++) {
		const struct compare_func *f = &c->funcs[i];
		fputs(i ? ",\n" : "\n", out);
		fputs("{\"name\": ", out);
		export_json_string(out, f->name);
		fputs(", \"file\": ", out);
		export_json_string(out, f->file);
		fprintf(out, ", \"static\": %s, \"rank\": %" PRIu32 ", \"before\": ",
			f->is_static ? "true" : "false", f->rank);
		json_func_side(out, c, f, COMPARE_BEFORE);
		fputs(", \"after\": ", out);
		json_func_side(out, c, f, COMPARE_AFTER);
		fputs(", \"change\": ", out);
		json_num(out, f->change);
		fputs(", \"stderr\": ", out);
		json_num(out, f->se);
		fputs(", \"z\": ", out);
		json_num(out, f->z);
		fprintf(out, ", \"significant\": %d, \"calls_change\": ", f->significant);
		if (f->calls[1] >= f->calls[0])
			fprintf(out, "%" PRIu64 "}", f->calls[1] - f->calls[0]);
		else
			fprintf(out, "-%" PRIu64 "}", f->calls[0] - f->calls[1]);
	}
	fputs("\n],\n\"arcs\": [", out);
	for (uint32_t i = 0; i < c->narcs; i++) {
		const struct compare_arc *a = &c->arcs[i];
		fprintf(out, "%s{\"caller\": %" PRIu32 ", \"callee\": %" PRIu32,
			i ? ",\n" : "\n", a->from, a->to);
		for (int s = 0; s < 2; s++) {
			fprintf(out, ", \"%s\": ", s ? "after" : "before");
			if (a->present[s])
				fprintf(out, "%" PRIu64, a->count[s]);
			else
				fputs("null", out);
		}
		if (a->count[1] >= a->count[0])
			fprintf(out, ", \"change\": %" PRIu64 "}",
				a->count[1] - a->count[0]);
		else
			fprintf(out, ", \"change\": -%" PRIu64 "}",
				a->count[0] - a->count[1]);
	}
	fputs("\n]\n}\n", out);
}

/* dot: a string in a label or attribute. */
static void dot_str(FILE *out, const char *s)
{
	for (; s && *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', out);
		fputc(*s, out);
	}
}

static int dot_drawn(const struct compare *c, const struct compare_func *f)
{
	double top = fmax(c->total[0], c->total[1]);
	return f->significant || f->calls[0] != f->calls[1] || f->node[0] == CG_NONE ||
	       f->node[1] == CG_NONE || fmax(f->total[0], f->total[1]) >= 0.005 * top;
}

static void write_dot(FILE *out, const struct compare *c)
{
	double scale = c->normalize ? 100 : 1;
	const char *unit = c->normalize ? "%" : " s";
	char *drawn = xcalloc(c->nfuncs ? c->nfuncs : 1, 1);

	fputs("digraph comparison {\n\tgraph [rankdir=TB, newrank=true];\n"
	      "\tnode [shape=box, style=filled, fontname=\"Helvetica\"];\n"
	      "\t/* red: significant increase; green: decrease; grey: noise;"
	      " dashed: one side only */\n",
	      out);
	for (uint32_t i = 0; i < c->nfuncs; i++) {
		const struct compare_func *f = &c->funcs[i];
		if (!(drawn[i] = (char)dot_drawn(c, f)))
			continue;
		fprintf(out, "\tf%" PRIu32 " [label=\"", i);
		char *name = NULL;
		size_t len = 0;
		FILE *m = open_memstream(&name, &len);
		if (m) {
			compare_put_name(m, f);
			fclose(m);
		}
		dot_str(out, name ? name : f->name);
		free(name);
		fputs("\\nself ", out);
		for (int s = 0; s < 2; s++) {
			fputs(s ? " -> " : "", out);
			if (f->node[s] == CG_NONE)
				fputs("-", out);
			else
				fprintf(out, "%.2f%s", scale * f->self[s], unit);
		}
		fprintf(out, " (%+.2f +- %.2f)\\ncalls ", scale * f->change,
			scale * f->se);
		for (int s = 0; s < 2; s++) {
			fputs(s ? " -> " : "", out);
			if (f->node[s] == CG_NONE)
				fputs("-", out);
			else
				fprintf(out, "%" PRIu64, f->calls[s]);
		}
		fputc('"', out);
		fprintf(out, ", fillcolor=\"%s\"",
			f->significant > 0   ? "#f4a3a3"
			: f->significant < 0 ? "#a3e0a3"
					     : "#e8e8e8");
		if (f->node[0] == CG_NONE || f->node[1] == CG_NONE)
			fputs(", style=\"filled,dashed\"", out);
		fputs("];\n", out);
	}
	for (uint32_t i = 0; i < c->narcs; i++) {
		const struct compare_arc *a = &c->arcs[i];
		if (!drawn[a->from] || !drawn[a->to])
			continue;
		fprintf(out, "\tf%" PRIu32 " -> f%" PRIu32 " [label=\"", a->from, a->to);
		for (int s = 0; s < 2; s++) {
			if (s)
				fputs(" -> ", out);
			if (a->present[s])
				fprintf(out, "%" PRIu64, a->count[s]);
			else
				fputs("-", out);
		}
		fprintf(out, "\", color=\"%s\"%s];\n",
			a->count[1] > a->count[0]   ? "#c03030"
			: a->count[1] < a->count[0] ? "#30a030"
						    : "#808080",
			!a->present[0] || !a->present[1] ? ", style=dashed" : "");
	}
	fputs("}\n", out);
	free(drawn);
}

/* callgrind: Before, After, Increase, Decrease, microseconds. */
static uint64_t usec(const struct compare *c, const struct compare_func *f, int s)
{
	return c->hz[s] > 0 ? (uint64_t)llround(f->samples[s] / c->hz[s] * 1e6) : 0;
}

static void cg_costs(FILE *out, uint64_t b, uint64_t a)
{
	fprintf(out, "0 %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", b, a,
		a > b ? a - b : 0, b > a ? b - a : 0);
}

/* The files named so far, for the format's "(id)" references: a name
 * written out in full could itself read as one ("(2) x"). */
struct cg_files {
	const char **v;
	size_t n, cap;
};

static void cg_fl(FILE *out, const char *tag, struct cg_files *fl, const char *file)
{
	const char *f = file ? file : "???";

	for (size_t i = 0; i < fl->n; i++)
		if (fl->v[i] == f || strcmp(fl->v[i], f) == 0) {
			fprintf(out, "%s=(%zu)\n", tag, i + 1);
			return;
		}
	util_grow((void **)&fl->v, &fl->cap, fl->n + 1, sizeof *fl->v);
	fl->v[fl->n++] = f;
	fprintf(out, "%s=(%zu) ", tag, fl->n);
	util_put_escaped(out, f);
	fputc('\n', out);
}

static void cg_fn(FILE *out, const char *tag, const struct compare *c, uint32_t i,
		  char *seen, struct cg_files *fl)
{
	const struct compare_func *f = &c->funcs[i];

	cg_fl(out, tag[0] == 'c' ? "cfl" : "fl", fl, f->file);
	if (seen[i]) {
		fprintf(out, "%s=(%" PRIu32 ")\n", tag, i + 1);
		return;
	}
	seen[i] = 1;
	fprintf(out, "%s=(%" PRIu32 ") ", tag, i + 1);
	compare_put_name(out, f);
	fputc('\n', out);
}

static void write_callgrind(FILE *out, const struct compare *c)
{
	char *seen = xcalloc(c->nfuncs ? c->nfuncs : 1, 1);
	struct cg_files fl = { NULL, 0, 0 };
	uint64_t sum[4] = { 0, 0, 0, 0 };

	/* the summary is the sum of the self costs, event by event */
	for (uint32_t i = 0; i < c->nfuncs; i++) {
		const struct compare_func *f = &c->funcs[i];
		uint64_t b = usec(c, f, 0), a = usec(c, f, 1);
		sum[0] += b;
		sum[1] += a;
		sum[2] += a > b ? a - b : 0;
		sum[3] += b > a ? b - a : 0;
	}
	fputs("# callgrind format\nversion: 1\ncreator: tgprof (comparison)\n", out);
	fputs("cmd: ", out);
	util_put_escaped(out, c->side[COMPARE_AFTER].exe);
	fputs("\npositions: line\n", out);
	fputs("event: Before : Time before (microseconds)\n"
	      "event: After : Time after (microseconds)\n"
	      "event: Increase : Time gained (microseconds)\n"
	      "event: Decrease : Time lost (microseconds)\n"
	      "events: Before After Increase Decrease\n",
	      out);
	fprintf(out, "summary: %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 "\n\n",
		sum[0], sum[1], sum[2], sum[3]);

	/* arcs are sorted by change, not caller: walk them per caller */
	uint32_t *first = xcalloc((size_t)c->nfuncs + 1, sizeof *first);
	uint32_t *next = xmalloc(((size_t)c->narcs + 1) * sizeof *next);
	for (uint32_t i = c->narcs; i-- > 0;) {
		next[i] = first[c->arcs[i].from];
		first[c->arcs[i].from] = i + 1;
	}
	for (uint32_t i = 0; i < c->nfuncs; i++) {
		const struct compare_func *f = &c->funcs[i];
		cg_fn(out, "fn", c, i, seen, &fl);
		cg_costs(out, usec(c, f, 0), usec(c, f, 1));
		for (uint32_t k = first[i]; k; k = next[k - 1]) {
			const struct compare_arc *r = &c->arcs[k - 1];
			cg_fn(out, "cfn", c, r->to, seen, &fl);
			fprintf(out, "calls=%" PRIu64 " 0\n",
				r->present[1] ? r->count[1] : r->count[0]);
			cg_costs(out, (uint64_t)llround(r->time[0] * 1e6),
				 (uint64_t)llround(r->time[1] * 1e6));
		}
		fputc('\n', out);
	}
	free(first);
	free(next);
	free(seen);
	free(fl.v);
}

int compare_write(FILE *out, const struct compare *c, int format)
{
	switch (format) {
	case EXPORT_TEXT: compare_write_text(out, c); return 0;
	case EXPORT_JSON: write_json(out, c); return 0;
	case EXPORT_DOT: write_dot(out, c); return 0;
	case EXPORT_CALLGRIND: write_callgrind(out, c); return 0;
	}
	return -1;
}
