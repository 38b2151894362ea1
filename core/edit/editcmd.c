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

/* ---- arcs by spec ---- */

int edit_arc_by_names(const struct edit *e, const char *text, uint32_t *arc, char *msg,
		      size_t msglen)
{
	const struct cg *g = &e->l->g;
	int depth = 0;
	const char *slash = NULL;

	*arc = CG_NONE;
	/* the '/' outside parentheses and template brackets */
	for (const char *s = text; *s && !slash; s++) {
		if (*s == '(' || *s == '<')
			depth++;
		else if ((*s == ')' || *s == '>') && depth > 0)
			depth--;
		else if (*s == '/' && depth == 0)
			slash = s;
	}
	if (!slash) {
		util_msg(msg, msglen, "bad arc `%s': expected FROM/TO", text);
		return 0;
	}
	char *from = xstrdup(text);
	from[slash - text] = 0;
	uint32_t f = edit_lookup(e, from, msg, msglen);
	uint32_t t = f == CG_NONE ? CG_NONE : edit_lookup(e, slash + 1, msg, msglen);
	free(from);
	if (f == CG_NONE || t == CG_NONE)
		return 0;
	*arc = cg_arc_find(g, f, t);
	if (*arc == CG_NONE)
		util_msg(msg, msglen, "%s does not call %s", g->nodes[f].sym->dname,
			 g->nodes[t].sym->dname);
	return 1;
}

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
	e->last_unchanged = 0;
	/* each side naming one function, as the prompt takes names (edit.h);
	 * else a symspec as -k takes it */
	uint32_t one;
	char why[1024] = "";
	int named = edit_arc_by_names(e, s, &one, NULL, 0);
	if (named && one == CG_NONE) {
		edit_arc_by_names(e, s, &one, msg, msglen);
		free(s);
		return -1;
	}
	if (symspec_parse_arc_in(s, &from, &to, g->st) != 0) {
		util_msg(msg, msglen, "bad arc spec `%s': expected FROM/TO", s);
		free(s);
		return -1;
	}
	if (named) {
		matched = 1;
		changed = edit_push_arc(e, one, del);
	} else {
		for (uint32_t a = 0; a < g->narcs; a++) {
			const struct cg_arc *arc = &g->arcs[a];
			if (!symspec_match(&from, g->nodes[arc->parent].sym) ||
			    !symspec_match(&to, g->nodes[arc->child].sym))
				continue;
			matched++;
			changed += edit_push_arc(e, a, del);
		}
	}
	if (nmatched)
		*nmatched = matched;
	if (matched == 0) {
		/* why the names did not serve (the closest names listed) */
		edit_arc_by_names(e, s, &one, why, sizeof why);
		util_msg(msg, msglen, "no arc matches `%s' (%s)", s, why);
		free(s);
		return -1;
	}
	if (changed == 0) {
		e->last_unchanged = 1;
		util_msg(msg, msglen, "%s %zu arc%s matching `%s' %s already %s",
			 matched == 1 ? "the" : "all", matched, matched == 1 ? "" : "s",
			 s, matched == 1 ? "is" : "are", del ? "deleted" : "live");
		free(s);
		return -1;
	}
	char *label = xmalloc(strlen(s) + 16);
	sprintf(label, "%s %s", del ? "k" : "restore", s);
	edit_set_cmd(e, "%s", label);
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
	if (len == 0 || edit_all_digits(s, len) || (s[0] == '[' && s[len - 1] == ']')) {
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
		edit_set_cmd(e, "%s", label);
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
	if (strcmp(cmd, "begin") == 0) {
		edit_group_begin(e, *rest ? rest : NULL);
		util_msg(msg, msglen, "group begun");
		return 0;
	}
	if (strcmp(cmd, "end") == 0) {
		util_msg(msg, msglen, "group ended");
		return edit_group_end(e) >= 0 ? 0 : -1;
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
		 "unfocus-time, begin, end, undo, redo)",
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
