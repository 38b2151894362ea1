/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Built without -pg: these functions are never counted as called, but
 * their calls into the program are.  first_caller's call site comes
 * first in the text, so its arc is made first. */
void hub_a(int n);
void hub_b(int n);

void first_caller(void)
{
	for (int k = 0; k < 1000; k++)
		hub_b(k % 3);
}

void second_caller(void)
{
	for (int k = 0; k < 1000; k++)
		hub_a(k % 3);
}
