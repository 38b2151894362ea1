/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Generator of a large synthetic gprof profile for benchmarks.
 *
 *   gen asm  NFUNCS SEED                              > prog.s
 *   gen gmon NFUNCS NARCS NSAMPLES SEED NMFILE GMONOUT [random]
 *                                        (summary on stdout)
 *
 * Both modes derive the same functions (names, kinds, sizes) from SEED, so the
 * second can check that NMFILE (output of `nm -n -S --defined-only EXE` for the
 * linked program.s) lists exactly the functions the first one wrote, in order.
 *
 * Shape of the call graph: every function gets a topological rank; ranks are
 * cut into contiguous segments, most of them single functions, some of them
 * groups (one of NFUNCS/12 members, a few of hundreds, many small).  Arcs
 * between different segments always go from lower to higher rank, arcs inside
 * a group go either way, and every group carries a ring of arcs through all its
 * members.  So the strongly connected components are exactly the groups, and
 * the summary can tell a test how many cycles gprof must find.
 *
 * Output is deterministic for given arguments: the generator uses its own PRNG
 * and writes the file byte by byte in little-endian order. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum kind { K_GLOBAL, K_STATIC, K_WEAK };

struct func {
	char *name;
	enum kind kind;
	unsigned size;          /* bytes of code, >= 8 */
	uint64_t addr;          /* from nm, gmon mode only */
	int rank;               /* topological position */
	int group;              /* segment id; groups have >= 2 members */
};

struct arc {
	uint64_t from, self;
	uint32_t count;
	int caller, callee;
};

static struct func *fn;
static int nfn;

static void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("gen: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(1);
}

static void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		die("out of memory");
	return p;
}

/* splitmix64: small, fast and good enough; one state per purpose so that the
 * function layout does not depend on the gmon parameters. */
static uint64_t rnext(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static double runif(uint64_t *s)
{
	return (rnext(s) >> 11) * (1.0 / 9007199254740992.0);
}

static unsigned rbelow(uint64_t *s, unsigned n)
{
	return (unsigned)(runif(s) * n);
}

static double rnormal(uint64_t *s)
{
	double u = runif(s), v = runif(s);

	if (u < 1e-300)
		u = 1e-300;
	return sqrt(-2.0 * log(u)) * cos(6.283185307179586 * v);
}

static const char *const prefix[] = {
	"vm", "eval", "gc", "str", "dict", "list", "io", "obj", "sym", "parse",
	"lex", "num", "hash", "mem", "frame", "code", "mod", "exc", "set", "tuple",
};
static const char *const word[] = {
	"alloc", "free", "lookup", "insert", "resize", "call", "get", "set",
	"new", "init", "visit", "traverse", "compare", "concat", "format", "load",
	"store", "push", "pop", "iter", "next", "check", "convert", "dispatch",
};
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

static char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = xmalloc(n);

	memcpy(p, s, n);
	return p;
}

/* Names are unique by construction (the index is part of each).  A mix of
 * plain C names, leading-underscore names and C++ mangled names, so name
 * sorting and demangling get real work.  Static names contain no '.', so
 * gprof's static-name filter keeps all of them. */
static char *make_name(int i, uint64_t *rs)
{
	char buf[128];
	const char *p = prefix[rbelow(rs, NELEM(prefix))];
	const char *w = word[rbelow(rs, NELEM(word))];
	unsigned style = rbelow(rs, 100);

	if (i == 0)
		return xstrdup("main");
	if (style < 8) {
		char m[48];
		snprintf(m, sizeof m, "%s%d", w, i);
		/* Demangles to PREFIXns::WORDObj::WORDi(). */
		snprintf(buf, sizeof buf, "_ZN%zu%sns%zu%sObj%zu%sEv",
			 strlen(p) + 2, p, strlen(w) + 3, w, strlen(m), m);
	} else if (style < 12) {
		snprintf(buf, sizeof buf, "_%s_%s_%d", p, w, i);
	} else if (style < 16) {
		snprintf(buf, sizeof buf, "%s%s%d", p, w, i);
	} else {
		snprintf(buf, sizeof buf, "%s_%s_%d", p, w, i);
	}
	return xstrdup(buf);
}

