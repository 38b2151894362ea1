/* SPDX-License-Identifier: GPL-3.0-or-later */
/* compare: matching two models and the statistics of each change (see
 * compare.h).  Linear in functions and arcs of both sides, plus the sorts. */
#include "config.h"
#include "compare.h"
#include "rows.h"
#include "sort.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Open-addressing table of indices (functions or arcs), keyed by a hash
 * the caller computes; the caller compares keys itself. */
struct itab {
	uint32_t *slot; /* CG_NONE: empty */
	uint32_t mask;
};

static void itab_init(struct itab *t, size_t n)
{
	uint32_t size = 16;
	while (size < 2 * n + 1)
		size <<= 1;
	t->slot = xmalloc((size_t)size * sizeof *t->slot);
	memset(t->slot, 0xff, (size_t)size * sizeof *t->slot);
	t->mask = size - 1;
}

static uint64_t hash_str(uint64_t h, const char *s)
{
	for (; s && *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return (h ^ 0xff) * 0x100000001b3ULL; /* separator: "ab"+"c" != "a"+"bc" */
}

static uint64_t hash_int(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	return h * 0x100000001b3ULL;
}

struct fkey {
	const char *name, *file;
	int is_static;
	uint32_t rank;
};

static uint64_t fkey_hash(const struct fkey *k)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	h = hash_str(h, k->name);
	h = hash_str(h, k->file);
	return hash_int(h, (uint64_t)k->is_static << 32 | k->rank);
}

static int fkey_eq(const struct fkey *k, const struct compare_func *f)
{
	if (k->is_static != f->is_static || k->rank != f->rank)
		return 0;
	if (strcmp(k->name, f->name) != 0)
		return 0;
	if (!k->file || !f->file)
		return k->file == f->file;
	return strcmp(k->file, f->file) == 0;
}

/* Which nodes of G take part: those the flat profile lists, but never
 * the profiling machinery (even when -p names it), and the ends of every
 * live arc. */
static uint8_t *taking_part(const struct cg *g, int zero)
{
	uint8_t *in = xcalloc(g->nfuncs ? g->nfuncs : 1, 1);

	for (uint32_t i = 0; i < g->nfuncs; i++)
		in[i] = !g->nodes[i].sym->is_excluded && rows_flat_shown(g, i, zero);
	for (uint32_t a = 0; a < g->narcs; a++) {
		const struct cg_arc *r = &g->arcs[a];
		if (r->deleted || r->parent >= g->nfuncs || r->child >= g->nfuncs)
			continue;
		in[r->parent] = in[r->child] = 1;
	}
	return in;
}

/* The file part of a static function's key: the last path component,
 * as GNU's symspecs name files, so that two builds made in different
 * directories still match.  The file of the debug information, else the
 * STT_FILE symbol the symbol table lists it under (builds without -g,
 * where the link order may differ); "" when neither is known. */
static const char *key_file(const struct sym *s)
{
	const char *f = s->file ? s->file : s->unit;
	if (!f)
		return "";
	const char *slash = strrchr(f, '/');
	return slash ? slash + 1 : f;
}

/* Ranks among functions of one key (name, static flag, file part), in
 * symbol-table order: sort (key, index) and count runs.  Tells apart
 * namesakes the file does not (static functions without debug
 * information, two files of one name in different directories, C++
 * constructors whose complete and base versions demangle alike). */
static int key_cmp(const struct sym *a, const struct sym *b)
{
	int d = strcmp(a->dname, b->dname);
	if (!d)
		d = (int)a->is_static - (int)b->is_static;
	if (!d && a->is_static)
		d = strcmp(key_file(a), key_file(b));
	return d;
}

static int cmp_rank(const void *pa, const void *pb, void *ctx)
{
	const struct cg *g = ctx;
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	int d = key_cmp(g->nodes[a].sym, g->nodes[b].sym);
	return d ? d : (a > b) - (a < b);
}

/* Over every symbol, taking part or not, so that a rank does not shift
 * when a namesake has no samples on one side. */
