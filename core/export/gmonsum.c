/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gmonsum: see gmonsum.h and gmon_write() in gmon.h.
 *
 * What GNU gprof 2.40 writes for -s (found by experiment, byte-compared):
 * a GNU version 1 header; every histogram in the order first created, each
 * with the run's rate and the first histogram's 15 dimension bytes (both
 * as first read, whatever follows the NUL included) and abbreviation, and
 * its bins truncated to 16 bits; then one call-graph record per merged
 * arc at the two symbols' start addresses, with the count truncated to 32
 * bits, callers in symbol (address) order and each caller's arcs newest
 * first; arcs deleted with -k are left out.  Last, when the profile had
 * basic-block counts, one record with, per symbol in address order, the
 * first ten distinct addresses in that symbol (in order of first
 * appearance), counts summed; addresses outside every symbol are dropped;
 * none at all when a BSD file was read after the last basic-block record.
 * GNU's -s implies -l, so with debug information the symbols are line
 * symbols (the caller's line, the callee's function); that is the model's
 * business: this file writes whatever symbols G holds.  Arcs added by -c
 * are not written: GNU writes gmon.sum before it scans the code.
 * The file is built in memory and goes through a temporary file renamed
 * over PATH, so a failure never leaves a partial gmon.sum. */
#include "config.h"
#include "gmonsum.h"
#include "gmon_format.h"
#include "lines.h"
#include "sort.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define BB_PER_SYM 10

struct buf {
	unsigned char *d;
	size_t len, cap;
	int asz, be;
};

static void put(struct buf *b, uint64_t v, int n)
{
	unsigned char *p;

	util_grow((void **)&b->d, &b->cap, b->len + n, 1);
	p = b->d + b->len;
	for (int i = 0; i < n; i++) {
		int shift = 8 * (b->be ? n - 1 - i : i);
		p[i] = (unsigned char)(shift < 64 ? v >> shift : 0);
	}
	b->len += n;
}

static void put_bytes(struct buf *b, const void *s, size_t n)
{
	util_grow((void **)&b->d, &b->cap, b->len + n, 1);
	memcpy(b->d + b->len, s, n);
	b->len += n;
}

static void put_head(struct buf *b, const struct gmon_profile *p)
{
	static const unsigned char zero[12];

	put_bytes(b, "gmon", 4);
	put(b, 1, 4);
	put_bytes(b, zero, sizeof zero);
	for (size_t i = 0; i < p->nhists; i++) {
		const struct gmon_hist *h = &p->hists[i];
		put(b, GMON_TAG_TIME_HIST, 1);
		put(b, h->lowpc, b->asz);
		put(b, h->highpc, b->asz);
		put(b, h->nbins, 4);
		put(b, p->rate, 4);
		put_bytes(b, p->hists[0].dimen, 15);
		put(b, (unsigned char)p->hists[0].dimen_abbrev, 1);
		for (uint32_t k = 0; k < h->nbins; k++)
			put(b, h->bins[k] & 0xffff, 2);
	}
}

static void put_arc(struct buf *b, uint64_t from, uint64_t self, uint64_t count)
{
	put(b, GMON_TAG_CG_ARC, 1);
	put(b, from, b->asz);
	put(b, self, b->asz);
	put(b, count & 0xffffffffu, 4);
}

static void put_bbs(struct buf *b, const struct gmon_bb *bbs, size_t n)
{
	if (!n)
		return;
	put(b, GMON_TAG_BB_COUNT, 1);
	put(b, n, 4);
	for (size_t i = 0; i < n; i++) {
		put(b, bbs[i].addr, b->asz);
		put(b, bbs[i].count, b->asz);
	}
}

static int fill_buf(FILE *out, void *ctx)
{
	const struct buf *b = ctx;
	return fwrite(b->d, 1, b->len, out) == b->len ? 0 : -1;
}

/* Write B to PATH through util_write_file(); fatal on failure.  The -s
 * names are tgprof's choice, not the user's: never a device or FIFO. */
static void commit(const char *path, struct buf *b)
{
	char msg[4200];
	int r = util_write_file(path, 0, fill_buf, b, NULL, msg, sizeof msg);

	free(b->d);
	if (r != 0)
		util_die("%s", msg);
}

void gmon_write(const char *path, const struct gmon_profile *p,
		const struct gmon_abi *abi, const struct gmon_arc *arcs, size_t narcs)
{
	struct buf b = { NULL, 0, 0, abi->addr_size == 4 ? 4 : 8, abi->big_endian };

	put_head(&b, p);
	for (size_t i = 0; i < narcs; i++)
		put_arc(&b, arcs[i].from_pc, arcs[i].self_pc, arcs[i].count);
	put_bbs(&b, p->bbs, p->nbbs);
	commit(path, &b);
}

/* The arcs to write: not deleted, and read from the profile.  -c adds
 * arcs of count 0 (and adds 0 to existing ones), so an arc of count 0
 * comes from the profile only when a record of count 0 maps to it; those
 * records are rare, and mapped here the way the loader maps them (the
 * callee backed up to a function in a line table, whose bfd is NULL). */
