/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A class whose constructor and destructor are out of line: the compiler
 * emits two symbols at one address for each (C1/C2, D1/D2). */
struct Acc {
	long v;
	Acc(long x);
	~Acc();
	long add(long x);
};
long b_work(long n);
