/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* objmap: the objects of the process (executable, shared libraries) for
 * libtgmon's multi-object profiles (doc/multi-object.md).
 *
 * The table is filled by tgobj_scan() (dl_iterate_phdr) at start-up and
 * after every dlopen and dlclose, which libtgmon interposes.  Every object
 * but the executable gets a PC histogram over its executable segments;
 * the executable keeps the one of sample.c.  An object that dlclose
 * unmapped stays in the table, closed: its histogram and arcs are kept and
 * written with the rest.  Entries are published with release stores, so
 * the SIGPROF handler and a writer in a signal handler read them without a
 * lock. */
#ifndef TG_OBJMAP_H
#define TG_OBJMAP_H

#include <stddef.h>
#include <stdint.h>

#include "gfile.h"

/* Note the executable's link-time bias and start the table (the first
 * scan).  Returns 0 or -1. */
int tgobj_init(uintptr_t exe_bias);

/* Look for objects loaded or unloaded since the last scan.  Not from a
 * signal handler (dl_iterate_phdr). */
void tgobj_scan(void);

/* Credit N samples to the object holding PC (from the SIGPROF handler,
 * for PCs outside the executable's histogram). */
void tgobj_sample(uintptr_t pc, uint32_t n);

/* Zero every object's samples and kept arcs. */
void tgobj_reset(void);

/* Write the other objects' files and the object map beside EXEPATH (the
 * executable's gmon file, written afterwards by the caller), using F.
 * With MARK, what was written is taken out of the counts at
 * tgobj_commit(1), once the caller's file is in place too; tgobj_commit(0)
 * forgets it (the counts go into the next files).  Async-signal-safe.
 * Returns 0 or an errno value; *BADPATH then names the file. */
int tgobj_write(struct tgfile *f, const char *exepath, unsigned hz, int mark,
		const char **badpath);
void tgobj_commit(int ok);

/* After fork in the child: counts restart from zero. */
void tgobj_after_fork(void);

/* control.c's writing lock, taken by the scans (they change what writers
 * read); never from a signal handler. */
int tgmon_wlock(void);
void tgmon_wunlock(void);

#endif
