/* SPDX-License-Identifier: GPL-3.0-or-later */
/* app: the session's state and the operations on it; see app.h.
 *
 * Below the views: a view's open, build and current function are called
 * through its ops (view.h), never by name, so that views, the screen and
 * the commands can call down here without a cycle. */
#include "config.h"
#include "app.h"
#include "demangle.h"
#include "rows.h"
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The message line set from FMT and AP, of any length. */
static void set_message(struct app *a, int err, const char *fmt, va_list ap)
{
	va_list aq;
	va_copy(aq, ap);
	int n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	size_t need = n > 0 ? (size_t)n + 1 : 1;
	if (need > a->msgcap || !a->msg) {
		free(a->msg);
		a->msgcap = need < 256 ? 256 : need;
		a->msg = xmalloc(a->msgcap);
	}
	vsnprintf(a->msg, a->msgcap, fmt, ap);
	a->msg_err = err;
}

void app_progress(struct app *a, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	set_message(a, 0, fmt, ap);
	va_end(ap);
}

void app_message(struct app *a, int err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	set_message(a, err, fmt, ap);
	va_end(ap);
	/* The log keeps what the message line may cut; a bounded tail. */
	if (a->msglog.n >= 1000) {
		free(a->msglog.lines[0]);
		memmove(a->msglog.lines, a->msglog.lines + 1,
			(a->msglog.n - 1) * sizeof *a->msglog.lines);
		memmove(a->msglog.attr, a->msglog.attr + 1,
			(a->msglog.n - 1) * sizeof *a->msglog.attr);
		a->msglog.n--;
	}
	if (a->msg[0])
		textbuf_add(&a->msglog, err ? 1 : 0, "%s", a->msg);
}

static char **pending_key_errors;
static size_t npending, pendcap;

void app_key_error(const char *msg)
{
	util_grow((void **)&pending_key_errors, &pendcap, npending + 1,
		  sizeof *pending_key_errors);
	pending_key_errors[npending++] = xstrdup(msg);
}

size_t app_key_errors_show(struct app *a, size_t from)
{
	if (npending > from)
		app_message(a, 1, "%s%s", pending_key_errors[from],
			    npending - from > 1 ? " (and more: :messages)" : "");
	for (size_t i = from + 1; i < npending; i++)
		textbuf_add(&a->msglog, 1, "%s", pending_key_errors[i]);
	return npending > from ? npending - from : 0;
}

void app_views_init(struct app *a)
{
	for (int v = 0; v < V_N; v++)
		view_init(&a->views[v], v);
}

void app_views_fini(struct app *a)
{
	for (int v = 0; v < V_N; v++)
		view_fini(&a->views[v]);
}

struct view *app_view(struct app *a, int id)
{
	return &a->views[id];
}

size_t app_key_errors(char *const **errs)
{
	*errs = pending_key_errors;
	return npending;
}

const char *app_node_name(const struct app *a, uint32_t n, char *buf, size_t len)
{
	const struct cg *g = a->g;
	if (n < g->nfuncs)
		return a->labels ? a->labels[n] : g->nodes[n].sym->dname;
	char cyc[ROWS_CYCLE_MAX];
	char *e = rows_cycle_name(cyc, g->nodes[n].cycle, 1);
	snprintf(buf, len, "%.*s", (int)(e - cyc), cyc);
	return buf;
}

void app_labels_init(struct app *a)
{
	const struct opts *o = a->o;
	const struct cg *g = a->g;
	if (!(o->report.line || o->report.inline_file_names))
		return;
	a->labels = xmalloc(((size_t)g->nfuncs + 1) * sizeof *a->labels);
	for (uint32_t i = 0; i < g->nfuncs; i++) {
		const struct sym *s = g->nodes[i].sym;
		char suffix[4200];
		size_t k =
			rows_name_suffix(s, o->report.line, o->report.inline_file_names,
					 o->report.print_path, suffix, sizeof suffix);
		size_t len = strlen(s->dname) + k + 1;
		a->labels[i] = xmalloc(len);
		snprintf(a->labels[i], len, "%s%s", s->dname, suffix);
	}
}

void app_labels_free(struct app *a)
{
	if (!a->labels)
		return;
	for (uint32_t i = 0; i < a->g->nfuncs; i++)
		free(a->labels[i]);
	free(a->labels);
	a->labels = NULL;
}

void app_named(const struct app *a, char *dst, size_t len, const char *row,
	       const char *end, uint32_t n)
{
	char ref[64], buf[64];
	char *re = rows_ref(ref, a->g, n);
	snprintf(dst, len, "%.*s%s%.*s", (int)(end - row), row,
		 app_node_name(a, n, buf, sizeof buf), (int)(re - ref), ref);
}

