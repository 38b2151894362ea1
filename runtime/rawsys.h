/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* rawsys: system calls without libc, for libtgmon's mcount path.
 *
 * mcount.S saves only the integer registers, so nothing it calls may touch
 * the vector registers that carry the profiled function's arguments; libc
 * functions may (string functions use AVX), so the first call in a thread,
 * which maps a table and starts a timer, makes its system calls itself. */
#ifndef TG_RAWSYS_H
#define TG_RAWSYS_H

static inline long rawsys(long nr, long a, long b, long c, long d, long e, long f)
{
	long ret;
	register long r10 __asm__("r10") = d;
	register long r8 __asm__("r8") = e;
	register long r9 __asm__("r9") = f;

	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "a"(nr), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8), "r"(r9)
			 : "rcx", "r11", "memory");
	return ret;
}

/* A raw call fails with a value in [-4095, -1]: minus the errno. */
#define RAWSYS_FAILED(r) ((unsigned long)(r) > -4096UL)

#endif
