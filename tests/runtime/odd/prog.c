/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Test program for libraries with odd names: for the I-th argument (from
 * 1), dlopen the library it names and call its odd_work(100 * I); an
 * argument "close:PATH" dlclose's the library after the call.
 * Usage: prog PATH... */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

int
main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		int close = strncmp(argv[i], "close:", 6) == 0;
		const char *path = argv[i] + (close ? 6 : 0);
		void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
		void (*work)(long);
		if (h == NULL) {
			fprintf(stderr, "%s\n", dlerror());
			return 1;
		}
		*(void **)&work = dlsym(h, "odd_work");
		if (work == NULL) {
			fprintf(stderr, "%s\n", dlerror());
			return 1;
		}
		work(100L * i);
		if (close)
			dlclose(h);
	}
	return 0;
}
