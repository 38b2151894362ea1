/* SPDX-License-Identifier: GPL-3.0-or-later */
/* index: the index by function name that closes the call graph.
 *
 * Entries run down three columns (column-major).  In the traditional
 * style each is a fixed "%6.6s %-19.19s" cell; otherwise the bracketed
 * index is right-aligned in five columns and names run free, padded to
 * a third of the output width. */
#include "config.h"
#include "reportint.h"
#include "rows.h"
#include "sort.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

void report_index_ctx(struct report_ctx *c)
{
	const struct cg *g = c->g;
	const struct opts_report *o = c->o;
	uint32_t *v = xmalloc(((size_t)g->nfuncs + g->ncycles + 1) * sizeof *v);
	uint32_t todo = 0;
	int colw = (o->width - 1) / 3;
	char buf[64];

	for (uint32_t i = 0; i < g->nfuncs + g->ncycles; i++)
		if (rows_index_shown(g, i, o->zero))
			v[todo++] = i;
	util_msort_u32(v, todo, rows_index_cmp, g);

	fputs("\f\nIndex by function name\n\n", c->out);
	uint32_t rows = (todo + 2) / 3;
	for (uint32_t i = 0; i < rows; i++) {
		int col = 0, start = 0;
		for (uint32_t j = i; j < todo; j += rows) {
			uint32_t n = v[j];
			const struct cg_node *s = &g->nodes[n];
			rows_index_label(g, n, buf, sizeof buf);
			if (o->traditional) {
				fprintf(c->out, "%6.6s ", buf);
				if (!cg_is_cycle(g, n)) {
					fprintf(c->out, "%-19.19s", s->sym->name);
				} else {
					*rows_cycle_name(buf, s->cycle, 0) = 0;
					fprintf(c->out, "%-19.19s", buf);
				}
				continue;
			}
			col += (int)strlen(buf);
			for (; col < start + 5; col++)
				fputc(' ', c->out);
			fprintf(c->out, " %s ", buf);
			if (!cg_is_cycle(g, n)) {
				report_name_only(c, n);
				col += (int)report_name_len(c, n);
				const char *f =
					rows_index_file(g, n, o->print_path, o->line);
				if (f) {
					fprintf(c->out, " (%s)", f);
					col += (int)strlen(f) + 3;
				}
			} else {
				char *e = rows_cycle_name(buf, s->cycle, 0);
				fwrite(buf, 1, (size_t)(e - buf), c->out);
				col += (int)(e - buf);
			}
			start += colw;
		}
		fputc('\n', c->out);
	}
	free(v);
}
