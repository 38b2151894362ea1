/* SPDX-License-Identifier: GPL-3.0-or-later */
/* view_cycles: :break-cycles N, a proposal of arcs to delete so that no
 * cycle keeps more than N members (core/cyclebreak.h), shown with its
 * certificate, warnings and the largest changes first, then the entries
 * it leaves by time, then its arcs; applied as one undo step
 * (edit_arcs_delete).  Space keeps or deletes the arc under the
 * cursor and the preview follows; Enter applies; Left goes back and
 * keeps the proposal for :cycles.  Pinning (kept), forcing and freeing an
 * arc set its state for the next proposals (its choices), made at once by
 * cyclebreak_repropose: only the components the change touches are solved
 * again, or repaired locally where the heuristics solved them; a new
 * :break-cycles proposes from scratch.  A proposal made for another state of
 * the profile is dropped, never applied. */
#include "config.h"
#include "app.h"
#include "view_cycles.h"
#include "cyclebreak.h"
#include "action.h"
#include "keymap.h"
#include "rows.h"
#include "screen.h"
#include "term.h"
#include "sort.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The view's own state: the proposal under review.  A text view
 * (view.h): the text first. */
struct cycles {
	struct textbuf text; /* what the view shows */
	struct cyclebreak_result r;
	unsigned char *use; /* per proposed arc: marked for deletion */
	long bound;
	int bsd, active;
	int by_time;       /* objective: least time moved */
	int roots;         /* new roots allowed */
	double exact_time; /* the exact search's seconds */
	int exact_time_set;
	unsigned long gen;                 /* the model generation it was made for */
	struct cyclebreak_choice *choices; /* arcs kept (:pin) or forced */
	size_t nchoices;
	size_t first_arc; /* the text row of the first proposed arc */
	/* the new entries' rows: the first one's text row, and each one's
	 * function (CG_NONE: a cycle), for the name line */
	size_t first_entry, nentries, entry_cap;
	uint32_t *entry_node;
	/* earlier proposals of this model generation (hist_gen), tried as
	 * starting points of the next ones */
	struct cyclebreak_result hist[4];
	size_t nhist;
	unsigned long hist_gen;
};

static struct cycles *cycles_of(struct app *a)
{
	return app_view(a, V_CYCLES)->priv;
}

void view_cycles_set_opts(struct app *a, const struct opts_cycles *oc)
{
	struct cycles *cv = cycles_of(a);
	cv->exact_time = oc->exact_time;
	cv->exact_time_set = oc->exact_time_set;
}

/* Keep the proposal shown as an earlier one (the oldest goes). */
static void hist_push(struct cycles *cv)
{
	if (cv->nhist == sizeof cv->hist / sizeof cv->hist[0]) {
		cyclebreak_result_free(&cv->hist[0]);
		memmove(&cv->hist[0], &cv->hist[1], (cv->nhist - 1) * sizeof cv->hist[0]);
		cv->nhist--;
	}
	cv->hist[cv->nhist++] = cv->r;
	memset(&cv->r, 0, sizeof cv->r);
	free(cv->use);
	cv->use = NULL;
	cv->active = 0;
}

static void hist_clear(struct cycles *cv)
{
	for (size_t i = 0; i < cv->nhist; i++)
		cyclebreak_result_free(&cv->hist[i]);
	cv->nhist = 0;
}

void view_cycles_drop(struct app *a, const char *why)
{
	struct cycles *cv = cycles_of(a);
	if (cv->active) {
		cyclebreak_result_free(&cv->r);
		free(cv->use);
		cv->use = NULL;
		cv->active = 0;
	}
	textbuf_clear(&cv->text);
	textbuf_add(&cv->text, 2, "%s", why);
	app_view(a, V_CYCLES)->pane.cur = 0;
}

/* CTX: the preview; entries by total time, larger first, then cycles
 * before functions, then node. */
