/* SPDX-License-Identifier: GPL-3.0-or-later */
/* edit: the session, its operations and the undo history (see edit.h).
 * Name lookup, arc specs, the command parser and the dump are in
 * editcmd.c.
 *
 * History: every change is an op holding the state it replaced and the
 * state it set (an arc's deleted flag, a self time and the flat total, a
 * function's set bits and g->set_active).  A step is a run of ops; undo
 * puts the old states back in reverse order, redo the new ones in order,
 * then the model is re-propagated.  Putting stored values back (rather
 * than computing inverses) is what makes a round trip exact to the bit. */
#include "config.h"
#include "edit.h"
#include "editint.h"
#include "sort.h"
#include "util.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* What the session saw at open: the numbers the Δ columns compare with. */
static void keep_original(struct edit *e)
{
	const struct cg *g = &e->l->g;

	e->orig_fn = xcalloc((size_t)g->nfuncs + 1, sizeof *e->orig_fn);
	e->orig_cyc = xcalloc((size_t)g->ncycles + 1, sizeof *e->orig_cyc);
	e->orig_ncycles = g->ncycles;
	for (uint32_t i = 0; i < g->nfuncs + g->ncycles; i++) {
		const struct cg_node *n = &g->nodes[i];
		struct edit_orig *o =
			i < g->nfuncs ? &e->orig_fn[i] : &e->orig_cyc[i - g->nfuncs].v;
		o->valid = 1;
		o->same_members = 1;
		o->self_time = n->self_time;
		o->prop_self = n->prop_self;
		o->prop_child = n->prop_child;
		o->total = n->prop_self + n->prop_child;
		o->ncalls = n->ncalls;
		o->self_calls = n->self_calls;
		o->cycle = n->cycle;
		o->index = n->index;
		if (i < g->nfuncs && n->cycle)
			e->orig_cyc[n->cycle - 1].nmembers++;
	}
}

/* Note that arc A's del_seq is being set: edit_deleted_arcs() reads the
 * noted arcs only (a handful), not the whole array. */
static void mark(struct edit *e, uint32_t a)
{
	util_grow((void **)&e->marked, &e->marked_cap, e->nmarked + 1, sizeof *e->marked);
	e->marked[e->nmarked++] = a;
}

struct edit *edit_open(struct load *l, const struct opts *o)
{
	struct edit *e = xcalloc(1, sizeof *e);
	struct cg *g = &l->g;

	e->l = l;
	e->o = o;
	e->start_active = g->set_active;
	keep_original(e);
	/* Arcs deleted at load (-k) come first in the deleted list, in arc
	 * order; later deletions get increasing sequence numbers. */
	e->del_cap = (size_t)g->narcs + 1;
	e->del_seq = xcalloc(e->del_cap, sizeof *e->del_seq);
	e->seq = 0;
	/* The flags as the propagation packed them (L is propagated), a
	 * byte each: a pass over the arcs themselves read 27 MB of the
	 * bench's, at every start. */
	const uint8_t *dead = g->prop_valid && g->prop_narcs == g->narcs ? g->dead : NULL;
	for (uint32_t a = 0; a < g->narcs; a++)
		if (dead ? dead[a] : g->arcs[a].deleted) {
			e->del_seq[a] = ++e->seq;
			mark(e, a);
		}
	e->gen = 1;
	return e;
}

void edit_close(struct edit *e)
{
	if (!e)
		return;
	for (size_t i = 0; i < e->nsteps; i++) {
		free(e->steps[i].label);
		free(e->steps[i].cmd);
	}
	free(e->steps);
	free(e->pending_cmd);
	free(e->group_cmds);
	free(e->ops);
	free(e->orig_fn);
	free(e->orig_cyc);
	free(e->del_seq);
	free(e->toggled);
	free(e->marked);
	free(e->del_list);
	free(e->group_label);
	free(e->cyc_cache);
	edit_names_free(e->names);
	free(e);
}

