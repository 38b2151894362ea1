/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Test program for libtgmon: calls before() A times, forks; the child
 * calls in_child() C times and returns from main; the parent waits, then
 * calls after() B times.  Prints nothing; exit status 0 when all went well.
 * Usage: fork A C B */
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile long sink;

__attribute__((noinline)) void before(long i) { sink += i; }
__attribute__((noinline)) void in_child(long i) { sink -= i; }
__attribute__((noinline)) void after(long i) { sink ^= i; }

int
main(int argc, char **argv)
{
	long a, c, b, i;
	int status;
	pid_t pid;

	if (argc != 4)
		return 2;
	a = atol(argv[1]);
	c = atol(argv[2]);
	b = atol(argv[3]);
	for (i = 0; i < a; i++)
		before(i);
	pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		for (i = 0; i < c; i++)
			in_child(i);
		return 0;
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)
		return 1;
	for (i = 0; i < b; i++)
		after(i);
	return 0;
}
