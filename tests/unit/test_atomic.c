/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_atomic: util_write_file() and util_out_open(), the one writer of
 * files: atomic replacement, the mode of a replaced file, the temporary
 * file's name, symbolic links (at the name, or appearing while writing),
 * FIFOs and devices (named or not, without a reader, a reader that stops),
 * sockets, tgprof's own descriptors by name, files of another user (as
 * root), refusing an existing file, and the temporary file removed on a
 * failed write, util_die() and SIGINT, SIGTERM, SIGHUP. */
#include "config.h"
#include "util.h"
#include "unit.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char dir[] = "/tmp/tgprof-atomic-XXXXXX";

static void skip(const char *name, const char *why)
{
	printf("SKIP: %s (%s)\n", name, why);
	fflush(stdout);
}

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

static int fill_kill(FILE *out, void *ctx)
{
	fputs("partial", out);
	fflush(out);
	kill(getpid(), *(int *)ctx);
	return 0;
}

/* the name of the temporary file being written, seen from inside */
static char tmp_seen[2][64];
static int tmp_mode_ok;
static int fill_look(FILE *out, void *ctx)
{
	char *seen = ctx;
	DIR *d = opendir(dir);
	struct dirent *de;
	struct stat st;
	while (d && (de = readdir(d)))
		if (strncmp(de->d_name, ".tgprof-tmp.", 12) == 0) {
			snprintf(seen, 64, "%.63s", de->d_name);
			tmp_mode_ok = fstatat(dirfd(d), de->d_name, &st,
					      AT_SYMLINK_NOFOLLOW) == 0 &&
				      S_ISREG(st.st_mode) && (st.st_mode & 0777) == 0600;
		}
	if (d)
		closedir(d);
	fputs("looked\n", out);
	return 0;
}

/* plants CTX ("link:TARGET" or "file") at the name while it is written */
static const char *plant_at;
static int fill_plant(FILE *out, void *ctx)
{
	const char *what = ctx;
	fputs("planted\n", out);
	if (strncmp(what, "link:", 5) == 0) {
		if (symlink(what + 5, plant_at) != 0)
			return -1;
	} else {
		FILE *f = fopen(plant_at, "w");
		if (!f)
			return -1;
		fputs("theirs\n", f);
		fclose(f);
	}
	return 0;
}

static int fill_big(FILE *out, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < 4096; i++)
		fputs("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde\n",
		      out);
	return 0;
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

static int same(const char *path, const char *want)
{
	char *got = slurp(path);
	return got && strcmp(got, want) == 0;
}

static int put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f);
}

static int leftovers(void)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int n = 0;
	if (!d)
		return -1;
	while ((de = readdir(d)))
		n += strncmp(de->d_name, ".tgprof-tmp.", 12) == 0;
	closedir(d);
	return n;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void at(char *buf, const char *name)
{
	snprintf(buf, 256, "%s/%s", dir, name);
}

