/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* record: per-thread arc tables behind mcount (see record.h).
 *
 * Compiled with -mgeneral-regs-only: mcount.S saves only the integer
 * registers, so nothing here may touch the vector registers that carry
 * arguments of the profiled function, nor call libc (see rawsys.h).
 *
 * So there is no pthread key to tell us when a thread ends: a table whose
 * owner no longer exists (tgkill with signal 0 says so) is free to take. */
#include "config.h"

#include <stddef.h>
#include <sys/mman.h>
#include <sys/syscall.h>

#include "rawsys.h"
#include "record.h"
#include "sample.h"
#include "tabfmt.h"

#define HIDDEN      __attribute__((visibility("hidden")))
#define TLS_IE      __attribute__((tls_model("initial-exec")))
#define LOAD(p)     __atomic_load_n((p), __ATOMIC_RELAXED)
#define STORE(p, v) __atomic_store_n((p), (v), __ATOMIC_RELAXED)

/* A key packs (from_off + 1) << 32 | self_off, so 0 means "empty slot"
 * and the order of keys is the order of (from, self). */
struct slot {
	uint64_t key;
	uint64_t count;
};

/* Arcs with an end outside the executable's text (into, out of or between
 * shared objects) are kept by run-time address.  Each thread counts them
 * in a table of its own (struct tab's WIDE: plain additions, no atomic
 * operation, no cache line shared with other threads), as it does the
 * executable's arcs; the owner claims a slot by storing SELF, then FROM
 * with a release store, and is the only writer of its COUNT.  What does
 * not fit there, or comes while the owner is busy in the recorder, goes
 * to one table all threads share: a slot is claimed by compare-and-swap
 * on its FROM word, then its SELF word is published; counts are atomic
 * additions.  A thread that meets a claimed slot whose SELF is not
 * published yet goes on probing, so an arc may own two slots there, and
 * one in each thread's table: collections return them unmerged. */
struct wslot {
	uint64_t from, self, count, base;
	uint64_t took; /* read by the last marking collection; else base */
};

struct tab {
	struct tab *next;  /* list of every table ever made */
	int owner;         /* thread id of the thread counting into it */
	volatile int busy; /* its owner is inside the recorder */
	int timer;         /* the owner's sampling timer, or -1 */
	uint32_t used, limit, mask, shift;
	struct slot *slot;
	uint64_t *base;     /* written by collections only */
	uint64_t *took;     /* values read by the last marking collection */
	struct wslot *wide; /* the owner's arcs with an end outside the text */
	uint32_t wused;     /* its slots claimed */
};

/* Probes before a thread gives up on its own table for this arc, and
 * before the shared table gives up (the call is then lost, and counted
 * as such): the tables are sized so that neither should happen. */
#define PROBES        32
#define SHARED_PROBES 4096

_Static_assert(offsetof(struct tab, busy) == TGREC_OFF_BUSY, "tabfmt.h");
_Static_assert(offsetof(struct tab, shift) == TGREC_OFF_SHIFT, "tabfmt.h");
_Static_assert(offsetof(struct tab, slot) == TGREC_OFF_SLOT, "tabfmt.h");
_Static_assert(offsetof(struct tab, wide) == TGREC_OFF_WIDE, "tabfmt.h");
_Static_assert(sizeof(struct wslot) == TGREC_WSLOT_SIZE, "tabfmt.h");

/* Arcs are kept when both ends are below LIMIT past LOWPC: LIMIT is the
 * text size while counting is on, 0 while it is off, so one test does.
 * These and the thread's table are read by mcount.S too. */
HIDDEN uintptr_t tgrec_lowpc, tgrec_limit;
HIDDEN __thread struct tab *tgrec_my_tab TLS_IE;
static uintptr_t textsize;
static struct tab *tabs;
static struct tab *shared;
static uint64_t lost;
static unsigned tab_bits;
static int my_pid;
static __thread int in_attach TLS_IE;

#define WIDE_BITS  18
#define TWIDE_BITS TGREC_TWIDE_BITS /* a thread's own table */
static struct wslot *wide;
static uint32_t wide_used; /* slots claimed: collections skip empty tables */

static inline __attribute__((always_inline)) uint32_t slot_of(uint64_t key,
							      uint32_t shift)
{
	return (uint32_t)((key * TGREC_HASH_MUL) >> shift);
}

