/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cmd: the commands of the ':' prompt.
 *
 * One table (name, help, handler) drives dispatch, completion and the
 * help view.  Model changes go through core/edit.h; FUNC arguments are
 * whatever edit_lookup() takes ([N], N, raw, demangled or alias name,
 * FILE:NAME...) and
 * default to the selected function, so a name with blanks can be given
 * whole. */
#include "config.h"
#include "cmd.h"
#include "app.h"
#include "baseline.h"
#include "action.h"
#include "export.h"
#include "draw.h"
#include "keymap.h"
#include "list.h"
#include "screen.h"
#include "term.h"
#include "view_cycles.h"
#include "view_tree.h"
#include "cyclebreak.h"
#include "view_entry.h"
#include "util.h"

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef void cmd_fn(struct app *a, const char *name, char *arg);

/* FUNC in TEXT (empty: the selected function); CG_NONE after a message. */
static uint32_t func_arg(struct app *a, const char *text, int allow_cycle)
{
	char msg[APP_MSG_MAX];
	while (*text == ' ')
		text++;
	if (!*text) {
		if (a->node == CG_NONE || (!allow_cycle && a->node >= a->g->nfuncs)) {
			app_message(a, 1, "no function selected: give a name or [N]");
			return CG_NONE;
		}
		return a->node;
	}
	const char *d = text + (*text == '[');
	char *end;
	unsigned long idx = strtoul(d, &end, 10);
	if (allow_cycle && end != d &&
	    (*end == 0 || (*end == ']' && end[1] == 0) || *end == ' ')) {
		if (idx >= 1 && idx <= a->g->norder &&
		    a->g->nodes[a->g->order[idx - 1]].index == idx)
			return a->g->order[idx - 1];
		app_message(a, 1, "no entry [%lu]", idx);
		return CG_NONE;
	}
	uint32_t n = edit_lookup(a->ed, text, msg, sizeof msg);
	if (n == CG_NONE)
		app_message_names(a, 1, msg);
	return n;
}

static void go_node(struct app *a, uint32_t n)
{
	/* From a view without functions: back to the last list first (one
	 * place remembered either way). */
	if (!view_has_funcs(a->view)) {
		app_set_view(a, a->prev_list_view);
		app_select_node(a, n, 0);
	} else {
		app_select_node(a, n, 1);
	}
	a->focus_entry = 0;
}

static void c_goto(struct app *a, const char *name, char *arg)
{
	(void)name;
	char buf[64];
	uint32_t n = func_arg(a, arg, 1);
	if (n == CG_NONE)
		return;
	go_node(a, n);
	const struct cg_node *x = &a->g->nodes[n];
	/* why, in the order the lists apply them: gprof's rule (-z), then
	 * the selections, then the browser's filter */
	const char *why =
		n < a->g->nfuncs && x->ncalls == 0 && x->self_time == 0 &&
				!a->o->report.zero
			? "never called and no time; gprof lists such functions "
			  "with -z"
		: a->filter_pct > 0 || a->filter.text
			? "the filter hides it; F clears filters"
			: "hidden, or outside the focus; :unhide, :unfocus";
	if (a->node != n)
		app_message(a, 1, "[%u] %s is not listed (%s)", x->index,
			    app_node_name(a, n, buf, sizeof buf), why);
	else
		app_message(a, 0, "at [%u] %s", a->g->nodes[n].index,
			    app_node_name(a, n, buf, sizeof buf));
}

/* FROM/TO where each side names one function as :goto takes it
 * (edit_arc_by_names): the arc between them, else CG_NONE. */
static uint32_t arc_by_names(struct app *a, const char *arg, int *named)
{
	char msg[APP_MSG_MAX];
	uint32_t arc;
	*named = edit_arc_by_names(a->ed, arg, &arc, msg, sizeof msg);
	if (*named && arc == CG_NONE)
		app_message(a, 1, "%s", msg);
	return arc;
}