static void basics(void)
{
	char path[256], msg[1024];
	long size;
	struct stat st;

	at(path, "out");
	int r = util_write_file(path, 0, fill_text, "one\n", &size, msg, sizeof msg);
	check(r == 0 && same(path, "one\n") && size == 4, "new file", msg);
	check(stat(path, &st) == 0 && (st.st_mode & 0444) == 0444,
	      "a new file gets 0666 less the umask, not the temporary file's 0600", NULL);

	chmod(path, 0640);
	r = util_write_file(path, 0, fill_text, "two\n", NULL, msg, sizeof msg);
	check(r == 0 && same(path, "two\n") && stat(path, &st) == 0 &&
		      (st.st_mode & 0777) == 0640,
	      "a replaced file keeps its mode", msg);

	r = util_write_file(path, 0, fill_fail, NULL, NULL, msg, sizeof msg);
	check(r == -1 && same(path, "two\n") && strstr(msg, path),
	      "a failed write leaves the old file and names it", msg);
	check(leftovers() == 0, "no temporary file left", NULL);

	r = util_write_file(path, 0, fill_look, tmp_seen[0], NULL, msg, sizeof msg);
	r |= util_write_file(path, 0, fill_look, tmp_seen[1], NULL, msg, sizeof msg);
	check(r == 0 && strlen(tmp_seen[0]) == 28 && strlen(tmp_seen[1]) == 28 &&
		      strcmp(tmp_seen[0], tmp_seen[1]) != 0 && tmp_mode_ok,
	      "the temporary file: a new random name each time, mode 0600 while written",
	      tmp_seen[0]);

	at(path, "new");
	r = util_write_file(path, UTIL_WRITE_NEW, fill_text, "new\n", NULL, msg,
			    sizeof msg);
	check(r == 0 && same(path, "new\n"), "UTIL_WRITE_NEW creates a new file", msg);
	r = util_write_file(path, UTIL_WRITE_NEW, fill_text, "again\n", NULL, msg,
			    sizeof msg);
	check(r == UTIL_WRITE_EXISTS && same(path, "new\n") && strstr(msg, path),
	      "UTIL_WRITE_NEW refuses an existing file", msg);
	at(path, "appears");
	plant_at = path;
	r = util_write_file(path, UTIL_WRITE_NEW, fill_plant, "file", NULL, msg,
			    sizeof msg);
	check(r == UTIL_WRITE_EXISTS && same(path, "theirs\n"),
	      "UTIL_WRITE_NEW: a file created while writing is kept", msg);
	check(leftovers() == 0, "no temporary file left after a refusal", NULL);

	check(util_write_file(dir, 0, fill_text, "x", NULL, msg, sizeof msg) == -1 &&
		      strstr(msg, "directory"),
	      "a directory is refused", msg);
	snprintf(path, sizeof path, "%s/", dir);
	check(util_write_file(path, 0, fill_text, "x", NULL, msg, sizeof msg) == -1 &&
		      strstr(msg, "directory"),
	      "a name ending in / is refused", msg);
	snprintf(path, sizeof path, "%s/no/such/out", dir);
	check(util_write_file(path, 0, fill_text, "x", NULL, msg, sizeof msg) == -1 &&
		      strstr(msg, path),
	      "a missing directory is an error naming the file", msg);
	check(util_write_file("", 0, fill_text, "x", NULL, msg, sizeof msg) == -1,
	      "an empty name is an error", msg);
	check(leftovers() == 0, "no temporary file left after errors", NULL);
}

static void links(void)
{
	char path[256], victim[256], msg[1024];
	struct stat st;

	at(victim, "victim");
	put(victim, "victim\n");
	at(path, "link");
	if (symlink("victim", path) != 0)
		check(0, "symlink", strerror(errno));
	for (int flags = 0; flags <= UTIL_WRITE_NAMED; flags++) {
		int r = util_write_file(path, flags, fill_text, "evil\n", NULL, msg,
					sizeof msg);
		checkf(r == -1 && same(victim, "victim\n") && lstat(path, &st) == 0 &&
			       S_ISLNK(st.st_mode) && strstr(msg, "symbolic link"),
		       "a symbolic link at the name is refused, not followed (flags %d)",
		       flags);
	}
	/* a dangling link: following it would create the file it names */
	at(path, "dangling");
	if (symlink("created-through-link", path) != 0)
		check(0, "symlink", strerror(errno));
	at(victim, "created-through-link");
	check(util_write_file(path, UTIL_WRITE_NAMED, fill_text, "evil\n", NULL, msg,
			      sizeof msg) == -1 &&
		      access(victim, F_OK) != 0,
	      "a dangling symbolic link is refused, nothing created through it", msg);

	/* a link planted while the file is written: refused at the rename */
	at(victim, "victim");
	at(path, "planted");
	plant_at = path;
	int r = util_write_file(path, 0, fill_plant, "link:victim", NULL, msg,
				sizeof msg);
	check(r == -1 && same(victim, "victim\n") && lstat(path, &st) == 0 &&
		      S_ISLNK(st.st_mode),
	      "a symbolic link planted while writing is refused", msg);
	check(leftovers() == 0, "no temporary file left", NULL);
	unlink(path);
}

/* A reader of FIFO in a child: reads all into OUT, or with STALL opens it
 * and reads nothing for 15 s. */
static pid_t reader(const char *fifo, const char *out, int stall)
{
	pid_t pid = fork();
	if (pid == 0) {
		int in = open(fifo, O_RDONLY);
		if (stall) {
			sleep(15);
			_exit(0);
		}
		int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		char b[512];
		ssize_t n;
		while ((n = read(in, b, sizeof b)) > 0)
			if (write(fd, b, (size_t)n) != n)
				_exit(1);
		_exit(0);
	}
	return pid;
}

