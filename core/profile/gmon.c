/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gmon: see gmon.h.
 *
 * The parser works on a buffer holding the whole file and never calls
 * util_die(): every problem becomes a message in the caller's error buffer,
 * so the fuzz target can drive gmon_read_mem() directly.  Every count read
 * from the file is checked against the bytes left before anything is
 * allocated for it; arrays grow only as records are actually consumed.
 *
 * Summing follows GNU gprof 2.40 (found by experiment): a histogram record
 * must have the first histogram's dimension and abbreviation and a scale
 * ((highpc - lowpc) / 2, integer, over nbins, as a double) within 1e-6 of
 * it; one with exactly the range of an earlier one is added into it, one
 * overlapping an earlier range is an error, others are appended.  BSD files
 * must have the first histogram's range and size, and a 4.4BSD file's rate
 * must equal the rate already set. */
#include "config.h"
#include "gmon.h"
#include "gmon_format.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define BSD44_VERSION 0x00051879u
#define BSD_OLD_RATE  100 /* GNU's tick rate for old BSD files on Linux */
#define GNU_HDR       20
#define NONE          UINT32_MAX

/* Search tree over the histograms, keyed by (lowpc, highpc), each node
 * holding the largest highpc in its subtree: finds an equal range or any
 * overlapping one in O(log n), so a file with very many histogram records
 * cannot make summing quadratic.  A treap: its priorities are seeded from
 * the clock so that no file can be crafted to make it a deep chain (the
 * shape changes nothing but speed). */
struct gmon_hindex {
	uint32_t *left, *right, *prio;
	uint64_t *maxhi;
	size_t cap;
	uint32_t root;
	uint32_t seed;
};

struct reader {
	const unsigned char *d;
	size_t len, pos;
	int asz, be;
	const char *name;
	char *err;
	size_t errlen;
};

static int TG_PRINTF(2, 3) fail(struct reader *r, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!r->err || !r->errlen)
		return -1;
	n = snprintf(r->err, r->errlen, "%s: ", r->name);
	if (n < 0 || (size_t)n >= r->errlen)
		return -1;
	va_start(ap, fmt);
	vsnprintf(r->err + n, r->errlen - n, fmt, ap);
	va_end(ap);
	return -1;
}

static size_t left(const struct reader *r)
{
	return r->len - r->pos;
}

static uint64_t get(struct reader *r, int n)
{
	const unsigned char *p = r->d + r->pos;
	uint64_t v = 0;

	for (int i = 0; i < n; i++)
		v = (v << 8) | p[r->be ? i : n - 1 - i];
	r->pos += n;
	return v;
}

void gmon_init(struct gmon_profile *p)
{
	memset(p, 0, sizeof *p);
}

void gmon_free(struct gmon_profile *p)
{
	for (size_t i = 0; i < p->nhists; i++)
		free(p->hists[i].bins);
	free(p->hists);
	free(p->arcs);
	free(p->bbs);
	if (p->hindex) {
		free(p->hindex->left);
		free(p->hindex->right);
		free(p->hindex->prio);
		free(p->hindex->maxhi);
		free(p->hindex);
	}
	memset(p, 0, sizeof *p);
}

static uint64_t node_max(const struct gmon_profile *p, uint32_t n)
{
	const struct gmon_hindex *t = p->hindex;
	uint64_t m = p->hists[n].highpc;

	if (t->left[n] != NONE && t->maxhi[t->left[n]] > m)
		m = t->maxhi[t->left[n]];
	if (t->right[n] != NONE && t->maxhi[t->right[n]] > m)
		m = t->maxhi[t->right[n]];
	return m;
}

static int key_less(const struct gmon_hist *a, const struct gmon_hist *b)
{
	return a->lowpc < b->lowpc || (a->lowpc == b->lowpc && a->highpc < b->highpc);
}

static uint32_t tree_insert(struct gmon_profile *p, uint32_t at, uint32_t n)
{
	struct gmon_hindex *t = p->hindex;
	uint32_t c;

	if (at == NONE)
		return n;
	if (key_less(&p->hists[n], &p->hists[at])) {
		c = tree_insert(p, t->left[at], n);
		t->left[at] = c;
		if (t->prio[c] > t->prio[at]) {
			t->left[at] = t->right[c];
			t->right[c] = at;
			t->maxhi[at] = node_max(p, at);
			at = c;
		}
	} else {
		c = tree_insert(p, t->right[at], n);
		t->right[at] = c;
		if (t->prio[c] > t->prio[at]) {
			t->right[at] = t->left[c];
			t->left[c] = at;
			t->maxhi[at] = node_max(p, at);
			at = c;
		}
	}
	t->maxhi[at] = node_max(p, at);
	return at;
}

