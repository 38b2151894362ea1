/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editfile: edits files, the replayable form of a session's deletions
 * (edit.h has the format). */
#include "config.h"
#include "edit.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void editfile_print(FILE *out, const struct cg *g, const uint32_t *a, size_t n)
{
	char spec[1100];

	for (size_t i = 0; i < n; i++) {
		edit_arc_spec_g(g, a[i], spec, sizeof spec);
		fprintf(out, ":k %s\n", spec);
	}
}

struct edits_out {
	const char *path;
	const struct cg *g;
	const uint32_t *a;
	size_t n;
};

static int fill_edits(FILE *f, void *ctx)
{
	const struct edits_out *x = ctx;

	/* the name in a comment line: a control character in it (a newline)
	 * would end the comment and start a command */
	fputs("# tgprof edits: replay with tgprof --edits=", f);
	for (const char *s = x->path; *s; s++)
		fputc((unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s, f);
	fputc('\n', f);
	editfile_print(f, x->g, x->a, x->n);
	return 0;
}

int editfile_write(const char *path, const struct cg *g, const uint32_t *a, size_t n,
		   int flags, char *msg, size_t msglen)
{
	struct edits_out x = { path, g, a, n };

	return util_write_file(path, flags, fill_edits, &x, NULL, msg, msglen);
}

int editfile_apply(struct edit *e, const char *path, char *msg, size_t msglen)
{
	const char *why;
	char *text = util_read_text(path, &why), *line, *next, err[512];
	long lineno = 0;
	int n = 0;

	/* a regular file only, read no further than its size: /dev/zero or a
	 * FIFO is refused, not read forever */
	if (!text) {
		util_msg(msg, msglen, "%s: %s", path, why);
		return -1;
	}
	for (line = text; *line; line = next) {
		next = line + strcspn(line, "\n");
		if (*next)
			*next++ = 0;
		lineno++;
		char *s = line;
		while (*s == ' ' || *s == '\t')
			s++;
		s[strcspn(s, "\r")] = 0;
		if (*s == ':')
			s++;
		if (*s == 0 || *s == '#')
			continue;
		if (edit_command(e, s, err, sizeof err) < 0) {
			util_msg(msg, msglen, "%s:%ld: %s", path, lineno, err);
			n = -1;
			break;
		}
		n++;
	}
	free(text);
	return n;
}
