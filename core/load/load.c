/* SPDX-License-Identifier: GPL-3.0-or-later */
/* load: see load.h. */
#include "config.h"
#include "load.h"
#include "demangle.h"
#include "hist.h"
#include "lines.h"
#include "select.h"
#include "staticcg.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static void progress_at(load_progress_fn *progress, const char *phase, double f)
{
	if (progress)
		progress(phase, f);
}

/* Map each arc record to (caller, callee) functions and merge.  A record
 * whose ends fall outside every symbol is dropped, as GNU does. */
/* Returns how many records fell on functions of the program. */
static size_t add_arcs(struct load *l, const struct opts *o, load_progress_fn *progress)
{
	const struct gmon_profile *p = &l->prof;
	struct cg *g = &l->g;
	const struct symtab *st = g->st;
	struct select_arcs k;
	enum { PC_CACHE = 4096 };
	struct pc_cache {
		uint64_t pc;
		const struct sym *sym;
	} *cache = xcalloc(PC_CACHE, sizeof *cache);

	select_arcs_init(&k, o, st);
	/* Each file's records are its arcs or more: summed files of one
	 * program share most of theirs. */
	cg_arc_reserve(g, p->narcs / (o->load.nprofiles > 1 ? o->load.nprofiles : 1));

	/* First the symbols of every record, then the arcs: knowing the
	 * pairs ahead lets the hash table's slots be fetched before they are
	 * needed (1,000,000 records miss the cache otherwise). */
	uint32_t(*pair)[2] = xmalloc((p->narcs + 1) * sizeof *pair);
	/* Records come sorted by call site, so the caller is usually the
	 * previous record's: remember it rather than search again. */
	const struct sym *last_from = NULL;
	uint64_t last_pc = 0;
	size_t from_hint = 0;
	for (size_t i = 0; i < p->narcs; i++) {
		const struct gmon_arc *r = &p->arcs[i];
		const struct sym *from;
		if (last_from && r->from_pc == last_pc) {
			from = last_from;
		} else {
			from = symtab_find_near(st, r->from_pc, &from_hint);
			last_from = from;
			last_pc = r->from_pc;
		}
		/* Callees repeat (a few are called from everywhere): a
		 * direct-mapped cache in front of the binary search. */
		struct pc_cache *c =
			&cache[(r->self_pc ^ (r->self_pc >> 12)) & (PC_CACHE - 1)];
		if (!c->sym || c->pc != r->self_pc) {
			c->pc = r->self_pc;
			c->sym = symtab_callee(st, r->self_pc);
		}
		const struct sym *self = c->sym;
		pair[i][0] = from && self ? (uint32_t)(from - st->syms) : CG_NONE;
		pair[i][1] = from && self ? (uint32_t)(self - st->syms) : CG_NONE;
		if ((i & 0x3ffff) == 0)
			progress_at(progress, "symbols of arcs", (double)i / p->narcs);
	}
	enum { AHEAD = 16 };
	size_t mapped = 0;
	for (size_t i = 0; i < p->narcs; i++) {
		if (i + AHEAD < p->narcs && pair[i + AHEAD][0] != CG_NONE)
			cg_arc_prefetch(g, pair[i + AHEAD][0], pair[i + AHEAD][1]);
		if (pair[i][0] == CG_NONE)
			continue;
		mapped++;
		uint32_t a = cg_arc_add(g, pair[i][0], pair[i][1], p->arcs[i].count);
		if (k.n &&
		    select_arc_excluded(&k, &st->syms[pair[i][0]], &st->syms[pair[i][1]]))
			g->arcs[a].deleted = 1;
		if ((i & 0x3ffff) == 0)
			progress_at(progress, "arcs", (double)i / p->narcs);
	}
	free(pair);
	select_arcs_free(&k);
	free(cache);
	return mapped;
}

/* A profile of another program: neither a histogram over this program's
 * code nor an arc between its functions.  GNU gprof prints empty reports
 * then; we say what is wrong.  (A file with no records at all is valid.) */