static void c_arc(struct app *a, const char *name, char *arg)
{
	char msg[APP_MSG_MAX];
	int restore = strncmp(name, "restore", 7) == 0, named;
	int sure = strchr(name, '!') != NULL;
	if (!*arg) {
		/* as the key: the shown view's own reading first */
		if (!app_view_key(a, restore ? ACT_RESTORE_ARC : ACT_DELETE_ARC))
			view_entry_arc_op(a, restore);
		return;
	}
	uint32_t arc = arc_by_names(a, arg, &named);
	if (arc != CG_NONE) {
		app_arc_edit(a, arc, restore);
		return;
	}
	if (named)
		return;
	/* Otherwise a symspec, as gprof -k takes it (file:line, a name
	 * several functions share...).  One with an empty side (FROM/,
	 * /TO, /) names no arc: when it would change several, it asks
	 * for the command with `!' first. */
	const char *slash = strchr(arg, '/');
	long would = edit_arc_spec_changes(a->ed, arg, !restore);
	if (!sure && slash && (slash == arg || !slash[1]) && would > 1) {
		app_message(a, 1, "`%s' would %s %ld arcs: :%s! %s does it", arg,
			    restore ? "restore" : "delete", would,
			    restore ? "restore" : "k", arg);
		return;
	}
	int r = restore ? edit_arc_restore_spec(a->ed, arg, NULL, msg, sizeof msg)
			: edit_arc_delete_spec(a->ed, arg, NULL, msg, sizeof msg);
	app_message_names(a, r < 0, msg);
}

/* :begin [LABEL] and :end: the edits between them one undo step. */
static void c_group(struct app *a, const char *name, char *arg)
{
	char msg[512], line[600];
	snprintf(line, sizeof line, "%s %s", name, arg);
	int r = edit_command(a->ed, line, msg, sizeof msg);
	app_message(a, r < 0, "%s", msg);
}

static void c_edit(struct app *a, const char *name, char *arg)
{
	(void)arg;
	char msg[APP_MSG_MAX];
	int r = strcmp(name, "undo") == 0 ? edit_undo(a->ed, msg, sizeof msg)
					  : edit_redo(a->ed, msg, sizeof msg);
	app_message_names(a, r < 0, msg);
}

static void c_time(struct app *a, const char *name, char *arg)
{
	char msg[APP_MSG_MAX], *end;
	char *last = strrchr(arg, ' ');
	char *num = last ? last + 1 : arg;
	double v = strtod(num, &end);
	if (!*num || *end) {
		app_message(a, 1, "usage: %s [FUNC] %s", name,
			    strcmp(name, "scale") == 0 ? "FACTOR" : "SECONDS");
		return;
	}
	if (last)
		*last = 0;
	else
		*arg = 0;
	uint32_t n = func_arg(a, arg, 0);
	if (n == CG_NONE)
		return;
	int r = strcmp(name, "scale") == 0 ? edit_scale_self(a->ed, n, v, msg, sizeof msg)
					   : edit_set_self(a->ed, n, v, msg, sizeof msg);
	app_message_names(a, r < 0, msg);
}

static void c_select(struct app *a, const char *name, char *arg)
{
	char msg[APP_MSG_MAX];
	enum edit_sel what;
	int on;
	if (edit_sel_command(name, &what, &on) < 0)
		return;
	/* The reversal without an argument undoes what is in force (the
	 * focus, the hidden functions), not the selected function. */
	if (!on && !*arg) {
		uint32_t done = edit_unselect_all(a->ed, what, msg, sizeof msg);
		app_message_names(a, done == 0, msg);
		return;
	}
	uint32_t n = func_arg(a, arg, 0);
	if (n == CG_NONE)
		return;
	int r = edit_select(a->ed, n, what, on, msg, sizeof msg);
	app_message_names(a, r < 0, msg);
}

static void c_sort(struct app *a, const char *name, char *arg)
{
	(void)name;
	char col[64] = "", dir[16] = "";
	/* the shown view when it sorts (the deleted arcs), else the list */
	int v = view_ops(a->view)->columns ? a->view : app_list_view(a);
	sscanf(arg, "%63s %15s", col, dir);
	int d = strcmp(dir, "asc") == 0 ? -1 : 1;
	if (dir[0] && strcmp(dir, "asc") != 0 && strcmp(dir, "desc") != 0) {
		app_message(a, 1, "usage: sort COLUMN [asc|desc]");
		return;
	}
	/* Names sort ascending by default; "desc" reverses them. */
	if (strcmp(col, "name") == 0)
		d = strcmp(dir, "desc") == 0 ? -1 : 1;
	if (list_sort_by_name(a, v, col, d) < 0) {
		char keys[256] = "";
		size_t k = 0;
		for (const char *const *c = list_sort_columns(v);
		     c && *c && k < sizeof keys; c++)
			k += (size_t)snprintf(keys + k, sizeof keys - k, " %s", *c);
		app_message(a, 1, "columns:%s", keys);
	} else {
		app_message(a, 0, "sorted by %s%s%s", col, dir[0] ? " " : "", dir);
	}
}

