/* SPDX-License-Identifier: GPL-3.0-or-later */
/* objsum: -s for multi-object profiles (see objects.h). */
#include "config.h"
#include "objectsint.h"
#include "sort.h"
#include "util.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int cmp_arc(const void *a, const void *b)
{
	const struct gmon_arc *x = a, *y = b;

	if (x->from_pc != y->from_pc)
		return x->from_pc < y->from_pc ? -1 : 1;
	return x->self_pc < y->self_pc ? -1 : x->self_pc > y->self_pc;
}

/* Sort P's arcs and add up those between the same two addresses. */
static void merge_arcs(struct gmon_profile *p)
{
	size_t m = 0;

	util_qsort(p->arcs, p->narcs, sizeof *p->arcs, cmp_arc);
	for (size_t i = 0; i < p->narcs; i++) {
		if (m > 0 && cmp_arc(&p->arcs[m - 1], &p->arcs[i]) == 0)
			p->arcs[m - 1].count += p->arcs[i].count;
		else
			p->arcs[m++] = p->arcs[i];
	}
	p->narcs = m;
}

struct sum_map {
	struct objects *j;
	const char *sumpath, *exe;
	char **files;
};

static int fill_sum_map(FILE *f, void *ctx)
{
	const struct sum_map *m = ctx;
	struct objects *j = m->j;
	const char *sumpath = m->sumpath, *exe = m->exe;
	char **files = m->files;
	struct mapfile_obj mo = {
		MAPFILE_EXE, objects_base_name(sumpath), NULL, 0, 0, exe, 0, NULL
	};
	int digests = 0;

	for (size_t k = 0; k < j->n; k++)
		digests |= j->v[k].digest != NULL;
	mapfile_put_header(f, digests);
	mapfile_put_object(f, 0, &mo);
	for (size_t k = 0; k < j->n; k++) {
		mo = (struct mapfile_obj){ MAPFILE_LIB,
					   files[k] ? objects_base_name(files[k]) : NULL,
					   j->v[k].id,
					   j->v[k].text_lo,
					   j->v[k].text_hi,
					   j->v[k].path,
					   0,
					   j->v[k].digest };
		mapfile_put_object(f, k + 1, &mo);
	}
	merge_arcs(&j->cross);
	for (size_t i = 0; i < j->cross.narcs; i++) {
		const struct gmon_arc *r = &j->cross.arcs[i];
		uint64_t mask = ((uint64_t)1 << OBJECTS_SHIFT) - 1;
		struct mapfile_arc a = { r->from_pc >> OBJECTS_SHIFT,
					 r->self_pc >> OBJECTS_SHIFT, r->from_pc & mask,
					 r->self_pc & mask, r->count };
		mapfile_put_arc(f, &a);
	}
	return 0;
}

/* The map of the summed files, beside them, written as util.h says: a
 * name tgprof chose, so never through a symbolic link, into a device or
 * FIFO, or over another user's file. */
static void write_sum_map(struct objects *j, const char *sumpath, const char *exe,
			  char **files)
{
	char *path = xmalloc(strlen(sumpath) + 9), msg[4200];
	struct sum_map m = { j, sumpath, exe, files };

	sprintf(path, "%s.objects", sumpath);
	if (util_write_file(path, 0, fill_sum_map, &m, NULL, msg, sizeof msg) != 0)
		util_die("%s", msg);
	free(path);
}

/* The file of object K: SUMPATH.BASE, named as libtgmon names them and
 * made unique the same way (".K+1" added for as long as it is the map's
 * name or one of FILES[0..K-1]). */
static char *sum_file(char **files, size_t k, const char *sumpath, const char *base)
{
	size_t len = strlen(sumpath) + strlen(base) + 1;
	char *f = xmalloc(len + 1);

	sprintf(f, "%s.%s", sumpath, base);
	for (;;) {
		int clash = strcmp(f + strlen(sumpath) + 1, "objects") == 0;
		for (size_t m = 0; m < k && !clash; m++)
			clash = files[m] && strcmp(files[m], f) == 0;
		if (!clash)
			return f;
		f = xrealloc(f, len + 24);
		len += (size_t)sprintf(f + len, ".%zu", k + 1);
	}
}

void objects_sum(const struct opts *o, const struct gmon_abi *abi, const char *sumpath)
{
	struct objects *j = xcalloc(1, sizeof *j);
	int any = 0;

	j->summing = 1;
	j->joined.abi = *abi;
	gmon_init(&j->cross);
	for (int i = 0; i < o->load.nprofiles; i++) {
		char *map = xmalloc(strlen(o->load.profiles[i]) + 9);
		sprintf(map, "%s.objects", o->load.profiles[i]);
		if (access(map, F_OK) == 0) {
			objects_read_map(j, map, &j->cross, o);
			any = 1;
		}
		free(map);
	}
	if (any) {
		char **files = xcalloc(j->n + 1, sizeof *files);
		for (size_t k = 0; k < j->n; k++) {
			struct gmon_profile *p = &j->v[k].sum;
			if (p->nhists == 0 && p->narcs == 0)
				continue;
			files[k] = sum_file(files, k, sumpath, j->v[k].base);
			merge_arcs(p);
			gmon_write(files[k], p, abi, p->arcs, p->narcs);
		}
		write_sum_map(j, sumpath, o->load.exe, files);
		for (size_t k = 0; k < j->n; k++)
			free(files[k]);
		free(files);
	}
	objects_free(j);
}
