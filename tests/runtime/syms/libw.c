/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A library as systems ship them: no -pg, stripped for the tests.  Its
 * time is in a static function (only the symbol table names it, not the
 * dynamic symbols); w_ops is for the variant with no function exported. */
static volatile double sink;

static __attribute__((noinline)) double w_inner(long n)
{
	double s = 0;
	for (long i = 1; i <= n; i++)
		s += 1.0 / (double)i;
	return s;
}

double w_run(long n);
double w_run(long n)
{
	sink = w_inner(n);
	return sink;
}

struct w_ops {
	double (*run)(long);
};
__attribute__((visibility("default"))) const struct w_ops w_ops = { w_run };
