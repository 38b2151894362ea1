/* SPDX-License-Identifier: GPL-3.0-or-later */
/* context: what every report writer shares (see reportint.h): the
 * context, the form feed between reports, and how a function is named
 * (-T's raw names, -l and --inline-file-names suffixes, the call graph's
 * "<cycle N> [index]"). */
#include "config.h"
#include "reportint.h"
#include "rows.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

void report_sep(struct report_ctx *c)
{
	if (c->first)
		c->first = 0;
	else
		fputs("\f\n", c->out);
}

/* What follows a name with -l (" (file:line @ addr)") or with
 * --inline-file-names (" (file:line)"), for symbols with a source file;
 * the file is its last component unless -L.  Returns the length. */
static size_t name_suffix(const struct report_ctx *c, const struct sym *s, char *buf,
			  size_t len)
{
	return rows_name_suffix(s, c->o->line, c->o->inline_file_names, c->o->print_path,
				buf, len);
}

/* The name as GNU's print_name_only shows it. */
void report_name_only(struct report_ctx *c, uint32_t n)
{
	fputs(report_sym_name(c, n), c->out);
	if (c->o->line || c->o->inline_file_names) {
		char buf[4200];
		if (name_suffix(c, c->g->nodes[n].sym, buf, sizeof buf))
			fputs(buf, c->out);
	}
}

/* The traditional (-T) layout never demangles. */
const char *report_sym_name(const struct report_ctx *c, uint32_t n)
{
	const struct sym *s = c->g->nodes[n].sym;
	return c->o->traditional ? s->name : s->dname;
}

size_t report_name_len(const struct report_ctx *c, uint32_t n)
{
	size_t k = strlen(report_sym_name(c, n));
	if (c->o->line || c->o->inline_file_names) {
		char buf[4200];
		k += name_suffix(c, c->g->nodes[n].sym, buf, sizeof buf);
	}
	return k;
}

/* Name, cycle and index, as the call graph shows every reference. */
void report_name(struct report_ctx *c, uint32_t n)
{
	if (c->lbl) {
		fwrite(c->lbl + c->lbl_off[n], 1, c->lbl_off[n + 1] - c->lbl_off[n],
		       c->out);
		return;
	}
	char buf[64];
	report_name_only(c, n);
	fwrite(buf, 1, (size_t)(rows_ref(buf, c->g, n) - buf), c->out);
}

/* A big call graph names each function thousands of times in random
 * order; copying a ready label is much cheaper than chasing node, symbol
 * and string each time. */
void report_labels_build(struct report_ctx *c)
{
	const struct cg *g = c->g;
	size_t size = 0, cap = 0;

	if (c->o->line || c->o->inline_file_names || c->lbl)
		return;
	c->lbl_off = xmalloc(((size_t)g->nfuncs + 1) * sizeof *c->lbl_off);
	for (uint32_t i = 0; i < g->nfuncs; i++) {
		const char *name = report_sym_name(c, i);
		size_t len = strlen(name);
		util_grow((void **)&c->lbl, &cap, size + len + 64, 1);
		c->lbl_off[i] = (uint32_t)size;
		memcpy(c->lbl + size, name, len);
		size = (size_t)(rows_ref(c->lbl + size + len, g, i) - c->lbl);
		if (size > UINT32_MAX - 4096) {
			report_labels_free(c);
			return;
		}
	}
	c->lbl_off[g->nfuncs] = (uint32_t)size;
}

void report_labels_free(struct report_ctx *c)
{
	free(c->lbl);
	free(c->lbl_off);
	c->lbl = NULL;
	c->lbl_off = NULL;
}

long report_granularity(const struct cg *g)
{
	return (long)g->hist_scale * 2;
}

void report_ctx_init(struct report_ctx *c, FILE *out, const struct cg *g,
		     const struct opts_report *o)
{
	memset(c, 0, sizeof *c);
	c->out = out;
	c->g = g;
	c->o = o;
	c->first = 1;
	c->dimen = g->dimen[0] ? g->dimen : "seconds";
}
