/* SPDX-License-Identifier: GPL-3.0-or-later */
/* resolve: the one reading of a function a user types, at the prompt, in
 * an edits file or in --break-keep/--break-force (edit.h:
 * edit_lookup(), edit_resolve(), edit_func_id()).
 *
 * Names are looked up in an index built once per session (function nodes
 * keep their numbers for the session's life): every function under its
 * raw name, its demangled name and the names of the other symbols at its
 * address (a C++ constructor's C1 and C2, a destructor's D1 and D2), raw
 * and demangled, and last its demangled name without the parameter list
 * ("make" for "make(int)").  Tiers are tried in that order and the first that names
 * anything decides, so an exact raw name is never taken for another
 * function's alias. */
#include "config.h"
#include "edit.h"
#include "editint.h"
#include "rows.h"
#include "sort.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum {
	TIER_RAW,
	TIER_DEMANGLED,
	TIER_ALIAS,
	TIER_ALIAS_DEMANGLED,
	TIER_NO_PARAMS,
	NTIERS
};

struct name_ent {
	const char *name;
	uint32_t node;
	uint32_t next; /* next entry of the bucket, or CG_NONE */
	uint8_t tier;
};

struct edit_names {
	uint32_t *head; /* per bucket: first entry, or CG_NONE */
	uint32_t mask;
	struct name_ent *ent;
	size_t n, cap;
	char **owned; /* demangled alias names */
	size_t nowned, owned_cap;
};

static uint32_t hash_str(const char *s)
{
	uint32_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static void add(struct edit_names *x, const char *name, uint32_t node, int tier)
{
	util_grow((void **)&x->ent, &x->cap, x->n + 1, sizeof *x->ent);
	x->ent[x->n] = (struct name_ent){ name, node, CG_NONE, (uint8_t)tier };
	x->n++;
}

/* The functions of G by address, for the aliases. */
static int by_addr(const void *ctx, uint32_t l, uint32_t r)
{
	const struct cg *g = ctx;
	uint64_t a = g->nodes[l].sym->addr, b = g->nodes[r].sym->addr;
	return a < b ? -1 : a > b;
}

static uint32_t node_at(const struct cg *g, const uint32_t *sorted, uint64_t addr)
{
	uint32_t lo = 0, hi = g->nfuncs;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (g->nodes[sorted[mid]].sym->addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < g->nfuncs && g->nodes[sorted[lo]].sym->addr == addr ? sorted[lo]
									: CG_NONE;
}

/* The length of demangled NAME without its parameter list and what
 * follows it (" const"), or 0 when it has none: the '(' at bracket
 * depth 0 that is not part of the name ("operator()" keeps its own). */
static size_t without_params(const char *name)
{
	int depth = 0;
	for (const char *s = name; *s; s++) {
		if (*s == '<')
			depth++;
		else if (*s == '>' && depth > 0)
			depth--;
		else if (*s == '(' && depth == 0 && s > name &&
			 strncmp(s - (s - name >= 8 ? 8 : 0), "operator", 8) != 0)
			return (size_t)(s - name);
	}
	return 0;
}

static void own(struct edit_names *x, char *s)
{
	util_grow((void **)&x->owned, &x->owned_cap, x->nowned + 1, sizeof *x->owned);
	x->owned[x->nowned++] = s;
}

static struct edit_names *build(const struct edit *e)
{
	const struct cg *g = &e->l->g;
	const struct symtab *st = &e->l->st;
	struct edit_names *x = xcalloc(1, sizeof *x);

	for (uint32_t i = 0; i < g->nfuncs; i++) {
		const char *dn = g->nodes[i].sym->dname;
		add(x, g->nodes[i].sym->name, i, TIER_RAW);
		if (strcmp(dn, g->nodes[i].sym->name) != 0) {
			add(x, dn, i, TIER_DEMANGLED);
			size_t k = without_params(dn);
			if (k) {
				char *b = xmalloc(k + 1);
				memcpy(b, dn, k);
				b[k] = 0;
				own(x, b);
				add(x, b, i, TIER_NO_PARAMS);
			}
		}
	}
	/* the other symbols at a function's address */
	const struct symtab_cand *c;
	size_t nc = symtab_candidates(st, &c);
	if (nc && g->nfuncs) {
		uint32_t *sorted = xmalloc(g->nfuncs * sizeof *sorted);
		for (uint32_t i = 0; i < g->nfuncs; i++)
			sorted[i] = i;
		util_msort_u32(sorted, g->nfuncs, by_addr, g);
		for (size_t k = 0; k < nc; k++) {
			uint32_t n = node_at(g, sorted, c[k].addr);
			if (n == CG_NONE || strcmp(c[k].name, g->nodes[n].sym->name) == 0)
				continue;
			add(x, c[k].name, n, TIER_ALIAS);
			char *d = symtab_demangle(st, c[k].name);
			if (d) {
				util_grow((void **)&x->owned, &x->owned_cap,
					  x->nowned + 1, sizeof *x->owned);
				x->owned[x->nowned++] = d;
				add(x, d, n, TIER_ALIAS_DEMANGLED);
			}
		}
		free(sorted);
	}
	uint32_t nb = 16;
	while (nb < 2 * x->n)
		nb *= 2;
	x->mask = nb - 1;
	x->head = xmalloc(nb * sizeof *x->head);
	for (uint32_t b = 0; b < nb; b++)
		x->head[b] = CG_NONE;
	/* bucket lists in entry order: push from the end */
	for (size_t k = x->n; k-- > 0;) {
		uint32_t b = hash_str(x->ent[k].name) & x->mask;
		x->ent[k].next = x->head[b];
		x->head[b] = (uint32_t)k;
	}
	return x;
}

void edit_names_free(struct edit_names *x)
{
	if (!x)
		return;
	for (size_t i = 0; i < x->nowned; i++)
		free(x->owned[i]);
	free(x->owned);
	free(x->ent);
	free(x->head);
	free(x);
}

static const struct edit_names *names(const struct edit *e)
{
	struct edit *m = (struct edit *)e; /* a cache: logically const */
	if (!m->names)
		m->names = build(e);
	return m->names;
}

/* A growing set of distinct nodes. */
struct nodeset {
	uint32_t *v;
	size_t n, cap;
};

static void set_add(struct nodeset *s, uint32_t node)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->v[i] == node)
			return;
	util_grow((void **)&s->v, &s->cap, s->n + 1, sizeof *s->v);
	s->v[s->n++] = node;
}

