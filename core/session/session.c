/* SPDX-License-Identifier: GPL-3.0-or-later */
/* session: see session.h. */
#include "config.h"
#include "session.h"
#include "cyclebreak.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

void session_baseline_opts(struct opts *b, const struct opts *o, const char *const *files,
			   int n)
{
	*b = *o;
	b->profiles = files ? (const char **)files : o->baselines;
	b->nprofiles = files ? n : o->nbaselines;
	if (o->baseline_exe)
		b->exe = o->baseline_exe;
	b->file_info = 0;
	b->sum = 0;
}

/* --break-cycles: the arcs deleted in the model, listed in S->broken. */
static void apply_break(struct session *s, const struct session_how *how)
{
	struct cyclebreak_limits lim = CYCLEBREAK_LIMITS_DEFAULT;
	FILE *out = how->listing, *null = NULL;

	if (!out && !(out = null = fopen("/dev/null", "w")))
		util_die("/dev/null: cannot open");
	cyclebreak_opts_limits(&s->o, &lim);
	lim.progress = how->break_progress;
	lim.progress_ctx = how->break_ctx;
	cyclebreak_batch(out, &s->ld.g, &s->o, &lim, &s->broken, &s->nbroken);
	if (null)
		fclose(null);
}

/* Everything that may fail, under the caller's trap: a failure jumps
 * back to session_open() with what was built so far reachable from S. */
static void open_side(struct session *s, const struct session_how *how)
{
	char msg[1024];

	int brk = how->break_apply && s->o.break_cycles > 0;

	load_all(&s->ld, &s->o, how->load_progress);
	/* Without edits, the model as --break-cycles leaves it is the
	 * session's original (the numbers the exports compare with). */
	if (brk && !s->o.edits_file)
		apply_break(s, how);
	s->ed = edit_open(&s->ld, &s->o);
	if (s->o.edits_file &&
	    editfile_apply(s->ed, s->o.edits_file, msg, sizeof msg) < 0)
		util_die("%s", msg);
	if (brk && s->o.edits_file) {
		apply_break(s, how);
		edit_note_deleted(s->ed, s->broken, s->nbroken);
	}
}

int session_open(struct session *s, const struct opts *o, const struct session_how *how,
		 char *msg, size_t msglen)
{
	static const struct session_how plain = { NULL, 1, NULL, NULL, NULL };
	struct util_trap t;

	memset(s, 0, sizeof *s);
	s->o = *o;
	if (UTIL_TRAP_SET(&t)) {
		util_msg(msg, msglen, "%s", t.msg);
		s->open = 1;
		session_close(s);
		return -1;
	}
	open_side(s, how ? how : &plain);
	util_trap_leave(&t);
	s->open = 1;
	return 0;
}

void session_close(struct session *s)
{
	if (!s->open)
		return;
	edit_close(s->ed);
	load_free(&s->ld);
	free(s->broken);
	memset(s, 0, sizeof *s);
}
