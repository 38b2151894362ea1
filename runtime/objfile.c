/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* objfile: the files of the objects other than the program and the
 * object map (see objmap.h and doc/multi-object.md). */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gfile.h"
#include "objint.h"
#include "objmap.h"
#include "record.h"

#define HIDDEN __attribute__((visibility("hidden")))
#define ACQ(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)

/* Room for an object file's name after "P.": a file name and suffixes. */
#define NAME_LEN 320

static char *hex(char *buf, uint64_t v)
{
	char *p = buf + 23;

	*p = '\0';
	do
		*--p = "0123456789abcdef"[v & 15];
	while ((v >>= 4) != 0);
	return p;
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

static void text(struct tgfile *f, const char *first, ...)
{
	__builtin_va_list ap;
	const char *s;

	__builtin_va_start(ap, first);
	for (s = first; s; s = __builtin_va_arg(ap, const char *))
		tgfile_bytes(f, s, strlen(s));
	__builtin_va_end(ap);
}

struct scratch {
	struct kept *arcs;
	size_t narcs;
	uint32_t *bins;         /* every object's bins as read, one after another */
	size_t *binoff;         /* per object: where its bins start in BINS */
	uint64_t *kread;        /* per kept arc: the count read */
	unsigned char *has;     /* per object: it has data, so a file */
	char (*name)[NAME_LEN]; /* per object with a file: its name after "P." */
};

/* With a marking write (a snapshot that starts a new interval), what was
 * read is taken out of the counts only once every file is in place
 * (tgobj_commit): the scratch memory stays until then. */
static struct {
	char *m;
	size_t len;
	int n;
	size_t nk;
	struct scratch sc;
} pend;

/* Read object I's bins into the scratch memory; does it have data (samples
 * or arcs within it), and so a file? */
static int read_obj(struct scratch *sc, int i)
{
	struct obj *o = &tgobj_v[i];
	uint32_t *bins = sc->bins + sc->binoff[i];
	size_t k, any = 0;

	for (k = 0; k < o->nbins && ACQ(&o->hit); k++) {
		bins[k] = __atomic_load_n(&o->bins[k], __ATOMIC_RELAXED);
		any |= bins[k];
	}
	for (k = 0; k < sc->narcs && !any; k++)
		any = sc->arcs[k].fobj == (uint32_t)i && sc->arcs[k].sobj == (uint32_t)i;
	return any != 0;
}

/* Name the files of the N objects: for P.NAME, NAME is the last component
 * of the object's path, with ".I" added (I its index) for as long as it is
 * "objects" (the map's P.objects) or an earlier object's NAME, so no two
 * files share a name, whatever the libraries are called. */
static int name_files(struct scratch *sc, int n)
{
	char num[24];
	int i, j;

	for (i = 1; i < n; i++) {
		char *s = sc->name[i];
		const char *b = base_name(tgobj_v[i].path), *d;
		size_t len = strlen(b);
		int clash;
		if (!sc->has[i])
			continue;
		if (len >= NAME_LEN)
			return ENAMETOOLONG;
		memcpy(s, b, len + 1);
		for (;;) {
			clash = strcmp(s, "objects") == 0;
			for (j = 1; j < i && !clash; j++)
				clash = sc->has[j] && strcmp(sc->name[j], s) == 0;
			if (!clash)
				break;
			d = tgfile_utoa(num, (uint64_t)i);
			if (len + 1 + strlen(d) >= NAME_LEN)
				return ENAMETOOLONG;
			s[len++] = '.';
			memcpy(s + len, d, strlen(d) + 1);
			len += strlen(d);
		}
	}
	return 0;
}

/* PATH = EXEPATH "." NAME (SIZE bytes).  Returns 0 or ENAMETOOLONG. */
static int obj_path(char *path, size_t size, const char *exepath, const char *name)
{
	size_t a = strlen(exepath), b = strlen(name);

	if (a + 1 + b >= size)
		return ENAMETOOLONG;
	memcpy(path, exepath, a);
	path[a] = '.';
	memcpy(path + a + 1, name, b + 1);
	return 0;
}

static int write_obj(struct tgfile *f, struct scratch *sc, const char *exepath, int i,
		     unsigned hz, char *path, size_t size)
{
	struct obj *o = &tgobj_v[i];
	uint32_t *bins = sc->bins + sc->binoff[i];
	size_t k;
	int err;

	if (!sc->has[i])
		return 0;
	if ((err = obj_path(path, size, exepath, sc->name[i])) != 0 ||
	    (err = tgfile_begin(f, path, 0)) != 0)
		return err;
	/* BINS are zero when the object had no sample (fresh scratch):
	 * gprof wants a histogram all the same. */
	tgfile_hist(f, o->lo - o->bias, o->hi - o->bias, hz, bins, o->nbins);
	for (k = 0; k < sc->narcs; k++)
		if (sc->arcs[k].fobj == (uint32_t)i && sc->arcs[k].sobj == (uint32_t)i)
			tgfile_arc(f, sc->arcs[k].foff, sc->arcs[k].soff,
				   sc->arcs[k].count);
	return tgfile_end(f);
}

/* S, a field or with WHOLE the whole of one, in the map's escaped form
 * (doc/multi-object.md): a byte below 0x21, 0x7f and the backslash as
 * \xHH, and a field that is "-" (which stands for none) as \x2d, so every
 * field is one word and every line one line. */
static void escaped(struct tgfile *f, const char *s, int whole)
{
	static const char hexd[] = "0123456789abcdef";

	if (whole && strcmp(s, "-") == 0) {
		tgfile_bytes(f, "\\x2d", 4);
		return;
	}
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		char e[4] = { '\\', 'x', hexd[c >> 4], hexd[c & 15] };
		if (c <= 0x20 || c == 0x7f || c == '\\')
			tgfile_bytes(f, e, 4);
		else
			tgfile_bytes(f, s, 1);
	}
}

