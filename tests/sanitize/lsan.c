/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lsan: LeakSanitizer's settings for the sanitizer build (make
 * check-asan), linked into the program and the unit tests of that build
 * only: the library and the normal build carry no sanitizer hooks.
 * LeakSanitizer reads these hooks at start-up. */

/* libbfd 2.40 leaks buffers of its DWARF line reader (under
 * _bfd_elf_find_nearest_line) even after bfd_close().  libbfd is built
 * without frame pointers, so the report stops at the library: suppress
 * by module. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:libbfd\n";
}

/* ... and without the list of used suppressions on stderr, which would
 * follow every message of a program under test. */
const char *__lsan_default_options(void);
const char *__lsan_default_options(void)
{
	return "print_suppressions=0";
}
