/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_x86len: the x86-64 length decoder of --static-call-graph=all
 * against objdump, instruction by instruction, over real code: the text
 * of several installed programs and libraries (compiled C, C++, SSE and
 * AVX code).  Every instruction objdump decodes must get the same length
 * from x86len_decode(), and "call" with an E8 opcode must be the only
 * thing it reports as a direct call, with objdump's target. */
#include "config.h"
#include "x86len.h"
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void one_file(const char *path, int bits)
{
	char cmd[1024], line[1024], detail[512] = "";
	FILE *f;
	long n = 0, bad_len = 0, bad_call = 0, calls = 0;

	snprintf(cmd, sizeof cmd, "objdump -d --insn-width=15 -j .text '%s' 2>/dev/null",
		 path);
	if (!(f = popen(cmd, "r"))) {
		check(0, path, "objdump did not run");
		return;
	}
	while (fgets(line, sizeof line, f)) {
		/* "  401136:\t55                   \tpush   %rbp" */
		char *tab1 = strchr(line, '\t'), *tab2;
		unsigned char bytes[16];
		unsigned nb = 0;
		unsigned long addr;

		if (!tab1 || sscanf(line, " %lx:", &addr) != 1)
			continue;
		tab2 = strchr(tab1 + 1, '\t');
		if (!tab2)
			continue;
		for (char *p = tab1 + 1; p < tab2 && nb < 16;) {
			unsigned v;
			int used;
			if (sscanf(p, "%2x%n", &v, &used) != 1)
				break;
			bytes[nb++] = (unsigned char)v;
			p += used;
			while (*p == ' ')
				p++;
		}
		const char *mn = tab2 + 1;
		if (nb == 0 || strstr(mn, "(bad)") || strncmp(mn, ".byte", 5) == 0)
			continue;
		struct x86len_insn in;
		n++;
		int ok = bits == 32 ? x86len_decode32(bytes, nb, &in)
				    : x86len_decode(bytes, nb, &in);
		if (!ok || in.len != nb) {
			if (!bad_len++)
				snprintf(detail, sizeof detail,
					 "%lx: %s (%u bytes, got %u)", addr, mn, nb,
					 in.len);
			continue;
		}
		const char *op = mn + 4;
		while (*op && *op != ' ')
			op++;
		while (*op == ' ')
			op++;
		/* direct: "call   401136 <f>"; indirect: "call   *%rax" */
		int is_call = strncmp(mn, "call", 4) == 0 && *op != '*' &&
			      strchr(mn, '<') != NULL;
		if (is_call)
			calls++;
		if (is_call != in.is_call_rel32) {
			if (!bad_call++)
				snprintf(detail, sizeof detail,
					 "%lx: %s: call %d, got %d", addr, mn, is_call,
					 in.is_call_rel32);
		} else if (is_call) {
			unsigned long target = strtoul(op, NULL, 16);
			unsigned long mine = addr + in.len + (unsigned long)(long)in.rel;
			if (bits == 32)
				mine &= 0xffffffffUL;
			if (target != mine && !bad_call++)
				snprintf(detail, sizeof detail, "%lx: %s: target %lx",
					 addr, mn, mine);
		}
	}
	pclose(f);
	char what[512];
	snprintf(what, sizeof what, "%s (%d-bit): %ld instructions, %ld calls", path,
		 bits, n, calls);
	check(n > 1000 && calls > 10 && bad_len == 0 && bad_call == 0, what, detail);
}

int main(void)
{
	static const char *const files[] = {
		"/usr/bin/gprof",
		"/usr/bin/objdump",
		"/usr/bin/gcc",
		"/usr/lib/x86_64-linux-gnu/libc.so.6",
		"/usr/lib/x86_64-linux-gnu/libstdc++.so.6",
		"/usr/lib/x86_64-linux-gnu/libm.so.6",
		"/usr/lib/x86_64-linux-gnu/libbfd-2.40-system.so",
		"/usr/lib32/libc.so.6",
		"/usr/lib32/libm.so.6",
		"/usr/lib32/libstdc++.so.6",
		NULL
	};
	int tried = 0;

	for (int i = 0; files[i]; i++) {
		FILE *f = fopen(files[i], "rb");
		unsigned char hdr[5] = { 0 };
		if (!f)
			continue;
		size_t got = fread(hdr, 1, sizeof hdr, f);
		fclose(f);
		if (got < 5)
			continue;
		/* ELF class: 1 for 32-bit, 2 for 64-bit code */
		one_file(files[i], hdr[4] == 1 ? 32 : 64);
		tried++;
	}
	check(tried >= 3, "enough code to compare with", NULL);
	return unit_finish();
}
