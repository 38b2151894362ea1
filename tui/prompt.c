/* SPDX-License-Identifier: GPL-3.0-or-later */
/* prompt: GNU readline on the last screen line.
 *
 * Readline never touches the terminal here: it reads bytes through
 * rl_getc_function from the same key source as the browser (terminal or
 * headless script; function keys become the escape sequences readline
 * binds), writes to /dev/null, and its line is drawn by our redisplay
 * function.  So scripts drive the prompt exactly as a user would.
 * Escape (sent on as ^G) cancels.  In search mode each redisplay moves
 * the cursor to the first match: the search is incremental.
 * History persists in $XDG_STATE_HOME/tgprof/history (commands) and
 * search-history (searches). */
#include "config.h"
#include "prompt.h"
#include "app.h"
#include "cmd.h"
#include "draw.h"
#include "screen.h"
#include "keymap.h"
#include "term.h"
#include "util.h"

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <readline/readline.h>
#include <readline/history.h>

static struct app *papp;
static unsigned char queue[16];
static int qhead, qlen;
static int cancelled, search_mode;
static const char *cur_prompt;
static uint32_t search_start, search_top;
/* Two histories: 0 the ':' commands, 1 the searches, so that Up in '/'
 * recalls searches.  Readline holds one at a time; the other waits in
 * its saved state. */
static char history_path[2][4096];
static HISTORY_STATE *hist[2];
static int hist_cur;
static FILE *devnull;
static size_t shown_from; /* matches are shown from this offset on */

static void put(const char *s)
{
	while (*s && qlen < (int)sizeof queue)
		queue[(qhead + qlen++) % sizeof queue] = (unsigned char)*s++;
}

static void put_utf8(int c)
{
	char b[5] = { 0 };
	if (c < 0x80) {
		b[0] = (char)c;
	} else if (c < 0x800) {
		b[0] = (char)(0xc0 | c >> 6), b[1] = (char)(0x80 | (c & 0x3f));
	} else if (c < 0x10000) {
		b[0] = (char)(0xe0 | c >> 12), b[1] = (char)(0x80 | (c >> 6 & 0x3f));
		b[2] = (char)(0x80 | (c & 0x3f));
	} else {
		b[0] = (char)(0xf0 | c >> 18), b[1] = (char)(0x80 | (c >> 12 & 0x3f));
		b[2] = (char)(0x80 | (c >> 6 & 0x3f)), b[3] = (char)(0x80 | (c & 0x3f));
	}
	put(b);
}

static int getc_cb(FILE *f)
{
	(void)f;
	while (qlen == 0) {
		struct term_key k;
		if (term_getkey(&k) < 0)
			return EOF;
		int key = k.key;
		if (key == (KEYMAP_FUNC | KEY_RESIZE)) {
			if (term_headless())
				term_resize(k.y, k.x);
			/* The screen under the prompt is drawn again at the
			 * new size, not left blank until the prompt closes. */
			erase();
			if (papp)
				screen_draw(papp);
			rl_forced_update_display();
			continue;
		}
		switch (key) {
		case 27: put("\007"); break;
		case '\n': put("\n"); break;
		case KEYMAP_FUNC | KEY_BACKSPACE: put("\177"); break;
		case KEYMAP_FUNC | KEY_LEFT: put("\033[D"); break;
		case KEYMAP_FUNC | KEY_RIGHT: put("\033[C"); break;
		case KEYMAP_FUNC | KEY_UP: put("\033[A"); break;
		case KEYMAP_FUNC | KEY_DOWN: put("\033[B"); break;
		case KEYMAP_FUNC | KEY_HOME: put("\001"); break;
		case KEYMAP_FUNC | KEY_END: put("\005"); break;
		case KEYMAP_FUNC | KEY_DC: put("\004"); break;
		default:
			if (!(key & KEYMAP_FUNC) && key > 0)
				put_utf8(key);
		}
	}
	int c = queue[qhead];
	qhead = (qhead + 1) % (int)sizeof queue;
	qlen--;
	return c;
}