/* Append H (bins already owned) to P and index it. */
static void hist_append(struct gmon_profile *p, const struct gmon_hist *h)
{
	struct gmon_hindex *t = p->hindex;
	size_t n = p->nhists;

	if (!t) {
		t = p->hindex = xcalloc(1, sizeof *t);
		t->seed = ((uint32_t)(uint64_t)(util_now() * 1e9) ^
			   (uint32_t)(uintptr_t)t) |
			  1;
	}
	if (n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 4;
		p->hists = xrealloc(p->hists, cap * sizeof *p->hists);
		t->left = xrealloc(t->left, cap * sizeof *t->left);
		t->right = xrealloc(t->right, cap * sizeof *t->right);
		t->prio = xrealloc(t->prio, cap * sizeof *t->prio);
		t->maxhi = xrealloc(t->maxhi, cap * sizeof *t->maxhi);
		t->cap = cap;
		if (!n)
			t->root = NONE;
	}
	p->hists[n] = *h;
	t->left[n] = t->right[n] = NONE;
	t->seed ^= t->seed << 13;
	t->seed ^= t->seed >> 17;
	t->seed ^= t->seed << 5;
	t->prio[n] = t->seed;
	t->maxhi[n] = h->highpc;
	p->nhists = n + 1;
	t->root = tree_insert(p, t->root, (uint32_t)n);
}

static uint32_t hist_find_same(const struct gmon_profile *p, const struct gmon_hist *h)
{
	const struct gmon_hindex *t = p->hindex;
	uint32_t at = t ? t->root : NONE;

	while (at != NONE) {
		const struct gmon_hist *o = &p->hists[at];
		if (o->lowpc == h->lowpc && o->highpc == h->highpc)
			return at;
		at = key_less(h, o) ? t->left[at] : t->right[at];
	}
	return NONE;
}

/* An earlier histogram with lowpc < H's highpc and highpc > H's lowpc. */
static uint32_t hist_find_overlap(const struct gmon_profile *p, const struct gmon_hist *h)
{
	const struct gmon_hindex *t = p->hindex;
	uint32_t at = t ? t->root : NONE;

	while (at != NONE) {
		const struct gmon_hist *o = &p->hists[at];
		if (o->lowpc < h->highpc) {
			uint32_t l = t->left[at];
			if (l != NONE && t->maxhi[l] > h->lowpc) {
				at = l;
				continue;
			}
			if (o->highpc > h->lowpc)
				return at;
			at = t->right[at];
		} else {
			at = t->left[at];
		}
	}
	return NONE;
}

static double hist_scale(const struct gmon_hist *h)
{
	return (double)((h->highpc - h->lowpc) / 2) / h->nbins;
}

/* Sum or add the GNU histogram record H (whose bins the profile takes over
 * or frees) following GNU's rules. */
static int hist_merge(struct reader *r, struct gmon_profile *p, struct gmon_hist *h)
{
	uint32_t k;

	if (p->nhists) {
		const struct gmon_hist *f = &p->hists[0];
		double s0 = hist_scale(f), s1 = hist_scale(h);
		if (strcmp(f->dimen, h->dimen))
			return fail(r, "histogram dimension changed from '%s' to '%s'",
				    f->dimen, h->dimen);
		if (f->dimen_abbrev != h->dimen_abbrev)
			return fail(r,
				    "histogram dimension abbreviation changed from "
				    "'%c' to '%c'",
				    f->dimen_abbrev, h->dimen_abbrev);
		if (fabs(s0 - s1) > 0.000001)
			return fail(r,
				    "different scales in histogram records "
				    "(bins of %.9g and %.9g 2-byte units)",
				    s0, s1);
	}
	k = hist_find_same(p, h);
	if (k != NONE) {
		struct gmon_hist *o = &p->hists[k];
		if (o->nbins != h->nbins)
			return fail(r,
				    "different scales in histogram records "
				    "(%u and %u bins over the same range)",
				    o->nbins, h->nbins);
		for (uint32_t i = 0; i < h->nbins; i++)
			o->bins[i] += h->bins[i];
		free(h->bins);
		h->bins = NULL;
		return 0;
	}
	k = hist_find_overlap(p, h);
	if (k != NONE)
		return fail(r,
			    "overlapping histogram records: [0x%llx, 0x%llx) "
			    "and [0x%llx, 0x%llx)",
			    (unsigned long long)p->hists[k].lowpc,
			    (unsigned long long)p->hists[k].highpc,
			    (unsigned long long)h->lowpc, (unsigned long long)h->highpc);
	hist_append(p, h);
	h->bins = NULL;
	return 0;
}

