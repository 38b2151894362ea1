/* list: the rows of the flat, call-graph, index and deleted-arc views,
 * their sorting and filtering, and search over them.
 *
 * Which functions each view lists, and the default orders (the flat
 * profile's and the call graph's, ties included), are GNU gprof's from
 * core (rows.h), so an unsorted view reads like the report.  The cursor
 * is kept on a function, not a row number: after a rebuild it is put back
 * on app.node wherever that function went. */
#include "config.h"
#include "app.h"
#include "rows.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const flat_cols[] = { "self", "calls", "self-per-call",
					 "total-per-call", "name", NULL };
static const char *const graph_cols[] = { "total", "self", "children", "calls",
					  "name", NULL };
static const char *const index_cols[] = { "name", "index", NULL };

static const char *const *cols_of(int view)
{
	return view == V_FLAT ? flat_cols : view == V_GRAPH ? graph_cols
		: view == V_INDEX ? index_cols : NULL;
}

/* cg_msort's comparators take no context: the sort in progress. */
static int sort_col, sort_rev;

static const char *name_of(const struct cg *g, uint32_t n)
{
	return n < g->nfuncs ? g->nodes[n].sym->dname : "";
}

static int cmp_num(double x, double y)
{
	return x < y ? -1 : x > y;
}

/* Column key of node N for the current sort; numbers compare descending
 * by default, names ascending. */
static int cmp_rows(const struct cg *g, uint32_t l, uint32_t r, int view)
{
	const struct cg_node *a = &g->nodes[l], *b = &g->nodes[r];
	int c = 0;
	double ac = a->ncalls ? (double)a->ncalls : 0, bc = b->ncalls ? (double)b->ncalls : 0;
	if (view == V_FLAT) {
		switch (sort_col) {
		case 0: c = rows_flat_cmp(g, l, r); break;
		case 1: c = -cmp_num(ac, bc); break;
		case 2: c = -cmp_num(ac ? a->self_time / ac : -1, bc ? b->self_time / bc : -1); break;
		case 3: c = -cmp_num(ac ? (a->self_time + a->child_time) / ac : -1,
				     bc ? (b->self_time + b->child_time) / bc : -1); break;
		default: c = strcmp(name_of(g, l), name_of(g, r)); break;
		}
	} else if (view == V_GRAPH) {
		switch (sort_col) {
		case 0: c = cmp_num(a->index, b->index); break;
		case 1: c = -cmp_num(a->prop_self, b->prop_self); break;
		case 2: c = -cmp_num(a->prop_child, b->prop_child); break;
		case 3: c = -cmp_num((double)(a->ncalls + a->self_calls),
				     (double)(b->ncalls + b->self_calls)); break;
		default: c = strcmp(name_of(g, l), name_of(g, r)); break;
		}
	} else {
		if (sort_col == 1)
			c = cmp_num(a->index, b->index);
		else if ((l < g->nfuncs) != (r < g->nfuncs))
			c = l < g->nfuncs ? -1 : 1;
		else if (l < g->nfuncs)
			c = strcmp(a->sym->name, b->sym->name);
		else
			c = cmp_num(a->cycle, b->cycle);
	}
	return sort_rev ? -c : c;
}

static int cmp_flat_v(const struct cg *g, uint32_t l, uint32_t r) { return cmp_rows(g, l, r, V_FLAT); }
static int cmp_graph_v(const struct cg *g, uint32_t l, uint32_t r) { return cmp_rows(g, l, r, V_GRAPH); }
static int cmp_index_v(const struct cg *g, uint32_t l, uint32_t r) { return cmp_rows(g, l, r, V_INDEX); }

double list_node_pct(const struct app *a, uint32_t n)
{
	const struct cg *g = a->g;
	const struct cg_node *s = &g->nodes[n];
	if (a->view == V_FLAT)
		return g->total_time > 0 ? 100 * s->self_time / g->total_time : 0;
	return g->print_time > 0 ? 100 * (s->prop_self + s->prop_child) / g->print_time : 0;
}

const char *list_node_name(const struct app *a, uint32_t n, char *buf, size_t len)
{
	const struct cg *g = a->g;
	if (n < g->nfuncs)
		return g->nodes[n].sym->dname;
	snprintf(buf, len, "<cycle %u as a whole>", g->nodes[n].cycle);
	return buf;
}

static int keep(struct app *a, int view, uint32_t n)
{
	char buf[64];
	int saved = a->view;
	if (a->filter_pct > 0) {
		a->view = view;
		double p = list_node_pct(a, n);
		a->view = saved;
		if (p < a->filter_pct)
			return 0;
	}
	if (a->filter.text && !matcher_match(&a->filter, list_node_name(a, n, buf, sizeof buf)))
		return 0;
	return 1;
}

static void add_row(struct app *a, int view, uint32_t n)
{
	util_grow((void **)&a->rows[view], &a->rowcap[view], a->pane[view].n + 1,
		  sizeof *a->rows[view]);
	a->rows[view][a->pane[view].n++] = n;
}