struct cg *edit_graph(const struct edit *e)
{
	return &e->l->g;
}
struct load *edit_load(const struct edit *e)
{
	return e->l;
}
const struct opts *edit_opts(const struct edit *e)
{
	return e->o;
}
unsigned long edit_generation(const struct edit *e)
{
	return e->gen;
}
double edit_last_propagate_seconds(const struct edit *e)
{
	return e->prop_secs;
}

/* The arcs the ops set are the only ones whose flags changed since the
 * last propagation (whoever else sets one propagates at once). */
static void repropagate(struct edit *e)
{
	double t0 = util_now();
	cg_propagate_arcs(&e->l->g, e->toggled, e->ntoggled);
	e->ntoggled = 0;
	e->prop_secs = util_now() - t0;
	e->gen++;
}

/* Set the state an op describes: its new state (DIR = 1) or old (0). */
static void op_apply(struct edit *e, const struct edit_op *op, int dir)
{
	struct cg *g = &e->l->g;

	switch (op->kind) {
	case EDIT_OP_ARC:
		g->arcs[op->target].deleted = dir ? op->new_u8 : op->old_u8;
		e->del_seq[op->target] = dir ? op->new_seq : op->old_seq;
		mark(e, op->target);
		util_grow((void **)&e->toggled, &e->toggled_cap, e->ntoggled + 1,
			  sizeof *e->toggled);
		e->toggled[e->ntoggled++] = op->target;
		break;
	case EDIT_OP_SELF:
		g->nodes[op->target].self_time = dir ? op->new_d : op->old_d;
		g->total_time = dir ? op->new_total : op->old_total;
		break;
	case EDIT_OP_SETS:
		g->nodes[op->target].sets = dir ? op->new_u8 : op->old_u8;
		g->set_active = dir ? op->new_seq : op->old_seq;
		break;
	}
}

/* Drop whatever could have been redone. */
static void drop_redo(struct edit *e)
{
	if (e->cur >= e->nsteps)
		return;
	for (size_t i = e->cur; i < e->nsteps; i++) {
		free(e->steps[i].label);
		free(e->steps[i].cmd);
	}
	e->nops = e->cur ? e->steps[e->cur - 1].first + e->steps[e->cur - 1].n : 0;
	e->nsteps = e->cur;
}

/* Record OP (its new state already described) and apply it.  The first op
 * of a step drops the redo tail and opens the step. */
void edit_push_op(struct edit *e, const struct edit_op *op)
{
	if (!e->step_open) {
		drop_redo(e);
		e->step_start = e->nops;
		e->step_open = 1;
	}
	util_grow((void **)&e->ops, &e->ops_cap, e->nops + 1, sizeof *e->ops);
	e->ops[e->nops++] = *op;
	op_apply(e, op, 1);
}

/* Close the open step (the ops pushed since it opened) as one undo step
 * called LABEL, unless a group is open, and re-propagate. */
void edit_set_cmd(struct edit *e, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	int k = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *s = xmalloc(k > 0 ? (size_t)k + 1 : 1);
	va_start(ap, fmt);
	vsnprintf(s, k > 0 ? (size_t)k + 1 : 1, fmt, ap);
	va_end(ap);
	free(e->pending_cmd);
	e->pending_cmd = s;
}

void edit_end_step(struct edit *e, const char *label)
{
	char *cmd = e->pending_cmd;

	e->pending_cmd = NULL;
	if (e->in_group) {
		if (!e->group_label && label)
			e->group_label = xstrdup(label);
		if (cmd) {
			size_t k = strlen(cmd);
			e->group_cmds =
				xrealloc(e->group_cmds, e->group_cmds_len + k + 2);
			memcpy(e->group_cmds + e->group_cmds_len, cmd, k);
			e->group_cmds_len += k;
			e->group_cmds[e->group_cmds_len++] = '\n';
			e->group_cmds[e->group_cmds_len] = 0;
			free(cmd);
		}
		return;
	}
	if (!e->step_open) {
		free(cmd);
		return;
	}
	e->step_open = 0;
	util_grow((void **)&e->steps, &e->steps_cap, e->nsteps + 1, sizeof *e->steps);
	struct edit_step *s = &e->steps[e->nsteps++];
	s->first = e->step_start;
	s->n = e->nops - e->step_start;
	s->label = xstrdup(label ? label : "edit");
	s->cmd = cmd;
	e->cur = e->nsteps;
	if (e->batch)
		e->batch_dirty = 1;
	else
		repropagate(e);
}

