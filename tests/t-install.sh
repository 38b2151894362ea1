#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# make install / uninstall honour DESTDIR and prefix, and leave nothing.
. "$(dirname "$0")/lib.sh"
stage=$TG_OUT/install-stage
rm -rf "$stage"
if make -C "$TG_BUILD" --no-print-directory install DESTDIR="$stage" prefix=/opt/tg > "$TG_OUT/install.log" 2>&1; then
	tg_pass "make install DESTDIR prefix"
else
	tg_fail "make install DESTDIR prefix" "$(tail -5 "$TG_OUT/install.log")"
fi
for f in bin/tgprof bin/tgprof-ctl share/man/man1/tgprof.1 lib/libtgmon.a lib/libtgmon.so include/tgmon.h; do
	if [ -f "$stage/opt/tg/$f" ]; then
		tg_pass "installed $f"
	else
		tg_fail "installed $f" "$(cd "$stage" 2>/dev/null && find . -type f | head -20)"
	fi
done
if "$stage/opt/tg/bin/tgprof" --version | grep -q tgprof; then
	tg_pass "installed tgprof runs"
else
	tg_fail "installed tgprof runs"
fi
if make -C "$TG_BUILD" --no-print-directory uninstall DESTDIR="$stage" prefix=/opt/tg >> "$TG_OUT/install.log" 2>&1 &&
   [ -z "$(find "$stage" -type f)" ]; then
	tg_pass "make uninstall removes every file"
else
	tg_fail "make uninstall removes every file" "$(find "$stage" -type f)"
fi
rm -rf "$stage"
tg_finish