static int cmp_by_time(const void *l, const void *r, void *ctx)
{
	const struct cyclebreak_preview *pv = ctx;
	const struct cyclebreak_entry *a = &pv->entries[*(const uint32_t *)l];
	const struct cyclebreak_entry *b = &pv->entries[*(const uint32_t *)r];
	double ta = a->self_time + a->child_time, tb = b->self_time + b->child_time;
	if (ta != tb)
		return ta > tb ? -1 : 1;
	int ca = a->node == CG_NONE, cb = b->node == CG_NONE;
	if (ca != cb)
		return cb - ca;
	if (a->new_cycle != b->new_cycle)
		return a->new_cycle < b->new_cycle ? -1 : 1;
	return (a->node > b->node) - (a->node < b->node);
}

/* The certificate of the proposal as made, how the exact search went,
 * then the warnings and what the marked arcs do to the whole profile
 * (core/cyclebreak/cyclebreak_change.c). */
static void build_summary(struct app *a, const struct cyclebreak_preview *pv)
{
	struct cycles *cv = cycles_of(a);
	struct textbuf *t = &cv->text;
	struct cg *g = a->g;
	const struct cyclebreak_result *r = &cv->r;

	if (r->by_time)
		textbuf_add(t, 1, "proposal: %lu calls, %.2f s of time moved (%.1f%%)",
			    (unsigned long)r->calls, cg_seconds(g, r->moved),
			    cg_percent(r->moved, pv->print_time));
	else if (r->nexact == r->ncycles && !r->bsd)
		textbuf_add(t, 1, "proposal: %lu calls, optimal",
			    (unsigned long)r->calls);
	else if (r->lower > 0)
		textbuf_add(t, 1,
			    "proposal: %lu calls; no solution deletes fewer than %lu "
			    "(within %.1f%%)",
			    (unsigned long)r->calls, (unsigned long)r->lower,
			    100.0 * (double)(r->calls - r->lower) / (double)r->lower);
	else
		textbuf_add(t, 1, "proposal: %lu calls; no solution deletes fewer than 0",
			    (unsigned long)r->calls);
	if (!r->bsd && r->nsolved > 0)
		textbuf_add(t, 0,
			    "exact search: %u of %u cycles over the bound solved "
			    "optimally "
			    "in %.2f s%s",
			    r->nexact, r->ncycles, r->exact_secs,
			    r->nstopped ? " (the others stopped at the time limit)" : "");
	if (!r->allow_roots && !r->bsd)
		textbuf_add(t, 0, "%s",
			    "no function or cycle loses all its callers (:break-cycles "
			    "N roots lifts the rule)");
	uint32_t over = 0;
	for (size_t i = 0; i < pv->n; i++)
		if (pv->entries[i].node == CG_NONE &&
		    pv->entries[i].nmembers > (uint64_t)cv->bound &&
		    pv->entries[i].nmembers > over)
			over = pv->entries[i].nmembers;
	if (over)
		textbuf_add(t, 2,
			    "warning: a cycle of %u members stays over the bound of %ld",
			    over, cv->bound);
	if (r->nroots)
		textbuf_add(t, 2,
			    "warning: %u functions keep no caller: forced or pinned arcs "
			    "leave no other way in",
			    r->nroots);
	for (size_t i = 0; i < pv->nroots; i++) {
		const struct cyclebreak_root *x = &pv->roots[i];
		if (x->cycle)
			textbuf_add(t, 2,
				    "warning: cycle %u (%u members: %s, ...) was called "
				    "and becomes a root holding %.1f%% of the time",
				    x->cycle, x->nmembers, g->nodes[x->node].sym->dname,
				    x->pct);
		else
			textbuf_add(t, 2,
				    "warning: %s was called and becomes a root holding "
				    "%.1f%% of the time",
				    g->nodes[x->node].sym->dname, x->pct);
	}
	if (pv->nchanges)
		textbuf_add(t, 1, "%s",
			    "whole profile: largest changes of total time (self + "
			    "children)");
	for (size_t i = 0; i < pv->nchanges; i++)
		textbuf_add(t, 0, "      %s %.1f%% -> %.1f%%",
			    g->nodes[pv->changes[i].node].sym->dname,
			    pv->changes[i].before, pv->changes[i].after);
}