void edit_batch_begin(struct edit *e)
{
	e->batch = 1;
}

void edit_batch_end(struct edit *e)
{
	e->batch = 0;
	if (e->batch_dirty)
		repropagate(e);
	e->batch_dirty = 0;
}

void edit_group_begin(struct edit *e, const char *label)
{
	if (e->in_group)
		return;
	e->in_group = 1;
	free(e->group_label);
	e->group_label = label ? xstrdup(label) : NULL;
}

int edit_group_end(struct edit *e)
{
	if (!e->in_group)
		return 0;
	e->in_group = 0;
	int recorded = e->step_open;
	const char *label = e->group_label ? e->group_label : "group";
	edit_set_cmd(e, "begin %s\n%send", label, e->group_cmds ? e->group_cmds : "");
	free(e->group_cmds);
	e->group_cmds = NULL;
	e->group_cmds_len = 0;
	edit_end_step(e, label);
	free(e->group_label);
	e->group_label = NULL;
	return recorded;
}

int edit_undo(struct edit *e, char *msg, size_t msglen)
{
	if (e->in_group)
		edit_group_end(e);
	if (e->cur == 0) {
		util_msg(msg, msglen, "nothing to undo");
		return -1;
	}
	const struct edit_step *s = &e->steps[--e->cur];
	for (size_t i = s->n; i-- > 0;)
		op_apply(e, &e->ops[s->first + i], 0);
	repropagate(e);
	util_msg(msg, msglen, "undid: %s", s->label);
	return 0;
}

int edit_redo(struct edit *e, char *msg, size_t msglen)
{
	if (e->in_group)
		edit_group_end(e);
	if (e->cur >= e->nsteps) {
		util_msg(msg, msglen, "nothing to redo");
		return -1;
	}
	const struct edit_step *s = &e->steps[e->cur++];
	for (size_t i = 0; i < s->n; i++)
		op_apply(e, &e->ops[s->first + i], 1);
	repropagate(e);
	util_msg(msg, msglen, "redid: %s", s->label);
	return 0;
}

int edit_can_undo(const struct edit *e)
{
	return e->cur > 0;
}
int edit_can_redo(const struct edit *e)
{
	return e->cur < e->nsteps;
}
size_t edit_nsteps(const struct edit *e)
{
	return e->cur;
}

const char *edit_step_label(const struct edit *e, size_t i)
{
	return i < e->cur ? e->steps[i].label : "";
}

/* ---- arcs ---- */

/* Room in del_seq for every arc, should arcs have been added to the
 * model since the session opened (not a supported use, but no overrun). */
static void arcs_room(struct edit *e)
{
	size_t need = (size_t)e->l->g.narcs + 1;
	if (need <= e->del_cap)
		return;
	e->del_seq = xrealloc(e->del_seq, need * sizeof *e->del_seq);
	memset(e->del_seq + e->del_cap, 0, (need - e->del_cap) * sizeof *e->del_seq);
	e->del_cap = need;
}

/* Push an op that sets arc A's deleted flag to DEL; 0 if it already is. */
int edit_push_arc(struct edit *e, uint32_t a, int del)
{
	struct cg *g = &e->l->g;
	struct edit_op op;

	arcs_room(e);
	if (!g->arcs[a].deleted == !del)
		return 0;
	memset(&op, 0, sizeof op);
	op.kind = EDIT_OP_ARC;
	op.target = a;
	op.old_u8 = g->arcs[a].deleted;
	op.new_u8 = (uint8_t)(del != 0);
	op.old_seq = e->del_seq[a];
	op.new_seq = del ? ++e->seq : 0;
	edit_push_op(e, &op);
	return 1;
}

