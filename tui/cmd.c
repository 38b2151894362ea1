/* cmd: the commands of the ':' prompt.
 *
 * One table (name, help, handler) drives dispatch, completion and the
 * help view.  Model changes go through core/edit.h; FUNC arguments are
 * whatever edit_lookup() takes ([N], N, raw or demangled name) and
 * default to the selected function, so a name with blanks can be given
 * whole. */
#include "config.h"
#include "app.h"
#include "action.h"
#include "export.h"
#include "keymap.h"
#include "util.h"

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void cmd_fn(struct app *a, const char *name, char *arg);

static int is_list(int v)
{
	return v == V_FLAT || v == V_GRAPH || v == V_INDEX;
}

/* FUNC in TEXT (empty: the selected function); CG_NONE after a message. */
static uint32_t func_arg(struct app *a, const char *text, int allow_cycle)
{
	char msg[512];
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
	if (allow_cycle && end != d && (*end == 0 || (*end == ']' && end[1] == 0) || *end == ' ')) {
		if (idx >= 1 && idx <= a->g->norder && a->g->nodes[a->g->order[idx - 1]].index == idx)
			return a->g->order[idx - 1];
		app_message(a, 1, "no entry [%lu]", idx);
		return CG_NONE;
	}
	uint32_t n = edit_lookup(a->ed, text, msg, sizeof msg);
	if (n == CG_NONE)
		app_message(a, 1, "%s", msg);
	return n;
}

static void go_node(struct app *a, uint32_t n)
{
	app_select_node(a, n, 1);
	if (!is_list(a->view))
		app_set_view(a, a->prev_list_view);
	list_rebuild(a, a->view);
	if (list_cur_node(a, a->view) != n) {
		app_set_view(a, V_GRAPH);
		list_sync_cursor(a, V_GRAPH);
	}
	a->focus_entry = 0;
}

static void c_goto(struct app *a, const char *name, char *arg)
{
	uint32_t n = func_arg(a, arg, 1);
	if (n != CG_NONE)
		go_node(a, n);
}

static void c_arc(struct app *a, const char *name, char *arg)
{
	char msg[512];
	int restore = strcmp(name, "restore") == 0;
	if (!*arg) {
		app_run_action(a, restore ? ACT_RESTORE_ARC : ACT_DELETE_ARC);
		return;
	}
	int r = restore ? edit_arc_restore_spec(a->ed, arg, NULL, msg, sizeof msg)
		: edit_arc_delete_spec(a->ed, arg, NULL, msg, sizeof msg);
	app_message(a, r < 0, "%s", msg);
}

static void c_edit(struct app *a, const char *name, char *arg)
{
	char msg[512];
	int r = strcmp(name, "undo") == 0 ? edit_undo(a->ed, msg, sizeof msg)
		: edit_redo(a->ed, msg, sizeof msg);
	app_message(a, r < 0, "%s", msg);
}

static void c_time(struct app *a, const char *name, char *arg)
{
	char msg[512], *end;
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
	app_message(a, r < 0, "%s", msg);
}

static void c_select(struct app *a, const char *name, char *arg)
{
	static const struct {
		const char *name;
		enum edit_sel what;
		int on;
	} ops[] = {
		{ "hide", EDIT_HIDE, 1 }, { "unhide", EDIT_HIDE, 0 },
		{ "exclude-time", EDIT_EXCLUDE_TIME, 1 }, { "include-time", EDIT_EXCLUDE_TIME, 0 },
		{ "focus", EDIT_FOCUS, 1 }, { "unfocus", EDIT_FOCUS, 0 },
		{ "focus-time", EDIT_FOCUS_TIME, 1 }, { "unfocus-time", EDIT_FOCUS_TIME, 0 },
	};
	char msg[512];
	uint32_t n = func_arg(a, arg, 0);
	if (n == CG_NONE)
		return;
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
		if (strcmp(ops[i].name, name) == 0) {
			int r = edit_select(a->ed, n, ops[i].what, ops[i].on, msg, sizeof msg);
			app_message(a, r < 0, "%s", msg);
		}
	}
}

