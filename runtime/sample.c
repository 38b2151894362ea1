/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sample: PC histogram from ITIMER_PROF (see sample.h). */
#include "config.h"

#include <elf.h>
#include <errno.h>
#include <link.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <ucontext.h>

#include "objmap.h"
#include "rawsys.h"
#include "sample.h"

#define HIDDEN  __attribute__((visibility("hidden")))
#define TLS_IE  __attribute__((tls_model("initial-exec")))
#define LOAD(p) __atomic_load_n((p), __ATOMIC_RELAXED)

static uint32_t *bins;
static size_t nbins;
static uintptr_t lowpc, span;
static uintptr_t vdso_lo, vdso_span; /* the vDSO's executable code */
static unsigned rate;
static uint64_t period_ns;
/* Signals that brought samples, the CPU time they stood for (each SIGPROF
 * of a thread's timer stands for 1 + its overrun count of periods), and
 * the samples counted from them (see count()): tgsamp_rate is samples
 * over that time. */
static uint64_t nsignals, span_ns, nsamples;
static int samp_on;
/* Bumped whenever sampling starts, so that CPU time a thread used while
 * sampling was off is not credited to its next sample.  The first start
 * makes it 1; a thread whose generation is 0 has not been sampled yet. */
static unsigned gen;
static __thread uint64_t last_cpu TLS_IE;
static __thread unsigned my_gen TLS_IE;
static __thread int my_timer TLS_IE; /* this thread has its own timer */
/* CPU time of this thread that its signals stood for and no sample has
 * counted yet (see count()). */
static __thread uint64_t credit TLS_IE;

static uint64_t thread_cpu_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* A sample in the vDSO (clock_gettime and the like, and the system calls
 * they fall back to, such as those for CPU-time clocks) counts for the
 * function that called into it: the vDSO keeps a frame pointer, so past
 * its prologue the return address is above the saved frame pointer, a few
 * words above the stack pointer; before (and after its epilogue) it is at
 * the stack pointer.  Returns the call's address, or 0 when the return
 * address found lies in the vDSO too. */
