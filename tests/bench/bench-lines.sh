#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Line-level profiles (-l): GNU gprof against tgprof, time, peak memory
# and whether the outputs are identical.
#
# Profiles:
#   full     the synthetic profile of gen.sh (no debug information: -l
#            then walks the code and finds no line, as GNU does);
#   gbig     a generated C program of BENCH_LINES_FUNCS functions (default
#            4000, about 40 lines each) in 8 files, built with -O1 -g -pg
#            and run: a real line table of some size;
#   gbig -A  the annotated source of the same (-A -x).
# GNU gets BENCH_LINES_TIMEOUT seconds per run (default 900); with
# BENCH_SKIP_GPROF_FULL=1 GNU is not run on "full" (a result kept from an
# earlier run is shown, marked).
# Environment: TOP, TGPROF, GPROF, CC, BENCH_OUT, BENCH_MEASURE (run.sh).
# Exit status 1 when tgprof fails or its output differs from GNU's, or a
# profile cannot be made.
: "${TOP:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${TGPROF:=$TOP/tgprof}"
: "${GPROF:=gprof}"
: "${CC:=cc}"
: "${BENCH_OUT:=${TG_BUILD:-$TOP}/tests/out/bench}"
: "${BENCH_LINES_FUNCS:=4000}"
: "${BENCH_LINES_TIMEOUT:=900}"
out=$BENCH_OUT/lines
mkdir -p "$out" || exit 1
measure=${BENCH_MEASURE:-}
if [ -z "$measure" ]; then
	measure=$out/measure
	$CC -O2 -I"${TG_BUILD:-$TOP}" -I"$TOP" -o "$measure" "$TOP/tests/bench/measure.c" || exit 1
fi

mb() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN {
		if (a == "" || b == "" || b + 0 == 0) print "-"; else printf "%.2f", a / b }'
}

# The generated program: file k holds functions k, k+8, ...; function i
# calls i+1 and i+7 (when they exist) a few times, so there are arcs
# between files and lines that take time.
gbig=$out/gbig-$BENCH_LINES_FUNCS
if [ ! -f "$gbig/gmon.out" ]; then
	rm -rf "$gbig"
	mkdir -p "$gbig"
	awk -v n="$BENCH_LINES_FUNCS" -v dir="$gbig" 'BEGIN {
		for (k = 0; k < 8; k++) {
			f = dir "/part" k ".c"
			print "extern volatile unsigned long sink;" > f
			for (i = 0; i < n; i++)
				printf "unsigned long fn%d(unsigned long x);\n", i > f
		}
		for (i = 0; i < n; i++) {
			f = dir "/part" (i % 8) ".c"
			printf "\nunsigned long fn%d(unsigned long x)\n{\n", i > f
			printf "\tunsigned long s = x, t = %d;\n\tint i;\n\n", i > f
			for (j = 0; j < 8; j++) {
				printf "\tfor (i = 0; i < %d; i++) {\n", 3 + (i + j) % 5 > f
				printf "\t\ts = s * 6364136223846793005UL + %d;\n", j > f
				printf "\t\tt ^= s >> %d;\n\t}\n", 7 + j > f
			}
			if (i + 1 < n && i % 3 != 2)
				printf "\tif (x %% 4 == 0)\n\t\tt += fn%d(x + 1);\n", i + 1 > f
			if (i + 7 < n && i % 5 == 0)
				printf "\tif (x %% 8 == 1)\n\t\tt += fn%d(x * 3);\n", i + 7 > f
			printf "\tsink += t;\n\treturn t;\n}\n" > f
		}
		f = dir "/main.c"
		print "volatile unsigned long sink;" > f
		for (i = 0; i < n; i += 3)
			printf "unsigned long fn%d(unsigned long x);\n", i > f
		print "int main(void)\n{\n\tunsigned long r;\n\tfor (r = 0; r < 40; r++) {" > f
		for (i = 0; i < n; i += 3)
			printf "\t\tfn%d(r);\n", i > f
		print "\t}\n\treturn 0;\n}" > f
	}' || exit 1
	(cd "$gbig" && for f in part*.c main.c; do
		$CC -O1 -g -pg -c "$f" -o "${f%.c}.o" || exit 1
	 done && $CC -pg -o exe part*.o main.o && ./exe) ||
		{ echo "bench-lines: cannot build the -g program"; exit 1; }
