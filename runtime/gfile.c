/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* gfile: the gmon.out writer of libtgmon (see gfile.h). */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include "gfile.h"
#include "core/profile/gmon_format.h"

#define HIDDEN __attribute__((visibility("hidden")))

HIDDEN char *tgfile_utoa(char *buf, uint64_t v)
{
	char *p = buf + 23;

	*p = '\0';
	do
		*--p = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	return p;
}

static int put(char *out, size_t size, size_t *len, const char *s)
{
	size_t n = strlen(s);

	if (*len + n >= size)
		return -1;
	memcpy(out + *len, s, n);
	*len += n;
	return 0;
}

HIDDEN int tgfile_name(char *out, size_t size, const char *pattern, unsigned seq)
{
	size_t len = 0;
	char num[24], ch[2] = { 0, 0 };
	const char *p;

	for (p = pattern; *p; p++) {
		const char *s = ch;
		if (*p == '%' && p[1] == 'p') {
			s = tgfile_utoa(num, (uint64_t)getpid());
			p++;
		} else if (*p == '%' && p[1] == 'n') {
			s = tgfile_utoa(num, seq);
			p++;
		} else if (*p == '%' && p[1] == '%') {
			ch[0] = '%';
			p++;
		} else {
			ch[0] = *p;
		}
		if (put(out, size, &len, s) != 0)
			return -1;
	}
	if (len == 0)
		return -1;
	out[len] = '\0';
	return 0;
}

static void bytes(struct tgfile *f, const void *p, size_t n)
{
	if (f->len + n > sizeof f->buf)
		tgfile_flush(f);
	memcpy(f->buf + f->len, p, n);
	f->len += n;
}

static void u8(struct tgfile *f, unsigned v)
{
	unsigned char c = (unsigned char)v;

	bytes(f, &c, 1);
}

/* The format is in the executable's byte order; ours is x86-64's. */
static void u16(struct tgfile *f, uint16_t v)
{
	bytes(f, &v, 2);
}

static void u32(struct tgfile *f, uint32_t v)
{
	bytes(f, &v, 4);
}

static void u64(struct tgfile *f, uint64_t v)
{
	bytes(f, &v, 8);
}

HIDDEN int tgfile_begin(struct tgfile *f, const char *path, int flags)
{
	static const unsigned char zero[12];
	int err = tgfile_begin_raw(f, path, flags);

	if (err != 0)
		return err;
	bytes(f, "gmon", 4);
	u32(f, 1);
	bytes(f, zero, sizeof zero);
	return 0;
}

HIDDEN void tgfile_bytes(struct tgfile *f, const void *p, size_t n)
{
	while (n > 0) {
		size_t k = n < sizeof f->buf ? n : sizeof f->buf;
		bytes(f, p, k);
		p = (const char *)p + k;
		n -= k;
	}
}

HIDDEN void tgfile_hist(struct tgfile *f, uint64_t lowpc, uint64_t highpc, unsigned rate,
			const uint32_t *bins, size_t n)
{
	static const char dimen[15] = "seconds";
	uint32_t max = 0;
	size_t i;
	uint32_t done;

	for (i = 0; i < n; i++)
		if (bins[i] > max)
			max = bins[i];
	/* Record k holds what is left of each bin above k * 65535, capped. */
	done = 0;
	do {
		u8(f, GMON_TAG_TIME_HIST);
		u64(f, lowpc);
		u64(f, highpc);
		u32(f, (uint32_t)n);
		u32(f, rate);
		bytes(f, dimen, sizeof dimen);
		u8(f, 's');
		for (i = 0; i < n; i++) {
			uint32_t left = bins[i] > done ? bins[i] - done : 0;
			u16(f, (uint16_t)(left > 65535 ? 65535 : left));
		}
		done = max - done > 65535 ? done + 65535 : max;
	} while (done < max);
}

HIDDEN void tgfile_arc(struct tgfile *f, uint64_t from, uint64_t self, uint64_t count)
{
	while (count > 0) {
		uint32_t c = count > 0xffffffffu ? 0xffffffffu : (uint32_t)count;
		u8(f, GMON_TAG_CG_ARC);
		u64(f, from);
		u64(f, self);
		u32(f, c);
		count -= c;
	}
}
