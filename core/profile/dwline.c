/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dwline: see dwline.h. */
#include "config.h"
#include "dwline.h"
#include "util.h"

#include <bfd.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

size_t dwline_load(struct dwline *t, void *abfd)
{
	bfd *b = abfd;

	memset(t, 0, sizeof *t);
	t->abfd = b;
	if (!b)
		return 0;
	t->text = bfd_get_section_by_name(b, ".text");
	return t->text != NULL;
}

void dwline_free(struct dwline *t)
{
	for (size_t i = 0; i < t->nfiles; i++)
		free(t->files[i]);
	free(t->files);
	memset(t, 0, sizeof *t);
}

/* PATH kept once in T. */
static const char *intern(struct dwline *t, const char *path)
{
	for (size_t i = t->nfiles; i-- > 0;)
		if (strcmp(t->files[i], path) == 0)
			return t->files[i];
	t->files = xrealloc(t->files, (t->nfiles + 1) * sizeof *t->files);
	return t->files[t->nfiles++] = xstrdup(path);
}

int dwline_at(struct dwline *t, uint64_t addr, const char **file, int *line)
{
	asection *text = t->text;
	const char *f = NULL, *fn = NULL;
	unsigned int l = 0;

	if (!text)
		return 0;
	/* relative to .text even outside it: the unsigned offset wraps back
	 * to the same address in libbfd */
	if (!bfd_find_nearest_line((bfd *)t->abfd, text, NULL,
				   (bfd_vma)(addr - text->vma), &f, &fn, &l) ||
	    !f || l == 0 || l > INT_MAX) /* a damaged table's line */
		return 0;
	*file = intern(t, f);
	*line = (int)l;
	return 1;
}