static uint32_t *key_ranks(const struct cg *g)
{
	uint32_t *rank = xcalloc(g->nfuncs ? g->nfuncs : 1, sizeof *rank);
	uint32_t *v = xmalloc((g->nfuncs + 1) * sizeof *v);
	uint32_t n = 0;

	for (uint32_t i = 0; i < g->nfuncs; i++)
		v[n++] = i;
	util_qsort_r(v, n, sizeof *v, cmp_rank, (void *)g);
	for (uint32_t k = 1; k < n; k++)
		if (key_cmp(g->nodes[v[k - 1]].sym, g->nodes[v[k]].sym) == 0)
			rank[v[k]] = rank[v[k - 1]] + 1;
	free(v);
	return rank;
}

/* Add side S's functions to C, matching through T; fills MAP (node ->
 * function index, CG_NONE when the node does not take part). */
static void add_side(struct compare *c, int s, struct itab *t, uint32_t *map, size_t *cap,
		     int zero)
{
	const struct cg *g = c->side[s].g;
	uint8_t *in = taking_part(g, zero);
	uint32_t *rank = key_ranks(g);

	for (uint32_t i = 0; i < g->nfuncs; i++) {
		map[i] = CG_NONE;
		if (!in[i])
			continue;
		const struct sym *sym = g->nodes[i].sym;
		struct fkey k = { sym->dname,
				  sym->is_static && (sym->file || sym->unit)
					  ? key_file(sym)
					  : NULL,
				  sym->is_static, rank[i] };
		uint32_t h = (uint32_t)fkey_hash(&k) & t->mask;
		while (t->slot[h] != CG_NONE && !fkey_eq(&k, &c->funcs[t->slot[h]]))
			h = (h + 1) & t->mask;
		uint32_t f = t->slot[h];
		if (f == CG_NONE) {
			util_grow((void **)&c->funcs, cap, c->nfuncs + 1,
				  sizeof *c->funcs);
			f = t->slot[h] = c->nfuncs++;
			struct compare_func *nf = &c->funcs[f];
			memset(nf, 0, sizeof *nf);
			nf->name = k.name;
			nf->file = k.file;
			nf->is_static = k.is_static;
			nf->rank = k.rank;
			nf->node[0] = nf->node[1] = CG_NONE;
		} else if (c->funcs[f].node[s] != CG_NONE) {
			/* Two symbols of one side with one key (same name
			 * and file, e.g. aliases that survived): the first
			 * keeps the key, the other is compared alone. */
			util_grow((void **)&c->funcs, cap, c->nfuncs + 1,
				  sizeof *c->funcs);
			c->funcs[c->nfuncs] = c->funcs[f];
			f = c->nfuncs++;
			c->funcs[f].node[0] = c->funcs[f].node[1] = CG_NONE;
		}
		struct compare_func *fn = &c->funcs[f];
		const struct cg_node *n = &g->nodes[i];
		fn->node[s] = i;
		fn->samples[s] = n->self_time;
		fn->total[s] = cg_seconds(g, n->self_time + n->child_time);
		fn->calls[s] = n->ncalls + n->self_calls;
		map[i] = f;
	}
	free(rank);
	free(in);
}

/* The variance of a count of N samples of a side whose samples total
 * TOTAL: binomial, N (1 - N / TOTAL).  Timer samples come at regular
 * intervals of CPU time, so a run's total is its CPU time over the period
 * (up to a sample), not a Poisson count; what varies is how that total
 * falls among the functions, each sample landing in a function with the
 * chance of its share.  N alone (Poisson) overstates the variance, most
 * for the functions that take the largest shares.  With no total known
 * (no histogram), N; and N for a function that holds every sample: it is
 * the whole run, whose length is what varies then (a variance of 0 would
 * make any change of a one-function program certain). */
static double binomial_var(double n, double total)
{
	if (total <= 0 || n >= total)
		return n;
	return n * (1 - n / total);
}

static void stats(struct compare *c, struct compare_func *f)
{
	double a = f->samples[0], b = f->samples[1];
	double sa, sb; /* seconds (or share) per sample on each side */
	double ta = c->side[0].g->total_time, tb = c->side[1].g->total_time;

	if (c->normalize) {
		sa = ta > 0 ? 1 / ta : 0;
		sb = tb > 0 ? 1 / tb : 0;
	} else {
		sa = c->hz[0] > 0 ? 1 / c->hz[0] : 0;
		sb = c->hz[1] > 0 ? 1 / c->hz[1] : 0;
	}
	f->self[0] = a * sa;
	f->self[1] = b * sb;
	f->change = f->self[1] - f->self[0];
	f->se = sqrt(binomial_var(a, ta) * sa * sa + binomial_var(b, tb) * sb * sb);
	f->z = f->se > 0 ? f->change / f->se : 0;
	f->significant =
		fabs(f->change) > 2 * f->se && f->se > 0 ? (f->change > 0 ? 1 : -1) : 0;
}

