/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A library that loads "libinner.so" through its own RUNPATH. */
#include <dlfcn.h>
#include <stdio.h>

int mid_load(void)
{
	void *h = dlopen("libinner.so", RTLD_NOW);
	int (*f)(int);
	int v;

	if (h == NULL) {
		printf("libinner.so: %s\n", dlerror());
		return 1;
	}
	f = (int (*)(int))dlsym(h, "plug");
	v = f ? f(1000) : -1;
	printf("libinner.so: %d\n", v);
	dlclose(h);
	return f == NULL;
}
