/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* objint: what objmap.c (the table) and objfile.c (its files) share.
 * Not part of libtgmon's interface. */
#ifndef TG_OBJINT_H
#define TG_OBJINT_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#define MAX_OBJ  256
#define MAX_KEPT 65536

struct obj {
	uintptr_t lo, hi; /* run-time range of its executable segments */
	uintptr_t bias;   /* run-time minus link-time address */
	uint32_t *bins;   /* NULL for the executable (sample.c has it) */
	size_t nbins;
	int closed;        /* unmapped by dlclose; its data are kept */
	int hit;           /* has had a sample: its bins are worth reading */
	int pg;            /* has -pg code: some arc's callee lies in it */
	int seen;          /* found by the scan under way */
	uint64_t dev, ino; /* the file's, 0 when unknown */
	unsigned idlen;    /* bytes of build-id */
	unsigned char id[64];
	/* Without a build-id: the digest of its executable segments as
	 * loaded (doc/multi-object.md), so that tgprof can tell a file
	 * rebuilt since; has_digest says it was taken. */
	uint64_t digest;
	int has_digest;
	char path[PATH_MAX]; /* canonical (realpath) where it can be */
};

/* An arc of a closed object, taken out of record.c's table at dlclose
 * (another object may be loaded at its addresses later). */
struct kept {
	uint32_t fobj, sobj;
	uint64_t foff, soff; /* link-time addresses in their objects */
	uint64_t count;
};

#define TGOBJ_HIDDEN __attribute__((visibility("hidden")))

/* The table (objmap.c): entries below tgobj_n are published (read it
 * with acquire), kept arcs likewise below tgobj_nkept. */
extern TGOBJ_HIDDEN struct obj tgobj_v[MAX_OBJ];
extern TGOBJ_HIDDEN int tgobj_n;
extern TGOBJ_HIDDEN struct kept *tgobj_kept;
extern TGOBJ_HIDDEN size_t tgobj_nkept;

/* The open object holding run-time address A, its link-time address in
 * it in *OFF; -1 if none. */
TGOBJ_HIDDEN int tgobj_resolve(uint64_t a, uint64_t *off);

#endif