static uintptr_t vdso_caller(const ucontext_t *uc)
{
	uintptr_t sp = (uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
	uintptr_t bp = (uintptr_t)uc->uc_mcontext.gregs[REG_RBP];
	uintptr_t ra;

	if (bp - sp < 512 && (bp & 7) == 0)
		ra = *(const uintptr_t *)(bp + 8);
	else
		ra = *(const uintptr_t *)sp;
	if (ra - vdso_lo < vdso_span || ra == 0)
		return 0;
	return ra - 1;
}

/* The executable range of the vDSO, from its ELF header. */
static void find_vdso(void)
{
	const ElfW(Ehdr) *e = (const ElfW(Ehdr) *)getauxval(AT_SYSINFO_EHDR);
	const ElfW(Phdr) * ph;
	uintptr_t bias = 0, lo = UINTPTR_MAX, hi = 0;
	int i, first = 1;

	if (e == NULL)
		return;
	ph = (const ElfW(Phdr) *)((const char *)e + e->e_phoff);
	for (i = 0; i < e->e_phnum; i++) {
		if (ph[i].p_type != PT_LOAD)
			continue;
		if (first)
			bias = (uintptr_t)e - (ph[i].p_vaddr - ph[i].p_offset);
		first = 0;
		if (!(ph[i].p_flags & PF_X))
			continue;
		if (bias + ph[i].p_vaddr < lo)
			lo = bias + ph[i].p_vaddr;
		if (bias + ph[i].p_vaddr + ph[i].p_memsz > hi)
			hi = bias + ph[i].p_vaddr + ph[i].p_memsz;
	}
	if (hi > lo) {
		vdso_lo = lo;
		vdso_span = hi - lo;
	}
}

/* The CPU time one sample stands for, given the signals so far.
 *
 * The kernel checks CPU timers only at its tick, and a thread is checked
 * only at the ticks that find it running: a thread that runs whole ticks
 * is checked every tick of CPU time, one that shares its CPU (or runs on
 * a virtual CPU its host holds back) at irregular, often longer, spans.
 * So above the rate the kernel can deliver, threads get different
 * numbers of signals per CPU second, and a signal late by several periods
 * is common.  Counting each signal once would weight threads (and so
 * their functions) unequally; counting it 1 + overrun times would keep
 * the split but make counts vary several times more than sqrt(count),
 * which comparisons assume.  So samples are taken at a rate every thread
 * reaches: three quarters of the signals' rate over the process; a thread
 * whose signals come more often has some of them skipped (see count()).
 * When at most 2% of the CPU time came late, every signal counts (the
 * rate asked). */
static uint64_t sample_ns(uint64_t sig, uint64_t ns)
{
	if (sig == 0 || ns * 50 <= sig * period_ns * 51)
		return period_ns;
	return ns * 4 / (sig * 3);
}

/* Count samples at PC for a signal that stood for T ns of the calling
 * thread's CPU time, as many as its unsampled CPU time holds samples'
 * worth: one, so that counts vary like independent samples (one PC was
 * read), the CPU time left carried to the thread's next signal; more only
 * when what is left would exceed two samples' worth (a thread whose
 * signals came more rarely than samples, or a signal late by many
 * periods), so that no thread's CPU time is lost. */
static void count(const ucontext_t *uc, uintptr_t pc, uint64_t t)
{
	uint64_t sig = __atomic_add_fetch(&nsignals, 1, __ATOMIC_RELAXED);
	uint64_t ns = __atomic_add_fetch(&span_ns, t, __ATOMIC_RELAXED);
	uint64_t q = sample_ns(sig, ns), k;

	credit += t;
	k = credit / q;
	if (k == 0)
		return;
	if (k > 1)
		k = credit < 3 * q ? 1 : k - 1;
	credit -= k * q;
	__atomic_fetch_add(&nsamples, k, __ATOMIC_RELAXED);
	if (pc - vdso_lo < vdso_span)
		pc = vdso_caller(uc);
	if (pc - lowpc < span)
		__atomic_fetch_add(&bins[(pc - lowpc) / TGSAMP_BIN], (uint32_t)k,
				   __ATOMIC_RELAXED);
	else if (pc != 0)
		tgobj_sample(pc, (uint32_t)k);
}

static void on_prof(int sig, siginfo_t *si, void *ctx)
{
	(void)sig; /* only SIGPROF is installed here */
	int saved = errno;
	ucontext_t *uc = ctx;
	uintptr_t pc = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
	unsigned g = LOAD(&gen);
	uint64_t now, n;

	if (!LOAD(&samp_on))
		goto out;
	if (si->si_code == SI_TIMER) {
		n = 1 + (uint64_t)(si->si_overrun > 0 ? si->si_overrun : 0);
		goto add;
	}
	if (my_timer)
		goto out;
	now = thread_cpu_ns();
	if (my_gen != g || now < last_cpu) {
		/* A thread's first sample since profiling began stands for
		 * all its CPU time; after a restart, for one interval. */
		if (my_gen == 0 && g == 1)
			last_cpu = 0;
		else
			last_cpu = now >= period_ns ? now - period_ns : 0;
		my_gen = g;
	}
	n = (now - last_cpu) / period_ns;
	last_cpu += n * period_ns;
add:
	if (n > 0)
		count(uc, pc, n * period_ns);
out:
	errno = saved;
}

static void arm(int on)
{
	struct itimerval it;

	memset(&it, 0, sizeof it);
	if (on) {
		unsigned us = 1000000u / rate;
		it.it_interval.tv_sec = us / 1000000u;
		it.it_interval.tv_usec = us % 1000000u;
		it.it_value = it.it_interval;
	}
	setitimer(ITIMER_PROF, &it, NULL);
}

HIDDEN int tgsamp_init(uintptr_t low, uintptr_t high, unsigned hz)
{
	struct sigaction sa;
	void *m;

	lowpc = low;
	span = high - low;
	find_vdso();
	nbins = span / TGSAMP_BIN;
	rate = hz;
	period_ns = 1000000000u / hz;
	m = mmap(NULL, nbins * sizeof *bins + 1, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (m == MAP_FAILED)
		return -1;
	bins = m;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_prof;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	return sigaction(SIGPROF, &sa, NULL);
}

HIDDEN void tgsamp_set_on(int on)
{
	if (on)
		__atomic_fetch_add(&gen, 1, __ATOMIC_RELAXED);
	__atomic_store_n(&samp_on, on, __ATOMIC_RELEASE);
	arm(on);
}

HIDDEN unsigned tgsamp_rate(void)
{
	uint64_t n = LOAD(&nsamples), ns = LOAD(&span_ns), r;

	/* Within 2% of the rate asked: that rate (samples were taken at
	 * every signal, a few late). */
	if (n == 0 || ns * 50 <= n * period_ns * 51)
		return rate;
	r = (uint64_t)(((unsigned __int128)n * 1000000000u + ns / 2) / ns);
	return r > 0 ? (unsigned)r : 1;
}

HIDDEN size_t tgsamp_nbins(void)
{
	return nbins;
}

HIDDEN uint32_t tgsamp_take(size_t i, int reset)
{
	if (reset)
		return __atomic_exchange_n(&bins[i], 0, __ATOMIC_RELAXED);
	return LOAD(&bins[i]);
}

HIDDEN void tgsamp_sub(size_t i, uint32_t v)
{
	if (v)
		__atomic_fetch_sub(&bins[i], v, __ATOMIC_RELAXED);
}

HIDDEN int tgsamp_thread_begin(int old)
{
	struct sigevent sev;
	struct itimerspec its;
	int id = -1;

	if (old >= 0)
		rawsys(SYS_timer_delete, old, 0, 0, 0, 0, 0);
	my_timer = 0;
	if (period_ns == 0)
		return -1;
	/* Field by field: no memset from libc here.  The kernel reads only
	 * these for SIGEV_THREAD_ID. */
	sev.sigev_value.sival_ptr = NULL;
	sev.sigev_signo = SIGPROF;
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev._sigev_un._tid = (pid_t)rawsys(SYS_gettid, 0, 0, 0, 0, 0, 0);
	if (rawsys(SYS_timer_create, CLOCK_THREAD_CPUTIME_ID, (long)&sev, (long)&id, 0, 0,
		   0) != 0)
		return -1;
	its.it_interval.tv_sec = (time_t)(period_ns / 1000000000u);
	its.it_interval.tv_nsec = (long)(period_ns % 1000000000u);
	its.it_value = its.it_interval;
	if (rawsys(SYS_timer_settime, id, 0, (long)&its, 0, 0, 0) != 0) {
		rawsys(SYS_timer_delete, id, 0, 0, 0, 0, 0);
		return -1;
	}
	my_timer = 1;
	return id;
}

HIDDEN void tgsamp_after_fork(void)
{
	if (bins)
		memset(bins, 0, nbins * sizeof *bins);
	__atomic_fetch_add(&gen, 1, __ATOMIC_RELAXED);
	if (LOAD(&samp_on))
		arm(1);
}