static void c_filter(struct app *a, const char *name, char *arg)
{
	(void)name;
	char err[256], *end;
	if (!*arg || strcmp(arg, "off") == 0) {
		a->filter_pct = 0;
		matcher_clear(&a->filter);
	} else {
		double pct = strtod(arg, &end);
		if (end != arg && (*end == 0 || strcmp(end, "%") == 0)) {
			if (!(pct >= 0 && pct <= 100)) {
				app_message(a, 1,
					    "filter: %s is not a share of time (0 to "
					    "100%%)",
					    arg);
				return;
			}
			a->filter_pct = pct;
		} else if (matcher_set(&a->filter, arg, err, sizeof err) < 0) {
			app_message(a, 1, "bad pattern: %s", err);
			return;
		}
	}
	app_invalidate(a);
	int v = app_list_view(a);
	app_ensure_rows(a, v);
	uint32_t n = app_view(a, v)->pane.n;
	if (!a->filter_pct && !a->filter.text)
		app_message(a, 0, "filters off: %u rows", n);
	else
		app_message(a, 0, "filter %s: %u row%s shown", arg, n, n == 1 ? "" : "s");
}

static void c_search(struct app *a, const char *name, char *arg)
{
	(void)name;
	char err[256];
	if (matcher_set(&a->search, arg, err, sizeof err) < 0) {
		app_message(a, 1, "bad pattern: %s", err);
		return;
	}
	a->search_dir = 1;
	app_search(a, 1, 1);
}

static int on_off(const char *s)
{
	return strcmp(s, "on") == 0 || strcmp(s, "1") == 0 || strcmp(s, "yes") == 0 ? 1
	       : strcmp(s, "off") == 0 || strcmp(s, "0") == 0 || strcmp(s, "no") == 0
		       ? 0
		       : -1;
}

static void c_set(struct app *a, const char *name, char *arg)
{
	(void)name;
	char opt[32] = "", val[64] = "";
	sscanf(arg, "%31s %63s", opt, val);
	if (strcmp(opt, "keymap") == 0) {
		/* The user's bindings stay on top of the chosen keymap; an
		 * unknown name changes nothing. */
		if (keymap_use(val, app_key_error) < 0)
			app_message(a, 1,
				    "unknown keymap `%s' (default, vi, emacs): "
				    "the keys are as they were",
				    val);
		else
			app_message(a, 0, "keymap %s, with your bindings over it", val);
		return;
	}
	int b = on_off(val);
	if (b >= 0 && strcmp(opt, "delta") == 0)
		a->show_delta = b;
	else if (b >= 0 && strcmp(opt, "bars") == 0)
		a->bars = b;
	else if (b >= 0 && strcmp(opt, "color") == 0) {
		a->color = b;
		draw_init_colors(a->color);
	} else {
		app_message(a, 1, "usage: set delta|bars|color on|off, set keymap NAME");
		return;
	}
	app_message(a, 0, "%s %s", opt, b ? "on" : "off");
}

static void c_bind(struct app *a, const char *name, char *arg)
{
	(void)name;
	char line[600];
	snprintf(line, sizeof line, "bind %s", arg);
	size_t errs = app_key_errors(&(char *const *){ NULL });
	a->msg[0] = 0;
	if (keymap_user_line(":bind", 1, line, app_key_error) == 0)
		app_message(a, 0, "bound: %s", arg);
	app_key_errors_show(a, errs);
	/* The help text, when shown, shows the new binding. */
	if (a->view == V_HELP)
		app_view(a, V_HELP)->ops->open(a, app_view(a, V_HELP));
}

/* Whether command line S only edits the model by names (edit.h's
 * commands with an argument, no [N]): those run in one batch, one
 * propagation for a run of them (an edits file of 20,000 arcs). */
static int batchable(const char *s)
{
	static const char *const edits[] = {
		"k",          "restore",      "self",         "scale", "hide",
		"unhide",     "exclude-time", "include-time", "focus", "unfocus",
		"focus-time", "unfocus-time", "begin",        "end"
	};
	size_t w = strcspn(s, " \t");
	if (strchr(s, '['))
		return 0;
	for (size_t i = 0; i < sizeof edits / sizeof edits[0]; i++)
		if (strlen(edits[i]) == w && strncmp(s, edits[i], w) == 0)
			return s[w] != 0 || strcmp(edits[i], "end") == 0;
	return 0;
}

