/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editint: what edit.c, editcmd.c and arcspec.c share; not for use
 * outside them. */
#ifndef TG_EDITINT_H
#define TG_EDITINT_H

#include <stddef.h>
#include <stdint.h>
#include "edit.h"

enum edit_op_kind { EDIT_OP_ARC, EDIT_OP_SELF, EDIT_OP_SETS };

/* One change: the state it replaced (old_*) and the state it set (new_*).
 * ARC: deleted flag in *_u8, deletion sequence number in *_seq.
 * SELF: self time in *_d, the flat total in *_total.
 * SETS: node set bits in *_u8, g->set_active in *_seq. */
struct edit_op {
	uint8_t kind;
	uint8_t old_u8, new_u8;
	uint32_t target;
	uint32_t old_seq, new_seq;
	double old_d, new_d;
	double old_total, new_total;
};

struct edit_step {
	size_t first, n; /* ops[first .. first+n-1] */
	char *label;
	char *cmd; /* the command lines that replay it (edit_write_steps) */
};

struct edit_orig_cycle {
	struct edit_orig v;
	uint32_t nmembers;
};

struct edit {
	struct load *l;
	const struct opts *o;
	uint32_t start_active; /* g->set_active at open */
	unsigned long gen;
	double prop_secs;

	struct edit_op *ops;
	size_t nops, ops_cap;
	struct edit_step *steps;
	size_t nsteps, steps_cap;
	size_t cur; /* steps[0..cur-1] are applied */
	int in_group;
	int step_open; /* ops pushed since step_start, not closed */
	size_t step_start;
	char *group_label;
	char *pending_cmd; /* the replay command of the step being closed */
	char *group_cmds;  /* those of a group's operations, one a line */
	size_t group_cmds_len;

	uint32_t *del_seq; /* per arc: deletion order, 0 = live */
	size_t del_cap;    /* entries allocated in del_seq */
	uint32_t seq;
	uint32_t *toggled; /* arcs set by ops since the last propagation */
	size_t ntoggled, toggled_cap;
	uint32_t *marked; /* every arc whose del_seq was ever set (repeats) */
	size_t nmarked, marked_cap;
	uint32_t *del_list; /* cache of edit_deleted_arcs() */
	size_t ndel;
	unsigned long del_gen;

	struct edit_orig *orig_fn;        /* per function */
	struct edit_orig_cycle *orig_cyc; /* per original cycle */
	uint32_t orig_ncycles;
	struct edit_names *names;    /* resolve.c's index, built on first use */
	unsigned raw_scans;          /* edit_raw_name_count()s done by scanning */
	int last_unchanged;          /* the last arc spec matched only arcs
				   * already in the state asked */
	int batch, batch_dirty;      /* edit_batch_begin(): propagation deferred */
	struct edit_orig *cyc_cache; /* edit_orig() of every cycle node */
	unsigned long cyc_gen;       /* generation cyc_cache is for */
};

void edit_push_op(struct edit *e, const struct edit_op *op);
void edit_end_step(struct edit *e, const char *label);
int edit_push_arc(struct edit *e, uint32_t a, int del);
int edit_push_sel(struct edit *e, uint32_t n, enum edit_sel what, int on);
const char *edit_sel_name(enum edit_sel what, int on);
void edit_names_free(struct edit_names *x);
/* The command that replays the step about to be closed (edit_end_step),
 * formatted; each operation sets it just before closing its step. */
void edit_set_cmd(struct edit *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* How many functions TEXT names as a name (edit_resolve, indices aside). */
size_t edit_name_count(const struct edit *e, const char *text);
/* How many functions have SY's raw name: edit_name_count(SY->name) for a
 * function's own raw name (the raw tier decides), without the index for
 * the first few (one arc labelled must not build it). */
size_t edit_raw_name_count(const struct edit *e, const struct sym *sy);

/* S[0..N) is one or more decimal digits. */
int edit_all_digits(const char *s, size_t n);

#endif
