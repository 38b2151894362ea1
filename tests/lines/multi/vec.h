/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Code in a header: inlined and out-of-line copies land in every file. */
#ifndef VEC_H
#define VEC_H

struct vec {
	double x, y;
};

static inline double vec_dot(struct vec a, struct vec b)
{
	double s = a.x * b.x;

	s += a.y * b.y;
	return s;
}

__attribute__((noinline)) static double vec_norm2(struct vec a)
{
	volatile double s = vec_dot(a, a);

	return s;
}

#endif
