/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target for the profile readers.
 *
 * Input: one control byte, then the data of one to three profile files
 * (the rest of the input cut into equal parts), read in turn into one
 * profile so that the summing rules run too.  Control byte: bit 0 selects
 * 4-byte addresses, bit 1 big-endian, bits 2-4 the format (modulo the five
 * of enum gmon_format), bits 5-6 the number of files minus one (a value of
 * 3 means one file).  gmon_read_mem() must never exit: util_die() is made
 * to abort so that reaching it is reported as a crash. */
#include "config.h"
#include "gmon.h"
#include "util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void die_is_a_bug(void)
{
	fprintf(stderr, "fuzz_gmon: util_die() reached from gmon_read_mem()\n");
	abort();
}

static void check_profile(const struct gmon_profile *p, size_t total)
{
	/* Nothing may be invented: every record comes from input bytes. */
	if (p->narcs > total || p->nbbs > total || p->nhists > total + 1)
		abort();
	for (size_t i = 0; i < p->nhists; i++) {
		const struct gmon_hist *h = &p->hists[i];
		if (!h->bins || h->dimen[15] != 0)
			abort();
		if (h->nbins)
			(void)(h->bins[0] + h->bins[h->nbins - 1]);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gmon_profile p;
	struct gmon_abi abi;
	struct gmon_file_info info;
	enum gmon_format fmt;
	char err[256];
	size_t nfiles, part, rest;

	if (size < 1)
		return 0;
	util_set_die_hook(die_is_a_bug);
	abi.addr_size = data[0] & 1 ? 4 : 8;
	abi.big_endian = (data[0] >> 1) & 1;
	fmt = (enum gmon_format)(((data[0] >> 2) & 7) % 5);
	nfiles = ((data[0] >> 5) & 3) + 1;
	if (nfiles == 4)
		nfiles = 1;
	data++;
	size--;
	part = size / nfiles;
	gmon_init(&p);
	for (size_t k = 0; k < nfiles; k++) {
		rest = k + 1 == nfiles ? size - k * part : part;
		if (gmon_read_mem(&p, "fuzz", data + k * part, rest, &abi, fmt, &info,
				  err, sizeof err)) {
			if (strncmp(err, "fuzz: ", 6) || strlen(err) < 8)
				abort(); /* every error has a message naming the file */
			break;
		}
	}
	check_profile(&p, size);
	gmon_free(&p);
	return 0;
}
