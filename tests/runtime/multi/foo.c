/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libmfoo.so, linked to the multi-object test program (see prog.c). */
static volatile long sink;

/* static: a global one would be the program's, which interposes it */
__attribute__((noinline)) static void
helper(long i)
{
	sink += i;
}

__attribute__((noinline)) void
foo_twice(long i)
{
	helper(i);
	helper(i + 1);
}

void
foo_run(long i, void (*cb)(long))
{
	helper(i);
	helper(i * 2);
	cb(i);
}

/* Recursion through the program: exe_ping -> foo_pong -> exe_ping ... */
void
foo_pong(long d, void (*ping)(long))
{
	if (d > 0)
		ping(d - 1);
}