/* Read NBINS 16-bit counts at the cursor into a new array. */
static int read_bins(struct reader *r, struct gmon_hist *h)
{
	if (left(r) / 2 < h->nbins)
		return fail(r, "unexpected end of file after %zu of %u histogram bins",
			    left(r) / 2, h->nbins);
	h->bins = xmalloc((h->nbins ? h->nbins : 1) * sizeof *h->bins);
	for (uint32_t i = 0; i < h->nbins; i++)
		h->bins[i] = get(r, 2);
	return 0;
}

static int read_gnu_hist(struct reader *r, struct gmon_profile *p)
{
	struct gmon_hist h;
	size_t at = r->pos - 1;
	uint32_t rate;
	int rc;

	memset(&h, 0, sizeof h);
	if (left(r) < (size_t)2 * r->asz + 24)
		return fail(r,
			    "unexpected end of file in histogram record at "
			    "offset %zu",
			    at);
	h.lowpc = get(r, r->asz);
	h.highpc = get(r, r->asz);
	h.nbins = (uint32_t)get(r, 4);
	rate = (uint32_t)get(r, 4);
	memcpy(h.dimen, r->d + r->pos, 15);
	h.dimen[15] = 0;
	h.dimen_abbrev = (char)r->d[r->pos + 15];
	r->pos += 16;
	if (read_bins(r, &h))
		return -1;
	if (!p->have_rate) {
		p->rate = rate;
		p->have_rate = 1;
	}
	rc = hist_merge(r, p, &h);
	free(h.bins);
	return rc;
}

static void add_arc(struct gmon_profile *p, uint64_t from, uint64_t self, uint64_t count)
{
	struct gmon_arc *a;

	if (p->narcs == p->arcs_cap)
		util_grow((void **)&p->arcs, &p->arcs_cap, p->narcs + 1, sizeof *p->arcs);
	a = &p->arcs[p->narcs++];
	a->from_pc = from;
	a->self_pc = self;
	a->count = count;
}

static int read_gnu_bb(struct reader *r, struct gmon_profile *p)
{
	size_t at = r->pos - 1, each = 2 * (size_t)r->asz;
	uint32_t n;

	if (left(r) < 4)
		return fail(r,
			    "unexpected end of file in basic-block record at "
			    "offset %zu",
			    at);
	n = (uint32_t)get(r, 4);
	if (left(r) / each < n)
		return fail(r,
			    "unexpected end of file after %zu of %u basic-block "
			    "counts",
			    left(r) / each, n);
	util_grow((void **)&p->bbs, &p->bbs_cap, p->nbbs + n, sizeof *p->bbs);
	for (uint32_t i = 0; i < n; i++) {
		struct gmon_bb *b = &p->bbs[p->nbbs++];
		b->addr = get(r, r->asz);
		b->count = get(r, r->asz);
	}
	return 0;
}

/* The number of call-graph records from the cursor on, so that the arc
 * array grows once.  Stops quietly at the first record that does not
 * parse: the real pass reports it. */
static size_t count_gnu_arcs(const struct reader *r)
{
	size_t pos = r->pos, n = 0, a = r->asz;
	size_t hsz = 2 * a + 24, arcsz = 2 * a + 4;

	while (pos < r->len) {
		unsigned tag = r->d[pos++];
		size_t rest = r->len - pos;
		struct reader t = *r;
		uint64_t cnt;
		if (tag == GMON_TAG_CG_ARC) {
			if (rest < arcsz)
				break;
			pos += arcsz;
			n++;
		} else if (tag == GMON_TAG_TIME_HIST) {
			if (rest < hsz)
				break;
			t.pos = pos + 2 * a;
			cnt = get(&t, 4);
			if ((rest - hsz) / 2 < cnt)
				break;
			pos += hsz + 2 * cnt;
		} else if (tag == GMON_TAG_BB_COUNT) {
			if (rest < 4)
				break;
			t.pos = pos;
			cnt = get(&t, 4);
			if ((rest - 4) / (2 * a) < cnt)
				break;
			pos += 4 + 2 * a * cnt;
		} else {
			break;
		}
	}
	return n;
}

