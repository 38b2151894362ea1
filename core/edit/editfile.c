/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editfile: edits files, the replayable form of a session's deletions
 * (edit.h has the format). */
#include "config.h"
#include "edit.h"
#include "editint.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

void editfile_print(FILE *out, const struct edit *e, const uint32_t *a, size_t n)
{
	char spec[2300];

	for (size_t i = 0; i < n; i++) {
		edit_arc_id(e, a[i], spec, sizeof spec);
		fprintf(out, ":k %s\n", spec);
	}
}

struct edits_out {
	const char *path;
	const struct edit *e;
	const uint32_t *a;
	size_t n;
	const char *label;
};

/* Each line of TEXT as a command line (':' first). */
static void put_lines(FILE *f, const char *text)
{
	while (*text) {
		size_t k = strcspn(text, "\n");
		fprintf(f, ":%.*s\n", (int)k, text);
		text += k + (text[k] == '\n');
	}
}

void editfile_print_steps(FILE *out, const struct edit *e)
{
	for (size_t i = 0; i < e->cur; i++) {
		const struct edit_step *s = &e->steps[i];
		if (s->cmd)
			put_lines(out, s->cmd);
		else /* not made by an operation of edit.h: cannot be */
			fprintf(out, "# %s (no command replays this step)\n", s->label);
	}
}

static int fill_edits(FILE *f, void *ctx)
{
	const struct edits_out *x = ctx;

	/* the name in a comment line: a control character in it (a newline)
	 * would end the comment and start a command */
	fputs("# tgprof edits: replay with tgprof --edits=", f);
	for (const char *s = x->path; *s; s++)
		fputc((unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s, f);
	fputc('\n', f);
	editfile_print_steps(f, x->e);
	if (x->n && x->label) {
		/* a control character (a newline) would start a command */
		fputs(":begin ", f);
		for (const char *c = x->label; *c; c++)
			fputc((unsigned char)*c < 0x20 || *c == 0x7f ? '?' : *c, f);
		fputc('\n', f);
	}
	editfile_print(f, x->e, x->a, x->n);
	if (x->n && x->label)
		fputs(":end\n", f);
	return 0;
}

int editfile_write(const char *path, const struct edit *e, const uint32_t *a, size_t n,
		   const char *label, int flags, char *msg, size_t msglen)
{
	struct edits_out x = { path, e, a, n, label };

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
	/* One batch: every line a step of its own, the model propagated once
	 * at the end; a line that reads what propagation computes (an index
	 * [N], undo, redo) sees the model propagated first. */
	edit_batch_begin(e);
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
		if (strchr(s, '[') || strncmp(s, "undo", 4) == 0 ||
		    strncmp(s, "redo", 4) == 0) {
			edit_batch_end(e);
			edit_batch_begin(e);
		}
		if (edit_command(e, s, err, sizeof err) < 0) {
			/* arcs all deleted already (by an earlier line naming
			 * them too): the state asked for holds */
			if (e->last_unchanged && s[0] == 'k' &&
			    isspace((unsigned char)s[1]))
				continue;
			util_msg(msg, msglen, "%s:%ld: %s", path, lineno, err);
			n = -1;
			break;
		}
		n++;
	}
	edit_batch_end(e);
	free(text);
	return n;
}
