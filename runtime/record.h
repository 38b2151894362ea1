/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* record: call-graph arcs counted by mcount, for libtgmon.
 *
 * Every thread counts into a table of its own (an open-addressing hash of
 * (from, self) keys), so the common path takes no lock and no atomic
 * read-modify-write: mcount.S adds one to an arc found in its first slot,
 * and the C recorder here does everything else.  A table is only ever
 * written by the thread that owns it; a thread re-entered by a signal
 * handler while inside the C recorder, or whose table is full, counts into
 * one shared table with atomic operations instead.  No call is lost.
 *
 * Reset never writes another thread's counters: it records each counter's
 * current value as a base, and a collection reports count - base.  Taking
 * the value once for both the report and the new base makes a "collect and
 * reset" exact: every call lands in exactly one collection.  The new bases
 * are set only when the caller commits (once its file is in place).
 *
 * Tables of threads that have exited are handed to new threads, and keep
 * their counts.  Everything here is async-signal-safe. */
#ifndef TG_RECORD_H
#define TG_RECORD_H

#include <stddef.h>
#include <stdint.h>

/* One merged arc, addresses as offsets from the start of the text range. */
struct tgrec_arc {
	uint32_t from_off, self_off;
	uint64_t count;
};

/* Record arcs whose two ends lie in [lowpc, lowpc + textsize).  Returns 0,
 * or -1 when the shared table cannot be mapped. */
int tgrec_init(uintptr_t lowpc, uintptr_t textsize);

/* Turn counting on or off (mcount returns at once when off). */
void tgrec_set_on(int on);

/* Upper bound on the number of arcs a collection can return right now. */
size_t tgrec_bound(void);

/* Collect at most MAX arcs counted since the last reset into OUT, sorted
 * by (from, self) and merged.  With MARK, remember exactly what was read,
 * so that tgrec_commit can start the next interval there: a marked
 * collection followed by a commit is an exact "collect and reset", and
 * one that is not committed (its file could not be written) changes
 * nothing, its counts going into the next collection.  Returns the number
 * of arcs stored. */
size_t tgrec_collect(struct tgrec_arc *out, size_t max, int mark);

/* Start a new interval at the values of the last marking collection. */
void tgrec_commit(void);

/* Start a new interval without collecting. */
void tgrec_reset(void);

/* Calls that could not be counted because every table was full. */
uint64_t tgrec_lost(void);

/* An arc with an end outside the executable, by run-time addresses. */
struct tgrec_warc {
	uint64_t from, self, count;
};

/* Upper bound on what tgrec_wide_collect() can return. */
size_t tgrec_wide_bound(void);

enum { TGREC_PEEK, TGREC_MARK, TGREC_RESET };

/* Store in OUT (when not NULL; at most MAX) the arcs with an end outside
 * the executable counted since the last reset, unmerged; with LO < HI only
 * those with an end in [LO, HI).  MODE TGREC_RESET starts a new interval
 * for the arcs read (all of them when OUT is NULL) at once; TGREC_MARK
 * remembers what was read for tgrec_wide_commit.  Returns the number
 * stored. */
size_t tgrec_wide_collect(struct tgrec_warc *out, size_t max, uintptr_t lo, uintptr_t hi,
			  int mode);

/* Start a new interval at the values of the last marking collection. */
void tgrec_wide_commit(void);

/* In a child after fork: threads other than the caller are gone, so their
 * tables become free; all counts restart from zero. */
void tgrec_after_fork(void);

/* The C half of mcount (see mcount.S), which takes every call its fast
 * path does not; named like glibc's so that gprof leaves it out of
 * reports when libtgmon is linked statically. */
void __mcount_internal(uintptr_t frompc, uintptr_t selfpc);

#endif
