/* SPDX-License-Identifier: GPL-3.0-or-later */
/* objects: see objects.h; the file formats are in doc/multi-object.md. */
#include "config.h"
#include "objects.h"
#include "objectsint.h"
#include "opts.h"
#include "sort.h"
#include "util.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

uint64_t objects_window(size_t k)
{
	return (uint64_t)(k + 1) << OBJECTS_SHIFT;
}

size_t objects_count(const struct objects *j)
{
	return j ? j->n : 0;
}

const struct symtab *objects_object(const struct objects *j, size_t k, uint64_t *window)
{
	if (!j || k >= j->n || j->v[k].state != 0 || !j->v[k].have_syms)
		return NULL;
	*window = objects_window(k);
	return &j->v[k].st;
}

const char *objects_code_file(const struct objects *j, size_t k)
{
	if (!j || k >= j->n || !j->v[k].debug)
		return NULL;
	return j->v[k].file;
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
		for (uint32_t b = 0; b < t.hists[i].nbins; b++)
			j->v[k].samples += t.hists[i].bins[b];
		t.hists[i].bins = NULL;
		if (!prof->have_rate) {
			prof->rate = t.rate;
			prof->have_rate = 1;
		}
	}
	for (size_t i = 0; i < t.narcs; i++) {
		add_arc(prof, t.arcs[i].from_pc + w, t.arcs[i].self_pc + w,
			t.arcs[i].count);
		j->v[k].calls += t.arcs[i].count;
	}
	gmon_free(&t);
	free(path);
}

