/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Test program for libtgmon, driven by commands on stdin, one per line;
 * it prints "ready" at start and "ok" (or "error ...") after each command:
 *   work N        call work() N times (work() calls leaf() once)
 *   spin MS       spend MS milliseconds of CPU time inside spin()
 *   api dump P | api snap P | api reset | api on | api off
 *                 call tgmon_dump(P), tgmon_dump_reset(P), ... found with
 *                 dlsym, so the program runs with LD_PRELOAD as well
 *   exit S        return S from main (end of input: return 0) */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static volatile long sink;

__attribute__((noinline)) void leaf(long i) { sink += i; }
__attribute__((noinline)) void work(long i) { leaf(i); }

__attribute__((noinline)) void
spin(long ms)
{
	struct timespec t0, t;
	long n = 0;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
	do {
		for (int k = 0; k < 10000; k++)
			sink += k;
		n++;
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	} while ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 < ms);
}

static int
api(const char *what, const char *arg)
{
	char name[64];
	void *f;

	snprintf(name, sizeof name, "tgmon_%s", strcmp(what, "snap") == 0 ? "dump_reset" :
		 strcmp(what, "on") == 0 || strcmp(what, "off") == 0 ? "enable" : what);
	f = dlsym(RTLD_DEFAULT, name);
	if (f == NULL)
		return -2;
	if (strcmp(what, "dump") == 0 || strcmp(what, "snap") == 0)
		return ((int (*)(const char *))f)(*arg ? arg : NULL);
	if (strcmp(what, "reset") == 0)
		return ((int (*)(void))f)();
	return ((int (*)(int))f)(strcmp(what, "on") == 0) < 0 ? -1 : 0;
}

int
main(void)
{
	char line[4096], cmd[32], a1[32], a2[4000];
	long i, n;

	printf("ready\n");
	fflush(stdout);
	while (fgets(line, sizeof line, stdin)) {
		int r = 0;
		a1[0] = a2[0] = '\0';
		if (sscanf(line, "%31s %31s %3999s", cmd, a1, a2) < 1)
			continue;
		if (strcmp(cmd, "work") == 0) {
			n = atol(a1);
			for (i = 0; i < n; i++)
				work(i);
		} else if (strcmp(cmd, "spin") == 0) {
			spin(atol(a1));
		} else if (strcmp(cmd, "api") == 0) {
			r = api(a1, a2);
		} else if (strcmp(cmd, "exit") == 0) {
			return atoi(a1);
		} else {
			r = -3;
		}
		if (r == 0)
			printf("ok\n");
		else
			printf("error %d\n", r);
		fflush(stdout);
	}
	return 0;
}
