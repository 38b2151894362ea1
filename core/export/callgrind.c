/* export_cg: the model in the callgrind format (KCachegrind,
 * callgrind_annotate).
 *
 * One event, time, in ticks (samples) or microseconds.  Each function with
 * time or live arcs gets a block: its self time (the flat profile's) and,
 * per live arc to a callee, a call with its count and inclusive cost, the
 * time gprof propagated along the arc (callee's self share + child share).
 * Calls inside a cycle carry no time in gprof's model, so they cost 0.
 * Costs are rounded to integers; the summary is the sum of the self costs.
 * Names and files are compressed with the format's "(id)" references.
 * Readers merge functions by file and name, so functions sharing both
 * (static functions of one name, files unknown) get their address as a
 * suffix: "helper (0x1139)". */
#include "config.h"
#include "exportint.h"
#include "cg.h"
#include "load.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct cgx {
	FILE *out;
	const struct cg *g;
	double unit;          /* cost units per tick */
	char *fn_seen;        /* per function: its name was given an id */
	char *dup;            /* per function: another has its name and file */
	const char **files;   /* file ids: 1-based, the interned pointers */
	size_t nfiles, files_cap;
};

static unsigned long long cost(const struct cgx *x, double ticks)
{
	double v = floor(ticks * x->unit + 0.5);
	return v > 0 ? (unsigned long long)v : 0;
}

static void name_ref(struct cgx *x, const char *tag, uint32_t n)
{
	if (x->fn_seen[n]) {
		fprintf(x->out, "%s=(%u)\n", tag, n + 1);
		return;
	}
	x->fn_seen[n] = 1;
	const struct sym *sy = x->g->nodes[n].sym;
	fprintf(x->out, "%s=(%u) %s", tag, n + 1, sy->dname);
	if (x->dup[n])
		fprintf(x->out, " (0x%llx)", (unsigned long long)sy->addr);
	fputc('\n', x->out);
}

static void file_ref(struct cgx *x, const char *tag, const char *file)
{
	const char *f = file ? file : "???";
	for (size_t i = 0; i < x->nfiles; i++)
		if (x->files[i] == f || strcmp(x->files[i], f) == 0) {
			fprintf(x->out, "%s=(%zu)\n", tag, i + 1);
			return;
		}
	util_grow((void **)&x->files, &x->files_cap, x->nfiles + 1, sizeof *x->files);
	x->files[x->nfiles++] = f;
	fprintf(x->out, "%s=(%zu) %s\n", tag, x->nfiles, f);
}

static const struct cg *sort_g;

static int cmp_name_file(const void *a, const void *b)
{
	const struct sym *x = sort_g->nodes[*(const uint32_t *)a].sym;
	const struct sym *y = sort_g->nodes[*(const uint32_t *)b].sym;
	int c = strcmp(x->dname, y->dname);
	if (c)
		return c;
	return strcmp(x->file ? x->file : "", y->file ? y->file : "");
}

/* Mark the functions whose (name, file) another function shares. */
static void find_dups(struct cgx *x)
{
	const struct cg *g = x->g;
	uint32_t *v = xmalloc(((size_t)g->nfuncs + 1) * sizeof *v);

	x->dup = xcalloc((size_t)g->nfuncs + 1, 1);
	for (uint32_t i = 0; i < g->nfuncs; i++)
		v[i] = i;
	sort_g = g;
	util_qsort(v, g->nfuncs, sizeof *v, cmp_name_file);
	for (uint32_t i = 1; i < g->nfuncs; i++)
		if (cmp_name_file(&v[i - 1], &v[i]) == 0)
			x->dup[v[i - 1]] = x->dup[v[i]] = 1;
	free(v);
}

void export_callgrind(FILE *out, const struct edit *e,
		      const struct export_params *p)
{
	const struct cg *g = edit_graph(e);
	const struct load *l = edit_load(e);
	const struct opts *o = edit_opts(e);
	struct cgx x = { .out = out, .g = g };
	unsigned long long summary = 0;

	symtab_load_lines(&l->st);
	cg_adjacency((struct cg *)g); /* a no-op on a propagated model */
	x.unit = p->callgrind_usec && g->hz > 0 ? 1e6 / g->hz : 1.0;
	x.fn_seen = xcalloc((size_t)g->nfuncs + 1, 1);
	find_dups(&x);
	for (uint32_t i = 0; i < g->nfuncs; i++)
		if (!g->nodes[i].sym->is_excluded)
			summary += cost(&x, g->nodes[i].self_time);
	fputs("# callgrind format\nversion: 1\ncreator: tgprof\n", out);
	fprintf(out, "cmd: %s\npositions: line\n", o->exe ? o->exe : "a.out");
	if (p->callgrind_usec && g->hz > 0)
		fputs("event: us : Time (microseconds)\nevents: us\n", out);
	else if (g->hz > 0)
		fprintf(out, "event: ticks : Time (samples of %g s)\nevents: ticks\n",
			1.0 / g->hz);
	else
		fputs("event: ticks : Time (samples)\nevents: ticks\n", out);
	fprintf(out, "summary: %llu\n\n", summary);
	fprintf(out, "ob=(1) %s\n", l->st.path ? l->st.path : (o->exe ? o->exe : "a.out"));
	for (uint32_t i = 0; i < g->nfuncs; i++) {
		const struct cg_node *n = &g->nodes[i];
		int live = 0;
		if (n->sym->is_excluded)
			continue;
		for (uint32_t k = g->child_start[i]; k < g->child_start[i + 1] && !live; k++)
			live = !g->arcs[g->child_arcs[k]].deleted;
		unsigned long long self = cost(&x, n->self_time);
		if (!self && !live)
			continue;
		int line = n->sym->line > 0 ? n->sym->line : 0;
		fputc('\n', out);
		file_ref(&x, "fl", n->sym->file);
		name_ref(&x, "fn", i);
		fprintf(out, "%d %llu\n", line, self);
		/* Oldest arc first: child_arcs lists the newest first. */
		for (uint32_t k = g->child_start[i + 1]; k-- > g->child_start[i];) {
			const struct cg_arc *arc = &g->arcs[g->child_arcs[k]];
			if (arc->deleted || g->nodes[arc->child].sym->is_excluded)
				continue;
			const struct sym *cs = g->nodes[arc->child].sym;
			file_ref(&x, "cfl", cs->file);
			name_ref(&x, "cfn", arc->child);
			fprintf(out, "calls=%llu %d\n%d %llu\n",
				(unsigned long long)arc->count,
				cs->line > 0 ? cs->line : 0, line,
				cost(&x, arc->time + arc->child_time));
		}
	}
	free(x.fn_seen);
	free(x.dup);
	free(x.files);
}
