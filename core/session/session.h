/* SPDX-License-Identifier: GPL-3.0-or-later */
/* session: one side of a run, from the command line to an edited model.
 *
 * The one pipeline every consumer starts from (the text reports and the
 * exports in src/, the comparison in core/compare/, the browser and its
 * baseline in tui/): load the executable and the profiles (load.h), open
 * an edit session on the model (edit.h), replay --edits=FILE in it (its
 * commands are the session's first undoable steps, applied as one batch),
 * then, unless the caller leaves it to the user (the browser proposes
 * it), apply --break-cycles.  The baseline of a comparison is a session
 * of its own, opened with session_baseline_opts(): the same options, so
 * both sides get the same edits.
 *
 * Errors: nothing here exits on bad input.  session_open() returns -1
 * with one line in MSG ("FILE: problem") for an unreadable or foreign
 * file, a bad edits file or an impossible --break-keep; the caller
 * decides (src/ exits, the browser shows the message).  A session that
 * failed to open holds nothing and needs no session_close(). */
#ifndef TG_SESSION_H
#define TG_SESSION_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "cyclebreak.h"
#include "edit.h"
#include "load.h"
#include "opts.h"

/* How a side is opened beyond its options. */
struct session_how {
	load_progress_fn *load_progress; /* may be NULL */
	/* --break-cycles: 1 applies it after --edits, its listing to
	 * LISTING (NULL: nowhere), with BREAK_PROGRESS as the limits'
	 * progress callback (may be NULL); 0 leaves it to the caller. */
	int break_apply;
	FILE *listing;
	int (*break_progress)(void *ctx, const char *what, double done);
	void *break_ctx;
};

struct session {
	struct opts o;    /* the options this side was opened with (a copy) */
	struct load ld;   /* the model */
	struct edit *ed;  /* the edit session on ld, borrowing &o */
	uint32_t *broken; /* the arcs --break-cycles deleted, as listed */
	size_t nbroken;
	struct cyclebreak_choice *ch; /* while --break-cycles is applied */
	size_t nch;
	int open;
};

/* Open side S with the options O (copied: O's strings must outlive S) and
 * HOW (NULL: no progress, --break-cycles applied, its listing dropped).
 * S must not move while it is open (the edit session points into it).
 * Returns 0, or -1 with the reason in MSG. */
int session_open(struct session *s, const struct opts *o, const struct session_how *how,
		 char *msg, size_t msglen);
void session_close(struct session *s);

/* The label of --break-cycles' step with the options OC (bound, rule,
 * objective, roots, pins and forces), as --write-edits writes it. */
void session_break_label(const struct opts_cycles *oc, char *buf, size_t len);

/* The arcs --break-keep and --break-force name in S's model, in order
 * (*OUT malloc'd, *N of them): FROM/TO naming one function each side as
 * the prompt takes names (edit_arc_by_names: demangled and alias names,
 * FILE:NAME...) is that arc, anything else is matched as -k matches it.
 * Returns 0, or -1 with the reason in MSG (a spec matching no live arc).
 * session_open() applies --break-cycles with them; the browser proposes
 * with them. */
int session_break_choices(struct session *s, struct cyclebreak_choice **out, size_t *n,
			  char *msg, size_t msglen);

/* The options a baseline is opened with: O's, but the profiles FILES (N
 * of them; FILES NULL: O's --baseline files), the program of
 * --baseline-exe if given, and no per-file side effects (-i, -s). */
void session_baseline_opts(struct opts *b, const struct opts *o, const char *const *files,
			   int n);

#endif
