/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dwline: see dwline.h.  The layout of .debug_line is the DWARF standard's
 * (versions 2 to 5, 32- and 64-bit DWARF); every read is bounded by the
 * section, and a unit that does not parse is skipped whole. */
#include "config.h"
#include "dwline.h"
#include "sort.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <bfd.h>

/* A bounded reader over one section. */
struct rd {
	const unsigned char *p, *end;
	int big; /* big-endian */
	int bad; /* read past the end */
};

static uint64_t rd_n(struct rd *r, unsigned n)
{
	uint64_t v = 0;

	if (n > 8 || (size_t)(r->end - r->p) < n) {
		r->bad = 1;
		r->p = r->end;
		return 0;
	}
	for (unsigned i = 0; i < n; i++) {
		unsigned sh = r->big ? 8 * (n - 1 - i) : 8 * i;
		v |= (uint64_t)r->p[i] << sh;
	}
	r->p += n;
	return v;
}

static uint64_t rd_uleb(struct rd *r)
{
	uint64_t v = 0;
	unsigned sh = 0;

	while (r->p < r->end) {
		unsigned char b = *r->p++;
		if (sh < 64)
			v |= (uint64_t)(b & 0x7f) << sh;
		sh += 7;
		if (!(b & 0x80))
			return v;
	}
	r->bad = 1;
	return v;
}

static int64_t rd_sleb(struct rd *r)
{
	uint64_t v = 0;
	unsigned sh = 0;
	unsigned char b = 0;

	while (r->p < r->end) {
		b = *r->p++;
		if (sh < 64)
			v |= (uint64_t)(b & 0x7f) << sh;
		sh += 7;
		if (!(b & 0x80)) {
			if (sh < 64 && (b & 0x40))
				v |= ~(uint64_t)0 << sh;
			return (int64_t)v;
		}
	}
	r->bad = 1;
	return (int64_t)v;
}

static const char *rd_str(struct rd *r)
{
	const char *s = (const char *)r->p;
	const unsigned char *z = memchr(r->p, 0, (size_t)(r->end - r->p));

	if (!z) {
		r->bad = 1;
		r->p = r->end;
		return "";
	}
	r->p = z + 1;
	return s;
}

/* A string at OFF of a string section, or NULL. */
static const char *str_at(const unsigned char *sec, size_t size, uint64_t off)
{
	if (!sec || off >= size || !memchr(sec + off, 0, size - off))
		return NULL;
	return (const char *)sec + off;
}

