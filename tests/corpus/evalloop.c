/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An interpreter shaped like a real one (Lua's): a bytecode eval loop
 * whose handlers call back into eval (one big cycle), and a runtime of
 * many small library functions that all use the same allocator and
 * string table.  So the busiest callees of -r (the functions that are the
 * callee of the most heavy arcs: mem_alloc, mem_free, str_intern) are left
 * over by the chains, and some of their heaviest arcs join two of them.
 * 240 library functions make more than 240 called functions, so GNU's
 * -r takes out three busiest callees.  Arguments: N, the number of
 * programs run (default 40). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "burn.h"

CORPUS_SINK;

NOINLINE long eval(const unsigned char *code, int pc, int depth);

/* ---- the allocator and the string table: everybody's callees ---- */
static char pool[1 << 16];
static unsigned pool_top;

NOINLINE void mem_free(void *p)
{
	(void)p;
	BURN(1500);
}

NOINLINE void *mem_alloc(unsigned n)
{
	BURN(2000);
	if (pool_top + n > sizeof pool) {
		mem_free(pool);
		pool_top = 0;
	}
	pool_top += n;
	return pool + pool_top - n;
}

static unsigned long strtab[64];

NOINLINE unsigned long str_intern(unsigned long h)
{
	unsigned long *slot = &strtab[h & 63];

	BURN(2500);
	if (*slot != h) {
		if (*slot)
			mem_free(slot);
		mem_alloc(24);
		*slot = h;
	}
	return *slot;
}

/* ---- the library: 160 small functions ---- */
/* Each calls one of the three (one call site each: -pg's table of call
 * sites is sized by the text, and three per function overflow it). */
#define LIB(i) \
NOINLINE long lib_##i(long x) \
{ \
	long r; \
	BURN(1000 + 50 * ((i) % 7)); \
	if ((i) % 3 == 0) \
		r = (long)mem_alloc(16 + (unsigned)(x & 7)) & 0xff; \
	else if ((i) % 3 == 1) \
		r = (long)str_intern((unsigned long)(x * 31 + (i))); \
	else \
		mem_free(pool + (x & 0xff)), r = 1; \
	return r + x; \
}
#define LIB10(t) LIB(t##0) LIB(t##1) LIB(t##2) LIB(t##3) LIB(t##4) \
		 LIB(t##5) LIB(t##6) LIB(t##7) LIB(t##8) LIB(t##9)
LIB10(1) LIB10(2) LIB10(3) LIB10(4) LIB10(5) LIB10(6) LIB10(7) LIB10(8)
LIB10(9) LIB10(10) LIB10(11) LIB10(12) LIB10(13) LIB10(14) LIB10(15)
LIB10(16) LIB10(17) LIB10(18) LIB10(19) LIB10(20) LIB10(21) LIB10(22)
LIB10(23) LIB10(24)

typedef long (*libfn)(long);
#define P(i) lib_##i,
#define P10(t) P(t##0) P(t##1) P(t##2) P(t##3) P(t##4) P(t##5) P(t##6) \
	       P(t##7) P(t##8) P(t##9)
static const libfn libs[] = {
	P10(1) P10(2) P10(3) P10(4) P10(5) P10(6) P10(7) P10(8) P10(9)
	P10(10) P10(11) P10(12) P10(13) P10(14) P10(15) P10(16) P10(17)
	P10(18) P10(19) P10(20) P10(21) P10(22) P10(23) P10(24)
};
#define NLIBS (sizeof libs / sizeof libs[0])
static unsigned next_lib; /* the library is used round robin */

/* ---- the handlers: each calls eval again ---- */
enum { OP_END, OP_PUSH, OP_CALL, OP_LIB, OP_CONCAT, OP_NEWTABLE, OP_LOOP };

NOINLINE long op_push(const unsigned char *code, int pc, int depth)
{
	BURN(1500);
	return code[pc + 1] + eval(code, pc + 2, depth);
}

NOINLINE long op_call(const unsigned char *code, int pc, int depth)
{
	BURN(40);
	if (depth > 3)
		return eval(code, pc + 2, depth);
	/* a call runs the callee's code, then the rest */
	return eval(code, 0, depth + 1) + eval(code, pc + 2, depth);
}

NOINLINE long op_lib(const unsigned char *code, int pc, int depth)
{
	long r = libs[(next_lib++ + code[pc + 1] + depth) % NLIBS](pc);

	return r + eval(code, pc + 2, depth);
}

NOINLINE long op_concat(const unsigned char *code, int pc, int depth)
{
	unsigned long h = str_intern((unsigned long)pc * 7 + depth);
	char *p = mem_alloc(32);

	p[0] = (char)h;
	mem_free(p);
	return (long)h + eval(code, pc + 2, depth);
}

NOINLINE long op_newtable(const unsigned char *code, int pc, int depth)
{
	char *t = mem_alloc(64);

	t[0] = 1;
	mem_free(t);
	return eval(code, pc + 2, depth);
}

NOINLINE long op_loop(const unsigned char *code, int pc, int depth)
{
	long s = 0;

	for (int i = 0; i < code[pc + 1]; i++)
		s += libs[next_lib++ % NLIBS](i);
	return s + eval(code, pc + 2, depth);
}

NOINLINE long eval(const unsigned char *code, int pc, int depth)
{
	BURN(500);
	switch (code[pc]) {
	case OP_PUSH: return op_push(code, pc, depth);
	case OP_CALL: return op_call(code, pc, depth);
	case OP_LIB: return op_lib(code, pc, depth);
	case OP_CONCAT: return op_concat(code, pc, depth);
	case OP_NEWTABLE: return op_newtable(code, pc, depth);
	case OP_LOOP: return op_loop(code, pc, depth);
	default: return 0;
	}
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 40;
	long s = 0;
	unsigned char code[64];
	int k = 0;

	for (int i = 0; i < 9; i++) {
		code[k++] = OP_LIB;
		code[k++] = (unsigned char)(i * 17);
		code[k++] = (unsigned char)(i % 3 == 0 ? OP_CONCAT : OP_PUSH);
		code[k++] = (unsigned char)i;
		code[k++] = (unsigned char)(i % 4 == 1 ? OP_NEWTABLE : OP_LOOP);
		code[k++] = 8;
	}
	code[k++] = OP_CALL;
	code[k++] = 0;
	code[k++] = OP_END;
	for (int r = 0; r < n; r++)
		s += eval(code, 0, 0);
	printf("%ld\n", s & 0xff);
	return 0;
}
