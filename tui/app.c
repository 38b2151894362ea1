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

static int is_list(int v)
{
	return v == V_FLAT || v == V_GRAPH || v == V_INDEX;
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
	follow_model(a);
	if (v == V_SOURCE || v == V_HELP)
		return;
	if (a->dirty_rows[v] || a->built_gen[v] != edit_generation(a->ed))
		list_rebuild(a, v);
	if (is_list(v) && a->node == CG_NONE && a->pane[v].n)
		a->node = list_cur_node(a, v);
}

void app_invalidate(struct app *a)
{
	for (int v = 0; v < V_N; v++)
		a->dirty_rows[v] = 1;
}

static void push_pos(struct histpos **s, size_t *n, size_t *cap, int view, uint32_t node)
{
	util_grow((void **)s, cap, *n + 1, sizeof **s);
	(*s)[*n].view = view;
	(*s)[(*n)++].node = node;
}

void app_select_node(struct app *a, uint32_t node, int push_history)
{
	if (push_history && node != a->node) {
		push_pos(&a->back, &a->nback, &a->backcap, a->view, a->node);
		a->nfwd = 0;
	}
	a->node = node;
	a->node_member = node < a->g->nfuncs ? node
		: a->g->nodes[node].next_member;
	if (is_list(a->view)) {
		app_ensure_rows(a, a->view);
		list_sync_cursor(a, a->view);
	}
}

void app_set_view(struct app *a, int view)
{
	if (view == a->view)
		return;
	if (is_list(a->view))
		a->prev_list_view = a->view;
	a->view = view;
	if (!is_list(view))
		a->focus_entry = 0;
	if (view == V_HELP)
		view_help_build(a);
	if (view == V_SOURCE)
		view_source_build(a);
	if (view == V_CYCLES)
		view_cycles_build(a);
	app_ensure_rows(a, view);
	if (is_list(view)) {
		list_sync_cursor(a, view);
		uint32_t n = list_cur_node(a, view);
		if (n != a->node && a->node != CG_NONE)
			app_message(a, 0, "the selected function is not in this view");
	}
}

/* The pane keys move: the entry pane when focused, else the view's. */
static struct pane *focused_pane(struct app *a)
{
	return a->focus_entry && is_list(a->view) ? &a->ep : &a->pane[a->view];
}