static int arc_one(struct edit *e, uint32_t a, int del, char *msg, size_t msglen)
{
	struct cg *g = &e->l->g;
	char spec[512], label[600];

	if (a >= g->narcs) {
		util_msg(msg, msglen, "no arc %u (there are %u)", a, g->narcs);
		return -1;
	}
	edit_arc_id(e, a, spec, sizeof spec);
	if (!g->arcs[a].deleted == !del) {
		util_msg(msg, msglen, "arc %s is already %s", spec,
			 del ? "deleted" : "live");
		return -1;
	}
	edit_push_arc(e, a, del);
	snprintf(label, sizeof label, "%s %s", del ? "k" : "restore", spec);
	edit_set_cmd(e, "%s", label);
	edit_end_step(e, label);
	util_msg(msg, msglen, "%s arc %s (%llu call%s)", del ? "deleted" : "restored",
		 spec, (unsigned long long)g->arcs[a].count,
		 g->arcs[a].count == 1 ? "" : "s");
	return 0;
}

int edit_arc_delete(struct edit *e, uint32_t a, char *msg, size_t msglen)
{
	return arc_one(e, a, 1, msg, msglen);
}

int edit_arc_restore(struct edit *e, uint32_t a, char *msg, size_t msglen)
{
	return arc_one(e, a, 0, msg, msglen);
}

int edit_arcs_delete(struct edit *e, const uint32_t *a, size_t n, const char *label,
		     char *msg, size_t msglen)
{
	struct cg *g = &e->l->g;
	char buf[64];

	for (size_t i = 0; i < n; i++)
		if (a[i] >= g->narcs) {
			util_msg(msg, msglen, "no arc %u (there are %u)", a[i], g->narcs);
			return -1;
		}
	int changed = 0;
	for (size_t i = 0; i < n; i++)
		changed += edit_push_arc(e, a[i], 1);
	if (!changed) {
		util_msg(msg, msglen, "all %zu arcs are already deleted", n);
		return -1;
	}
	if (!label) {
		snprintf(buf, sizeof buf, "delete %d arcs", changed);
		label = buf;
	}
	/* replayed as a group of one k line per arc changed */
	size_t cap = 64, len = 0;
	char *cmd = xmalloc(cap), id[2300];
	util_grow((void **)&cmd, &cap, strlen(label) + 8, 1);
	len = (size_t)sprintf(cmd, "begin %s\n", label);
	for (char *c = cmd; c < cmd + len - 1; c++) /* one line */
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = '?';
	for (size_t i = e->nops - (size_t)changed; i < e->nops; i++) {
		edit_arc_id(e, e->ops[i].target, id, sizeof id);
		size_t k = strlen(id);
		util_grow((void **)&cmd, &cap, len + k + 8, 1);
		len += (size_t)sprintf(cmd + len, "k %s\n", id);
	}
	edit_set_cmd(e, "%send", cmd);
	free(cmd);
	edit_end_step(e, label);
	util_msg(msg, msglen, "deleted %d arc%s", changed, changed == 1 ? "" : "s");
	return changed;
}

/* Deleted arcs as (sequence << 32 | arc): sorting the keys sorts by
 * deletion order (sequence numbers are unique). */
static int cmp_u64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
	return (a > b) - (a < b);
}

