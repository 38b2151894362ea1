# SPDX-License-Identifier: LGPL-2.1-or-later
# libtgmon (the profiling runtime) and tgprof-ctl; included by Makefile.in.
#
# The runtime is compiled with $(CFLAGS) but never $(EXTRA_CFLAGS): in the
# sanitizer build (B=build-asan) an ASan-instrumented mcount would be called
# from inside every profiled function of programs that are not themselves
# built with ASan, before their own run-time is set up, so the runtime is
# built plain there too.  tgprof-ctl is an ordinary program and gets the
# sanitizers.  record.c and sample.c run under mcount.S, which saves only
# the integer registers: they must not use vector registers, nor let gcc
# turn loops into calls of libc's memset, nor pay for a stack protector.

RT_SRC    = $(call srcwild,runtime/*.c)
RT_LIBSRC = $(filter-out runtime/tgprof-ctl.c,$(RT_SRC))
RT_OBJ    = $(RT_LIBSRC:runtime/%.c=$(B)/runtime/obj/%.o) $(B)/runtime/obj/mcount.o \
            $(B)/runtime/obj/dlcall.o
RT_CFLAGS = $(CFLAGS) $(WARN) -fPIC -fvisibility=hidden -D_GNU_SOURCE \
            -fno-omit-frame-pointer
RT_HOT    = -mgeneral-regs-only -fno-stack-protector -fcf-protection=none \
            -fomit-frame-pointer -fno-tree-loop-distribute-patterns

RUNTIME_TARGETS = $(B)/runtime/libtgmon.a $(B)/runtime/libtgmon.so \
                  $(B)/runtime/tgprof-ctl
ifeq ($(B),build)
RUNTIME_TARGETS += tgprof-ctl
tgprof-ctl: $(B)/runtime/tgprof-ctl
	$(Q)cp $< $@
endif

all: $(RUNTIME_TARGETS)

$(B)/runtime/obj/record.o $(B)/runtime/obj/sample.o: RT_EXTRA = $(RT_HOT)

$(B)/runtime/obj/%.o: runtime/%.c config.h
	$(say) CC $@
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) -I. -I$(srcdir) $(RT_CFLAGS) $(RT_EXTRA) -MMD -MP -c -o $@ $<

$(B)/runtime/obj/%.o: runtime/%.S
	$(say) AS $@
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) -MMD -MP -c -o $@ $<

$(B)/runtime/libtgmon.a: $(RT_OBJ)
	$(say) AR $@
	$(Q)rm -f $@ && ar rcs $@ $^

$(B)/runtime/libtgmon.so: $(RT_OBJ)
	$(say) LINK $@
	$(Q)$(CC) -shared -Wl,-soname,libtgmon.so -Wl,-z,defs $(LDFLAGS) -o $@ $^

$(B)/runtime/tgprof-ctl: runtime/tgprof-ctl.c runtime/ctlproto.h config.h
	$(say) LINK $@
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) $(CPPFLAGS) -D_GNU_SOURCE $(ALL_CFLAGS) $(LDFLAGS) -o $@ $<

RUNTIME_INSTALL = $(INSTALL) -d $(DESTDIR)$(bindir) $(DESTDIR)$(libdir) \
	  $(DESTDIR)$(includedir) $(DESTDIR)$(mandir)/man1 $(DESTDIR)$(mandir)/man3 && \
	$(INSTALL) -m 644 $(B)/runtime/libtgmon.a $(DESTDIR)$(libdir)/libtgmon.a && \
	$(INSTALL) -m 755 $(B)/runtime/libtgmon.so $(DESTDIR)$(libdir)/libtgmon.so && \
	$(INSTALL) -m 644 $(srcdir)/runtime/tgmon.h $(DESTDIR)$(includedir)/tgmon.h && \
	$(INSTALL) -m 755 $(B)/runtime/tgprof-ctl $(DESTDIR)$(bindir)/tgprof-ctl && \
	$(INSTALL) -m 644 $(srcdir)/man/tgmon.3 $(DESTDIR)$(mandir)/man3/tgmon.3 && \
	$(INSTALL) -m 644 $(srcdir)/man/tgprof-ctl.1 $(DESTDIR)$(mandir)/man1/tgprof-ctl.1

RUNTIME_UNINSTALL = rm -f $(DESTDIR)$(libdir)/libtgmon.a $(DESTDIR)$(libdir)/libtgmon.so \
	$(DESTDIR)$(includedir)/tgmon.h $(DESTDIR)$(bindir)/tgprof-ctl \
	$(DESTDIR)$(mandir)/man3/tgmon.3 $(DESTDIR)$(mandir)/man1/tgprof-ctl.1

RUNTIME_CLEAN = tgprof-ctl
