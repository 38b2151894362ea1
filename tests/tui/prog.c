/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A small -pg program for the browser tests: a call chain, a two-member
 * cycle (ping/pong), a function called from two places (leaf_b), and a
 * static helper that takes all the time. */
#include <stdio.h>
#include <stdlib.h>

static volatile double sink;

static void burn(int n)
{
	for (int i = 0; i < n * 100000; i++)
		sink += i * 0.5;
}

void leaf_a(int n) { burn(n); }
void leaf_b(int n) { burn(2 * n); }
void ping(int n);
void pong(int n) { burn(1); if (n > 0) ping(n - 1); }
void ping(int n) { burn(1); if (n > 0) pong(n - 1); }
void work(int n) { for (int i = 0; i < n; i++) { leaf_a(3); leaf_b(2); } }
void other(void) { leaf_b(20); ping(40); }

int main(int argc, char **argv)
{
	int scale = argc > 1 ? atoi(argv[1]) : 1;
	work(60 * scale);
	for (int i = 0; i < 6 * scale; i++)
		other();
	printf("%f\n", sink);
	return 0;
}
