/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* control: start-up, exit, files and control of libtgmon.
 *
 * This file takes glibc's place: gcrt1.o (linked by gcc -pg) calls
 * __monstartup(&__executable_start, &etext) before main and registers
 * _mcleanup with atexit; programs may call moncontrol().  Defining those
 * names here, ahead of libc in the search order (-ltgmon or LD_PRELOAD),
 * means glibc's profil() timer and its gmon.out writer never run.
 *
 * Writing a file is done under one lock whose holder is a thread id, so it
 * can happen from a signal handler: a signal handler in another thread
 * that finds the lock held leaves a note ("pending") that the writer
 * serves before letting go, or answers tgprof-ctl "busy" so that it asks
 * again.  The holder runs with every signal blocked and cancellation
 * disabled, so nothing can end its thread or unwind it while it holds the
 * lock (pthread_cancel, pthread_exit or exit in a signal handler), nor
 * interrupt a file half written: a signal that comes meanwhile is handled
 * once the lock is free, and an exit() then writes the profile as at any
 * exit.  Everything on that path is async-signal-safe: system calls, our
 * own number formatting and sort, mmap for scratch memory. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "ctlproto.h"
#include "gfile.h"
#include "objmap.h"
#include "record.h"
#include "sample.h"
#include "tgmon.h"

/* glibc's profiling entry points, which libtgmon replaces (no glibc header
 * declares all of them). */
void moncontrol(int mode);
void __monstartup(unsigned long lowpc, unsigned long highpc);
void monstartup(unsigned long lowpc, unsigned long highpc);
void _mcleanup(void);

#define EXPORT     __attribute__((visibility("default")))
#define LOAD(p)    __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define DEFAULT_HZ 100
#define MAX_HZ     100000

static struct {
	int called; /* __monstartup was called: the program has -pg code */
	int started, finished;
	uintptr_t lowpc, highpc; /* run-time addresses, TGSAMP_BIN-aligned */
	uintptr_t bias;          /* run-time minus link-time address */
	unsigned hz;
	int on;
	int sig;      /* control signal, 0 for none */
	unsigned seq; /* files written, for %n */
	int named;    /* the pattern is the user's (TGFILE_NAMED), not gmon.out */
	char pattern[PATH_MAX];
} st;

static int lock_tid;     /* holder of the writing lock, 0 if free */
static int pending_dump; /* a plain control signal found the lock held */
static struct {
	sigset_t mask; /* the holder's signal mask and cancel state before */
	int cancel;
} held;
static struct tgfile out;

/* "tgmon: A B C..." and a newline on stderr, in one write. */
static void say(const char *first, ...)
{
	char buf[1024];
	size_t len = 0;
	const char *s;
	va_list ap;

	memcpy(buf, "tgmon: ", 7);
	len = 7;
	va_start(ap, first);
	for (s = first; s; s = va_arg(ap, const char *)) {
		size_t n = strlen(s);
		if (n > sizeof buf - 1 - len)
			n = sizeof buf - 1 - len;
		memcpy(buf + len, s, n);
		len += n;
	}
	va_end(ap);
	buf[len++] = '\n';
	while (write(2, buf, len) < 0 && errno == EINTR)
		;
}

static const char *errtext(int err)
{
	const char *s = strerrordesc_np(err);

	return s ? s : "unknown error";
}

static int my_tid(void)
{
	return (int)syscall(SYS_gettid);
}

static int take(int from)
{
	return __atomic_compare_exchange_n(&lock_tid, &from, my_tid(), 0,
					   __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

/* Take the lock if its holder is FROM (0: free), blocking every signal
 * and disabling cancellation first (restored by unlock). */
static int lock_from(int from)
{
	sigset_t all, mask;
	int cancel;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &mask);
	pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &cancel);
	if (take(from)) {
		held.mask = mask;
		held.cancel = cancel;
		return 1;
	}
	pthread_setcancelstate(cancel, NULL);
	pthread_sigmask(SIG_SETMASK, &mask, NULL);
	return 0;
}

static int try_lock(void)
{
	return lock_from(0);
}

/* Wait for the lock outside signal handlers (signals are not blocked
 * while waiting).  A holder whose thread no longer exists cannot have
 * gone through the sections above, but if one did (a fault handler that
 * ended its thread), its file is given up and the lock taken over.
 * Fails with EDEADLK when the caller holds the lock. */
