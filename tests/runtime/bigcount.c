/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Test program for libtgmon's writer (runtime/gfile.c, linked in): writes
 * a profile with counts wider than the file format's fields, which the
 * writer must split into several records that readers add up.
 * Usage: bigcount OUT LOWPC FROMPC SELFPC (addresses in hex)
 * Writes 1 KB of histogram from LOWPC whose bin holding SELFPC has 70000
 * samples, and the arc FROMPC -> SELFPC with 5000000000 calls. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfile.h"

static struct tgfile f;
static uint32_t bins[256];

int
main(int argc, char **argv)
{
	uint64_t low, from, self;
	int err;

	if (argc != 5)
		return 2;
	low = strtoull(argv[2], NULL, 16) & ~(uint64_t)3;
	from = strtoull(argv[3], NULL, 16);
	self = strtoull(argv[4], NULL, 16);
	if (self < low || self >= low + 4 * 256)
		return 2;
	bins[(self - low) / 4] = 70000;
	err = tgfile_begin(&f, argv[1], 0);
	if (err == 0) {
		tgfile_hist(&f, low, low + 4 * 256, 100, bins, 256);
		tgfile_arc(&f, from, self, 5000000000ULL);
		err = tgfile_end(&f);
	}
	if (err != 0) {
		fprintf(stderr, "bigcount: %s: %s\n", argv[1], strerror(err));
		return 1;
	}
	return 0;
}