static void make_funcs(int n, uint64_t seed)
{
	uint64_t rs = seed ^ 0x5eed0f00d5ULL;
	int i;

	nfn = n;
	fn = xmalloc(n * sizeof *fn);
	for (i = 0; i < n; i++) {
		unsigned k = rbelow(&rs, 100);
		double sz = exp(4.2 + 1.0 * rnormal(&rs));

		fn[i].name = make_name(i, &rs);
		fn[i].kind = i == 0 || k >= 13 ? K_GLOBAL : k >= 1 ? K_STATIC : K_WEAK;
		fn[i].size = sz > 20000 ? 20000 : 8 + (unsigned)sz;
		fn[i].addr = 0;
	}
}

static void write_asm(void)
{
	int i;

	printf("\t.text\n");
	for (i = 0; i < nfn; i++) {
		const char *nm = fn[i].name;

		printf("\t.p2align 4\n");
		if (fn[i].kind == K_GLOBAL)
			printf("\t.globl %s\n", nm);
		else if (fn[i].kind == K_WEAK)
			printf("\t.weak %s\n", nm);
		printf("\t.type %s, @function\n%s:\n", nm, nm);
		printf("\t.fill %u, 1, 0x90\n\tret\n", fn[i].size - 1);
		printf("\t.size %s, .-%s\n", nm, nm);
	}
	/* Some data, so that the linker's __bss_start, _edata and _end land
	 * outside .text and are not taken for code. */
	printf("\t.data\n\t.p2align 3\n\t.type counters, @object\n"
	       "counters:\n\t.quad 0, 0\n\t.size counters, 16\n");
	printf("\t.bss\n\t.p2align 3\n\t.type scratch, @object\n"
	       "scratch:\n\t.zero 64\n\t.size scratch, 64\n");
	printf("\t.section .note.GNU-stack,\"\",@progbits\n");
}

/* Reads nm -n -S output and fills in addresses; dies unless the code
 * symbols are exactly ours, in order, with our sizes. */
static void read_nm(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[512], name[256], type;
	unsigned long long addr, size;
	int i = 0;

	if (!f)
		die("%s: cannot open", path);
	while (fgets(line, sizeof line, f)) {
		if (sscanf(line, "%llx %llx %c %255s", &addr, &size, &type, name) != 4)
			continue;
		if (type != 'T' && type != 't' && type != 'W')
			continue;
		if (i >= nfn || strcmp(name, fn[i].name) != 0)
			die("%s: unexpected symbol %s (wanted %s)", path, name,
			    i < nfn ? fn[i].name : "none");
		if (size != fn[i].size)
			die("%s: %s has size %llu, wanted %u", path, name, size, fn[i].size);
		fn[i++].addr = addr;
	}
	fclose(f);
	if (i != nfn)
		die("%s: %d functions, wanted %d", path, i, nfn);
}

/* Cumulative Zipf distribution over ranks 0..n-1 with exponent s. */
static double *zipf_cdf(int n, double s)
{
	double *c = xmalloc(n * sizeof *c), sum = 0;
	int i;

	for (i = 0; i < n; i++)
		c[i] = sum += pow(i + 1.0, -s);
	for (i = 0; i < n; i++)
		c[i] /= sum;
	return c;
}

