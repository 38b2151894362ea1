/* SPDX-License-Identifier: GPL-3.0-or-later */
/* callgrind: the model in the callgrind format (KCachegrind,
 * callgrind_annotate).
 *
 * One event, time, in nanoseconds (in samples when the profile has no
 * sampling rate).  gprof credits a histogram bin that two functions
 * share in proportion to their overlap, so self times are fractions of a
 * sample; nanoseconds keep those shares (a sample is 10,000,000 of them
 * at 100 Hz).  Costs are exact integers:
 *  - self costs are the flat profile's self times, rounded so that their
 *    sum is the sum of those times rounded (largest remainders get the
 *    spare units);
 *  - the summary is the profile's total time, the flat profile's "% time"
 *    denominator, so every share a reader shows is gprof's.  Where bins
 *    straddle functions that total and the sum of the self times differ
 *    slightly, as in gprof's own columns;
 *  - inclusive costs.  callgrind readers take a function's inclusive cost
 *    from the calls into it (callgrind_annotate --inclusive=yes: the sum
 *    of the costs of the calls naming it; a function nobody calls: its
 *    self cost plus its calls out).  So every function F gets a target
 *    T(F), gprof's self + children for F as its call-graph entry prints
 *    them (for a member of a cycle, the member's own line, not the
 *    cycle's), rounded, and never below F's self cost; T(F) is split over
 *    the live arcs into F, with the largest-remainder rule, in proportion
 *    to the time gprof propagates along each arc, or, for a cycle member
 *    (whose in-cycle arcs carry no time in gprof), to the arcs' call
 *    counts.  A function with time and no live caller hangs under a
 *    pseudo-function "<spontaneous>" (gprof's word for it) that calls it
 *    with cost T(F).  So every inclusive cost is gprof's number and a
 *    cycle member's never falls below its self cost.
 * Names and files are compressed with the format's "(id)" references.
 * The format has no escapes and a name ends at the end of its line, so a
 * control character in a name or file (a newline would start a line of
 * its own) is written as util_put_escaped() does ("\n", "\x01").
 * Readers merge functions by file and name, so functions sharing both
 * (static functions of one name, files unknown) get their address as a
 * suffix: "helper (0x1139)". */
#include "config.h"
#include "exportint.h"
#include "cg.h"
#include "load.h"
#include "sort.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct cgx {
	FILE *out;
	const struct cg *g;
	double unit;        /* cost units per tick */
	char *fn_seen;      /* per function: its name was given an id */
	char *dup;          /* per function: another has its name and file */
	const char **files; /* file ids: 1-based, the interned pointers */
	size_t nfiles, files_cap;
	uint64_t *self; /* per function: self cost */
	uint64_t *call; /* per arc: cost of its calls line */
	uint64_t *root; /* per function: cost under <spontaneous>, or 0 */
	char *is_root;  /* per function: called from <spontaneous> */
};

static int arc_counts(const struct cg *g, const struct cg_arc *a)
{
	return !a->deleted && a->parent != a->child &&
	       !g->nodes[a->parent].sym->is_excluded &&
	       !g->nodes[a->child].sym->is_excluded;
}

/* Self costs, call costs and roots (see the head comment). */
static uint64_t plan(struct cgx *x)
{
	const struct cg *g = x->g;
	uint32_t nf = g->nfuncs;
	double *w = xmalloc(((size_t)nf + 1) * sizeof *w);
	double total = 0;

	x->self = xcalloc((size_t)nf + 1, sizeof *x->self);
	x->call = xcalloc((size_t)g->narcs + 1, sizeof *x->call);
	x->root = xcalloc((size_t)nf + 1, sizeof *x->root);
	x->is_root = xcalloc((size_t)nf + 1, 1);
	for (uint32_t i = 0; i < nf; i++) {
		w[i] = g->nodes[i].sym->is_excluded ? 0 : g->nodes[i].self_time * x->unit;
		total += w[i];
	}
	export_split(total > 0 ? (uint64_t)floor(total + 0.5) : 0, w, nf, x->self);
	free(w);
	double profile = g->total_time * x->unit;
	uint64_t summary = profile > 0 ? (uint64_t)floor(profile + 0.5) : 0;

	uint64_t *part = NULL;
	uint32_t *arcs = NULL;
	double *aw = NULL;
	size_t cap = 0, acap = 0, wcap = 0;
	for (uint32_t f = 0; f < nf; f++) {
		const struct cg_node *n = &g->nodes[f];
		if (n->sym->is_excluded)
			continue;
		double t = (n->prop_self + n->prop_child) * x->unit;
		uint64_t target = t > 0 ? (uint64_t)floor(t + 0.5) : 0;
		if (target < x->self[f])
			target = x->self[f];
		size_t k = 0;
		for (uint32_t j = g->parent_start[f]; j < g->parent_start[f + 1]; j++) {
			uint32_t a = g->parent_arcs[j];
			const struct cg_arc *arc = &g->arcs[a];
			if (!arc_counts(g, arc))
				continue;
			util_grow((void **)&arcs, &acap, k + 1, sizeof *arcs);
			util_grow((void **)&aw, &wcap, k + 1, sizeof *aw);
			arcs[k] = a;
			aw[k] = n->cycle ? (double)arc->count
					 : arc->time + arc->child_time;
			k++;
		}
		if (k == 0) {
			x->is_root[f] = target > 0;
			x->root[f] = target;
			continue;
		}
		/* no time along any arc (count-0 arcs of -c, or no histogram):
		 * the calls decide */
		double sum = 0;
		for (size_t i = 0; i < k; i++)
			sum += aw[i];
		if (sum <= 0)
			for (size_t i = 0; i < k; i++)
				aw[i] = (double)g->arcs[arcs[i]].count;
		util_grow((void **)&part, &cap, k, sizeof *part);
		export_split(target, aw, k, part);
		for (size_t i = 0; i < k; i++)
			x->call[arcs[i]] = part[i];
	}
	free(part);
	free(arcs);
	free(aw);
	return summary;
}