fi

# one LABEL DIR EXE GMON OPTS...: GNU and tgprof, one table row.
one() {
	label=$1 dir=$2 exe=$3 gmon=$4
	shift 4
	gnote=
	if [ "$label" = full ] && [ "${BENCH_SKIP_GPROF_FULL:-0}" = 1 ]; then
		if [ -f "$out/$label.gnu.result" ]; then
			gnote="(GNU result from an earlier run)"
		else
			gnote="(GNU skipped: BENCH_SKIP_GPROF_FULL=1)"
		fi
	else
		echo "  $label: running GNU gprof $* ..."
		(cd "$dir" && "$measure" -p 15 "$out/$label.gnu.txt" "$out/$label.gnu.err" \
			timeout "$BENCH_LINES_TIMEOUT" "$GPROF" "$@" "$exe" "$gmon") \
			> "$out/$label.gnu.result" || echo "127 - -" > "$out/$label.gnu.result"
	fi
	echo "  $label: running tgprof --text $* ..."
	(cd "$dir" && "$measure" -p 15 "$out/$label.tg.txt" "$out/$label.tg.err" \
		"$TGPROF" --text "$@" "$exe" "$gmon") > "$out/$label.tg.result" ||
		echo "127 - -" > "$out/$label.tg.result"
	gst=- gs= gk=
	[ -f "$out/$label.gnu.result" ] && read -r gst gs gk < "$out/$label.gnu.result"
	read -r tst ts tk < "$out/$label.tg.result"
	# tgprof failing, or differing from GNU, fails the benchmark.
	[ "$tst" = 0 ] || status=1
	if [ "$gst" != 0 ] || [ "$tst" != 0 ]; then
		same="not compared (status GNU $gst, tgprof $tst)"
		[ "$gst" = 124 ] && same="GNU timed out after $BENCH_LINES_TIMEOUT s"
	elif cmp -s "$out/$label.gnu.txt" "$out/$label.tg.txt"; then
		same=identical
	else
		same="DIFFER (diff $out/$label.gnu.txt $out/$label.tg.txt)"
		status=1
	fi
	[ "$gst" = 0 ] || gs= gk=
	[ "$tst" = 0 ] || ts= tk=
	printf '%-8s %9s %9s %9s %9s %7s %7s  %s %s\n' "$label" "${gs:--}" \
		"$( [ -n "$gk" ] && mb "$gk" || echo -)" "${ts:--}" \
		"$( [ -n "$tk" ] && mb "$tk" || echo -)" "$(ratio "$ts" "$gs")" \
		"$(ratio "$tk" "$gk")" "$same" "$gnote" >> "$out/table"
}

: > "$out/table"
status=0
full=$(sh "$TOP/tests/bench/gen.sh" full) || { echo "bench-lines: gen.sh failed"; exit 1; }
one full "$full" prog gmon.out -b -l
one gbig "$gbig" exe gmon.out -b -l
one gbig-A "$gbig" exe gmon.out -b -A -x

echo
echo "== -l results (time in s, peak RSS in MB; ratio = tgprof/GNU)"
printf '%-8s %9s %9s %9s %9s %7s %7s  %s\n' profile "GNU s" "GNU MB" "tg s" "tg MB" \
	"time x" "mem x" outputs
cat "$out/table"
[ "$status" = 0 ] || echo "bench-lines: tgprof failed or differs from GNU (see the table)"
exit $status
