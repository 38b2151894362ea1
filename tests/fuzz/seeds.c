/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Write the seed corpus of fuzz_gmon into the directory given: one valid
 * file of each format and address layout, with fuzz_gmon's control byte
 * in front (see fuzz_gmon.c). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char buf[4096];
static size_t len;
static int asz, be;

static void put(uint64_t v, int n)
{
	for (int i = 0; i < n; i++) {
		int sh = 8 * (be ? n - 1 - i : i);
		buf[len++] = (unsigned char)(sh < 64 ? v >> sh : 0);
	}
}

static void start(unsigned control, int a, int b)
{
	len = 0;
	asz = a;
	be = b;
	buf[len++] = (unsigned char)control;
}

static void save(const char *dir, const char *name)
{
	char path[1024];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f || fwrite(buf, 1, len, f) != len || fclose(f)) {
		perror(path);
		exit(1);
	}
}

static void gnu(unsigned version)
{
	memcpy(buf + len, "gmon", 4);
	len += 4;
	put(version, 4);
	put(0, 4);
	put(0, 4);
	put(0, 4);
	/* histogram: 8 bins over 32 bytes */
	put(0, 1);
	put(0x1000, asz);
	put(0x1020, asz);
	put(8, 4);
	put(100, 4);
	memcpy(buf + len, "seconds\0\0\0\0\0\0\0\0s", 16);
	len += 16;
	for (int i = 0; i < 8; i++)
		put(i * 3, 2);
	for (int i = 0; i < 3; i++) {
		put(1, 1);
		put(0x1004 + 8 * i, asz);
		put(0x1010, asz);
		put(5 + i, 4);
	}
	put(2, 1);
	put(2, 4);
	put(0x1008, asz);
	put(4, asz);
	put(0x100c, asz);
	put(1, asz);
}

static void bsd(int is44)
{
	put(0x1000, asz);
	put(0x1020, asz);
	put((is44 ? 2 * asz + 24 : 2 * asz + 4) + 16, 4);
	if (is44) {
		put(0x00051879, 4);
		put(1000, 4);
		put(0, 12);
	}
	for (int i = 0; i < 8; i++)
		put(i, 2);
	for (int i = 0; i < 2; i++) {
		put(0x1004 + 8 * i, asz);
		put(0x1010, asz);
		put(7, asz);
	}
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: seeds DIR\n");
		return 2;
	}
	/* control: bit 0 4-byte addresses, bit 1 big-endian, bits 2-4
	 * format (0 auto, 1 GNU, 2 4.4BSD, 3 BSD), bits 5-6 files - 1 */
	start(0x60, 8, 0); gnu(1); save(argv[1], "gnu1-64le");
	start(0x60, 8, 0); gnu(0); save(argv[1], "gnu0-64le");
	start(0x63, 4, 1); gnu(1); save(argv[1], "gnu1-32be");
	start(0x64, 8, 0); gnu(1); save(argv[1], "gnu1-64le-forced");
	start(0x60, 8, 0); bsd(1); save(argv[1], "bsd44-64le");
	start(0x69, 4, 0); bsd(1); save(argv[1], "bsd44-32le-forced");
	start(0x60, 8, 0); bsd(0); save(argv[1], "bsd-64le");
	start(0x6f, 4, 1); bsd(0); save(argv[1], "bsd-32be-forced");
	/* two files summed */
	start(0x20, 8, 0); gnu(1); {
		size_t n = len - 1;
		memcpy(buf + len, buf + 1, n);
		len += n;
	}
	save(argv[1], "gnu1-twice");
	return 0;
}
