/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gmonconv: rewrite a GNU gmon.out (one histogram record, arc records,
 * little-endian) in the 4.4BSD or the old BSD layout, to test that tgprof
 * reads the BSD formats as GNU gprof does.  Not built with -pg.
 *
 * Usage: gmonconv bsd44|bsd ADDRSIZE IN OUT
 * Layouts (ADDRSIZE bytes per address A):
 *   4.4BSD: lowpc A, highpc A, ncnt u32 (header + bins, bytes),
 *           version u32 0x00051879, profrate u32, 3 spare u32
 *   old:    lowpc A, highpc A, ncnt u32
 *   then the u16 bins, then arcs: from A, self A, count A. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char *data;
static size_t len, pos;

static uint64_t get(int n)
{
	uint64_t v = 0;
	int i;

	if (pos + n > len) {
		fprintf(stderr, "gmonconv: input truncated\n");
		exit(1);
	}
	for (i = n - 1; i >= 0; i--)
		v = v << 8 | data[pos + i];
	pos += n;
	return v;
}

static void put(FILE *f, uint64_t v, int n)
{
	int i;

	for (i = 0; i < n; i++, v >>= 8)
		putc((int)(v & 255), f);
}

int main(int argc, char **argv)
{
	FILE *in, *out;
	int a, bsd44, have_hist = 0;
	uint64_t lowpc = 0, highpc = 0;
	uint32_t nbins = 0, rate = 100;
	size_t bins_at = 0, cap = 1 << 20;

	if (argc != 5) {
		fprintf(stderr, "usage: gmonconv bsd44|bsd ADDRSIZE IN OUT\n");
		return 2;
	}
	bsd44 = strcmp(argv[1], "bsd44") == 0;
	a = atoi(argv[2]);
	if ((a != 4 && a != 8) || !(in = fopen(argv[3], "rb"))) {
		fprintf(stderr, "gmonconv: bad arguments\n");
		return 2;
	}
	data = malloc(cap);
	while (data && (len += fread(data + len, 1, cap - len, in)) == cap)
		data = realloc(data, cap *= 2);
	fclose(in);
	if (!data || len < 20 || memcmp(data, "gmon", 4) != 0) {
		fprintf(stderr, "gmonconv: %s: not a GNU gmon file\n", argv[3]);
		return 1;
	}
	if (!(out = fopen(argv[4], "wb"))) {
		perror(argv[4]);
		return 1;
	}
	/* First pass: the histogram header. */
	pos = 20;
	while (pos < len) {
		int tag = data[pos++];

		if (tag == 0) {
			if (have_hist) {
				fprintf(stderr, "gmonconv: several histograms\n");
				return 1;
			}
			have_hist = 1;
			lowpc = get(a);
			highpc = get(a);
			nbins = (uint32_t)get(4);
			rate = (uint32_t)get(4);
			pos += 16;
			bins_at = pos;
			pos += 2 * (size_t)nbins;
		} else if (tag == 1) {
			pos += 2 * a + 4;
		} else {
			fprintf(stderr, "gmonconv: unexpected tag %d\n", tag);
			return 1;
		}
	}
	put(out, lowpc, a);
	put(out, highpc, a);
	put(out, (bsd44 ? 2 * a + 24 : 2 * a + 4) + 2 * (uint64_t)nbins, 4);
	if (bsd44) {
		put(out, 0x00051879, 4);
		put(out, rate, 4);
		put(out, 0, 12);
	}
	if (nbins)
		fwrite(data + bins_at, 2, nbins, out);
	/* Second pass: the arcs. */
	pos = 20;
	while (pos < len) {
		int tag = data[pos++];

		if (tag == 0) {
			pos = bins_at + 2 * (size_t)nbins;
		} else {
			uint64_t from = get(a), self = get(a), count = get(4);

			put(out, from, a);
			put(out, self, a);
			put(out, count, a);
		}
	}
	return fclose(out) != 0;
}
