#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Shared objects as systems ship them (tests/runtime/syms/): a library
# without -pg, stripped, with its symbols in a separate debug file found
# by its .gnu_debuglink (CRC checked) or by build-id under
# --debug-file-directory, else its dynamic symbols; the C library with
# libc6-dbg's debug files; -i and the browser's status say where each
# object's symbols came from and what is missing; libtgmon says when the
# program has no -pg code.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/runtime/lib.sh"
rt_setup runtime-symbols
tg_need objcopy strip readelf
S=$TOP/tests/runtime/syms

# cc_lib OUT [FLAGS...]: libw.so, no -pg, with -g.
cc_lib() {
	o=$1
	shift
	$CC -O1 -g -fPIC -shared -o "$o" "$S/libw.c" "$@" > "$o.log" 2>&1 ||
		{ tg_fail "setup: compile $o" "$(cat "$o.log")"; rt_done; exit 1; }
}
# flat DIR TGPROF-ARGS...: "NAME SELF-SECONDS" lines of the flat profile.
flat() {
	_d=$1
	shift
	(cd "$_d" && "$TGPROF" --text -b -p "$@") | awk 'NR > 5 && NF == 0 { exit } NR > 5 && NF >= 4 {
		s = $0; sub(/^ *([0-9.]+ +)+/, "", s); print s, $3 }'
}

# dynamic_only FLAT: libw.so named by its dynamic symbols alone: the
# static w_inner unnamed, its time (before w_run, the first exported
# function) the library's own <libw.so>, not a PLT stub's.
dynamic_only() {
	printf '%s\n' "$1" | awk '$1 == "<libw.so>" && $2 > 0.2 { f = 1 }
		$1 ~ /^w_inner|@plt/ && $2 > 0.02 { bad = 1 } END { exit !(f && !bad) }'
}

wd=$W/w
mkdir -p "$wd"
cc_lib "$wd/libw.so"
objcopy --only-keep-debug "$wd/libw.so" "$wd/libw.so.debug" &&
	strip --strip-all "$wd/libw.so" &&
	objcopy --add-gnu-debuglink="$wd/libw.so.debug" "$wd/libw.so" ||
	{ tg_fail "setup: separate debug file"; rt_done; exit 1; }
if readelf -S "$wd/libw.so" | grep -q '\.symtab'; then
	tg_fail "setup: libw.so still has a symbol table"
fi
$CC -pg -O1 -o "$wd/prog" "$S/prog.c" -L"$wd" -lw -Wl,-rpath,'$ORIGIN' \
	-L"$LIB" -ltgmon -Wl,-rpath,"$LIB" > "$wd/cc.log" 2>&1 ||
	{ tg_fail "setup: compile prog" "$(cat "$wd/cc.log")"; rt_done; exit 1; }
st=$(cd "$wd" && tg_run "$W/w.out" "$W/w.err" ./prog 300)
if [ "$st" -ne 0 ] || [ ! -f "$wd/gmon.out.libw.so" ]; then
	tg_fail "setup: run prog" "status $st" "$(cat "$W/w.err")"
	rt_done
	exit 1
fi

# The debug file beside the library, through .gnu_debuglink: the static
# function, in no dynamic symbol, has the library's time.
got=$(flat "$wd" prog gmon.out 2> "$W/link.err")
if printf '%s\n' "$got" | grep -Eq '^w_inner [0-9.]+$' &&
   [ "$(printf '%s\n' "$got" | awk '$1 == "w_inner" { print ($2 > 0.2) }')" = 1 ] &&
   ! printf '%s\n' "$got" | grep -q '<libw.so>' && [ ! -s "$W/link.err" ]; then
	tg_pass "stripped library: its static function named from the debug file"
else
	tg_fail "stripped library: its static function named from the debug file" "$got" \
		"$(cat "$W/link.err")"
fi
(cd "$wd" && "$TGPROF" -i prog gmon.out) > "$W/link.i" 2>&1
if grep -A3 "^Object \`$wd/libw.so':" "$W/link.i" |
	grep -q "symbols from the separate debug file $wd/libw.so.debug" &&
   grep -A3 "^Object \`$wd/libw.so':" "$W/link.i" | grep -q 'no call counts (not built with -pg)'; then
	tg_pass "-i: symbols from the debug file, no call counts"
else
	tg_fail "-i: symbols from the debug file, no call counts" "$(cat "$W/link.i")"