/* The entries the marked arcs leave, largest total time first. */
static void build_entries(struct app *a, const struct cyclebreak_preview *pv)
{
	struct cycles *cv = cycles_of(a);
	struct textbuf *t = &cv->text;
	struct cg *g = a->g;
	uint32_t *order = xmalloc((pv->n + 1) * sizeof *order);

	for (size_t i = 0; i < pv->n; i++)
		order[i] = (uint32_t)i;
	util_qsort_r(order, pv->n, sizeof *order, cmp_by_time, (void *)pv);
	textbuf_add(t, 1, "%s",
		    "new entries by time: %time    self  children    called  cycle  "
		    "name");
	cv->first_entry = t->n;
	cv->nentries = pv->n;
	util_grow((void **)&cv->entry_node, &cv->entry_cap, pv->n,
		  sizeof *cv->entry_node);
	for (size_t k = 0; k < pv->n; k++) {
		const struct cyclebreak_entry *e = &pv->entries[order[k]];
		cv->entry_node[k] = e->node;
		char calls[48], cyc[32];
		if (e->self_calls)
			snprintf(calls, sizeof calls, "%lu+%lu", (unsigned long)e->ncalls,
				 (unsigned long)e->self_calls);
		else
			snprintf(calls, sizeof calls, "%lu", (unsigned long)e->ncalls);
		if (e->new_cycle)
			snprintf(cyc, sizeof cyc, "%u->%u", e->old_cycle, e->new_cycle);
		else
			snprintf(cyc, sizeof cyc, "%u->none", e->old_cycle);
		double pct = cg_percent(e->self_time + e->child_time, pv->print_time);
		char whole[ROWS_CYCLE_MAX];
		*rows_cycle_name(whole, e->new_cycle, 1) = 0;
		if (e->node == CG_NONE)
			textbuf_add(t, 0,
				    "      %5.1f %7.2f %9.2f %9s  %-6s %s, %u members%s",
				    pct, e->self_time / g->hz, e->child_time / g->hz,
				    calls, cyc, whole, e->nmembers,
				    e->ncalls ? "" : " (no caller outside it)");
		else
			textbuf_add(t, 0, "      %5.1f %7.2f %9.2f %9s  %-6s %s", pct,
				    e->self_time / g->hz, e->child_time / g->hz, calls,
				    cyc, g->nodes[e->node].sym->dname);
	}
	free(order);
}

void view_cycles_build(struct app *a)
{
	struct cycles *cv = cycles_of(a);
	struct textbuf *t = &cv->text;
	struct cg *g = a->g;
	if (!cv->active) {
		if (!t->n)
			textbuf_add(t, 2,
				    "no proposal: :break-cycles N proposes arcs to "
				    "delete");
		return;
	}
	uint32_t keep_cur = app_view(a, V_CYCLES)->pane.cur;
	textbuf_clear(t);
	cv->nentries = 0;
	size_t marked = 0;
	uint64_t marked_calls = 0;
	for (size_t i = 0; i < cv->r.narcs; i++)
		if (cv->use[i]) {
			marked++;
			marked_calls += cv->r.arcs[i].count;
		}
	textbuf_add(t, 2,
		    "break cycles over %ld members%s%s%s: delete %zu of %zu arcs, %lu "
		    "calls"
		    "  (Space keeps/deletes, p pins, ! forces, P frees and re-proposes, "
		    "Enter applies, Left goes back)",
		    cv->bound, cv->r.bsd ? " (4.4BSD rule)" : "",
		    cv->r.by_time ? " (least time moved)" : "",
		    cv->r.allow_roots && !cv->r.bsd ? " (new roots allowed)" : "", marked,
		    cv->r.narcs, (unsigned long)marked_calls);
	/* Summary first, then the new entries by time, then the arcs: the
	 * proposal's consequences are read before its thousand arcs. */
	struct cyclebreak_preview pv;
	cyclebreak_preview(g, &cv->r, cv->use, &pv);
	build_summary(a, &pv);
	textbuf_add(t, 0, "%s", "");
	build_entries(a, &pv);
	cyclebreak_preview_free(&pv);
	textbuf_add(t, 0, "%s", "");
	textbuf_add(t, 1, "%s",
		    "arcs to delete: [x] marked   cycle      calls  caller -> callee");
	cv->first_arc = t->n;
	for (size_t i = 0; i < cv->r.narcs; i++) {
		const struct cyclebreak_arc *c = &cv->r.arcs[i];
		const struct cg_arc *arc = &g->arcs[c->arc];
		textbuf_add(t, 0, "[%c] cycle %-4u %10lu  %s -> %s%s",
			    cv->use[i] ? 'x' : ' ', c->cycle, (unsigned long)c->count,
			    g->nodes[arc->parent].sym->dname,
			    g->nodes[arc->child].sym->dname,
			    c->forced ? "  (forced)" : "");
	}
	/* the kept arcs, rows after the proposed ones (cursor_arc) */
	for (size_t i = 0; i < cv->nchoices; i++) {
		if (cv->choices[i].state != CYCLEBREAK_KEEP)
			continue;
		const struct cg_arc *arc = &g->arcs[cv->choices[i].arc];
		textbuf_add(t, 1, "pinned (kept): %s -> %s",
			    g->nodes[arc->parent].sym->dname,
			    g->nodes[arc->child].sym->dname);
	}
	app_view(a, V_CYCLES)->pane.cur = keep_cur < t->n ? keep_cur : 0;
}

