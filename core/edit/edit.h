/* SPDX-License-Identifier: GPL-3.0-or-later */
/* edit: an edit session over a loaded model, with unlimited undo/redo.
 *
 * The session borrows a loaded, propagated model (struct load) and the
 * options it was loaded with; both must outlive the session.  Every
 * operation changes the model in place, re-propagates it (cg_propagate)
 * and records the operation with what it replaced, so undo restores every
 * number exactly (the model is never copied).  Deletions made at load time
 * by -k, and selection sets given on the command line, are the starting
 * state: they are not undoable steps.
 *
 * Messages: operations that take MSG/MSGLEN write one line of text there
 * (no newline): on success a short confirmation for a status line
 * ("deleted 2 arcs matching main/foo"), on failure the reason.  They
 * return -1 on failure (the model is then unchanged), otherwise 0 or the
 * count documented.  MSG may be NULL.  Nothing here prints or exits on a
 * user error.
 *
 * Node and arc indices are those of the session's struct cg (edit_graph()).
 * Function nodes (0..nfuncs-1) keep their indices for the whole session;
 * cycle nodes and the call-graph indices [N] are recomputed by every
 * propagation, so never keep a cycle node number across an operation: map
 * a cycle by its members (edit_orig() does that for the originals).
 *
 * Pointers returned by accessors stay valid until the next operation. */
#ifndef TG_EDIT_H
#define TG_EDIT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "cg.h"
#include "load.h"
#include "opts.h"

struct edit;

/* Start a session on L (loaded and propagated with options O).  The numbers
 * of the model as it is now are kept as "original" for edit_orig(). */
struct edit *edit_open(struct load *l, const struct opts *o);
void edit_close(struct edit *e);

/* The live model (read it, do not change it behind the session's back),
 * the load and the options the session was opened with. */
struct cg *edit_graph(const struct edit *e);
struct load *edit_load(const struct edit *e);
const struct opts *edit_opts(const struct edit *e);

/* Incremented by every change of the model (operation, undo, redo), so a
 * viewer knows when to rebuild what it derived from it. */
unsigned long edit_generation(const struct edit *e);
/* Seconds the last propagation took (for benchmarks and the status line). */
double edit_last_propagate_seconds(const struct edit *e);

/* ---- Functions by name ---- */

/* The functions TEXT names (surrounding blanks ignored), the one reading
 * of a function everywhere a user types one (the prompt, edits files,
 * --break-keep and --break-force):
 *   "[N]" or "N"   the call-graph index as now shown;
 *   NAME           a raw (mangled) name, else a demangled one, else the
 *                  raw or demangled name of another symbol at a
 *                  function's address (C++'s C1/C2 and D1/D2 aliases),
 *                  the first of these that names any function;
 *   NAME@0xADDR    the function of that name at ADDR;
 *   FILE:NAME      the functions of that name from source FILE (the
 *                  path or its last components), for static functions;
 *   the shortened form the lists show, "<…>" or "<...>" for each
 *                  template argument list, "…::" or "...::" for the
 *                  leading scopes.
 * Returns how many functions (distinct nodes) in *OUT (malloc'd, the
 * caller frees); none: MSG says so and lists the closest names ("did you
 * mean"); several: MSG lists them, each with the form that names it
 * alone. */
size_t edit_resolve(const struct edit *e, const char *text, uint32_t **out, char *msg,
		    size_t msglen);
/* The one function TEXT names (edit_resolve), or CG_NONE with the reason
 * in MSG (unknown, ambiguous, an index that is a cycle or out of range). */
uint32_t edit_lookup(const struct edit *e, const char *text, char *msg, size_t msglen);
/* The shortest text edit_resolve() takes for function N alone: its raw
 * name, else FILE:NAME, else NAME@0xADDR (two static functions of one
 * name and file, from a header included in several files). */
void edit_func_id(const struct edit *e, uint32_t n, char *buf, size_t len);

/* ---- Arcs ---- */

/* Delete (restore) arc A: mark it deleted (live), re-propagate, one undo
 * step.  Fails if A is out of range or already deleted (live). */
