/* SPDX-License-Identifier: GPL-3.0-or-later */
/* export_json: the model as JSON, in the schema doc/json-schema.md
 * documents.  Times are seconds (ticks / hz); function ids are node
 * indices, stable for a session; the arrays are in node and arc order. */
#include "config.h"
#include "exportint.h"
#include "cg.h"
#include "load.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "sort.h"
#include "util.h"

int export_utf8_len(const unsigned char *s)
{
	int n;
	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	for (int i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	if (n == 3 && s[0] == 0xe0 && s[1] < 0xa0)
		return 0;
	if (n == 3 && s[0] == 0xed && s[1] >= 0xa0)
		return 0;
	if (n == 4 && s[0] == 0xf0 && s[1] < 0x90)
		return 0;
	if (n == 4 && s[0] == 0xf4 && s[1] >= 0x90)
		return 0;
	return n;
}

void export_json_string(FILE *out, const char *s)
{
	if (!s) {
		fputs("null", out);
		return;
	}
	const unsigned char *p = (const unsigned char *)s;
	putc('"', out);
	while (*p) {
		if (*p == '"' || *p == '\\') {
			putc('\\', out);
			putc(*p++, out);
		} else if (*p < 0x20) {
			fprintf(out, "\\u%04x", *p++);
		} else {
			int n = export_utf8_len(p);
			if (n == 0) {
				fprintf(out, "\\u%04x", *p++);
			} else {
				fwrite(p, 1, (size_t)n, out);
				p += n;
			}
		}
	}
	putc('"', out);
}

/* A number JSON accepts (no inf or nan). */
static void jnum(FILE *out, double v)
{
	if (!isfinite(v))
		fputs("null", out);
	else if (v == 0)
		fputs("0", out);
	else
		fprintf(out, "%.10g", v);
}

static void key(FILE *out, const char *k)
{
	fprintf(out, "\"%s\": ", k);
}

static void function(FILE *out, const struct cg *g, const struct edit *e, uint32_t i)
{
	const struct cg_node *n = &g->nodes[i];
	const struct sym *sy = n->sym;
	struct edit_orig o;

	edit_orig(e, i, &o);
	fprintf(out, "    {\"id\": %u, \"index\": %u, \"name\": ", i, n->index);
	export_json_string(out, sy->name);
	fputs(", \"demangled\": ", out);
	export_json_string(out, sy->dname);
	fputs(", \"file\": ", out);
	export_json_string(out, sy->file);
	fprintf(out, ", \"line\": %d, \"address\": \"0x%llx\",\n      ", sy->line,
		(unsigned long long)sy->addr);
	key(out, "self");
	jnum(out, cg_seconds(g, n->self_time));
	fputs(", ", out);
	key(out, "graph_self");
	jnum(out, cg_seconds(g, n->prop_self));
	fputs(", ", out);
	key(out, "children");
	jnum(out, cg_seconds(g, n->prop_child));
	fprintf(out,
		", \"calls\": %llu, \"self_calls\": %llu, \"cycle\": %u, "
		"\"printed\": %s,\n      \"original\": {",
		(unsigned long long)n->ncalls, (unsigned long long)n->self_calls,
		n->cycle, n->print_flag ? "true" : "false");
	key(out, "self");
	jnum(out, cg_seconds(g, o.self_time));
	fputs(", ", out);
	key(out, "total");
	jnum(out, cg_seconds(g, o.total));
	fprintf(out, ", \"calls\": %llu, \"self_calls\": %llu, \"cycle\": %u}}",
		(unsigned long long)o.ncalls, (unsigned long long)o.self_calls, o.cycle);
}

static void arc(FILE *out, const struct cg *g, uint32_t a)
{
	const struct cg_arc *arc = &g->arcs[a];

	fprintf(out, "    {\"id\": %u, \"caller\": %u, \"callee\": %u, \"count\": %llu, ",
		a, arc->parent, arc->child, (unsigned long long)arc->count);
	key(out, "time");
	jnum(out, cg_seconds(g, arc->time));
	fputs(", ", out);
	key(out, "child_time");
	jnum(out, cg_seconds(g, arc->child_time));
	fprintf(out, ", \"deleted\": %s}", arc->deleted ? "true" : "false");
}

static void cycle(FILE *out, const struct cg *g, uint32_t c)
{
	const struct cg_node *n = &g->nodes[c];

	fprintf(out, "    {\"number\": %u, \"index\": %u, \"members\": [", n->cycle,
		n->index);
	/* Members in address order (node order), not the ring's order. */
	size_t k = 0;
	for (uint32_t m = n->next_member; m != CG_NONE; m = g->nodes[m].next_member)
		k++;
	uint32_t *v = xmalloc((k + 1) * sizeof *v);
	k = 0;
	for (uint32_t m = n->next_member; m != CG_NONE; m = g->nodes[m].next_member)
		v[k++] = m;
	util_qsort(v, k, sizeof *v, util_qcmp_u32);
	for (size_t i = 0; i < k; i++)
		fprintf(out, "%u%s", v[i], i + 1 < k ? ", " : "");
	free(v);
	fputs("], ", out);
	key(out, "self");
	jnum(out, cg_seconds(g, n->prop_self));
	fputs(", ", out);
	key(out, "children");
	jnum(out, cg_seconds(g, n->prop_child));
	fprintf(out, ", \"calls\": %llu, \"self_calls\": %llu}",
		(unsigned long long)n->ncalls, (unsigned long long)n->self_calls);
}

void export_json(FILE *out, const struct edit *e)
{
	const struct cg *g = edit_graph(e);
	const struct load *l = edit_load(e);
	const struct opts *o = edit_opts(e);

	fprintf(out,
		"{\n  \"format\": \"tgprof-profile\",\n  \"format_version\": %d,\n"
		"  \"version\": %d,\n  \"program\": ",
		EXPORT_JSON_VERSION, EXPORT_JSON_VERSION);
	export_json_string(out, o->load.exe ? o->load.exe : l->st.path);
	fputs(",\n  \"profiles\": [", out);
	for (int i = 0; i < o->load.nprofiles; i++) {
		if (i)
			fputs(", ", out);
		export_json_string(out, o->load.profiles[i]);
	}
	fputs("],\n  \"time_unit\": ", out);
	export_json_string(out, g->dimen[0] ? g->dimen : "seconds");
	fputs(",\n  \"sample_period\": ", out);
	jnum(out, cg_seconds(g, 1));
	fputs(",\n  \"hz\": ", out);
	jnum(out, g->hz);
	fputs(",\n  \"total_time\": ", out);
	jnum(out, cg_seconds(g, g->total_time));
	fputs(",\n  \"total_samples\": ", out);
	jnum(out, g->total_time);
	fputs(",\n  \"graph_time\": ", out);
	jnum(out, cg_seconds(g, g->print_time));
	fputs(",\n  \"functions\": [\n", out);
	for (uint32_t i = 0; i < g->nfuncs; i++) {
		function(out, g, e, i);
		fputs(i + 1 < g->nfuncs ? ",\n" : "\n", out);
	}
	fputs("  ],\n  \"arcs\": [\n", out);
	for (uint32_t a = 0; a < g->narcs; a++) {
		arc(out, g, a);
		fputs(a + 1 < g->narcs ? ",\n" : "\n", out);
	}
	fputs("  ],\n  \"cycles\": [\n", out);
	for (uint32_t c = 0; c < g->ncycles; c++) {
		cycle(out, g, g->nfuncs + c);
		fputs(c + 1 < g->ncycles ? ",\n" : "\n", out);
	}
	fputs("  ],\n  \"edits\": [", out);
	for (size_t i = 0; i < edit_nsteps(e); i++) {
		fputs(i ? ", " : "", out);
		export_json_string(out, edit_step_label(e, i));
	}
	fputs("]\n}\n", out);
}