/* Progress of a long proposal in the message line (after half a second,
 * at most ten times a second); Esc cancels it (the core stops when this
 * returns nonzero). */
struct propose_progress {
	struct app *a;
	double start, last;
};

static int propose_progress(void *ctx, const char *what, double done)
{
	struct propose_progress *p = ctx;
	double now = util_now();
	if (now - p->start >= 0.5 && now - p->last >= 0.1) {
		p->last = now;
		app_progress(p->a, "breaking cycles: %s %3.0f%%  (Esc %s)", what,
			     100 * done,
			     strcmp(what, "exact search")
				     ? "cancels"
				     : "stops it, keeping the best so far");
		screen_draw(p->a);
	}
	return term_cancel_pressed();
}

/* Propose for BOUND with the arc states of the choices.  Returns 0
 * (shown), -1 (none: the kept arcs or nothing over the bound) or -2
 * (cancelled: the session and any earlier proposal stay).  REPROPOSAL
 * (a pin, force or unpin): the proposal shown is the starting point
 * (cyclebreak_repropose: the components no changed arc touches keep their
 * arcs, those the heuristics solved are repaired locally), and it stays
 * shown when there is none; else (:break-cycles) a proposal from scratch. */
static int propose(struct app *a, long bound, int bsd, int reproposal)
{
	struct cycles *cv = cycles_of(a);
	/* a pin, force or unpin keeps the cursor on its row */
	struct pane *pane = &app_view(a, V_CYCLES)->pane;
	uint32_t keep_cur = reproposal ? pane->cur : 0,
		 keep_top = reproposal ? pane->top : 0;
	struct cyclebreak_result r;
	memset(&r, 0, sizeof r);
	/* Nothing to propose unless some cycle is over the bound. */
	uint32_t biggest = 0;
	for (uint32_t c = a->g->nfuncs; c < a->g->nfuncs + a->g->ncycles; c++) {
		uint32_t m = 0;
		for (uint32_t k = a->g->nodes[c].next_member; k != CG_NONE;
		     k = a->g->nodes[k].next_member)
			m++;
		if (m > biggest)
			biggest = m;
	}
	if (biggest <= (uint64_t)bound) {
		view_cycles_drop(a, "");
		app_message(a, 0, "no cycle has more than %ld members", bound);
		return -1;
	}
	struct cyclebreak_limits lim = CYCLEBREAK_LIMITS_DEFAULT;
	struct propose_progress pp = { a, util_now(), 0 };
	lim.by_time = cv->by_time && !bsd;
	lim.allow_roots = cv->roots;
	if (cv->exact_time_set)
		lim.exact_time = cv->exact_time;
	lim.progress = propose_progress;
	lim.progress_ctx = &pp;
	int again = reproposal && cv->active && cv->gen == edit_generation(a->ed) &&
		    cv->r.bound == bound && cv->r.bsd == bsd;
	/* earlier proposals of the same model as starts */
	if (cv->hist_gen != edit_generation(a->ed))
		hist_clear(cv);
	cv->hist_gen = edit_generation(a->ed);
	const struct cyclebreak_result *starts[5];
	size_t nstarts = 0;
	for (size_t i = 0; i < cv->nhist; i++)
		starts[nstarts++] = &cv->hist[i];
	if (cv->active && cv->gen == edit_generation(a->ed))
		starts[nstarts++] = &cv->r;
	lim.starts = starts;
	lim.nstarts = nstarts;
	double t0 = util_now();
	int st = again ? cyclebreak_repropose(a->g, &cv->r, cv->choices, cv->nchoices,
					      &lim, &r)
		       : cyclebreak_propose_lim(a->g, bound, bsd, cv->choices,
						cv->nchoices, &lim, &r);
	double secs = util_now() - t0;
	if (st == -2) {
		app_message(a, 0, "break-cycles cancelled; nothing changed");
		return -2;
	}
	if (st < 0 && reproposal && cv->active) {
		app_message(a, 1,
			    "no proposal: the pinned arcs keep a cycle over %ld members",
			    bound);
		return -1;
	}
	if (cv->active && cv->gen == edit_generation(a->ed) && !again)
		hist_push(cv);
	view_cycles_drop(a, "");
	if (st < 0) {
		cyclebreak_result_free(&r);
		app_message(a, 1, "no proposal: %s keep a cycle over %ld members",
			    cv->nchoices ? "the pinned arcs"
					 : "arcs that cannot be deleted",
			    bound);
		return -1;
	}
	if (r.narcs == 0) {
		cyclebreak_result_free(&r);
		app_message(a, 0, "no cycle has more than %ld members", bound);
		return -1;
	}
	cv->r = r;
	cv->use = xmalloc(r.narcs);
	memset(cv->use, 1, r.narcs);
	cv->bound = bound;
	cv->bsd = bsd;
	cv->active = 1;
	cv->gen = edit_generation(a->ed);
	pane->cur = 0;
	textbuf_clear(&cv->text);
	view_cycles_build(a);
	app_set_view(a, V_CYCLES);
	if (keep_cur < cv->text.n) {
		pane->cur = keep_cur;
		pane->top = keep_top;
	}
	if (again && r.nrepaired)
		app_message(a, 0,
			    "%zu arcs proposed (%u cycles over %ld members, %u solved "
			    "exactly, %u solved again, %u repaired locally in %.2f s)",
			    r.narcs, r.ncycles, bound, r.nexact, r.nsolved, r.nrepaired,
			    secs);
	else if (again)
		app_message(a, 0,
			    "%zu arcs proposed (%u cycles over %ld members, %u solved "
			    "exactly, "
			    "%u solved again)",
			    r.narcs, r.ncycles, bound, r.nexact, r.nsolved);
	else
		app_message(a, 0,
			    "%zu arcs proposed (%u cycles over %ld members, %u solved "
			    "exactly)",
			    r.narcs, r.ncycles, bound, r.nexact);
	return 0;
}

