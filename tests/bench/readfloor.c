/* SPDX-License-Identifier: GPL-3.0-or-later */
/* readfloor EXE GMON [RUNS [cpu]]: the least time any analysis of a
 * profile can take, the browser's floor in tests/bench/bench-tui.sh.
 * Reads the symbols through libbfd, the profile, credits every histogram
 * bin and maps every arc to its function (load_read(): no cycles, no
 * propagation), RUNS times (default 3), and prints the fastest in
 * seconds: on a shared machine the fastest run is the one least slowed
 * by the others.  With "cpu", the least processor time of a run follows
 * on the same line (a loaded machine's wall clock counts the others). */
#include "config.h"
#include "load.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	if (argc < 3 || argc > 5 || (argc == 5 && strcmp(argv[4], "cpu") != 0)) {
		fprintf(stderr, "usage: readfloor EXE GMON [RUNS [cpu]]\n");
		return 2;
	}
	util_set_progname("readfloor");
	int runs = argc >= 4 ? atoi(argv[3]) : 3;
	const char *profiles[1] = { argv[2] };
	struct opts o;
	opts_init(&o);
	o.load.exe = argv[1];
	o.load.profiles = profiles;
	o.load.nprofiles = 1;
	double best = -1, best_cpu = -1;
	for (int i = 0; i < (runs > 0 ? runs : 1); i++) {
		static struct load l;
		double t0 = util_now(), c0 = util_cpu_now();
		load_read(&l, &o, NULL);
		double t = util_now() - t0, c = util_cpu_now() - c0;
		if (l.g.narcs == 0)
			util_die("%s: no arcs mapped", argv[2]);
		load_free(&l);
		if (best < 0 || t < best)
			best = t;
		if (best_cpu < 0 || c < best_cpu)
			best_cpu = c;
	}
	if (argc == 5)
		printf("%.6f %.6f\n", best, best_cpu);
	else
		printf("%.6f\n", best);
	return 0;
}