/* The highlighted row of V becomes the selection: its function, or
 * none on a removed function's row, which is remembered. */
static void select_row(struct app *a, struct view *v)
{
	uint32_t row = v->rows[v->pane.cur];
	a->node = row & VIEW_ROW_BASE ? CG_NONE : row;
	a->node_removed = row & VIEW_ROW_BASE ? row : 0;
}

void app_sync_cursor(struct app *a, int view)
{
	struct view *v = &a->views[view];
	struct pane *p = &v->pane;
	uint32_t want = a->node != CG_NONE ? a->node
			: a->node_removed  ? a->node_removed
					   : CG_NONE;
	for (uint32_t i = 0; i < p->n; i++) {
		if (v->rows[i] == want) {
			p->cur = i;
			return;
		}
	}
	if (p->cur >= p->n)
		p->cur = p->n ? p->n - 1 : 0;
	/* The function is not listed here: in the shown view, the row the
	 * cursor is on becomes the selection, so what is highlighted is
	 * what acts. */
	if (view == a->view && p->n)
		select_row(a, v);
}

uint32_t app_cur_node(struct app *a, int view)
{
	struct view *v = &a->views[view];
	if (!v->pane.n || v->pane.cur >= v->pane.n ||
	    v->rows[v->pane.cur] & VIEW_ROW_BASE)
		return CG_NONE;
	return v->rows[v->pane.cur];
}

uint32_t app_row(struct app *a, int view, uint32_t i)
{
	return a->views[view].rows[i];
}

/* After a change of the model, a cycle node may have a new number: find
 * it again through one of its members.  Rows are rebuilt lazily. */
static void follow_model(struct app *a)
{
	unsigned long gen = edit_generation(a->ed);
	if (gen == a->seen_gen)
		return;
	a->seen_gen = gen;
	struct cg *g = a->g;
	if (a->node != CG_NONE && a->node >= g->nfuncs && a->node_member < g->nfuncs)
		a->node = g->nodes[a->node_member].head;
	if (a->node != CG_NONE && a->node >= g->nfuncs + g->ncycles)
		a->node = CG_NONE;
	app_invalidate(a);
}

void app_ensure_rows(struct app *a, int id)
{
	struct view *v = &a->views[id];
	const struct view_ops *ops = v->ops;
	follow_model(a);
	if (ops->build && (v->dirty || v->built_gen != edit_generation(a->ed))) {
		ops->build(a, v);
		v->built_gen = edit_generation(a->ed);
		v->dirty = 0;
	}
	if (id == a->view && view_has_funcs(id) && a->node == CG_NONE && v->pane.n &&
	    v->pane.cur < v->pane.n)
		select_row(a, v);
}

void app_invalidate(struct app *a)
{
	for (int v = 0; v < V_N; v++)
		a->views[v].dirty = 1;
}

int app_list_view(const struct app *a)
{
	return view_has_funcs(a->view) ? a->view : a->prev_list_view;
}

static void push_pos(struct app *a, struct histpos **s, size_t *n, size_t *cap)
{
	util_grow((void **)s, cap, *n + 1, sizeof **s);
	struct histpos *h = &(*s)[(*n)++];
	h->view = a->view;
	h->node = a->node;
	h->cur = a->views[a->view].pane.cur;
	h->top = a->views[a->view].pane.top;
	h->ep_cur = a->ep.cur;
	h->ep_top = a->ep.top;
	h->focus_entry = a->focus_entry;
}

/* The place we are at goes on the back stack; forward is forgotten. */
static void remember(struct app *a)
{
	push_pos(a, &a->back, &a->nback, &a->backcap);
	a->nfwd = 0;
}

static void set_node(struct app *a, uint32_t node)
{
	a->node = node;
	a->node_removed = 0;
	if (node != CG_NONE)
		a->node_member =
			node < a->g->nfuncs ? node : a->g->nodes[node].next_member;
}

static int list_has(struct app *a, int v, uint32_t node)
{
	app_ensure_rows(a, v);
	for (uint32_t i = 0; i < a->views[v].pane.n; i++)
		if (app_row(a, v, i) == node)
			return 1;
	return 0;
}