/* One map: MAP is the profile's path plus ".objects". */
void objects_read_map(struct objects *j, const char *map, struct gmon_profile *prof,
		      const struct opts *o)
{
	struct mapfile m;
	struct util_trap t;
	/* files are named relative to the map's directory */
	size_t dlen = (size_t)(objects_base_name(map) - map), *volatile local = NULL;
	char *dir = xmalloc(dlen + 1);

	memcpy(dir, map, dlen);
	dir[dlen] = '\0';
	memset(&m, 0, sizeof m);
	if (UTIL_TRAP_SET(&t)) {
		/* a bad map: what this function holds freed, the error passed on */
		mapfile_free(&m);
		free(local);
		free(dir);
		util_die("%s", t.msg);
	}
	mapfile_read(&m, map, objects_window(0));
	local = xmalloc(m.nobjs * sizeof *local);
	local[0] = SIZE_MAX; /* the program */
	for (size_t i = 1; i < m.nobjs; i++) {
		size_t k = local[i] = objects_find(j, map, &m.objs[i], o);
		if (j->v[k].state == 0 && m.objs[i].file)
			read_obj_file(j, k, dir, m.objs[i].file, prof);
	}
	for (size_t i = 0; i < m.narcs; i++) {
		const struct mapfile_arc *r = &m.arcs[i];
		size_t a = local[r->fobj], b = local[r->sobj];
		if ((a != SIZE_MAX && j->v[a].state) || (b != SIZE_MAX && j->v[b].state))
			continue;
		if (b != SIZE_MAX)
			j->v[b].calls += r->count;
		add_arc(j->summing ? &j->cross : prof,
			a == SIZE_MAX ? r->faddr : r->faddr + objects_window(a),
			b == SIZE_MAX ? r->saddr : r->saddr + objects_window(b),
			r->count);
	}
	util_trap_leave(&t);
	mapfile_free(&m);
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

/* S: the function "<NAME>" of object B over [LO, END]. */
static void add_whole(struct objects *j, struct sym *s, const struct obj *b, uint64_t lo,
		      uint64_t end)
{
	char *name = xmalloc(strlen(b->base) + 3);

	memset(s, 0, sizeof *s);
	sprintf(name, "<%s>", b->base);
	keep_name(j, name);
	s->addr = lo;
	s->end_addr = end;
	s->name = s->dname = name;
	s->is_func = 1;
}

static void build_table(struct objects *j, const struct symtab *exe)
{
	struct symtab *st = &j->joined;
	size_t n = exe->n;

	for (size_t k = 0; k < j->n; k++)
		n += j->v[k].state ? 0 : j->v[k].have_syms ? j->v[k].st.n + 1 : 1;
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
			/* No function symbols (stripped, nothing exported): one
			 * function for all of it, so its time is its own. */
			add_whole(j, &st->syms[st->n++], b, b->text_lo + w,
				  b->text_hi + w - 1);
			continue;
		}
		/* Dynamic symbols name only exported functions: the code of
		 * .text before the first of them (the C runtime's and
		 * static functions) is the object's own "<NAME>", not the
		 * PLT stub's before it. */
		int filler = b->syms_from == OBJ_SYMS_DYNAMIC;
		for (size_t i = 0; i <= b->st.n; i++) {
			uint64_t t = b->st.text_start;
			if (filler && (i == b->st.n || b->st.syms[i].addr >= t)) {
				filler = 0;
				struct sym *p =
					st->n > exe->n ? &st->syms[st->n - 1] : NULL;
				if (p && p->end_addr >= t + w)
					p->end_addr = t + w - 1;
				if (i == b->st.n || b->st.syms[i].addr != t)
					add_whole(j, &st->syms[st->n++], b, t + w,
						  i < b->st.n ? b->st.syms[i].addr + w - 1
							      : b->st.text_end + w - 1);
			}
			if (i == b->st.n)
				break;
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
	struct objects *volatile j = NULL;
	char *volatile map = NULL;
	struct util_trap t;

	if (!o->report.sum &&
	    (o->report.line || o->report.annotate || o->report.exec_counts)) {
		/* GNU's line-level reports read one executable's lines; the
		 * program's alone are given, and the user is told so (-s,
		 * which sets line, sums the objects' files itself) */
		for (int i = 0; i < o->load.nprofiles; i++) {
			char *mp = xmalloc(strlen(o->load.profiles[i]) + 9);
			sprintf(mp, "%s.objects", o->load.profiles[i]);
			int have = access(mp, F_OK) == 0;
			if (have)
				util_warn("%s: %s reports the program alone, as GNU "
					  "gprof "
					  "does; the shared objects' functions are left "
					  "out "
					  "(--asm=FUNC annotates them)",
					  mp,
					  o->report.line       ? "-l"
					  : o->report.annotate ? "-A"
							       : "-C");
			free(mp);
			if (have)
				break;
		}
		return NULL;
	}
	if (o->report.sum || o->report.map_file || o->load.external_table ||
	    (o->load.objects && !*o->load.objects))
		return NULL;
	if (UTIL_TRAP_SET(&t)) {
		/* a bad map or object: the objects read so far freed, the
		 * error passed on */
		free(map);
		objects_free(j);
		util_die("%s", t.msg);
	}
	for (int i = 0; i < o->load.nprofiles; i++) {
		map = xmalloc(strlen(o->load.profiles[i]) + 9);
		sprintf(map, "%s.objects", o->load.profiles[i]);
		if (access(map, F_OK) == 0) {
			if (!j) {
				if (exe->n &&
				    exe->syms[exe->n - 1].addr >= objects_window(0)) {
					util_warn("%s: addresses too high to join other "
						  "objects to",
						  exe->path);
					util_trap_leave(&t);
					free(map);
					return NULL;
				}
				j = xcalloc(1, sizeof *j);
				j->joined.abi = exe->abi;
			}
			objects_read_map(j, map, prof, o);
		}
		free(map);
		map = NULL;
	}
	util_trap_leave(&t);
	if (!j)
		return NULL;
	objects_reg_done(j);
	build_table(j, exe);
	mark_clashes(j, exe->n);
	return j;
}

/* Where object B's function names come from, for -i. */
static void put_source(FILE *out, const struct obj *b)
{
	switch (b->syms_from) {
	case OBJ_SYMS_DEBUG:
		fprintf(out, "symbols from the separate debug file %s", b->debug);
		break;
	case OBJ_SYMS_SYMTAB: fputs("symbols from its symbol table", out); break;
	case OBJ_SYMS_DYNAMIC:
		fputs("symbols from its dynamic symbols only (stripped, no debug file "
		      "found)",
		      out);
		break;
	default: fprintf(out, "no symbols found: one function <%s>", b->base); break;
	}
}

void objects_print_info(FILE *out, const struct objects *j)
{
	for (size_t k = 0; j && k < j->n; k++) {
		const struct obj *b = &j->v[k];
		fprintf(out, "Object `%s'", b->path);
		if (b->state) {
			fputs(" left out (not found, not the profiled one, or not asked "
			      "for)\n",
			      out);
			continue;
		}
		fputs(":\n\t", out);
		if (strcmp(b->file, b->path) != 0)
			fprintf(out, "found at %s\n\t", b->file);
		put_source(out, b);
		fprintf(out, "\n\t%" PRIu64 " samples, ", b->samples);
		if (b->calls)
			fprintf(out, "%" PRIu64 " calls\n", b->calls);
		else if (b->samples)
			fputs("no call counts (not built with -pg)\n", out);
		else
			fputs("no calls\n", out);
	}
}

/* NAME appended to *S (a list being built with separators). */
static void add_name(char **s, size_t *len, const char *name)
{
	size_t n = strlen(name);
	*s = xrealloc(*s, *len + n + 3);
	if (*len) {
		memcpy(*s + *len, ", ", 2);
		*len += 2;
	}
	memcpy(*s + *len, name, n + 1);
	*len += n;
}

char *objects_missing(const struct objects *j)
{
	char *nopg = NULL, *nosyms = NULL, *out;
	size_t a = 0, b = 0;

	for (size_t k = 0; j && k < j->n; k++) {
		const struct obj *o = &j->v[k];
		if (o->state)
			continue;
		if (o->samples && !o->calls)
			add_name(&nopg, &a, o->base);
		if (!o->have_syms)
			add_name(&nosyms, &b, o->base);
	}
	if (!nopg && !nosyms)
		return NULL;
	out = xmalloc(a + b + 128);
	sprintf(out, "%s%s%s%s%s", nopg ? "no call counts (not built with -pg): " : "",
		nopg ? nopg : "", nopg && nosyms ? "; " : "",
		nosyms ? "no symbols found: " : "", nosyms ? nosyms : "");
	free(nopg);
	free(nosyms);
	return out;
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
		free(j->v[k].digest);
		free(j->v[k].debug);
	}
	for (size_t i = 0; i < j->nnames; i++)
		free(j->names[i]);
	free(j->names);
	gmon_free(&j->cross);
	objects_reg_free(j);
	free(j->v);
	free(j->joined.syms);
	free(j);
}