int edit_arc_delete(struct edit *e, uint32_t a, char *msg, size_t msglen);
int edit_arc_restore(struct edit *e, uint32_t a, char *msg, size_t msglen);

/* FROM/TO, each side one function as edit_lookup() takes it, the '/'
 * the first outside parentheses and template brackets: returns 1 with
 * the arc in *ARC, or CG_NONE and "F does not call T" in MSG; 0 when a
 * side names no function or several (MSG: why). */
int edit_arc_by_names(const struct edit *e, const char *text, uint32_t *arc, char *msg,
		      size_t msglen);

/* Delete (restore) the arc SPEC names: "FROM/TO" naming one function
 * each side (edit_arc_by_names), else every live (deleted) arc matching
 * SPEC as symspecs, exactly as -k takes them.  One undo step.  Returns the number
 * of arcs changed (>= 1); -1 when SPEC has no '/', when no arc matches, or
 * when every matching arc already is deleted (live); MSG says which.
 * *NMATCHED (if not NULL) receives the number of matching arcs in either
 * state. */
/* How many arcs edit_arc_delete_spec (DEL) or edit_arc_restore_spec
 * would change, changing nothing; -1 for a bad SPEC. */
long edit_arc_spec_changes(const struct edit *e, const char *spec, int del);
int edit_arc_delete_spec(struct edit *e, const char *spec, size_t *nmatched, char *msg,
			 size_t msglen);
int edit_arc_restore_spec(struct edit *e, const char *spec, size_t *nmatched, char *msg,
			  size_t msglen);

/* Delete the N arcs in A (those already deleted are skipped) as one undo
 * step with one propagation: applying a cycle-breaking proposal.  LABEL
 * names the step in the history (NULL: "delete N arcs").  Returns the
 * number of arcs changed; -1 if an index is out of range or none changes. */
int edit_arcs_delete(struct edit *e, const uint32_t *a, size_t n, const char *label,
		     char *msg, size_t msglen);

/* The N arcs in A were marked deleted in the model behind the session's
 * back, which then re-propagated it (--break-cycles applied in batch after
 * --edits): they join the deleted list in that order as part of the
 * starting state, not as an undoable step.  Arcs already known as deleted
 * or live in the model are skipped. */
void edit_note_deleted(struct edit *e, const uint32_t *a, size_t n);

/* The arcs deleted now, oldest deletion first (those deleted at load, in
 * arc order, come first).  *N receives the count. */
const uint32_t *edit_deleted_arcs(const struct edit *e, size_t *n);

/* Arc A as a -k spec "FROM/TO" of raw names, for display and for
 * `gprof -k`.  Returns 1 if the spec matches this arc only, 0 if it
 * matches other arcs too (static functions sharing a name). */
int edit_arc_spec(const struct edit *e, uint32_t a, char *buf, size_t len);
/* Arc A as FROM/TO naming it alone: edit_arc_spec()'s spec when it does,
 * else the names of edit_func_id() (what edits files write). */
void edit_arc_id(const struct edit *e, uint32_t a, char *buf, size_t len);
/* The same as edit_arc_spec for a call graph without a session. */
int edit_arc_spec_g(const struct cg *g, uint32_t a, char *buf, size_t len);

/* ---- Edits files (editfile.c) ----
 * A session written as text a person can read and edit: the commands of
 * edit_command() (the browser's ':' prompt takes the same lines), one a
 * line, the ':' optional; blank lines and lines starting with '#' are
 * comments.  A session is written as the commands that replay each of
 * its applied steps, in order (undone ones left out):
 *   :k FROM/TO, :restore FROM/TO   an arc, FROM/TO naming it alone
 *                                  (edit_arc_id: a -k spec where the
 *                                  names allow, else edit_func_id()'s)
 *   :self FUNC SECONDS, :scale FUNC FACTOR   (all digits of the number)
 *   :hide FUNC ... :unfocus-time FUNC        a selection, or its reversal
 *   :begin LABEL ... :end           steps made one (a cycle-breaking
 *                                  proposal applied: LABEL is
 *                                  "break-cycles N"; its arcs inside)
 * FUNC as edit_func_id() writes it.  Replaying the file on the same
 * profile with the same options (edit_command, line by line) makes the
 * same steps with the same labels, so reports and exports are the
 * same.  A file is replayed as one batch (edit_batch_begin): one
 * propagation, however many lines; a `k` line whose arcs an earlier line
 * deleted already is no error. */