void app_moved(struct app *a)
{
	if (!a->focus_entry && is_list(a->view)) {
		uint32_t n = list_cur_node(a, a->view);
		if (n != CG_NONE)
			app_select_node(a, n, 0);
	}
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

static void go_history(struct app *a, int forward)
{
	struct histpos *from = forward ? a->fwd : a->back;
	size_t *n = forward ? &a->nfwd : &a->nback;
	if (*n == 0) {
		if (!is_list(a->view) && !forward) {
			app_set_view(a, a->prev_list_view);
			return;
		}
		app_message(a, 0, forward ? "no later position" : "no earlier position");
		return;
	}
	struct histpos p = from[--*n];
	if (forward)
		push_pos(&a->back, &a->nback, &a->backcap, a->view, a->node);
	else
		push_pos(&a->fwd, &a->nfwd, &a->fwdcap, a->view, a->node);
	if (p.node != CG_NONE && p.node >= a->g->nfuncs + a->g->ncycles)
		p.node = CG_NONE;
	app_set_view(a, p.view);
	if (p.node != CG_NONE)
		app_select_node(a, p.node, 0);
}

static const struct entry_line *entry_cur(struct app *a)
{
	if (!is_list(a->view) || a->ep.cur >= a->nel || a->el_node != a->node)
		return NULL;
	return &a->el[a->ep.cur];
}

static void arc_op(struct app *a, int restore)
{
	char msg[512];
	uint32_t arc = CG_NONE;
	if (a->view == V_DELETED) {
		if (a->pane[V_DELETED].n)
			arc = a->rows[V_DELETED][a->pane[V_DELETED].cur];
		restore = 1;
	} else {
		const struct entry_line *l = entry_cur(a);
		if (l)
			arc = l->arc;
	}
	if (arc == CG_NONE) {
		app_message(a, 1, a->view == V_DELETED ? "no deleted arc"
			    : "no arc under the cursor: Tab to the entry pane and pick a caller or callee line");
		return;
	}
	int r = restore ? edit_arc_restore(a->ed, arc, msg, sizeof msg)
		: edit_arc_delete(a->ed, arc, msg, sizeof msg);
	app_message(a, r < 0, "%s", msg);
}

void app_follow(struct app *a)
{
	if (a->view == V_DELETED) {
		arc_op(a, 1);
		return;
	}
	if (!is_list(a->view))
		return;
	if (!a->focus_entry) {
		if (a->view == V_GRAPH) {
			a->focus_entry = 1;
		} else {
			push_pos(&a->back, &a->nback, &a->backcap, a->view, a->node);
			a->nfwd = 0;
			app_set_view(a, V_GRAPH);
		}
		return;
	}
	const struct entry_line *l = entry_cur(a);
	if (!l || l->node == CG_NONE || l->kind == 1)
		return;
	app_select_node(a, l->node, 1);
	app_ensure_rows(a, a->view);
	if (list_cur_node(a, a->view) != a->node) {
		app_set_view(a, V_GRAPH);
		list_sync_cursor(a, V_GRAPH);
	}
}

void app_search(struct app *a, int dir, int again)
{
	if (!a->search.text) {
		app_message(a, 1, "no search yet: / searches");
		return;
	}
	if (!is_list(a->view)) {
		app_message(a, 1, "search works in the flat, call graph and index views");
		return;
	}
	a->focus_entry = 0;
	int r = list_search(a, dir, again);
	if (r < 0)
		app_message(a, 1, "not found: %s", a->search.text);
	else {
		app_moved(a);
		app_message(a, 0, r ? "search wrapped: %s" : "/%s", a->search.text);
	}
}

int app_run_action(struct app *a, int act)
{
	char msg[512];
	struct pane *p = focused_pane(a);
	int page = p->height > 1 ? (int)p->height - 1 : 1;
	switch (act) {
	case ACT_NONE: break;
	case ACT_QUIT: a->quit = 1; break;
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
		if (is_list(a->view) && a->entry_h > 0)
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
		if (!is_list(a->view))
			break;
		list_sort_step(a, a->view, act == ACT_SORT_NEXT ? 1 : -1);
		app_message(a, 0, "sorted by %s", list_sort_name(a, a->view));
		break;
	case ACT_SORT_REVERSE:
		if (!is_list(a->view))
			break;
		a->sort_rev[a->view] = !a->sort_rev[a->view];
		a->dirty_rows[a->view] = 1;
		break;
	case ACT_TOGGLE_DELTA: a->show_delta = !a->show_delta; break;
	case ACT_FILTER_CLEAR:
		a->filter_pct = 0;
		matcher_clear(&a->filter);
		app_invalidate(a);
		app_message(a, 0, "filters off");
		break;
	case ACT_TOGGLE_MARK:
		if (a->view == V_CYCLES)
			view_cycles_toggle(a);
		break;
	case ACT_ACCEPT:
		if (a->view == V_CYCLES)
			view_cycles_accept(a);
		break;
	case ACT_REFRESH: clearok(curscr, TRUE); break;
	}
	return 0;
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
	if (a->focus_entry && is_list(a->view))
		return KV_ENTRY;
	static const int map[V_N] = { KV_FLAT, KV_GRAPH, KV_INDEX, KV_SOURCE, KV_DELETED, KV_HELP,
				      KV_CYCLES };
	return map[a->view];
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
	app_invalidate(a);
	app_ensure_rows(a, a->view);
	/* --break-cycles=N in the browser: start with its proposal on screen. */
	if (o->break_cycles > 0)
		view_cycles_propose(a, o->break_cycles, o->cycle_heuristic_bsd);

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
		app_run_action(a, act);
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
