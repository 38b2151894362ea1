/* objmap: the process's objects and their files (see objmap.h and
 * doc/multi-object.md for the files written). */
#include "config.h"

#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gfile.h"
#include "objmap.h"
#include "record.h"
#include "sample.h"

#define HIDDEN __attribute__((visibility("hidden")))
#define EXPORT __attribute__((visibility("default")))
#define ACQ(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)

#define MAX_OBJ 256
#define MAX_KEPT 65536

struct obj {
	uintptr_t lo, hi;   /* run-time range of its executable segments */
	uintptr_t bias;     /* run-time minus link-time address */
	uint32_t *bins;     /* NULL for the executable (sample.c has it) */
	size_t nbins;
	int closed;         /* unmapped by dlclose; its data are kept */
	int hit;            /* has had a sample: its bins are worth reading */
	int pg;             /* has -pg code: some arc's callee lies in it */
	int seen;           /* found by the scan under way */
	unsigned idlen;     /* bytes of build-id */
	unsigned char id[64];
	char path[PATH_MAX];
};

/* An arc of a closed object, taken out of record.c's table at dlclose
 * (another object may be loaded at its addresses later). */
struct kept {
	uint32_t fobj, sobj;
	uint64_t foff, soff;   /* link-time addresses in their objects */
	uint64_t count;
};

static struct obj objs[MAX_OBJ];
static int nobjs, started;
static uintptr_t exe_bias;
static struct kept *kept;
static size_t nkept;

/* control.c's writing lock: scans change what writers read. */
int tgmon_wlock(void);
void tgmon_wunlock(void);

static void
note_build_id(struct obj *o, const struct dl_phdr_info *info, const ElfW(Phdr) *ph)
{
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
		if (type == NT_GNU_BUILD_ID && namesz == 4 && memcmp(name, "GNU", 4) == 0 &&
		    descsz <= sizeof o->id) {
			memcpy(o->id, desc, descsz);
			o->idlen = descsz;
			return;
		}
		p = desc + ((descsz + 3) & ~3u);
	}
}

static void
set_path(struct obj *o, const char *name, int is_exe)
{
	size_t n;

	if (is_exe) {
		ssize_t r = readlink("/proc/self/exe", o->path, sizeof o->path - 1);
		o->path[r > 0 ? r : 0] = '\0';
		return;
	}
	o->path[0] = '\0';
	if (name[0] != '/' && getcwd(o->path, sizeof o->path - 1) != NULL)
		strcat(o->path, "/");
	n = strlen(o->path);
	if (n + strlen(name) < sizeof o->path)
		strcpy(o->path + n, name);
}

static int
scan_one(struct dl_phdr_info *info, size_t size, void *data)
{
	int *first = data, is_exe = *first;
	uintptr_t lo = UINTPTR_MAX, hi = 0;
	struct obj *o;
	int i, n = nobjs;

	(void)size;
	*first = 0;
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t a = info->dlpi_addr + ph->p_vaddr;
		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
			continue;
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
		if (!objs[i].closed && objs[i].bias == info->dlpi_addr && objs[i].lo == lo) {
			objs[i].seen = 1;
			return 0;
		}
	/* The vDSO has no file to read symbols from; libtgmon.so's time is
	 * the profiler's, left out as it always was. */
	if ((!is_exe && strchr(info->dlpi_name, '/') == NULL) || n == MAX_OBJ ||
	    (!is_exe && (uintptr_t)&tgobj_scan - lo < hi - lo))
		return 0;
	o = &objs[n];
	memset(o, 0, sizeof *o);
	o->lo = lo;
	o->hi = hi;
	o->bias = is_exe ? exe_bias : info->dlpi_addr;
	o->nbins = (hi - lo) / TGSAMP_BIN;
	set_path(o, info->dlpi_name, is_exe);
	for (i = 0; i < info->dlpi_phnum; i++)
		if (info->dlpi_phdr[i].p_type == PT_NOTE && o->idlen == 0)
			note_build_id(o, info, &info->dlpi_phdr[i]);
	if (!is_exe) {
		void *m = mmap(NULL, o->nbins * sizeof *o->bins, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (m == MAP_FAILED)
			return 0;
		o->bins = m;
	}
	o->seen = 1;
	__atomic_store_n(&nobjs, n + 1, __ATOMIC_RELEASE);
	return 0;
}

/* The object holding run-time address A among the open ones, and A's
 * link-time address in it in *OFF; -1 if none. */
static int
resolve(uint64_t a, uint64_t *off)
{
	int i, n = ACQ(&nobjs);

	for (i = 0; i < n; i++)
		if (!ACQ(&objs[i].closed) && a - objs[i].lo < objs[i].hi - objs[i].lo) {
			*off = a - objs[i].bias;
			return i;
		}
	return -1;
}

/* dlclose unmapped object I: move its arcs to the kept list. */
static void
close_obj(int i)
{
	struct obj *o = &objs[i];
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
			int f = resolve(w[k].from, &e.foff), s = resolve(w[k].self, &e.soff);
			if (s >= 0)
				objs[s].pg = 1;
			if (f < 0 || s < 0 || nkept == MAX_KEPT)
				continue;
			e.fobj = (uint32_t)f;
			e.sobj = (uint32_t)s;
			e.count = w[k].count;
			kept[nkept] = e;
			__atomic_store_n(&nkept, nkept + 1, __ATOMIC_RELEASE);
		}
		munmap(m, len);
	}
	__atomic_store_n(&o->closed, 1, __ATOMIC_RELEASE);
}