void view_cycles_propose(struct app *a, long bound, int bsd, int by_time, int roots,
			 const struct cyclebreak_choice *choices, size_t n)
{
	struct cycles *cv = cycles_of(a);
	cv->roots = roots;
	free(cv->choices);
	cv->choices = xmalloc((n + 1) * sizeof *cv->choices);
	if (n)
		memcpy(cv->choices, choices, n * sizeof *choices);
	cv->nchoices = n;
	cv->by_time = by_time;
	propose(a, bound, bsd, 0);
}

/* The proposed arc on the cursor's row (on the heading: the first one),
 * as an index into cv->r.arcs; SIZE_MAX on other rows. */
static size_t cursor_index(struct app *a)
{
	struct cycles *cv = cycles_of(a);
	size_t cur = app_view(a, V_CYCLES)->pane.cur;
	if (cur == 0 && cv->r.narcs > 0)
		return 0;
	if (cur >= cv->first_arc && cur < cv->first_arc + cv->r.narcs)
		return cur - cv->first_arc;
	return SIZE_MAX;
}

/* The arc on the cursor's row: a proposed one, or a kept one (listed
 * after them in the order of cv->choices); CG_NONE on other rows. */
static uint32_t cursor_arc(struct app *a)
{
	struct cycles *cv = cycles_of(a);
	size_t cur = app_view(a, V_CYCLES)->pane.cur, idx = cursor_index(a);
	if (idx != SIZE_MAX)
		return cv->r.arcs[idx].arc;
	if (cur < cv->first_arc + cv->r.narcs)
		return CG_NONE;
	size_t k = cur - cv->first_arc - cv->r.narcs;
	for (size_t i = 0; i < cv->nchoices; i++)
		if (cv->choices[i].state == CYCLEBREAK_KEEP && k-- == 0)
			return cv->choices[i].arc;
	return CG_NONE;
}

