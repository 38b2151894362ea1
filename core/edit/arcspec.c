/* SPDX-License-Identifier: GPL-3.0-or-later */
/* arcspec: edit_arc_spec(), an arc as the -k spec that names it (see
 * edit.h).  Its own file so that edit.c, which labels steps with it, and
 * editcmd.c, which reads specs, both depend on it and not on each other. */
#include "config.h"
#include "edit.h"
#include "editint.h"
#include "symspec.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* SYM's raw name as a symspec: a name with '.' would be read as a file, a
 * leading digit as a line, so those get an empty file part (":name"). */
static void name_spec(const struct sym *sy, int with_file, char *buf, size_t len)
{
	const char *name = sy->name;
	int colon = strchr(name, '.') || isdigit((unsigned char)name[0]);

	if (with_file && sy->file) {
		const char *slash = strrchr(sy->file, '/');
		snprintf(buf, len, "%s:%s", slash ? slash + 1 : sy->file, name);
	} else {
		snprintf(buf, len, "%s%s", colon ? ":" : "", name);
	}
}

/* Functions TEXT matches (at most MAX stored in OUT); returns the count. */
static uint32_t spec_funcs(const struct cg *g, const char *text, uint32_t *out,
			   uint32_t max)
{
	struct symspec sp;
	uint32_t k = 0;

	symspec_parse_in(&sp, text, g->st);
	for (uint32_t i = 0; i < g->nfuncs; i++)
		if (symspec_match(&sp, g->nodes[i].sym)) {
			if (k < max)
				out[k] = i;
			k++;
		}
	return k;
}

#define SPEC_MAXC 64

int edit_arc_spec(const struct edit *e, uint32_t a, char *buf, size_t len)
{
	const struct cg *g = &e->l->g;

	/* Raw names that each name one function: the spec of names alone,
	 * what edit_arc_spec_g() finds by scanning, found by counting the
	 * functions of each raw name (edit_raw_name_count: by a scan for
	 * one arc, by the session's index when writing 20,000). */
	if (len > 0 && a < g->narcs) {
		const struct sym *ps = g->nodes[g->arcs[a].parent].sym;
		const struct sym *cs = g->nodes[g->arcs[a].child].sym;
		if (edit_raw_name_count(e, ps) == 1 && edit_raw_name_count(e, cs) == 1) {
			char f[512], t[512];
			name_spec(ps, 0, f, sizeof f);
			name_spec(cs, 0, t, sizeof t);
			snprintf(buf, len, "%s/%s", f, t);
			return 1;
		}
	}
	return edit_arc_spec_g(g, a, buf, len);
}

int edit_arc_spec_g(const struct cg *g, uint32_t a, char *buf, size_t len)
{
	char f[512], t[512];

	if (len == 0)
		return 0;
	if (a >= g->narcs) {
		buf[0] = 0;
		return 0;
	}
	const struct cg_arc *arc = &g->arcs[a];
	const struct sym *ps = g->nodes[arc->parent].sym;
	const struct sym *cs = g->nodes[arc->child].sym;
	int unique = 0;
	for (int with_file = 0; with_file < 2 && !unique; with_file++) {
		uint32_t pc[SPEC_MAXC], cc[SPEC_MAXC];
		name_spec(ps, with_file, f, sizeof f);
		name_spec(cs, with_file, t, sizeof t);
		uint32_t np = spec_funcs(g, f, pc, SPEC_MAXC);
		uint32_t nc = spec_funcs(g, t, cc, SPEC_MAXC);
		if (np > SPEC_MAXC || nc > SPEC_MAXC)
			continue;
		uint32_t arcs = 0, found = CG_NONE;
		for (uint32_t i = 0; i < np; i++)
			for (uint32_t j = 0; j < nc; j++) {
				uint32_t x = cg_arc_find(g, pc[i], cc[j]);
				if (x != CG_NONE) {
					arcs++;
					found = x;
				}
			}
		/* one arc, and A: a file part names one of several files of
		 * that base name (GNU's rule), perhaps not A's */
		unique = arcs == 1 && found == a;
		if (!unique && (!ps->file || !cs->file))
			break; /* no file part to add */
	}
	if (!unique) {
		name_spec(ps, 0, f, sizeof f);
		name_spec(cs, 0, t, sizeof t);
	}
	snprintf(buf, len, "%s/%s", f, t);
	return unique;
}

void edit_arc_id(const struct edit *e, uint32_t a, char *buf, size_t len)
{
	const struct cg *g = &e->l->g;
	char from[1100], to[1100];

	if (edit_arc_spec(e, a, buf, len) || a >= g->narcs)
		return;
	edit_func_id(e, g->arcs[a].parent, from, sizeof from);
	edit_func_id(e, g->arcs[a].child, to, sizeof to);
	snprintf(buf, len, "%s/%s", from, to);
}
