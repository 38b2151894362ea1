/* SPDX-License-Identifier: GPL-3.0-or-later */
/* screen: see screen.h. */
#include "config.h"
#include "screen.h"
#include "app.h"
#include "action.h"
#include "draw.h"
#include "keymap.h"
#include "names.h"
#include "term.h"
#include "view_entry.h"
#include "util.h"

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* Rounding noise from re-propagation must not print as "-0.00". */
static double tidy(double x)
{
	return x > -1e-6 && x < 1e-6 ? 0.0 : x;
}

/* "focus NAME" / "focus N functions", "N hidden": the selections in
 * force, counted once per model generation (a walk of every function). */
static void selection_text(struct app *a, char *buf, size_t len)
{
	char *text = a->sel_text;
	size_t textlen = sizeof a->sel_text;
	if (a->sel_gen != edit_generation(a->ed) + 1) {
		const struct cg *g = a->g;
		uint32_t nfocus = 0, nhidden = 0, one = CG_NONE;
		for (uint32_t i = 0; i < g->nfuncs; i++) {
			if (cg_in_set(&g->nodes[i], CG_INCL_GRAPH) && nfocus++ == 0)
				one = i;
			/* mcount & co are out of everything from the start,
			 * and no :unhide brings them back: not counted (the
			 * set first: it is in the node, the symbol is not) */
			nhidden += cg_in_set(&g->nodes[i], CG_EXCL_GRAPH) &&
				   !g->nodes[i].sym->is_excluded;
		}
		size_t k = 0;
		text[0] = 0;
		if (nfocus == 1)
			k += (size_t)snprintf(text, textlen, "focus %.60s",
					      g->nodes[one].sym->dname);
		else if (nfocus)
			k += (size_t)snprintf(text, textlen, "focus %u functions",
					      nfocus);
		if (nhidden && k < textlen)
			snprintf(text + k, textlen - k, "%s%u hidden", k ? ", " : "",
				 nhidden);
		a->sel_gen = edit_generation(a->ed) + 1;
	}
	snprintf(buf, len, "%s", text);
}

static void draw_status(struct app *a)
{
	const struct cg *g = a->g;
	const char *sep = a->utf8 ? " \xc2\xb7 " : " | ";
	const char *exe = strrchr(a->o->load.exe, '/');
	char filt[160] = "none", keys[64], line[1024];
	size_t ndel;
	edit_deleted_arcs(a->ed, &ndel);
	if (a->filter_pct > 0 && a->filter.text)
		snprintf(filt, sizeof filt, ">=%g%% & %s", a->filter_pct, a->filter.text);
	else if (a->filter_pct > 0)
		snprintf(filt, sizeof filt, ">=%g%%", a->filter_pct);
	else if (a->filter.text)
		snprintf(filt, sizeof filt, "%s", a->filter.text);
	char sel[300], selseg[320] = "";
	selection_text(a, sel, sizeof sel);
	if (sel[0])
		snprintf(selseg, sizeof selseg, "%s%s", sep, sel);
	keymap_keys_for(KV_GENERIC, ACT_HELP, keys, sizeof keys);
	char *comma = strchr(keys, ',');
	if (comma)
		*comma = 0;
	/* The help hint keeps its place at the right end, whatever the width. */
	char hint[80];
	snprintf(hint, sizeof hint, "   %s help ", keys);
	int hw = (int)strlen(hint);
	/* The sampling details go first when the line is too long, so the
	 * state (deleted arcs, filter, focus, edits) stays in sight. */
	char samples[96];
	snprintf(samples, sizeof samples, " in %.0f samples (%g s each)",
		 tidy(g->total_time), 1.0 / g->hz);
	for (int pass = 0; pass < 2; pass++) {
		snprintf(line, sizeof line,
			 " tgprof  %s%s%.2f s%s%s%zu arc%s deleted%s"
			 "filter %s%s%s%zu edit%s%s%s",
			 exe ? exe + 1 : a->o->load.exe, sep, tidy(g->total_time / g->hz),
			 pass ? "" : samples, sep, ndel, ndel == 1 ? "" : "s", sep, filt,
			 selseg, sep, edit_nsteps(a->ed),
			 edit_nsteps(a->ed) == 1 ? "" : "s", a->missing ? sep : "",
			 a->missing ? a->missing : "");
		if ((int)strlen(line) - 8 <= COLS - hw)
			break;
	}
	if (COLS > hw + 20) {
		draw_row(0, COLS - hw, line, 3);
		draw_text(0, COLS - hw, hw, hint, 3 | 0x100);
	} else {
		draw_row(0, COLS, line, 3);
	}
}

/* Whether view V has the name line: its rows name functions (current())
 * or arcs (row_name()). */
static int has_name_line(const struct view *v)
{
	return v->ops->current || v->ops->row_name;
}

/* The name line at Y: the whole name of what the highlighted row of V
 * shows, of any length and scrolled sideways with the rows, between
 * dashes: what row_name() says when it says something (an arc, a
 * function only the baseline has), else "[N] name" for a function.
 * Above the entry pane (PANE) it is the pane's separator and names the
 * session's function, which the pane shows. */
