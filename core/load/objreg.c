/* SPDX-License-Identifier: GPL-3.0-or-later */
/* objreg: the registry of the objects the maps name (see objectsint.h).
 *
 * Map lines are matched by path and build-id through a hash; a path not
 * seen before is looked up as a file, and a file already open under
 * another spelling of its path (the same device and inode) is the same
 * object.  Each file is read by libbfd at most once.  So maps cost time
 * and memory in proportion to their size plus the objects they name,
 * never to their product. */
#include "config.h"
#include "objectsint.h"
#include "opts.h"
#include "util.h"

#include <bfd.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define NONE     SIZE_MAX
/* Objects left out that get a warning of their own; the rest are counted. */
#define MAX_WARN 10

/* A file looked at for an object. */
struct file {
	uint64_t dev, ino;
	char *id;    /* its build-id in hex, "" for none; NULL: not an object */
	int syms;    /* OBJ_SYMS_*: where its function symbols are */
	char *debug; /* its separate debug file (OBJ_SYMS_DEBUG), malloc'd */
	size_t k;    /* the registry entry opened from it, or NONE */
};

/* A path and build-id seen in a map, as "PATH\0ID" (ID "-" for none). */
struct name {
	char *key;
	size_t len;
	size_t k;
};

/* Open addressing: a slot holds an entry's index + 1, 0 when empty. */
struct index {
	size_t *slot;
	size_t cap, n;
};

struct objreg {
	struct name *names;
	size_t nnames, names_cap;
	struct file *files;
	size_t nfiles, files_cap;
	struct index byname, byfile;
	size_t nleft; /* objects left out with a warning */
};

const char *objects_base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

static uint64_t mix(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	return h;
}

static uint64_t hash_bytes(const char *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
	return mix(h);
}

static uint64_t name_hash(const struct objreg *r, size_t e)
{
	return hash_bytes(r->names[e].key, r->names[e].len);
}

static uint64_t file_hash(const struct objreg *r, size_t e)
{
	return mix(r->files[e].dev * 0x9e3779b97f4a7c15ULL ^ r->files[e].ino);
}

/* Make room for one more entry in X, whose entries R hashes with H. */
static void reserve(struct index *x, const struct objreg *r,
		    uint64_t (*h)(const struct objreg *, size_t))
{
	size_t cap = x->cap ? 2 * x->cap : 64, *slot;

	if (2 * (x->n + 1) <= x->cap)
		return;
	slot = xcalloc(cap, sizeof *slot);
	for (size_t i = 0; i < x->cap; i++) {
		if (!x->slot[i])
			continue;
		size_t j = h(r, x->slot[i] - 1) & (cap - 1);
		while (slot[j])
			j = (j + 1) & (cap - 1);
		slot[j] = x->slot[i];
	}
	free(x->slot);
	x->slot = slot;
	x->cap = cap;
}

/* The slot of the name KEY (LEN bytes), or the empty one it would take. */
static size_t *name_slot(struct objreg *r, const char *key, size_t len)
{
	reserve(&r->byname, r, name_hash);
	size_t mask = r->byname.cap - 1, i = hash_bytes(key, len) & mask;
	for (; r->byname.slot[i]; i = (i + 1) & mask) {
		const struct name *e = &r->names[r->byname.slot[i] - 1];
		if (e->len == len && memcmp(e->key, key, len) == 0)
			break;
	}
	return &r->byname.slot[i];
}

/* Whether ABFD's symbols (dynamic ones with DYN) include a function in
 * its .text. */
static int has_functions(bfd *abfd, int dyn)
{
	asection *text = bfd_get_section_by_name(abfd, ".text");
	long bytes = dyn ? bfd_get_dynamic_symtab_upper_bound(abfd)
		     : (bfd_get_file_flags(abfd) & HAS_SYMS)
			     ? bfd_get_symtab_upper_bound(abfd)
			     : 0;
	int any = 0;

	if (bytes <= 0 || !text)
		return 0;
	asymbol **v = xmalloc((size_t)bytes);
	long n = dyn ? bfd_canonicalize_dynamic_symtab(abfd, v)
		     : bfd_canonicalize_symtab(abfd, v);
	for (long i = 0; i < n && !any; i++)
		any = v[i]->section == text && (v[i]->flags & BSF_FUNCTION);
	free(v);
	return any;
}

/* ABFD's separate debug file, found as gdb finds it: by build-id
 * (.build-id/xx/yyyy.debug), then by .gnu_debuglink; libbfd looks beside
 * the object, in its .debug folder and under /usr/lib/debug before the
 * directory it is given, and checks the build-id or the link's CRC.
 * DIRS (--debug-file-directory, colon-separated; NULL: /usr/lib/debug
 * alone) are given to it one by one.
 * NULL when none is found. */
