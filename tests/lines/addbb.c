/* SPDX-License-Identifier: GPL-3.0-or-later */
/* addbb: append a GNU gmon basic-block record to a profile, for tests
 * (today's compilers no longer emit basic-block counting).
 * Usage: addbb FILE ADDR:COUNT...   (hex address, decimal count;
 * 8-byte little-endian fields, as on x86-64). */
#include <stdio.h>
#include <stdlib.h>

static void put(FILE *f, unsigned long long v, int n)
{
	for (int i = 0; i < n; i++)
		fputc((int)((v >> (8 * i)) & 0xff), f);
}

int main(int argc, char **argv)
{
	FILE *f;

	if (argc < 3) {
		fprintf(stderr, "usage: addbb FILE ADDR:COUNT...\n");
		return 2;
	}
	f = fopen(argv[1], "ab");
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	fputc(2, f);
	put(f, (unsigned long long)(argc - 2), 4);
	for (int i = 2; i < argc; i++) {
		char *colon;
		unsigned long long a = strtoull(argv[i], &colon, 16);
		unsigned long long c = *colon == ':' ? strtoull(colon + 1, NULL, 10) : 1;
		put(f, a, 8);
		put(f, c, 8);
	}
	return fclose(f) != 0;
}
