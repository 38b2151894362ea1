/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cyclebreak_sub: the component copies the solvers work on, their costs
 * and strongly connected components. */
#include "config.h"
#include "cyclebreak_int.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

void cb_sub_alloc(struct cb_sub *s, uint32_t n, uint32_t m)
{
	memset(s, 0, sizeof *s);
	s->n = n;
	s->m = m;
	s->src = xcalloc((size_t)m + 1, sizeof *s->src);
	s->dst = xcalloc((size_t)m + 1, sizeof *s->dst);
	s->w = xcalloc((size_t)m + 1, sizeof *s->w);
	s->fixed = xcalloc((size_t)m + 1, 1);
	s->garc = xcalloc((size_t)m + 1, sizeof *s->garc);
	s->ext_parent = xcalloc((size_t)n + 1, 1);
	s->nparents = xcalloc((size_t)n + 1, sizeof *s->nparents);
}

/* Counting sort of the arcs by each endpoint, keeping arc order. */
void cb_sub_index(struct cb_sub *s)
{
	uint32_t n = s->n, m = s->m;

	free(s->out_start);
	free(s->out_arc);
	free(s->in_start);
	free(s->in_arc);
	s->out_start = xcalloc((size_t)n + 2, sizeof(uint32_t));
	s->in_start = xcalloc((size_t)n + 2, sizeof(uint32_t));
	s->out_arc = xmalloc(((size_t)m + 1) * sizeof(uint32_t));
	s->in_arc = xmalloc(((size_t)m + 1) * sizeof(uint32_t));
	for (uint32_t a = 0; a < m; a++) {
		s->out_start[s->src[a] + 1]++;
		s->in_start[s->dst[a] + 1]++;
	}
	for (uint32_t v = 0; v < n; v++) {
		s->out_start[v + 1] += s->out_start[v];
		s->in_start[v + 1] += s->in_start[v];
	}
	uint32_t *fo = xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	uint32_t *fi = xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	memcpy(fo, s->out_start, (size_t)n * sizeof(uint32_t));
	memcpy(fi, s->in_start, (size_t)n * sizeof(uint32_t));
	for (uint32_t a = 0; a < m; a++) {
		s->out_arc[fo[s->src[a]]++] = a;
		s->in_arc[fi[s->dst[a]]++] = a;
	}
	free(fo);
	free(fi);
}

void cb_sub_free(struct cb_sub *s)
{
	free(s->src);
	free(s->dst);
	free(s->w);
	free(s->fixed);
	free(s->garc);
	free(s->ext_parent);
	free(s->nparents);
	free(s->calls);
	free(s->tself);
	free(s->ext_in);
	free(s->out_start);
	free(s->out_arc);
	free(s->in_start);
	free(s->in_arc);
	memset(s, 0, sizeof *s);
}

int cb_cost_less(struct cb_cost a, struct cb_cost b)
{
	if (a.calls != b.calls)
		return a.calls < b.calls;
	if (a.narcs != b.narcs)
		return a.narcs < b.narcs;
	return a.dup < b.dup;
}

struct cb_cost cb_cost_of(const struct cb_sub *s, const uint8_t *del)
{
	struct cb_cost c = { 0, 0, 0 };
	uint8_t *seen = xcalloc((size_t)s->n + 1, 1);
	for (uint32_t a = 0; a < s->m; a++) {
		if (del[a]) {
			c.calls += s->w[a];
			c.narcs++;
			if (seen[s->src[a]])
				c.dup++;
			seen[s->src[a]] = 1;
		}
	}
	free(seen);
	return c;
}

/* Tarjan's algorithm with an explicit call stack. */
uint32_t cb_scc(const struct cb_sub *s, const uint8_t *del, uint32_t *comp)
{
	uint32_t n = s->n;
	uint32_t *idx = xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	uint32_t *low = xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	uint32_t *tstack = xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	uint32_t *call = xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	uint32_t *pos = xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	uint32_t counter = 0, ncomp = 0, tdepth = 0;

	for (uint32_t v = 0; v < n; v++) {
		idx[v] = CB_NONE;
		comp[v] = CB_NONE;
	}
	for (uint32_t r = 0; r < n; r++) {
		if (idx[r] != CB_NONE)
			continue;
		uint32_t depth = 0;
		idx[r] = low[r] = counter++;
		tstack[tdepth++] = r;
		call[depth] = r;
		pos[depth++] = s->out_start[r];
		while (depth > 0) {
			uint32_t v = call[depth - 1];
			uint32_t p = pos[depth - 1];
			if (p < s->out_start[v + 1]) {
				pos[depth - 1] = p + 1;
				uint32_t a = s->out_arc[p];
				if (del && del[a])
					continue;
				uint32_t w = s->dst[a];
				if (idx[w] == CB_NONE) {
					idx[w] = low[w] = counter++;
					tstack[tdepth++] = w;
					call[depth] = w;
					pos[depth++] = s->out_start[w];
				} else if (comp[w] == CB_NONE && idx[w] < low[v]) {
					low[v] = idx[w];
				}
				continue;
			}
			depth--;
			if (low[v] == idx[v]) {
				uint32_t x;
				do {
					x = tstack[--tdepth];
					comp[x] = ncomp;
				} while (x != v);
				ncomp++;
			}
			if (depth > 0) {
				uint32_t u = call[depth - 1];
				if (low[v] < low[u])
					low[u] = low[v];
			}
		}
	}
	free(idx);
	free(low);
	free(tstack);
	free(call);
	free(pos);
	return ncomp;
}

int cb_fits(const struct cb_sub *s, const uint8_t *del, long bound)
{
	uint32_t *comp = xmalloc(((size_t)s->n + 1) * sizeof(uint32_t));
	uint32_t *size;
	uint32_t nc = cb_scc(s, del, comp);
	int ok = 1;

	size = xcalloc((size_t)nc + 1, sizeof *size);
	for (uint32_t v = 0; v < s->n; v++)
		if (++size[comp[v]] > (unsigned long)bound)
			ok = 0;
	free(size);
	free(comp);
	return ok;
}
