#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Comparing two profiles (--baseline) against one plain report.
#
# The full synthetic profile of gen.sh (60,000 functions, 1,000,000 arc
# records) is the current side; the baseline is a second profile of the
# same program from the same generator with fewer samples (so times and
# arc counts differ).  Each command runs twice and the faster run counts.
# Target: the comparison takes no more than 3x the plain `--text -b`.
# Environment: TOP, TGPROF, CC, BENCH_OUT, BENCH_MEASURE (from run.sh).
: "${TOP:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${TGPROF:=$TOP/tgprof}"
: "${CC:=cc}"
: "${BENCH_OUT:=${TG_BUILD:-$TOP}/tests/out/bench}"
out=$BENCH_OUT/compare
mkdir -p "$out" || exit 1
measure=${BENCH_MEASURE:-}
if [ -z "$measure" ]; then
	measure=$out/measure
	$CC -O2 -I"$TOP" -o "$measure" "$TOP/tests/bench/measure.c" || exit 1
fi

dir=$(sh "$TOP/tests/bench/gen.sh" full) || { echo "bench-compare: gen.sh failed"; exit 1; }
# The baseline: gen.sh's generator again, same functions (same seed),
# 150,000 samples instead of 200,000.
if [ ! -f "$out/gmon.base" ] || [ "$dir/gmon.out" -nt "$out/gmon.base" ]; then
	nm -n -S --defined-only "$dir/prog" > "$out/nm" &&
	"$BENCH_OUT/gen" gmon 60000 1000000 150000 20260101 "$out/nm" "$out/gmon.base" \
		> "$out/base.info" ||
	{ echo "bench-compare: cannot make the baseline profile"; exit 1; }
	rm -f "$out/nm"
fi

# best NAME CMD...: run twice, leave "status seconds kb" of the faster in $out/NAME.result
best() {
	name=$1
	shift
	b=
	for i in 1 2; do
		"$measure" "$out/$name.txt" "$out/$name.err" "$@" > "$out/$name.$i" || return 1
		read -r st secs kb < "$out/$name.$i"
		[ "$st" = 0 ] || { echo "bench-compare: $name exited with $st"; head -3 "$out/$name.err"; return 1; }
		if [ -z "$b" ] || awk -v a="$secs" -v b="$b" 'BEGIN { exit !(a < b) }'; then
			b=$secs
			cp "$out/$name.$i" "$out/$name.result"
		fi
	done
}

best plain "$TGPROF" --text -b "$dir/prog" "$dir/gmon.out" || exit 1
best compare "$TGPROF" --text --baseline="$out/gmon.base" "$dir/prog" "$dir/gmon.out" || exit 1
read -r _ ps pkb < "$out/plain.result"
read -r _ cs ckb < "$out/compare.result"
echo "  plain report:  $ps s, $(awk -v k="$pkb" 'BEGIN { printf "%.1f", k / 1024 }') MB peak"
echo "  comparison:    $cs s, $(awk -v k="$ckb" 'BEGIN { printf "%.1f", k / 1024 }') MB peak"
echo "  $(grep '^Functions:' "$out/compare.txt")"
echo "  $(grep '^Arcs:' "$out/compare.txt")"
awk -v a="$cs" -v b="$ps" 'BEGIN {
	r = b > 0 ? a / b : 0
	printf "target: comparison within 3x the plain report: %s (%.2fx)\n",
		(r <= 3 ? "met" : "MISSED"), r }'