fi

(cd "$wd" && "$TGPROF" --text -b prog gmon.out) > "$W/link.txt" 2>&1
if sed -n '/^Shared objects joined$/,$p' "$W/link.txt" | grep -A2 "^Object \`$wd/libw.so':" |
	grep -q "symbols from the separate debug file $wd/libw.so.debug"; then
	tg_pass "the report ends with where each object's symbols came from"
else
	tg_fail "the report ends with where each object's symbols came from" "$(cat "$W/link.txt")"
fi

# A debug file of another build under the link's name: its CRC differs,
# so it is not read; the dynamic symbols are.
mv "$wd/libw.so.debug" "$W/libw.so.debug.good"
cc_lib "$W/other.so" -DW_OTHER=1 -O2
objcopy --only-keep-debug "$W/other.so" "$wd/libw.so.debug"
got=$(flat "$wd" prog gmon.out 2> "$W/crc.err")
(cd "$wd" && "$TGPROF" -i prog gmon.out) > "$W/crc.i" 2>&1
if dynamic_only "$got" && grep -q 'symbols from its dynamic symbols only' "$W/crc.i"; then
	tg_pass "debug file with another CRC refused: dynamic symbols"
else
	tg_fail "debug file with another CRC refused: dynamic symbols" "$got" "$(cat "$W/crc.i")"
fi
rm -f "$wd/libw.so.debug"

# By build-id under --debug-file-directory.
id=$(readelf -n "$wd/libw.so" | awk '/Build ID:/ { print $3 }')
mkdir -p "$W/dbg/.build-id/$(echo "$id" | cut -c1-2)"
cp "$W/libw.so.debug.good" "$W/dbg/.build-id/$(echo "$id" | cut -c1-2)/$(echo "$id" | cut -c3-).debug"
got=$(flat "$wd" --debug-file-directory="$W/dbg" prog gmon.out 2> "$W/bid.err")
(cd "$wd" && "$TGPROF" -i --debug-file-directory="$W/dbg" prog gmon.out) > "$W/bid.i" 2>&1
if [ -n "$id" ] && printf '%s\n' "$got" | grep -Eq '^w_inner [0-9.]+$' &&
   grep -q "symbols from the separate debug file $W/dbg/.build-id/" "$W/bid.i"; then
	tg_pass "debug file found by build-id under --debug-file-directory"
else
	tg_fail "debug file found by build-id under --debug-file-directory" "id $id" "$got" \
		"$(cat "$W/bid.i" "$W/bid.err")"
fi
got=$(flat "$wd" prog gmon.out 2> "$W/dyn.err")
if dynamic_only "$got"; then
	tg_pass "without it: the dynamic symbols"
else
	tg_fail "without it: the dynamic symbols" "$got"
fi

# No function symbol at all (only w_ops exported, stripped): one function
# for the library, said in -i and in the browser's status line.
e=$W/e
mkdir -p "$e"
cc_lib "$e/libw.so" -fvisibility=hidden
strip --strip-all "$e/libw.so"
$CC -pg -O1 -o "$e/prog" "$S/prog.c" -L"$e" -lw -Wl,-rpath,'$ORIGIN' \
	-L"$LIB" -ltgmon -Wl,-rpath,"$LIB" > "$e/cc.log" 2>&1
st=$(cd "$e" && tg_run "$W/e.out" "$W/e.err" ./prog 100)
got=$(flat "$e" prog gmon.out 2>&1)
(cd "$e" && "$TGPROF" -i prog gmon.out) > "$W/e.i" 2>&1
if [ "$st" -eq 0 ] && printf '%s\n' "$got" | grep -q '^<libw.so> ' &&
   grep -q 'no symbols found: one function <libw.so>' "$W/e.i"; then
	tg_pass "no symbols: one function, said by -i"
else
	tg_fail "no symbols: one function, said by -i" "status $st" "$got" "$(cat "$W/e.i")"
fi
printf ':save-display %s\n:messages\n:save-display %s\n:q!\n' "$W/e.scr" "$W/e.msg" > "$W/e.keys"
(cd "$e" && HOME=$W XDG_STATE_HOME=$W/state XDG_CONFIG_HOME=$W/config LINES=30 COLUMNS=250 \
	TGPROF_SCRIPT=$W/e.keys timeout -k 5 20 "$TGPROF" --tui prog gmon.out \
	> "$W/e.tui" 2>&1 < /dev/null)