static int wait_lock(void)
{
	struct timespec ms = { 0, 1000000 };
	int holder;

	while (!try_lock()) {
		holder = LOAD(&lock_tid);
		if (holder == my_tid()) {
			errno = EDEADLK;
			return -1;
		}
		if (holder != 0 && syscall(SYS_tgkill, getpid(), holder, 0) != 0 &&
		    errno == ESRCH && lock_from(holder)) {
			tgfile_abandon(&out);
			tgobj_commit(0);
			return 0;
		}
		nanosleep(&ms, NULL);
	}
	return 0;
}

static int write_profile(const char *pattern, int named, int reset);
static void unlock(void);

/* The writing lock for objmap.c's scans (outside signal handlers). */
__attribute__((visibility("hidden"))) int tgmon_wlock(void)
{
	return wait_lock();
}

__attribute__((visibility("hidden"))) void tgmon_wunlock(void)
{
	unlock();
}

/* Serve the dumps asked for meanwhile, let go, and give the thread its
 * signals and cancellation back. */
static void unlock(void)
{
	sigset_t mask = held.mask;
	int cancel = held.cancel;

	for (;;) {
		while (__atomic_exchange_n(&pending_dump, 0, __ATOMIC_ACQ_REL))
			write_profile(st.pattern, st.named, 0);
		__atomic_store_n(&lock_tid, 0, __ATOMIC_RELEASE);
		if (!LOAD(&pending_dump) || !take(0))
			break;
	}
	pthread_setcancelstate(cancel, NULL);
	pthread_sigmask(SIG_SETMASK, &mask, NULL);
}

/* Write the profile to the file PATTERN names (NAMED: the user's name, see
 * TGFILE_NAMED); with RESET, start a new profile in the same step.  Called
 * with the lock held.  Returns 0, or -1 with errno set after a message
 * naming the file. */
