/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tui: tui_main(), the event loop and the actions keys are bound to: the
 * top of the browser, the one file that names every view (the table it
 * hands to view_set_table()).
 *
 * Dispatch: a key is looked up in the focused view's keymap (then the
 * generic one) and its action run here, the shown view reading it first
 * (its ops' key); commands typed at the prompt go to cmd.c.  Whatever
 * changed, the loop redraws the whole screen (screen.c; curses sends only
 * the difference), and the lists are rebuilt only when the model's
 * generation, their sort or the filters changed. */
#include "config.h"
#include "tui.h"
#include "app.h"
#include "baseline.h"
#include "action.h"
#include "cmd.h"
#include "draw.h"
#include "keymap.h"
#include "list.h"
#include "prompt.h"
#include "screen.h"
#include "term.h"
#include "view_cycles.h"
#include "cyclebreak.h"
#include "view_entry.h"
#include "view_tree.h"
#include "util.h"
#include "objects.h"

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <langinfo.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Indexed by enum view_id. */
static const struct view_ops *const views[V_N] = {
	[V_FLAT] = &view_flat_ops,       [V_GRAPH] = &view_graph_ops,
	[V_INDEX] = &view_index_ops,     [V_SOURCE] = &view_source_ops,
	[V_DELETED] = &view_deleted_ops, [V_HELP] = &view_help_ops,
	[V_CYCLES] = &view_cycles_ops,   [V_MESSAGES] = &view_messages_ops,
	[V_TREE] = &view_tree_ops,
};

static void run_action(struct app *a, int act)
{
	char msg[APP_MSG_MAX];
	struct pane *p = app_focused_pane(a);
	int page = p->height > 1 ? (int)p->height - 1 : 1;
	const struct view_ops *ops = view_ops(a->view);
	if (app_view_key(a, act))
		return;
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
	case ACT_ENTER: view_entry_follow(a); break;
	case ACT_BACK: app_history(a, 0); break;
	case ACT_FORWARD: app_history(a, 1); break;
	case ACT_NEXT_PANE:
		if (view_has_funcs(a->view) && a->entry_h > 0)
			a->focus_entry = !a->focus_entry;
		break;
	case ACT_DELETE_ARC: view_entry_arc_op(a, 0); break;
	case ACT_RESTORE_ARC: view_entry_arc_op(a, 1); break;
	case ACT_UNDO:
		app_message_names(a, edit_undo(a->ed, msg, sizeof msg) < 0, msg);
		break;
	case ACT_REDO:
		app_message_names(a, edit_redo(a->ed, msg, sizeof msg) < 0, msg);
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
	case ACT_SORT_REVERSE: {
		if (!ops->columns)
			break;
		int rev = list_sort_reverse(a, a->view);
		app_message(a, 0, "sorted by %s, %s", list_sort_name(a, a->view),
			    rev ? "reversed" : "usual order");
		break;
	}
	case ACT_TOGGLE_DELTA:
		a->show_delta = !a->show_delta;
		app_message(a, 0, "change columns %s",
			    a->show_delta ? "shown (when there are edits)" : "hidden");
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
	case ACT_UNPIN_ARC: break; /* the cycles view's own */
	case ACT_REFRESH: clearok(curscr, TRUE); break;
	case ACT_TOGGLE_NAMES:
		a->full_names = !a->full_names;
		app_message(a, 0, "names %s",
			    a->full_names ? "whole"
					  : "with template arguments shortened");
		break;
	case ACT_SCROLL_LEFT:
	case ACT_SCROLL_RIGHT: {
		/* the shown view's (a list's with its entry pane) */
		struct view *v = app_view(a, a->view);
		v->hscroll += act == ACT_SCROLL_RIGHT ? 16 : -16;
		if (v->hscroll < 0)
			v->hscroll = 0;
		app_message(a, 0, "%s scrolled by %d",
			    v->ops->flags & VIEW_FUNCS ? "names" : "lines", v->hscroll);
		break;
	} break;
	case ACT_TOGGLE_BARS:
		a->bars = !a->bars;
		app_message(a, 0, "bars of %% time %s",
			    a->bars ? "shown (at 100 columns and more)" : "hidden");
		break;
	case ACT_TOGGLE_SIGNIFICANT: baseline_significant(a, "toggle"); break;
	case ACT_ENTRY_GROW:
	case ACT_ENTRY_SHRINK:
		a->entry_tenths += act == ACT_ENTRY_GROW ? 1 : -1;
		if (a->entry_tenths < 1)
			a->entry_tenths = 1;
		if (a->entry_tenths > 8)
			a->entry_tenths = 8;
		app_message(a, 0, "entry pane: %d%% of the screen", a->entry_tenths * 10);
		break;
	case ACT_VIEW_TREE: view_tree_down(a); break;
	case ACT_TREE_UP: view_tree_up(a, a->node); break;
	case ACT_TREE_EXPAND:
	case ACT_TREE_COLLAPSE:
	case ACT_TREE_TOGGLE:
	case ACT_TREE_HOT_PATH:
	case ACT_TREE_COLLAPSE_ALL:
	case ACT_TREE_PARENT: break; /* the tree view's own */
	}
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
	double t_start = util_now(), c_start = util_cpu_now();
	char *const *key_errors;
	size_t nkey_errors;

	view_set_table(views);
	app_views_init(a);
	view_init_ops(&a->entry, &view_entry_ops);
	app_progress(a, "%s", "");
	setlocale(LC_ALL, "");
	a->utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	a->o = o;
	a->show_delta = 1;
	a->bars = 1;
	a->color = 1;
	a->entry_tenths = 4;
	a->node = CG_NONE;
	keymap_clear();
	keymap_load_builtin("default", app_key_error);
	keymap_load_user(app_key_error);
	if (script && *script && script_open(script, err, sizeof err) < 0)
		util_die("%s", err);
	if (term_open(script && *script ? script : NULL) < 0)
		util_die("cannot start the terminal (TERM=%s)",
			 getenv("TERM") ? getenv("TERM") : "");
	draw_init_colors(a->color);
	load_t0 = util_now();
	/* --edits=FILE: its commands are undoable steps; --break-cycles is
	 * proposed below, not applied */
	struct session_how how = { progress, 0, NULL, NULL, NULL };
	char emsg[1024];
	if (session_open(&a->ss, o, &how, emsg, sizeof emsg) < 0)
		util_die("%s", emsg);
	a->ed = a->ss.ed;
	double t_loaded = util_now(), t_opened = t_loaded;
	a->g = edit_graph(a->ed);
	app_labels_init(a);
	a->seen_gen = edit_generation(a->ed);
	if ((a->missing = objects_missing(a->ss.ld.objs)) != NULL)
		app_message(a, 0, "shared objects: %s", a->missing);
	if ((nkey_errors = app_key_errors(&key_errors)))
		app_message(a, 1, "%s%s", key_errors[0],
			    nkey_errors > 1 ? " (and more, shown on exit)" : "");
	prompt_init(a);
	a->view = o->report.graph || !o->report.flat ? V_GRAPH : V_FLAT;
	a->prev_list_view = a->view;
	/* --baseline on a terminal: the browser compares from the start;
	 * a bad file ends the program as the text comparison would. */
	if (o->compare.nbaselines > 0 &&
	    baseline_load(a, o->compare.baselines, o->compare.nbaselines, err,
			  sizeof err) < 0)
		util_die("%s", err);
	app_invalidate(a);
	app_ensure_rows(a, a->view);
	/* --break-cycles=N in the browser: start with its proposal on screen. */
	view_cycles_set_opts(a, &o->cycles);
	if (o->cycles.bound > 0) {
		struct cyclebreak_choice *ch;
		size_t nch;
		if (session_break_choices(&a->ss, &ch, &nch, emsg, sizeof emsg) < 0)
			util_die("%s", emsg);
		view_cycles_propose(a, o->cycles.bound, o->cycles.heuristic_bsd,
				    o->cycles.objective_time, o->cycles.allow_roots, ch,
				    nch);
		free(ch);
	}

	/* TGPROF_BENCH=FILE: time to the first screen and per key (action and
	 * redraw), for tests/bench/bench-tui.sh. */
	const char *bench = getenv("TGPROF_BENCH");
	char bmsg[4200];
	int bst;
	struct util_out *bw = bench && *bench ? util_out_open(bench, UTIL_WRITE_NAMED,
							      &bst, bmsg, sizeof bmsg)
					      : NULL;
	FILE *bf = bw ? util_out_file(bw) : NULL;
	int bench_key = -1;
	double bench_t = 0, bench_acted = 0;
	unsigned long bench_gen = edit_generation(a->ed);
	while (!a->quit) {
		screen_draw(a);
		refresh();
		if (bf) {
			double now = util_now();
			if (bench_key < 0)
				fprintf(bf,
					"first-screen %.6f load %.6f edit-open %.6f "
					"cpu %.6f\n",
					now - t_start, t_loaded - t_start,
					t_opened - t_loaded, util_cpu_now() - c_start);
			else if (edit_generation(a->ed) != bench_gen)
				fprintf(bf, "key %s %.6f propagate %.6f action %.6f\n",
					action_name(bench_key), now - bench_t,
					edit_last_propagate_seconds(a->ed),
					bench_acted - bench_t);
			else
				fprintf(bf, "key %s %.6f\n", action_name(bench_key),
					now - bench_t);
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
				draw_init_colors(a->color);
			erase();
			continue;
		}
		if (k.key == (KEYMAP_FUNC | KEY_MOUSE)) {
			screen_mouse(a, &k);
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
		run_action(a, act);
		if (asked && !a->quit)
			a->quit_asked = 0;
		bench_acted = util_now();
	}
	int bench_failed = bench && *bench &&
			   (!bw || util_out_close(bw, 0, NULL, bmsg, sizeof bmsg) != 0);
	prompt_finish();
	term_close();
	if (bench_failed)
		util_warn("%s", bmsg);
	nkey_errors = app_key_errors(&key_errors);
	for (size_t i = 0; i < nkey_errors; i++)
		fprintf(stderr, "%s: %s\n", util_progname(), key_errors[i]);
	app_labels_free(a);
	baseline_drop(a);
	session_close(&a->ss);
	a->ed = NULL;
	app_views_fini(a);
	view_fini(&a->entry);
	free(a->msg);
	a->msg = NULL;
	free(a->orig_cache);
	free(a->orig_gen);
	free(a->missing);
	a->missing = NULL;
	return a->status;
}
