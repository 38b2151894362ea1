/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mapfile: libtgmon's object map, read and written (see mapfile.h). */
#include "config.h"
#include "mapfile.h"
#include "sort.h"
#include "util.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct reader {
	const char *map; /* its path, for messages */
	const char *base;
	size_t line;
	uint64_t limit;
};

static TG_NORETURN void bad(const struct reader *r, const char *what)
{
	util_die("%s: line %zu: %s", r->map, r->line, what);
}

/* The next field of the line at *P (cut at the next space, or the rest of
 * the line when REST), NULL at the end of the line. */
static char *field(char **p, int rest)
{
	char *s = *p, *e;

	if (s == NULL)
		return NULL;
	e = rest ? NULL : strchr(s, ' ');
	if (e) {
		*e = '\0';
		*p = e + 1;
	} else {
		*p = NULL;
	}
	return s;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static uint64_t hex_field(const struct reader *r, const char *s, const char *what)
{
	uint64_t v = 0;
	size_t n = strlen(s);

	if (n == 0 || n > 16)
		bad(r, what);
	for (; *s; s++) {
		if (hexval(*s) < 0)
			bad(r, what);
		v = v << 4 | (uint64_t)hexval(*s);
	}
	return v;
}

static uint64_t dec_field(const struct reader *r, const char *s, const char *what)
{
	uint64_t v = 0;

	if (*s == '\0')
		bad(r, what);
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || v > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
			bad(r, what);
		v = v * 10 + (uint64_t)(*s - '0');
	}
	return v;
}

static uint64_t addr_field(const struct reader *r, const char *s)
{
	uint64_t v = hex_field(r, s, "an address is not a hex number");

	if (v >= r->limit)
		bad(r, "an address is out of range");
	return v;
}

/* A name field: "-" is none; in version 2, \xHH escapes decoded in place
 * and any other byte that needs one refused. */
static const char *name_field(const struct reader *r, char *s, int version,
			      const char *what)
{
	char *d = s;
	const char *p;

	if (s == NULL || *s == '\0')
		bad(r, what);
	if (strcmp(s, "-") == 0)
		return NULL;
	if (version < 2)
		return s;
	for (p = s; *p; p++) {
		unsigned char c = (unsigned char)*p;
		if (c == '\\') {
			int hi = p[1] == 'x' ? hexval(p[2]) : -1;
			int lo = hi >= 0 ? hexval(p[3]) : -1;
			if (lo < 0 || (hi == 0 && lo == 0))
				bad(r, "a name has a bad escape (\\xHH, not NUL)");
			*d++ = (char)(hi << 4 | lo);
			p += 3;
		} else if (c <= 0x20 || c == 0x7f) {
			bad(r, "a name has a control character not escaped");
		} else {
			*d++ = (char)c;
		}
	}
	*d = '\0';
	return s;
}

static const char *id_field(const struct reader *r, const char *s, int version,
			    const char **digest)
{
	size_t n = s ? strlen(s) : 0;

	*digest = NULL;
	if (s && strcmp(s, "-") == 0)
		return NULL;
	if (version >= 3 && strncmp(s, "digest:", 7) == 0) {
		if (n != 23)
			bad(r, "a digest is not 16 hex digits");
		for (const char *p = s + 7; *p; p++)
			if (hexval(*p) < 0)
				bad(r, "a digest is not 16 hex digits");
		*digest = s + 7;
		return NULL;
	}
	if (n == 0 || n % 2 || n > 128)
		bad(r, "a build-id is not hex bytes");
	for (const char *p = s; *p; p++)
		if (hexval(*p) < 0)
			bad(r, "a build-id is not hex bytes");
	return s;
}

static void object_line(struct mapfile *m, struct reader *r, char *p, size_t *cap)
{
	struct mapfile_obj o = { 0 };
	char *k = field(&p, 0), *kind = field(&p, 0), *file = field(&p, 0);
	char *id = field(&p, 0), *lo = field(&p, 0), *hi = field(&p, 0);
	char *path = field(&p, m->version < 2);

	if (path == NULL || p != NULL)
		bad(r, "an object line needs 7 fields");
	if (dec_field(r, k, "an object number is not a number") != m->nobjs)
		bad(r, "objects are not numbered 0, 1, 2...");
	if (m->nobjs == 0 ? strcmp(kind, "exe") != 0
			  : strcmp(kind, "lib") != 0 && strcmp(kind, "closed") != 0)
		bad(r, "object 0 must be exe, the others lib or closed");
	o.kind = m->nobjs == 0    ? MAPFILE_EXE
		 : kind[0] == 'l' ? MAPFILE_LIB
				  : MAPFILE_CLOSED;
	o.file = name_field(r, file, m->version, "no file name");
	if (o.file && (strchr(o.file, '/') || strcmp(o.file, ".") == 0 ||
		       strcmp(o.file, "..") == 0))
		bad(r, "a file name is not a name in the map's directory");
	if (o.file && m->nobjs > 0 && strcmp(o.file, r->base) == 0)
		bad(r, "an object's file is the map itself (a library named \"objects\""
		       " in a map of an older libtgmon; --objects= reads the program "
		       "alone)");
	o.id = id_field(r, id, m->version, &o.digest);
	o.lo = addr_field(r, lo);
	o.hi = addr_field(r, hi);
	if (o.lo > o.hi)
		bad(r, "an object's text ends before it starts");
	o.path = name_field(r, path, m->version, "no path");
	if (o.path == NULL)
		bad(r, "no path");
	o.line = r->line;
	util_grow((void **)&m->objs, cap, m->nobjs + 1, sizeof *m->objs);
	m->objs[m->nobjs++] = o;
}