/* :source FILE runs FILE's lines as commands.  A file may source others,
 * 8 levels deep at most (as "use" in key files), so a file that sources
 * itself ends with a message instead of the stack. */
#define SOURCE_DEPTH 8
static void c_source(struct app *a, const char *name, char *arg)
{
	(void)name;
	static int depth;
	const char *why;
	char *text, *line, *next;

	if (depth >= SOURCE_DEPTH) {
		app_message(a, 1, "%s: :source nested more than %d deep", arg,
			    SOURCE_DEPTH);
		return;
	}
	int n = 0, errors = 0;
	if (!(text = util_read_text(arg, &why))) {
		app_message(a, 1, "%s: %s", arg, why);
		return;
	}
	depth++;
	int batch = 0;
	long lineno = 0, nlines = 0, stopped = 0;
	double t0 = util_now(), shown = 0;
	for (const char *c = text; (c = strchr(c, '\n')); c++)
		nlines++;
	for (line = text; !a->quit && *line; line = next) {
		next = line + strcspn(line, "\n");
		if (*next)
			*next++ = 0;
		/* A long file: progress on the message line once a second
		 * after half a second (the batch propagated first, so the
		 * screen is true), and Esc stops it between two lines. */
		if ((++lineno & 255) == 0) {
			if (term_cancel_pressed()) {
				stopped = lineno;
				break;
			}
			double now = util_now();
			if (now - t0 >= 0.5 && now - shown >= 1) {
				shown = now;
				if (batch) {
					edit_batch_end(a->ed);
					edit_batch_begin(a->ed);
				}
				app_progress(a, "%s: line %ld of %ld  (Esc stops)", arg,
					     lineno, nlines);
				screen_draw(a);
				refresh();
			}
		}
		line[strcspn(line, "\r")] = 0;
		char *s = line;
		while (*s == ' ' || *s == ':')
			s++;
		if (*s && *s != '#') {
			a->msg_err = 0;
			if (batchable(s) != batch) {
				batch = !batch;
				if (batch)
					edit_batch_begin(a->ed);
				else
					edit_batch_end(a->ed);
			}
			cmd_run(a, s);
			n++;
			errors += a->msg_err;
		}
	}
	if (batch)
		edit_batch_end(a->ed);
	depth--;
	free(text);
	if (stopped) {
		app_message(a, 1,
			    "%s: stopped at line %ld: the %d command%s before it stay "
			    "(u undoes them)",
			    arg, stopped, n, n == 1 ? "" : "s");
		return;
	}
	/* The last command's own message stays when it failed. */
	if (!a->msg_err)
		app_message(a, errors != 0, "%s: ran %d command%s%s", arg, n,
			    n == 1 ? "" : "s", errors ? ", some failed (:messages)" : "");
}

/* The commands that write a file (export, save-display, dump,
 * write-edits) share one rule: the file is written as util.h says for a
 * file the user named, and an existing file is replaced only by the
 * command with `!'.  The flags for command NAME: */
static int write_flags(const char *name)
{
	return UTIL_WRITE_NAMED | (strchr(name, '!') ? 0 : UTIL_WRITE_NEW);
}

/* Report a writing command's failure R (the reason in MSG) on the
 * message line; 1 when it succeeded, for the caller's own message. */
static int written(struct app *a, const char *name, const char *path, int r,
		   const char *msg)
{
	if (r == UTIL_WRITE_EXISTS)
		app_message(a, 1, "%s exists: :%.*s! %s replaces it", path,
			    (int)strcspn(name, "!"), name, path);
	else if (r != 0)
		app_message_names(a, 1, msg);
	return r == 0;
}

/* Whether PATH names a text file by its extension: none, .txt, .text,
 * .gprof or .out (export_format_guess takes callgrind.out first). */
static int text_name(const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	const char *dot = strrchr(base, '.');
	if (!dot || dot == base)
		return 1;
	return strcmp(dot, ".txt") == 0 || strcmp(dot, ".text") == 0 ||
	       strcmp(dot, ".gprof") == 0 || strcmp(dot, ".out") == 0;
}