static int write_map(struct tgfile *f, struct scratch *sc, const char *exepath, int n,
		     char *path, size_t size)
{
	char a[24], b[24], c[24], d[24], e[24];
	size_t k;
	int i, err;

	if ((err = obj_path(path, size, exepath, "objects")) != 0 ||
	    (err = tgfile_begin_raw(f, path, 0)) != 0)
		return err;
	/* Version 3 only when an object has a digest (no build-id): maps
	 * of objects with build-ids stay readable by an older tgprof. */
	for (i = 1; i < n && !tgobj_v[i].has_digest; i++)
		;
	text(f, i < n ? "tgmon objects 3\n" : "tgmon objects 2\n", NULL);
	for (i = 0; i < n; i++) {
		struct obj *o = &tgobj_v[i];
		char id[2 * sizeof o->id + 8];
		unsigned j;
		for (j = 0; j < o->idlen; j++) {
			id[2 * j] = "0123456789abcdef"[o->id[j] >> 4];
			id[2 * j + 1] = "0123456789abcdef"[o->id[j] & 15];
		}
		id[o->idlen ? 2 * o->idlen : 1] = '\0';
		if (o->idlen == 0)
			id[0] = '-';
		if (o->idlen == 0 && o->has_digest) {
			memcpy(id, "digest:", 7);
			for (j = 0; j < 16; j++)
				id[7 + j] =
					"0123456789abcdef"[(o->digest >> (60 - 4 * j)) &
							   15];
			id[23] = '\0';
		}
		text(f, "object ", tgfile_utoa(a, (uint64_t)i),
		     i == 0      ? " exe "
		     : o->closed ? " closed "
				 : " lib ",
		     NULL);
		if (i == 0 || sc->has[i]) {
			escaped(f, base_name(exepath), i == 0);
			if (i > 0) {
				text(f, ".", NULL);
				escaped(f, sc->name[i], 0);
			}
		} else {
			text(f, "-", NULL);
		}
		text(f, " ", id, " ", hex(b, o->lo - o->bias), " ",
		     hex(c, o->hi - o->bias), " ", NULL);
		escaped(f, o->path, 1);
		text(f, "\n", NULL);
	}
	for (k = 0; k < sc->narcs; k++) {
		struct kept *r = &sc->arcs[k];
		if (r->fobj == r->sobj && r->fobj != 0)
			continue; /* in the object's own file */
		text(f, "arc ", tgfile_utoa(a, r->fobj), " ", hex(b, r->foff), " ",
		     tgfile_utoa(c, r->sobj), " ", hex(d, r->soff), " ",
		     tgfile_utoa(e, r->count), "\n", NULL);
	}
	return tgfile_end(f);
}