void list_rebuild(struct app *a, int view)
{
	struct cg *g = a->g;
	const struct opts *o = a->o;
	a->pane[view].n = 0;
	if (view == V_FLAT) {
		for (uint32_t i = 0; i < g->nfuncs; i++) {
			if (!rows_flat_shown(g, i, o->zero))
				continue;
			if (keep(a, view, i))
				add_row(a, view, i);
		}
	} else if (view == V_GRAPH) {
		for (uint32_t k = 0; k < g->norder; k++) {
			uint32_t n = g->order[k];
			if (!rows_graph_shown(g, n, o->zero, o->line))
				continue;
			if (keep(a, view, n))
				add_row(a, view, n);
		}
	} else if (view == V_INDEX) {
		for (uint32_t i = 0; i < g->nfuncs + g->ncycles; i++) {
			if (!rows_index_shown(g, i, o->zero))
				continue;
			if (keep(a, view, i))
				add_row(a, view, i);
		}
	} else if (view == V_DELETED) {
		size_t n;
		const uint32_t *d = edit_deleted_arcs(a->ed, &n);
		for (size_t i = 0; i < n; i++)
			add_row(a, view, d[i]);
	}
	if (view == V_FLAT || view == V_GRAPH || view == V_INDEX) {
		int (*cmp)(const struct cg *, uint32_t, uint32_t) =
			view == V_FLAT ? cmp_flat_v : view == V_GRAPH ? cmp_graph_v : cmp_index_v;
		sort_col = a->sort_col[view];
		sort_rev = a->sort_rev[view];
		if (!(view == V_GRAPH && sort_col == 0 && !sort_rev))
			cg_msort(g, a->rows[view], a->pane[view].n, cmp);
	}
	a->built_gen[view] = edit_generation(a->ed);
	a->dirty_rows[view] = 0;
	list_sync_cursor(a, view);
}

void list_sync_cursor(struct app *a, int view)
{
	struct pane *p = &a->pane[view];
	if (view == V_DELETED) {
		if (p->cur >= p->n)
			p->cur = p->n ? p->n - 1 : 0;
		return;
	}
	for (uint32_t i = 0; i < p->n; i++) {
		if (a->rows[view][i] == a->node) {
			p->cur = i;
			return;
		}
	}
	if (p->cur >= p->n)
		p->cur = p->n ? p->n - 1 : 0;
}

uint32_t list_cur_node(struct app *a, int view)
{
	struct pane *p = &a->pane[view];
	return p->n ? a->rows[view][p->cur] : CG_NONE;
}

int list_sort_by_name(struct app *a, int view, const char *col, int dir)
{
	const char *const *cols = cols_of(view);
	if (!cols)
		return -1;
	if (strcmp(col, "time") == 0 || strcmp(col, "cumulative") == 0)
		col = view == V_FLAT ? "self" : "total";
	for (int i = 0; cols[i]; i++) {
		if (strcasecmp(cols[i], col) == 0) {
			a->sort_col[view] = i;
			a->sort_rev[view] = dir < 0;
			a->dirty_rows[view] = 1;
			return 0;
		}
	}
	return -1;
}

const char *list_sort_name(const struct app *a, int view)
{
	const char *const *cols = cols_of(view);
	return cols ? cols[a->sort_col[view]] : "";
}

void list_sort_step(struct app *a, int view, int step)
{
	const char *const *cols = cols_of(view);
	int n = 0;
	if (!cols)
		return;
	while (cols[n])
		n++;
	a->sort_col[view] = (a->sort_col[view] + step + n) % n;
	a->sort_rev[view] = 0;
	a->dirty_rows[view] = 1;
}

int list_search(struct app *a, int dir, int from_next)
{
	int view = a->view;
	struct pane *p = &a->pane[view];
	char buf[64];
	if (!a->search.text || !p->n || view == V_DELETED || view >= V_SOURCE)
		return -1;
	for (uint32_t k = from_next ? 1 : 0; k <= p->n; k++) {
		uint32_t i = (uint32_t)(((int64_t)p->cur + (dir < 0 ? -(int64_t)k : (int64_t)k)
					 + (int64_t)p->n * 2) % p->n);
		if (matcher_match(&a->search, list_node_name(a, a->rows[view][i], buf, sizeof buf))) {
			int wrapped = dir < 0 ? i > p->cur : i < p->cur;
			p->cur = i;
			return wrapped;
		}
	}
	return -1;
}

/* A pattern is a regular expression when it uses one of these. */
static int looks_regex(const char *s)
{
	return strpbrk(s, "^$*+?[]().|\\{}") != NULL;
}

int matcher_set(struct matcher *m, const char *text, char *err, size_t errlen)
{
	struct matcher n;
	memset(&n, 0, sizeof n);
	n.is_regex = looks_regex(text);
	n.icase = 1;
	for (const char *s = text; *s; s++)
		if (*s >= 'A' && *s <= 'Z')
			n.icase = 0;
	if (n.is_regex) {
		int r = regcomp(&n.re, text, REG_EXTENDED | REG_NOSUB | (n.icase ? REG_ICASE : 0));
		if (r != 0) {
			regerror(r, &n.re, err, errlen);
			return -1;
		}
	}
	matcher_clear(m);
	n.text = xstrdup(text);
	*m = n;
	return 0;
}

void matcher_clear(struct matcher *m)
{
	if (m->text && m->is_regex)
		regfree(&m->re);
	free(m->text);
	memset(m, 0, sizeof *m);
}

int matcher_match(const struct matcher *m, const char *s)
{
	if (!m->text)
		return 0;
	if (m->is_regex)
		return regexec(&m->re, s, 0, NULL, 0) == 0;
	if (!m->icase)
		return strstr(s, m->text) != NULL;
	size_t n = strlen(m->text);
	for (; *s; s++)
		if (strncasecmp(s, m->text, n) == 0)
			return 1;
	return n == 0;
}