static int check_belongs(const struct load *l, const struct opts *o, size_t mapped,
			 char *msg, size_t msglen)
{
	const struct gmon_profile *p = &l->prof;
	const struct symtab *st = &l->st;
	int hist_ok = 0;

	if (p->nhists == 0 && p->narcs == 0)
		return 0;
	for (size_t i = 0; i < p->nhists && !hist_ok; i++)
		hist_ok = p->hists[i].lowpc < st->text_end &&
			  p->hists[i].highpc > st->text_start;
	if (hist_ok || mapped > 0)
		return 0;
	util_msg(msg, msglen,
		 "%s: not a profile of %s (none of its addresses falls in that "
		 "program's code)",
		 o->load.nprofiles == 1 ? o->load.profiles[0] : "the profiles",
		 o->load.exe);
	return -1;
}

void load_all(struct load *l, const struct opts *o, load_progress_fn *progress)
{
	char msg[1024];

	if (load_run(l, o, progress, msg, sizeof msg) < 0)
		util_die("%s", msg);
}

/* load_run() up to the propagation. */
static int read_run(struct load *l, const struct opts *o, load_progress_fn *progress,
		    char *msg, size_t msglen)
{
	struct symtab_opts so = opts_symtab(&o->load);

	memset(l, 0, sizeof *l);
	progress_at(progress, "symbols", 0);
	symtab_load(&l->st, o->load.exe, &so);
	if (o->report.line) {
		progress_at(progress, "lines", 0);
		/* with -R the line table merges the mapped function symbols */
		symtab_load_lines(&l->st);
		if (o->report.map_file)
			ordering_map_load(&l->map, &l->st, o->report.map_file);
		lines_symtab(&l->lines, &l->st, o->report.map_file ? &l->map.st : NULL,
			     o->load.demangle_off ? -1
			     : o->load.demangle_style
				     ? demangle_style(o->load.demangle_style)
				     : demangle_style_auto());
	} else if (o->report.inline_file_names) {
		symtab_load_lines(&l->st);
	}
	gmon_init(&l->prof);
	for (int i = 0; i < o->load.nprofiles; i++) {
		progress_at(progress, "profile", (double)i / o->load.nprofiles);
		struct gmon_file_info info;
		if (gmon_read_file(&l->prof, o->load.profiles[i], &l->st.abi,
				   o->load.format, o->report.file_info ? &info : NULL,
				   msg, msglen) < 0) {
			load_free(l);
			return -1;
		}
		if (o->report.file_info)
			gmon_print_info(stdout, o->load.profiles[i], &info);
	}
	if (l->prof.nbbs > 0 && !o->report.line)
		util_warn("warning: ignoring basic-block exec counts (use -l or --line)");
	if (o->report.annotate || o->report.exec_counts)
		symtab_load_lines(&l->st);
	/* Shared objects profiled with the program (libtgmon's maps). */
	l->objs = objects_join(&l->st, &l->prof, o);
	if (o->report.file_info)
		objects_print_info(stdout, l->objs);
	const struct symtab *gst = l->objs ? objects_symtab(l->objs) : &l->st;
	if (o->report.line) {
		gst = &l->lines.st;
	} else if (o->report.map_file) {
		ordering_map_load(&l->map, &l->st, o->report.map_file);
		gst = &l->map.st;
	}
	cg_init(&l->g, gst, l->prof.rate);
	select_apply(&l->g, o);
	if (check_belongs(l, o, add_arcs(l, o, progress), msg, msglen) < 0) {
		load_free(l);
		return -1;
	}
	if (o->report.static_graph)
		staticcg_add(&l->g, l->st.bfd, &l->prof, o->load.static_all);
	progress_at(progress, "histogram", 0);
	hist_assign(&l->g, &l->prof);
	return 0;
}

int load_run(struct load *l, const struct opts *o, load_progress_fn *progress, char *msg,
	     size_t msglen)
{
	if (read_run(l, o, progress, msg, msglen) < 0)
		return -1;
	progress_at(progress, "propagation", 0);
	cg_propagate(&l->g);
	progress_at(progress, "done", 1);
	return 0;
}

void load_read(struct load *l, const struct opts *o, load_progress_fn *progress)
{
	char msg[1024];

	if (read_run(l, o, progress, msg, sizeof msg) < 0)
		util_die("%s", msg);
}

void load_free(struct load *l)
{
	cg_free(&l->g);
	lines_symtab_free(&l->lines);
	ordering_map_free(&l->map);
	gmon_free(&l->prof);
	objects_free(l->objs);
	symtab_free(&l->st);
	memset(l, 0, sizeof *l); /* freeing twice is harmless */
}
