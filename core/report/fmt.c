/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fmt: see fmt.h.
 *
 * A double times 10^PREC (at most 1000 < 2^10) is exact in x87's 64-bit
 * mantissa, so rounding that product to an integer with the default
 * round-half-even mode gives the same digits as glibc's exact decimal
 * conversion.  Values that do not fit, negatives (-0.00), NaN and
 * infinities go to snprintf. */
#include "config.h"
#include "fmt.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static char *pad_copy(char *p, const char *digits, int n, int width, int left)
{
	if (!left)
		for (int i = n; i < width; i++)
			*p++ = ' ';
	memcpy(p, digits, (size_t)n);
	p += n;
	if (left)
		for (int i = n; i < width; i++)
			*p++ = ' ';
	return p;
}

char *fmt_fixed(char *p, double v, int width, int prec)
{
	static const long double pow10[] = { 1.0L, 10.0L, 100.0L, 1000.0L };
	char tmp[64];

	if (prec < 0 || prec > 3 || !(v >= 0.0) || signbit(v) || v > 1e15 ||
	    LDBL_MANT_DIG < 64) {
		int n = snprintf(tmp, sizeof tmp, "%*.*f", width, prec, v);
		if (n < 0 || n >= (int)sizeof tmp)
			n = 0;
		memcpy(p, tmp, (size_t)n);
		return p + n;
	}
	long double y = (long double)v * pow10[prec];
	unsigned long long r = (unsigned long long)rintl(y);
	char *e = tmp + sizeof tmp, *q = e;
	for (int i = 0; i < prec; i++) {
		*--q = (char)('0' + r % 10);
		r /= 10;
	}
	if (prec > 0)
		*--q = '.';
	do {
		*--q = (char)('0' + r % 10);
		r /= 10;
	} while (r);
	return pad_copy(p, q, (int)(e - q), width, 0);
}

char *fmt_ulong(char *p, uint64_t v, int width, int left)
{
	char tmp[32];
	char *e = tmp + sizeof tmp, *q = e;
	do {
		*--q = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	return pad_copy(p, q, (int)(e - q), width, left);
}

char *fmt_spaces(char *p, int width)
{
	for (int i = 0; i < width; i++)
		*p++ = ' ';
	return p;
}