const uint32_t *edit_deleted_arcs(const struct edit *e, size_t *n)
{
	struct edit *m = (struct edit *)e; /* the list is a cache */
	const struct cg *g = &e->l->g;

	if (m->del_gen != e->gen || !m->del_list) {
		size_t k = 0, cap = 64;
		arcs_room(m);
		free(m->del_list);
		m->del_list = NULL;
		/* del_seq is set only for the marked arcs: read theirs, each
		 * once (the marks kept so, without repeats). */
		if (m->nmarked > 1) /* none: no array at all */
			qsort(m->marked, m->nmarked, sizeof *m->marked, util_qcmp_u32);
		size_t nm = 0;
		for (size_t i = 0; i < m->nmarked; i++)
			if (nm == 0 || m->marked[nm - 1] != m->marked[i])
				m->marked[nm++] = m->marked[i];
		m->nmarked = nm;
		uint64_t *key = xmalloc(cap * sizeof *key);
		for (size_t i = 0; i < nm; i++) {
			uint32_t a = m->marked[i];
			if (a >= g->narcs || m->del_seq[a] == 0 || !g->arcs[a].deleted)
				continue;
			if (k == cap)
				key = xrealloc(key, (cap *= 2) * sizeof *key);
			key[k++] = (uint64_t)m->del_seq[a] << 32 | a;
		}
		util_qsort(key, k, sizeof *key, cmp_u64);
		m->del_list = xmalloc((k + 1) * sizeof *m->del_list);
		for (size_t i = 0; i < k; i++)
			m->del_list[i] = (uint32_t)key[i];
		free(key);
		m->ndel = k;
		m->del_gen = e->gen;
	}
	*n = m->ndel;
	return m->del_list;
}

/* ---- time ---- */

static int self_to(struct edit *e, uint32_t n, double ticks, const char *label, char *msg,
		   size_t msglen)
{
	struct cg *g = &e->l->g;
	struct edit_op op;

	if (n >= g->nfuncs) {
		util_msg(msg, msglen, "not a function: node %u", n);
		return -1;
	}
	if (g->nodes[n].sym->is_excluded) {
		util_msg(msg, msglen,
			 "%s is profiling machinery, left out of every "
			 "report",
			 g->nodes[n].sym->dname);
		return -1;
	}
	/* As the histogram does (hist.c): only functions in the flat
	 * profile's selection get time and count in the total. */
	const struct cg_node *node = &g->nodes[n];
	if (!cg_flat_selected(g, node)) {
		util_msg(msg, msglen,
			 "%s is left out of the flat profile (-p/-P): "
			 "it has no time to edit",
			 node->sym->dname);
		return -1;
	}
	if (!isfinite(ticks) || ticks < 0) {
		util_msg(msg, msglen, "self time must be a finite number >= 0");
		return -1;
	}
	if (ticks == g->nodes[n].self_time) {
		util_msg(msg, msglen, "%s already has self time %g s",
			 g->nodes[n].sym->dname, cg_seconds(g, ticks));
		return -1;
	}
	memset(&op, 0, sizeof op);
	op.kind = EDIT_OP_SELF;
	op.target = n;
	op.old_d = g->nodes[n].self_time;
	op.old_total = g->total_time;
	/* Let cg_set_self_time() compute the new total, then record it. */
	cg_set_self_time(g, n, ticks);
	op.new_d = g->nodes[n].self_time;
	op.new_total = g->total_time;
	g->nodes[n].self_time = op.old_d;
	g->total_time = op.old_total;
	edit_push_op(e, &op);
	edit_end_step(e, label);
	util_msg(msg, msglen, "%s: self %g s -> %g s", g->nodes[n].sym->dname,
		 cg_seconds(g, op.old_d), cg_seconds(g, op.new_d));
	return 0;
}

int edit_set_self(struct edit *e, uint32_t n, double seconds, char *msg, size_t msglen)
{
	struct cg *g = &e->l->g;
	char label[600];

	if (n >= g->nfuncs) {
		util_msg(msg, msglen, "not a function: node %u", n);
		return -1;
	}
	if (!(g->hz > 0)) {
		util_msg(msg, msglen,
			 "the profile has no histogram: no sample rate "
			 "to turn seconds into samples");
		return -1;
	}
	snprintf(label, sizeof label, "self %s %g", g->nodes[n].sym->name, seconds);
	char id[1100];
	edit_func_id(e, n, id, sizeof id);
	edit_set_cmd(e, "self %s %.17g", id, seconds);
	int r = self_to(e, n, seconds * g->hz, label, msg, msglen);
	free(e->pending_cmd); /* a failure left it */
	e->pending_cmd = NULL;
	return r;
}

