/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A constprop clone followed in .strtab by a plain static name, so that
 * GNU keeps it (compare clones.c, whose clone is followed by a file name). */
volatile int sink2;
static int tally; /* a local after the clone in .strtab */

static __attribute__((noinline)) int twist(int n, int k)
{
	int s = 0;

	for (int i = 0; i < n; i++) {
		s += (i * k) ^ (s >> 2);
		sink2 = s;
		tally += s & 1;
	}
	return s;
}

static __attribute__((noinline)) int plainhelper(int n)
{
	int s = 0;

	for (int i = 0; i < n; i++)
		sink2 = s += i;
	return s;
}

int clones2_run(int n)
{
	return twist(n, 9) + twist(n + 2, 9) + plainhelper(n) + plainhelper(n + 1);
}

static __attribute__((noinline)) int afterward(int n)
{
	int s = 1;

	for (int i = 0; i < n; i++)
		sink2 = s *= 3;
	return s;
}

int clones2_more(int n)
{
	return afterward(n) + afterward(n * 2) + tally;
}
