/* SPDX-License-Identifier: GPL-3.0-or-later */
/* burn.h: shared by the corpus programs.
 *
 * BURN(n) spends CPU inside the calling function itself (no call, so the
 * call graph is not changed and the samples land in the caller's own
 * range).  The loop counter goes through a volatile so -O2 keeps the work.
 * NOINLINE keeps a function a function at -O2, so call counts and the
 * shape of the graph are the same in every build variant. */
#ifndef CORPUS_BURN_H
#define CORPUS_BURN_H

extern volatile unsigned long corpus_sink;

#define BURN(n) do { \
	unsigned long burn_i_; \
	for (burn_i_ = 0; burn_i_ < (unsigned long)(n); burn_i_++) \
		corpus_sink += burn_i_; \
} while (0)

#if defined(__GNUC__) && !defined(__clang__)
#define NOINLINE __attribute__((noinline, noclone))
#else
#define NOINLINE __attribute__((noinline))
#endif

/* Define the sink once per program: in the file that defines main. */
#define CORPUS_SINK volatile unsigned long corpus_sink

#endif
