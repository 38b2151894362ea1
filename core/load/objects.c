/* SPDX-License-Identifier: GPL-3.0-or-later */
/* objects: see objects.h; the file formats are in doc/multi-object.md. */
#include "config.h"
#include "objects.h"
#include "objectsint.h"
#include "opts.h"
#include "sort.h"
#include "util.h"

#include <bfd.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

uint64_t objects_window(size_t k)
{
	return (uint64_t)(k + 1) << OBJECTS_SHIFT;
}

const char *objects_base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* Build-id of PATH in hex (malloc'd), "" when it has none, NULL when the
 * file is not an object libbfd reads.  *SYMS: it has a symbol table. */
static char *read_build_id(const char *path, int *syms)
{
	bfd *abfd = bfd_openr(path, NULL);
	char *hex = NULL;

	if (!abfd)
		return NULL;
	if (!bfd_check_format(abfd, bfd_object)) {
		bfd_close(abfd);
		return NULL;
	}
	/* A symbol table with a function in .text (stripped system
	 * libraries have none: only dynamic symbols). */
	*syms = 0;
	long bytes = (bfd_get_file_flags(abfd) & HAS_SYMS)
			     ? bfd_get_symtab_upper_bound(abfd)
			     : 0;
	asection *text = bfd_get_section_by_name(abfd, ".text");
	if (bytes > 0 && text) {
		asymbol **v = xmalloc((size_t)bytes);
		long n = bfd_canonicalize_symtab(abfd, v);
		for (long i = 0; i < n && !*syms; i++)
			*syms = v[i]->section == text && (v[i]->flags & BSF_FUNCTION);
		free(v);
	}
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

/* Find the file for object B: its recorded path, then under each
 * --lib-path directory; the build-id must be the recorded one. */
static void open_obj(struct obj *b, const struct opts *o)
{
	int differs = 0, syms = 0;

	if (o->objects && !listed(o->objects, b->base)) {
		b->state = 1;
		return;
	}
	for (int i = -1; i < o->nlib_paths; i++) {
		char *cand;
		if (i < 0) {
			cand = xstrdup(b->path);
		} else {
			cand = xmalloc(strlen(o->lib_paths[i]) + strlen(b->base) + 2);
			sprintf(cand, "%s/%s", o->lib_paths[i], b->base);
		}
		char *id = access(cand, R_OK) == 0 ? read_build_id(cand, &syms) : NULL;
		if (id && (!b->id || strcmp(id, b->id) == 0)) {
			free(id);
			b->file = cand;
			break;
		}
		differs |= id != NULL;
		free(id);
		free(cand);
	}
	if (!b->file) {
		if (differs)
			util_warn("%s: not the profiled object (its build-id differs); "
				  "its functions are left out",
				  b->path);
		else
			util_warn("%s: %s; its functions are left out (--lib-path=DIR "
				  "names where it moved)",
				  b->path, strerror(ENOENT));
		b->state = 1;
		return;
	}
	b->have_syms = syms;
	if (syms) {
		struct symtab_opts so = opts_symtab(o);
		so.external_table = NULL;
		symtab_load(&b->st, b->file, &so);
	}
}

/* The registry entry for an object of a map, opened on first sight. */
static size_t find_obj(struct objects *j, const char *path, const char *id, uint64_t lo,
		       uint64_t hi, const struct opts *o)
{
	for (size_t k = 0; k < j->n; k++)
		if (strcmp(j->v[k].path, path) == 0 &&
		    (j->v[k].id ? id && strcmp(j->v[k].id, id) == 0 : !id))
			return k;
	util_grow((void **)&j->v, &j->cap, j->n + 1, sizeof *j->v);
	struct obj *b = &j->v[j->n];
	memset(b, 0, sizeof *b);
	b->path = xstrdup(path);
	b->id = id ? xstrdup(id) : NULL;
	b->base = objects_base_name(b->path);
	b->text_lo = lo;
	b->text_hi = hi;
	gmon_init(&b->sum);
	if (!j->summing)
		open_obj(b, o);
	return j->n++;
}

static void add_arc(struct gmon_profile *p, uint64_t from, uint64_t self, uint64_t count)
{
	util_grow((void **)&p->arcs, &p->arcs_cap, p->narcs + 1, sizeof *p->arcs);
	p->arcs[p->narcs].from_pc = from;
	p->arcs[p->narcs].self_pc = self;
	p->arcs[p->narcs].count = count;
	p->narcs++;
}

/* Object K's own file (FILE, beside the map in DIR): its histograms and
 * arcs, moved into its window. */
static void read_obj_file(struct objects *j, size_t k, const char *dir, const char *file,
			  struct gmon_profile *prof)
{
	struct gmon_profile t;
	char *path = xmalloc(strlen(dir) + strlen(file) + 2);
	uint64_t w = objects_window(k);

	sprintf(path, "%s%s", dir, file);
	if (j->summing) {
		gmon_read(&j->v[k].sum, path, &j->joined.abi, GMON_FMT_AUTO, NULL);
		free(path);
		return;
	}
	gmon_init(&t);
	gmon_read(&t, path, &j->joined.abi, GMON_FMT_AUTO, NULL);
	for (size_t i = 0; i < t.nhists; i++) {
		prof->hists =
			xrealloc(prof->hists, (prof->nhists + 1) * sizeof *prof->hists);
		prof->hists[prof->nhists] = t.hists[i];
		prof->hists[prof->nhists].lowpc += w;
		prof->hists[prof->nhists].highpc += w;
		prof->nhists++;
		t.hists[i].bins = NULL;
		if (!prof->have_rate) {
			prof->rate = t.rate;
			prof->have_rate = 1;
		}
	}
	for (size_t i = 0; i < t.narcs; i++)
		add_arc(prof, t.arcs[i].from_pc + w, t.arcs[i].self_pc + w,
			t.arcs[i].count);
	gmon_free(&t);
	free(path);
}

/* One map: MAP is the profile's path plus ".objects". */
void objects_read_map(struct objects *j, const char *map, struct gmon_profile *prof,
		      const struct opts *o)
{
	FILE *f = fopen(map, "r");
	char line[8192];
	size_t *local = NULL, nlocal = 0, cap = 0;
	/* files are named relative to the map's directory */
	size_t dlen = (size_t)(objects_base_name(map) - map);
	char *dir = xmalloc(dlen + 1);

	memcpy(dir, map, dlen);
	dir[dlen] = '\0';
	if (!f || !fgets(line, sizeof line, f) ||
	    strcmp(line, "tgmon objects 1\n") != 0) {
		if (f)
			util_warn("%s: not an object map of tgmon; left out", map);
		goto out;
	}
	while (fgets(line, sizeof line, f)) {
		size_t idx, fo, so;
		uint64_t lo, hi, fa, sa, count;
		char kind[16], file[4096], id[160];
		int at = 0;
		line[strcspn(line, "\n")] = '\0';
		if (sscanf(line,
			   "object %zu %15s %4095s %159s %" SCNx64 " %" SCNx64 " %n",
			   &idx, kind, file, id, &lo, &hi, &at) == 6 &&
		    at > 0 && idx == nlocal) {
			util_grow((void **)&local, &cap, nlocal + 1, sizeof *local);
			if (idx == 0) {
				local[nlocal++] = SIZE_MAX; /* the program */
				continue;
			}
			size_t k = find_obj(j, line + at, strcmp(id, "-") ? id : NULL, lo,
					    hi, o);
			local[nlocal++] = k;
			if (j->v[k].state == 0 && strcmp(file, "-") != 0)
				read_obj_file(j, k, dir, file, prof);
		} else if (sscanf(line, "arc %zu %" SCNx64 " %zu %" SCNx64 " %" SCNu64,
				  &fo, &fa, &so, &sa, &count) == 5 &&
			   fo < nlocal && so < nlocal) {
			size_t a = local[fo], b = local[so];
			if ((a != SIZE_MAX && j->v[a].state) ||
			    (b != SIZE_MAX && j->v[b].state))
				continue;
			add_arc(j->summing ? &j->cross : prof,
				a == SIZE_MAX ? fa : fa + objects_window(a),
				b == SIZE_MAX ? sa : sa + objects_window(b), count);
		} else {
			util_warn("%s: unreadable line left out: %.60s", map, line);
		}
	}
out:
	if (f)
		fclose(f);
	free(local);
	free(dir);
}

static char *keep_name(struct objects *j, char *name)
{
	util_grow((void **)&j->names, &j->names_cap, j->nnames + 1, sizeof *j->names);
	return j->names[j->nnames++] = name;
}

static int cmp_dname(const void *a, const void *b, void *ctx)
{
	const struct sym *s = ctx;
	return strcmp(s[*(const size_t *)a].dname, s[*(const size_t *)b].dname);
}

/* Names shared by several functions: show the object of each one that is
 * not the program's. */
static void mark_clashes(struct objects *j, size_t nexe)
{
	struct symtab *st = &j->joined;
	size_t *ix = xmalloc(st->n * sizeof *ix);

	for (size_t i = 0; i < st->n; i++)
		ix[i] = i;
	util_qsort_r(ix, st->n, sizeof *ix, cmp_dname, st->syms);
	for (size_t a = 0, b; a < st->n; a = b) {
		for (b = a + 1; b < st->n &&
				strcmp(st->syms[ix[a]].dname, st->syms[ix[b]].dname) == 0;
		     b++)
			;
		for (size_t i = a; b - a > 1 && i < b; i++) {
			struct sym *s = &st->syms[ix[i]];
			if (ix[i] < nexe)
				continue;
			const char *base = j->v[(s->addr >> OBJECTS_SHIFT) - 1].base;
			char *n = xmalloc(strlen(s->dname) + strlen(base) + 4);
			sprintf(n, "%s (%s)", s->dname, base);
			s->dname = keep_name(j, n);
		}
	}
	free(ix);
}

static void build_table(struct objects *j, const struct symtab *exe)
{
	struct symtab *st = &j->joined;
	size_t n = exe->n;

	for (size_t k = 0; k < j->n; k++)
		n += j->v[k].state ? 0 : j->v[k].have_syms ? j->v[k].st.n : 1;
	*st = *exe;
	st->syms = xmalloc((n + 2) * sizeof *st->syms);
	memcpy(st->syms, exe->syms, exe->n * sizeof *st->syms);
	st->n = exe->n;
	for (size_t k = 0; k < j->n; k++) {
		struct obj *b = &j->v[k];
		uint64_t w = objects_window(k);
		if (b->state)
			continue;
		if (!b->have_syms) {
			/* No symbol table (a stripped system library): one
			 * function for all of it, so its time is its own. */
			struct sym *s = &st->syms[st->n++];
			char *name = xmalloc(strlen(b->base) + 3);
			memset(s, 0, sizeof *s);
			sprintf(name, "<%s>", b->base);
			keep_name(j, name);
			s->addr = b->text_lo + w;
			s->end_addr = b->text_hi + w - 1;
			s->name = s->dname = name;
			s->is_func = 1;
			continue;
		}
		for (size_t i = 0; i < b->st.n; i++) {
			struct sym *s = &st->syms[st->n++];
			*s = b->st.syms[i];
			s->addr += w;
			s->end_addr += w;
		}
	}
	/* The histogram credits a symbol up to the next one's start: one
	 * past the last object, never shown, ends that object's last. */
	struct sym *end = &st->syms[st->n++];
	memset(end, 0, sizeof *end);
	end->addr = end->end_addr = objects_window(j->n);
	end->name = end->dname = "<end of objects>";
	end->is_excluded = 1;
}

struct objects *objects_join(const struct symtab *exe, struct gmon_profile *prof,
			     const struct opts *o)
{
	struct objects *j = NULL;

	if (o->sum || o->line || o->map_file || o->external_table || o->annotate ||
	    o->exec_counts || (o->objects && !*o->objects))
		return NULL;
	for (int i = 0; i < o->nprofiles; i++) {
		char *map = xmalloc(strlen(o->profiles[i]) + 9);
		sprintf(map, "%s.objects", o->profiles[i]);
		if (access(map, F_OK) == 0) {
			if (!j) {
				if (exe->n &&
				    exe->syms[exe->n - 1].addr >= objects_window(0)) {
					util_warn("%s: addresses too high to join other "
						  "objects to",
						  exe->path);
					free(map);
					return NULL;
				}
				j = xcalloc(1, sizeof *j);
				j->joined.abi = exe->abi;
			}
			objects_read_map(j, map, prof, o);
		}
		free(map);
	}
	if (!j)
		return NULL;
	build_table(j, exe);
	mark_clashes(j, exe->n);
	return j;
}

const struct symtab *objects_symtab(const struct objects *j)
{
	return &j->joined;
}

void objects_free(struct objects *j)
{
	if (!j)
		return;
	for (size_t k = 0; k < j->n; k++) {
		if (j->v[k].have_syms && !j->v[k].state)
			symtab_free(&j->v[k].st);
		gmon_free(&j->v[k].sum);
		free(j->v[k].path);
		free(j->v[k].file);
		free(j->v[k].id);
	}
	for (size_t i = 0; i < j->nnames; i++)
		free(j->names[i]);
	free(j->names);
	gmon_free(&j->cross);
	free(j->v);
	free(j->joined.syms);
	free(j);
}