/* Show VIEW without remembering the place left. */
static void show_view(struct app *a, int view)
{
	struct view *v = &a->views[view];
	if (view_has_funcs(a->view))
		a->prev_list_view = a->view;
	a->view = view;
	if (!view_has_funcs(view))
		a->focus_entry = 0;
	if (v->ops->open)
		v->ops->open(a, v);
	app_ensure_rows(a, view);
	if (view_has_funcs(view)) {
		uint32_t was = a->node;
		app_sync_cursor(a, view);
		if (was != CG_NONE && a->node != was) {
			char b1[64];
			app_message(a, 0, "%s is not listed in this view",
				    app_node_name(a, was, b1, sizeof b1));
		}
		set_node(a, a->node);
	}
}

void app_set_view(struct app *a, int view)
{
	if (view == a->view)
		return;
	remember(a);
	show_view(a, view);
}

void app_select_node(struct app *a, uint32_t node, int push_history)
{
	if (push_history && node != a->node)
		remember(a);
	set_node(a, node);
	if (!view_has_funcs(a->view))
		return;
	/* A function this list does not show: a list that does. */
	if (!list_has(a, a->view, node)) {
		for (int v = 0; v < V_N; v++) {
			if (view_has_funcs(v) && list_has(a, v, node)) {
				show_view(a, v);
				break;
			}
		}
	}
	app_sync_cursor(a, a->view);
	set_node(a, a->node);
}

/* The pane keys move: the entry pane when focused, else the view's. */
struct pane *app_focused_pane(struct app *a)
{
	return a->focus_entry && view_has_funcs(a->view) ? &a->ep
							 : &a->views[a->view].pane;
}

void app_moved(struct app *a)
{
	struct view *v = &a->views[a->view];
	if (a->focus_entry || !v->ops->current)
		return;
	uint32_t n = v->ops->current(a, v);
	if (n != CG_NONE)
		set_node(a, n);
	else if (view_has_funcs(a->view) && v->pane.cur < v->pane.n &&
		 v->rows[v->pane.cur] & VIEW_ROW_BASE)
		select_row(a, v); /* nothing acts on a removed function */
}

void app_move_by(struct app *a, long d)
{
	struct pane *p = app_focused_pane(a);
	if (!p->n)
		return;
	long c = (long)p->cur + d;
	if (c < 0)
		c = 0;
	if (c >= (long)p->n)
		c = (long)p->n - 1;
	p->cur = (uint32_t)c;
	app_moved(a);
}

void app_history(struct app *a, int forward)
{
	struct histpos *from = forward ? a->fwd : a->back;
	size_t *n = forward ? &a->nfwd : &a->nback;
	if (*n == 0) {
		if (!view_has_funcs(a->view) && !forward) {
			show_view(a, a->prev_list_view);
			return;
		}
		app_message(a, 0, forward ? "no later position" : "no earlier position");
		return;
	}
	struct histpos p = from[--*n];
	if (forward)
		push_pos(a, &a->back, &a->nback, &a->backcap);
	else
		push_pos(a, &a->fwd, &a->nfwd, &a->fwdcap);
	if (p.node != CG_NONE && p.node >= a->g->nfuncs + a->g->ncycles)
		p.node = CG_NONE;
	if (p.node != CG_NONE)
		set_node(a, p.node);
	a->focus_entry = 0;
	show_view(a, p.view);
	struct pane *pn = &a->views[p.view].pane;
	if (!view_has_funcs(p.view))
		pn->cur = p.cur;
	pn->top = p.top;
	if (view_has_funcs(p.view)) {
		/* the entry pane as it was, built again for the function */
		a->focus_entry = p.focus_entry;
		a->ep_restore = 1;
		a->ep_cur = p.ep_cur;
		a->ep_top = p.ep_top;
	}
}

char *app_arc_name(const struct app *a, uint32_t arc)
{
	const struct cg *g = a->g;
	const struct cg_arc *c = &g->arcs[arc];
	const char *from = g->nodes[c->parent].sym->dname;
	const char *to = g->nodes[c->child].sym->dname;
	size_t len = strlen(from) + strlen(to) + 5;
	char *s = xmalloc(len);
	snprintf(s, len, "%s -> %s", from, to);
	return s;
}

int app_arc_edit(struct app *a, uint32_t arc, int restore)
{
	char msg[APP_MSG_MAX];
	int r = restore ? edit_arc_restore(a->ed, arc, msg, sizeof msg)
			: edit_arc_delete(a->ed, arc, msg, sizeof msg);
	if (r < 0) {
		app_message_names(a, 1, msg);
		return r;
	}
	/* Core's message names the arc as -k takes it (raw names); the
	 * user reads the names the screen shows. */
	const struct cg *g = a->g;
	const struct cg_arc *c = &g->arcs[arc];
	app_message(a, 0, "%s arc %s -> %s (%llu call%s)",
		    restore ? "restored" : "deleted", g->nodes[c->parent].sym->dname,
		    g->nodes[c->child].sym->dname, (unsigned long long)c->count,
		    c->count == 1 ? "" : "s");
	return r;
}

