/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_atomic: util_write_file(), the one writer of output files: atomic
 * replacement, the mode of a replaced file, symbolic links, a FIFO written
 * in place, a failed write leaving the old file, no temporary left. */
#include "config.h"
#include "util.h"
#include "unit.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static int fill_text(FILE *out, void *ctx)
{
	fputs(ctx, out);
	return 0;
}

/* writes half, then fails as a format writer would */
static int fill_fail(FILE *out, void *ctx)
{
	(void)ctx;
	fputs("partial", out);
	errno = ENOSPC;
	return -1;
}

/* dies half way, as a report does on a profile it cannot print */
static int fill_die(FILE *out, void *ctx)
{
	(void)ctx;
	fputs("partial", out);
	util_die("deliberate failure in the middle of a write");
}

static char *slurp(const char *path)
{
	static char buf[4096];
	FILE *f = fopen(path, "r");
	if (!f)
		return NULL;
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = 0;
	fclose(f);
	return buf;
}

static int count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int n = 0;
	if (!d)
		return -1;
	while ((de = readdir(d)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

int main(void)
{
	char dir[] = "/tmp/tgprof-atomic-XXXXXX", path[256], link[256], fifo[256];
	char msg[1024], *got;
	long size;
	struct stat st;

	if (!mkdtemp(dir)) {
		check(0, "scratch directory", strerror(errno));
		return 1;
	}
	snprintf(path, sizeof path, "%s/out", dir);

	int r = util_write_file(path, fill_text, "one\n", &size, msg, sizeof msg);
	got = slurp(path);
	check(r == 0 && got && !strcmp(got, "one\n") && size == 4, "new file", msg);
	check(stat(path, &st) == 0 && (st.st_mode & 0444) == 0444,
	      "a new file gets 0666 less the umask, not mkstemp's 0600", NULL);

	chmod(path, 0640);
	r = util_write_file(path, fill_text, "two\n", NULL, msg, sizeof msg);
	got = slurp(path);
	check(r == 0 && got && !strcmp(got, "two\n") && stat(path, &st) == 0 &&
		      (st.st_mode & 0777) == 0640,
	      "a replaced file keeps its mode", msg);

	r = util_write_file(path, fill_fail, NULL, NULL, msg, sizeof msg);
	got = slurp(path);
	check(r == -1 && got && !strcmp(got, "two\n") && strstr(msg, path),
	      "a failed write leaves the old file and names it", msg);
	check(count_entries(dir) == 1, "no temporary file left", NULL);

	/* a symbolic link: the link stays, the file it names is replaced */
	snprintf(link, sizeof link, "%s/link", dir);
	if (symlink("out", link) != 0)
		check(0, "symlink", strerror(errno));
	r = util_write_file(link, fill_text, "three\n", NULL, msg, sizeof msg);
	got = slurp(path);
	check(r == 0 && got && !strcmp(got, "three\n") && lstat(link, &st) == 0 &&
		      S_ISLNK(st.st_mode),
	      "through a symbolic link: the link stays", msg);

	/* a FIFO is written in place, not replaced by a file */
	snprintf(fifo, sizeof fifo, "%s/fifo", dir);
	if (mkfifo(fifo, 0600) != 0)
		check(0, "mkfifo", strerror(errno));
	char rd[256];
	snprintf(rd, sizeof rd, "%s/fromfifo", dir);
	pid_t pid = fork();
	if (pid == 0) {
		int in = open(fifo, O_RDONLY);
		int out = open(rd, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		char b[64];
		ssize_t n;
		while ((n = read(in, b, sizeof b)) > 0)
			if (write(out, b, (size_t)n) != n)
				_exit(1);
		_exit(0);
	}
	r = util_write_file(fifo, fill_text, "via fifo\n", NULL, msg, sizeof msg);
	int status = 0;
	waitpid(pid, &status, 0);
	got = slurp(rd);
	check(r == 0 && got && !strcmp(got, "via fifo\n") && lstat(fifo, &st) == 0 &&
		      S_ISFIFO(st.st_mode),
	      "a FIFO is written in place", msg);

	/* util_die() in the middle: the old file stays, no temporary left */
	snprintf(path, sizeof path, "%s/out", dir);
	pid_t dp = fork();
	if (dp == 0) {
		fclose(stderr); /* the deliberate message is not a test result */
		util_write_file(path, fill_die, NULL, NULL, msg, sizeof msg);
		_exit(0);
	}
	int dst = 0;
	waitpid(dp, &dst, 0);
	got = slurp(path);
	check(WIFEXITED(dst) && WEXITSTATUS(dst) == 1 && got && !strcmp(got, "three\n") &&
		      count_entries(dir) == 4,
	      "util_die() during a write leaves no temporary", NULL);

	check(util_write_file(dir, fill_text, "x", NULL, msg, sizeof msg) == -1 &&
		      strstr(msg, "directory"),
	      "a directory is refused", msg);
	snprintf(path, sizeof path, "%s/no/such/out", dir);
	check(util_write_file(path, fill_text, "x", NULL, msg, sizeof msg) == -1 &&
		      strstr(msg, path),
	      "a missing directory is an error naming the file", msg);
	check(count_entries(dir) == 4, "no temporary file left after errors", NULL);

	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		check(0, "remove the scratch directory", dir);
	return unit_finish();
}