static void fifos(void)
{
	char fifo[256], got[256], msg[1024];
	struct stat st;
	int status;

	at(fifo, "fifo");
	at(got, "fromfifo");
	if (mkfifo(fifo, 0600) != 0)
		check(0, "mkfifo", strerror(errno));
	double t0 = now();
	int r = util_write_file(fifo, 0, fill_text, "x\n", NULL, msg, sizeof msg);
	check(r == -1 && strstr(msg, "FIFO") && now() - t0 < 1,
	      "a FIFO at a name tgprof chose is refused at once", msg);

	pid_t pid = reader(fifo, got, 0);
	long size = 0;
	r = util_write_file(fifo, UTIL_WRITE_NAMED, fill_text, "via fifo\n", &size, msg,
			    sizeof msg);
	waitpid(pid, &status, 0);
	check(r == 0 && same(got, "via fifo\n") && size == 9 && lstat(fifo, &st) == 0 &&
		      S_ISFIFO(st.st_mode),
	      "a FIFO named as the output is written in place", msg);

	t0 = now();
	r = util_write_file(fifo, UTIL_WRITE_NAMED, fill_text, "x\n", NULL, msg,
			    sizeof msg);
	double t = now() - t0;
	checkf(r == -1 && strstr(msg, "nobody opened") && t > 4 && t < 8,
	       "a named FIFO nobody opens: an error after 5 s, not a hang (%.1f s)", t);

	pid = reader(fifo, got, 1);
	t0 = now();
	r = util_write_file(fifo, UTIL_WRITE_NAMED, fill_big, NULL, NULL, msg,
			    sizeof msg);
	t = now() - t0;
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	checkf(r == -1 && strstr(msg, "nobody read") && t > 4 && t < 9,
	       "a named FIFO whose reader stops: an error after 5 s (%.1f s)", t);
	check(signal(SIGPIPE, SIG_DFL) == SIG_DFL, "SIGPIPE is as it was after a FIFO",
	      NULL);

	/* the reader goes away half way: an error, not death by SIGPIPE */
	pid = fork();
	if (pid == 0) {
		int in = open(fifo, O_RDONLY);
		char b[16];
		if (read(in, b, sizeof b) < 0)
			_exit(1);
		_exit(0);
	}
	r = util_write_file(fifo, UTIL_WRITE_NAMED, fill_big, NULL, NULL, msg,
			    sizeof msg);
	waitpid(pid, &status, 0);
	check(r == -1 && strstr(msg, fifo),
	      "a FIFO whose reader leaves: an error message", msg);
	unlink(fifo);

	r = util_write_file("/dev/null", UTIL_WRITE_NAMED, fill_text, "x\n", NULL, msg,
			    sizeof msg);
	check(r == 0 && stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode),
	      "/dev/null named as the output is written into", msg);
	r = util_write_file("/dev/null", 0, fill_text, "x\n", NULL, msg, sizeof msg);
	check(r == -1 && strstr(msg, "device"),
	      "a device at a name tgprof chose is refused", msg);

	char sock[256];
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	at(sock, "sock");
	snprintf(sa.sun_path, sizeof sa.sun_path, "%.100s", sock);
	int s = socket(AF_UNIX, SOCK_STREAM, 0);
	if (s < 0 || bind(s, (struct sockaddr *)&sa, sizeof sa) != 0)
		check(0, "socket", strerror(errno));
	r = util_write_file(sock, UTIL_WRITE_NAMED, fill_text, "x\n", NULL, msg,
			    sizeof msg);
	check(r == -1 && strstr(msg, "socket"), "a socket is refused", msg);
	close(s);
	unlink(sock);
}