/* A character of a mangled name (C++'s and Rust's). */
static int mangled_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '$';
}

void app_message_names(struct app *a, int err, const char *msg)
{
	const struct opts *o = a->o;
	int style = o->load.demangle_off     ? -1
		    : o->load.demangle_style ? demangle_style(o->load.demangle_style)
					     : demangle_style_auto();
	size_t len = strlen(msg), cap = len + 1, k = 0;
	char *out = xmalloc(cap);
	for (const char *p = msg; *p;) {
		size_t n = 0;
		/* a word that starts a mangled name, at a word's start */
		if ((p == msg || !mangled_char(p[-1])) && p[0] == '_' &&
		    (p[1] == 'Z' || p[1] == 'R'))
			while (mangled_char(p[n]))
				n++;
		char *d = NULL;
		if (n && style >= 0) {
			char *w = xmalloc(n + 1);
			memcpy(w, p, n);
			w[n] = 0;
			d = demangle_name(w, style);
			free(w);
		}
		const char *put = d ? d : p;
		size_t m = d ? strlen(d) : n ? n : 1;
		if (k + m + 1 > cap) {
			cap = (k + m + 1) * 2;
			out = xrealloc(out, cap);
		}
		memcpy(out + k, put, m);
		k += m;
		p += n ? n : 1;
		free(d);
	}
	out[k] = 0;
	app_message(a, err, "%s", out);
	free(out);
}

int app_search_rows(struct app *a, int dir, int from_next)
{
	struct view *v = &a->views[a->view];
	const struct view_ops *ops = v->ops;
	struct pane *p = &v->pane;
	char buf[1024];
	app_ensure_rows(a, a->view);
	uint32_t n = p->n;
	if (!a->search.text || !n || !ops->row_text)
		return -1;
	if (p->cur >= n)
		p->cur = n - 1;
	for (uint32_t k = from_next ? 1 : 0; k <= n; k++) {
		uint32_t i = (uint32_t)(((int64_t)p->cur +
					 (dir < 0 ? -(int64_t)k : (int64_t)k) +
					 (int64_t)n * 2) %
					n);
		if (matcher_match(&a->search, ops->row_text(a, v, i, buf, sizeof buf))) {
			int wrapped = dir < 0 ? i > p->cur : i < p->cur;
			p->cur = i;
			return wrapped;
		}
	}
	return -1;
}

/* Matches in the shown view, and which of them the cursor is on or
 * after (*NTH, 1-based). */
static uint32_t match_count(struct app *a, uint32_t *nth)
{
	struct view *v = &a->views[a->view];
	const struct view_ops *ops = v->ops;
	char buf[1024];
	uint32_t n = v->pane.n, m = 0;
	*nth = 0;
	if (!a->search.text || !ops->row_text)
		return 0;
	for (uint32_t i = 0; i < n; i++) {
		if (matcher_match(&a->search, ops->row_text(a, v, i, buf, sizeof buf))) {
			m++;
			if (i <= v->pane.cur)
				*nth = m;
		}
	}
	return m;
}

void app_search(struct app *a, int dir, int again)
{
	if (!a->search.text) {
		app_message(a, 1, "no search yet: / searches");
		return;
	}
	a->focus_entry = 0;
	int r = app_search_rows(a, dir, again);
	if (r < 0) {
		app_message(a, 1, "not found: %s", a->search.text);
	} else {
		uint32_t nth, n = match_count(a, &nth);
		app_moved(a);
		app_message(a, 0, "%s%s (%u/%u)%s", dir < 0 ? "?" : "/", a->search.text,
			    nth, n, r ? ", wrapped" : "");
	}
}

int app_view_key(struct app *a, int act)
{
	struct view *v = &a->views[a->view];
	return !a->focus_entry && v->ops->key && v->ops->key(a, v, act);
}

/* Quit, unless edits were made since the last export: then say so and
 * quit on the next quit in a row. */
void app_quit(struct app *a)
{
	size_t n = edit_nsteps(a->ed);
	if (a->quit_asked || n == 0 || a->saved_gen == edit_generation(a->ed)) {
		a->quit = 1;
		return;
	}
	a->quit_asked = 1;
	app_message(a, 1,
		    "%zu edit%s not exported: quit again to quit, :export FILE or "
		    ":write-edits FILE saves, :q! quits",
		    n, n == 1 ? "" : "s");
}
