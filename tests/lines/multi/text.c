/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

static const char words[] = "the quick brown fox jumps over the lazy dog";

__attribute__((noinline)) static int is_vowel(int c)
{
	return strchr("aeiou", c) != NULL;
}

__attribute__((noinline)) long text_count(int n)
{
	long v = 0;
	int i;
	size_t k;

	for (i = 0; i < n; i++)
		for (k = 0; k < sizeof words - 1; k++)
			if (is_vowel(words[k]))
				v++;
	return v;
}