int edit_scale_self(struct edit *e, uint32_t n, double factor, char *msg, size_t msglen)
{
	struct cg *g = &e->l->g;
	char label[600];

	if (n >= g->nfuncs) {
		util_msg(msg, msglen, "not a function: node %u", n);
		return -1;
	}
	if (!isfinite(factor) || factor < 0) {
		util_msg(msg, msglen, "scale factor must be a finite number >= 0");
		return -1;
	}
	snprintf(label, sizeof label, "scale %s %g", g->nodes[n].sym->name, factor);
	char id[1100];
	edit_func_id(e, n, id, sizeof id);
	edit_set_cmd(e, "scale %s %.17g", id, factor);
	int r = self_to(e, n, g->nodes[n].self_time * factor, label, msg, msglen);
	free(e->pending_cmd);
	e->pending_cmd = NULL;
	return r;
}

/* ---- selection ---- */

static const char *const sel_names[][2] = {
	{ "unhide", "hide" },
	{ "include-time", "exclude-time" },
	{ "unfocus", "focus" },
	{ "unfocus-time", "focus-time" },
};

static unsigned sel_bits(enum edit_sel what)
{
	switch (what) {
	case EDIT_HIDE: return 1u << CG_EXCL_GRAPH;
	case EDIT_EXCLUDE_TIME: return 1u << CG_EXCL_GRAPH | 1u << CG_EXCL_TIME;
	case EDIT_FOCUS: return 1u << CG_INCL_GRAPH;
	case EDIT_FOCUS_TIME: return 1u << CG_INCL_GRAPH | 1u << CG_INCL_TIME;
	}
	return 0;
}

/* Push the op that puts function N in (ON) or out of WHAT's sets; 0 if
 * that changes nothing. */
int edit_push_sel(struct edit *e, uint32_t n, enum edit_sel what, int on)
{
	struct cg *g = &e->l->g;
	struct edit_op op;
	unsigned bits = sel_bits(what);
	uint8_t sets = g->nodes[n].sets;
	uint32_t active = g->set_active;

	if (g->nodes[n].sym->is_excluded)
		return 0; /* mcount & co stay out of everything */
	if (on) {
		sets |= (uint8_t)bits;
		active |= bits;
	} else {
		sets &= (uint8_t)~bits;
		/* A set nobody is in any more stops being active, unless the
		 * command line made it active (GNU: an option that matched
		 * nothing still switches the set on). */
		for (int s = 0; s < CG_NSETS; s++) {
			if (!((bits >> s) & 1) || ((e->start_active >> s) & 1))
				continue;
			int used = ((sets >> s) & 1) != 0;
			for (uint32_t i = 0; i < g->nfuncs && !used; i++)
				used = i != n && cg_in_set(&g->nodes[i], (enum cg_set)s);
			if (!used)
				active &= ~(1u << s);
		}
	}
	if (sets == g->nodes[n].sets && active == g->set_active)
		return 0;
	memset(&op, 0, sizeof op);
	op.kind = EDIT_OP_SETS;
	op.target = n;
	op.old_u8 = g->nodes[n].sets;
	op.new_u8 = sets;
	op.old_seq = g->set_active;
	op.new_seq = active;
	edit_push_op(e, &op);
	return 1;
}

const char *edit_sel_name(enum edit_sel what, int on)
{
	return (unsigned)what <= EDIT_FOCUS_TIME ? sel_names[what][on != 0] : "?";
}

int edit_sel_command(const char *name, enum edit_sel *what, int *on)
{
	for (int w = EDIT_HIDE; w <= EDIT_FOCUS_TIME; w++)
		for (int o = 0; o <= 1; o++)
			if (strcmp(name, sel_names[w][o]) == 0) {
				*what = (enum edit_sel)w;
				*on = o;
				return 0;
			}
	return -1;
}