static void name_ref(struct cgx *x, const char *tag, uint32_t n)
{
	if (x->fn_seen[n]) {
		fprintf(x->out, "%s=(%u)\n", tag, n + 1);
		return;
	}
	x->fn_seen[n] = 1;
	const struct sym *sy = x->g->nodes[n].sym;
	fprintf(x->out, "%s=(%u) ", tag, n + 1);
	util_put_escaped(x->out, sy->dname);
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
	fprintf(x->out, "%s=(%zu) ", tag, x->nfiles);
	util_put_escaped(x->out, f);
	fputc('\n', x->out);
}

static int cmp_name_file(const void *a, const void *b, void *ctx)
{
	const struct cg *g = ctx;
	const struct sym *x = g->nodes[*(const uint32_t *)a].sym;
	const struct sym *y = g->nodes[*(const uint32_t *)b].sym;
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
	util_qsort_r(v, g->nfuncs, sizeof *v, cmp_name_file, (void *)g);
	for (uint32_t i = 1; i < g->nfuncs; i++)
		if (cmp_name_file(&v[i - 1], &v[i], (void *)g) == 0)
			x->dup[v[i - 1]] = x->dup[v[i]] = 1;
	free(v);
}

static void calls_line(struct cgx *x, uint32_t child, uint64_t count, int line,
		       uint64_t cost)
{
	const struct sym *cs = x->g->nodes[child].sym;

	file_ref(x, "cfl", cs->file);
	name_ref(x, "cfn", child);
	fprintf(x->out, "calls=%llu %d\n%d %llu\n", (unsigned long long)count,
		cs->line > 0 ? cs->line : 0, line, (unsigned long long)cost);
}

void export_callgrind(FILE *out, const struct edit *e)
{
	const struct cg *g = edit_graph(e);
	const struct load *l = edit_load(e);
	const struct opts *o = edit_opts(e);
	struct cgx x = { .out = out, .g = g };

	symtab_load_lines(&l->st);
	cg_adjacency((struct cg *)g); /* a no-op on a propagated model */
	x.unit = g->hz > 0 ? 1e9 / g->hz : 1.0;
	x.fn_seen = xcalloc((size_t)g->nfuncs + 1, 1);
	find_dups(&x);
	uint64_t summary = plan(&x);
	fputs("# callgrind format\nversion: 1\ncreator: tgprof\n", out);
	fputs("cmd: ", out);
	util_put_escaped(out, o->load.exe ? o->load.exe : "a.out");
	fputs("\npositions: line\n", out);
	if (g->hz > 0)
		fputs("event: ns : Time (nanoseconds)\nevents: ns\n", out);
	else
		fputs("event: ticks : Time (samples)\nevents: ticks\n", out);
	fprintf(out, "summary: %llu\n\n", (unsigned long long)summary);
	fputs("ob=(1) ", out);
	util_put_escaped(out,
			 l->st.path ? l->st.path : (o->load.exe ? o->load.exe : "a.out"));
	fputc('\n', out);
	/* gprof's <spontaneous>: the caller of every function with time and
	 * no live caller */
	int any_root = 0;
	for (uint32_t i = 0; i < g->nfuncs && !any_root; i++)
		any_root = x.is_root[i];
	if (any_root) {
		fputs("\nfl=(0) ???\nfn=(0) <spontaneous>\n0 0\n", out);
		for (uint32_t i = 0; i < g->nfuncs; i++)
			if (x.is_root[i])
				calls_line(&x, i, 1, 0, x.root[i]);
	}
	for (uint32_t i = 0; i < g->nfuncs; i++) {
		const struct cg_node *n = &g->nodes[i];
		int live = 0;
		if (n->sym->is_excluded)
			continue;
		for (uint32_t k = g->child_start[i]; k < g->child_start[i + 1] && !live;
		     k++)
			live = !g->arcs[g->child_arcs[k]].deleted;
		if (!x.self[i] && !live)
			continue;
		int line = n->sym->line > 0 ? n->sym->line : 0;
		fputc('\n', out);
		file_ref(&x, "fl", n->sym->file);
		name_ref(&x, "fn", i);
		fprintf(out, "%d %llu\n", line, (unsigned long long)x.self[i]);
		/* Oldest arc first: child_arcs lists the newest first. */
		for (uint32_t k = g->child_start[i + 1]; k-- > g->child_start[i];) {
			uint32_t a = g->child_arcs[k];
			const struct cg_arc *arc = &g->arcs[a];
			if (arc->deleted || g->nodes[arc->child].sym->is_excluded)
				continue;
			calls_line(&x, arc->child, arc->count, line, x.call[a]);
		}
	}
	free(x.fn_seen);
	free(x.dup);
	free(x.files);
	free(x.self);
	free(x.call);
	free(x.root);
	free(x.is_root);
}
