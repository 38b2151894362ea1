/* SPDX-License-Identifier: GPL-3.0-or-later */
/* comparerun: both sides of a comparison opened from the command line,
 * each a session (session.h): the baseline with session_baseline_opts(),
 * so --edits and --break-cycles apply to both sides alike. */
#include "config.h"
#include "comparerun.h"
#include "util.h"

#include <string.h>

int comparerun_load(struct comparerun *r, const struct opts *o, char *msg, size_t msglen)
{
	struct opts bo;

	memset(r, 0, sizeof *r);
	session_baseline_opts(&bo, o, NULL, 0);
	if (session_open(&r->before, &bo, NULL, msg, msglen) < 0)
		return -1;
	if (session_open(&r->after, o, NULL, msg, msglen) < 0) {
		session_close(&r->before);
		return -1;
	}
	struct compare_side before = { &r->before.ld.g, bo.load.exe, bo.load.profiles,
				       bo.load.nprofiles };
	struct compare_side after = { &r->after.ld.g, o->load.exe, o->load.profiles,
				      o->load.nprofiles };
	compare_build(&r->c, &before, &after, o->compare.normalize, o->report.zero);
	return 0;
}

void comparerun_free(struct comparerun *r)
{
	compare_free(&r->c);
	session_close(&r->after);
	session_close(&r->before);
}