static void streams(void)
{
	char path[256], name[64], msg[1024];
	int p[2];

	if (pipe(p) != 0)
		check(0, "pipe", strerror(errno));
	snprintf(name, sizeof name, "/dev/fd/%d", p[1]);
	int r = util_write_file(name, UTIL_WRITE_NAMED, fill_text, "by fd\n", NULL, msg,
				sizeof msg);
	close(p[1]);
	char b[64] = "";
	ssize_t n = read(p[0], b, sizeof b - 1);
	close(p[0]);
	check(r == 0 && n == 6 && strncmp(b, "by fd\n", 6) == 0,
	      "/dev/fd/N is the open descriptor N", msg);
	r = util_write_file("/proc/self/fd/999", UTIL_WRITE_NAMED, fill_text, "x", NULL,
			    msg, sizeof msg);
	check(r == -1 && strstr(msg, "not open"),
	      "a descriptor that is not open: an error", msg);

	/* /dev/stdout on a regular file: written where the file is, the file
	 * itself not replaced (the shell's redirection holds it) */
	at(path, "stdout");
	put(path, "before\n");
	struct stat st0, st1;
	stat(path, &st0);
	pid_t pid = fork();
	if (pid == 0) {
		int fd = open(path, O_WRONLY | O_APPEND);
		if (fd < 0 || dup2(fd, 1) < 0)
			_exit(1);
		printf("printed\n");
		_exit(util_write_file("/dev/stdout", UTIL_WRITE_NAMED, fill_text,
				      "exported\n", NULL, msg, sizeof msg) == 0 &&
				      fflush(stdout) == 0
			      ? 0
			      : 1);
	}
	int status;
	waitpid(pid, &status, 0);
	stat(path, &st1);
	check(WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
		      same(path, "before\nprinted\nexported\n") &&
		      st0.st_ino == st1.st_ino,
	      "/dev/stdout: written in order after what was printed, not replaced",
	      slurp(path));
}

/* SIG while writing PATH, whose old content is "old\n": with the default
 * action, a handler that dies (the browser's), or ignored. */
static void signal_case(int sig, const char *sname)
{
	char path[256], mark[256], msg[1024];
	int status;

	at(path, "sig");
	at(mark, "handled");
	put(path, "old\n");
	unlink(mark);
	pid_t pid = fork();
	if (pid == 0) {
		fclose(stdout);
		util_write_file(path, 0, fill_kill, &sig, NULL, msg, sizeof msg);
		_exit(0);
	}
	waitpid(pid, &status, 0);
	checkf(WIFSIGNALED(status) && WTERMSIG(status) == sig && same(path, "old\n") &&
		       leftovers() == 0,
	       "%s while writing: the temporary file is removed, tgprof dies of it",
	       sname);
}

