/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libmbar.so, dlopen'd by the multi-object test program (see prog.c). */
void foo_twice(long i);

static volatile long sink;

__attribute__((noinline)) static void
helper(long i)
{
	sink ^= i;
}

void
bar_run(long i, void (*cb)(long))
{
	foo_twice(i);
	helper(i);
	cb(i);
}

/* The work: time lands here. */
void
bar_spin(long n)
{
	long i;

	for (i = 0; i < n; i++)
		sink += i;
}