static int write_profile(const char *pattern, int named, int reset)
{
	char path[PATH_MAX];
	size_t bound, nbins, narcs, len, i;
	struct tgrec_arc *arcs;
	uint32_t *bins;
	uint64_t low = st.lowpc - st.bias;
	const char *bad;
	unsigned hz;
	int err;
	void *m;

	if (tgfile_name(path, sizeof path, pattern, st.seq++) != 0) {
		say("cannot write profile: file name too long: ", pattern, NULL);
		errno = ENAMETOOLONG;
		return -1;
	}
	bound = tgrec_bound();
	nbins = tgsamp_nbins();
	len = bound * sizeof *arcs + nbins * sizeof *bins + 1;
	m = mmap(NULL, len, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (m == MAP_FAILED) {
		err = errno;
		say("cannot write profile ", path, ": ", errtext(err), NULL);
		errno = err;
		return -1;
	}
	arcs = m;
	bins = (uint32_t *)(arcs + bound);
	/* With RESET, what was read is taken out of the counts only once the
	 * file is in place: a file that could not be written leaves its
	 * counts to the next one, so the files still add up to the run. */
	narcs = tgrec_collect(arcs, bound, reset);
	for (i = 0; i < nbins; i++)
		bins[i] = tgsamp_take(i, 0);
	hz = tgsamp_rate();
	/* The other objects' files first: a reader that finds the new
	 * gmon.out finds the files that go with it. */
	out.why = 0;
	err = tgobj_write(&out, path, hz, reset, &bad);
	if (err != 0) {
		tgobj_commit(0);
		munmap(m, len);
		say("cannot write profile ", bad, ": ", tgfile_errtext(&out, err),
		    reset ? "; its counts go into the next file" : "", NULL);
		errno = err;
		return -1;
	}
	err = tgfile_begin(&out, path, named ? TGFILE_NAMED : 0);
	if (err == 0) {
		tgfile_hist(&out, low, low + nbins * TGSAMP_BIN, hz, bins, nbins);
		for (i = 0; i < narcs; i++)
			tgfile_arc(&out, low + arcs[i].from_off, low + arcs[i].self_off,
				   arcs[i].count);
		err = tgfile_end(&out);
	}
	if (err == 0 && reset) {
		tgrec_commit();
		for (i = 0; i < nbins; i++)
			tgsamp_sub(i, bins[i]);
	}
	tgobj_commit(err == 0);
	munmap(m, len);
	if (err != 0) {
		say("cannot write profile ", path, ": ", tgfile_errtext(&out, err),
		    reset ? "; its counts go into the next file" : "", NULL);
		errno = err;
		return -1;
	}
	return 0;
}

static int not_started(void)
{
	if (LOAD(&st.started) && !LOAD(&st.finished))
		return 0;
	errno = ENOTSUP;
	return 1;
}

static int dump_common(const char *path, int reset)
{
	int r, err;

	if (not_started() || wait_lock() != 0)
		return -1;
	r = write_profile(path ? path : st.pattern, path ? 1 : st.named, reset);
	err = errno;
	unlock();
	errno = err;
	return r;
}

EXPORT int tgmon_dump(const char *path)
{
	return dump_common(path, 0);
}

EXPORT int tgmon_dump_reset(const char *path)
{
	return dump_common(path, 1);
}

static void reset_counts(void)
{
	size_t i, n = tgsamp_nbins();

	tgrec_reset();
	tgobj_reset();
	for (i = 0; i < n; i++)
		tgsamp_take(i, 1);
}

EXPORT int tgmon_reset(void)
{
	if (not_started() || wait_lock() != 0)
		return -1;
	reset_counts();
	unlock();
	return 0;
}

static void set_on(int on)
{
	st.on = on;
	tgrec_set_on(on);
	tgsamp_set_on(on);
}

EXPORT int tgmon_enable(int on)
{
	int was;

	if (not_started() || wait_lock() != 0)
		return -1;
	was = st.on;
	set_on(on != 0);
	unlock();
	return was;
}

/* glibc's switch, for programs that call it around the code they want. */
EXPORT void moncontrol(int mode)
{
	tgmon_enable(mode);
}

/* Serve a command from the control signal.  Never waits for the lock. */
static int serve(int cmd, int queued)
{
	int r = 0;

	if (!try_lock()) {
		if (queued)
			return TGCTL_BUSY;
		__atomic_store_n(&pending_dump, 1, __ATOMIC_RELEASE);
		return TGCTL_OK;
	}
	switch (cmd) {
	case TGCTL_DUMP: r = write_profile(st.pattern, st.named, 0); break;
	case TGCTL_SNAP: r = write_profile(st.pattern, st.named, 1); break;
	case TGCTL_RESET: reset_counts(); break;
	case TGCTL_ON:
	case TGCTL_OFF: set_on(cmd == TGCTL_ON); break;
	default: errno = EINVAL; r = -1;
	}
	if (r != 0)
		r = TGCTL_FAILED_ERRNO(errno);
	unlock();
	return r;
}

/* A signal sent by a process (si_code <= 0: kill, sigqueue, tgkill) is
 * obeyed only when its sender's uid is our real or effective one, so a
 * user the kernel lets signal us for another reason (root, or a sender
 * that forges the rest of siginfo with rt_sigqueueinfo) cannot make us
 * write files or answer.  Signals the kernel raises (a terminal's WINCH)
 * come from the user's own terminal and are obeyed. */
static int sender_ok(const siginfo_t *si)
{
	return si->si_code > 0 || si->si_uid == getuid() || si->si_uid == geteuid();
}

static void on_control(int sig, siginfo_t *si, void *ctx)
{
	(void)ctx; /* SA_SIGINFO's third argument; the context is not needed */
	int saved = errno;
	int v = si->si_value.sival_int;
	int queued = si->si_code == SI_QUEUE && (v >> 16) == TGCTL_MAGIC;
	int cmd = queued ? (v & 0xff) : TGCTL_DUMP;
	int status;

	if (!sender_ok(si)) {
		errno = saved;
		return;
	}
	if (not_started()) {
		status = TGCTL_FAILED;
	} else {
		status = serve(cmd, queued);
	}
	if (queued) {
		union sigval r;
		r.sival_int = TGCTL_REPLY(cmd, status);
		sigqueue(si->si_pid, sig, r);
	}
	errno = saved;
}

/* secure_getenv: in a setuid or setgid program (or one with file
 * capabilities) the environment belongs to the user who started it, so
 * none of it is read and the defaults apply, as glibc ignores
 * GMON_OUT_PREFIX there. */
static void read_environment(void)
{
	const char *hz = secure_getenv("TGMON_HZ");
	const char *outname = secure_getenv("TGMON_OUT");
	const char *prefix = secure_getenv("GMON_OUT_PREFIX");
	const char *sig = secure_getenv("TGMON_SIGNAL");

	st.hz = DEFAULT_HZ;
	if (hz && *hz) {
		char *end;
		long v = strtol(hz, &end, 10);
		if (*end != '\0' || v < 1 || v > MAX_HZ)
			say("TGMON_HZ=", hz, ": not a rate from 1 to 100000; using 100",
			    NULL);
		else
			st.hz = (unsigned)v;
	}
	/* Like glibc, GMON_OUT_PREFIX gives PREFIX.PID; TGMON_OUT wins. */
	if (outname && *outname) {
		if (strlen(outname) < sizeof st.pattern)
			strcpy(st.pattern, outname);
		else
			say("TGMON_OUT is too long; using gmon.out", NULL);
	} else if (prefix && *prefix && strlen(prefix) + 4 < sizeof st.pattern) {
		strcpy(st.pattern, prefix);
		strcat(st.pattern, ".%p");
	}
	st.named = st.pattern[0] != '\0';
	if (st.pattern[0] == '\0')
		strcpy(st.pattern, "gmon.out");
	if (sig && *sig) {
		st.sig = tgctl_parse_signal(sig);
		if (st.sig == 0)
			say("TGMON_SIGNAL=", sig,
			    ": not a signal libtgmon may use (fault signals, "
			    "KILL, STOP and PROF are not); no control signal",
			    NULL);
	}
}

static int first_object(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size; /* dl_iterate_phdr's callback signature */
	*(uintptr_t *)data = (uintptr_t)info->dlpi_addr;
	return 1;
}

/* A child's files must not overwrite its parent's: unless the pattern
 * has %p, the child's get ".PID" added (as with GMON_OUT_PREFIX). */
static void after_fork_child(void)
{
	const char *p;
	int has_pid = 0;

	for (p = st.pattern; *p; p++) {
		if (*p == '%' && p[1] == 'p')
			has_pid = 1;
		if (*p == '%' && p[1] != '\0')
			p++;
	}
	if (!has_pid && strlen(st.pattern) + 4 < sizeof st.pattern)
		memcpy(st.pattern + strlen(st.pattern), ".%p", 4);
	lock_tid = 0;
	pending_dump = 0;
	st.seq = 0;
	tgrec_after_fork();
	tgsamp_after_fork();
	tgobj_after_fork();
}

EXPORT void __monstartup(unsigned long lowpc, unsigned long highpc)
{
	int saved = errno;

	if (st.started)
		return;
	st.called = 1;
	read_environment();
	st.lowpc = lowpc & ~(uintptr_t)(TGSAMP_BIN - 1);
	st.highpc = (highpc + TGSAMP_BIN - 1) & ~(uintptr_t)(TGSAMP_BIN - 1);
	/* gprof wants link-time addresses: for a PIE, subtract the load
	 * address of the main program (the first object listed). */
	dl_iterate_phdr(first_object, &st.bias);
	if (st.highpc <= st.lowpc || tgrec_init(st.lowpc, st.highpc - st.lowpc) != 0 ||
	    tgsamp_init(st.lowpc, st.highpc, st.hz) != 0) {
		say("cannot start profiling: ", errtext(errno), NULL);
		errno = saved;
		return;
	}
	pthread_atfork(NULL, NULL, after_fork_child);
	if (st.sig) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_sigaction = on_control;
		sa.sa_flags = SA_SIGINFO | SA_RESTART;
		sigemptyset(&sa.sa_mask);
		sigaction(st.sig, &sa, NULL);
	}
	__atomic_store_n(&st.started, 1, __ATOMIC_RELEASE);
	if (tgobj_init(st.bias) != 0)
		say("cannot profile shared objects: ", errtext(errno), NULL);
	set_on(1);
	errno = saved;
}