static char *find_debug(bfd *abfd, const char *dirs)
{
	char *d = xstrdup(dirs && *dirs ? dirs : "/usr/lib/debug"), *found = NULL;

	for (int pass = 0; pass < 2 && !found; pass++)
		for (char *p = d, *e; p && !found; p = e ? e + 1 : NULL) {
			e = strchr(p, ':');
			if (e)
				*e = '\0';
			found = pass == 0 ? bfd_follow_build_id_debuglink(abfd, p)
					  : bfd_follow_gnu_debuglink(abfd, p);
			if (e)
				*e = ':';
		}
	free(d);
	if (found) {
		char *copy = xstrdup(found);
		free(found);
		found = copy;
	}
	return found;
}

/* Build-id of PATH in hex (malloc'd), "" when it has none, NULL when the
 * file is not an object libbfd reads.  *SYMS: where its function
 * symbols are (OBJ_SYMS_*), the debug file's path in *DEBUG. */
static char *read_build_id(const char *path, const char *dirs, int *syms, char **debug)
{
	bfd *abfd = bfd_openr(path, NULL);
	char *hex = NULL;

	if (!abfd)
		return NULL;
	if (!bfd_check_format(abfd, bfd_object)) {
		bfd_close(abfd);
		return NULL;
	}
	/* A separate debug file first (its symbol table and lines), then
	 * the file's own symbol table (stripped system libraries have
	 * none), then its dynamic symbols. */
	*debug = find_debug(abfd, dirs);
	*syms = *debug                   ? OBJ_SYMS_DEBUG
		: has_functions(abfd, 0) ? OBJ_SYMS_SYMTAB
		: has_functions(abfd, 1) ? OBJ_SYMS_DYNAMIC
					 : OBJ_SYMS_NONE;
	hex = xstrdup("");
	asection *s = bfd_get_section_by_name(abfd, ".note.gnu.build-id");
	bfd_size_type n = s ? bfd_section_size(s) : 0;
	unsigned char *buf = n >= 16 ? xmalloc(n) : NULL;
	if (buf && bfd_get_section_contents(abfd, s, buf, 0, n)) {
		uint32_t namesz, descsz;
		memcpy(&namesz, buf, 4);
		memcpy(&descsz, buf + 4, 4);
		size_t off = 12 + ((namesz + 3) & ~3u);
		if (off + descsz <= n && descsz <= 64) {
			free(hex);
			hex = xmalloc(2 * descsz + 1);
			for (uint32_t i = 0; i < descsz; i++)
				sprintf(hex + 2 * i, "%02x", buf[off + i]);
			hex[2 * descsz] = '\0';
		}
	}
	free(buf);
	bfd_close(abfd);
	return hex;
}

/* The file ST (at PATH), read on first sight. */
static struct file *file_of(struct objreg *r, const struct stat *st, const char *path,
			    const struct opts *o)
{
	struct file key = {
		(uint64_t)st->st_dev, (uint64_t)st->st_ino, NULL, 0, NULL, NONE
	};
	size_t mask, i;

	reserve(&r->byfile, r, file_hash);
	util_grow((void **)&r->files, &r->files_cap, r->nfiles + 1, sizeof *r->files);
	r->files[r->nfiles] = key;
	mask = r->byfile.cap - 1;
	for (i = file_hash(r, r->nfiles) & mask; r->byfile.slot[i]; i = (i + 1) & mask) {
		struct file *f = &r->files[r->byfile.slot[i] - 1];
		if (f->dev == key.dev && f->ino == key.ino)
			return f;
	}
	r->files[r->nfiles].id =
		read_build_id(path, o->load.debug_dirs, &r->files[r->nfiles].syms,
			      &r->files[r->nfiles].debug);
	r->byfile.slot[i] = ++r->nfiles;
	r->byfile.n++;
	return &r->files[r->nfiles - 1];
}

static int listed(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; *p;) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len == n && strncmp(p, name, n) == 0)
			return 1;
		p += len + (e != NULL);
	}
	return 0;
}

/* Whether F (at PATH) is the object MO recorded: the same build-id, or
 * without one the same digest of its text.  An object the map records
 * neither for (an older libtgmon's map, an object whose digest could not
 * be taken) cannot be checked: it is taken, with a warning (*UNCHECKED). */
static int same_object(struct file *f, const char *path, const struct mapfile_obj *mo,
		       int *unchecked)
{
	char dg[17];

	if (mo->id)
		return strcmp(f->id, mo->id) == 0;
	if (*f->id)
		return 0; /* a build-id now, none at run time */
	if (!mo->digest) {
		*unchecked = 1;
		return 1;
	}
	return objects_text_digest(path, mo->lo, mo->hi, dg) == 0 &&
	       strcmp(dg, mo->digest) == 0;
}

/* The file for object MO: its recorded path, then under each --lib-path
 * directory; it must be the recorded one (same_object).  *CAND gets the
 * path it was found at; NULL when none (*DIFFERS: one was another
 * build). */
static struct file *locate(struct objreg *r, const struct mapfile_obj *mo,
			   const struct opts *o, char **cand, int *differs,
			   int *unchecked)
{
	const char *base = objects_base_name(mo->path);

	for (int i = -1; i < o->load.nlib_paths; i++) {
		struct stat st;
		if (i < 0) {
			*cand = xstrdup(mo->path);
		} else {
			*cand = xmalloc(strlen(o->load.lib_paths[i]) + strlen(base) + 2);
			sprintf(*cand, "%s/%s", o->load.lib_paths[i], base);
		}
		if (stat(*cand, &st) == 0 && S_ISREG(st.st_mode)) {
			struct file *f = file_of(r, &st, *cand, o);
			if (f->id && same_object(f, *cand, mo, unchecked))
				return f;
			*differs |= f->id != NULL;
		}
		free(*cand);
	}
	*cand = NULL;
	return NULL;
}