uint32_t edit_unselect_all(struct edit *e, enum edit_sel what, char *msg, size_t msglen)
{
	const struct cg *g = &e->l->g;
	/* the set that tells a function was selected so: the narrower one
	 * of WHAT's two (-E's time set, -F's time set) */
	static const enum cg_set mark[] = { CG_EXCL_GRAPH, CG_EXCL_TIME, CG_INCL_GRAPH,
					    CG_INCL_TIME };
	const char *verb = edit_sel_name(what, 0);
	char one[512];
	uint32_t done = 0;

	for (uint32_t i = 0; i < g->nfuncs; i++)
		if (cg_in_set(&g->nodes[i], mark[what]) &&
		    edit_select(e, i, what, 0, one, sizeof one) == 0)
			done++;
	if (done == 1)
		util_msg(msg, msglen, "%s", one);
	else if (done)
		util_msg(msg, msglen, "%s: %u functions", verb, done);
	else
		util_msg(msg, msglen, "%s: no function is %s", verb,
			 what == EDIT_HIDE           ? "hidden"
			 : what == EDIT_EXCLUDE_TIME ? "excluded"
						     : "focused");
	return done;
}

int edit_select(struct edit *e, uint32_t n, enum edit_sel what, int on, char *msg,
		size_t msglen)
{
	struct cg *g = &e->l->g;
	char label[600];

	if ((unsigned)what > EDIT_FOCUS_TIME) {
		util_msg(msg, msglen, "bad selection kind");
		return -1;
	}
	if (n >= g->nfuncs) {
		util_msg(msg, msglen, "not a function: node %u", n);
		return -1;
	}
	const char *name = g->nodes[n].sym->dname;
	if (!edit_push_sel(e, n, what, on)) {
		util_msg(msg, msglen, "%s: nothing to %s", name,
			 sel_names[what][on != 0]);
		return -1;
	}
	snprintf(label, sizeof label, "%s %s", sel_names[what][on != 0],
		 g->nodes[n].sym->name);
	char id[1100];
	edit_func_id(e, n, id, sizeof id);
	edit_set_cmd(e, "%s %s", sel_names[what][on != 0], id);
	edit_end_step(e, label);
	util_msg(msg, msglen, "%s %s", sel_names[what][on != 0], name);
	return 0;
}

/* ---- the original numbers ---- */

/* The original of cycle node N, walking its members. */
static void cycle_orig(const struct edit *e, uint32_t n, struct edit_orig *out)
{
	const struct cg *g = &e->l->g;

	memset(out, 0, sizeof *out);
	uint32_t first = g->nodes[n].next_member;
	if (first == CG_NONE)
		return;
	uint32_t c = e->orig_fn[first].cycle;
	if (c == 0 || c > e->orig_ncycles)
		return;
	*out = e->orig_cyc[c - 1].v;
	uint32_t k = 0;
	int same = 1;
	for (uint32_t m = first; m != CG_NONE; m = g->nodes[m].next_member) {
		k++;
		if (e->orig_fn[m].cycle != c)
			same = 0;
	}
	out->same_members = same && k == e->orig_cyc[c - 1].nmembers;
}

int edit_orig(const struct edit *e, uint32_t n, struct edit_orig *out)
{
	struct edit *m = (struct edit *)e; /* the cycle answers are a cache */
	const struct cg *g = &e->l->g;

	memset(out, 0, sizeof *out);
	if (n < g->nfuncs) {
		*out = e->orig_fn[n];
		return 1;
	}
	if (n >= g->nfuncs + g->ncycles)
		return 0;
	/* All cycles at once, once per model generation: linear in the
	 * members, then constant per call. */
	if (m->cyc_gen != e->gen || !m->cyc_cache) {
		free(m->cyc_cache);
		m->cyc_cache = xmalloc(((size_t)g->ncycles + 1) * sizeof *m->cyc_cache);
		for (uint32_t k = 0; k < g->ncycles; k++)
			cycle_orig(e, g->nfuncs + k, &m->cyc_cache[k]);
		m->cyc_gen = e->gen;
	}
	*out = m->cyc_cache[n - g->nfuncs];
	return out->valid;
}
