/* SPDX-License-Identifier: GPL-3.0-or-later */
/* export: format names, the text format, and writing a file through
 * util_write_file() (see export.h).  JSON, DOT and callgrind are in
 * json.c, dot.c and callgrind.c. */
#include "config.h"
#include "export.h"
#include "exportint.h"
#include "report.h"
#include "util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void export_params_default(struct export_params *p)
{
	p->node_threshold = 0.005;
	p->edge_threshold = 0.001;
	p->text_report = 0;
	p->text_preface = NULL;
	p->flame_min = -1;
}

static const char *const names[] = {
	"text", "json", "dot", "callgrind", "folded", "svg"
};
#define NFORMATS (sizeof names / sizeof names[0])

int export_format_parse(const char *name, enum export_format *f)
{
	for (size_t i = 0; i < NFORMATS; i++)
		if (strcmp(name, names[i]) == 0) {
			*f = (enum export_format)i;
			return 0;
		}
	return -1;
}

const char *export_format_name(enum export_format f)
{
	return (unsigned)f < NFORMATS ? names[f] : "?";
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);
	return n >= k && strcmp(s + n - k, suffix) == 0;
}

enum export_format export_format_guess(const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;

	if (ends_with(base, ".json"))
		return EXPORT_JSON;
	if (ends_with(base, ".dot") || ends_with(base, ".gv"))
		return EXPORT_DOT;
	if (strncmp(base, "callgrind.out", 13) == 0 || ends_with(base, ".callgrind"))
		return EXPORT_CALLGRIND;
	if (ends_with(base, ".folded") || ends_with(base, ".collapsed"))
		return EXPORT_FOLDED;
	if (ends_with(base, ".svg"))
		return EXPORT_SVG;
	return EXPORT_TEXT;
}

/* The text format: by default what `tgprof --text -b` prints for the
 * model; with P->text_report, the whole report the session's options ask
 * for (-b or not, -A, -C, -r, -R), as `tgprof --text` prints it. */
static void export_text(FILE *out, const struct edit *e, const struct export_params *p)
{
	struct opts_report o = edit_opts(e)->report;

	if (p->text_preface)
		fputs(p->text_preface, out);
	if (p->text_report) {
		report_all_load(out, edit_load(e), &o);
		return;
	}
	o.brief = 1;
	report_all(out, edit_graph(e), &o);
}

int export_stream(FILE *out, struct edit *e, enum export_format f,
		  const struct export_params *p, char *msg, size_t msglen)
{
	struct export_params def;

	if (!p) {
		export_params_default(&def);
		p = &def;
	}
	switch (f) {
	case EXPORT_TEXT: export_text(out, e, p); break;
	case EXPORT_JSON: export_json(out, e); break;
	case EXPORT_DOT: export_dot(out, e, p); break;
	case EXPORT_CALLGRIND: export_callgrind(out, e); break;
	case EXPORT_FOLDED:
		if (export_folded(out, e, p, msg, msglen))
			return -1;
		break;
	case EXPORT_SVG:
		if (export_svg(out, e, p, msg, msglen))
			return -1;
		break;
	default: util_msg(msg, msglen, "unknown export format"); return -1;
	}
	if (fflush(out) != 0 || ferror(out)) {
		util_msg(msg, msglen, "error writing the %s export: %s",
			 export_format_name(f), strerror(errno));
		return -1;
	}
	util_msg(msg, msglen, "exported %s", export_format_name(f));
	return 0;
}

/* How many functions call through more than one deleted arc.  GNU gprof
 * honours only the last of several -k options whose FROM matches the same
 * caller, so such a model may have no `gprof -k` equivalent (one spec such
 * as "caller/" covers all of a caller's arcs); the text export still
 * prints the model. */
static uint32_t shared_callers(const struct cg *g)
{
	uint8_t *seen = xcalloc((size_t)g->nfuncs + 1, 1);
	uint32_t n = 0;

	for (uint32_t a = 0; a < g->narcs; a++) {
		const struct cg_arc *arc = &g->arcs[a];
		if (!arc->deleted || seen[arc->parent] == 2)
			continue;
		if (++seen[arc->parent] == 2)
			n++;
	}
	free(seen);
	return n;
}

struct fill_ctx {
	struct edit *e;
	enum export_format f;
	const struct export_params *p;
	int failed;
	char err[512];
};

static int fill(FILE *out, void *ctx)
{
	struct fill_ctx *c = ctx;
	c->failed = export_stream(out, c->e, c->f, c->p, c->err, sizeof c->err);
	return c->failed;
}

int export_write(struct edit *e, const char *path, enum export_format f,
		 const struct export_params *p, int force, char *msg, size_t msglen)
{
	struct fill_ctx c = { e, f, p, 0, "" };
	int to_stdout = !path;
	long size = 0;

	if (path && !*path) {
		util_msg(msg, msglen, "export: no file name given");
		return -1;
	}
	if ((unsigned)f >= NFORMATS) {
		util_msg(msg, msglen, "export: unknown format");
		return -1;
	}
	int r = util_write_file(path, UTIL_WRITE_NAMED | (force ? 0 : UTIL_WRITE_NEW),
				fill, &c, &size, msg, msglen);
	if (r == UTIL_WRITE_EXISTS) {
		util_msg(msg, msglen, "%s: file exists (use :export! to overwrite)",
			 path);
		return r;
	}
	if (r != 0) {
		if (c.failed)
			util_msg(msg, msglen, "%s: %s",
				 to_stdout ? "standard output" : path, c.err);
		return -1;
	}
	const char *where = to_stdout ? "standard output" : path;
	uint32_t shared = f == EXPORT_TEXT ? shared_callers(edit_graph(e)) : 0;
	if (shared)
		util_msg(msg, msglen,
			 "wrote %ld bytes to %s (%s); note: %u caller%s "
			 "several deleted arcs, and gprof honours only the last -k "
			 "option naming a caller",
			 size, where, export_format_name(f), shared,
			 shared == 1 ? " has" : "s have");
	else
		util_msg(msg, msglen, "wrote %ld bytes to %s (%s)", size, where,
			 export_format_name(f));
	return 0;
}