/* A new registry entry for MO. */
static size_t add(struct objects *j, const char *map, const struct mapfile_obj *mo)
{
	if (j->n + 2 >= (size_t)1 << (64 - OBJECTS_SHIFT))
		util_die("%s: more objects than tgprof can join", map);
	util_grow((void **)&j->v, &j->cap, j->n + 1, sizeof *j->v);
	struct obj *b = &j->v[j->n];
	memset(b, 0, sizeof *b);
	b->path = xstrdup(mo->path);
	b->id = mo->id ? xstrdup(mo->id) : NULL;
	b->digest = mo->digest ? xstrdup(mo->digest) : NULL;
	b->base = objects_base_name(b->path);
	b->text_lo = mo->lo;
	b->text_hi = mo->hi;
	gmon_init(&b->sum);
	return j->n++;
}

/* Object MO's entry when it is opened (not -s). */
static size_t open_obj(struct objects *j, const char *map, const struct mapfile_obj *mo,
		       const struct opts *o)
{
	struct objreg *r = j->reg;
	char *cand;
	int differs = 0;
	size_t k;

	if (o->load.objects && !listed(o->load.objects, objects_base_name(mo->path))) {
		k = add(j, map, mo);
		j->v[k].state = 1;
		return k;
	}
	int unchecked = 0;
	struct file *f = locate(r, mo, o, &cand, &differs, &unchecked);
	if (f && f->k != NONE) {
		free(cand);
		return f->k; /* the same file under another name */
	}
	k = add(j, map, mo);
	struct obj *b = &j->v[k];
	if (!f) {
		if (r->nleft++ < MAX_WARN && differs)
			util_warn("%s: not the profiled object (its %s differs: rebuilt "
				  "since the run?); its functions are left out "
				  "(--lib-path=DIR names where the profiled one is)",
				  b->path, mo->id ? "build-id" : "code");
		else if (r->nleft <= MAX_WARN)
			util_warn("%s: %s; its functions are left out (--lib-path=DIR "
				  "names where it moved)",
				  b->path, strerror(ENOENT));
		b->state = 1;
		return k;
	}
	if (unchecked)
		util_warn("%s: joined unchecked: the map records no build-id nor digest "
			  "of it, so a file rebuilt since the run would be joined wrong",
			  cand);
	f->k = k;
	b->file = cand;
	b->syms_from = f->syms;
	b->have_syms = f->syms != OBJ_SYMS_NONE;
	if (b->have_syms) {
		struct symtab_opts so = opts_symtab(&o->load);
		so.external_table = NULL;
		so.dynamic = f->syms == OBJ_SYMS_DYNAMIC;
		so.any_suffix = 1;
		if (f->syms == OBJ_SYMS_DEBUG)
			b->debug = xstrdup(f->debug);
		symtab_load(&b->st, b->debug ? b->debug : b->file, &so);
	}
	return k;
}

size_t objects_find(struct objects *j, const char *map, const struct mapfile_obj *mo,
		    const struct opts *o)
{
	const char *id = mo->id ? mo->id : mo->digest ? mo->digest : "-";
	size_t plen = strlen(mo->path), len = plen + 1 + strlen(id);
	char *key = xmalloc(len + 1);
	size_t *slot, k;

	if (!j->reg)
		j->reg = xcalloc(1, sizeof *j->reg);
	memcpy(key, mo->path, plen + 1);
	memcpy(key + plen + 1, id, strlen(id) + 1);
	slot = name_slot(j->reg, key, len);
	if (*slot) {
		free(key);
		return j->reg->names[*slot - 1].k;
	}
	k = j->summing ? add(j, map, mo) : open_obj(j, map, mo, o);
	struct objreg *r = j->reg;
	util_grow((void **)&r->names, &r->names_cap, r->nnames + 1, sizeof *r->names);
	r->names[r->nnames] = (struct name){ key, len, k };
	*slot = ++r->nnames;
	r->byname.n++;
	return k;
}

void objects_reg_done(struct objects *j)
{
	if (j->reg && j->reg->nleft > MAX_WARN)
		util_warn("%zu more objects not found or not the profiled ones are left "
			  "out",
			  j->reg->nleft - MAX_WARN);
}

void objects_reg_free(struct objects *j)
{
	struct objreg *r = j->reg;

	if (!r)
		return;
	for (size_t i = 0; i < r->nnames; i++)
		free(r->names[i].key);
	for (size_t i = 0; i < r->nfiles; i++) {
		free(r->files[i].id);
		free(r->files[i].debug);
	}
	free(r->names);
	free(r->files);
	free(r->byname.slot);
	free(r->byfile.slot);
	free(r);
	j->reg = NULL;
}
