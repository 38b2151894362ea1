/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Test helper: a reader of the FIFO given that takes nothing (an attacker
 * that planted it, or a reader that stopped), with the pipe's buffer cut
 * to one page so that a writer fills it at once.
 *   fifohold FIFO SECONDS OUT [crawl|quit]
 *       open FIFO for reading, print "open" on stdout, wait SECONDS (with
 *       crawl: reading a page every 3 seconds meanwhile, just often enough
 *       that a writer never waits 3 s at once), then copy whatever the
 *       FIFO holds to OUT (what leaked); with quit, exit instead, leaving
 *       the writer without a reader */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char buf[4096];
	ssize_t n;
	FILE *out;
	int fd;

	if (argc != 4 && argc != 5)
		return 2;
	fd = open(argv[1], O_RDONLY | O_NONBLOCK);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	fcntl(fd, F_SETPIPE_SZ, 4096);
	printf("open\n");
	fflush(stdout);
	for (int i = 0; i < atoi(argv[2]); i++) {
		sleep(1);
		if (argc == 5 && argv[4][0] == 'c' && i % 3 == 2 &&
		    read(fd, buf, sizeof buf) < 0)
			continue;
	}
	if (argc == 5 && argv[4][0] == 'q')
		return 0;
	out = fopen(argv[3], "w");
	if (!out)
		return 1;
	while ((n = read(fd, buf, sizeof buf)) > 0)
		fwrite(buf, 1, (size_t)n, out);
	fclose(out);
	return 0;
}