# (the C library is listed beside libw.so when a sample fell in it)
want='no call counts \(not built with -pg\): libw\.so(, [^;,]+)*; no symbols found: libw\.so'
if head -1 "$W/e.scr" 2> /dev/null | grep -Eq "$want" && grep -Eq "shared objects: $want" "$W/e.msg"; then
	tg_pass "browser: the status line and :messages say what is missing"
else
	tg_fail "browser: the status line and :messages say what is missing" \
		"$(cat "$W/e.scr" "$W/e.msg" "$W/e.tui" 2>&1 | head -20)"
fi

# libtgmon preloaded into a program without -pg: one message, no file.
mkdir -p "$W/nopg"
$CC -O1 -o "$W/nopg/nopg" "$S/nopg.c" > "$W/nopg/cc.log" 2>&1
st=$(cd "$W/nopg" && LD_PRELOAD=$LIB/libtgmon.so tg_run "$W/nopg.out" "$W/nopg.err" ./nopg)
if [ "$st" -eq 0 ] && [ "$(grep -c . "$W/nopg.err")" -eq 1 ] &&
   grep -q '^tgmon: \./nopg: the program has no -pg code' "$W/nopg.err" &&
   [ ! -e "$W/nopg/gmon.out" ]; then
	tg_pass "libtgmon preloaded, no -pg code: said once"
else
	tg_fail "libtgmon preloaded, no -pg code: said once" "status $st" "$(cat "$W/nopg.err")"
fi
st=$(cd "$e" && LD_PRELOAD=$LIB/libtgmon.so tg_run "$W/pg.out" "$W/pg.err" ./prog 10)
if [ "$st" -eq 0 ] && [ ! -s "$W/pg.err" ]; then
	tg_pass "libtgmon preloaded into a -pg program: nothing said"
else
	tg_fail "libtgmon preloaded into a -pg program: nothing said" "$(cat "$W/pg.err")"
fi

# The C library with libc6-dbg's debug files: its functions by name, each
# with its own samples (strtod's, qsort's, memcpy's), not one <libc.so.6>.
sh "$TOP/scripts/install-deps" --quiet libc6-dbg > "$W/dbg.log" 2>&1
c=$W/c
mkdir -p "$c"
$CC -pg -O1 -o "$c/libc" "$S/libc.c" -L"$LIB" -ltgmon -Wl,-rpath,"$LIB" > "$c/cc.log" 2>&1
st=$(cd "$c" && TGMON_HZ=1000 tg_run "$W/c.out" "$W/c.err" ./libc 6)
libc=$(awk '$1 == "object" && $NF ~ /\/libc\.so\.6$/ { print $NF }' "$c/gmon.out.objects" 2> /dev/null)
cid=$(readelf -n "$libc" 2> /dev/null | awk '/Build ID:/ { print $3 }')
if [ -z "$cid" ] || [ ! -f "/usr/lib/debug/.build-id/$(echo "$cid" | cut -c1-2)/$(echo "$cid" | cut -c3-).debug" ]; then
	tg_fail "setup: libc6-dbg's debug file for $libc ($cid)" "$(cat "$W/dbg.log")"
else
	got=$(flat "$c" libc gmon.out 2> "$W/libc.err")
	(cd "$c" && "$TGPROF" -i libc gmon.out) > "$W/libc.i" 2>&1
	miss=
	for f in strtod 'msort|qsort' 'mem(cpy|move)'; do
		printf '%s\n' "$got" | awk -v f="$f" '$1 ~ f && $2 > 0 { n++ } END { exit !n }' ||
			miss="$miss [$f]"
	done
	if [ "$st" -eq 0 ] && [ -z "$miss" ] && ! printf '%s\n' "$got" | grep -q '<libc.so.6>' &&
	   grep -A2 "^Object \`$libc':" "$W/libc.i" |
		grep -q "symbols from the separate debug file /usr/lib/debug/.build-id/"; then
		tg_pass "libc with libc6-dbg: strtod, qsort and memcpy by name with their samples"
	else
		tg_fail "libc with libc6-dbg: strtod, qsort and memcpy by name with their samples" \
			"missing:$miss" "$got" "$(cat "$W/libc.i" "$W/libc.err" "$W/c.err")"
	fi
fi

rt_done