static void c_sort(struct app *a, const char *name, char *arg)
{
	char col[64] = "", dir[16] = "";
	int v = is_list(a->view) ? a->view : a->prev_list_view;
	sscanf(arg, "%63s %15s", col, dir);
	int d = strcmp(dir, "asc") == 0 ? -1 : 1;
	if (dir[0] && strcmp(dir, "asc") != 0 && strcmp(dir, "desc") != 0) {
		app_message(a, 1, "usage: sort COLUMN [asc|desc]");
		return;
	}
	/* Names sort ascending by default; "desc" reverses them. */
	if (strcmp(col, "name") == 0)
		d = strcmp(dir, "desc") == 0 ? -1 : 1;
	if (list_sort_by_name(a, v, col, d) < 0)
		app_message(a, 1, v == V_FLAT ? "columns: self calls self-per-call total-per-call name"
			    : v == V_GRAPH ? "columns: total self children calls name"
			    : "columns: name index");
	else
		app_message(a, 0, "sorted by %s%s", col, dir[0] ? dir : "");
}

static void c_filter(struct app *a, const char *name, char *arg)
{
	char err[256], *end;
	if (!*arg || strcmp(arg, "off") == 0) {
		a->filter_pct = 0;
		matcher_clear(&a->filter);
	} else {
		double pct = strtod(arg, &end);
		if (end != arg && (*end == 0 || strcmp(end, "%") == 0)) {
			a->filter_pct = pct;
		} else if (matcher_set(&a->filter, arg, err, sizeof err) < 0) {
			app_message(a, 1, "bad pattern: %s", err);
			return;
		}
	}
	app_invalidate(a);
}

static void c_search(struct app *a, const char *name, char *arg)
{
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
		: strcmp(s, "off") == 0 || strcmp(s, "0") == 0 || strcmp(s, "no") == 0 ? 0 : -1;
}

static void c_set(struct app *a, const char *name, char *arg)
{
	char opt[32] = "", val[64] = "";
	sscanf(arg, "%31s %63s", opt, val);
	if (strcmp(opt, "keymap") == 0) {
		keymap_clear();
		if (keymap_load_builtin("default", app_key_error) < 0 ||
		    (strcmp(val, "default") != 0 && keymap_load_builtin(val, app_key_error) < 0)) {
			keymap_load_builtin("default", app_key_error);
			app_message(a, 1, "unknown keymap `%s' (default, vi, emacs)", val);
		} else {
			app_message(a, 0, "keymap %s", val);
		}
		return;
	}
	int b = on_off(val);
	if (b >= 0 && strcmp(opt, "delta") == 0)
		a->show_delta = b;
	else if (b >= 0 && strcmp(opt, "color") == 0) {
		a->color = b;
		draw_init_colors(a);
	} else
		app_message(a, 1, "usage: set delta on|off, set color on|off, set keymap NAME");
}

static void c_bind(struct app *a, const char *name, char *arg)
{
	char line[600];
	snprintf(line, sizeof line, "bind %s", arg);
	a->msg[0] = 0;
	if (keymap_line(":bind", 1, line, app_key_error) == 0)
		app_message(a, 0, "bound: %s", arg);
	if (a->view == V_HELP)
		view_help_build(a);
}

/* :source FILE runs FILE's lines as commands.  A file may source others,
 * 8 levels deep at most (as "use" in key files), so a file that sources
 * itself ends with a message instead of the stack. */
#define SOURCE_DEPTH 8
static void c_source(struct app *a, const char *name, char *arg)
{
	static int depth;
	const char *why;
	size_t len;
	char *text, *line, *next;

	if (depth >= SOURCE_DEPTH) {
		app_message(a, 1, "%s: :source nested more than %d deep", arg, SOURCE_DEPTH);
		return;
	}
	if (!(text = util_read_file(arg, &len, &why))) {
		app_message(a, 1, "%s: %s", arg, why);
		return;
	}
	if (memchr(text, 0, len)) {
		app_message(a, 1, "%s: not a text file", arg);
		free(text);
		return;
	}
	depth++;
	for (line = text; !a->quit && *line; line = next) {
		next = line + strcspn(line, "\n");
		if (*next)
			*next++ = 0;
		line[strcspn(line, "\r")] = 0;
		char *s = line;
		while (*s == ' ' || *s == ':')
			s++;
		if (*s && *s != '#')
			cmd_run(a, s);
	}
	depth--;
	free(text);
}

static void c_export(struct app *a, const char *name, char *arg)
{
	char path[4096] = "", fmt[32] = "", msg[4200];
	enum export_format f;
	if (sscanf(arg, "%4095s %31s", path, fmt) < 1) {
		app_message(a, 1, "usage: export[!] FILE [text|json|dot|callgrind]");
		return;
	}
	if (fmt[0]) {
		if (export_format_parse(fmt, &f) < 0) {
			app_message(a, 1, "unknown format `%s' (text, json, dot, callgrind)", fmt);
			return;
		}
	} else {
		f = export_format_guess(path);
	}
	int r = export_write(a->ed, path, f, NULL, name[6] == '!', msg, sizeof msg);
	app_message(a, r < 0, "%s", msg);
}