/* Write session E to PATH (a comment line first): its applied steps, then
 * the deletion of the N arcs in A (deleted behind its back: --break-cycles
 * in batch), inside ":begin LABEL" and ":end" when LABEL is not NULL.
 * With util_write_file() and its FLAGS (UTIL_WRITE_*).  Returns 0, or -1
 * or UTIL_WRITE_EXISTS with the reason ("FILE: ...") in MSG. */
int editfile_write(const char *path, const struct edit *e, const uint32_t *a, size_t n,
		   const char *label, int flags, char *msg, size_t msglen);
/* The session's applied steps as commands, to an open stream. */
void editfile_print_steps(FILE *out, const struct edit *e);
/* The deletion of the N arcs in A as `:k` lines, to an open stream
 * (:show-edits). */
void editfile_print(FILE *out, const struct edit *e, const uint32_t *a, size_t n);
/* Run every command of PATH in session E, in order, as one batch.  PATH
 * must be a regular text file (read no further than its size).  Returns
 * the number of commands run, or -1 at the first that cannot be read or
 * fails, with "FILE:LINE: reason" in MSG (the commands before it stay
 * applied). */
int editfile_apply(struct edit *e, const char *path, char *msg, size_t msglen);

/* ---- Time (the what-if of the gprof paper) ---- */

/* Set function N's self time to SECONDS (ticks = SECONDS * hz), or scale
 * its current self time by FACTOR.  The flat profile's total follows.
 * Fails for a cycle node, a negative or non-finite value, or no change. */
int edit_set_self(struct edit *e, uint32_t n, double seconds, char *msg, size_t msglen);
int edit_scale_self(struct edit *e, uint32_t n, double factor, char *msg, size_t msglen);

/* ---- Selection (the -e/-E/-f/-F options, per function) ---- */

enum edit_sel {
	EDIT_HIDE,         /* like -e: CG_EXCL_GRAPH */
	EDIT_EXCLUDE_TIME, /* like -E: CG_EXCL_GRAPH + CG_EXCL_TIME */
	EDIT_FOCUS,        /* like -f: CG_INCL_GRAPH */
	EDIT_FOCUS_TIME    /* like -F: CG_INCL_GRAPH + CG_INCL_TIME */
};

/* ON = 1 adds function N to the sets of WHAT (and marks them active in
 * g->set_active, as the option would); ON = 0 is the reversal: it takes N
 * out of those sets, and a set that no function is left in stops being
 * active unless it was active when the session was opened.  Fails if
 * nothing changes. */
int edit_select(struct edit *e, uint32_t n, enum edit_sel what, int on, char *msg,
		size_t msglen);

/* The same for every function TEXT names, as the option would take it:
 * "[N]", "N" or a name edit_lookup() resolves to one function means that
 * function; otherwise TEXT is a symspec (as -e/-E/-f/-F take it, so an
 * ambiguous raw name means all functions of that name).  One undo step.
 * Returns the number of functions changed; -1 if none matches or nothing
 * changes. */
int edit_select_spec(struct edit *e, const char *text, enum edit_sel what, int on,
		     char *msg, size_t msglen);

/* The selection command NAME as the prompt and edits files spell it
 * ("hide", "unhide", "exclude-time", "include-time", "focus", "unfocus",
 * "focus-time", "unfocus-time"): its kind in *WHAT, and in *ON 1 for a
 * selection, 0 for its reversal.  -1 when NAME is none of them. */
int edit_sel_command(const char *name, enum edit_sel *what, int *on);