static int cmp_str(const char *a, const char *b)
{
	if (!a || !b)
		return (a != NULL) - (b != NULL);
	return strcmp(a, b);
}

static uint64_t calls_delta(const struct compare_func *f)
{
	return f->calls[1] > f->calls[0] ? f->calls[1] - f->calls[0]
					 : f->calls[0] - f->calls[1];
}

static int sig_class(const struct compare_func *f)
{
	if (f->significant)
		return 0;
	return f->calls[0] != f->calls[1] ? 1 : 2;
}

int compare_func_cmp(const struct compare_func *a, const struct compare_func *b)
{
	int ca = sig_class(a), cb = sig_class(b);
	if (ca != cb)
		return ca - cb;
	if (ca == 1) {
		uint64_t da = calls_delta(a), db = calls_delta(b);
		if (da != db)
			return da > db ? -1 : 1;
	}
	double za = fabs(a->z), zb = fabs(b->z);
	if (za != zb)
		return za > zb ? -1 : 1;
	double ta = fmax(a->self[0], a->self[1]), tb = fmax(b->self[0], b->self[1]);
	if (ta != tb)
		return ta > tb ? -1 : 1;
	int d = strcmp(a->name, b->name);
	if (d)
		return d;
	d = cmp_str(a->file, b->file);
	return d ? d : (a->rank > b->rank) - (a->rank < b->rank);
}

static int cmp_func_idx(const void *pa, const void *pb, void *ctx)
{
	const struct compare *c = ctx;
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	int d = compare_func_cmp(&c->funcs[a], &c->funcs[b]);
	return d ? d : (a > b) - (a < b);
}

static uint64_t arc_delta(const struct compare_arc *a)
{
	return a->count[1] > a->count[0] ? a->count[1] - a->count[0]
					 : a->count[0] - a->count[1];
}

static int arc_changed(const struct compare_arc *a)
{
	return a->count[0] != a->count[1] || a->present[0] != a->present[1];
}

static int cmp_arc(const void *pa, const void *pb)
{
	const struct compare_arc *a = pa, *b = pb;
	int ca = arc_changed(a), cb = arc_changed(b);
	if (ca != cb)
		return cb - ca;
	uint64_t da = arc_delta(a), db = arc_delta(b);
	if (da != db)
		return da > db ? -1 : 1;
	/* funcs are sorted by now: their order is a stable tie-break */
	if (a->from != b->from)
		return a->from < b->from ? -1 : 1;
	return (a->to > b->to) - (a->to < b->to);
}

/* Arcs of both sides by the functions at their ends. */
static void add_arcs(struct compare *c, uint32_t *const map[2])
{
	size_t n = c->side[0].g->narcs + c->side[1].g->narcs, cap = 0;
	struct itab t;

	itab_init(&t, n);
	for (int s = 0; s < 2; s++) {
		const struct cg *g = c->side[s].g;
		for (uint32_t i = 0; i < g->narcs; i++) {
			const struct cg_arc *r = &g->arcs[i];
			if (r->deleted || r->parent >= g->nfuncs || r->child >= g->nfuncs)
				continue;
			uint32_t from = map[s][r->parent], to = map[s][r->child];
			if (from == CG_NONE || to == CG_NONE)
				continue;
			uint32_t h =
				(uint32_t)hash_int(hash_int(0x51ed27, from), to) & t.mask;
			uint32_t x;
			while ((x = t.slot[h]) != CG_NONE &&
			       (c->arcs[x].from != from || c->arcs[x].to != to))
				h = (h + 1) & t.mask;
			if (x == CG_NONE) {
				util_grow((void **)&c->arcs, &cap, c->narcs + 1,
					  sizeof *c->arcs);
				x = t.slot[h] = c->narcs++;
				memset(&c->arcs[x], 0, sizeof c->arcs[x]);
				c->arcs[x].from = from;
				c->arcs[x].to = to;
			}
			c->arcs[x].present[s] = 1;
			c->arcs[x].count[s] += r->count;
			c->arcs[x].time[s] += cg_seconds(g, r->time + r->child_time);
		}
	}
	free(t.slot);
}

