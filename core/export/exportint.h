/* SPDX-License-Identifier: GPL-3.0-or-later */
/* exportint: the format writers behind export_stream(); not for use
 * outside core/export*.c.  Each writes the session's current model to OUT
 * and leaves error detection to the caller (ferror). */
#ifndef TG_EXPORTINT_H
#define TG_EXPORTINT_H

#include <stdio.h>
#include "export.h"

void export_json(FILE *out, const struct edit *e);
void export_dot(FILE *out, const struct edit *e, const struct export_params *p);
void export_callgrind(FILE *out, const struct edit *e);

#endif