HIDDEN int tgobj_write(struct tgfile *f, const char *exepath, unsigned hz, int mark,
		       const char **badpath)
{
	static char path[PATH_MAX + 64];
	int n = ACQ(&tgobj_n), i, err = 0, any = 0;
	size_t bound = tgrec_wide_bound(), nk = ACQ(&tgobj_nkept), nbins = 0, k, nw, len;
	struct tgrec_warc *w;
	struct scratch sc;
	char *m;

	*badpath = exepath;
	tgobj_commit(0);
	/* Written to a device or a FIFO (/dev/null, a pipe): there is no
	 * directory of profile files to put the objects' beside.  Nor when
	 * P cannot be written (a symlink, never followed). */
	struct stat stb;
	if (n == 0 || (lstat(exepath, &stb) == 0 && !S_ISREG(stb.st_mode)))
		return 0;
	for (i = 0; i < n; i++)
		nbins += tgobj_v[i].nbins;
	len = bound * sizeof *w + (bound + nk) * sizeof(struct kept) +
	      nk * sizeof(uint64_t) + MAX_OBJ * sizeof(size_t) +
	      nbins * sizeof(uint32_t) + MAX_OBJ + MAX_OBJ * NAME_LEN;
	m = mmap(NULL, len, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (m == MAP_FAILED)
		return errno;
	w = (struct tgrec_warc *)m;
	sc.arcs = (struct kept *)(m + bound * sizeof *w);
	sc.kread = (uint64_t *)(sc.arcs + bound + nk);
	sc.binoff = (size_t *)(sc.kread + nk);
	sc.bins = (uint32_t *)(sc.binoff + MAX_OBJ);
	sc.has = (unsigned char *)(sc.bins + nbins);
	sc.name = (char(*)[NAME_LEN])(sc.has + MAX_OBJ);
	for (i = 0, nbins = 0; i < n; i++) {
		sc.binoff[i] = nbins;
		nbins += tgobj_v[i].nbins;
	}
	sc.narcs = 0;
	nw = tgrec_wide_collect(w, bound, 0, 0, mark ? TGREC_MARK : TGREC_PEEK);
	for (k = 0; k < nw; k++) {
		struct kept *r = &sc.arcs[sc.narcs];
		int a = tgobj_resolve(w[k].from, &r->foff),
		    b = tgobj_resolve(w[k].self, &r->soff);
		if (b >= 0)
			tgobj_v[b].pg = 1;
		if (a < 0 || b < 0)
			continue; /* from or into code of no known object */
		r->fobj = (uint32_t)a;
		r->sobj = (uint32_t)b;
		r->count = w[k].count;
		sc.narcs++;
	}
	for (k = 0; k < nk; k++) {
		sc.kread[k] = __atomic_load_n(&tgobj_kept[k].count, __ATOMIC_RELAXED);
		if (sc.kread[k] == 0)
			continue;
		sc.arcs[sc.narcs] = tgobj_kept[k];
		sc.arcs[sc.narcs++].count = sc.kread[k];
	}
	/* Only code compiled with -pg calls mcount: an object that has
	 * never been an arc's callee has none, and arcs from inside it (a
	 * callback from qsort, a thread's start) are left out, as within the
	 * program.  Once seen, for good: an interval may hold calls out of
	 * an object and none into it. */
	tgobj_v[0].pg = 1;
	for (k = 0, nw = 0; k < sc.narcs; k++)
		if (tgobj_v[sc.arcs[k].fobj].pg)
			sc.arcs[nw++] = sc.arcs[k];
	sc.narcs = nw;
	for (i = 1; i < n; i++)
		any |= sc.has[i] = (unsigned char)read_obj(&sc, i);
	err = name_files(&sc, n);
	for (i = 1; i < n && err == 0; i++)
		err = write_obj(f, &sc, exepath, i, hz, path, sizeof path);
	for (k = 0; k < sc.narcs; k++)
		any |= sc.arcs[k].fobj != sc.arcs[k].sobj;
	if (err == 0 && any) {
		err = write_map(f, &sc, exepath, n, path, sizeof path);
	} else if (err == 0) {
		/* No other object's data: a map left by an earlier run
		 * would join stale files to this profile. */
		if (obj_path(path, sizeof path, exepath, "objects") == 0)
			tgfile_remove(f, path);
	}
	*badpath = path;
	if (err == 0 && mark) {
		pend.m = m;
		pend.len = len;
		pend.n = n;
		pend.nk = nk;
		pend.sc = sc;
	} else {
		munmap(m, len);
	}
	return err;
}

HIDDEN void tgobj_commit(int ok)
{
	int i;
	size_t k;

	if (pend.m == NULL)
		return;
	if (ok) {
		tgrec_wide_commit();
		for (i = 0; i < pend.n; i++) {
			uint32_t *b = pend.sc.bins + pend.sc.binoff[i];
			for (k = 0; tgobj_v[i].bins && k < tgobj_v[i].nbins; k++)
				if (b[k])
					__atomic_fetch_sub(&tgobj_v[i].bins[k], b[k],
							   __ATOMIC_RELAXED);
		}
		for (k = 0; k < pend.nk; k++)
			__atomic_fetch_sub(&tgobj_kept[k].count, pend.sc.kread[k],
					   __ATOMIC_RELAXED);
	}
	munmap(pend.m, pend.len);
	pend.m = NULL;
}
