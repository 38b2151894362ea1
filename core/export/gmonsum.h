/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gmonsum: -s, the summed profile written back as gmon.sum. */
#ifndef TG_GMONSUM_H
#define TG_GMONSUM_H

#include "cg.h"
#include "gmon.h"

/* Write P's histograms and G's arcs (merged per symbol pair, at symbol
 * addresses, in GNU's order) and basic-block counts to PATH in GNU format
 * version 1, through a temporary file renamed into place. */
void gmon_write_sum(const char *path, const struct gmon_profile *p,
		    const struct gmon_abi *abi, const struct cg *g);

#endif