/* Propose again with the choices now in cv->choices; when that is
 * cancelled or impossible, put back SAVED (N choices) and keep what is
 * shown. */
static void repropose(struct app *a, struct cyclebreak_choice *saved, size_t n)
{
	struct cycles *cv = cycles_of(a);
	if (propose(a, cv->bound, cv->bsd, 1) != 0) {
		free(cv->choices);
		cv->choices = saved;
		cv->nchoices = n;
		if (cv->active)
			view_cycles_build(a);
		return;
	}
	free(saved);
}

static struct cyclebreak_choice *save_choices(struct cycles *cv)
{
	struct cyclebreak_choice *s = xmalloc((cv->nchoices + 1) * sizeof *s);
	if (cv->nchoices)
		memcpy(s, cv->choices, cv->nchoices * sizeof *s);
	return s;
}

void view_cycles_pin(struct app *a, int state, uint32_t arc)
{
	struct cycles *cv = cycles_of(a);
	static const char *const verb[] = { "unpin", "pin", "force" };
	if (!cv->active) {
		app_message(a, 1, "no proposal: :break-cycles N first");
		return;
	}
	if (arc == CG_NONE)
		arc = cursor_arc(a);
	if (arc == CG_NONE) {
		app_message(a, 1, "put the cursor on a proposed or pinned arc to %s it",
			    verb[state]);
		return;
	}
	if (a->g->arcs[arc].deleted) {
		app_message(a, 1, "that arc is deleted already");
		return;
	}
	size_t i = 0;
	while (i < cv->nchoices && cv->choices[i].arc != arc)
		i++;
	int was = i < cv->nchoices ? cv->choices[i].state : CYCLEBREAK_FREE;
	if (was == state) {
		app_message(a, 0, "that arc is %s already",
			    state == CYCLEBREAK_FREE   ? "free"
			    : state == CYCLEBREAK_KEEP ? "pinned"
						       : "forced");
		return;
	}
	struct cyclebreak_choice *saved = save_choices(cv);
	size_t n = cv->nchoices;
	if (state == CYCLEBREAK_FREE) {
		memmove(&cv->choices[i], &cv->choices[i + 1],
			(cv->nchoices - i - 1) * sizeof *cv->choices);
		cv->nchoices--;
	} else {
		if (i == cv->nchoices)
			cv->choices = xrealloc(cv->choices,
					       (++cv->nchoices) * sizeof *cv->choices);
		cv->choices[i] = (struct cyclebreak_choice){ arc, state };
	}
	repropose(a, saved, n);
}

void view_cycles_unpin_all(struct app *a)
{
	struct cycles *cv = cycles_of(a);
	if (!cv->active) {
		app_message(a, 1, "no proposal: :break-cycles N first");
		return;
	}
	struct cyclebreak_choice *saved = save_choices(cv);
	size_t n = cv->nchoices;
	cv->nchoices = 0;
	repropose(a, saved, n);
}

void view_cycles_toggle(struct app *a)
{
	struct cycles *cv = cycles_of(a);
	size_t i = cv->active ? cursor_index(a) : SIZE_MAX;
	if (i == SIZE_MAX || app_view(a, V_CYCLES)->pane.cur == 0)
		return;
	cv->use[i] = !cv->use[i];
	view_cycles_build(a);
	if (i + 1 < cv->r.narcs)
		app_view(a, V_CYCLES)->pane.cur = (uint32_t)(cv->first_arc + i + 1);
}