static uint8_t *arcs_to_write(const struct gmon_profile *p, const struct cg *g)
{
	uint8_t *keep = xmalloc((size_t)g->narcs + 1);

	for (uint32_t i = 0; i < g->narcs; i++)
		keep[i] = !g->arcs[i].deleted && g->arcs[i].count > 0;
	for (size_t i = 0; i < p->narcs; i++) {
		const struct gmon_arc *r = &p->arcs[i];
		const struct sym *from, *self;
		uint32_t a;
		if (r->count)
			continue;
		from = symtab_find(g->st, r->from_pc);
		self = symtab_callee(g->st, r->self_pc);
		if (!from || !self)
			continue;
		a = cg_arc_find(g, (uint32_t)(from - g->st->syms),
				(uint32_t)(self - g->st->syms));
		if (a != CG_NONE && !g->arcs[a].deleted)
			keep[a] = 1;
	}
	return keep;
}

/* Arcs grouped by caller in node order, each group newest first: a
 * counting sort over arcs[] (which is in creation order). */
static void put_cg_arcs(struct buf *b, const struct gmon_profile *p, const struct cg *g)
{
	uint32_t *start = xcalloc((size_t)g->nfuncs + 1, sizeof *start);
	uint32_t *fill, *order;
	uint8_t *keep = arcs_to_write(p, g);

	for (uint32_t i = 0; i < g->narcs; i++)
		if (keep[i])
			start[g->arcs[i].parent + 1]++;
	for (uint32_t n = 0; n < g->nfuncs; n++)
		start[n + 1] += start[n];
	order = xmalloc(((size_t)start[g->nfuncs] + 1) * sizeof *order);
	fill = xmalloc(((size_t)g->nfuncs + 1) * sizeof *fill);
	memcpy(fill, start, ((size_t)g->nfuncs + 1) * sizeof *fill);
	for (uint32_t i = 0; i < g->narcs; i++)
		if (keep[i])
			order[fill[g->arcs[i].parent]++] = i;
	for (uint32_t n = 0; n < g->nfuncs; n++) {
		for (uint32_t k = start[n + 1]; k > start[n]; k--) {
			const struct cg_arc *a = &g->arcs[order[k - 1]];
			put_arc(b, g->nodes[a->parent].sym->addr,
				g->nodes[a->child].sym->addr, a->count);
		}
	}
	free(keep);
	free(order);
	free(fill);
	free(start);
}

struct bbent {
	uint32_t sym, seq;
	uint64_t addr, count;
};

static int by_sym_addr(const void *x, const void *y)
{
	const struct bbent *a = x, *b = y;

	if (a->sym != b->sym)
		return a->sym < b->sym ? -1 : 1;
	if (a->addr != b->addr)
		return a->addr < b->addr ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static int by_sym_seq(const void *x, const void *y)
{
	const struct bbent *a = x, *b = y;

	if (a->sym != b->sym)
		return a->sym < b->sym ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static void put_cg_bbs(struct buf *b, const struct gmon_profile *p, const struct cg *g)
{
	struct bbent *e;
	struct gmon_bb *out;
	size_t n = 0, m = 0, k = 0;

	if (!p->nbbs || !p->bb_input)
		return;
	e = xmalloc(p->nbbs * sizeof *e);
	for (size_t i = 0; i < p->nbbs; i++) {
		const struct sym *s = symtab_find(g->st, p->bbs[i].addr);
		if (!s)
			continue;
		e[n].sym = (uint32_t)(s - g->st->syms);
		e[n].seq = (uint32_t)i;
		e[n].addr = p->bbs[i].addr;
		e[n].count = p->bbs[i].count;
		n++;
	}
	/* Merge repeats of an address into its first appearance. */
	util_qsort(e, n, sizeof *e, by_sym_addr);
	for (size_t i = 0; i < n; i++) {
		if (m && e[m - 1].sym == e[i].sym && e[m - 1].addr == e[i].addr)
			e[m - 1].count += e[i].count;
		else
			e[m++] = e[i];
	}
	util_qsort(e, m, sizeof *e, by_sym_seq);
	out = xmalloc((m ? m : 1) * sizeof *out);
	for (size_t i = 0, run = 0; i < m; i++) {
		run = i && e[i].sym == e[i - 1].sym ? run + 1 : 0;
		if (run >= BB_PER_SYM)
			continue;
		out[k].addr = e[i].addr;
		out[k].count = e[i].count;
		k++;
	}
	put_bbs(b, out, k);
	free(out);
	free(e);
}

void gmon_write_sum(const char *path, const struct gmon_profile *p,
		    const struct gmon_abi *abi, const struct cg *g)
{
	struct buf b = { NULL, 0, 0, abi->addr_size == 4 ? 4 : 8, abi->big_endian };

	put_head(&b, p);
	put_cg_arcs(&b, p, g);
	put_cg_bbs(&b, p, g);
	commit(path, &b);
}