static int cancel_cb(int count, int key)
{
	(void)count;
	(void)key;
	cancelled = 1;
	rl_done = 1;
	return 0;
}

static int startup_cb(void)
{
	rl_bind_key('\007', cancel_cb);
	return 0;
}

static void redisplay(void)
{
	if (LINES < 1 || COLS < 1)
		return;
	if (search_mode && papp) {
		char err[128];
		struct pane *p = &app_view(papp, papp->view)->pane;
		p->cur = search_start;
		if (rl_line_buffer[0] &&
		    matcher_set(&papp->search, rl_line_buffer, err, sizeof err) == 0) {
			papp->search_dir = search_mode;
			if (app_search_rows(papp, search_mode, 1) >= 0)
				app_moved(papp);
		}
		screen_draw(papp);
	}
	/* Scroll the line so that the cursor stays on screen. */
	size_t plen = strlen(cur_prompt);
	int point = rl_point;
	int start = 0, width = COLS - 1 - (int)plen;
	if (width < 1)
		width = 1;
	if (point > width)
		start = point - width;
	char buf[4096];
	snprintf(buf, sizeof buf, "%s%s", cur_prompt, rl_line_buffer + start);
	draw_row(LINES - 1, COLS, buf, 0);
	int x = (int)plen + point - start;
	move(LINES - 1, x < COLS ? x : COLS - 1);
	refresh();
}

static void show_matches(char **matches, int n, int maxlen)
{
	(void)maxlen;
	char line[1024];
	size_t used = 0;
	line[0] = 0;
	for (int i = 1; i <= n && used + 2 < sizeof line; i++)
		used += (size_t)snprintf(line + used, sizeof line - used, "%s%s",
					 i > 1 ? "  " : "",
					 matches[i] + (strlen(matches[i]) >= shown_from
							       ? shown_from
							       : 0));
	if (papp) {
		app_message(papp, 0, "%s", line);
		screen_draw(papp);
		if (LINES >= 2)
			draw_row(LINES - 2, COLS, line, 0);
	}
	rl_forced_update_display();
}

/* Completion: commands first, then function names (or files for the
 * commands that take one: readline's own filename completion). */
static char *command_gen(const char *text, int state)
{
	static int i;
	static size_t len;
	const char *name, *help;
	if (!state) {
		i = 0;
		len = strlen(text);
	}
	while (cmd_info(i++, &name, &help)) {
		char word[64];
		sscanf(name, "%63s", word);
		if (strncmp(word, text, len) == 0)
			return xstrdup(word);
	}
	return NULL;
}

/* Function names take the whole rest of the line as one word (demangled
 * C++ names have blanks), so the generators below get the line from its
 * start and return candidates with that start (the command, and for an
 * arc FROM/) kept in front: arg_at is where the completed part begins. */
static size_t arg_at;
static const char *const *word_list;
static uint32_t arc_from = CG_NONE; /* :k FROM/ resolved: complete its callees */

static char *name_gen(const char *text, int state)
{
	static uint32_t i;
	static size_t len;
	if (!state) {
		i = 0;
		len = strlen(text) - arg_at;
	}
	const struct cg *g = papp->g;
	const char *t = text + arg_at;
	while (i < g->nfuncs) {
		uint32_t n = i++;
		if (arc_from != CG_NONE && cg_arc_find(g, arc_from, n) == CG_NONE)
			continue;
		const char *d = g->nodes[n].sym->dname;
		if (strncmp(d, t, len) == 0) {
			char *r = xmalloc(arg_at + strlen(d) + 1);
			memcpy(r, text, arg_at);
			strcpy(r + arg_at, d);
			return r;
		}
	}
	return NULL;
}

static char *word_gen(const char *text, int state)
{
	static int i;
	static size_t len;
	if (!state) {
		i = 0;
		len = strlen(text);
	}
	while (word_list && word_list[i]) {
		const char *w = word_list[i++];
		if (strncmp(w, text, len) == 0)
			return xstrdup(w);
	}
	return NULL;
}