void view_cycles_accept(struct app *a)
{
	struct cycles *cv = cycles_of(a);
	char msg[APP_MSG_MAX], label[2048], id[2300];
	if (!cv->active)
		return;
	uint32_t *v = xmalloc((cv->r.narcs + 1) * sizeof *v);
	size_t n = 0;
	for (size_t i = 0; i < cv->r.narcs; i++)
		if (cv->use[i])
			v[n++] = cv->r.arcs[i].arc;
	/* The step's label (and what an edits file writes at its head): the
	 * :break-cycles command that proposed it, and its pins and forces. */
	size_t k =
		(size_t)snprintf(label, sizeof label, "break-cycles %ld%s%s%s", cv->bound,
				 cv->bsd ? " bsd" : "", cv->by_time ? " time" : "",
				 cv->roots ? " roots" : "");
	for (size_t i = 0; i < cv->nchoices && k < sizeof label; i++) {
		if (cv->choices[i].state == CYCLEBREAK_FREE)
			continue;
		edit_arc_id(a->ed, cv->choices[i].arc, id, sizeof id);
		k += (size_t)snprintf(label + k, sizeof label - k, "; %s %s",
				      cv->choices[i].state == CYCLEBREAK_KEEP ? "pinned"
									      : "forced",
				      id);
	}
	int r = n ? edit_arcs_delete(a->ed, v, n, label, msg, sizeof msg) : -1;
	free(v);
	if (r < 0) {
		app_message(a, 1, "%s", n ? msg : "no arc is marked");
		return;
	}
	view_cycles_drop(a, "applied; u undoes it");
	app_message_names(a, 0, msg);
	app_set_view(a, V_GRAPH);
}

/* ---- the view's entry points (view.h) ---- */

static void cycles_draw(struct app *a, struct view *v, int y, int h, int w)
{
	struct cycles *cv = v->priv;
	if (cv->gen != edit_generation(a->ed))
		view_cycles_drop(a, "proposal dropped: the profile changed");
	view_text_ops_draw(a, v, y, h, w);
}

static void cycles_open(struct app *a, struct view *v)
{
	(void)v;
	view_cycles_build(a);
}

static void cycles_done(struct view *v)
{
	struct cycles *cv = v->priv;
	if (cv->active)
		cyclebreak_result_free(&cv->r);
	free(cv->use);
	hist_clear(cv);
	free(cv->choices);
	free(cv->entry_node);
	view_text_done(v);
}

static int cycles_key(struct app *a, struct view *v, int act)
{
	(void)v;
	if (act == ACT_TOGGLE_MARK)
		view_cycles_toggle(a);
	else if (act == ACT_ACCEPT)
		view_cycles_accept(a);
	else if (act == ACT_PIN_ARC)
		view_cycles_pin(a, CYCLEBREAK_KEEP, CG_NONE);
	else if (act == ACT_FORCE_ARC)
		view_cycles_pin(a, CYCLEBREAK_FORCE, CG_NONE);
	else if (act == ACT_UNPIN_ARC)
		view_cycles_pin(a, CYCLEBREAK_FREE, CG_NONE);
	else
		return 0;
	return 1;
}

/* The name line: the function of a new entry's row, else the arc of the
 * highlighted row (as Space reads it). */
static char *cycles_row_name(struct app *a, struct view *v)
{
	struct cycles *cv = cycles_of(a);
	size_t cur = v->pane.cur;
	if (!cv->active)
		return NULL;
	if (cur >= cv->first_entry && cur < cv->first_entry + cv->nentries) {
		uint32_t n = cv->entry_node[cur - cv->first_entry];
		return n == CG_NONE ? NULL : xstrdup(a->g->nodes[n].sym->dname);
	}
	uint32_t arc = cursor_arc(a);
	return arc == CG_NONE ? NULL : app_arc_name(a, arc);
}

const struct view_ops view_cycles_ops = {
	.name = "cycles",
	.keymap = KV_CYCLES,
	.private_size = sizeof(struct cycles),
	.open = cycles_open,
	.build = view_text_build,
	.draw = cycles_draw,
	.key = cycles_key,
	.row_text = view_text_row_text,
	.row_name = cycles_row_name,
	.done = cycles_done,
};
