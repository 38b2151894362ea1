/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Built without -pg (build.sh leaves -pg off for files named *-nopg.c). */
void walk(const int *a, int n, void (*fn)(int))
{
	int i;

	for (i = 0; i < n; i++)
		fn(a[i]);
}