static void c_export(struct app *a, const char *name, char *arg)
{
	char path[4096] = "", fmt[32] = "", msg[4200];
	enum export_format f;
	if (sscanf(arg, "%4095s %31s", path, fmt) < 1) {
		app_message(a, 1,
			    "usage: export[!] FILE [text|json|dot|callgrind|folded|svg]");
		return;
	}
	if (fmt[0]) {
		if (export_format_parse(fmt, &f) < 0) {
			app_message(a, 1,
				    "unknown format `%s' (text, json, dot, callgrind, "
				    "folded, svg)",
				    fmt);
			return;
		}
	} else if ((f = export_format_guess(path)) == EXPORT_TEXT && !text_name(path)) {
		/* an extension no format has: refused, never text by default */
		app_message(a, 1,
			    "%s: no format has this extension: :export %s FORMAT "
			    "(text, json, dot, callgrind, folded, svg)",
			    path, path);
		return;
	}
	int r = export_write(a->ed, path, f, NULL, name[6] == '!', msg, sizeof msg);
	if (!written(a, name, path, r, msg))
		return;
	app_message_names(a, 0, msg);
	a->saved_gen = edit_generation(a->ed);
}

static void c_save_display(struct app *a, const char *name, char *arg)
{
	char msg[4200];
	if (!*arg) {
		app_message(a, 1, "usage: %s FILE", name);
		return;
	}
	screen_draw(a);
	int r = draw_save_display(arg, write_flags(name), msg, sizeof msg);
	if (written(a, name, arg, r, msg))
		app_message_names(a, 0, msg);
}

static int fill_dump(FILE *f, void *ctx)
{
	edit_dump(f, ctx);
	return 0;
}

static void c_dump(struct app *a, const char *name, char *arg)
{
	char msg[4200];
	if (!*arg) {
		app_message(a, 1, "usage: %s FILE", name);
		return;
	}
	int r = util_write_file(arg, write_flags(name), fill_dump, a->ed, NULL, msg,
				sizeof msg);
	if (written(a, name, arg, r, msg))
		app_message(a, 0, "dumped the model to %s", arg);
}

static void c_view(struct app *a, const char *name, char *arg)
{
	(void)arg;
	int v = view_lookup(name);
	if (v >= 0)
		app_set_view(a, v);
}

static void c_tree(struct app *a, const char *name, char *arg)
{
	if (strcmp(name, "tree") == 0) {
		view_tree_down(a);
		return;
	}
	uint32_t n = func_arg(a, arg, 1);
	if (n != CG_NONE)
		view_tree_up(a, n);
}

static void c_break(struct app *a, const char *name, char *arg)
{
	(void)name;
	char *end, w1[16] = "", w2[16] = "", w3[16] = "";
	long n = strtol(arg, &end, 10);
	int bsd = 0, by_time = 0, roots = 0, bad = end == arg || n < 1;
	if (sscanf(end, "%15s %15s %15s", w1, w2, w3) > 2)
		bad = 1;
	const char *w[2] = { w1, w2 };
	for (int i = 0; i < 2; i++) {
		if (!w[i][0])
			continue;
		if (!strcmp(w[i], "bsd"))
			bsd = 1;
		else if (!strcmp(w[i], "time"))
			by_time = 1;
		else if (!strcmp(w[i], "roots"))
			roots = 1;
		else if (strcmp(w[i], "calls") != 0)
			bad = 1;
	}
	if (bad) {
		app_message(a, 1,
			    "usage: break-cycles N [bsd|time|calls] [roots]  (N >= 1 "
			    "members per cycle)");
		return;
	}
	/* a new :break-cycles starts without pins */
	view_cycles_propose(a, n, bsd, by_time, roots, NULL, 0);
}

/* :write-edits FILE: the session's edits as an edits file (core/edit). */
static void c_write_edits(struct app *a, const char *name, char *arg)
{
	char msg[4200];
	size_t n = edit_nsteps(a->ed);
	if (!*arg) {
		app_message(a, 1, "usage: %s FILE", name);
		return;
	}
	int r = editfile_write(arg, a->ed, NULL, 0, NULL, write_flags(name), msg,
			       sizeof msg);
	if (!written(a, name, arg, r, msg))
		return;
	app_message(a, 0, "wrote %zu edit%s to %s (tgprof --edits=%s)", n,
		    n == 1 ? "" : "s", arg, arg);
	/* the edits are kept: quitting needs no export */
	a->saved_gen = edit_generation(a->ed);
}

