/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editcmd: the textual side of an edit session: functions by name, arcs by
 * -k spec, the command line, the dump (see edit.h). */
#include "config.h"
#include "edit.h"
#include "editint.h"
#include "rows.h"
#include "symspec.h"
#include "util.h"

#include <ctype.h>
#include <stdarg.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A copy of TEXT without leading and trailing blanks. */
static char *trimmed(const char *text)
{
	while (isspace((unsigned char)*text))
		text++;
	size_t n = strlen(text);
	while (n > 0 && isspace((unsigned char)text[n - 1]))
		n--;
	char *s = xmalloc(n + 1);
	memcpy(s, text, n);
	s[n] = 0;
	return s;
}

/* Append to MSG, keeping it NUL-terminated when it fills up. */
static void msg_cat(char *msg, size_t msglen, size_t *used, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void msg_cat(char *msg, size_t msglen, size_t *used, const char *fmt, ...)
{
	va_list ap;

	if (!msg || *used + 1 >= msglen)
		return;
	va_start(ap, fmt);
	int k = vsnprintf(msg + *used, msglen - *used, fmt, ap);
	va_end(ap);
	if (k > 0)
		*used += (size_t)k < msglen - *used ? (size_t)k : msglen - *used - 1;
}

static uint32_t by_index(const struct edit *e, const char *s, char *msg, size_t msglen)
{
	const struct cg *g = &e->l->g;
	char *end;

	errno = 0;
	unsigned long v = strtoul(s, &end, 10);
	if (errno || v == 0 || v > g->norder) {
		util_msg(msg, msglen, "no index [%s] (the call graph has 1..%u)", s,
			 g->norder);
		return CG_NONE;
	}
	uint32_t n = g->order[v - 1];
	if (cg_is_cycle(g, n)) {
		char cyc[ROWS_CYCLE_MAX];
		*rows_cycle_name(cyc, g->nodes[n].cycle, 1) = 0;
		util_msg(msg, msglen, "[%lu] is %s, not a function", v, cyc);
		return CG_NONE;
	}
	return n;
}

static int all_digits(const char *s, size_t n)
{
	if (n == 0)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

uint32_t edit_lookup(const struct edit *e, const char *text, char *msg, size_t msglen)
{
	const struct cg *g = &e->l->g;
	char *s = trimmed(text);
	size_t len = strlen(s);
	uint32_t found = CG_NONE;

	if (len == 0) {
		util_msg(msg, msglen, "no function given");
		goto out;
	}
	if (s[0] == '[' && s[len - 1] == ']' && all_digits(s + 1, len - 2)) {
		s[len - 1] = 0;
		found = by_index(e, s + 1, msg, msglen);
		goto out;
	}
	if (all_digits(s, len)) {
		found = by_index(e, s, msg, msglen);
		goto out;
	}
	for (int pass = 0; pass < 2; pass++) {
		uint32_t nmatch = 0, first = CG_NONE;
		for (uint32_t i = 0; i < g->nfuncs; i++) {
			const struct sym *sy = g->nodes[i].sym;
			if (strcmp(pass ? sy->dname : sy->name, s) == 0) {
				if (nmatch++ == 0)
					first = i;
			}
		}
		if (nmatch == 1) {
			found = first;
			goto out;
		}
		if (nmatch > 1) {
			size_t used = 0;
			msg_cat(msg, msglen, &used, "ambiguous name `%s':", s);
			for (uint32_t i = first, k = 0; i < g->nfuncs; i++) {
				const struct sym *sy = g->nodes[i].sym;
				if (strcmp(pass ? sy->dname : sy->name, s) != 0)
					continue;
				msg_cat(msg, msglen, &used, "%s %s [%u]", k++ ? "," : "",
					sy->dname, g->nodes[i].index);
				if (sy->file)
					msg_cat(msg, msglen, &used, " (%s)", sy->file);
				else
					msg_cat(msg, msglen, &used, " (0x%llx)",
						(unsigned long long)sy->addr);
			}
			msg_cat(msg, msglen, &used, "; use [N]");
			goto out;
		}
	}
	util_msg(msg, msglen, "no function named `%s'", s);
out:
	free(s);
	return found;
}

/* ---- arcs by spec ---- */

static int spec_op(struct edit *e, const char *spec, int del, size_t *nmatched, char *msg,
		   size_t msglen)
{
	struct cg *g = &e->l->g;
	struct symspec from, to;
	char *s = trimmed(spec);
	size_t matched = 0;
	int changed = 0;

	if (nmatched)
		*nmatched = 0;
	if (symspec_parse_arc_in(s, &from, &to, g->st) != 0) {
		util_msg(msg, msglen, "bad arc spec `%s': expected FROM/TO", s);
		free(s);
		return -1;
	}
	for (uint32_t a = 0; a < g->narcs; a++) {
		const struct cg_arc *arc = &g->arcs[a];
		if (!symspec_match(&from, g->nodes[arc->parent].sym) ||
		    !symspec_match(&to, g->nodes[arc->child].sym))
			continue;
		matched++;
		changed += edit_push_arc(e, a, del);
	}
	if (nmatched)
		*nmatched = matched;
	if (matched == 0) {
		util_msg(msg, msglen, "no arc matches `%s'", s);
		free(s);
		return -1;
	}
	if (changed == 0) {
		util_msg(msg, msglen, "%s %zu arc%s matching `%s' %s already %s",
			 matched == 1 ? "the" : "all", matched, matched == 1 ? "" : "s",
			 s, matched == 1 ? "is" : "are", del ? "deleted" : "live");
		free(s);
		return -1;
	}
	char *label = xmalloc(strlen(s) + 16);
	sprintf(label, "%s %s", del ? "k" : "restore", s);
	edit_end_step(e, label);
	free(label);
	util_msg(msg, msglen, "%s %d arc%s matching `%s'", del ? "deleted" : "restored",
		 changed, changed == 1 ? "" : "s", s);
	free(s);
	return changed;
}

long edit_arc_spec_changes(const struct edit *e, const char *spec, int del)
{
	const struct cg *g = &e->l->g;
	struct symspec from, to;
	char *s = trimmed(spec);
	long n = 0;

	if (symspec_parse_arc_in(s, &from, &to, g->st) != 0) {
		free(s);
		return -1;
	}
	for (uint32_t a = 0; a < g->narcs; a++) {
		const struct cg_arc *arc = &g->arcs[a];
		if ((arc->deleted != 0) != (del != 0) &&
		    symspec_match(&from, g->nodes[arc->parent].sym) &&
		    symspec_match(&to, g->nodes[arc->child].sym))
			n++;
	}
	free(s);
	return n;
}

int edit_arc_delete_spec(struct edit *e, const char *spec, size_t *nmatched, char *msg,
			 size_t msglen)
{
	return spec_op(e, spec, 1, nmatched, msg, msglen);
}

int edit_arc_restore_spec(struct edit *e, const char *spec, size_t *nmatched, char *msg,
			  size_t msglen)
{
	return spec_op(e, spec, 0, nmatched, msg, msglen);
}

/* ---- selection by name or symspec ---- */

int edit_select_spec(struct edit *e, const char *text, enum edit_sel what, int on,
		     char *msg, size_t msglen)
{
	struct cg *g = &e->l->g;
	char why[512];

	if ((unsigned)what > EDIT_FOCUS_TIME) {
		util_msg(msg, msglen, "bad selection kind");
		return -1;
	}
	uint32_t n = edit_lookup(e, text, why, sizeof why);
	if (n != CG_NONE)
		return edit_select(e, n, what, on, msg, msglen) == 0 ? 1 : -1;
	char *s = trimmed(text);
	size_t len = strlen(s);
	if (len == 0 || all_digits(s, len) || (s[0] == '[' && s[len - 1] == ']')) {
		util_msg(msg, msglen, "%s", why);
		free(s);
		return -1;
	}
	struct symspec sp;
	symspec_parse_in(&sp, s, g->st);
	uint32_t matched = 0;
	int changed = 0;
	for (uint32_t i = 0; i < g->nfuncs; i++) {
		if (!symspec_match(&sp, g->nodes[i].sym))
			continue;
		matched++;
		changed += edit_push_sel(e, i, what, on);
	}
	const char *verb = edit_sel_name(what, on);
	if (matched == 0) {
		util_msg(msg, msglen, "%s", why);
	} else if (changed == 0) {
		util_msg(msg, msglen, "%s: nothing to %s", s, verb);
	} else {
		char *label = xmalloc(strlen(s) + 32);
		sprintf(label, "%s %s", verb, s);
		edit_end_step(e, label);
		free(label);
		util_msg(msg, msglen, "%s %s (%d function%s)", verb, s, changed,
			 changed == 1 ? "" : "s");
	}
	free(s);
	return changed ? changed : -1;
}

/* ---- the command line ---- */

static int parse_number(const char *s, double *v)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	return s[0] && !*end && !errno && isfinite(*v) ? 0 : -1;
}

static int command(struct edit *e, char *cmd, char *rest, char *msg, size_t msglen)
{
	if (strcmp(cmd, "undo") == 0 || strcmp(cmd, "redo") == 0) {
		if (*rest) {
			util_msg(msg, msglen, "usage: %s", cmd);
			return -1;
		}
		return cmd[0] == 'u' ? edit_undo(e, msg, msglen)
				     : edit_redo(e, msg, msglen);
	}
	if (strcmp(cmd, "k") == 0 || strcmp(cmd, "restore") == 0) {
		if (!*rest) {
			util_msg(msg, msglen, "usage: %s FROM/TO", cmd);
			return -1;
		}
		return spec_op(e, rest, cmd[0] == 'k', NULL, msg, msglen);
	}
	if (strcmp(cmd, "self") == 0 || strcmp(cmd, "scale") == 0) {
		char *num = strrchr(rest, ' ');
		char *tab = strrchr(rest, '\t');
		double v;
		if (tab && (!num || tab > num))
			num = tab;
		if (!num || parse_number(num + 1, &v) != 0) {
			util_msg(msg, msglen, "usage: %s FUNC %s", cmd,
				 cmd[1] == 'e' ? "SECONDS" : "FACTOR");
			return -1;
		}
		*num = 0;
		uint32_t n = edit_lookup(e, rest, msg, msglen);
		if (n == CG_NONE)
			return -1;
		return cmd[1] == 'e' ? edit_set_self(e, n, v, msg, msglen)
				     : edit_scale_self(e, n, v, msg, msglen);
	}
	enum edit_sel what;
	int on;
	if (edit_sel_command(cmd, &what, &on) == 0) {
		if (!*rest) {
			util_msg(msg, msglen, "usage: %s FUNC", cmd);
			return -1;
		}
		return edit_select_spec(e, rest, what, on, msg, msglen);
	}
	util_msg(msg, msglen,
		 "unknown command `%s' (k, restore, self, scale, hide, "
		 "unhide, exclude-time, include-time, focus, unfocus, focus-time, "
		 "unfocus-time, undo, redo)",
		 cmd);
	return -1;
}

int edit_command(struct edit *e, const char *line, char *msg, size_t msglen)
{
	char *s = trimmed(line);
	char *rest = s;

	while (*rest && !isspace((unsigned char)*rest))
		rest++;
	if (*rest)
		*rest++ = 0;
	while (isspace((unsigned char)*rest))
		rest++;
	int r;
	if (!*s) {
		util_msg(msg, msglen, "empty command");
		r = -1;
	} else {
		r = command(e, s, rest, msg, msglen);
	}
	free(s);
	return r;
}

/* ---- dump ---- */

void edit_dump(FILE *out, const struct edit *e)
{
	const struct cg *g = &e->l->g;
	size_t ndel;

	edit_deleted_arcs(e, &ndel);
	fprintf(out,
		"model hz %g total %.6f print %.6f functions %u cycles %u "
		"arcs %u deleted %zu steps %zu\n",
		g->hz, g->total_time, g->print_time, g->nfuncs, g->ncycles, g->narcs,
		ndel, e->cur);
	for (uint32_t i = 0; i < g->nfuncs + g->ncycles; i++) {
		const struct cg_node *n = &g->nodes[i];
		fprintf(out,
			"%s %u [%u] cycle %u self %.6f pself %.6f pchild %.6f "
			"calls %llu+%llu print %u ",
			cg_is_cycle(g, i) ? "cyc" : "fn", i, n->index, n->cycle,
			n->self_time, n->prop_self, n->prop_child,
			(unsigned long long)n->ncalls, (unsigned long long)n->self_calls,
			n->print_flag);
		if (n->sym) {
			fputs(n->sym->name, out);
		} else {
			char cyc[ROWS_CYCLE_MAX];
			*rows_cycle_name(cyc, n->cycle, 0) = 0;
			fprintf(out, "%s:", cyc);
			for (uint32_t m = n->next_member; m != CG_NONE;
			     m = g->nodes[m].next_member)
				fprintf(out, " %s", g->nodes[m].sym->name);
		}
		fputc('\n', out);
	}
	for (uint32_t a = 0; a < g->narcs; a++) {
		const struct cg_arc *arc = &g->arcs[a];
		fprintf(out, "arc %u %s count %llu time %.6f child %.6f %s -> %s\n", a,
			arc->deleted ? "deleted" : "live", (unsigned long long)arc->count,
			arc->time, arc->child_time, g->nodes[arc->parent].sym->name,
			g->nodes[arc->child].sym->name);
	}
}
