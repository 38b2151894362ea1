/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gmon_format: the record tags of GNU's gmon.out format (after the
 * 20-byte header: "gmon", version, padding), shared by the reader
 * (gmon.c), the writer of -s (gmonsum.c) and the runtime's writer
 * (runtime/gfile.c).
 *
 * The only core header runtime/ may include: plain definitions, no
 * types or functions of the engine. */
#ifndef TG_GMON_FORMAT_H
#define TG_GMON_FORMAT_H

#define GMON_TAG_TIME_HIST 0 /* histogram: range, bins, rate, dimension */
#define GMON_TAG_CG_ARC    1 /* one call-graph arc: from, self, count */
#define GMON_TAG_BB_COUNT  2 /* basic-block execution counts */

#endif