/* The functions named TEXT exactly, in the first tier naming any. */
static void by_name(const struct edit *e, const char *text, struct nodeset *out)
{
	const struct edit_names *x = names(e);
	uint32_t b = hash_str(text) & x->mask;

	for (int tier = 0; tier < NTIERS && out->n == 0; tier++)
		for (uint32_t k = x->head[b]; k != CG_NONE; k = x->ent[k].next)
			if (x->ent[k].tier == tier && strcmp(x->ent[k].name, text) == 0)
				set_add(out, x->ent[k].node);
}

/* Whether the source FILE of a function is what the user typed as T (N
 * bytes): the whole path or its last components. */
static int file_is(const char *file, const char *t, size_t n)
{
	size_t len = file ? strlen(file) : 0;
	if (!file || n == 0 || n > len || memcmp(file + len - n, t, n) != 0)
		return 0;
	return n == len || file[len - n - 1] == '/';
}

/* A demangled name against TEXT as the lists shorten it: "<…>" or "<...>"
 * in TEXT stands for one template argument list, brackets balanced. */
static int short_match(const char *name, const char *t)
{
	static const char *const ell[] = { "<\u2026>", "<...>" };
	while (*t) {
		size_t el = 0;
		for (int i = 0; i < 2 && !el; i++)
			if (strncmp(t, ell[i], strlen(ell[i])) == 0)
				el = strlen(ell[i]);
		if (el) {
			if (*name != '<')
				return 0;
			int depth = 0;
			do {
				depth += *name == '<';
				depth -= *name == '>';
				name++;
			} while (*name && depth > 0);
			if (depth > 0)
				return 0;
			t += el;
			continue;
		}
		if (*name != *t)
			return 0;
		name++;
		t++;
	}
	return *name == 0;
}

