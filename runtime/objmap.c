/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* objmap: the process's objects and their files (see objmap.h and
 * doc/multi-object.md for the files written). */
#include "config.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gfile.h"
#include "objint.h"
#include "objmap.h"
#include "record.h"
#include "sample.h"

#define HIDDEN __attribute__((visibility("hidden")))
#define EXPORT __attribute__((visibility("default")))
#define ACQ(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)

HIDDEN struct obj tgobj_v[MAX_OBJ];
HIDDEN int tgobj_n;
HIDDEN struct kept *tgobj_kept;
HIDDEN size_t tgobj_nkept;
static int started;
static uintptr_t exe_bias;

static void note_build_id(struct obj *o, const struct dl_phdr_info *info,
			  const ElfW(Phdr) * ph)
{
	if (o->idlen != 0)
		return;
	const unsigned char *p = (const unsigned char *)(info->dlpi_addr + ph->p_vaddr);
	const unsigned char *end = p + ph->p_memsz;

	while (p + 12 <= end) {
		uint32_t namesz, descsz, type;
		memcpy(&namesz, p, 4);
		memcpy(&descsz, p + 4, 4);
		memcpy(&type, p + 8, 4);
		const unsigned char *name = p + 12;
		const unsigned char *desc = name + ((namesz + 3) & ~3u);
		if (desc + descsz > end)
			return;
		if (type == NT_GNU_BUILD_ID && namesz == 4 &&
		    memcmp(name, "GNU", 4) == 0 && descsz <= sizeof o->id) {
			memcpy(o->id, desc, descsz);
			o->idlen = descsz;
			return;
		}
		p = desc + ((descsz + 3) & ~3u);
	}
}

/* FNV-1a (64 bits) of the N bytes at P: the digest of an object without
 * build-id, taken over its executable segments from LO to HI as loaded.
 * tgprof computes the same over the file (core/load/objdigest.c). */
static uint64_t text_digest(const unsigned char *p, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ULL;
	return h;
}

/* The object's path, canonical: one file is one path in the map, however
 * it was named to dlopen. */
static void set_path(struct obj *o, const char *name, int is_exe)
{
	size_t n;

	if (is_exe) {
		ssize_t r = readlink("/proc/self/exe", o->path, sizeof o->path - 1);
		o->path[r > 0 ? r : 0] = '\0';
		return;
	}
	if (realpath(name, o->path) != NULL)
		return;
	o->path[0] = '\0';
	if (name[0] != '/' && getcwd(o->path, sizeof o->path - 1) != NULL)
		strcat(o->path, "/");
	n = strlen(o->path);
	if (n + strlen(name) < sizeof o->path)
		strcpy(o->path + n, name);
}

/* Object O's build-id and file (device and inode, 0 if it is gone). */
static void identify(struct obj *o, const struct dl_phdr_info *info)
{
	struct stat st;
	int i;

	for (i = 0; i < info->dlpi_phnum; i++)
		if (info->dlpi_phdr[i].p_type == PT_NOTE)
			note_build_id(o, info, &info->dlpi_phdr[i]);
	o->dev = o->ino = 0;
	if (stat(info->dlpi_name, &st) == 0) {
		o->dev = st.st_dev;
		o->ino = st.st_ino;
	}
}

/* A file loaded again after dlclose unmapped it: its closed entry is
 * opened again at the new addresses (its data are kept at link-time
 * addresses, which are the same), so each file is one object however
 * often it is loaded.  Returns 1 when INFO was such a file. */
static int reopen(const struct dl_phdr_info *info, uintptr_t lo, uintptr_t hi, int nx)
{
	static struct obj o; /* under the writing lock */
	int i, n = tgobj_n;

	o.idlen = 0;
	identify(&o, info);
	o.digest =
		o.idlen || nx != 1 ? 0 : text_digest((const unsigned char *)lo, hi - lo);
	for (i = 1; i < n && o.ino != 0; i++) {
		struct obj *c = &tgobj_v[i];
		if (!c->closed || c->dev != o.dev || c->ino != o.ino ||
		    c->idlen != o.idlen || memcmp(c->id, o.id, o.idlen) != 0 ||
		    (c->has_digest && c->digest != o.digest) ||
		    c->lo - c->bias != lo - info->dlpi_addr || c->hi - c->lo != hi - lo)
			continue;
		c->lo = lo;
		c->hi = hi;
		c->bias = info->dlpi_addr;
		c->seen = 1;
		__atomic_store_n(&c->closed, 0, __ATOMIC_RELEASE);
		return 1;
	}
	return 0;
}

