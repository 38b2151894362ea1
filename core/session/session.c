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
	b->load.profiles = files ? (const char **)files : o->compare.baselines;
	b->load.nprofiles = files ? n : o->compare.nbaselines;
	if (o->compare.exe)
		b->load.exe = o->compare.exe;
	b->report.file_info = 0;
	b->report.sum = 0;
}

/* One --break-keep or --break-force SPEC, by its option letter: FROM/TO naming
 * one function each side (edit_arc_by_names) is that arc; anything else
 * is matched as -k matches it (cyclebreak_opts_choices, which dies on a
 * spec that matches no arc: the caller's trap catches it). */
static void one_choice(struct session *s, const struct opts_spec *spec,
		       struct cyclebreak_choice **out, size_t *n, size_t *cap)
{
	const struct cg *g = &s->ld.g;
	const char *opt = spec->which == 'K' ? "--break-keep" : "--break-force";
	char msg[1024];
	uint32_t arc;

	if (edit_arc_by_names(s->ed, spec->spec, &arc, msg, sizeof msg)) {
		if (arc == CG_NONE || g->arcs[arc].deleted)
			util_die("%s: no arc %s in the call graph (%s)", opt, spec->spec,
				 arc == CG_NONE ? msg : "it is deleted");
		util_grow((void **)out, cap, *n + 1, sizeof **out);
		(*out)[(*n)++] = (struct cyclebreak_choice){
			arc, spec->which == 'K' ? CYCLEBREAK_KEEP : CYCLEBREAK_FORCE
		};
		return;
	}
	struct opts_cycles one = s->o.cycles;
	struct cyclebreak_choice *c;
	one.choices = (struct opts_spec *)spec;
	one.nchoices = 1;
	size_t k = cyclebreak_opts_choices(g, &one, &c);
	util_grow((void **)out, cap, *n + k, sizeof **out);
	memcpy(*out + *n, c, k * sizeof *c);
	*n += k;
	free(c);
}

/* Every choice of the options, in order (under a trap). */
static size_t choices(struct session *s, struct cyclebreak_choice **out)
{
	size_t n = 0, cap = 0;

	*out = NULL;
	for (int i = 0; i < s->o.cycles.nchoices; i++)
		one_choice(s, &s->o.cycles.choices[i], out, &n, &cap);
	return n;
}

int session_break_choices(struct session *s, struct cyclebreak_choice **out, size_t *n,
			  char *msg, size_t msglen)
{
	struct util_trap t;

	*out = NULL;
	*n = 0;
	if (UTIL_TRAP_SET(&t)) {
		util_msg(msg, msglen, "%s", t.msg);
		free(*out); /* what was gathered before the failure */
		*out = NULL;
		return -1;
	}
	*n = choices(s, out);
	util_trap_leave(&t);
	return 0;
}

void session_break_label(const struct opts_cycles *oc, char *buf, size_t len)
{
	size_t k = (size_t)snprintf(buf, len, "break-cycles %ld%s%s%s", oc->bound,
				    oc->heuristic_bsd ? " bsd" : "",
				    oc->objective_time ? " time" : "",
				    oc->allow_roots ? " roots" : "");
	for (int i = 0; i < oc->nchoices && k < len; i++)
		k += (size_t)snprintf(buf + k, len - k, "; %s %s",
				      oc->choices[i].which == 'K' ? "pinned" : "forced",
				      oc->choices[i].spec);
}

/* --break-cycles: the arcs deleted in the model, listed in S->broken. */
static void apply_break(struct session *s, const struct session_how *how)
{
	struct cyclebreak_limits lim = CYCLEBREAK_LIMITS_DEFAULT;
	FILE *out = how->listing, *null = NULL;
	/* in S, so that a failure under the trap leaves nothing behind */
	s->nch = choices(s, &s->ch);

	if (!out && !(out = null = fopen("/dev/null", "w")))
		util_die("/dev/null: cannot open");
	cyclebreak_opts_limits(&s->o.cycles, &lim);
	lim.progress = how->break_progress;
	lim.progress_ctx = how->break_ctx;
	cyclebreak_batch_choices(out, &s->ld.g, &s->o.cycles, &lim, s->ch, s->nch,
				 &s->broken, &s->nbroken);
	free(s->ch);
	s->ch = NULL;
	if (null)
		fclose(null);
}

/* Everything that may fail: -1 with the reason in MSG for what returns
 * errors (the profiles, the edits file); what still dies (the symbols,
 * --break-cycles' choices) jumps back to session_open()'s trap, with
 * what was built so far reachable from S. */
static int open_side(struct session *s, const struct session_how *how, char *msg,
		     size_t msglen)
{
	int brk = how->break_apply && s->o.cycles.bound > 0;

	if (load_run(&s->ld, &s->o, how->load_progress, msg, msglen) < 0)
		return -1;
	/* --break-cycles is a step after the edits file's, as its replay
	 * from --write-edits is: the exports' original is the profile as
	 * read either way, so a replay's exports are the same bytes. */
	s->ed = edit_open(&s->ld, &s->o);
	if (s->o.edits_file && editfile_apply(s->ed, s->o.edits_file, msg, msglen) < 0)
		return -1;
	if (brk) {
		apply_break(s, how);
		if (s->nbroken) {
			/* the arcs back, then deleted again as the session's
			 * step: undoable, and listed as a replay lists it */
			char label[2048];
			for (size_t i = 0; i < s->nbroken; i++)
				s->ld.g.arcs[s->broken[i]].deleted = 0;
			cg_propagate(&s->ld.g);
			session_break_label(&s->o.cycles, label, sizeof label);
			if (edit_arcs_delete(s->ed, s->broken, s->nbroken, label, msg,
					     msglen) < 0)
				return -1;
		}
	}
	return 0;
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
	int r = open_side(s, how ? how : &plain, msg, msglen);
	util_trap_leave(&t);
	s->open = 1;
	if (r < 0) {
		session_close(s);
		return -1;
	}
	return 0;
}

void session_close(struct session *s)
{
	if (!s->open)
		return;
	edit_close(s->ed);
	load_free(&s->ld);
	free(s->broken);
	free(s->ch);
	memset(s, 0, sizeof *s);
}
