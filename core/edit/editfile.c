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

int editfile_write(const char *path, const struct cg *g, const uint32_t *a, size_t n,
		   char *msg, size_t msglen)
{
	FILE *f = fopen(path, "w");

	if (!f) {
		util_msg(msg, msglen, "%s: %s", path, strerror(errno));
		return -1;
	}
	fprintf(f, "# tgprof edits: replay with tgprof --edits=%s\n", path);
	editfile_print(f, g, a, n);
	if (fclose(f) != 0) {
		util_msg(msg, msglen, "%s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

int editfile_apply(struct edit *e, const char *path, char *msg, size_t msglen)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, why[512];
	size_t cap = 0;
	long lineno = 0;
	int n = 0;

	if (!f) {
		util_msg(msg, msglen, "%s: %s", path, strerror(errno));
		return -1;
	}
	while (getline(&line, &cap, f) >= 0) {
		lineno++;
		char *s = line;
		while (*s == ' ' || *s == '\t')
			s++;
		s[strcspn(s, "\r\n")] = 0;
		if (*s == ':')
			s++;
		if (*s == 0 || *s == '#')
			continue;
		if (edit_command(e, s, why, sizeof why) < 0) {
			util_msg(msg, msglen, "%s:%ld: %s", path, lineno, why);
			n = -1;
			break;
		}
		n++;
	}
	if (n >= 0 && ferror(f)) {
		util_msg(msg, msglen, "%s: %s", path, strerror(errno));
		n = -1;
	}
	free(line);
	fclose(f);
	return n;
}