static int zipf_draw(const double *c, int n, uint64_t *rs)
{
	double u = runif(rs);
	int lo = 0, hi = n - 1;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (c[mid] < u)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static double *sort_key;

static int by_key(const void *a, const void *b)
{
	double x = sort_key[*(const int *)a], y = sort_key[*(const int *)b];

	return x < y ? -1 : x > y;
}

/* A popularity order: functions sorted by rank (ascending or descending),
 * blurred by noise so that popularity only leans towards one end. */
static int *popularity(int descending, double blur, uint64_t *rs)
{
	int *order = xmalloc(nfn * sizeof *order), i;

	sort_key = xmalloc(nfn * sizeof *sort_key);
	for (i = 0; i < nfn; i++) {
		order[i] = i;
		sort_key[i] = (descending ? -fn[i].rank : fn[i].rank) +
			      blur * nfn * rnormal(rs);
	}
	qsort(order, nfn, sizeof *order, by_key);
	free(sort_key);
	return order;
}

static void shuffle(int *a, int n, uint64_t *rs)
{
	int i;

	for (i = n - 1; i > 0; i--) {
		int j = rbelow(rs, i + 1), t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}

static int *byrank;             /* rank -> function */
/* "random" shape: the biggest group is a quarter of the functions and
 * half the arcs join its members at random (see gen_gmon). */
static int random_arcs, big;
static int ngroups, biggest;
static int *gstart, *gsize;     /* group g covers ranks gstart[g] .. +gsize[g]-1 */

/* Assigns ranks and segments.  Segment sizes: the groups, then singletons
 * for the rest, shuffled so the groups sit at random depths of the DAG. */
static void make_groups(uint64_t *rs)
{
	int n = nfn, nseg = 0, i, k, r, g, used = 0;
	int *seg = xmalloc((n + 1) * sizeof *seg);
	int want[5] = { random_arcs ? n / 4 : n / 12, n / 40, n / 60, n / 90,
			n / 150 };

	for (i = 0; i < 5; i++)
		if (want[i] >= 2)
			seg[nseg++] = want[i];
	for (i = 0; i < n / 150 || (i < 1 && n >= 8); i++)
		seg[nseg++] = 2 + rbelow(rs, 11);
	for (i = 0; i < nseg; i++)
		used += seg[i];
	if (used > n)
		die("too few functions for the cycle groups");
	ngroups = nseg;
	biggest = 0;
	for (i = 0; i < nseg; i++)
		if (seg[i] > biggest)
			biggest = seg[i];
	while (used < n) {
		seg[nseg++] = 1;
		used++;
	}
	/* The biggest group plays an interpreter's eval loop: near the top of
	 * the DAG (a tenth of the ranks above it), so it calls most code. */
	shuffle(seg + 1, nseg - 1, rs);
	for (i = 1, used = 0; i < nseg && used < n / 10; i++)
		used += seg[i];
	k = seg[0];
	memmove(seg, seg + 1, (i - 1) * sizeof *seg);
	seg[i - 1] = k;

	byrank = xmalloc(n * sizeof *byrank);
	for (i = 0; i < n; i++)
		byrank[i] = i;
	shuffle(byrank, n, rs);
	gstart = xmalloc((ngroups + 1) * sizeof *gstart);
	gsize = xmalloc((ngroups + 1) * sizeof *gsize);
	for (i = 0, r = 0, g = 0; i < nseg; i++) {
		int id = seg[i] >= 2 ? g : -1;
		if (id >= 0) {
			gstart[g] = r;
			gsize[g++] = seg[i];
		}
		for (k = 0; k < seg[i]; k++, r++) {
			fn[byrank[r]].rank = r;
			fn[byrank[r]].group = id;
		}
	}
	for (g = 1, big = 0; g < ngroups; g++)
		if (gsize[g] > gsize[big])
			big = g;
	free(seg);
}

/* Call counts: heavy-tailed, most arcs cheap, a few up to millions. */
static uint32_t draw_count(uint64_t *rs)
{
	double u = runif(rs);

	return (uint32_t)pow(2.0, 22.0 * u * u * u);
}

static void set_arc(struct arc *a, int caller, int callee, uint32_t count,
		    uint64_t *rs)
{
	a->caller = caller;
	a->callee = callee;
	a->from = fn[caller].addr + 1 + rbelow(rs, fn[caller].size - 1);
	a->self = fn[callee].addr;
	a->count = count;
}

/* True when an arc caller -> callee keeps the segments acyclic. */
static int allowed(int caller, int callee)
{
	if (fn[caller].group >= 0 && fn[caller].group == fn[callee].group)
		return 1;
	return fn[caller].rank <= fn[callee].rank;
}

static int by_pc(const void *a, const void *b)
{
	const struct arc *x = a, *y = b;

	if (x->from != y->from)
		return x->from < y->from ? -1 : 1;
	return (x->self > y->self) - (x->self < y->self);
}

static int by_funcs(const void *a, const void *b)
{
	const struct arc *x = a, *y = b;

	if (x->caller != y->caller)
		return x->caller - y->caller;
	return x->callee - y->callee;
}

static void put(FILE *f, uint64_t v, int n)
{
	while (n-- > 0) {
		putc((int)(v & 0xff), f);
		v >>= 8;
	}
}

static void gen_gmon(int narcs, long nsamples, uint64_t seed,
		     const char *out)
{
	uint64_t rs = seed ^ 0x9a40a7c5ULL;
	struct arc *arcs = xmalloc((size_t)narcs * sizeof *arcs);
	int *callers, *callees, *hot, na = 0, g, i, tries, distinct, selfarcs;
	double *ccdf, *ecdf, *hcdf;
	uint64_t lowpc, highpc, nbins;
	uint16_t *hist;
	long placed = 0, clipped = 0;
	int nglob = 0, nstat = 0, nweak = 0;
	FILE *f;

	make_groups(&rs);
	callers = popularity(0, 0.3, &rs);  /* hot callers near the DAG's top */
	callees = popularity(1, 0.3, &rs);  /* hot callees near its leaves */
	hot = popularity(1, 0.5, &rs);      /* self time leans to leaves */

	/* Direct recursion in a few functions. */
	for (i = 0; i < nfn / 200; i++) {
		int a = rbelow(&rs, nfn);
		if (na >= narcs)
			die("too few arc records");
		set_arc(&arcs[na++], a, a, draw_count(&rs), &rs);
	}

	/* Rings make each group one strongly connected component; the arc
	 * closing a ring is rarely traversed, as in real recursive code. */
	for (g = 0; g < ngroups; g++) {
		for (i = 0; i < gsize[g]; i++) {
			int a = byrank[gstart[g] + i];
			int b = byrank[gstart[g] + (i + 1) % gsize[g]];
			uint32_t c = i + 1 == gsize[g] ? 1 + rbelow(&rs, 8) : draw_count(&rs);
			if (na >= narcs)
				die("%d arc records cannot hold the cycle rings", narcs);
			set_arc(&arcs[na++], a, b, c, &rs);
		}
	}

	ccdf = zipf_cdf(nfn, 0.9);
	ecdf = zipf_cdf(nfn, 1.05);
	while (na < narcs) {
		int a = callers[zipf_draw(ccdf, nfn, &rs)], b = 0;
		if (random_arcs && rbelow(&rs, 2)) {
			/* Half the arcs join random members of the biggest
			 * group: one dense random component, as in a kernel. */
			a = byrank[gstart[big] + rbelow(&rs, gsize[big])];
			b = byrank[gstart[big] + rbelow(&rs, gsize[big])];
			if (a != b)
				set_arc(&arcs[na++], a, b, draw_count(&rs), &rs);
			continue;
		}
		for (tries = 0; tries < 8; tries++) {
			b = callees[zipf_draw(ecdf, nfn, &rs)];
			if (allowed(a, b))
				break;
		}
		if (!allowed(a, b)) {
			int t = a;
			a = b;
			b = t;
		}
		set_arc(&arcs[na++], a, b, draw_count(&rs), &rs);
	}

	/* Histogram over the text, as glibc lays it out: 2-byte counters,
	 * one per 4 bytes of code. */
	lowpc = fn[0].addr & ~(uint64_t)15;
	highpc = (fn[nfn - 1].addr + fn[nfn - 1].size + 3) & ~(uint64_t)3;
	nbins = (highpc - lowpc) / 4;
	hist = calloc(nbins, sizeof *hist);
	if (!hist)
		die("out of memory");
	hcdf = zipf_cdf(nfn, 1.0);
	for (; placed < nsamples; placed++) {
		/* Not in the last function: GNU gprof credits it no time (in
		 * real programs it is _fini, which never runs), and tests want
		 * the total to come out exact. */
		int h = hot[zipf_draw(hcdf, nfn, &rs)];
		if (h == nfn - 1) {
			placed--;
			continue;
		}
		uint64_t b0 = (fn[h].addr - lowpc) / 4;
		uint64_t b1 = (fn[h].addr + fn[h].size - 1 - lowpc) / 4;
		uint64_t b = b0 + rbelow(&rs, (unsigned)(b1 - b0 + 1));
		if (hist[b] == 0xffff)
			clipped++;
		else
			hist[b]++;
	}

	/* glibc writes arcs grouped by call site in address order. */
	qsort(arcs, narcs, sizeof *arcs, by_pc);
	f = fopen(out, "wb");
	if (!f)
		die("%s: cannot create", out);
	fwrite("gmon", 1, 4, f);
	put(f, 1, 4);
	put(f, 0, 12);
	putc(0, f);
	put(f, lowpc, 8);
	put(f, highpc, 8);
	put(f, nbins, 4);
	put(f, 100, 4);
	fwrite("seconds\0\0\0\0\0\0\0\0", 1, 15, f);
	putc('s', f);
	for (i = 0; (uint64_t)i < nbins; i++)
		put(f, hist[i], 2);
	for (i = 0; i < narcs; i++) {
		putc(1, f);
		put(f, arcs[i].from, 8);
		put(f, arcs[i].self, 8);
		put(f, arcs[i].count, 4);
	}
	if (ferror(f) | fclose(f))
		die("%s: write error", out);

	qsort(arcs, narcs, sizeof *arcs, by_funcs);
	for (i = 0, distinct = 0, selfarcs = 0; i < narcs; i++) {
		if (i == 0 || by_funcs(&arcs[i - 1], &arcs[i]) != 0) {
			distinct++;
			selfarcs += arcs[i].caller == arcs[i].callee;
		}
	}
	for (i = 0; i < nfn; i++) {
		nglob += fn[i].kind == K_GLOBAL;
		nstat += fn[i].kind == K_STATIC;
		nweak += fn[i].kind == K_WEAK;
	}
	printf("functions %d\nglobals %d\nstatics %d\nweak %d\n", nfn, nglob,
	       nstat, nweak);
	printf("text_bytes %llu\nhist_bins %llu\nsamples %ld\n",
	       (unsigned long long)(highpc - lowpc), (unsigned long long)nbins,
	       placed - clipped);
	printf("arc_records %d\ndistinct_arcs %d\nself_arcs %d\n", narcs,
	       distinct, selfarcs);
	printf("cycles %d\nlargest_cycle %d\n", ngroups, biggest);
}

static long num(const char *s, long min)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*s == '\0' || *end != '\0' || v < min)
		die("bad number: %s", s);
	return v;
}

int main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "asm") == 0) {
		make_funcs(num(argv[2], 1), num(argv[3], 0));
		write_asm();
		if (fflush(stdout) != 0 || ferror(stdout))
			die("write error");
		return 0;
	}
	if ((argc == 8 || (argc == 9 && strcmp(argv[8], "random") == 0)) &&
	    strcmp(argv[1], "gmon") == 0) {
		random_arcs = argc == 9;
		make_funcs(num(argv[2], 8), num(argv[5], 0));
		read_nm(argv[6]);
		gen_gmon(num(argv[3], 1), num(argv[4], 0), num(argv[5], 0), argv[7]);
		return 0;
	}
	fprintf(stderr, "usage: gen asm NFUNCS SEED > prog.s\n"
		"       gen gmon NFUNCS NARCS NSAMPLES SEED NMFILE GMONOUT [random]\n");
	return 2;
}