HIDDEN void
tgobj_scan(void)
{
	int first = 1, i, n;

	if (!ACQ(&started) || tgmon_wlock() != 0)
		return;
	n = nobjs;
	for (i = 0; i < n; i++)
		objs[i].seen = 0;
	dl_iterate_phdr(scan_one, &first);
	for (i = 1; i < n; i++)
		if (!objs[i].seen && !objs[i].closed)
			close_obj(i);
	tgmon_wunlock();
}

HIDDEN int
tgobj_init(uintptr_t bias)
{
	void *m = mmap(NULL, MAX_KEPT * sizeof *kept, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	if (m == MAP_FAILED)
		return -1;
	kept = m;
	exe_bias = bias;
	__atomic_store_n(&started, 1, __ATOMIC_RELEASE);
	tgobj_scan();
	return 0;
}

HIDDEN void
tgobj_sample(uintptr_t pc, uint32_t n)
{
	int i, m = ACQ(&nobjs);

	for (i = 0; i < m; i++) {
		struct obj *o = &objs[i];
		if (o->bins && !ACQ(&o->closed) && pc - o->lo < o->hi - o->lo) {
			__atomic_fetch_add(&o->bins[(pc - o->lo) / TGSAMP_BIN], n,
					   __ATOMIC_RELAXED);
			if (!o->hit)
				__atomic_store_n(&o->hit, 1, __ATOMIC_RELAXED);
			return;
		}
	}
}

HIDDEN void
tgobj_reset(void)
{
	int i, n = ACQ(&nobjs);
	size_t k, nk = ACQ(&nkept);

	for (i = 0; i < n; i++)
		for (k = 0; objs[i].bins && k < objs[i].nbins; k++)
			__atomic_store_n(&objs[i].bins[k], 0, __ATOMIC_RELAXED);
	for (k = 0; k < nk; k++)
		kept[k].count = 0;
}

HIDDEN void
tgobj_after_fork(void)
{
	tgobj_reset();
}

/* ---- writing ---- */

static char *
hex(char *buf, uint64_t v)
{
	char *p = buf + 23;

	*p = '\0';
	do
		*--p = "0123456789abcdef"[v & 15];
	while ((v >>= 4) != 0);
	return p;
}

static char *
dec(char *buf, uint64_t v)
{
	char *p = buf + 23;

	*p = '\0';
	do
		*--p = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	return p;
}

static const char *
base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* OUT = EXEPATH "." basename of object I's path (and "." I when an
 * earlier object has the same basename).  Returns 0 or -1. */
static int
obj_file(char *out, size_t size, const char *exepath, int i)
{
	const char *b = base_name(objs[i].path);
	char num[24];
	int j, dup = 0;

	for (j = 1; j < i; j++)
		dup |= strcmp(base_name(objs[j].path), b) == 0;
	if (strlen(exepath) + strlen(b) + 26 > size)
		return -1;
	strcpy(out, exepath);
	strcat(out, ".");
	strcat(out, b);
	if (dup) {
		strcat(out, ".");
		strcat(out, dec(num, (uint64_t)i));
	}
	return 0;
}

