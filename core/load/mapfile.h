/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mapfile: the object map libtgmon writes beside a profile P, P.objects
 * (doc/multi-object.md): read whole and checked, and written for -s.
 *
 * Version 2, one line each:
 *
 *     tgmon objects 2
 *     object K KIND FILE BUILDID LO HI PATH
 *     arc FOBJ FADDR SOBJ SADDR COUNT
 *
 * Fields are separated by one space.  FILE and PATH are escaped: a byte
 * below 0x21, 0x7f and the backslash are written \xHH, so no name can
 * split a field or a line; a field "-" means none, so a name "-" is
 * written \x2d.  Version 1 (libtgmon before version 2) is the same with
 * nothing escaped and PATH running to the end of the line; it is read as
 * written, so a name with a space or a newline in it makes the map bad.
 *
 * Version 3 is version 2 where BUILDID may also be "digest:" and 16 hex
 * digits: for an object without build-id, the digest libtgmon took of its
 * executable segments as loaded (see objectsint.h).  libtgmon writes
 * version 3 only when some object has one.
 *
 * Reading takes time and memory in proportion to the map's size.  A bad
 * map is fatal: "MAP: line N: what is wrong" and exit status 1. */
#ifndef TG_MAPFILE_H
#define TG_MAPFILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum { MAPFILE_EXE, MAPFILE_LIB, MAPFILE_CLOSED };

struct mapfile_obj {
	int kind;         /* MAPFILE_*: the program is object 0, alone */
	const char *file; /* its gmon file, in the map's directory; NULL: none */
	const char *id;   /* build-id in hex; NULL: none recorded */
	uint64_t lo, hi;  /* its text at link time */
	const char *path;
	size_t line;
	const char *digest; /* version 3: its digest, 16 hex digits; or NULL */
};

struct mapfile_arc {
	size_t fobj, sobj;
	uint64_t faddr, saddr, count;
};

struct mapfile {
	int version;
	struct mapfile_obj *objs; /* object K is objs[K] */
	size_t nobjs;
	struct mapfile_arc *arcs;
	size_t narcs;
	char *text; /* the file; the strings above point into it */
};

/* Read and check the map PATH, whose addresses must lie below LIMIT.
 * Besides the format: object numbers count up from 0, each object's FILE
 * is a name in the map's directory (no '/'), given once, and not the map
 * itself; arcs name objects listed before them. */
void mapfile_read(struct mapfile *m, const char *path, uint64_t limit);
void mapfile_free(struct mapfile *m);

/* The lines of a map, written to F: version 3 when DIGESTS (some object
 * has a digest), else 2. */
void mapfile_put_header(FILE *f, int digests);
void mapfile_put_object(FILE *f, size_t k, const struct mapfile_obj *o);
void mapfile_put_arc(FILE *f, const struct mapfile_arc *a);

#endif
