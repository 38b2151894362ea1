/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A program built without -pg. */
#include <stdio.h>

int main(void)
{
	puts("no -pg");
	return 0;
}
