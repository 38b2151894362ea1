/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A plugin: plug(N) calls leaf N times and returns a value that tells
 * the plugins apart (SEED). */
static int leaf(int i)
{
	return i % 7 + SEED;
}

int plug(int n)
{
	int i, s = 0;

	for (i = 0; i < n; i++)
		s += leaf(i);
	return s;
}