/* The command word of the line, and where its arguments start. */
static size_t line_command(char *cmd, size_t len)
{
	const char *s = rl_line_buffer;
	size_t i = strspn(s, " :");
	size_t w = strcspn(s + i, " ");
	snprintf(cmd, len, "%.*s", (int)w, s + i);
	if (!s[i + w])
		return 0; /* still typing the command itself */
	return i + w + strspn(s + i + w, " ");
}

static char *word_break(void)
{
	char cmd[64];
	size_t at = line_command(cmd, sizeof cmd);
	enum cmd_arg k = at ? cmd_arg_kind(cmd) : CMD_ARG_NONE;
	/* No break character at all: the word is the whole line. */
	return k == CMD_ARG_FUNC || k == CMD_ARG_ARC ? "\001" : NULL;
}

static char **complete(const char *text, int start, int end)
{
	(void)end;
	char cmd[64];
	size_t at = line_command(cmd, sizeof cmd);
	rl_attempted_completion_over = 1;
	shown_from = 0;
	rl_sort_completion_matches = 1;
	if (!at)
		return rl_completion_matches(text, command_gen);
	switch (cmd_arg_kind(cmd)) {
	case CMD_ARG_FILE:
		if (start <= (int)at) {
			rl_attempted_completion_over = 0;
			return NULL; /* readline's file names */
		}
		word_list = cmd_arg_words(papp, cmd, 1, "");
		return word_list ? rl_completion_matches(text, word_gen) : NULL;
	case CMD_ARG_FUNC:
	case CMD_ARG_ARC: {
		arg_at = at - (size_t)start;
		arc_from = CG_NONE;
		const char *slash = cmd_arg_kind(cmd) == CMD_ARG_ARC
					    ? strchr(text + arg_at, '/')
					    : NULL;
		if (slash) {
			/* TO of FROM/TO: the callees of FROM, when it names one function. */
			char from[512];
			snprintf(from, sizeof from, "%.*s", (int)(slash - text - arg_at),
				 text + arg_at);
			/* no message: spares the search for the closest names */
			arc_from = edit_lookup(papp->ed, from, NULL, 0);
			arg_at = (size_t)(slash + 1 - text);
		} else if (cmd_arg_kind(cmd) == CMD_ARG_ARC) {
			rl_completion_append_character = '/';
		}
		char **m = rl_completion_matches(text, name_gen);
		arc_from = CG_NONE;
		shown_from = arg_at;
		return m;
	}
	case CMD_ARG_WORDS: {
		/* Which argument: count the words before START. */
		int nth = 0;
		char prev[64] = "";
		for (size_t i = at; i < (size_t)start;) {
			size_t w = strcspn(rl_line_buffer + i, " ");
			if (!w)
				break;
			snprintf(prev, sizeof prev, "%.*s", (int)w, rl_line_buffer + i);
			nth++;
			i += w + strspn(rl_line_buffer + i + w, " ");
		}
		word_list = cmd_arg_words(papp, cmd, nth, prev);
		rl_sort_completion_matches = 0; /* the table's order (sort keys) */
		if (word_list)
			return rl_completion_matches(text, word_gen);
		if (strncmp(cmd, "export", 6) == 0 && nth == 0) {
			rl_attempted_completion_over = 0;
			return NULL;
		}
		break;
	}
	case CMD_ARG_NONE: break;
	}
	return NULL;
}

static void use_history(int which)
{
	if (which == hist_cur)
		return;
	free(hist[hist_cur]);
	hist[hist_cur] = history_get_history_state();
	if (hist[which]) {
		history_set_history_state(hist[which]);
	} else {
		HISTORY_STATE empty;
		memset(&empty, 0, sizeof empty);
		history_set_history_state(&empty);
	}
	stifle_history(1000);
	hist_cur = which;
}

