/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hot template and inline code in a header (tests of the line table). */
#ifndef HOT_H
#define HOT_H
template <typename T> struct Acc {
	T sum;
	Acc() : sum(0) {}
	__attribute__((noinline)) void add(T v)
	{
		for (int i = 0; i < 1000; i++)
			sum += v * i;
	}
};

template <typename T> __attribute__((noinline)) T churn(T x, long n)
{
	T s = 0;
	for (long i = 0; i < n; i++) {
		s += x * (T)i;
		s /= (T)3;
	}
	return s;
}

static inline long mix(long a, long b)
{
	return (a * 31) ^ (b >> 3);
}
#endif
