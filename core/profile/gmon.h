/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gmon: reading and writing profile data files (gmon.out and friends).
 *
 * Formats: GNU (magic "gmon", versions 0 and 1, histogram, call-graph and
 * basic-block records), 4.4BSD and old BSD.  Addresses are as wide and in
 * the byte order of the executable (struct gmon_abi).  Several files are
 * summed into one struct gmon_profile with GNU gprof's rules and errors.
 *
 * Contract: on any problem gmon_read_file() returns an error with a
 * message that names the file ("FILE: unexpected end of file ..."), and
 * gmon_read() dies with it, so callers never use a half-read profile.  No curses, no report printing here (gmon_print_info
 * writes the -i text to the stream it is given). */
#ifndef TG_GMON_H
#define TG_GMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct gmon_abi {
	int addr_size;  /* 4 or 8: bytes in an address, from the executable */
	int big_endian; /* byte order of the executable */
};

enum gmon_format {
	GMON_FMT_AUTO = 0, /* detect from the magic (default) */
	GMON_FMT_GNU,      /* -O magic */
	GMON_FMT_BSD44,    /* -O 4.4bsd */
	GMON_FMT_BSD,      /* -O bsd */
	GMON_FMT_PROF      /* -O prof: GNU refuses it; so do we */
};

/* One histogram: bins of PC samples over [lowpc, highpc). */
struct gmon_hindex;

struct gmon_hist {
	uint64_t lowpc, highpc; /* byte addresses */
	uint32_t nbins;
	uint64_t *bins;    /* nbins counts, summed over files */
	char dimen[16];    /* "seconds", NUL-terminated */
	char dimen_abbrev; /* 's' */
};

/* One call-graph arc record as read (no symbol lookup yet), file order. */
struct gmon_arc {
	uint64_t from_pc, self_pc;
	uint64_t count;
};

struct gmon_bb {
	uint64_t addr;
	uint64_t count;
};

struct gmon_profile {
	struct gmon_hist *hists;
	size_t nhists;
	struct gmon_arc *arcs;
	size_t narcs, arcs_cap;
	struct gmon_bb *bbs;
	size_t nbbs, bbs_cap;
	uint32_t rate; /* samples per second; the first file's wins */
	int nfiles;    /* files read so far */
	int have_rate;
	int gnu_version; /* of the last GNU file; -i shows it for BSD files */
	/* GNU's note of having read basic-block counts: set by a GNU
	 * basic-block record, cleared by every BSD file read after it.  GNU
	 * -s writes the counts only when it is set (they are kept either way). */
	int bb_input;
	struct gmon_hindex *hindex; /* private: histogram ranges, for summing */
};

/* Per-file record counts, for -i ("File `F' (version V) contains:"). */
struct gmon_file_info {
	int version; /* GNU version; for a BSD file, as GNU shows it:
			      * the last GNU file's version, else 0 */
	int is_bsd;
	size_t nhist, narcs, nbb;
};

void gmon_init(struct gmon_profile *p);
void gmon_free(struct gmon_profile *p);

/* Read PATH and add its records to P.  INFO, if not NULL, receives counts
 * for -i.  Returns 0, or -1 with "PATH: problem" in ERR (then P is as
 * gmon_read_mem leaves it after an error). */
int gmon_read_file(struct gmon_profile *p, const char *path, const struct gmon_abi *abi,
		   enum gmon_format fmt, struct gmon_file_info *info, char *err,
		   size_t errlen);
/* The same, dying with that message on any error. */
void gmon_read(struct gmon_profile *p, const char *path, const struct gmon_abi *abi,
	       enum gmon_format fmt, struct gmon_file_info *info);

/* Same, from memory (for the fuzz target and unit tests).  NAME is used
 * in messages.  Returns 0, or -1 with "NAME: problem" in ERR (ERRLEN
 * bytes, may be NULL); never exits and never calls util_die().  After an
 * error P holds part of the file but stays consistent: gmon_free() and
 * further reads are safe.  Allocation is bounded by LEN times a small
 * constant whatever the counts in the data say. */
int gmon_read_mem(struct gmon_profile *p, const char *name, const unsigned char *data,
		  size_t len, const struct gmon_abi *abi, enum gmon_format fmt,
		  struct gmon_file_info *info, char *err, size_t errlen);

/* Write P in GNU format version 1 to PATH (-s), through a temporary file in
 * the same directory renamed over PATH; header spare bytes are zero.  ARCS
 * (N of them) are written in the order given: the caller supplies them
 * merged by symbol as GNU does.  Dies with a message on failure. */
void gmon_write(const char *path, const struct gmon_profile *p,
		const struct gmon_abi *abi, const struct gmon_arc *arcs, size_t narcs);

/* Print -i output for one file, exactly as GNU gprof 2.40. */
void gmon_print_info(FILE *out, const char *path, const struct gmon_file_info *info);

#endif
