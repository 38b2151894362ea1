/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclegen: a program and a profile with one huge cycle, for the cycle
 * breaker's test and benchmark.
 *
 *   cyclegen asm N > prog.s             N functions m<K>_<J> (and main)
 *   cyclegen gmon N SEED NMFILE GMONOUT  arcs and samples (summary on stdout)
 *
 * Shape: the N functions form modules of 8 (module K holds m<K>_0..7); in
 * a module a ring of heavy arcs (hundreds to thousands of calls) and two
 * heavy chords; modules are joined in a ring by light arcs (1-40 calls),
 * plus N/8 light or medium arcs between random modules in either
 * direction.  main calls m0_0.  So all N functions form one strongly
 * connected component, which a bound of 8 or more can split into the
 * modules by deleting light arcs only.  NMFILE is `nm -n --defined-only`
 * of the linked prog.s.  Deterministic for given arguments. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MOD 8
#define FSIZE 16

static uint64_t rs;
static uint32_t rnd(uint32_t n)
{
	rs ^= rs << 13;
	rs ^= rs >> 7;
	rs ^= rs << 17;
	return (uint32_t)(rs % n);
}

static void put(FILE *f, uint64_t v, int n)
{
	while (n-- > 0) {
		putc((int)(v & 0xff), f);
		v >>= 8;
	}
}

static void die(const char *msg)
{
	fprintf(stderr, "cyclegen: %s\n", msg);
	exit(1);
}

static void gen_asm(long n)
{
	printf("\t.text\n");
	printf("\t.globl main\n\t.type main,@function\nmain:\n\tret\n\t.skip %d\n"
	       "\t.size main,%d\n", FSIZE - 1, FSIZE);
	for (long i = 0; i < n; i++) {
		printf("\t.globl m%ld_%ld\n\t.type m%ld_%ld,@function\n", i / MOD,
		       i % MOD, i / MOD, i % MOD);
		printf("m%ld_%ld:\n\tret\n\t.skip %d\n\t.size m%ld_%ld,%d\n", i / MOD,
		       i % MOD, FSIZE - 1, i / MOD, i % MOD, FSIZE);
	}
}

struct rec { uint64_t from, self; uint32_t count; };

static void gen_gmon(long n, uint64_t seed, const char *nmfile, const char *out)
{
	uint64_t *addr = calloc((size_t)n + 1, sizeof *addr), main_addr = 0;
	long nmods = (n + MOD - 1) / MOD, nrec = 0, cap = 4 * n + 16;
	struct rec *r = malloc((size_t)cap * sizeof *r);
	char line[256];
	FILE *f = fopen(nmfile, "r");

	if (!f || !addr || !r)
		die("cannot read the nm listing");
	while (fgets(line, sizeof line, f)) {
		unsigned long long a;
		char type, name[200];
		long k, j;
		if (sscanf(line, "%llx %c %199s", &a, &type, name) != 3)
			continue;
		if (!strcmp(name, "main"))
			main_addr = a;
		else if (sscanf(name, "m%ld_%ld", &k, &j) == 2 && k * MOD + j < n)
			addr[k * MOD + j] = a;
	}
	fclose(f);
	for (long i = 0; i < n; i++)
		if (!addr[i])
			die("a function is missing from the nm listing");
	rs = seed * 2654435761u + 1;
#define ARC(a, b, c) do { r[nrec].from = (a) + 4; r[nrec].self = (b); \
	r[nrec].count = (c); nrec++; } while (0)
	ARC(main_addr, addr[0], 1);
	for (long k = 0; k < nmods; k++) {
		long base = k * MOD, size = n - base < MOD ? n - base : MOD;
		for (long j = 0; j < size && size > 1; j++)
			ARC(addr[base + j], addr[base + (j + 1) % size], 300 + rnd(5000));
		if (size > 3) {
			ARC(addr[base], addr[base + 2], 200 + rnd(2000));
			ARC(addr[base + size - 1], addr[base + 1], 200 + rnd(2000));
		}
		long next = (k + 1) % nmods, nsize = n - next * MOD < MOD ? n - next * MOD : MOD;
		if (nmods > 1)
			ARC(addr[base + rnd((uint32_t)size)], addr[next * MOD + rnd((uint32_t)nsize)],
			    1 + rnd(40));
	}
	for (long i = 0; i < n / MOD; i++) {
		long a = rnd((uint32_t)n), b = rnd((uint32_t)n);
		if (a / MOD == b / MOD)
			continue;
		ARC(addr[a], addr[b], rnd(4) ? 1 + rnd(40) : 40 + rnd(200));
	}
	if (nrec > cap)
		die("internal error: too many arcs");

	uint64_t lowpc = main_addr < addr[0] ? main_addr : addr[0];
	uint64_t highpc = addr[n - 1] + FSIZE;
	for (long i = 0; i < n; i++)
		if (addr[i] + FSIZE > highpc)
			highpc = addr[i] + FSIZE;
	uint64_t nbins = (highpc - lowpc) / 2;
	uint16_t *hist = calloc((size_t)nbins + 1, sizeof *hist);
	long samples = 0;
	for (long i = 0; i < n; i++) {
		uint32_t s = rnd(3) ? rnd(4) : rnd(30);
		hist[(addr[i] - lowpc) / 2] = (uint16_t)s;
		samples += s;
	}
	f = fopen(out, "wb");
	if (!f)
		die("cannot create the gmon file");
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
	for (uint64_t i = 0; i < nbins; i++)
		put(f, hist[i], 2);
	for (long i = 0; i < nrec; i++) {
		putc(1, f);
		put(f, r[i].from, 8);
		put(f, r[i].self, 8);
		put(f, r[i].count, 4);
	}
	if (ferror(f) | fclose(f))
		die("write error");
	printf("functions %ld\nmodules %ld\narcs %ld\nsamples %ld\n", n, nmods, nrec,
	       samples);
	free(hist);
	free(addr);
	free(r);
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "asm") && atol(argv[2]) > 0) {
		gen_asm(atol(argv[2]));
		return 0;
	}
	if (argc == 6 && !strcmp(argv[1], "gmon") && atol(argv[2]) > 0) {
		gen_gmon(atol(argv[2]), strtoull(argv[3], NULL, 10), argv[4], argv[5]);
		return 0;
	}
	fprintf(stderr, "usage: cyclegen asm N > prog.s\n"
		"       cyclegen gmon N SEED NMFILE GMONOUT\n");
	return 2;
}