static void c_save_display(struct app *a, const char *name, char *arg)
{
	char msg[4200];
	app_draw(a);
	int r = draw_save_display(arg, msg, sizeof msg);
	app_message(a, r < 0, "%s", msg);
}

static void c_dump(struct app *a, const char *name, char *arg)
{
	FILE *f = fopen(arg, "w");
	if (!f) {
		app_message(a, 1, "%s: cannot write", arg);
		return;
	}
	edit_dump(f, a->ed);
	if (fclose(f) != 0)
		app_message(a, 1, "%s: write error", arg);
	else
		app_message(a, 0, "dumped the model to %s", arg);
}

static void c_view(struct app *a, const char *name, char *arg)
{
	static const char *const names[V_N] = { "flat", "graph", "index", "source", "deleted", "help",
						"cycles" };
	for (int v = 0; v < V_N; v++)
		if (strcmp(names[v], name) == 0)
			app_set_view(a, v);
}

static void c_break(struct app *a, const char *name, char *arg)
{
	char *end, how[16] = "";
	long n = strtol(arg, &end, 10);
	sscanf(end, "%15s", how);
	if (end == arg || n < 1 || (how[0] && strcmp(how, "bsd") != 0)) {
		app_message(a, 1, "usage: break-cycles N [bsd]  (N >= 1 members per cycle)");
		return;
	}
	view_cycles_propose(a, n, how[0] != 0);
}

static void c_quit(struct app *a, const char *name, char *arg)
{
	a->quit = 1;
	if (*arg)
		a->status = atoi(arg);
}

static const struct {
	const char *name, *help;
	cmd_fn *fn;
} cmds[] = {
	{ "N", "go to call-graph entry [N] (a number alone)", c_goto },
	{ "goto NAME|N", "go to a function by name or index", c_goto },
	{ "k FROM/TO", "delete arcs as -k does (no argument: the arc under the cursor)", c_arc },
	{ "restore FROM/TO", "restore deleted arcs (no argument: the one under the cursor)", c_arc },
	{ "undo", "undo the last change", c_edit },
	{ "redo", "redo the last undone change", c_edit },
	{ "scale [FUNC] FACTOR", "multiply a function's self time (what-if)", c_time },
	{ "self [FUNC] SECONDS", "set a function's self time (what-if)", c_time },
	{ "hide [FUNC]", "leave a function out of the call graph (-e)", c_select },
	{ "unhide [FUNC]", "undo hide", c_select },
	{ "exclude-time [FUNC]", "leave it out and drop its time (-E)", c_select },
	{ "include-time [FUNC]", "undo exclude-time", c_select },
	{ "focus [FUNC]", "show only the graph around it (-f)", c_select },
	{ "unfocus [FUNC]", "undo focus", c_select },
	{ "focus-time [FUNC]", "focus and count only its time (-F)", c_select },
	{ "unfocus-time [FUNC]", "undo focus-time", c_select },
	{ "sort COLUMN [asc|desc]", "sort the list by a column", c_sort },
	{ "filter PCT%|PATTERN|off", "hide rows below a share of time, or not matching", c_filter },
	{ "search PATTERN", "search names (substring, or regex)", c_search },
	{ "set OPTION VALUE", "delta on|off, color on|off, keymap default|vi|emacs", c_set },
	{ "bind VIEW KEY ACTION", "bind a key, as in a key file", c_bind },
	{ "source FILE", "run the commands in FILE", c_source },
	{ "export FILE [FORMAT]", "write text (gprof -b), json, dot or callgrind", c_export },
	{ "export! FILE [FORMAT]", "the same, replacing an existing file", c_export },
	{ "save-display FILE", "write the screen as text", c_save_display },
	{ "dump FILE", "write the model as text (for tests)", c_dump },
	{ "flat", "show the flat profile", c_view },
	{ "graph", "show the call graph", c_view },
	{ "index", "show the index", c_view },
	{ "deleted", "show the deleted arcs", c_view },
	{ "source-view", "show the source of the selected function", c_view },
	{ "help", "show keys and commands", c_view },
	{ "break-cycles N [bsd]", "propose arcs to delete so no cycle has over N members", c_break },
	{ "cycles", "show the cycle-breaking proposal again", c_view },
	{ "q [STATUS]", "quit (also quit)", c_quit },
	{ "quit [STATUS]", "quit", c_quit },
};
#define NCMDS (sizeof cmds / sizeof cmds[0])

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
	if (strcmp(word, "source-view") == 0) {
		app_set_view(a, V_SOURCE);
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