static int read_gnu(struct reader *r, struct gmon_profile *p, struct gmon_file_info *info)
{
	size_t arcsz = 2 * (size_t)r->asz + 4;
	uint32_t version;

	if (r->len < GNU_HDR)
		return fail(r, "file too short to be a gmon file");
	if (memcmp(r->d, "gmon", 4))
		return fail(r, "bad magic cookie (not a GNU gmon file)");
	r->pos = 4;
	version = (uint32_t)get(r, 4);
	if (version > 1)
		return fail(r,
			    "unsupported gmon file version %u (versions 0 and 1 "
			    "are supported)",
			    version);
	info->version = (int)version;
	p->gnu_version = (int)version;
	r->pos = GNU_HDR;
	util_grow((void **)&p->arcs, &p->arcs_cap, p->narcs + count_gnu_arcs(r),
		  sizeof *p->arcs);
	while (r->pos < r->len) {
		unsigned tag = r->d[r->pos++];
		switch (tag) {
		case GMON_TAG_TIME_HIST:
			if (read_gnu_hist(r, p))
				return -1;
			info->nhist++;
			break;
		case GMON_TAG_CG_ARC:
			if (left(r) < arcsz)
				return fail(r,
					    "unexpected end of file in call-graph "
					    "record at offset %zu",
					    r->pos - 1);
			{
				uint64_t from = get(r, r->asz);
				uint64_t self = get(r, r->asz);
				add_arc(p, from, self, get(r, 4));
			}
			info->narcs++;
			break;
		case GMON_TAG_BB_COUNT:
			if (read_gnu_bb(r, p))
				return -1;
			p->bb_input = 1;
			info->nbb++;
			break;
		default:
			return fail(r,
				    "bad record tag %u at offset %zu (file corrupted?)",
				    tag, r->pos - 1);
		}
	}
	return 0;
}

/* Both BSD flavours: a header giving one histogram, then arc triples to the
 * end of the file (a partial last triple is ignored, as GNU does).  The
 * 4.4BSD header's spare words need not be present if no data follows. */
static int read_bsd(struct reader *r, struct gmon_profile *p, struct gmon_file_info *info,
		    enum gmon_format fmt)
{
	size_t a = r->asz, hdr, data, triple = 3 * (size_t)r->asz;
	struct gmon_hist h;
	uint32_t ncnt, word, rate = BSD_OLD_RATE;
	int bsd44;

	if (r->len < 2 * a + 8)
		return fail(r, "file too short to be a gmon file");
	memset(&h, 0, sizeof h);
	h.lowpc = get(r, r->asz);
	h.highpc = get(r, r->asz);
	ncnt = (uint32_t)get(r, 4);
	word = (uint32_t)get(r, 4);
	bsd44 = word == BSD44_VERSION;
	if (fmt == GMON_FMT_BSD44 && !bsd44)
		return fail(r, "bad magic cookie (not a 4.4BSD gmon file)");
	if (bsd44) {
		if (r->len < 2 * a + 12)
			return fail(r, "file too short to be a gmon file");
		rate = (uint32_t)get(r, 4);
		hdr = 2 * a + 24;
	} else {
		hdr = 2 * a + 4;
	}
	if ((int32_t)ncnt < (int32_t)hdr)
		return fail(r,
			    "does not appear to be a gmon.out file (histogram "
			    "size %d is smaller than the %zu-byte header)",
			    (int32_t)ncnt, hdr);
	h.nbins = (ncnt - (uint32_t)hdr) / 2;
	memcpy(h.dimen, "seconds", 8);
	h.dimen_abbrev = 's';
	if (bsd44) {
		if (p->have_rate && p->rate != rate)
			return fail(r,
				    "profiling rate %u incompatible with first gmon "
				    "file's %u",
				    rate, p->rate);
	}
	if (!p->have_rate) {
		p->rate = rate;
		p->have_rate = 1;
	}
	if (p->nhists) {
		const struct gmon_hist *f = &p->hists[0];
		if (f->lowpc != h.lowpc || f->highpc != h.highpc || f->nbins != h.nbins)
			return fail(r,
				    "incompatible with first gmon file (histogram "
				    "[0x%llx, 0x%llx) in %u bins, first file has "
				    "[0x%llx, 0x%llx) in %u bins)",
				    (unsigned long long)h.lowpc,
				    (unsigned long long)h.highpc, h.nbins,
				    (unsigned long long)f->lowpc,
				    (unsigned long long)f->highpc, f->nbins);
	}
	r->pos = hdr < r->len ? hdr : r->len;
	if (h.nbins) {
		if (hdr > r->len)
			return fail(r,
				    "unexpected end of file after 0 of %u "
				    "histogram bins",
				    h.nbins);
		if (read_bins(r, &h))
			return -1;
	}
	if (p->nhists) {
		struct gmon_hist *f = &p->hists[0];
		for (uint32_t i = 0; i < h.nbins; i++)
			f->bins[i] += h.bins[i];
		free(h.bins);
	} else {
		if (!h.bins)
			h.bins = xmalloc(sizeof *h.bins);
		hist_append(p, &h);
	}
	data = left(r) / triple;
	util_grow((void **)&p->arcs, &p->arcs_cap, p->narcs + data, sizeof *p->arcs);
	for (size_t i = 0; i < data; i++) {
		uint64_t from = get(r, r->asz);
		uint64_t self = get(r, r->asz);
		add_arc(p, from, self, get(r, r->asz));
	}
	info->version = p->gnu_version;
	info->is_bsd = 1;
	p->bb_input = 0;
	info->nhist = h.nbins > 0;
	info->narcs = data;
	return 0;
}

