/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A header's hot code (tests of the DWARF 5 line table, see work.cc). */
#ifndef WORK_H
#define WORK_H
template <typename T> __attribute__((noinline)) T hwork(int n)
{
	volatile T s = 0;
	for (int i = 0; i < n; i++)
		s += i * 0.5;
	return s;
}

struct Box {
	long v;
	__attribute__((noinline)) long spin(int n)
	{
		for (int i = 0; i < n; i++)
			v = (v * 7 + i) % 1000003;
		return v;
	}
};

template <typename F> __attribute__((noinline, noclone)) long apply(F f, int n)
{
	long s = 0;
	for (int i = 0; i < n; i++)
		s += f(i);
	return s;
}

struct K {
	volatile double acc;
	double run(int n);
};
/* inlined into hsum: a header's code inside a header's function */
static inline long twice(long x)
{
	long y = x * x + 7;
	return y / (x % 13 + 1);
}

template <typename T> __attribute__((noinline)) T hsum(int n)
{
	T s = 0;
	for (int i = 0; i < n; i++)
		s = (s + twice(i)) % 1000003;
	return s;
}
#endif
