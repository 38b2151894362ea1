#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# `make bench`: the cost of libtgmon against glibc's own profiling runtime
# on a call-heavy program (tests/runtime/threads.c: three tiny functions,
# 3.25 calls a round), measured in one run so that the ratio compares like
# with like.  Each configuration runs REPS times, interleaved; the best CPU
# time (user + system) counts, the least disturbed by other load.
#   BENCH_RT_ROUNDS  calls of mid() in all (default 20000000)
#   BENCH_RT_REPS    runs of each configuration (default 5)
# Also shows how many calls each runtime counted (glibc's drops calls made
# while another thread is inside its mcount, and dropping is cheaper than
# counting) and the added CPU time per call counted.
#
# The same program with every profiled function in a shared library
# (threads.c built as libthr.so, its main called from a two-line driver)
# measures calls with both ends outside the executable: none-lib is that
# build without -pg, tgmon-lib with libtgmon preloaded, glibc-lib with
# glibc's runtime (which counts no call in a library: its time is shown,
# its count is 0).  The last line compares libtgmon's added time per call
# in the library with that in the executable.
#
# null-mcount is the program with an mcount that returns at once, linked
# in: the floor that calling mcount from every function (what -pg
# compiles in) puts under any runtime, before it counts anything.
: "${TOP:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${B:=build}"
: "${CC:=cc}"
: "${GPROF:=gprof}"
: "${BENCH_OUT:=${TG_BUILD:-$TOP}/tests/out/bench}"
: "${BENCH_RT_ROUNDS:=20000000}"
: "${BENCH_RT_REPS:=5}"
LIB=${TG_BUILD:-$TOP}/$B/runtime
W=$BENCH_OUT/runtime
rm -rf "$W"
mkdir -p "$W" || exit 1
cd "$W" || exit 1

if [ ! -f "$LIB/libtgmon.so" ] || [ ! -f "$LIB/libtgmon.a" ]; then
	echo "bench-runtime: $LIB/libtgmon.* not built" >&2
	exit 1
fi
if [ ! -x /usr/bin/time ]; then
	echo "bench-runtime: /usr/bin/time missing; installing it" >&2
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time > /dev/null 2>&1 || {
		echo "bench-runtime: cannot install /usr/bin/time" >&2
		exit 1
	}
fi
src=$TOP/tests/runtime/threads.c
$CC -O2 -pthread -o plain "$src" &&
	$CC -O2 -pg -pthread -o prof "$src" &&
	$CC -O2 -pg -pthread -o prof-static "$src" "$LIB/libtgmon.a" || exit 1
printf '\t.text\n\t.globl mcount\n\t.type mcount, @function\nmcount:\n\tret\n\t.section .note.GNU-stack, "", @progbits\n' > null.S
$CC -O2 -pg -pthread -o prof-null "$src" null.S || exit 1
printf 'int threads_main(int, char **);\nint main(int c, char **v) { return threads_main(c, v); }\n' > drv.c
mkdir -p plainlib proflib
$CC -O2 -fPIC -shared -pthread -Dmain=threads_main -o plainlib/libthr.so "$src" &&
	$CC -O2 -pg -fPIC -shared -pthread -Dmain=threads_main -o proflib/libthr.so "$src" &&
	$CC -O2 -pthread -o plain-lib drv.c -Lplainlib -lthr -Wl,-rpath,"$W/plainlib" &&
	$CC -O2 -pg -pthread -o prof-lib drv.c -Lproflib -lthr -Wl,-rpath,"$W/proflib" || exit 1

