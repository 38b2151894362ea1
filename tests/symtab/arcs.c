/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Call graph for -k arc specs, with arcs2.c: every function has its own
 * name, so arcs can be compared by name. */
int gam(int x);
int beta(int x);

static int delta(int x)
{
	return x * 11;
}

int alpha(int x)
{
	return gam(x) + delta(x);
}

int main(void)
{
	int s = alpha(1) + beta(2) + gam(3) + delta(4);

	return s == 0; /* never: the exit status must be 0 for the tests */
}
