/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mkgmon: write a GNU gmon.out (version 1, 64-bit little-endian) with
 * exactly the samples and arcs a test asks for.
 *
 *   mkgmon OUT < SPEC
 *
 * SPEC lines (numbers decimal or 0x hex):
 *   hist LOWPC HIGHPC RATE   one histogram, a bin per 2 bytes of [LOWPC, HIGHPC)
 *   sample PC N              N samples in the bin holding PC (N <= 65535 per bin)
 *   arc FROM_PC SELF_PC N    an arc record (FROM_PC: a call site in the caller,
 *                            SELF_PC: the callee's entry)
 * Blank lines and lines starting with # are ignored.  Errors go to stderr
 * with the line number, exit status 1. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void put(FILE *f, uint64_t v, int n)
{
	for (int i = 0; i < n; i++)
		fputc((int)(v >> (8 * i)) & 0xff, f);
}

int main(int argc, char **argv)
{
	char line[512], word[32];
	uint64_t low = 0, high = 0, rate = 0, a, b, c;
	uint32_t *bins = NULL, nbins = 0;
	struct { uint64_t from, self, n; } *arcs = NULL;
	size_t narcs = 0;
	int lineno = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: mkgmon OUT < SPEC\n");
		return 2;
	}
	while (fgets(line, sizeof line, stdin)) {
		lineno++;
		a = b = c = 0;
		int n = sscanf(line, "%31s %li %li %li", word,
			       (long *)&a, (long *)&b, (long *)&c);
		if (n < 1 || word[0] == '#')
			continue;
		if (!strcmp(word, "hist") && n == 4 && !bins && b > a) {
			low = a, high = b, rate = c;
			nbins = (uint32_t)((high - low + 1) / 2);
			bins = calloc(nbins, sizeof *bins);
		} else if (!strcmp(word, "sample") && n == 3 && bins &&
			   a >= low && a < high) {
			bins[(a - low) / 2] += (uint32_t)b;
			if (bins[(a - low) / 2] > 65535)
				goto bad;
		} else if (!strcmp(word, "arc") && n == 4) {
			arcs = realloc(arcs, (narcs + 1) * sizeof *arcs);
			arcs[narcs].from = a;
			arcs[narcs].self = b;
			arcs[narcs++].n = c;
		} else {
			goto bad;
		}
	}
	FILE *f = fopen(argv[1], "wb");
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	fwrite("gmon", 1, 4, f);
	put(f, 1, 4);
	put(f, 0, 12);
	if (bins) {
		put(f, 0, 1);
		put(f, low, 8);
		put(f, high, 8);
		put(f, nbins, 4);
		put(f, rate, 4);
		char dimen[15] = "seconds";
		fwrite(dimen, 1, 15, f);
		fputc('s', f);
		for (uint32_t i = 0; i < nbins; i++)
			put(f, bins[i], 2);
	}
	for (size_t i = 0; i < narcs; i++) {
		put(f, 1, 1);
		put(f, arcs[i].from, 8);
		put(f, arcs[i].self, 8);
		put(f, arcs[i].n, 4);
	}
	if (fclose(f) != 0) {
		perror(argv[1]);
		return 1;
	}
	free(bins);
	free(arcs);
	return 0;
bad:
	fprintf(stderr, "mkgmon: line %d: bad or out-of-range: %s", lineno, line);
	return 1;
}
