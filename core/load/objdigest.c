/* SPDX-License-Identifier: GPL-3.0-or-later */
/* objdigest: the digest of an object without build-id, as libtgmon takes
 * it of the loaded object (runtime/objmap.c), here taken of the file (see
 * objectsint.h). */
#include "config.h"
#include "objectsint.h"
#include "util.h"

#include <bfd.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* The file offset minus the address of the bytes loaded at [LO, HI): the
 * code sections there must agree on it (they lie in one segment, which
 * is loaded as the file has it, padding included).  -1: none there or
 * not one segment. */
static int text_delta(bfd *abfd, uint64_t lo, uint64_t hi, int64_t *delta)
{
	int found = 0;

	for (asection *s = abfd->sections; s; s = s->next) {
		uint64_t vma = bfd_section_vma(s), size = bfd_section_size(s);
		flagword need = SEC_CODE | SEC_LOAD | SEC_HAS_CONTENTS;
		if ((bfd_section_flags(s) & need) != need || vma >= hi ||
		    vma + size <= lo)
			continue;
		int64_t d = (int64_t)s->filepos - (int64_t)vma;
		if (found && d != *delta)
			return -1;
		*delta = d;
		found = 1;
	}
	return found ? 0 : -1;
}

int objects_text_digest(const char *path, uint64_t lo, uint64_t hi, char out[17])
{
	bfd *abfd = bfd_openr(path, NULL);
	int64_t delta = 0;
	int ok = abfd && bfd_check_format(abfd, bfd_object) &&
		 text_delta(abfd, lo, hi, &delta) == 0 && (int64_t)lo + delta >= 0;

	if (abfd)
		bfd_close(abfd);
	int fd = ok ? open(path, O_RDONLY | O_CLOEXEC) : -1;
	if (fd < 0)
		return -1;
	uint64_t h = 0xcbf29ce484222325ULL, off = (uint64_t)((int64_t)lo + delta);
	size_t left = (size_t)(hi - lo);
	unsigned char buf[65536];
	while (left > 0) {
		ssize_t n =
			pread(fd, buf, left < sizeof buf ? left : sizeof buf, (off_t)off);
		if (n <= 0) {
			close(fd);
			return -1;
		}
		for (ssize_t i = 0; i < n; i++)
			h = (h ^ buf[i]) * 0x100000001b3ULL;
		off += (uint64_t)n;
		left -= (size_t)n;
	}
	close(fd);
	snprintf(out, 17, "%016" PRIx64, h);
	return 0;
}
