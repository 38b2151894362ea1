/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* tgmon.h: control of libtgmon, the profiling runtime for programs
 * compiled with gcc -pg.  Link with -ltgmon (or LD_PRELOAD libtgmon.so).
 *
 * A profile holds the call counts and PC samples gathered since profiling
 * started or since the last reset.  Files are written in GNU gmon.out
 * format, first under a temporary name in the same directory and then
 * renamed, so a reader never sees half a file.
 *
 * PATH arguments may contain %p (the process id), %n (a sequence number:
 * the files this process has tried to write before, since it started or
 * forked) and %% (a percent sign);
 * NULL means the pattern from TGMON_OUT (default "gmon.out").
 *
 * All functions are thread-safe and may be called from signal handlers.
 * Before the program's profiling has started (it was not compiled with
 * -pg), they fail with errno ENOTSUP. */
#ifndef TGMON_H
#define TGMON_H

#ifdef __cplusplus
extern "C" {
#endif

/* Write the profile as it stands; counting goes on.  Returns 0, or -1 with
 * errno set after a message on stderr. */
int tgmon_dump(const char *path);

/* Write the profile and start a new one in the same instant: no call and
 * no sample falls between two such files, so the files of a run add up to
 * the whole run (gprof -s, or name them all to gprof).  The new profile
 * starts only once the file is in place: when it cannot be written, -1,
 * and its counts go into the next file. */
int tgmon_dump_reset(const char *path);

/* Discard what has been counted so far.  Returns 0 or -1. */
int tgmon_reset(void);

/* Turn counting and sampling on (ON != 0) or off.  Returns the previous
 * state (1 on, 0 off), or -1. */
int tgmon_enable(int on);

#ifdef __cplusplus
}
#endif

#endif
