/* SPDX-License-Identifier: GPL-3.0-or-later */
/* exportint: the format writers behind export_stream(); not for use
 * outside core/export*.c.  Each writes the session's current model to OUT
 * and leaves error detection to the caller (ferror). */
#ifndef TG_EXPORTINT_H
#define TG_EXPORTINT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "export.h"
#include "tree.h"

/* Split TOTAL units over N parts in proportion to W (negative weights
 * count as 0; equal parts when every weight is 0): each part gets the
 * floor of its share and the units left go one each to the largest
 * remainders (ties: the lower index), so the parts sum to TOTAL. */
void export_split(uint64_t total, const double *w, size_t n, uint64_t *out);
/* Length of the valid UTF-8 sequence at S (1..4), or 0 if invalid. */
int export_utf8_len(const unsigned char *s);

void export_json(FILE *out, const struct edit *e);
void export_dot(FILE *out, const struct edit *e, const struct export_params *p);
void export_callgrind(FILE *out, const struct edit *e);

/* The flame-graph threshold in force: P's flame_min, or when that is
 * negative the session's --flame-min (a fraction of the total). */
double export_flame_min(const struct edit *e, const struct export_params *p);

/* flame.c: the top-down path tree pruned at a threshold and counted in
 * whole units (the head comment of flame.c has the rules), for the
 * folded and SVG formats. */
struct flame {
	const struct cg *g;
	struct tree t;      /* expanded where drawn */
	double unit;        /* units per tick: microseconds, or samples */
	int seconds;        /* units are microseconds */
	uint8_t *kept;      /* per row: drawn */
	uint64_t *excl;     /* per row: units of the row itself */
	uint64_t *below;    /* per row: units of its [below threshold] frame */
	uint64_t *total;    /* per row: excl + below + its children's totals */
	uint64_t top_below; /* units of the top [below threshold] frame */
	uint64_t sum;       /* all units: the top rows' totals + top_below */
	uint32_t depth;     /* drawn rows' depth + 1, at most */
	char **names;       /* per function: its name with a suffix, or NULL */
};
/* Build F for G with rows below MIN_FRACTION of the total folded (0: only
 * rows without time).  Returns 0, or -1 with the reason in MSG (F freed
 * already) when more than FLAME_MAX_ROWS paths would be drawn:
 * without a threshold their number grows exponentially with the depth of
 * a large graph. */
#define FLAME_MAX_ROWS 2000000u
int flame_build(struct flame *f, const struct cg *g, double min_fraction, char *msg,
		size_t msglen);
void flame_free(struct flame *f);
/* The frame name of graph node NODE (flame.c's head comment has the rule;
 * BUF holds a cycle's). */
const char *flame_name(const struct flame *f, uint32_t node, char *buf, size_t len);
/* Visit the drawn rows depth first, largest first: VISIT(CTX, PATH, N, 1)
 * on the way down to PATH[N-1] (PATH[0] a top row), VISIT(..., 0) on the
 * way back up, after its children. */
typedef void (*flame_visit_fn)(void *ctx, const uint32_t *path, uint32_t n, int enter);
void flame_walk(const struct flame *f, flame_visit_fn visit, void *ctx);

/* The folded and SVG formats; -1 with the reason in MSG when flame_build()
 * fails (nothing written then). */
int export_folded(FILE *out, const struct edit *e, const struct export_params *p,
		  char *msg, size_t msglen);
int export_svg(FILE *out, const struct edit *e, const struct export_params *p, char *msg,
	       size_t msglen);

#endif