static int scan_one(struct dl_phdr_info *info, size_t size, void *data)
{
	int *first = data, is_exe = *first;
	uintptr_t lo = UINTPTR_MAX, hi = 0;
	struct obj *o;
	int i, n = tgobj_n, nx = 0;

	(void)size;
	*first = 0;
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t a = info->dlpi_addr + ph->p_vaddr;
		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
			continue;
		nx++;
		if (a < lo)
			lo = a;
		if (a + ph->p_memsz > hi)
			hi = a + ph->p_memsz;
	}
	if (hi <= lo)
		return 0;
	lo &= ~(uintptr_t)(TGSAMP_BIN - 1);
	hi = (hi + TGSAMP_BIN - 1) & ~(uintptr_t)(TGSAMP_BIN - 1);
	for (i = 0; i < n; i++)
		if (!tgobj_v[i].closed && tgobj_v[i].bias == info->dlpi_addr &&
		    tgobj_v[i].lo == lo) {
			tgobj_v[i].seen = 1;
			return 0;
		}
	/* The vDSO has no file to read symbols from; libtgmon.so's time is
	 * the profiler's, left out as it always was; a file loaded again
	 * takes its old entry. */
	if (!is_exe &&
	    (strchr(info->dlpi_name, '/') == NULL ||
	     (uintptr_t)&tgobj_scan - lo < hi - lo || reopen(info, lo, hi, nx)))
		return 0;
	if (n == MAX_OBJ)
		return 0;
	o = &tgobj_v[n];
	memset(o, 0, sizeof *o);
	o->lo = lo;
	o->hi = hi;
	o->bias = is_exe ? exe_bias : info->dlpi_addr;
	o->nbins = (hi - lo) / TGSAMP_BIN;
	set_path(o, info->dlpi_name, is_exe);
	identify(o, info);
	/* One executable segment, so [LO, HI) is mapped whole (between
	 * two, ld.so may leave a hole unreadable). */
	if (!is_exe && o->idlen == 0 && nx == 1) {
		o->digest = text_digest((const unsigned char *)lo, hi - lo);
		o->has_digest = 1;
	}
	if (!is_exe) {
		void *m = mmap(NULL, o->nbins * sizeof *o->bins, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (m == MAP_FAILED)
			return 0;
		o->bins = m;
	}
	o->seen = 1;
	__atomic_store_n(&tgobj_n, n + 1, __ATOMIC_RELEASE);
	return 0;
}

/* The object holding run-time address A among the open ones, and A's
 * link-time address in it in *OFF; -1 if none. */
HIDDEN int tgobj_resolve(uint64_t a, uint64_t *off)
{
	int i, n = ACQ(&tgobj_n);

	for (i = 0; i < n; i++)
		if (!ACQ(&tgobj_v[i].closed) &&
		    a - tgobj_v[i].lo < tgobj_v[i].hi - tgobj_v[i].lo) {
			*off = a - tgobj_v[i].bias;
			return i;
		}
	return -1;
}

/* dlclose unmapped object I: move its arcs to the tgobj_kept list. */
static void close_obj(int i)
{
	struct obj *o = &tgobj_v[i];
	size_t bound = tgrec_wide_bound(), len = bound * sizeof(struct tgrec_warc) + 1;
	struct tgrec_warc *w;
	size_t n, k;
	void *m;

	m = mmap(NULL, len, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (m != MAP_FAILED) {
		w = m;
		n = tgrec_wide_collect(w, bound, o->lo, o->hi, TGREC_RESET);
		for (k = 0; k < n; k++) {
			struct kept e;
			int f = tgobj_resolve(w[k].from, &e.foff),
			    s = tgobj_resolve(w[k].self, &e.soff);
			if (s >= 0)
				tgobj_v[s].pg = 1;
			if (f < 0 || s < 0 || tgobj_nkept == MAX_KEPT)
				continue;
			e.fobj = (uint32_t)f;
			e.sobj = (uint32_t)s;
			e.count = w[k].count;
			tgobj_kept[tgobj_nkept] = e;
			__atomic_store_n(&tgobj_nkept, tgobj_nkept + 1, __ATOMIC_RELEASE);
		}
		munmap(m, len);
	}
	__atomic_store_n(&o->closed, 1, __ATOMIC_RELEASE);
}

HIDDEN void tgobj_scan(void)
{
	int first = 1, i, n;

	if (!ACQ(&started) || tgmon_wlock() != 0)
		return;
	n = tgobj_n;
	for (i = 0; i < n; i++)
		tgobj_v[i].seen = 0;
	dl_iterate_phdr(scan_one, &first);
	for (i = 1; i < n; i++)
		if (!tgobj_v[i].seen && !tgobj_v[i].closed)
			close_obj(i);
	tgmon_wunlock();
}

HIDDEN int tgobj_init(uintptr_t bias)
{
	void *m = mmap(NULL, MAX_KEPT * sizeof *tgobj_kept, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	if (m == MAP_FAILED)
		return -1;
	tgobj_kept = m;
	exe_bias = bias;
	__atomic_store_n(&started, 1, __ATOMIC_RELEASE);
	tgobj_scan();
	return 0;
}

HIDDEN void tgobj_sample(uintptr_t pc, uint32_t n)
{
	int i, m = ACQ(&tgobj_n);

	for (i = 0; i < m; i++) {
		struct obj *o = &tgobj_v[i];
		if (o->bins && !ACQ(&o->closed) && pc - o->lo < o->hi - o->lo) {
			__atomic_fetch_add(&o->bins[(pc - o->lo) / TGSAMP_BIN], n,
					   __ATOMIC_RELAXED);
			if (!o->hit)
				__atomic_store_n(&o->hit, 1, __ATOMIC_RELAXED);
			return;
		}
	}
}

HIDDEN void tgobj_reset(void)
{
	int i, n = ACQ(&tgobj_n);
	size_t k, nk = ACQ(&tgobj_nkept);

	for (i = 0; i < n; i++)
		for (k = 0; tgobj_v[i].bins && k < tgobj_v[i].nbins; k++)
			__atomic_store_n(&tgobj_v[i].bins[k], 0, __ATOMIC_RELAXED);
	for (k = 0; k < nk; k++)
		tgobj_kept[k].count = 0;
}

HIDDEN void tgobj_after_fork(void)
{
	tgobj_reset();
}