void prompt_init(struct app *a)
{
	papp = a;
	devnull = fopen("/dev/null", "w");
	rl_readline_name = "tgprof";
	rl_getc_function = getc_cb;
	rl_redisplay_function = redisplay;
	rl_prep_term_function = NULL;
	rl_deprep_term_function = NULL;
	rl_catch_signals = 0;
	rl_catch_sigwinch = 0;
	rl_change_environment = 0;
	rl_outstream = devnull ? devnull : stderr;
	rl_instream = stdin;
	rl_startup_hook = startup_cb;
	rl_attempted_completion_function = complete;
	rl_completion_display_matches_hook = show_matches;
	rl_completer_word_break_characters = " \t";
	rl_basic_word_break_characters = " \t";
	rl_completion_word_break_hook = word_break;

	const char *state = getenv("XDG_STATE_HOME");
	char dir[4000];
	if (state && *state)
		snprintf(dir, sizeof dir, "%s/tgprof", state);
	else if (getenv("HOME"))
		snprintf(dir, sizeof dir, "%s/.local/state/tgprof", getenv("HOME"));
	else
		return;
	/* mkdir -p: ~/.local need not exist yet.  When the directory cannot
	 * be made, history still works for this session and the message
	 * says why it will not be kept. */
	for (char *s = dir + 1;; s++) {
		if (*s != '/' && *s)
			continue;
		char c = *s;
		*s = 0;
		if (mkdir(dir, 0700) < 0 && errno != EEXIST) {
			app_message(a, 1, "history not saved: cannot create %s: %s", dir,
				    strerror(errno));
			*s = c;
			using_history();
			stifle_history(1000);
			return;
		}
		*s = c;
		if (!c)
			break;
	}
	snprintf(history_path[0], sizeof history_path[0], "%s/history", dir);
	snprintf(history_path[1], sizeof history_path[1], "%s/search-history", dir);
	using_history();
	stifle_history(1000);
	/* a history file that is not a regular file (a FIFO) is not read:
	 * reading it could wait forever */
	const char *why;
	use_history(1);
	if (util_check_regular(history_path[1], &why) == 0)
		read_history(history_path[1]);
	use_history(0);
	if (util_check_regular(history_path[0], &why) == 0)
		read_history(history_path[0]);
}

static void noop_prep(int meta)
{
	(void)meta;
}

static void noop_deprep(void)
{
}

char *prompt_read(struct app *a, const char *prompt, int search)
{
	rl_prep_term_function = noop_prep;
	rl_deprep_term_function = noop_deprep;
	cur_prompt = prompt;
	search_mode = search;
	search_start = app_view(a, a->view)->pane.cur;
	search_top = app_view(a, a->view)->pane.top;
	cancelled = 0;
	qlen = 0;
	use_history(search != 0);
	curs_set(1);
	char *line = readline("");
	curs_set(0);
	if (cancelled || !line) {
		/* Back where the search started, scrolled as it was (the
		 * matches shown on the way may have scrolled the view);
		 * app_moved() knows which views have a function under the
		 * cursor. */
		if (search) {
			app_view(a, a->view)->pane.cur = search_start;
			app_view(a, a->view)->pane.top = search_top;
			app_moved(a);
		}
		free(line);
		search_mode = 0;
		return NULL;
	}
	if (search) {
		app_view(a, a->view)->pane.cur = search_start;
	}
	search_mode = 0;
	if (*line)
		add_history(line);
	return line;
}

/* The current history list as readline writes it (a line each; no
 * timestamps are kept), at most the 1000 lines it is stifled to. */
static int fill_history(FILE *f, void *ctx)
{
	(void)ctx;
	HIST_ENTRY **list = history_list();
	for (size_t i = 0; list && list[i]; i++)
		fprintf(f, "%s\n", list[i]->line);
	return 0;
}

/* The history files are written as util.h says (readline's own writer
 * follows a symbolic link planted at the name: HOME may be another user's
 * when tgprof runs as root). */
void prompt_finish(void)
{
	char msg[4200];

	for (int i = 1; i >= 0; i--) {
		use_history(i);
		if (history_path[i][0])
			util_write_file(history_path[i], UTIL_WRITE_PRIVATE, fill_history,
					NULL, NULL, msg, sizeof msg);
	}
}