/* Mark names that more than one compared function has. */
static int cmp_name_idx(const void *pa, const void *pb, void *ctx)
{
	const struct compare *c = ctx;
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	int d = strcmp(c->funcs[a].name, c->funcs[b].name);
	return d ? d : (a > b) - (a < b);
}

static void mark_ambiguous(struct compare *c)
{
	uint32_t *v = xmalloc(((size_t)c->nfuncs + 1) * sizeof *v);
	for (uint32_t i = 0; i < c->nfuncs; i++)
		v[i] = i;
	util_qsort_r(v, c->nfuncs, sizeof *v, cmp_name_idx, c);
	for (uint32_t k = 1; k < c->nfuncs; k++)
		if (strcmp(c->funcs[v[k]].name, c->funcs[v[k - 1]].name) == 0)
			c->funcs[v[k]].ambiguous = c->funcs[v[k - 1]].ambiguous = 1;
	free(v);
}

void compare_build(struct compare *c, const struct compare_side *before,
		   const struct compare_side *after, int normalize, int zero)
{
	size_t cap = 0;
	struct itab t;
	uint32_t *map[2];

	memset(c, 0, sizeof *c);
	c->side[0] = *before;
	c->side[1] = *after;
	c->normalize = normalize;
	for (int s = 0; s < 2; s++) {
		const struct cg *g = c->side[s].g;
		c->hz[s] = g->hz;
		c->have_hist[s] = g->have_hist;
		c->total[s] = cg_seconds(g, g->total_time);
	}
	itab_init(&t, (size_t)before->g->nfuncs + after->g->nfuncs);
	for (int s = 0; s < 2; s++) {
		map[s] = xmalloc(((size_t)c->side[s].g->nfuncs + 1) * sizeof *map[s]);
		add_side(c, s, &t, map[s], &cap, zero);
	}
	free(t.slot);
	add_arcs(c, map);

	for (uint32_t i = 0; i < c->nfuncs; i++) {
		struct compare_func *f = &c->funcs[i];
		stats(c, f);
		c->nsignificant += f->significant != 0;
		c->ncalls_changed += f->calls[0] != f->calls[1] &&
				     f->node[0] != CG_NONE && f->node[1] != CG_NONE;
		c->nadded += f->node[0] == CG_NONE;
		c->nremoved += f->node[1] == CG_NONE;
	}
	mark_ambiguous(c);

	/* Sort the functions, then renumber the arcs' ends to follow. */
	uint32_t *v = xmalloc(((size_t)c->nfuncs + 1) * sizeof *v);
	uint32_t *inv = xmalloc(((size_t)c->nfuncs + 1) * sizeof *inv);
	for (uint32_t i = 0; i < c->nfuncs; i++)
		v[i] = i;
	util_qsort_r(v, c->nfuncs, sizeof *v, cmp_func_idx, c);
	struct compare_func *sorted = xmalloc(((size_t)c->nfuncs + 1) * sizeof *sorted);
	for (uint32_t k = 0; k < c->nfuncs; k++) {
		sorted[k] = c->funcs[v[k]];
		inv[v[k]] = k;
	}
	free(c->funcs);
	c->funcs = sorted;
	for (uint32_t i = 0; i < c->narcs; i++) {
		c->arcs[i].from = inv[c->arcs[i].from];
		c->arcs[i].to = inv[c->arcs[i].to];
	}
	for (int s = 0; s < 2; s++) {
		for (uint32_t n = 0; n < c->side[s].g->nfuncs; n++)
			if (map[s][n] != CG_NONE)
				map[s][n] = inv[map[s][n]];
		c->func_of[s] = map[s];
	}
	free(inv);
	free(v);

	util_qsort(c->arcs, c->narcs, sizeof *c->arcs, cmp_arc);
	for (uint32_t i = 0; i < c->narcs; i++) {
		const struct compare_arc *a = &c->arcs[i];
		if (arc_changed(a))
			c->nchanged++;
		c->narcs_added += !a->present[0];
		c->narcs_removed += !a->present[1];
	}
}

void compare_free(struct compare *c)
{
	free(c->funcs);
	free(c->arcs);
	free(c->func_of[0]);
	free(c->func_of[1]);
	memset(c, 0, sizeof *c);
}