int gmon_read_mem(struct gmon_profile *p, const char *name, const unsigned char *data,
		  size_t len, const struct gmon_abi *abi, enum gmon_format fmt,
		  struct gmon_file_info *info, char *err, size_t errlen)
{
	struct reader r;
	struct gmon_file_info dummy;
	int rc;

	memset(&r, 0, sizeof r);
	r.d = data;
	r.len = len;
	r.asz = abi->addr_size == 4 ? 4 : 8;
	r.be = abi->big_endian;
	r.name = name;
	r.err = err;
	r.errlen = errlen;
	if (err && errlen)
		err[0] = 0;
	if (!info)
		info = &dummy;
	memset(info, 0, sizeof *info);
	switch (fmt) {
	case GMON_FMT_PROF: return fail(&r, "file format 'prof' is not supported");
	case GMON_FMT_GNU: rc = read_gnu(&r, p, info); break;
	case GMON_FMT_BSD:
	case GMON_FMT_BSD44: rc = read_bsd(&r, p, info, fmt); break;
	default:
		if (len >= 4 && !memcmp(data, "gmon", 4))
			rc = read_gnu(&r, p, info);
		else
			rc = read_bsd(&r, p, info, fmt);
		break;
	}
	if (rc == 0)
		p->nfiles++;
	return rc;
}

int gmon_read_file(struct gmon_profile *p, const char *path, const struct gmon_abi *abi,
		   enum gmon_format fmt, struct gmon_file_info *info, char *err,
		   size_t errlen)
{
	const char *why;
	size_t len = 0;
	unsigned char *buf = (unsigned char *)util_read_file(path, &len, &why);

	if (!buf) {
		util_msg(err, errlen, "%s: %s", path, why);
		return -1;
	}
	int r = gmon_read_mem(p, path, buf, len, abi, fmt, info, err, errlen);
	free(buf);
	return r ? -1 : 0;
}

void gmon_read(struct gmon_profile *p, const char *path, const struct gmon_abi *abi,
	       enum gmon_format fmt, struct gmon_file_info *info)
{
	char err[512];

	if (gmon_read_file(p, path, abi, fmt, info, err, sizeof err) < 0)
		util_die("%s", err);
}

void gmon_print_info(FILE *out, const char *path, const struct gmon_file_info *info)
{
	fprintf(out, "File `%s' (version %d) contains:\n", path, info->version);
	fprintf(out, "\t%zu histogram record%s\n", info->nhist,
		info->nhist == 1 ? "" : "s");
	fprintf(out, "\t%zu call-graph record%s\n", info->narcs,
		info->narcs == 1 ? "" : "s");
	fprintf(out, "\t%zu basic-block count record%s\n", info->nbb,
		info->nbb == 1 ? "" : "s");
}