/* :show-edits: the deleted arcs as the commands of an edits file, in the
 * message log (:messages shows it), and the gprof -k line that replays
 * them when GNU can: each spec names its arc alone and no caller has two
 * (GNU keeps one -k per caller). */
static void c_show_edits(struct app *a, const char *name, char *arg)
{
	(void)arg, (void)name;
	size_t n, len = 0, klen = 0;
	const uint32_t *d = edit_deleted_arcs(a->ed, &n);
	char *buf = NULL, *kl = NULL, spec[1100];
	FILE *f = open_memstream(&buf, &len);
	FILE *k = open_memstream(&kl, &klen);
	uint8_t *seen = xcalloc((size_t)a->g->nfuncs + 1, 1);
	int gnu = 1;

	if (!f || !k)
		util_die("out of memory");
	editfile_print(f, a->ed, d, n);
	fclose(f);
	for (size_t i = 0; i < n; i++) {
		uint32_t p = a->g->arcs[d[i]].parent;
		if (!edit_arc_spec(a->ed, d[i], spec, sizeof spec) || seen[p])
			gnu = 0;
		seen[p] = 1;
		fprintf(k, " -k %s", spec);
	}
	fclose(k);
	app_message(a, 0, "# edits of this session: %zu deleted arc%s", n,
		    n == 1 ? "" : "s");
	for (char *s = buf, *e; *s; s = e + 1) {
		e = strchr(s, '\n');
		*e = 0;
		app_message(a, 0, "%s", s);
	}
	if (n == 0)
		app_message(a, 0, "# (none)");
	else if (gnu)
		app_message(a, 0, "# gprof%s", kl);
	else
		app_message(a, 0,
			    "# no gprof -k line replays these (a caller with two arcs, "
			    "or a name shared by static functions)");
	free(seen);
	free(buf);
	free(kl);
	app_set_view(a, view_lookup("messages"));
}

/* :pin, :force, :unpin [FROM/TO]: the arc named, else the one under the
 * cursor in the proposal (:unpin alone frees every arc). */
static void c_pin(struct app *a, const char *name, char *arg)
{
	int state = name[0] == 'p'   ? CYCLEBREAK_KEEP
		    : name[0] == 'f' ? CYCLEBREAK_FORCE
				     : CYCLEBREAK_FREE;
	uint32_t arc = CG_NONE;
	int named = 0;
	if (*arg && (arc = arc_by_names(a, arg, &named)) == CG_NONE) {
		if (!named)
			app_message(a, 1, "usage: %s [FROM/TO]  (an arc: caller/callee)",
				    name);
		return;
	}
	if (state == CYCLEBREAK_FREE && !*arg)
		view_cycles_unpin_all(a);
	else
		view_cycles_pin(a, state, arc);
}

static void c_quit(struct app *a, const char *name, char *arg)
{
	char *end;
	long st = 0;
	if (*arg) {
		st = strtol(arg, &end, 10);
		if (*end || st < 0 || st > 255) {
			app_message(a, 1,
				    "usage: %s [STATUS]  (STATUS a number from 0 to 255)",
				    name);
			return;
		}
	}
	a->status = (int)st;
	if (strchr(name, '!'))
		a->quit = 1;
	else
		app_quit(a);
}

static void c_baseline(struct app *a, const char *name, char *arg)
{
	if (strcmp(name, "significant") == 0)
		baseline_significant(a, arg);
	else
		baseline_command(a, arg);
}