static void arc_line(struct mapfile *m, struct reader *r, char *p, size_t *cap)
{
	struct mapfile_arc a;
	char *fo = field(&p, 0), *fa = field(&p, 0), *so = field(&p, 0);
	char *sa = field(&p, 0), *n = field(&p, 0);

	if (n == NULL || p != NULL)
		bad(r, "an arc line needs 6 fields");
	a.fobj = (size_t)dec_field(r, fo, "an object number is not a number");
	a.sobj = (size_t)dec_field(r, so, "an object number is not a number");
	if (a.fobj >= m->nobjs || a.sobj >= m->nobjs)
		bad(r, "an arc names an object not listed before it");
	a.faddr = addr_field(r, fa);
	a.saddr = addr_field(r, sa);
	a.count = dec_field(r, n, "a count is not a number");
	util_grow((void **)&m->arcs, cap, m->narcs + 1, sizeof *m->arcs);
	m->arcs[m->narcs++] = a;
}

static int cmp_file(const void *a, const void *b, void *ctx)
{
	const struct mapfile_obj *v = ctx;
	const char *x = v[*(const size_t *)a].file, *y = v[*(const size_t *)b].file;

	return strcmp(x, y);
}

/* No two objects have the same file (each is read once). */
static void check_files(const struct mapfile *m, struct reader *r)
{
	size_t *ix = xmalloc((m->nobjs + 1) * sizeof *ix), n = 0;

	for (size_t k = 0; k < m->nobjs; k++)
		if (m->objs[k].file)
			ix[n++] = k;
	util_qsort_r(ix, n, sizeof *ix, cmp_file, m->objs);
	for (size_t i = 1; i < n; i++)
		if (strcmp(m->objs[ix[i - 1]].file, m->objs[ix[i]].file) == 0) {
			size_t a = m->objs[ix[i - 1]].line, b = m->objs[ix[i]].line;
			r->line = a > b ? a : b;
			free(ix);
			bad(r, "an object's file is also an earlier object's");
		}
	free(ix);
}

void mapfile_read(struct mapfile *m, const char *path, uint64_t limit)
{
	struct reader r = { path, NULL, 1, limit };
	size_t len, ocap = 0, acap = 0;
	const char *why;
	char *p, *end;

	memset(m, 0, sizeof *m);
	r.base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	m->text = util_read_file(path, &len, &why);
	if (!m->text)
		util_die("%s: %s", path, why);
	if (memchr(m->text, '\0', len))
		util_die("%s: not a text file", path);
	end = m->text + len;
	p = m->text;
	if (strncmp(p, "tgmon objects 1\n", 16) == 0 ||
	    strncmp(p, "tgmon objects 2\n", 16) == 0 ||
	    strncmp(p, "tgmon objects 3\n", 16) == 0)
		m->version = p[14] - '0';
	else if (strncmp(p, "tgmon objects ", 14) == 0)
		util_die("%s: an object map of a version this tgprof does not read",
			 path);
	else
		util_die("%s: not an object map of libtgmon", path);
	for (p += 16; p < end;) {
		char *line = p, *nl = memchr(p, '\n', (size_t)(end - p));
		r.line++;
		if (!nl)
			bad(&r, "the last line is cut short");
		*nl = '\0';
		p = nl + 1;
		if (strncmp(line, "object ", 7) == 0)
			object_line(m, &r, line + 7, &ocap);
		else if (strncmp(line, "arc ", 4) == 0)
			arc_line(m, &r, line + 4, &acap);
		else
			bad(&r, "not an object or arc line");
	}
	if (m->nobjs == 0)
		util_die("%s: no object 0 (the program)", path);
	check_files(m, &r);
}

void mapfile_free(struct mapfile *m)
{
	free(m->objs);
	free(m->arcs);
	free(m->text);
	memset(m, 0, sizeof *m);
}

void mapfile_put_header(FILE *f, int digests)
{
	fputs(digests ? "tgmon objects 3\n" : "tgmon objects 2\n", f);
}

/* S escaped as in version 2, "-" for none. */
static void put_name(FILE *f, const char *s)
{
	if (!s || strcmp(s, "-") == 0) {
		fputs(s ? "\\x2d" : "-", f);
		return;
	}
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c <= 0x20 || c == 0x7f || c == '\\')
			fprintf(f, "\\x%02x", c);
		else
			putc(c, f);
	}
}

void mapfile_put_object(FILE *f, size_t k, const struct mapfile_obj *o)
{
	static const char *const kinds[] = { "exe", "lib", "closed" };

	fprintf(f, "object %zu %s ", k, kinds[o->kind]);
	put_name(f, o->file);
	fprintf(f, " %s%s %" PRIx64 " %" PRIx64 " ",
		o->id       ? o->id
		: o->digest ? "digest:"
			    : "-",
		!o->id && o->digest ? o->digest : "", o->lo, o->hi);
	put_name(f, o->path);
	putc('\n', f);
}

void mapfile_put_arc(FILE *f, const struct mapfile_arc *a)
{
	fprintf(f, "arc %zu %" PRIx64 " %zu %" PRIx64 " %" PRIu64 "\n", a->fobj, a->faddr,
		a->sobj, a->saddr, a->count);
}