int edit_all_digits(const char *s, size_t n)
{
	if (n == 0)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return 0;
	return 1;
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

/* The functions TEXT (trimmed, not an index) names, by the forms of
 * edit.h in order: a name, NAME@0xADDR, FILE:NAME, the shortened form. */
static void by_text(const struct edit *e, const char *text, struct nodeset *out)
{
	const struct cg *g = &e->l->g;

	by_name(e, text, out);
	if (out->n)
		return;
	/* NAME@0xADDR: one of several functions of that name */
	const char *at = strstr(text, "@0x");
	while (at && strstr(at + 1, "@0x"))
		at = strstr(at + 1, "@0x");
	if (at && at > text && at[3]) {
		char *end;
		errno = 0;
		unsigned long long addr = strtoull(at + 3, &end, 16);
		if (!errno && !*end) {
			char *name = xstrdup(text);
			name[at - text] = 0;
			struct nodeset c = { 0 };
			by_text(e, name, &c);
			for (size_t i = 0; i < c.n; i++)
				if (g->nodes[c.v[i]].sym->addr == addr)
					set_add(out, c.v[i]);
			free(c.v);
			free(name);
			if (out->n)
				return;
		}
	}
	/* FILE:NAME, the colon not part of a C++ "::" */
	for (const char *c = strchr(text, ':'); c; c = strchr(c + 1, ':')) {
		if (c[1] == ':' || (c > text && c[-1] == ':') || c == text || !c[1])
			continue;
		struct nodeset cand = { 0 };
		by_text(e, c + 1, &cand);
		for (size_t i = 0; i < cand.n; i++)
			if (file_is(g->nodes[cand.v[i]].sym->file, text,
				    (size_t)(c - text)))
				set_add(out, cand.v[i]);
		free(cand.v);
		if (out->n)
			return;
	}
	/* the lists' shortened form: leading scopes as "…::", template
	 * arguments as "<…>" */
	const char *tail = NULL;
	if (strncmp(text, "\u2026::", strlen("\u2026::")) == 0)
		tail = text + strlen("\u2026::");
	else if (strncmp(text, "...::", 5) == 0)
		tail = text + 5;
	if (tail && *tail) {
		for (uint32_t i = 0; i < g->nfuncs; i++) {
			const char *dn = g->nodes[i].sym->dname;
			for (const char *c = strstr(dn, "::"); c; c = strstr(c + 2, "::"))
				if (short_match(c + 2, tail)) {
					set_add(out, i);
					break;
				}
		}
	} else if (strstr(text, "<\u2026>") || strstr(text, "<...>")) {
		for (uint32_t i = 0; i < g->nfuncs; i++)
			if (short_match(g->nodes[i].sym->dname, text))
				set_add(out, i);
	}
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

/* One candidate for a message: "NAME [N] (FILE)", or its address. */
static void cat_candidate(const struct edit *e, uint32_t n, char *msg, size_t msglen,
			  size_t *used)
{
	const struct cg *g = &e->l->g;
	const struct sym *sy = g->nodes[n].sym;
	char id[1100];

	edit_func_id(e, n, id, sizeof id);
	msg_cat(msg, msglen, used, " %s [%u]", sy->dname, g->nodes[n].index);
	if (strcmp(id, sy->dname) != 0 && strcmp(id, sy->name) != 0)
		msg_cat(msg, msglen, used, " (%s)", id);
	else if (sy->file)
		msg_cat(msg, msglen, used, " (%s)", sy->file);
}

/* Edit distance of A and B, the first 64 bytes of each. */
static unsigned distance(const char *a, const char *b)
{
	unsigned row[65];
	size_t la = strnlen(a, 64), lb = strnlen(b, 64);
	for (size_t j = 0; j <= lb; j++)
		row[j] = (unsigned)j;
	for (size_t i = 1; i <= la; i++) {
		unsigned diag = row[0];
		row[0] = (unsigned)i;
		for (size_t j = 1; j <= lb; j++) {
			unsigned up = row[j];
			unsigned best = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

/* "did you mean": the three functions closest to TEXT, those whose name
 * holds it first. */
static void cat_closest(const struct edit *e, const char *text, char *msg, size_t msglen,
			size_t *used)
{
	const struct cg *g = &e->l->g;
	uint32_t best[3] = { CG_NONE, CG_NONE, CG_NONE };
	unsigned bd[3] = { ~0u, ~0u, ~0u };

	if (!msg || msglen == 0)
		return; /* nobody reads it: spare the search */
	for (uint32_t i = 0; i < g->nfuncs; i++) {
		const char *dn = g->nodes[i].sym->dname;
		unsigned d = strstr(dn, text) || strstr(g->nodes[i].sym->name, text)
				     ? 0
				     : 1 + distance(text, dn);
		/* C++: the last component of the name, without parameters */
		size_t np = without_params(dn);
		if (d > 1 && np) {
			char bare[65];
			const char *b = dn;
			for (const char *c = dn; c + 1 < dn + np; c++)
				if (c[0] == ':' && c[1] == ':')
					b = c + 2;
			size_t bl =
				(size_t)(dn + np - b) < 64 ? (size_t)(dn + np - b) : 64;
			memcpy(bare, b, bl);
			bare[bl] = 0;
			unsigned db = 1 + distance(text, bare);
			if (db < d)
				d = db;
		}
		for (int k = 0; k < 3; k++)
			if (d < bd[k]) {
				for (int m = 2; m > k; m--) {
					bd[m] = bd[m - 1];
					best[m] = best[m - 1];
				}
				bd[k] = d;
				best[k] = i;
				break;
			}
	}
	size_t len = strlen(text);
	for (int k = 0; k < 3; k++) {
		if (best[k] == CG_NONE || (bd[k] > 0 && bd[k] - 1 > len / 2 + 2))
			break;
		msg_cat(msg, msglen, used, "%s", k ? "," : "; did you mean");
		cat_candidate(e, best[k], msg, msglen, used);
	}
}

size_t edit_resolve(const struct edit *e, const char *text, uint32_t **out, char *msg,
		    size_t msglen)
{
	char *s = xstrdup(text), *t = s;
	struct nodeset r = { 0 };

	while (isspace((unsigned char)*t))
		t++;
	size_t len = strlen(t);
	while (len > 0 && isspace((unsigned char)t[len - 1]))
		t[--len] = 0;
	*out = NULL;
	if (len == 0) {
		util_msg(msg, msglen, "no function given");
	} else if (t[0] == '[' && t[len - 1] == ']' && edit_all_digits(t + 1, len - 2)) {
		t[len - 1] = 0;
		uint32_t n = by_index(e, t + 1, msg, msglen);
		if (n != CG_NONE)
			set_add(&r, n);
	} else if (edit_all_digits(t, len)) {
		uint32_t n = by_index(e, t, msg, msglen);
		if (n != CG_NONE)
			set_add(&r, n);
	} else {
		by_text(e, t, &r);
		if (r.n == 0) {
			size_t used = 0;
			msg_cat(msg, msglen, &used, "no function named `%s'", t);
			cat_closest(e, t, msg, msglen, &used);
		} else if (r.n > 1) {
			size_t used = 0;
			msg_cat(msg, msglen, &used, "ambiguous name `%s':", t);
			for (size_t i = 0; i < r.n; i++) {
				if (i)
					msg_cat(msg, msglen, &used, ",");
				cat_candidate(e, r.v[i], msg, msglen, &used);
			}
			msg_cat(msg, msglen, &used,
				"; use [N] or the name in parentheses");
		}
	}
	free(s);
	*out = r.v;
	return r.n;
}

uint32_t edit_lookup(const struct edit *e, const char *text, char *msg, size_t msglen)
{
	uint32_t *v;
	size_t n = edit_resolve(e, text, &v, msg, msglen);
	uint32_t found = n == 1 ? v[0] : CG_NONE;
	free(v);
	return found;
}

size_t edit_name_count(const struct edit *e, const char *text)
{
	struct nodeset r = { 0 };
	by_text(e, text, &r);
	free(r.v);
	return r.n;
}

/* Scans before the index is built: one scan reads every function's name
 * once (about a millisecond for 60,000 functions) while the index also
 * demangles the aliases (tens of milliseconds); labelling one arc takes
 * two scans, writing a file of them builds the index. */
#define RAW_SCANS_MAX 32

size_t edit_raw_name_count(const struct edit *e, const struct sym *sy)
{
	struct edit *m = (struct edit *)e; /* a counter for the cache */
	const struct cg *g = &e->l->g;

	if (e->names || m->raw_scans >= RAW_SCANS_MAX)
		return edit_name_count(e, sy->name);
	m->raw_scans++;
	size_t k = 0;
	for (uint32_t i = 0; i < g->nfuncs; i++) {
		const char *s = g->nodes[i].sym->name;
		k += s == sy->name || (s[0] == sy->name[0] && strcmp(s, sy->name) == 0);
	}
	return k;
}

void edit_func_id(const struct edit *e, uint32_t n, char *buf, size_t len)
{
	const struct cg *g = &e->l->g;
	const struct sym *sy = g->nodes[n].sym;

	/* the raw name when it names N alone, else FILE:NAME (the file's
	 * last component: a path's '/' would split an arc), else that with
	 * the address added; a name that reads as an index gets its file */
	if (!edit_all_digits(sy->name, strlen(sy->name)) &&
	    edit_raw_name_count(e, sy) == 1) {
		snprintf(buf, len, "%s", sy->name);
		return;
	}
	if (sy->file) {
		const char *slash = strrchr(sy->file, '/');
		snprintf(buf, len, "%s:%s", slash ? slash + 1 : sy->file, sy->name);
		if (edit_name_count(e, buf) == 1)
			return;
		snprintf(buf, len, "%s:%s@0x%llx", slash ? slash + 1 : sy->file, sy->name,
			 (unsigned long long)sy->addr);
		return;
	}
	snprintf(buf, len, "%s@0x%llx", sy->name, (unsigned long long)sy->addr);
}