static void
text(struct tgfile *f, const char *first, ...)
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
	uint32_t *bins;       /* every object's bins as read, one after another */
	size_t *binoff;       /* per object: where its bins start in BINS */
	uint64_t *kread;      /* per kept arc: the count read */
	unsigned char *has;   /* per object: a file was written */
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

static int
write_obj(struct tgfile *f, struct scratch *sc, const char *exepath, int i,
	  unsigned hz, char *path, size_t size)
{
	struct obj *o = &objs[i];
	uint32_t *bins = sc->bins + sc->binoff[i];
	size_t k, any = 0;

	for (k = 0; k < o->nbins && ACQ(&o->hit); k++) {
		bins[k] = __atomic_load_n(&o->bins[k], __ATOMIC_RELAXED);
		any |= bins[k];
	}
	for (k = 0; k < sc->narcs && !any; k++)
		any = sc->arcs[k].fobj == (uint32_t)i && sc->arcs[k].sobj == (uint32_t)i;
	if (!any)
		return 0;
	if (obj_file(path, size, exepath, i) != 0)
		return ENAMETOOLONG;
	int err = tgfile_begin(f, path);
	if (err != 0)
		return err;
	/* BINS are zero when the object had no sample (fresh scratch):
	 * gprof wants a histogram all the same. */
	tgfile_hist(f, o->lo - o->bias, o->hi - o->bias, hz, bins, o->nbins);
	for (k = 0; k < sc->narcs; k++)
		if (sc->arcs[k].fobj == (uint32_t)i && sc->arcs[k].sobj == (uint32_t)i)
			tgfile_arc(f, sc->arcs[k].foff, sc->arcs[k].soff, sc->arcs[k].count);
	sc->has[i] = 1;
	return tgfile_end(f);
}

static int
write_map(struct tgfile *f, struct scratch *sc, const char *exepath, int n,
	  char *path, size_t size)
{
	char a[24], b[24], c[24], d[24], e[24], file[PATH_MAX];
	size_t k;
	int i, err;

	strcpy(path, exepath);
	strcat(path, ".objects");
	if ((err = tgfile_begin_raw(f, path)) != 0)
		return err;
	text(f, "tgmon objects 1\n", NULL);
	for (i = 0; i < n; i++) {
		struct obj *o = &objs[i];
		char id[2 * sizeof o->id + 1];
		unsigned j;
		for (j = 0; j < o->idlen; j++) {
			id[2 * j] = "0123456789abcdef"[o->id[j] >> 4];
			id[2 * j + 1] = "0123456789abcdef"[o->id[j] & 15];
		}
		id[o->idlen ? 2 * o->idlen : 1] = '\0';
		if (o->idlen == 0)
			id[0] = '-';
		if (i == 0)
			strcpy(file, base_name(exepath));
		else if (sc->has[i] && obj_file(file, sizeof file, base_name(exepath), i) == 0)
			;
		else
			strcpy(file, "-");
		text(f, "object ", dec(a, (uint64_t)i), i == 0 ? " exe " : o->closed ? " closed " : " lib ",
		     file, " ", id, " ", hex(b, o->lo - o->bias), " ", hex(c, o->hi - o->bias),
		     " ", o->path, "\n", NULL);
	}
	for (k = 0; k < sc->narcs; k++) {
		struct kept *r = &sc->arcs[k];
		if (r->fobj == r->sobj && r->fobj != 0)
			continue;  /* in the object's own file */
		text(f, "arc ", dec(a, r->fobj), " ", hex(b, r->foff), " ", dec(c, r->sobj),
		     " ", hex(d, r->soff), " ", dec(e, r->count), "\n", NULL);
	}
	(void)size;
	return tgfile_end(f);
}

