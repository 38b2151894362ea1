#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Profiling does not change what the program loads.  A program dlopens
# "libplug.so" through its own RUNPATH and "$ORIGIN/lib/libplug2.so", and a
# library it links (libmid.so) dlopens "libinner.so" through the library's
# own RUNPATH.  The C library resolves these names for the object that
# calls dlopen, and libtgmon defines dlopen: each load must work
# unprofiled and profiled with the shared -ltgmon, with LD_PRELOAD and
# with libtgmon.a, and the profile must hold each plugin's call.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/runtime/lib.sh"
rt_setup runtime-load
tg_need_py json python3
tg_need timeout

S=$TOP/tests/runtime/load
cd "$W" || exit 1
mkdir -p app/lib/inner
# build NAME CC-ARGS...: compile or fail the script.
build() {
	n=$1
	shift
	if ! $CC -O1 "$@" > "cc-$n.log" 2>&1; then
		tg_fail "setup: compile $n" "$(cat "cc-$n.log")"
		rt_done
		exit 1
	fi
}
build plug -pg -fPIC -shared -DSEED=1 -o app/lib/libplug.so "$S/plug.c"
build plug2 -pg -fPIC -shared -DSEED=2 -o app/lib/libplug2.so "$S/plug.c"
build inner -pg -fPIC -shared -DSEED=3 -o app/lib/inner/libinner.so "$S/plug.c"
build mid -pg -fPIC -shared -o app/lib/libmid.so "$S/mid.c" -Wl,-rpath,'$ORIGIN/inner' -ldl
set -- -Lapp/lib -lmid -Wl,--enable-new-dtags -Wl,-rpath,'$ORIGIN/lib'
build plain -o app/plain "$S/prog.c" "$@" -ldl
build shared -pg -o app/shared "$S/prog.c" "$@" -L"$LIB" -ltgmon -Wl,-rpath,"$LIB" -ldl
build preload -pg -o app/preload "$S/prog.c" "$@" -ldl
build static -pg -o app/static "$S/prog.c" "$LIB/libtgmon.a" "$@" -ldl
if ! readelf -d app/shared | grep -q 'RUNPATH.*\$ORIGIN/lib' ||
	! readelf -d app/lib/libmid.so | grep -q 'RUNPATH.*\$ORIGIN/inner'; then
	tg_fail "setup: RUNPATH" "$(readelf -d app/shared app/lib/libmid.so | grep PATH)"
fi

want='libplug.so: 3997
$ORIGIN/lib/libplug2.so: 4997
libinner.so: 5997'

# Run from another directory, so that nothing is found by accident
# through the current one.
mkdir run
for m in plain shared preload static; do
	rm -f run/gmon.out run/gmon.out.objects
	case $m in
	preload) (cd run && LD_PRELOAD=$LIB/libtgmon.so timeout 60 ../app/$m > out 2>&1) ;;
	*) (cd run && timeout 60 ../app/$m > out 2>&1) ;;
	esac
	st=$?
	got=$(cat run/out)
	if [ $st -eq 0 ] && [ "$got" = "$want" ]; then
		tg_pass "load $m: RUNPATH, \$ORIGIN and a library's RUNPATH resolve as unprofiled"
	else
		tg_fail "load $m: RUNPATH, \$ORIGIN and a library's RUNPATH resolve as unprofiled" \
			"exit status $st" "$got"
	fi
	[ $m = plain ] && continue
	cp app/$m run/prog
	calls=$(cd run && "$TGPROF" --format=json prog gmon.out 2> err | python3 -c '
import json, sys
for f in json.load(sys.stdin)["functions"]:
    if f["calls"] and f["demangled"].startswith("plug ("):
        print(f["demangled"], f["calls"])' | sort)
	wantc='plug (libinner.so) 1
plug (libplug.so) 1
plug (libplug2.so) 1'
	if [ "$calls" = "$wantc" ]; then
		tg_pass "load $m: the profile holds each plugin's call"
	else
		tg_fail "load $m: the profile holds each plugin's call" "$calls" \
			"$(cat run/err 2> /dev/null)" "$(cat run/gmon.out.objects 2> /dev/null)"
	fi
done
rt_done