static const char *mark_path;
static void on_sig_mark(int sig)
{
	int fd = open(mark_path, O_WRONLY | O_CREAT, 0600);
	if (fd >= 0)
		close(fd);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void signals(void)
{
	char path[256], mark[256], msg[1024];
	int status, sig = SIGTERM;

	signal_case(SIGINT, "SIGINT");
	signal_case(SIGTERM, "SIGTERM");
	signal_case(SIGHUP, "SIGHUP");

	at(path, "sig");
	at(mark, "handled");
	mark_path = mark;
	unlink(mark);
	pid_t pid = fork();
	if (pid == 0) {
		fclose(stdout);
		signal(SIGTERM, on_sig_mark);
		util_write_file(path, 0, fill_kill, &sig, NULL, msg, sizeof msg);
		_exit(0);
	}
	waitpid(pid, &status, 0);
	check(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM &&
		      access(mark, F_OK) == 0 && leftovers() == 0,
	      "a handler there before (the browser's) still runs after the cleanup",
	      NULL);

	sig = SIGHUP;
	pid = fork();
	if (pid == 0) {
		fclose(stdout);
		signal(SIGHUP, SIG_IGN);
		_exit(util_write_file(path, 0, fill_kill, &sig, NULL, msg, sizeof msg) ==
				      0
			      ? 0
			      : 1);
	}
	waitpid(pid, &status, 0);
	check(WIFEXITED(status) && WEXITSTATUS(status) == 0 && same(path, "partial") &&
		      leftovers() == 0,
	      "an ignored SIGHUP (nohup) stays ignored and the file is written", NULL);

	struct sigaction sa;
	sigaction(SIGTERM, NULL, &sa);
	check(sa.sa_handler == SIG_DFL, "the handlers are removed after a write", NULL);

	/* util_die() in the middle: the old file stays, no temporary left */
	put(path, "old\n");
	pid = fork();
	if (pid == 0) {
		fclose(stderr); /* the deliberate message is not a test result */
		fclose(stdout);
		util_write_file(path, 0, fill_die, NULL, NULL, msg, sizeof msg);
		_exit(0);
	}
	waitpid(pid, &status, 0);
	check(WIFEXITED(status) && WEXITSTATUS(status) == 1 && same(path, "old\n") &&
		      leftovers() == 0,
	      "util_die() during a write leaves no temporary", NULL);
}

/* As root: files of another user (uid 12345, no account needed) are never
 * replaced or written into, also in that user's own directory. */
static void other_user(void)
{
	const uid_t them = 12345;
	char sub[256], path[256], fifo[256], msg[1024];
	static const char *const names[] = {
		"another user's file is not replaced",
		"another user's FIFO is not written into, even named",
		"in another user's directory: their file is not replaced",
		"in another user's directory: a new file is written",
		"not root: root's FIFO in a directory others can write is refused",
		"not root: /dev/null (root's, in a directory only root writes) is "
		"written",
	};

	if (geteuid() != 0) {
		for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
			skip(names[i], "needs root");
		return;
	}
	at(path, "theirs");
	put(path, "theirs\n");
	if (chown(path, them, them) != 0)
		check(0, "chown", strerror(errno));
	int r = util_write_file(path, UTIL_WRITE_NAMED, fill_text, "mine\n", NULL, msg,
				sizeof msg);
	check(r == -1 && same(path, "theirs\n") && strstr(msg, "another user"), names[0],
	      msg);

	at(fifo, "theirfifo");
	if (mkfifo(fifo, 0666) != 0 || chown(fifo, them, them) != 0)
		check(0, "mkfifo", strerror(errno));
	double t0 = now();
	r = util_write_file(fifo, UTIL_WRITE_NAMED, fill_text, "x\n", NULL, msg,
			    sizeof msg);
	check(r == -1 && strstr(msg, "another user") && now() - t0 < 1, names[1], msg);

	at(sub, "home");
	if (mkdir(sub, 0755) != 0 || chown(sub, them, them) != 0)
		check(0, "mkdir", strerror(errno));
	snprintf(path, sizeof path, "%.200s/gmon.sum", sub);
	put(path, "theirs\n");
	if (chown(path, them, them) != 0)
		check(0, "chown", strerror(errno));
	r = util_write_file(path, 0, fill_text, "mine\n", NULL, msg, sizeof msg);
	check(r == -1 && same(path, "theirs\n"), names[2], msg);
	snprintf(path, sizeof path, "%.200s/new", sub);
	struct stat st;
	r = util_write_file(path, 0, fill_text, "mine\n", NULL, msg, sizeof msg);
	check(r == 0 && same(path, "mine\n") && stat(path, &st) == 0 && st.st_uid == 0,
	      names[3], msg);

	/* the other way round: a user writing into root's FIFO in a
	 * directory anyone can write (someone could have moved it there) */
	at(sub, "open");
	chmod(dir, 0755); /* mkdtemp's 0700 would keep them out */
	snprintf(fifo, sizeof fifo, "%.200s/rootfifo", sub);
	if (mkdir(sub, 01777) != 0 || chmod(sub, 01777) != 0 || mkfifo(fifo, 0666) != 0 ||
	    chmod(fifo, 0666) != 0)
		check(0, "mkfifo", strerror(errno));
	int p[2];
	if (pipe(p) != 0)
		check(0, "pipe", strerror(errno));
	pid_t pid = fork();
	if (pid == 0) {
		char m[1024], out[2100];
		close(p[0]);
		if (setgid(them) != 0 || setuid(them) != 0)
			_exit(1);
		int a = util_write_file(fifo, UTIL_WRITE_NAMED, fill_text, "x\n", NULL, m,
					sizeof m);
		int b = util_write_file("/dev/null", UTIL_WRITE_NAMED, fill_text, "x\n",
					NULL, out, sizeof out);
		snprintf(out, sizeof out, "%d %d %s", a, b, m);
		if (write(p[1], out, strlen(out)) < 0)
			_exit(1);
		_exit(0);
	}
	close(p[1]);
	char res[2100] = "";
	ssize_t n = read(p[0], res, sizeof res - 1);
	close(p[0]);
	int status;
	waitpid(pid, &status, 0);
	res[n > 0 ? n : 0] = 0;
	check(strncmp(res, "-1 ", 3) == 0 && strstr(res, "another user"), names[4], res);
	check(strncmp(res + 3, "0 ", 2) == 0, names[5], res);
}

int main(void)
{
	if (!mkdtemp(dir)) {
		check(0, "scratch directory", strerror(errno));
		return 1;
	}
	basics();
	links();
	streams();
	signals();
	other_user();
	fifos();

	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		check(0, "remove the scratch directory", dir);
	return unit_finish();
}
