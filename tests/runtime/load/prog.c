/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A program whose dlopen calls depend on who calls: "libplug.so" is found
 * through the executable's RUNPATH, "$ORIGIN/lib/libplug2.so" relative to
 * the executable, and libmid.so (linked) loads "libinner.so" through its
 * own RUNPATH.  Prints one line per load and exits 0 when all worked. */
#include <dlfcn.h>
#include <stdio.h>

int mid_load(void);

static int load(const char *name, const char *sym)
{
	void *h = dlopen(name, RTLD_NOW);
	int (*f)(int);
	int v;

	if (h == NULL) {
		printf("%s: %s\n", name, dlerror());
		return 1;
	}
	f = (int (*)(int))dlsym(h, sym);
	v = f ? f(1000) : -1;
	printf("%s: %d\n", name, v);
	dlclose(h);
	return f == NULL;
}

int main(void)
{
	int bad = 0;

	bad |= load("libplug.so", "plug");
	bad |= load("$ORIGIN/lib/libplug2.so", "plug");
	bad |= mid_load();
	return bad;
}
