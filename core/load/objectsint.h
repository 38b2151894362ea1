/* SPDX-License-Identifier: GPL-3.0-or-later */
/* objectsint: what objects.c (joining) and objsum.c (-s) share. */
#ifndef TG_OBJECTSINT_H
#define TG_OBJECTSINT_H

#include "mapfile.h"
#include "objects.h"

/* Where an object's function symbols came from. */
enum { OBJ_SYMS_NONE, OBJ_SYMS_SYMTAB, OBJ_SYMS_DEBUG, OBJ_SYMS_DYNAMIC };

/* One object of the joined profile (the program is not one of them). */
struct obj {
	char *path;                /* as recorded */
	char *file;                /* the file read: path, or one under --lib-path */
	char *id;                  /* recorded build-id in hex, or NULL */
	char *digest;              /* or the digest of its text (mapfile.h) */
	const char *base;          /* last component of path */
	uint64_t text_lo, text_hi; /* link-time, from the map */
	int state;                 /* 0 usable, 1 left out */
	int have_syms;
	int syms_from;           /* OBJ_SYMS_* */
	char *debug;             /* the separate debug file read, or NULL */
	uint64_t samples, calls; /* its histograms' counts, calls into it */
	struct symtab st;
	struct gmon_profile sum; /* -s: its files summed */
};

struct objects {
	struct obj *v;
	size_t n, cap;
	struct symtab joined;
	char **names; /* display names we made */
	size_t nnames, names_cap;
	/* -s: objects are not opened; each one's files are summed into its
	 * own profile and the arcs between objects into CROSS (at window
	 * addresses, like joined ones). */
	int summing;
	struct gmon_profile cross;
	struct objreg *reg; /* the registry's indexes (objreg.c) */
};

/* The digest libtgmon records for an object without build-id (16 hex
 * digits and a NUL into OUT): FNV-1a, 64 bits, of the bytes of its file
 * that are loaded at the link-time addresses [LO, HI) (its executable
 * segment).  Returns 0, or -1 when PATH cannot be read so (no code
 * section there, code sections in more than one segment). */
int objects_text_digest(const char *path, uint64_t lo, uint64_t hi, char out[17]);

/* The address window of registry entry K: (K + 1) << OBJECTS_SHIFT. */
uint64_t objects_window(size_t k);
const char *objects_base_name(const char *path);

/* The registry entry of object MO of the map MAP: the entry of a line seen
 * before with the same path and build-id, or of the same file under
 * another name; else a new one, its file found and opened unless
 * J->summing (one warning when it cannot be: it is left out). */
size_t objects_find(struct objects *j, const char *map, const struct mapfile_obj *mo,
		    const struct opts *o);
/* After the last map: the count of objects left out without a warning. */
void objects_reg_done(struct objects *j);
void objects_reg_free(struct objects *j);

/* Read the map MAP (a profile's path plus ".objects") into J and PROF:
 * objects into the registry (opened unless J->summing), their files and
 * the arcs between objects (at window addresses). */
void objects_read_map(struct objects *j, const char *map, struct gmon_profile *prof,
		      const struct opts *o);

#endif