static void draw_name_line(struct app *a, struct view *v, int y, int pane)
{
	char buf[64];
	char *owned = NULL;
	const char *nm = NULL;
	if (v->ops->row_name && v->pane.n)
		nm = owned = v->ops->row_name(a, v);
	uint32_t n = nm                ? CG_NONE
		     : pane            ? a->node
		     : v->ops->current ? v->ops->current(a, v)
				       : CG_NONE;
	if (n != CG_NONE)
		nm = app_node_name(a, n, buf, sizeof buf);
	const char *dash = a->utf8 ? "\xe2\x94\x80" : "-";
	nm = nm ? names_skip(nm, v->hscroll) : "";
	size_t len = strlen(nm) + 64 + 3 * ((size_t)COLS + 8);
	char *line = xmalloc(len);
	size_t used = 0;
	for (int i = 0; i < 3; i++)
		used += (size_t)snprintf(line + used, len - used, "%s", dash);
	if (n != CG_NONE)
		used += (size_t)snprintf(line + used, len - used, " [%u] %s ",
					 a->g->nodes[n].index, nm);
	else if (*nm)
		used += (size_t)snprintf(line + used, len - used, " %s ", nm);
	else
		used += (size_t)snprintf(line + used, len - used, " ");
	for (int i = 0; i < COLS && used + 4 < len; i++)
		used += (size_t)snprintf(line + used, len - used, "%s", dash);
	draw_row(y, COLS, line, pane && a->focus_entry ? 3 : 0);
	free(line);
	free(owned);
}

void screen_draw(struct app *a)
{
	if (LINES < 1 || COLS < 1)
		return;
	app_ensure_rows(a, a->view);
	int H = LINES - 2;
	a->list_y = a->list_h = a->entry_y = a->entry_h = 0;
	draw_status(a);
	if (H > 0) {
		struct view *v = app_view(a, a->view);
		const struct view_ops *ops = v->ops;
		/* Lists have the entry pane below them when there is room for
		 * both, its separator the name line; other views naming
		 * functions or arcs, and lists without the pane, have the
		 * name line as their last row.  A view's own header line (if
		 * any) is its first row. */
		int eh =
			view_has_funcs(a->view) && H >= 10 ? H * a->entry_tenths / 10 : 0;
		int nl = !eh && has_name_line(v) && H >= 6;
		int lh = eh ? H - eh - 1 : H - nl;
		int head = (ops->flags & VIEW_HEADER) != 0;
		a->list_y = 1 + head;
		a->list_h = lh - head;
		ops->draw(a, v, 1, lh, COLS);
		if (nl)
			draw_name_line(a, v, 1 + lh, 0);
		if (eh) {
			draw_name_line(a, v, 1 + lh, 1);
			a->entry_y = 2 + lh;
			a->entry_h = eh;
			view_entry_draw(a, 2 + lh, eh, COLS);
		} else {
			a->focus_entry = 0;
		}
	}
	if (LINES >= 2) {
		/* A message wider than the screen says where to read it whole. */
		const char *more = " ... (:messages)";
		int mw = (int)strlen(more);
		if ((int)strlen(a->msg) > COLS && COLS > mw + 10) {
			int k = COLS - mw;
			while (k > 0 && ((unsigned char)a->msg[k] & 0xc0) == 0x80)
				k--; /* not inside a UTF-8 character */
			char *cut = xmalloc((size_t)k + (size_t)mw + 1);
			snprintf(cut, (size_t)k + (size_t)mw + 1, "%.*s%s", k, a->msg,
				 more);
			draw_row(LINES - 1, COLS, cut, a->msg_err ? 5 : 0);
			free(cut);
		} else {
			draw_row(LINES - 1, COLS, a->msg, a->msg_err ? 5 : 0);
		}
	}
}

void screen_mouse(struct app *a, const struct term_key *k)
{
	int in_list = k->y >= a->list_y && k->y < a->list_y + a->list_h;
	int in_entry = a->entry_h && k->y >= a->entry_y && k->y < a->entry_y + a->entry_h;
	if (k->mouse == TM_WHEEL_UP || k->mouse == TM_WHEEL_DOWN) {
		if (in_list || in_entry)
			a->focus_entry = in_entry;
		app_move_by(a, k->mouse == TM_WHEEL_UP ? -3 : 3);
		return;
	}
	struct pane *p;
	int row;
	if (in_list) {
		a->focus_entry = 0;
		p = &app_view(a, a->view)->pane;
		row = k->y - a->list_y;
	} else if (in_entry) {
		a->focus_entry = 1;
		p = &a->ep;
		row = k->y - a->entry_y;
	} else {
		return;
	}
	if (p->top + (uint32_t)row >= p->n)
		return;
	p->cur = p->top + (uint32_t)row;
	app_moved(a);
	if (k->mouse == TM_DCLICK)
		view_entry_follow(a);
}
