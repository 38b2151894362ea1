/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sample: the PC histogram of libtgmon.
 *
 * Every thread that runs profiled code gets a timer of its own on its own
 * CPU clock (timer_create with SIGEV_THREAD_ID), started by its first call
 * of mcount.  The kernel checks CPU timers only at its tick (often 250 Hz),
 * and a thread only at the ticks that find it running, so at higher rates,
 * or when threads share CPUs, one SIGPROF may stand for several intervals:
 * the kernel's overrun count says how many, and threads get different
 * numbers of signals per CPU second.  A signal gives at most one sample
 * (one PC was read); when signals come late, samples are taken at three
 * quarters of the signals' rate over the process, each thread carrying
 * the CPU time its skipped signals stood for to its next one, so that
 * every thread's sample stands for the same CPU time.  The file is
 * written with the rate samples were really taken at (tgsamp_rate).  So
 * the histogram adds up to the CPU time, splits it between threads as
 * they used it, and its counts vary like independent samples.
 *
 * Threads without a timer of their own are sampled by ITIMER_PROF, which
 * the kernel delivers to whichever thread was running when the process's
 * CPU time crossed the interval; such a sample stands for the CPU time its
 * thread used since its previous one, in whole intervals (the remainder
 * carried over), which counts like overruns.  Threads with
 * their own timer ignore ITIMER_PROF.
 *
 * Bins are 32-bit counters over 4-byte slices of [lowpc, highpc), updated
 * with atomic additions and collected with atomic exchanges, so a
 * "collect and reset" loses and doubles nothing. */
#ifndef TG_SAMPLE_H
#define TG_SAMPLE_H

#include <stddef.h>
#include <stdint.h>

/* Bytes of text per histogram bin. */
#define TGSAMP_BIN 4

/* Map the bins for [lowpc, highpc) (both multiples of TGSAMP_BIN) and
 * install the SIGPROF handler; HZ samples per CPU second.  Returns 0, or -1
 * with errno set. */
int tgsamp_init(uintptr_t lowpc, uintptr_t highpc, unsigned hz);

/* Start or stop the timer.  Stopping also makes samples already in flight
 * be dropped; starting begins a new weighting period for every thread. */
void tgsamp_set_on(int on);

size_t tgsamp_nbins(void);

/* Samples per second of CPU time as they were really taken: the rate
 * asked for, or, when the kernel fired the timers less often (it checks
 * CPU timers at its tick), the samples taken over the CPU time their
 * signals stood for.  Every sample in the bins is one signal, so a file
 * written with this rate has the right total and counts that vary like
 * sqrt(count). */
unsigned tgsamp_rate(void);

/* Read bin I; with RESET, zero it in the same atomic step. */
uint32_t tgsamp_take(size_t i, int reset);

/* Take V samples out of bin I, which holds at least V (V read before by
 * tgsamp_take without reset): a collection committed after the fact. */
void tgsamp_sub(size_t i, uint32_t v);

/* Start a sampling timer for the calling thread, after deleting the timer
 * OLD (>= 0) of a thread that has exited.  Returns the new timer's id, or
 * -1 (the thread is then sampled through ITIMER_PROF).  Called from mcount:
 * uses no libc. */
int tgsamp_thread_begin(int old);

/* In a child after fork: interval timers are not inherited; re-arm if on
 * and zero the bins. */
void tgsamp_after_fork(void);

#endif
