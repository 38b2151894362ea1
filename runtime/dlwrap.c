/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* dlwrap: libtgmon's dlopen and dlclose, which call the C library's and
 * then look for objects loaded or unloaded (tgobj_scan).
 *
 * The C library's dlopen resolves a name for the object that called it:
 * that object's RUNPATH (or RPATH and its loaders'), $ORIGIN in the name,
 * its namespace.  It learns the caller from its own return address, so a
 * plain call from here would make libtgmon the caller (or the executable,
 * when libtgmon.a is linked in) and change what the program loads.  We
 * call it through tgdl_call_as (dlcall.S) with a return address inside the
 * object that called us: a return instruction there, which comes back to
 * us.  So the program loads what it loads unprofiled, and we still get
 * control after the load to scan.
 *
 * Where the CPU enforces a shadow stack the return address cannot be
 * shown differently; the library's dlopen is then called plainly (no
 * program linked with libtgmon runs with one: mcount.S is not marked for
 * it). */
#include "config.h"

#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <link.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "objmap.h"

#define EXPORT __attribute__((visibility("default")))
#define HIDDEN __attribute__((visibility("hidden")))

typedef void *(*open_fn)(const char *, int);

HIDDEN void *tgdl_call_as(void *fn, const void *a, int b, const void *ret);

struct find {
	uintptr_t caller;
	const void *ret; /* out: a return instruction in the caller's object */
};

/* Does INFO hold the caller?  Then find a byte 0xc3 (ret) in one of its
 * executable segments, the one holding the caller first. */
static int find_ret(struct dl_phdr_info *info, size_t size, void *data)
{
	struct find *fd = data;
	int i, holds = 0;

	(void)size;
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t a = info->dlpi_addr + ph->p_vaddr;
		if (ph->p_type == PT_LOAD && fd->caller - a < ph->p_memsz)
			holds = 1;
	}
	if (!holds)
		return 0;
	for (i = 0; i < info->dlpi_phnum && fd->ret == NULL; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t a = info->dlpi_addr + ph->p_vaddr;
		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X) && (ph->p_flags & PF_R))
			fd->ret = memchr((const void *)a, 0xc3, ph->p_filesz);
	}
	return 1;
}

/* Is a shadow stack on for this thread (Linux 6.6's ARCH_SHSTK_STATUS)? */
static int shadow_stack(void)
{
	unsigned long st = 0;

	return syscall(SYS_arch_prctl, 0x5005, &st) == 0 && (st & 1) != 0;
}

EXPORT void *dlopen(const char *file, int mode)
{
	static open_fn real;
	struct find fd;
	void *h;
	int saved;

	fd.caller = (uintptr_t)__builtin_return_address(0);
	fd.ret = NULL;
	if (real == NULL)
		real = (open_fn)dlsym(RTLD_NEXT, "dlopen");
	if (real == NULL)
		return NULL;
	if (!shadow_stack())
		dl_iterate_phdr(find_ret, &fd);
	if (fd.ret != NULL)
		h = tgdl_call_as((void *)real, file, mode, fd.ret);
	else
		h = real(file, mode);
	saved = errno;
	if (h != NULL)
		tgobj_scan();
	errno = saved;
	return h;
}

EXPORT int dlclose(void *handle)
{
	static int (*real)(void *);
	int r, saved;

	if (real == NULL)
		real = (int (*)(void *))dlsym(RTLD_NEXT, "dlclose");
	r = real ? real(handle) : -1;
	saved = errno;
	tgobj_scan();
	errno = saved;
	return r;
}
