/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fakecg: a call graph over N made-up functions f0, f1, ... (16 bytes of
 * address each from 0x1000), for the unit tests that drive core through
 * its public interface without an executable.  The tests add arcs and
 * times, then call fake_cg_total() and cg_propagate().  Everything is
 * static: each test program includes this once. */
#ifndef TG_FAKECG_H
#define TG_FAKECG_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cg.h"
#include "symtab.h"
#include "util.h"

struct fake {
	struct symtab st;
	struct cg g;
	char (*names)[16];
};

static inline void fake_init(struct fake *f, uint32_t n)
{
	memset(f, 0, sizeof *f);
	f->st.n = n;
	f->st.syms = xcalloc(n, sizeof *f->st.syms);
	f->names = xcalloc(n, sizeof *f->names);
	for (uint32_t i = 0; i < n; i++) {
		snprintf(f->names[i], sizeof f->names[i], "f%u", i);
		f->st.syms[i].addr = 0x1000 + 16 * (uint64_t)i;
		f->st.syms[i].end_addr = f->st.syms[i].addr + 15;
		f->st.syms[i].name = f->st.syms[i].dname = f->names[i];
		f->st.syms[i].is_func = 1;
	}
	cg_init(&f->g, &f->st, 100);
}

/* The profile's total time: the sum of the functions' self times. */
static inline void fake_total(struct fake *f)
{
	f->g.total_time = 0;
	for (uint32_t i = 0; i < f->g.nfuncs; i++)
		f->g.total_time += f->g.nodes[i].self_time;
}

static inline void fake_free(struct fake *f)
{
	cg_free(&f->g);
	free(f->st.syms);
	free(f->names);
}

#endif