/* clang-format off */
static const struct {
	const char *name, *help;
	cmd_fn *fn;
} cmds[] = {
	{ "N", "go to call-graph entry [N] (a number alone)", c_goto },
	{ "goto NAME|N", "go to a function by name or index", c_goto },
	{ "k FROM/TO", "delete arcs as -k does (no argument: the arc under the cursor)", c_arc },
	{ "restore FROM/TO", "restore deleted arcs (no argument: the one under the cursor)", c_arc },
	{ "k! FROM/TO", "the same as k, without asking when FROM/, /TO or / changes several arcs", c_arc },
	{ "restore! FROM/TO", "the same as restore, without asking", c_arc },
	{ "undo", "undo the last change", c_edit },
	{ "redo", "redo the last undone change", c_edit },
	{ "begin [LABEL]", "start a group of edits undone as one step", c_group },
	{ "end", "end the group of edits", c_group },
	{ "scale [FUNC] FACTOR", "multiply a function's self time (what-if)", c_time },
	{ "self [FUNC] SECONDS", "set a function's self time (what-if)", c_time },
	{ "hide [FUNC]", "leave a function out of the call graph (-e)", c_select },
	{ "unhide [FUNC]", "undo hide (no FUNC: every hidden function)", c_select },
	{ "exclude-time [FUNC]", "leave it out and drop its time (-E)", c_select },
	{ "include-time [FUNC]", "undo exclude-time (no FUNC: all of them)", c_select },
	{ "focus [FUNC]", "show only the graph around it (-f)", c_select },
	{ "unfocus [FUNC]", "undo focus (no FUNC: the focus in force)", c_select },
	{ "focus-time [FUNC]", "focus and count only its time (-F)", c_select },
	{ "unfocus-time [FUNC]", "undo focus-time (no FUNC: the one in force)", c_select },
	{ "sort COLUMN [asc|desc]", "sort the list by a column", c_sort },
	{ "filter PCT%|PATTERN|off", "hide rows below a share of time, or not matching", c_filter },
	{ "search PATTERN", "search names (substring, or regex)", c_search },
	{ "set OPTION VALUE", "delta|bars|color on|off, keymap default|vi|emacs", c_set },
	{ "bind VIEW KEY ACTION", "bind a key, as in a key file", c_bind },
	{ "source FILE", "run the commands in FILE", c_source },
	{ "export FILE [FORMAT]", "write text (gprof -b), json, dot, callgrind, folded or svg", c_export },
	{ "export! FILE [FORMAT]", "the same, replacing an existing file", c_export },
	{ "save-display FILE", "write the screen as text (not over an existing file)", c_save_display },
	{ "save-display! FILE", "the same, replacing an existing file", c_save_display },
	{ "dump FILE", "write the model as text (for tests; not over an existing file)", c_dump },
	{ "dump! FILE", "the same, replacing an existing file", c_dump },
	{ "flat", "show the flat profile", c_view },
	{ "graph", "show the call graph", c_view },
	{ "index", "show the index", c_view },
	{ "deleted", "show the deleted arcs", c_view },
	{ "tree", "show the call tree from the roots (top-down)", c_tree },
	{ "tree-up [FUNC]", "show the call tree of every path that reaches FUNC (bottom-up)", c_tree },
	{ "source-view", "show the source of the selected function", c_view },
	{ "help", "show keys and commands", c_view },
	{ "break-cycles N [bsd|time] [roots]", "propose arcs to delete so no cycle has over N members", c_break },
	{ "pin [FROM/TO]", "keep the arc (under the cursor) out of the proposal and propose again", c_pin },
	{ "force [FROM/TO]", "force the arc (under the cursor) into the proposal, the rest around it", c_pin },
	{ "write-edits FILE", "write the session's edits as an edits file (--edits; not over an existing file)", c_write_edits },
	{ "write-edits! FILE", "the same, replacing an existing file", c_write_edits },
	{ "show-edits", "show the deleted arcs as edits-file commands and gprof -k options", c_show_edits },
	{ "unpin [FROM/TO]", "make the arc free again (alone: every pinned or forced arc)", c_pin },
	{ "cycles", "show the cycle-breaking proposal again", c_view },
	{ "messages", "show every message of this session (long ones whole)", c_view },
	{ "baseline FILE...|off", "compare with a baseline profile (off: drop it)", c_baseline },
	{ "significant [on|off]", "against a baseline: list only significant changes", c_baseline },
	{ "q [STATUS]", "quit (also quit); asks first when edits are not exported", c_quit },
	{ "quit [STATUS]", "quit", c_quit },
	{ "q! [STATUS]", "quit without asking (also quit!)", c_quit },
	{ "quit! [STATUS]", "quit without asking", c_quit },
};
/* clang-format on */
#define NCMDS (sizeof cmds / sizeof cmds[0])

