/* SPDX-License-Identifier: GPL-3.0-or-later */
/* app: tui_main(), the event loop, layout and drawing of the screen, and
 * the actions keys are bound to.
 *
 * Dispatch: a key is looked up in the focused view's keymap (then the
 * generic one) and its action run here; commands typed at the prompt go
 * to cmd.c.  Whatever changed, the loop redraws the whole screen (curses
 * sends only the difference), and the lists are rebuilt only when the
 * model's generation, their sort or the filters changed. */
#include "config.h"
#include "app.h"
#include "baseline.h"
#include "tui.h"
#include "action.h"
#include "keymap.h"
#include "term.h"
#include "util.h"

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <langinfo.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct app *app_current;

void app_message(struct app *a, int err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(a->msg, sizeof a->msg, fmt, ap);
	va_end(ap);
	a->msg_err = err;
	/* The log keeps what the message line may cut; a bounded tail. */
	if (a->msglog.n >= 1000) {
		free(a->msglog.lines[0]);
		memmove(a->msglog.lines, a->msglog.lines + 1, (a->msglog.n - 1) * sizeof *a->msglog.lines);
		memmove(a->msglog.attr, a->msglog.attr + 1, (a->msglog.n - 1) * sizeof *a->msglog.attr);
		a->msglog.n--;
	}
	if (a->msg[0])
		textbuf_add(&a->msglog, err ? 1 : 0, "%s", a->msg);
}

static char **pending_key_errors;
static size_t npending, pendcap;

void app_key_error(const char *msg)
{
	util_grow((void **)&pending_key_errors, &pendcap, npending + 1, sizeof *pending_key_errors);
	pending_key_errors[npending++] = xstrdup(msg);
	if (app_current)
		app_message(app_current, 1, "%s", msg);
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
	for (int v = 0; v < V_N; v++)
		a->dirty_rows[v] = 1;
}

void app_ensure_rows(struct app *a, int v)
{
	const struct view_ops *ops = view_ops(v);
	follow_model(a);
	if (ops->build && (a->dirty_rows[v] || a->built_gen[v] != edit_generation(a->ed))) {
		ops->build(a);
		a->built_gen[v] = edit_generation(a->ed);
		a->dirty_rows[v] = 0;
	}
	if (v == a->view && view_has_funcs(v) && a->node == CG_NONE && a->pane[v].n)
		a->node = list_cur_node(a, v);
}

void app_invalidate(struct app *a)
{
	for (int v = 0; v < V_N; v++)
		a->dirty_rows[v] = 1;
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
	h->cur = a->pane[a->view].cur;
	h->top = a->pane[a->view].top;
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
	if (node != CG_NONE)
		a->node_member = node < a->g->nfuncs ? node : a->g->nodes[node].next_member;
}

static int list_has(struct app *a, int v, uint32_t node)
{
	app_ensure_rows(a, v);
	for (uint32_t i = 0; i < a->pane[v].n; i++)
		if (list_row(a, v, i) == node)
			return 1;
	return 0;
}

