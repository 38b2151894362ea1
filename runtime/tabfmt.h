/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* tabfmt: the parts of record.c's per-thread table that mcount.S reads on
 * its fast path.  Plain #defines, for C and assembler alike; record.c
 * checks them against the structure at compile time. */
#ifndef TG_TABFMT_H
#define TG_TABFMT_H

#define TGREC_OFF_BUSY   12 /* int: the owner is inside the C recorder */
#define TGREC_OFF_SHIFT  32 /* uint32_t: 64 - log2(slots) */
#define TGREC_OFF_SLOT   40 /* struct slot *: {key, count} pairs */
#define TGREC_OFF_WIDE   64 /* struct wslot *: the arcs with an end outside */
#define TGREC_WSLOT_SIZE 40 /* {from, self, count, base, took} */
#define TGREC_TWIDE_BITS 12 /* log2(slots) of a thread's table of them */
#define TGREC_HASH_MUL   0x9e3779b97f4a7c15

#endif