static size_t hash_s(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

/* Index of PATH in t->files, added if new. */
static uint32_t intern(struct dwline *t, const char *path)
{
	if ((t->nfiles + 1) * 2 > t->hash_cap) {
		size_t cap = t->hash_cap ? t->hash_cap * 2 : 256;
		uint32_t *h = xcalloc(cap, sizeof *h);
		for (size_t i = 0; i < t->nfiles; i++) {
			size_t b = hash_s(t->files[i]) & (cap - 1);
			while (h[b])
				b = (b + 1) & (cap - 1);
			h[b] = (uint32_t)i + 1;
		}
		free(t->hash);
		t->hash = h;
		t->hash_cap = cap;
	}
	size_t b = hash_s(path) & (t->hash_cap - 1);
	while (t->hash[b]) {
		if (strcmp(t->files[t->hash[b] - 1], path) == 0)
			return t->hash[b] - 1;
		b = (b + 1) & (t->hash_cap - 1);
	}
	util_grow((void **)&t->files, &t->files_cap, t->nfiles + 1, sizeof *t->files);
	t->files[t->nfiles] = xstrdup(path);
	t->hash[b] = (uint32_t)t->nfiles + 1;
	return (uint32_t)t->nfiles++;
}

/* DIR/NAME, or NAME when it is absolute or DIR is empty. */
static uint32_t intern_join(struct dwline *t, const char *dir, const char *name)
{
	if (name[0] == '/' || !dir || !dir[0])
		return intern(t, name);
	size_t n = strlen(dir) + strlen(name) + 2;
	char *p = xmalloc(n);
	snprintf(p, n, "%s/%s", dir, name);
	uint32_t i = intern(t, p);
	free(p);
	return i;
}

struct secs {
	unsigned char *str, *line_str;
	size_t nstr, nline_str;
};

/* One entry of a DWARF 5 directory or file table: its path and directory
 * index.  Returns 0 on a form we cannot skip. */
static int v5_entry(struct rd *r, const uint64_t *fmt, unsigned nfmt, int off8,
		    const struct secs *s, const char **path, uint64_t *dir)
{
	*path = NULL;
	*dir = 0;
	for (unsigned k = 0; k < nfmt; k++) {
		uint64_t ct = fmt[2 * k], form = fmt[2 * k + 1], v = 0;
		const char *str = NULL;
		switch (form) {
		case 0x08: /* string */ str = rd_str(r); break;
		case 0x1f: /* line_strp */
			v = rd_n(r, off8 ? 8 : 4);
			str = str_at(s->line_str, s->nline_str, v);
			break;
		case 0x0e: /* strp */
			v = rd_n(r, off8 ? 8 : 4);
			str = str_at(s->str, s->nstr, v);
			break;
		case 0x0f: /* udata */ v = rd_uleb(r); break;
		case 0x0b: /* data1 */ v = rd_n(r, 1); break;
		case 0x05: /* data2 */ v = rd_n(r, 2); break;
		case 0x06: /* data4 */ v = rd_n(r, 4); break;
		case 0x07: /* data8 */ v = rd_n(r, 8); break;
		case 0x1e: /* data16 */
			rd_n(r, 8);
			rd_n(r, 8);
			break;
		case 0x09: { /* block */
			uint64_t len = rd_uleb(r);
			if (len > (uint64_t)(r->end - r->p))
				return 0;
			r->p += len;
			break;
		}
		default: return 0;
		}
		if (ct == 1) /* DW_LNCT_path */
			*path = str;
		else if (ct == 2) /* DW_LNCT_directory_index */
			*dir = v;
	}
	return !r->bad;
}

struct unit {
	uint32_t *file; /* file register value -> index in t->files */
	size_t nfile;
	int first_is_one; /* register values count from 1 (DWARF < 5) */
};

static int read_tables(struct dwline *t, struct rd *r, int version, int off8,
		       const struct secs *s, struct unit *u)
{
	const char **dirs = NULL;
	size_t ndirs = 0, cap = 0;
	int ok = 0;

	if (version >= 5) {
		uint64_t fmt[2 * 16];
		unsigned nfmt = (unsigned)rd_n(r, 1);
		if (nfmt > 16)
			goto out;
		for (unsigned k = 0; k < 2 * nfmt; k++)
			fmt[k] = rd_uleb(r);
		uint64_t nd = rd_uleb(r);
		for (uint64_t i = 0; i < nd && !r->bad; i++) {
			const char *p;
			uint64_t d;
			if (!v5_entry(r, fmt, nfmt, off8, s, &p, &d))
				goto out;
			util_grow((void **)&dirs, &cap, ndirs + 1, sizeof *dirs);
			dirs[ndirs++] = p ? p : "";
		}
		nfmt = (unsigned)rd_n(r, 1);
		if (nfmt > 16)
			goto out;
		for (unsigned k = 0; k < 2 * nfmt; k++)
			fmt[k] = rd_uleb(r);
		uint64_t nf = rd_uleb(r);
		if (nf > (uint64_t)(r->end - r->p))
			goto out;
		u->file = xcalloc(nf ? nf : 1, sizeof *u->file);
		for (uint64_t i = 0; i < nf; i++) {
			const char *p;
			uint64_t d;
			if (!v5_entry(r, fmt, nfmt, off8, s, &p, &d) || !p)
				goto out;
			u->file[u->nfile++] =
				intern_join(t, d < ndirs ? dirs[d] : NULL, p);
		}
		u->first_is_one = 0;
	} else {
		size_t fcap = 0;
		for (;;) {
			const char *d = rd_str(r);
			if (r->bad || !d[0])
				break;
			util_grow((void **)&dirs, &cap, ndirs + 1, sizeof *dirs);
			dirs[ndirs++] = d;
		}
		for (;;) {
			const char *p = rd_str(r);
			if (r->bad || !p[0])
				break;
			uint64_t d = rd_uleb(r);
			rd_uleb(r);
			rd_uleb(r);
			util_grow((void **)&u->file, &fcap, u->nfile + 1,
				  sizeof *u->file);
			/* directory 0 is the compilation's: the name as given */
			u->file[u->nfile++] =
				intern_join(t, d >= 1 && d <= ndirs ? dirs[d - 1] : NULL,
					    p);
		}
		u->first_is_one = 0;
	}
	ok = !r->bad;
out:
	free(dirs);
	return ok;
}

struct raw {
	struct dwline_row r;
	size_t ord; /* program order, for a stable sort */
};

struct rows {
	struct raw *v;
	size_t n, cap;
};

static void emit(struct rows *o, uint64_t addr, uint32_t file, uint32_t line)
{
	util_grow((void **)&o->v, &o->cap, o->n + 1, sizeof *o->v);
	o->v[o->n].r.addr = addr;
	o->v[o->n].r.file = file;
	o->v[o->n].r.line = line;
	o->v[o->n].ord = o->n;
	o->n++;
}

/* Run the line program [r->p, r->end) of one unit. */
static void run_program(struct rd *r, const struct unit *u, struct rows *o,
			unsigned min_insn, int line_base, unsigned line_range,
			unsigned opcode_base, const unsigned char *std_len)
{
	while (r->p < r->end && !r->bad) {
		uint64_t addr = 0, reg_file = 1;
		int64_t line = 1;
		size_t seq_start = o->n;
		int seq_at_zero = -1; /* the sequence's first row is at 0 */
		int ended = 0;

		while (!ended && r->p < r->end && !r->bad) {
			unsigned op = (unsigned)rd_n(r, 1);
			int row = 0;
			if (op >= opcode_base) {
				unsigned adj = op - opcode_base;
				addr += (uint64_t)(adj / line_range) * min_insn;
				line += line_base + (int)(adj % line_range);
				row = 1;
			} else if (op == 0) {
				uint64_t len = rd_uleb(r);
				if (len == 0 || len > (uint64_t)(r->end - r->p)) {
					r->bad = 1;
					break;
				}
				const unsigned char *next = r->p + len;
				unsigned sub = (unsigned)rd_n(r, 1);
				if (sub == 1) { /* end_sequence */
					if (seq_at_zero == -1)
						seq_at_zero = addr == 0;
					emit(o, addr, 0, 0);
					ended = 1;
				} else if (sub == 2) { /* set_address */
					addr = rd_n(r, (unsigned)(len - 1));
				}
				r->p = next;
			} else if (op == 1) { /* copy */
				row = 1;
			} else if (op == 2) { /* advance_pc */
				addr += rd_uleb(r) * min_insn;
			} else if (op == 3) { /* advance_line */
				line += rd_sleb(r);
			} else if (op == 4) { /* set_file */
				reg_file = rd_uleb(r);
			} else if (op == 8) { /* const_add_pc */
				addr += (uint64_t)((255 - opcode_base) / line_range) *
					min_insn;
			} else if (op == 9) { /* fixed_advance_pc */
				addr += rd_n(r, 2);
			} else {
				for (unsigned k = 0; k < std_len[op - 1]; k++)
					rd_uleb(r);
			}
			if (!row)
				continue;
			if (seq_at_zero == -1)
				seq_at_zero = addr == 0;
			uint64_t fi = u->first_is_one ? reg_file - 1 : reg_file;
			if (fi < u->nfile && line > 0)
				emit(o, addr, u->file[fi], (uint32_t)line);
			else
				emit(o, addr, 0, 0); /* no usable line here */
		}
		if (seq_at_zero == 1 || !ended)
			o->n = seq_start; /* dropped code, or a truncated sequence */
	}
}

/* One unit at R (its length field first); R is left after it. */
static void read_unit(struct dwline *t, struct rd *r, const struct secs *s,
		      struct rows *o)
{
	uint64_t len = rd_n(r, 4);
	int off8 = 0;

	if (len == 0xffffffffu) {
		len = rd_n(r, 8);
		off8 = 1;
	}
	if (r->bad || len > (uint64_t)(r->end - r->p)) {
		r->p = r->end;
		return;
	}
	struct rd u = { r->p, r->p + len, r->big, 0 };
	r->p += len;
	int version = (int)rd_n(&u, 2);
	if (version < 2 || version > 5)
		return;
	if (version >= 5)
		rd_n(&u, 2); /* address size, segment selector size */
	uint64_t hlen = rd_n(&u, off8 ? 8 : 4);
	if (u.bad || hlen > (uint64_t)(u.end - u.p))
		return;
	const unsigned char *prog = u.p + hlen;
	unsigned min_insn = (unsigned)rd_n(&u, 1);
	if (version >= 4)
		rd_n(&u, 1); /* maximum operations per instruction */
	rd_n(&u, 1);         /* default_is_stmt */
	int line_base = (int)(signed char)rd_n(&u, 1);
	unsigned line_range = (unsigned)rd_n(&u, 1);
	unsigned opcode_base = (unsigned)rd_n(&u, 1);
	if (u.bad || line_range == 0 || opcode_base == 0 ||
	    (size_t)(u.end - u.p) < opcode_base - 1)
		return;
	unsigned char std_len[256];
	memset(std_len, 0, sizeof std_len);
	memcpy(std_len, u.p, opcode_base - 1);
	u.p += opcode_base - 1;
	struct unit un = { NULL, 0, 0 };
	struct rd hdr = { u.p, prog, u.big, 0 };
	if (read_tables(t, &hdr, version, off8, s, &un)) {
		struct rd pr = { prog, u.end, u.big, 0 };
		run_program(&pr, &un, o, min_insn, line_base, line_range, opcode_base,
			    std_len);
	}
	free(un.file);
}

static unsigned char *section(bfd *abfd, const char *name, size_t *size)
{
	asection *sec = bfd_get_section_by_name(abfd, name);
	bfd_byte *b = NULL;

	*size = 0;
	if (!sec || !bfd_malloc_and_get_section(abfd, sec, &b) || !b)
		return NULL;
	*size = (size_t)bfd_section_size(sec);
	return b;
}

/* By address; at one address a sequence's end before any row, so that a
 * sequence starting where another ends holds there. */
static int cmp_row(const void *l, const void *r)
{
	const struct raw *a = l, *b = r;

	if (a->r.addr != b->r.addr)
		return a->r.addr < b->r.addr ? -1 : 1;
	if ((a->r.line != 0) != (b->r.line != 0))
		return (a->r.line != 0) - (b->r.line != 0);
	return a->ord < b->ord ? -1 : a->ord > b->ord;
}

size_t dwline_load(struct dwline *t, void *vbfd)
{
	bfd *abfd = vbfd;
	struct secs s;
	size_t nline;
	unsigned char *line;
	struct rows o = { NULL, 0, 0 };

	memset(t, 0, sizeof *t);
	if (!abfd)
		return 0;
	line = section(abfd, ".debug_line", &nline);
	if (!line)
		return 0;
	s.str = section(abfd, ".debug_str", &s.nstr);
	s.line_str = section(abfd, ".debug_line_str", &s.nline_str);
	struct rd r = { line, line + nline, bfd_big_endian(abfd), 0 };
	while (r.p < r.end && !r.bad)
		read_unit(t, &r, &s, &o);
	free(line);
	free(s.str);
	free(s.line_str);
	/* the rows at one address stay in program order: the last of them
	 * is the one that holds there */
	util_qsort(o.v, o.n, sizeof *o.v, cmp_row);
	t->rows = xmalloc((o.n ? o.n : 1) * sizeof *t->rows);
	for (size_t i = 0; i < o.n; i++)
		t->rows[i] = o.v[i].r;
	t->n = o.n;
	free(o.v);
	return o.n;
}

void dwline_free(struct dwline *t)
{
	for (size_t i = 0; i < t->nfiles; i++)
		free(t->files[i]);
	free(t->files);
	free(t->rows);
	free(t->hash);
	memset(t, 0, sizeof *t);
}

int dwline_at(const struct dwline *t, uint64_t addr, const char **file, int *line)
{
	size_t lo = 0, hi = t->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->rows[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0 || t->rows[lo - 1].line == 0)
		return 0;
	*file = t->files[t->rows[lo - 1].file];
	*line = (int)t->rows[lo - 1].line;
	return 1;
}
