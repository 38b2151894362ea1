/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Second file of the -k test program (see arcs.c). */
int gam(int x)
{
	return x + 5;
}

int beta(int x)
{
	return gam(x) + 1;
}
