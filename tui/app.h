/* app: the browser's state and what the tui/ files share.
 *
 * One struct app holds the session (core/edit.h), the current view, the
 * rows each list view shows (rebuilt when the model's generation, the
 * sort or the filters change), the entry pane and the message line.
 * Views draw from it; actions and commands change it and set flags that
 * the loop in app.c turns into redraws.  Curses is used only by the tui/
 * files; the model is read only through core/. */
#ifndef TUI_APP_H
#define TUI_APP_H

#include <regex.h>
#include <stddef.h>
#include <stdint.h>
#include "cg.h"
#include "cyclebreak.h"
#include "edit.h"
#include "load.h"
#include "opts.h"

enum view { V_FLAT, V_GRAPH, V_INDEX, V_SOURCE, V_DELETED, V_HELP, V_CYCLES, V_N };

/* A cursor and a scroll offset over N rows. */
struct pane {
	uint32_t n, cur, top, height;
};

/* One line of the entry pane: gprof's text, the function a follow goes
 * to, the arc it shows (CG_NONE for the primary line). */
struct entry_line {
	char text[640];
	uint32_t node, arc;
	int kind;    /* 0 parent, 1 primary, 2 child, 3 cycle member */
	int deleted; /* a deleted arc, shown dimmed */
};

struct textbuf {
	char **lines;
	uint32_t n, cap;
	int *attr;   /* per line: 1 = emphasised */
};

struct matcher {
	char *text;
	int is_regex, icase;
	regex_t re;
};

struct histpos {
	int view;
	uint32_t node;
};

struct app {
	struct load ld;
	struct edit *ed;
	struct cg *g;
	const struct opts *o;
	int headless;
	int view, prev_list_view;
	int focus_entry;
	uint32_t *rows[V_N];
	size_t rowcap[V_N];
	struct pane pane[V_N];
	int sort_col[V_N], sort_rev[V_N];
	unsigned long built_gen[V_N];
	int dirty_rows[V_N];
	uint32_t node;         /* selected function or cycle node */
	uint32_t node_member;  /* a member of it when node is a cycle */
	/* entry pane of app.node */
	struct entry_line *el;
	size_t nel, elcap;
	struct pane ep;
	uint32_t el_node;
	unsigned long el_gen;
	unsigned long seen_gen;  /* model generation the node was last mapped for */
	int list_y, list_h, entry_y, entry_h; /* layout, for the mouse */
	/* text views */
	struct textbuf help, source;
	uint32_t source_node;
	char source_title[600];
	unsigned long source_gen;
	/* history */
	struct histpos *back, *fwd;
	size_t nback, nfwd, backcap, fwdcap;
	/* search and filters */
	struct matcher search;
	int search_dir;
	double filter_pct;     /* hide rows below this share of time, 0 = off */
	struct matcher filter; /* text NULL = off */
	/* display */
	int show_delta, color, utf8;
	int flat_si;           /* per-call unit for the flat view */
	double flat_cumul;     /* running sum while drawing the flat view */
	char msg[512];
	int msg_err;
	int quit, status;
	/* a :break-cycles proposal under review (view_cycles.c) */
	struct cyclebreak_result cb;
	unsigned char *cb_use;
	long cb_bound;
	int cb_bsd, cb_active;
	unsigned long cb_gen;
	int cb_time;         /* objective: least time moved (:break-cycles N time) */
	uint32_t *cb_pins;   /* arcs the user keeps (:pin), for re-proposals */
	size_t cb_npins;
	struct textbuf cycles;
	/* key-file errors met at start, printed again on exit */
	char **key_errors;
	size_t nkey_errors, key_errcap;
};

extern struct app *app_current;

/* app.c */
void app_message(struct app *a, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void app_select_node(struct app *a, uint32_t node, int push_history);
void app_set_view(struct app *a, int view);
void app_invalidate(struct app *a);
int app_run_action(struct app *a, int act);
void app_draw(struct app *a);
void app_key_error(const char *msg);
void app_search(struct app *a, int dir, int again);
void app_ensure_rows(struct app *a, int v);
void app_move_by(struct app *a, long d);
void app_moved(struct app *a);
void app_follow(struct app *a);
struct term_key;
/* screen.c */
void app_mouse(struct app *a, const struct term_key *k);

/* list.c: rows of the list views */
void list_rebuild(struct app *a, int view);
void list_sync_cursor(struct app *a, int view);
uint32_t list_cur_node(struct app *a, int view);
int list_sort_by_name(struct app *a, int view, const char *col, int dir);
const char *list_sort_name(const struct app *a, int view);
void list_sort_step(struct app *a, int view, int step);
int matcher_set(struct matcher *m, const char *text, char *err, size_t errlen);
void matcher_clear(struct matcher *m);
int matcher_match(const struct matcher *m, const char *s);
int list_search(struct app *a, int dir, int from_next);
const char *list_node_name(const struct app *a, uint32_t n, char *buf, size_t len);
double list_node_pct(const struct app *a, uint32_t n);

/* views: draw one view into rows y .. y+h-1 of width w */
void view_flat_draw(struct app *a, int y, int h, int w);
void view_graph_draw(struct app *a, int y, int h, int w);
void view_index_draw(struct app *a, int y, int h, int w);
void view_deleted_draw(struct app *a, int y, int h, int w);
void view_text_draw(struct app *a, struct textbuf *t, int v, int y, int h, int w);
void view_primary_line(const struct app *a, uint32_t n, char *buf, size_t len);
void view_pane_fix(struct pane *p, int h);
void view_entry_build(struct app *a);
void view_entry_draw(struct app *a, int y, int h, int w);
void view_source_build(struct app *a);
void view_help_build(struct app *a);
void textbuf_clear(struct textbuf *t);
void textbuf_add(struct textbuf *t, int attr, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* view_cycles.c */
void view_cycles_propose(struct app *a, long bound, int bsd);
void view_cycles_build(struct app *a);
void view_cycles_toggle(struct app *a);
/* :pin: keep the arc under the cursor and propose again without it;
 * :unpin drops every pin and proposes again. */
void view_cycles_pin(struct app *a, int on);
void view_cycles_accept(struct app *a);
void view_cycles_drop(struct app *a, const char *why);

/* draw.c */
void draw_init_colors(struct app *a);
void draw_text(int y, int x, int w, const char *s, int attr);
void draw_row(int y, int w, const char *s, int attr);
int draw_hot_attr(const struct app *a, double pct);
int draw_save_display(const char *path, char *msg, size_t msglen);
void draw_fill(int y, int w, int attr);

/* cmd.c */
void cmd_run(struct app *a, const char *line);
int cmd_info(int i, const char **name, const char **help);

/* prompt.c: readline on the last line; returns a malloc'd line or NULL */
char *prompt_read(struct app *a, const char *prompt, int search);
void prompt_init(struct app *a);
void prompt_finish(void);

#endif