HIDDEN int
tgobj_write(struct tgfile *f, const char *exepath, unsigned hz, int mark,
	    const char **badpath)
{
	static char path[PATH_MAX + 64];
	int n = ACQ(&nobjs), i, err = 0, any = 0;
	size_t bound = tgrec_wide_bound(), nk = ACQ(&nkept), nbins = 0, k, nw, len;
	struct tgrec_warc *w;
	struct scratch sc;
	char *m;

	*badpath = exepath;
	tgobj_commit(0);
	/* Written to a device or a FIFO (/dev/null, a pipe): there is no
	 * directory of profile files to put the objects' beside. */
	struct stat stb;
	if (n == 0 || (stat(exepath, &stb) == 0 && !S_ISREG(stb.st_mode)))
		return 0;
	for (i = 0; i < n; i++)
		nbins += objs[i].nbins;
	len = bound * sizeof *w + (bound + nk) * sizeof(struct kept) + nk * sizeof(uint64_t) +
	      MAX_OBJ * sizeof(size_t) + nbins * sizeof(uint32_t) + MAX_OBJ;
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
	for (i = 0, nbins = 0; i < n; i++) {
		sc.binoff[i] = nbins;
		nbins += objs[i].nbins;
	}
	sc.narcs = 0;
	nw = tgrec_wide_collect(w, bound, 0, 0, mark ? TGREC_MARK : TGREC_PEEK);
	for (k = 0; k < nw; k++) {
		struct kept *r = &sc.arcs[sc.narcs];
		int a = resolve(w[k].from, &r->foff), b = resolve(w[k].self, &r->soff);
		if (b >= 0)
			objs[b].pg = 1;
		if (a < 0 || b < 0)
			continue;   /* from or into code of no known object */
		r->fobj = (uint32_t)a;
		r->sobj = (uint32_t)b;
		r->count = w[k].count;
		sc.narcs++;
	}
	for (k = 0; k < nk; k++) {
		sc.kread[k] = __atomic_load_n(&kept[k].count, __ATOMIC_RELAXED);
		if (sc.kread[k] == 0)
			continue;
		sc.arcs[sc.narcs] = kept[k];
		sc.arcs[sc.narcs++].count = sc.kread[k];
	}
	/* Only code compiled with -pg calls mcount: an object that has
	 * never been an arc's callee has none, and arcs from inside it (a
	 * callback from qsort, a thread's start) are left out, as within the
	 * program.  Once seen, for good: an interval may hold calls out of
	 * an object and none into it. */
	objs[0].pg = 1;
	for (k = 0, nw = 0; k < sc.narcs; k++)
		if (objs[sc.arcs[k].fobj].pg)
			sc.arcs[nw++] = sc.arcs[k];
	sc.narcs = nw;
	for (i = 1; i < n && err == 0; i++) {
		err = write_obj(f, &sc, exepath, i, hz, path, sizeof path);
		any |= sc.has[i];
	}
	for (k = 0; k < sc.narcs; k++)
		any |= sc.arcs[k].fobj != sc.arcs[k].sobj;
	if (err == 0 && any) {
		err = write_map(f, &sc, exepath, n, path, sizeof path);
	} else if (err == 0) {
		/* No other object's data: a map left by an earlier run
		 * would join stale files to this profile. */
		strcpy(path, exepath);
		strcat(path, ".objects");
		unlink(path);
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

HIDDEN void
tgobj_commit(int ok)
{
	int i;
	size_t k;

	if (pend.m == NULL)
		return;
	if (ok) {
		tgrec_wide_commit();
		for (i = 0; i < pend.n; i++) {
			uint32_t *b = pend.sc.bins + pend.sc.binoff[i];
			for (k = 0; objs[i].bins && k < objs[i].nbins; k++)
				if (b[k])
					__atomic_fetch_sub(&objs[i].bins[k], b[k], __ATOMIC_RELAXED);
		}
		for (k = 0; k < pend.nk; k++)
			__atomic_fetch_sub(&kept[k].count, pend.sc.kread[k], __ATOMIC_RELAXED);
	}
	munmap(pend.m, pend.len);
	pend.m = NULL;
}

/* dlopen and dlclose: the library's, then a scan.  Defined here so that
 * every program linked with libtgmon (or preloading it) reaches them. */
EXPORT void *
dlopen(const char *file, int mode)
{
	static void *(*real)(const char *, int);
	void *h;
	int saved;

	if (real == NULL)
		real = (void *(*)(const char *, int))dlsym(RTLD_NEXT, "dlopen");
	h = real ? real(file, mode) : NULL;
	saved = errno;
	if (h != NULL)
		tgobj_scan();
	errno = saved;
	return h;
}

EXPORT int
dlclose(void *handle)
{
	static int (*real)(void *);
	int r, saved;

	if (real == NULL)
		real = (int (*)(void *))dlsym(RTLD_NEXT, "dlclose");
	r = real ? real(handle) : -1;
	saved = errno;
	tgobj_scan();
	errno = saved;
	return r;
}