# run CONFIG THREADS: one timed run; appends CPU seconds to CONFIG-THREADS.t
run() {
	r=$((BENCH_RT_ROUNDS / $2))
	rm -f gmon.out
	case $1 in
	none) timed ./plain $r "$2" ;;
	null-mcount) timed ./prof-null $r "$2" ;;
	glibc) timed ./prof $r "$2" ;;
	tgmon) LD_PRELOAD=$LIB/libtgmon.so TGMON_OUT=tgmon.out timed ./prof $r "$2" ;;
	tgmon-static) TGMON_OUT=tgmon-static.out timed ./prof-static $r "$2" ;;
	none-lib) timed ./plain-lib $r "$2" ;;
	glibc-lib) timed ./prof-lib $r "$2" ;;
	tgmon-lib) LD_PRELOAD=$LIB/libtgmon.so TGMON_OUT=tgmon-lib.out timed ./prof-lib $r "$2" ;;
	esac
	if [ ! -s time.txt ]; then
		echo "bench-runtime: $1 with $2 threads failed: $(cat err.txt)" >&2
		exit 1
	fi
	awk '{ printf "%.2f\n", $1 + $2 }' time.txt >> "$1-$2.t"
	[ "$1" = glibc ] && mv gmon.out glibc.out
	rm -f gmon.out
	return 0
}
timed() {
	rm -f time.txt
	/usr/bin/time -f '%U %S' -o time.txt "$@" > /dev/null 2> err.txt || rm -f time.txt
}
# counted EXE GMON: calls of mid() the profile holds (tgprof joins the
# library's calls for tgmon-lib).
counted_lib() {
	"$TGPROF" --text -b -p prof-lib tgmon-lib.out 2> /dev/null |
	awk '$NF == "mid" || ($NF == "(libthr.so)" && $(NF-1) == "mid") { print $4; f = 1 }
		END { if (!f) print 0 }'
}
counted() {
	"$GPROF" -b -p "$1" "$2" 2> /dev/null |
	awk '$NF == "mid" && NF == 7 { print $4; f = 1 } END { if (!f) print 0 }'
}
best() { sort -n "$1" | head -1; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }

printf '%-14s %7s %9s %9s %12s %16s\n' runtime threads "cpu s" "vs glibc" "mid() calls" "ns/counted call"

for t in 1 8; do
	i=0
	while [ $i -lt "$BENCH_RT_REPS" ]; do
		for c in none null-mcount glibc tgmon tgmon-static none-lib glibc-lib tgmon-lib; do
			run $c $t
		done
		i=$((i + 1))
	done
	g=$(best glibc-$t.t)
	want=$(( (BENCH_RT_ROUNDS / t) * t ))
	gl=$(best glibc-lib-$t.t)
	for c in none null-mcount glibc tgmon tgmon-static none-lib glibc-lib tgmon-lib; do
		s=$(best $c-$t.t)
		z=$(best none-$t.t) vs=$g
		case $c in
		none | none-lib | null-mcount) n=- ;;
		glibc) n=$(counted ./prof glibc.out) ;;
		tgmon) n=$(counted ./prof tgmon.out) ;;
		tgmon-static) n=$(counted ./prof-static tgmon-static.out) ;;
		glibc-lib) n=0 ;;
		tgmon-lib) n=$(counted_lib) ;;
		esac
		case $c in *-lib) z=$(best none-lib-$t.t) vs=$gl ;; esac
		# Four rounds make 13 calls, 4 of them to mid().
		per=$(awk -v s="$s" -v z="$z" -v n="$n" \
			'BEGIN { if (n > 0) printf "%.1f", (s - z) * 1e9 / (n * 13 / 4); else print "-" }')
		eval "per_$(echo $c | tr - _)=\$per"
		printf '%-14s %7d %9s %9s %12s %16s\n' "$c" "$t" "$s" "$(ratio "$s" "$vs")" "$n" "$per"
	done
	echo "               (calls made: $want of mid(); 'none' is the program without -pg;"
	echo "                the -lib lines: the same calls in a shared library, vs glibc-lib)"
	echo "tgmon: $(ratio "$(best tgmon-$t.t)" "$(best none-$t.t)")x the unprofiled run" \
		"($(ratio "$(best tgmon-static-$t.t)" "$(best none-$t.t)")x linked in; an empty mcount:" \
		"$(ratio "$(best null-mcount-$t.t)" "$(best none-$t.t)")x);" \
		"a call in a library costs $(ratio "$per_tgmon_lib" "$per_tgmon")x one in the executable"
done