/* Show VIEW without remembering the place left. */
static void show_view(struct app *a, int view)
{
	const struct view_ops *ops = view_ops(view);
	if (view_has_funcs(a->view))
		a->prev_list_view = a->view;
	a->view = view;
	if (!view_has_funcs(view))
		a->focus_entry = 0;
	if (ops->open)
		ops->open(a);
	app_ensure_rows(a, view);
	if (view_has_funcs(view)) {
		uint32_t was = a->node;
		list_sync_cursor(a, view);
		if (was != CG_NONE && a->node != was) {
			char b1[64];
			app_message(a, 0, "%s is not listed in this view",
				    list_node_name(a, was, b1, sizeof b1));
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
	list_sync_cursor(a, a->view);
	set_node(a, a->node);
}

/* The pane keys move: the entry pane when focused, else the view's. */
static struct pane *focused_pane(struct app *a)
{
	return a->focus_entry && view_has_funcs(a->view) ? &a->ep : &a->pane[a->view];
}

void app_moved(struct app *a)
{
	const struct view_ops *ops = view_ops(a->view);
	if (a->focus_entry || !ops->current)
		return;
	uint32_t n = ops->current(a);
	if (n != CG_NONE)
		set_node(a, n);
}

void app_move_by(struct app *a, long d)
{
	struct pane *p = focused_pane(a);
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

/* Back (or forward): exactly the view, function and scroll we left. */
static void go_history(struct app *a, int forward)
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
	struct pane *pn = &a->pane[p.view];
	if (!view_has_funcs(p.view))
		pn->cur = p.cur;
	pn->top = p.top;
}

static const struct entry_line *entry_cur(struct app *a)
{
	if (!view_has_funcs(a->view) || a->ep.cur >= a->nel || a->el_node != a->node)
		return NULL;
	return &a->el[a->ep.cur];
}

int app_arc_edit(struct app *a, uint32_t arc, int restore)
{
	char msg[512];
	int r = restore ? edit_arc_restore(a->ed, arc, msg, sizeof msg)
		: edit_arc_delete(a->ed, arc, msg, sizeof msg);
	if (r < 0) {
		app_message(a, 1, "%s", msg);
		return r;
	}
	/* Core's message names the arc as -k takes it (raw names); the
	 * user reads the names the screen shows. */
	const struct cg *g = a->g;
	const struct cg_arc *c = &g->arcs[arc];
	app_message(a, 0, "%s arc %s -> %s (%llu call%s)", restore ? "restored" : "deleted",
		    g->nodes[c->parent].sym->dname, g->nodes[c->child].sym->dname,
		    (unsigned long long)c->count, c->count == 1 ? "" : "s");
	return r;
}

/* d and r in the entry pane: the arc of the line under the cursor. */
static void arc_op(struct app *a, int restore)
{
	const struct entry_line *l = entry_cur(a);
	uint32_t arc = l ? l->arc : CG_NONE;
	if (arc == CG_NONE) {
		app_message(a, 1, a->entry_h > 0
			    ? "no arc under the cursor: Tab to the entry pane and pick a caller or callee line"
			    : "entry pane hidden (screen too small)");
		return;
	}
	app_arc_edit(a, arc, restore);
}

/* Enter in the entry pane: the function of the line, in a list that
 * shows it. */
void app_follow(struct app *a)
{
	if (!view_has_funcs(a->view) || !a->focus_entry)
		return;
	const struct entry_line *l = entry_cur(a);
	if (!l || l->node == CG_NONE || l->kind == 1)
		return;
	app_select_node(a, l->node, 1);
}

void app_search(struct app *a, int dir, int again)
{
	if (!a->search.text) {
		app_message(a, 1, "no search yet: / searches");
		return;
	}
	a->focus_entry = 0;
	int r = view_search(a, dir, again);
	if (r < 0) {
		app_message(a, 1, "not found: %s", a->search.text);
	} else {
		uint32_t nth, n = view_match_count(a, &nth);
		app_moved(a);
		app_message(a, 0, "%s%s (%u/%u)%s", dir < 0 ? "?" : "/", a->search.text, nth, n,
			    r ? ", wrapped" : "");
	}
}

int app_run_action(struct app *a, int act)
{
	char msg[512];
	struct pane *p = focused_pane(a);
	int page = p->height > 1 ? (int)p->height - 1 : 1;
	const struct view_ops *ops = view_ops(a->view);
	/* The shown view reads the action first (not while the entry pane,
	 * which has its own keymap, has the focus). */
	if (!a->focus_entry && ops->key && ops->key(a, act))
		return 0;
	switch (act) {
	case ACT_NONE: break;
	case ACT_QUIT: app_quit(a); break;
	case ACT_HELP: app_set_view(a, V_HELP); break;
	case ACT_PROMPT: {
		char *line = prompt_read(a, ":", 0);
		if (line) {
			cmd_run(a, line);
			free(line);
		}
		break;
	}
	case ACT_SEARCH:
	case ACT_SEARCH_BACK: {
		int dir = act == ACT_SEARCH ? 1 : -1;
		char *line = prompt_read(a, dir > 0 ? "/" : "?", dir);
		if (line && *line) {
			char err[256];
			if (matcher_set(&a->search, line, err, sizeof err) < 0)
				app_message(a, 1, "bad pattern: %s", err);
			else {
				a->search_dir = dir;
				app_search(a, dir, 1);
			}
		}
		free(line);
		break;
	}
	case ACT_FIND_NEXT: app_search(a, a->search_dir ? a->search_dir : 1, 1); break;
	case ACT_FIND_PREV: app_search(a, a->search_dir ? -a->search_dir : -1, 1); break;
	case ACT_MOVE_UP: app_move_by(a, -1); break;
	case ACT_MOVE_DOWN: app_move_by(a, 1); break;
	case ACT_PAGE_UP: app_move_by(a, -page); break;
	case ACT_PAGE_DOWN: app_move_by(a, page); break;
	case ACT_HALF_UP: app_move_by(a, -(page + 1) / 2); break;
	case ACT_HALF_DOWN: app_move_by(a, (page + 1) / 2); break;
	case ACT_MOVE_FIRST: app_move_by(a, -(long)p->n); break;
	case ACT_MOVE_LAST: app_move_by(a, (long)p->n); break;
	case ACT_ENTER: app_follow(a); break;
	case ACT_BACK: go_history(a, 0); break;
	case ACT_FORWARD: go_history(a, 1); break;
	case ACT_NEXT_PANE:
		if (view_has_funcs(a->view) && a->entry_h > 0)
			a->focus_entry = !a->focus_entry;
		break;
	case ACT_DELETE_ARC: arc_op(a, 0); break;
	case ACT_RESTORE_ARC: arc_op(a, 1); break;
	case ACT_UNDO:
		app_message(a, edit_undo(a->ed, msg, sizeof msg) < 0, "%s", msg);
		break;
	case ACT_REDO:
		app_message(a, edit_redo(a->ed, msg, sizeof msg) < 0, "%s", msg);
		break;
	case ACT_VIEW_FLAT: app_set_view(a, V_FLAT); break;
	case ACT_VIEW_GRAPH: app_set_view(a, V_GRAPH); break;
	case ACT_VIEW_INDEX: app_set_view(a, V_INDEX); break;
	case ACT_VIEW_SOURCE: app_set_view(a, V_SOURCE); break;
	case ACT_VIEW_DELETED: app_set_view(a, V_DELETED); break;
	case ACT_SORT_NEXT:
	case ACT_SORT_PREV:
		if (!ops->columns)
			break;
		list_sort_step(a, a->view, act == ACT_SORT_NEXT ? 1 : -1);
		app_message(a, 0, "sorted by %s", list_sort_name(a, a->view));
		break;
	case ACT_SORT_REVERSE:
		if (!ops->columns)
			break;
		a->sort_rev[a->view] = !a->sort_rev[a->view];
		a->dirty_rows[a->view] = 1;
		app_message(a, 0, "sorted by %s, %s", list_sort_name(a, a->view),
			    a->sort_rev[a->view] ? "reversed" : "usual order");
		break;
	case ACT_TOGGLE_DELTA:
		a->show_delta = !a->show_delta;
		app_message(a, 0, "change columns %s", a->show_delta ? "shown (when there are edits)" : "hidden");
		break;
	case ACT_FILTER_CLEAR:
		a->filter_pct = 0;
		matcher_clear(&a->filter);
		app_invalidate(a);
		app_message(a, 0, "filters off");
		break;
	case ACT_TOGGLE_MARK:
	case ACT_ACCEPT:
	case ACT_PIN_ARC:
	case ACT_FORCE_ARC:
	case ACT_UNPIN_ARC:
		break; /* the cycles view's own */
	case ACT_REFRESH: clearok(curscr, TRUE); break;
	case ACT_TOGGLE_NAMES:
		a->full_names = !a->full_names;
		app_message(a, 0, "names %s", a->full_names ? "whole" : "with template arguments shortened");
		break;
	case ACT_SCROLL_LEFT:
	case ACT_SCROLL_RIGHT:
		a->hscroll += act == ACT_SCROLL_RIGHT ? 16 : -16;
		if (a->hscroll < 0)
			a->hscroll = 0;
		app_message(a, 0, "names scrolled by %d", a->hscroll);
		break;
	case ACT_TOGGLE_BARS:
		a->bars = !a->bars;
		app_message(a, 0, "bars of %% time %s", a->bars ? "shown (at 100 columns and more)" : "hidden");
		break;
	case ACT_TOGGLE_SIGNIFICANT:
		baseline_significant(a, "toggle");
		break;
	}
	return 0;
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
	app_message(a, 1, "%zu edit%s not exported: quit again to quit, :export FILE saves, :q! quits",
		    n, n == 1 ? "" : "s");
}

static double load_t0;

static void progress(const char *phase, double f)
{
	if (util_now() - load_t0 < 0.5 || LINES < 1)
		return;
	char line[128];
	snprintf(line, sizeof line, "loading: %s %3.0f%%", phase, 100 * f);
	erase();
	draw_text(LINES / 2, COLS > 30 ? (COLS - 30) / 2 : 0, COLS, line, 0);
	refresh();
}

static int kview_of(const struct app *a)
{
	if (a->focus_entry && view_has_funcs(a->view))
		return KV_ENTRY;
	return view_ops(a->view)->keymap;
}

int tui_main(const struct opts *o)
{
	static struct app app;
	struct app *a = &app;
	const char *script = getenv("TGPROF_SCRIPT");
	char err[512];
	double t_start = util_now();

	setlocale(LC_ALL, "");
	a->utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	a->o = o;
	a->show_delta = 1;
	a->bars = 1;
	a->color = 1;
	a->node = CG_NONE;
	keymap_clear();
	keymap_load_builtin("default", app_key_error);
	keymap_load_user(app_key_error);
	if (script && *script && script_open(script, err, sizeof err) < 0)
		util_die("%s", err);
	if (term_open(script && *script ? script : NULL) < 0)
		util_die("cannot start the terminal (TERM=%s)", getenv("TERM") ? getenv("TERM") : "");
	draw_init_colors(a);
	load_t0 = util_now();
	load_all(&a->ld, o, progress);
	double t_loaded = util_now();
	a->ed = edit_open(&a->ld, o);
	if (o->edits_file) { /* --edits=FILE: its commands are undoable steps */
		char emsg[1024];
		if (editfile_apply(a->ed, o->edits_file, emsg, sizeof emsg) < 0)
			util_die("%s", emsg);
	}
	double t_opened = util_now();
	a->g = edit_graph(a->ed);
	a->seen_gen = edit_generation(a->ed);
	app_current = a;
	if (npending)
		app_message(a, 1, "%s%s", pending_key_errors[0],
			    npending > 1 ? " (and more, shown on exit)" : "");
	prompt_init(a);
	a->view = o->graph || !o->flat ? V_GRAPH : V_FLAT;
	a->prev_list_view = a->view;
	/* --baseline on a terminal: the browser compares from the start;
	 * a bad file ends the program as the text comparison would. */
	if (o->nbaselines > 0 && baseline_load(a, o->baselines, o->nbaselines, err, sizeof err) < 0)
		util_die("%s", err);
	app_invalidate(a);
	app_ensure_rows(a, a->view);
	/* --break-cycles=N in the browser: start with its proposal on screen. */
	if (o->break_cycles > 0) {
		a->cb_time = o->cycle_objective_time;
		a->cb_npins = cyclebreak_opts_choices(a->g, o, &a->cb_pins);
		view_cycles_propose(a, o->break_cycles, o->cycle_heuristic_bsd);
	}

	/* TGPROF_BENCH=FILE: time to the first screen and per key (action and
	 * redraw), for tests/bench/bench-tui.sh. */
	const char *bench = getenv("TGPROF_BENCH");
	FILE *bf = bench && *bench ? fopen(bench, "w") : NULL;
	int bench_key = -1;
	double bench_t = 0, bench_acted = 0;
	unsigned long bench_gen = edit_generation(a->ed);
	while (!a->quit) {
		app_draw(a);
		refresh();
		if (bf) {
			double now = util_now();
			if (bench_key < 0)
				fprintf(bf, "first-screen %.6f load %.6f edit-open %.6f\n",
					now - t_start, t_loaded - t_start, t_opened - t_loaded);
			else if (edit_generation(a->ed) != bench_gen)
				fprintf(bf, "key %s %.6f propagate %.6f action %.6f\n",
					action_name(bench_key), now - bench_t,
					edit_last_propagate_seconds(a->ed), bench_acted - bench_t);
			else
				fprintf(bf, "key %s %.6f\n", action_name(bench_key), now - bench_t);
			bench_gen = edit_generation(a->ed);
		}
		struct term_key k;
		if (term_getkey(&k) < 0)
			break;
		bench_t = util_now();
		bench_key = ACT_NONE;
		if (k.key == (KEYMAP_FUNC | KEY_RESIZE)) {
			if (term_headless())
				term_resize(k.y, k.x);
			else
				draw_init_colors(a);
			erase();
			continue;
		}
		if (k.key == (KEYMAP_FUNC | KEY_MOUSE)) {
			app_mouse(a, &k);
			continue;
		}
		int act = keymap_action(kview_of(a), k.key);
		/* The prompt covers the message line while it is open; the
		 * message stays for :save-display to record. */
		if (act != ACT_PROMPT)
			a->msg[0] = 0;
		bench_key = act;
		/* "quit again" means the very next action. */
		int asked = a->quit_asked;
		app_run_action(a, act);
		if (asked && !a->quit)
			a->quit_asked = 0;
		bench_acted = util_now();
	}
	if (bf)
		fclose(bf);
	prompt_finish();
	term_close();
	for (size_t i = 0; i < npending; i++)
		fprintf(stderr, "%s: %s\n", util_progname(), pending_key_errors[i]);
	edit_close(a->ed);
	load_free(&a->ld);
	app_current = NULL;
	return a->status;
}
