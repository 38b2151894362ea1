/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_session: core/session: bad input comes back as an error with a
 * message naming the file (the process goes on, and opens the next
 * session cleanly); a good run is opened with --edits and --break-cycles
 * applied, and its baseline with the same options. */
#include "config.h"
#include "session.h"
#include "unit.h"
#include "util.h"

#include <string.h>
#include <unistd.h>

static const char prog_src[] =
	"#define NI __attribute__((noinline))\n"
	"volatile unsigned long sink;\n"
	"NI void leaf(int k) { for (unsigned long i = 0; i < 20000UL * k; i++) sink += "
	"i; }\n"
	"NI void pong(int d);\n"
	"NI void ping(int d) { leaf(1); if (d > 0) pong(d - 1); }\n"
	"NI void pong(int d) { leaf(2); if (d > 0) ping(d - 1); }\n"
	"int main(void) { for (int i = 0; i < 300; i++) ping(10); return 0; }\n";

static char dir[1024];

static const char *put(const char *name, const char *text)
{
	static char path[8][1100];
	static int k;
	char *p = path[k++ % 8];
	snprintf(p, sizeof path[0], "%s/%s", dir, name);
	FILE *f = fopen(p, "w");
	if (!f || fputs(text, f) < 0 || fclose(f) != 0)
		unit_check(0, "write a scratch file", p);
	return p;
}

/* Open with O; the case passes when the result is WANT (0 or -1) and, on
 * failure, the message holds NEEDLE. */
static void expect(const struct opts *o, int want, const char *needle, const char *name)
{
	struct session s;
	char msg[1024] = "";
	int r = session_open(&s, o, NULL, msg, sizeof msg);
	if (r == 0)
		session_close(&s);
	unit_check(r == want && (want == 0 || (needle && strstr(msg, needle))), name,
		   msg);
}

int main(void)
{
	const char *cc = getenv("CC");
	char cmd[4096], exe[1100], gmon[1100];
	struct opts o;

	snprintf(dir, sizeof dir, "%s/tests/out/unit-session-%ld", unit_build_top(),
		 (long)getpid());
	snprintf(cmd, sizeof cmd, "mkdir -p '%s'", dir);
	if (system(cmd) != 0) {
		unit_check(0, "scratch directory", dir);
		return unit_finish();
	}
	put("prog.c", prog_src);
	snprintf(cmd, sizeof cmd, "cd '%s' && %s -O0 -pg -o prog prog.c && ./prog", dir,
		 cc && *cc ? cc : "cc");
	if (system(cmd) != 0) {
		unit_check(0, "compile with -pg and run", cmd);
		return unit_finish();
	}
	snprintf(exe, sizeof exe, "%s/prog", dir);
	snprintf(gmon, sizeof gmon, "%s/gmon.out", dir);
	const char *profiles[] = { gmon };
	const char *text_file = put("notes.txt", "not a profile\n");
	const char *bad_profiles[] = { text_file };

	opts_init(&o);
	o.load.exe = "/nonexistent/prog";
	o.load.profiles = profiles;
	o.load.nprofiles = 1;
	expect(&o, -1, "/nonexistent/prog", "a missing program is an error naming it");
	o.load.exe = text_file;
	expect(&o, -1, text_file, "a program that is no executable is an error");
	o.load.exe = exe;
	o.load.profiles = bad_profiles;
	expect(&o, -1, text_file, "a profile that is not one is an error naming it");
	o.load.profiles = profiles;
	o.edits_file = put("bad.edits", ":k main/ping\n:k nosuch/ping\n");
	expect(&o, -1, "bad.edits:2:", "a bad edits file is an error naming the line");
	o.edits_file = NULL;
	struct opts_spec keep[] = { { 'K', "nosuch/thing" } };
	o.cycles.bound = 1;
	o.cycles.choices = keep;
	o.cycles.nchoices = 1;
	expect(&o, -1, "nosuch/thing", "a --break-keep that is no arc is an error");
	o.cycles.choices = NULL;
	o.cycles.nchoices = 0;

	/* after the errors, a good session opens: the trap left no state */
	struct session s;
	char msg[1024] = "";
	o.edits_file = put("good.edits", "# a comment\n:k pong/ping\n");
	int r = session_open(&s, &o, NULL, msg, sizeof msg);
	unit_check(r == 0 && s.ed && edit_nsteps(s.ed) == 1 && s.ld.g.ncycles == 0,
		   "a good run opens: --edits replayed as a step, no cycle left", msg);
	if (r == 0) {
		struct opts bo;
		struct session b;
		o.compare.baselines = profiles;
		o.compare.nbaselines = 1;
		session_baseline_opts(&bo, &o, NULL, 0);
		r = session_open(&b, &bo, NULL, msg, sizeof msg);
		unit_check(r == 0 && b.ld.g.ncycles == 0 && edit_nsteps(b.ed) == 1 &&
				   b.ld.g.narcs == s.ld.g.narcs,
			   "the baseline is opened with the same edits", msg);
		if (r == 0)
			session_close(&b);
		session_close(&s);
	}
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		unit_check(0, "remove the scratch directory", dir);
	return unit_finish();
}