static struct tab *map_tab(unsigned bits)
{
	size_t cap = (size_t)1 << bits;
	size_t head = (sizeof(struct tab) + 63) & ~(size_t)63;
	size_t len = head + cap * sizeof(struct slot) + 2 * cap * sizeof(uint64_t) +
		     (sizeof(struct wslot) << TWIDE_BITS);
	long r = rawsys(SYS_mmap, 0, (long)len, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	char *m = (char *)r;
	struct tab *t;

	if (RAWSYS_FAILED(r))
		return NULL;
	t = (struct tab *)m;
	t->slot = (struct slot *)(m + head);
	t->base = (uint64_t *)(m + head + cap * sizeof(struct slot));
	t->took = t->base + cap;
	t->wide = (struct wslot *)(t->took + cap);
	t->mask = (uint32_t)(cap - 1);
	t->shift = 64 - bits;
	t->limit = (uint32_t)(cap / 4 * 3);
	return t;
}

/* The shared table: insertion claims a slot by compare-and-swap on its key,
 * counts are atomic additions.  Used rarely, so the cost does not matter. */
static __attribute__((noinline)) void shared_add(uint64_t key)
{
	struct tab *t = shared;
	uint32_t i = slot_of(key, t->shift);
	uint32_t n;

	for (n = 0; n <= t->mask && n < SHARED_PROBES; n++, i = (i + 1) & t->mask) {
		uint64_t k = __atomic_load_n(&t->slot[i].key, __ATOMIC_ACQUIRE);
		if (k == 0) {
			uint64_t zero = 0;
			if (__atomic_compare_exchange_n(&t->slot[i].key, &zero, key, 0,
							__ATOMIC_ACQ_REL,
							__ATOMIC_ACQUIRE))
				k = key;
			else
				k = zero;
		}
		if (k == key) {
			__atomic_fetch_add(&t->slot[i].count, 1, __ATOMIC_RELAXED);
			return;
		}
	}
	__atomic_fetch_add(&lost, 1, __ATOMIC_RELAXED);
}

/* mcount.S's fast path hashes a thread's wide arcs alike. */
static inline uint32_t wide_hash(uint64_t from, uint64_t self, unsigned bits)
{
	return (uint32_t)(((self << 16) ^ from) * TGREC_HASH_MUL >> (64 - bits));
}

static __attribute__((noinline)) void wide_add(uint64_t from, uint64_t self)
{
	uint32_t mask = ((uint32_t)1 << WIDE_BITS) - 1;
	uint32_t i = wide_hash(from, self, WIDE_BITS);
	uint32_t n;

	for (n = 0; n < SHARED_PROBES; n++, i = (i + 1) & mask) {
		struct wslot *w = &wide[i];
		uint64_t f = __atomic_load_n(&w->from, __ATOMIC_ACQUIRE);
		if (f == 0) {
			uint64_t zero = 0;
			if (__atomic_compare_exchange_n(&w->from, &zero, from, 0,
							__ATOMIC_ACQ_REL,
							__ATOMIC_ACQUIRE)) {
				__atomic_fetch_add(&w->count, 1, __ATOMIC_RELAXED);
				__atomic_store_n(&w->self, self, __ATOMIC_RELEASE);
				__atomic_fetch_add(&wide_used, 1, __ATOMIC_RELEASE);
				return;
			}
			f = zero;
		}
		if (f == from && __atomic_load_n(&w->self, __ATOMIC_ACQUIRE) == self) {
			__atomic_fetch_add(&w->count, 1, __ATOMIC_RELAXED);
			return;
		}
	}
	__atomic_fetch_add(&lost, 1, __ATOMIC_RELAXED);
}

/* Count the arc (FROM, SELF) in T, the caller's own table, which is not
 * busy; the shared table takes it when T has no room. */
static __attribute__((noinline)) void wide_local(struct tab *t, uint64_t from,
						 uint64_t self)
{
	uint32_t mask = ((uint32_t)1 << TWIDE_BITS) - 1;
	uint32_t i = wide_hash(from, self, TWIDE_BITS), n;

	t->busy = 1;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	for (n = 0; n < PROBES; n++, i = (i + 1) & mask) {
		struct wslot *w = &t->wide[i];
		uint64_t f = LOAD(&w->from);
		if (f == from && w->self == self) {
			STORE(&w->count, LOAD(&w->count) + 1);
			goto done;
		}
		if (f == 0) {
			if (t->wused >= mask / 4 * 3)
				break;
			STORE(&t->wused, t->wused + 1); /* before FROM is published */
			w->self = self;
			STORE(&w->count, LOAD(&w->count) + 1);
			__atomic_store_n(&w->from, from, __ATOMIC_RELEASE);
			__atomic_fetch_add(&wide_used, 1, __ATOMIC_RELEASE);
			goto done;
		}
	}
	wide_add(from, self);
done:
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	t->busy = 0;
}

/* Can TID's table be taken: no owner, or an owner that has exited? */
static int owner_gone(int tid)
{
	return tid == 0 || rawsys(SYS_tgkill, my_pid, tid, 0, 0, 0, 0) == -3 /* ESRCH */;
}

/* First call in a thread: take the table of a thread that has exited, or
 * map a new one; start the thread's own sampling timer. */
static __attribute__((noinline)) struct tab *attach(void)
{
	int tid = (int)rawsys(SYS_gettid, 0, 0, 0, 0, 0, 0);
	struct tab *t, *head;

	in_attach = 1;
	for (t = __atomic_load_n(&tabs, __ATOMIC_ACQUIRE); t; t = t->next) {
		int old = LOAD(&t->owner);
		if (owner_gone(old) &&
		    __atomic_compare_exchange_n(&t->owner, &old, tid, 0, __ATOMIC_ACQ_REL,
						__ATOMIC_RELAXED))
			goto found;
	}
	t = map_tab(tab_bits);
	if (t == NULL) {
		in_attach = 0;
		return NULL;
	}
	t->owner = tid;
	t->timer = -1;
	head = __atomic_load_n(&tabs, __ATOMIC_RELAXED);
	do
		t->next = head;
	while (!__atomic_compare_exchange_n(&tabs, &head, t, 1, __ATOMIC_RELEASE,
					    __ATOMIC_RELAXED));
found:
	t->busy = 0;
	t->timer = tgsamp_thread_begin(t->timer);
	tgrec_my_tab = t;
	in_attach = 0;
	return t;
}

/* Count KEY in T, the caller's own table; the shared table takes it when
 * T is in use by an interrupted call of ours, or has no room. */
static inline __attribute__((always_inline)) void count_in(struct tab *t, uint64_t key)
{
	uint32_t i, n;

	if (t->busy) {
		shared_add(key);
		return;
	}
	t->busy = 1;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	i = slot_of(key, t->shift);
	for (n = 0; n < PROBES; n++, i = (i + 1) & t->mask) {
		struct slot *sl = &t->slot[i];
		uint64_t k = LOAD(&sl->key);
		if (k == key) {
			STORE(&sl->count, LOAD(&sl->count) + 1);
			goto done;
		}
		if (k == 0) {
			if (t->used >= t->limit)
				break;
			t->used++;
			STORE(&sl->count, LOAD(&sl->count) + 1);
			__atomic_store_n(&sl->key, key, __ATOMIC_RELEASE);
			goto done;
		}
	}
	shared_add(key);
done:
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	t->busy = 0;
}

/* The first call in a thread. */
static __attribute__((noinline)) void count_first(uint64_t key)
{
	struct tab *t;

	if (in_attach || (t = attach()) == NULL)
		shared_add(key);
	else
		count_in(t, key);
}

HIDDEN void __mcount_internal(uintptr_t frompc, uintptr_t selfpc)
{
	uintptr_t f = frompc - tgrec_lowpc, s = selfpc - tgrec_lowpc;
	uintptr_t lim = LOAD(&tgrec_limit);
	struct tab *t;
	uint64_t key;

	/* An end outside the executable's text: the shared objects' table
	 * (LIM is 0 while counting is off). */
	if (f >= lim || s >= lim) {
		if (lim == 0 || wide == NULL)
			return;
		t = tgrec_my_tab;
		if (__builtin_expect(t == NULL, 0) && !in_attach)
			t = attach();
		if (t == NULL || t->busy)
			wide_add(frompc, selfpc);
		else
			wide_local(t, frompc, selfpc);
		return;
	}
	key = ((uint64_t)(f + 1) << 32) | s;
	t = tgrec_my_tab;
	if (__builtin_expect(t == NULL, 0))
		count_first(key);
	else
		count_in(t, key);
}

HIDDEN int tgrec_init(uintptr_t low, uintptr_t size)
{
	/* A thread's table is sized like glibc's arc limit (2% of the text
	 * in arcs), twice over for open addressing, at most 2^14 slots; what
	 * does not fit goes to the shared table, which has a slot for every
	 * 4 bytes of text: more than there can be call sites, so only calls
	 * through pointers to many targets can fill it.  Pages are touched
	 * only as slots are used. */
	uintptr_t want = size / 50;
	unsigned bits = 10, sbits;
	long r;

	if (want > ((uintptr_t)1 << 20))
		want = (uintptr_t)1 << 20;
	while (((uintptr_t)1 << bits) < 2 * want)
		bits++;
	tab_bits = bits < 14 ? bits : 14;
	sbits = bits + 2;
	while (sbits < 26 && ((uintptr_t)1 << sbits) < size / 4)
		sbits++;
	shared = map_tab(sbits);
	if (shared == NULL)
		return -1;
	r = rawsys(SYS_mmap, 0, (long)(sizeof(struct wslot) << WIDE_BITS),
		   PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
		   -1, 0);
	if (RAWSYS_FAILED(r))
		return -1;
	wide = (struct wslot *)r;
	tgrec_lowpc = low;
	textsize = size < 0xfffffffeu ? size : 0xfffffffeu;
	my_pid = (int)rawsys(SYS_getpid, 0, 0, 0, 0, 0, 0);
	return 0;
}

HIDDEN void tgrec_set_on(int on)
{
	__atomic_store_n(&tgrec_limit, on ? textsize : 0, __ATOMIC_RELEASE);
}

HIDDEN uint64_t tgrec_lost(void)
{
	return LOAD(&lost);
}

HIDDEN size_t tgrec_bound(void)
{
	size_t n = 0;
	struct tab *t;

	for (t = __atomic_load_n(&tabs, __ATOMIC_ACQUIRE); t; t = t->next)
		n += (size_t)t->mask + 1;
	return n + (shared ? (size_t)shared->mask + 1 : 0);
}

/* Append the table's counts since its bases to OUT (as key, count pairs in
 * struct slot form); with MARK remember the values read, to become the
 * bases at tgrec_commit.  Counts that do not fit stay for the next
 * collection. */
static size_t scan_tab(struct tab *t, struct slot *out, size_t n, size_t max, int mark)
{
	uint32_t i;

	for (i = 0; i <= t->mask; i++) {
		uint64_t k = __atomic_load_n(&t->slot[i].key, __ATOMIC_ACQUIRE);
		uint64_t c, b;
		if (k == 0)
			continue;
		c = LOAD(&t->slot[i].count);
		b = t->base[i];
		if (c != b && n < max) {
			out[n].key = k;
			out[n].count = c - b;
			n++;
		} else {
			c = b;
		}
		if (mark)
			t->took[i] = c;
	}
	return n;
}

static int slot_less(const struct slot *a, const struct slot *b)
{
	return a->key < b->key;
}

static void sift_down(struct slot *v, size_t root, size_t n)
{
	for (;;) {
		size_t c = 2 * root + 1;
		struct slot tmp;
		if (c >= n)
			return;
		if (c + 1 < n && slot_less(&v[c], &v[c + 1]))
			c++;
		if (!slot_less(&v[root], &v[c]))
			return;
		tmp = v[root];
		v[root] = v[c];
		v[c] = tmp;
		root = c;
	}
}

/* Heap sort: no allocation, no recursion, safe in a signal handler. */
static void sort_slots(struct slot *v, size_t n)
{
	size_t i;

	for (i = n / 2; i-- > 0;)
		sift_down(v, i, n);
	while (n > 1) {
		struct slot tmp = v[0];
		v[0] = v[n - 1];
		v[n - 1] = tmp;
		sift_down(v, 0, --n);
	}
}

HIDDEN size_t tgrec_collect(struct tgrec_arc *out, size_t max, int mark)
{
	struct slot *v = (struct slot *)out;
	struct tab *t;
	size_t n = 0, i, m;

	_Static_assert(sizeof(struct slot) == sizeof(struct tgrec_arc),
		       "collection sorts in place");
	for (t = __atomic_load_n(&tabs, __ATOMIC_ACQUIRE); t; t = t->next)
		n = scan_tab(t, v, n, max, mark);
	if (shared)
		n = scan_tab(shared, v, n, max, mark);
	sort_slots(v, n);
	for (i = 0, m = 0; i < n; i++) {
		if (m > 0 && v[m - 1].key == v[i].key)
			v[m - 1].count += v[i].count;
		else
			v[m++] = v[i];
	}
	for (i = 0; i < m; i++) {
		uint64_t k = v[i].key, c = v[i].count;
		out[i].from_off = (uint32_t)(k >> 32) - 1;
		out[i].self_off = (uint32_t)k;
		out[i].count = c;
	}
	return m;
}

/* Move the bases of T to its current counts, or with TOOK to the values
 * the last marking collection read.  A slot filled since then has took 0,
 * like its base. */
static void rebase(struct tab *t, int took)
{
	uint32_t i;

	for (i = 0; i <= t->mask; i++) {
		if (__atomic_load_n(&t->slot[i].key, __ATOMIC_ACQUIRE) == 0)
			continue;
		t->base[i] = took ? t->took[i] : LOAD(&t->slot[i].count);
		t->took[i] = t->base[i];
	}
}

static void rebase_all(int took)
{
	struct tab *t;

	for (t = __atomic_load_n(&tabs, __ATOMIC_ACQUIRE); t; t = t->next)
		rebase(t, took);
	if (shared)
		rebase(shared, took);
}

HIDDEN void tgrec_reset(void)
{
	rebase_all(0);
	tgrec_wide_collect(NULL, 0, 0, 0, TGREC_RESET);
}

HIDDEN void tgrec_commit(void)
{
	rebase_all(1);
}

HIDDEN void tgrec_after_fork(void)
{
	struct tab *t;

	my_pid = (int)rawsys(SYS_getpid, 0, 0, 0, 0, 0, 0);
	for (t = tabs; t; t = t->next) {
		/* Timers are not inherited; the caller's is made again. */
		t->timer = -1;
		if (t != tgrec_my_tab) {
			t->owner = 0;
			t->busy = 0;
		} else {
			t->owner = (int)rawsys(SYS_gettid, 0, 0, 0, 0, 0, 0);
			t->timer = tgsamp_thread_begin(-1);
		}
		rebase(t, 0);
	}
	if (shared)
		rebase(shared, 0);
	tgrec_wide_collect(NULL, 0, 0, 0, TGREC_RESET);
	lost = 0;
}

HIDDEN size_t tgrec_wide_bound(void)
{
	size_t n = wide ? (size_t)1 << WIDE_BITS : 0;
	struct tab *t;

	for (t = __atomic_load_n(&tabs, __ATOMIC_ACQUIRE); t; t = t->next)
		n += (size_t)1 << TWIDE_BITS;
	return n;
}

/* tgrec_wide_collect over the CAP slots of V, appending to OUT from N. */
static size_t wide_scan(struct wslot *v, uint32_t cap, struct tgrec_warc *out, size_t n,
			size_t max, uintptr_t lo, uintptr_t hi, int mode)
{
	uint32_t i;

	for (i = 0; i < cap; i++) {
		struct wslot *w = &v[i];
		uint64_t f = __atomic_load_n(&w->from, __ATOMIC_ACQUIRE), s, c;
		if (f == 0 || (s = __atomic_load_n(&w->self, __ATOMIC_ACQUIRE)) == 0)
			continue;
		if (hi > lo && f - lo >= hi - lo && s - lo >= hi - lo)
			continue;
		c = LOAD(&w->count);
		if (c != w->base && out != NULL && n < max) {
			out[n].from = f;
			out[n].self = s;
			out[n].count = c - w->base;
			n++;
		} else if (out != NULL) {
			c = w->base; /* not read: left for the next collection */
		}
		if (mode == TGREC_RESET)
			w->base = w->took = c;
		else if (mode == TGREC_MARK)
			w->took = c;
	}
	return n;
}

HIDDEN size_t tgrec_wide_collect(struct tgrec_warc *out, size_t max, uintptr_t lo,
				 uintptr_t hi, int mode)
{
	size_t n;
	struct tab *t;

	if (wide == NULL || __atomic_load_n(&wide_used, __ATOMIC_ACQUIRE) == 0)
		return 0;
	n = wide_scan(wide, (uint32_t)1 << WIDE_BITS, out, 0, max, lo, hi, mode);
	/* A table with no arc claimed is not read: with many threads most
	 * never call a library, and reading their slots would touch pages. */
	for (t = __atomic_load_n(&tabs, __ATOMIC_ACQUIRE); t; t = t->next)
		if (LOAD(&t->wused) != 0)
			n = wide_scan(t->wide, (uint32_t)1 << TWIDE_BITS, out, n, max, lo,
				      hi, mode);
	return n;
}

static void wide_rebase(struct wslot *v, uint32_t cap)
{
	uint32_t i;

	for (i = 0; i < cap; i++)
		if (__atomic_load_n(&v[i].from, __ATOMIC_ACQUIRE) != 0)
			v[i].base = v[i].took;
}

HIDDEN void tgrec_wide_commit(void)
{
	struct tab *t;

	if (wide == NULL)
		return;
	wide_rebase(wide, (uint32_t)1 << WIDE_BITS);
	for (t = __atomic_load_n(&tabs, __ATOMIC_ACQUIRE); t; t = t->next)
		if (LOAD(&t->wused) != 0)
			wide_rebase(t->wide, (uint32_t)1 << TWIDE_BITS);
}