/* The reversal of WHAT for every function selected so now (each one an
 * undo step, as edit_select makes it): what "unhide" alone means.
 * Returns how many changed; MSG says what was done, or that no function
 * was selected so. */
uint32_t edit_unselect_all(struct edit *e, enum edit_sel what, char *msg, size_t msglen);

/* ---- Commands as the browser's prompt takes them ---- */

/* Run one command line without the ':' (blanks separate words):
 *   k FROM/TO | restore FROM/TO | self FUNC SECONDS | scale FUNC FACTOR |
 *   hide SPEC | unhide SPEC | exclude-time SPEC | include-time SPEC |
 *   focus SPEC | unfocus SPEC | focus-time SPEC | unfocus-time SPEC |
 *   begin [LABEL] | end | undo | redo
 * (begin and end: edit_group_begin and edit_group_end.)
 * FUNC as edit_lookup() takes it, SPEC as edit_select_spec(); both are
 * the rest of the line (blanks included; for self and scale, up to the
 * last word).  Returns what the operation returns; an unknown command or bad
 * arguments give -1 and a usage text in MSG.  Used by headless tests; the
 * browser may use it for these commands. */
int edit_command(struct edit *e, const char *line, char *msg, size_t msglen);

/* ---- Groups and history ---- */

/* Operations between batch begin and end stay steps of their own, but
 * the model is propagated once, at the end (replaying an edits file).
 * Inside a batch do not read what propagation computes (times, cycles,
 * call-graph indices). */
void edit_batch_begin(struct edit *e);
void edit_batch_end(struct edit *e);

/* Operations between begin and end form one undo step, labelled LABEL
 * (copied; NULL: the first operation's label).  Inside a group the model
 * is not re-propagated until edit_group_end(); do not read times then.
 * Groups do not nest (a second begin is ignored).  An empty group records
 * nothing.  Returns 1 if a step was recorded. */
void edit_group_begin(struct edit *e, const char *label);
int edit_group_end(struct edit *e);

/* Undo the last step / redo the last undone one.  A new operation after
 * an undo discards what could have been redone.  -1 when there is nothing
 * to undo (redo); MSG names the step ("undid: k main/foo"). */
int edit_undo(struct edit *e, char *msg, size_t msglen);
int edit_redo(struct edit *e, char *msg, size_t msglen);
int edit_can_undo(const struct edit *e);
int edit_can_redo(const struct edit *e);

/* The steps applied now (undone ones excluded), oldest first: their
 * number, and the label of step I ("k main/foo", "self f 0.5",
 * "hide f"...). */
size_t edit_nsteps(const struct edit *e);
const char *edit_step_label(const struct edit *e, size_t i);

/* ---- The original profile, for the Δ columns ---- */

struct edit_orig {
	int valid;         /* 0: no counterpart (a cycle that did not exist) */
	int same_members;  /* cycles: the original had exactly these members */
	double self_time;  /* ticks, flat self (cg_node.self_time) */
	double prop_self;  /* ticks, call-graph self (cg_node.prop_self) */
	double prop_child; /* ticks, call-graph children */
	double total;      /* prop_self + prop_child */
	uint64_t ncalls, self_calls;
	uint32_t cycle; /* cycle number then, 0 = none */
	uint32_t index; /* call-graph index [N] then */
};

/* The numbers node N had when the session was opened.  For a function:
 * always valid.  For a cycle node: the original cycle that held its first
 * member (same_members tells whether it was the same set of functions);
 * not valid if that member was in no cycle.  Returns out->valid.
 * Constant time (cycles are computed together once per generation). */
int edit_orig(const struct edit *e, uint32_t n, struct edit_orig *out);

/* ---- Dump for tests ---- */

/* A stable text form of the model: a header (hz, totals, counts), one line
 * per function in node order (index, cycle, self, children, calls, self
 * calls, print flag, name) and one per arc in arc order (state, count,
 * propagated time and child time, parent and child names).  Times are
 * printed in ticks with %.6f. */
void edit_dump(FILE *out, const struct edit *e);

#endif