EXPORT void monstartup(unsigned long lowpc, unsigned long highpc)
{
	__monstartup(lowpc, highpc);
}

/* libtgmon loaded (LD_PRELOAD, or linked) into a program that never called
 * __monstartup: it has no -pg code (gcrt1.o, which -pg links, calls it), so
 * nothing is counted and no profile is written.  Said once, at exit, where
 * it is known; a program that ends with _exit is not told. */
__attribute__((destructor)) static void no_pg_code(void)
{
	if (LOAD(&st.called))
		return;
	say(program_invocation_name,
	    ": the program has no -pg code (it was not built with -pg): nothing "
	    "was profiled and no profile is written",
	    NULL);
}

/* At exit: stop, write the file, say what could not be counted.  The
 * program's exit status and errno are left alone. */
EXPORT void _mcleanup(void)
{
	int saved = errno;
	uint64_t lost;

	if (not_started()) {
		errno = saved;
		return;
	}
	set_on(0);
	tgobj_scan();
	if (wait_lock() == 0) {
		__atomic_store_n(&st.finished, 1, __ATOMIC_RELEASE);
		write_profile(st.pattern, st.named, 0);
		unlock();
	} else {
		say("cannot write profile at exit: ", errtext(errno), NULL);
	}
	lost = tgrec_lost();
	if (lost > 0) {
		char num[24], *p = num + sizeof num - 1;
		*p = '\0';
		do
			*--p = (char)('0' + lost % 10);
		while ((lost /= 10) != 0);
		say(p, " calls were not counted: the arc tables were full", NULL);
	}
	errno = saved;
}