/* Argument kinds by command word; a command not listed takes none. */
/* clang-format off */
static const struct {
	const char *word;
	enum cmd_arg kind;
} arg_kinds[] = {
	{ "goto", CMD_ARG_FUNC }, { "scale", CMD_ARG_FUNC }, { "self", CMD_ARG_FUNC },
	{ "hide", CMD_ARG_FUNC }, { "unhide", CMD_ARG_FUNC }, { "exclude-time", CMD_ARG_FUNC },
	{ "include-time", CMD_ARG_FUNC }, { "focus", CMD_ARG_FUNC }, { "unfocus", CMD_ARG_FUNC },
	{ "focus-time", CMD_ARG_FUNC }, { "unfocus-time", CMD_ARG_FUNC }, { "tree-up", CMD_ARG_FUNC },
	{ "k", CMD_ARG_ARC }, { "restore", CMD_ARG_ARC },
	{ "k!", CMD_ARG_ARC }, { "restore!", CMD_ARG_ARC },
	{ "pin", CMD_ARG_ARC }, { "force", CMD_ARG_ARC }, { "unpin", CMD_ARG_ARC },
	{ "export", CMD_ARG_FILE }, { "export!", CMD_ARG_FILE }, { "save-display", CMD_ARG_FILE },
	{ "save-display!", CMD_ARG_FILE }, { "source", CMD_ARG_FILE }, { "dump", CMD_ARG_FILE },
	{ "dump!", CMD_ARG_FILE }, { "write-edits", CMD_ARG_FILE }, { "write-edits!", CMD_ARG_FILE },
	{ "sort", CMD_ARG_WORDS }, { "set", CMD_ARG_WORDS }, { "filter", CMD_ARG_WORDS },
	{ "break-cycles", CMD_ARG_WORDS },
	{ "baseline", CMD_ARG_FILE }, { "significant", CMD_ARG_WORDS },
};
/* clang-format on */

enum cmd_arg cmd_arg_kind(const char *word)
{
	for (size_t i = 0; i < sizeof arg_kinds / sizeof arg_kinds[0]; i++)
		if (strcmp(arg_kinds[i].word, word) == 0)
			return arg_kinds[i].kind;
	return CMD_ARG_NONE;
}

const char *const *cmd_arg_words(struct app *a, const char *word, int nth,
				 const char *prev)
{
	static const char *const dirs[] = { "asc", "desc", NULL };
	static const char *const opts[] = { "delta", "bars", "color", "keymap", NULL };
	static const char *const onoff[] = { "on", "off", NULL };
	static const char *const keymaps[] = { "default", "vi", "emacs", NULL };
	static const char *const off[] = { "off", NULL };
	static const char *const bsd[] = { "bsd", NULL };
	static const char *const formats[] = { "text",   "json", "dot", "callgrind",
					       "folded", "svg",  NULL };
	if (strcmp(word, "sort") == 0)
		return nth == 0   ? list_sort_columns(view_ops(a->view)->columns
							      ? a->view
							      : app_list_view(a))
		       : nth == 1 ? dirs
				  : NULL;
	if (strcmp(word, "filter") == 0)
		return nth == 0 ? off : NULL;
	if (strcmp(word, "significant") == 0)
		return nth == 0 ? onoff : NULL;
	if (strcmp(word, "break-cycles") == 0)
		return nth == 1 ? bsd : NULL;
	if (strncmp(word, "export", 6) == 0)
		return nth == 1 ? formats : NULL;
	if (strcmp(word, "set") == 0)
		return nth == 0   ? opts
		       : nth == 1 ? (strcmp(prev, "keymap") == 0 ? keymaps : onoff)
				  : NULL;
	return NULL;
}

int cmd_info(int i, const char **name, const char **help)
{
	if (i < 0 || (size_t)i >= NCMDS)
		return 0;
	*name = cmds[i].name;
	*help = cmds[i].help;
	return 1;
}

void cmd_run(struct app *a, const char *text)
{
	char buf[4096], word[64];
	while (*text == ' ' || *text == ':')
		text++;
	snprintf(buf, sizeof buf, "%s", text);
	size_t n = strlen(buf);
	while (n && buf[n - 1] == ' ')
		buf[--n] = 0;
	if (!buf[0])
		return;
	size_t w = strcspn(buf, " ");
	char *arg = buf + w;
	while (*arg == ' ')
		arg++;
	snprintf(word, sizeof word, "%.*s", (int)(w < 63 ? w : 63), buf);
	if (isdigit((unsigned char)word[0]) || word[0] == '[') {
		c_goto(a, "goto", buf);
		return;
	}
	for (size_t i = 0; i < NCMDS; i++) {
		char cw[64];
		sscanf(cmds[i].name, "%63s", cw);
		if (strcmp(cw, word) == 0) {
			cmds[i].fn(a, word, arg);
			return;
		}
	}
	app_message(a, 1, "unknown command `%s' (:help lists them)", word);
}
