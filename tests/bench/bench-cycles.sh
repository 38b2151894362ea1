#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Cycle breaking: tgprof's choice against 4.4BSD gprof's rule.
#
# For each profile with cycles and each bound N, runs
#   tgprof --text -b -q --break-cycles=N [--cycle-heuristic=bsd] EXE GMON
# and prints the arcs and calls each deletes and the time each takes
# (whole run: loading, breaking, reports).  Profiles: the corpus cases
# with cycles and the programs of tests/t-breakcycles.sh (built by
# `make check`; skipped with a note when absent), the synthetic profiles
# of gen.sh when present, and a 15,000-member cycle made here with
# cyclegen.c.  The BSD rule gets BENCH_BSD_TIMEOUT seconds (default 300).
# Last, the dense random case (gen.sh dense: 60,000 functions, 200,000
# arcs, one component of 15,000 members, as in a kernel) broken to 10:
# time, ratio to the plain -b report of the same profile, arcs and calls,
# the lower bound and the gap; the replay of that break's --write-edits
# file with --edits (time, ratio to the plain report, target 2x, and
# whether it prints the break's report); the BSD rule gets BENCH_DENSE_BSD_TIMEOUT
# seconds there (default 60).  Then the time of a re-proposal after
# pinning an arc of the largest component over 10 (repaired locally) and
# of the smallest (solved again), each with its calls against a proposal
# from scratch with the same pin, and of freeing the first pin again.
#
# The roots' shares (dense case, and CPython): every function that is a
# root of the plain report holding at least 1% of the time (main among
# them), after breaking at every bound from 2 to 50, with both objectives
# (heuristics alone, the exact search changes no root); a line per
# objective and root gives the least share it keeps and the bound where.
# A root is held to keeping 90% of its share unless it shares the largest
# cycle's time with another root: the cycle's time is what a break moves,
# and the plain report splits it among the roots above the cycle by their
# calls into it, the broken one by the pieces those calls enter, so no
# set of arcs keeps every such root's share (t-breakcycles' tworoots).
# The root the program
# starts from (CPython's Py_BytesMain, which main reaches by a tail call)
# is held to 90% all the same.  The part of each root's share that is the
# cycle's is measured by deleting every arc into the cycle from outside
# it (the cycle then holds its time alone).  Last, per objective, the
# root that gains most at any bound, whatever its share before: where a
# cycle's time goes when it leaves the roots above.
#
# CPython (BENCH_CPYTHON_SRC: an unpacked CPython 3.11 source tree; it is
# built with -pg and profiled on its test suite by cpython-prof.sh; without
# it the section says so and is skipped): the plain report's time and its
# largest cycle; then per bound the proposal without the exact search
# (time, ratio to the plain report, which must be under 3x; calls) beside
# the one with BENCH_EXACT_TIME seconds of exact search (default 30: time,
# calls, and "optimal" or the stated gap), checking that the heuristics
# are within 10% of a proven optimum; last, bound 10 again with
# BENCH_EXACT_LONG seconds of exact search (default 600), checking that
# the stated gap is under 25%.  Beside the roots' shares, what CPython's
# threads ran by their own CPU clocks (cpython-prof.sh measures it in the
# profiled run), against the share the plain report gives them.
# Environment: TOP, TGPROF, CC, B, BENCH_OUT, BENCH_MEASURE (from run.sh),
# BENCH_CPYTHON_SRC, BENCH_EXACT_TIME, BENCH_EXACT_LONG.
# Exit status 1 when tgprof itself fails (an exit status other than 0, or
# 124 for the BSD rule's time limit) or a profile cannot be made; a target
# missed is reported (FAILED) but is not a failure of the program.
: "${TOP:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${TGPROF:=$TOP/tgprof}"
: "${CC:=cc}"
: "${B:=build}"
: "${BENCH_OUT:=${TG_BUILD:-$TOP}/tests/out/bench}"
: "${BENCH_BSD_TIMEOUT:=300}"
: "${BENCH_DENSE_BSD_TIMEOUT:=60}"
out=$BENCH_OUT/cycles
mkdir -p "$out" || exit 1
status=0
measure=${BENCH_MEASURE:-}
if [ -z "$measure" ]; then
	measure=$out/measure
	$CC -O2 -I"${TG_BUILD:-$TOP}" -I"$TOP" -o "$measure" "$TOP/tests/bench/measure.c" || exit 1
fi

# The 15,000-member cycle.
big=$out/big15000
if [ ! -f "$big/gmon.out" ] || [ "$TOP/tests/bench/cyclegen.c" -nt "$big/gmon.out" ]; then
	mkdir -p "$big"
	$CC -O2 -I"${TG_BUILD:-$TOP}" -I"$TOP" -I"${TG_BUILD:-$TOP}/$B" -o "$out/cyclegen" "$TOP/tests/bench/cyclegen.c" &&
	"$out/cyclegen" asm 15000 > "$big/prog.s" &&
	(cd "$big" && $CC -c -o prog.o prog.s &&
	 $CC -nostdlib -static -no-pie -Wl,-e,main -Wl,--build-id=none -o exe prog.o) &&
	nm -n --defined-only "$big/exe" > "$big/nm" &&
	"$out/cyclegen" gmon 15000 1 "$big/nm" "$big/gmon.out" > "$big/info" ||
	{ echo "bench-cycles: cannot make the 15,000-member profile"; exit 1; }
	rm -f "$big/prog.s" "$big/prog.o" "$big/nm"
fi

# summary FILE: "ARCS CALLS" from the summary line of a run.
summary() {
	awk '/^[0-9]+ arcs? and [0-9]+ calls? deleted/ { print $1, $4; exit }' "$1"
}

# certificate FILE: "optimal" or "lower bound B, within G%" from the
# summary line of a --break-cycles report
certificate() {
	sed -n 's/^[0-9]* arcs* and [0-9]* calls* deleted//p' "$1" | head -1 |
		sed 's/^ (optimal);.*/optimal/; s/^; no solution deletes fewer than \([0-9]*\) calls* (within \([0-9.]*%\)).*/lower bound \1, within \2/'
}

# roots FILE: "NAME PCT" for each root of a call graph report (its entry
# has <spontaneous> for a parent) holding at least 1% of the time.
roots() {
	awk 'prev ~ /<spontaneous>/ && /^\[[0-9]+/ && $2 >= 1.0 { print $(NF-1), $2 }
	     { prev = $0 }' "$1"
}

# pct FILE NAME: NAME's % time in the call graph of a report.
pct() {
	awk -v n="$2" '/^\[[0-9]+/ && $(NF-1) == n { print $2; exit }' "$1"
}

# share_sweep LABEL EXE GMON [MAIN]: the roots' shares at bounds 2-50,
# both objectives (see above): a line per objective and root with the
# least share it keeps and where, then the verdict (MAIN, the root the
# program starts from, is held to 90% whatever it shares); then per
# objective the root that gains most at any bound, whatever its share
# before.  A miss is reported (FAILED), not fatal.  Returns 1 only when
# the plain report cannot be made.
share_sweep() {
	label=$1 exe=$2 gmon=$3 main=${4:-}
	"$TGPROF" --text -b -q "$exe" "$gmon" > "$out/$label.plain" || return 1
	roots "$out/$label.plain" > "$out/$label.roots"
	# every arc into the largest cycle from outside it, deleted: each
	# root's share left is what is not the cycle's
	c=$(grep -E '^\[[0-9]+' "$out/$label.plain" | grep -o '<cycle [0-9]*>' | sort | uniq -c |
		sort -rn | awk 'NR == 1 { print $3 }' | tr -d '>')
	awk -v c="<cycle $c>" '/^\[[0-9]+/ { cur = /<cycle / ? $(NF-3) : $(NF-1)
			if (index($0, c) || / as a whole>/) cur = ""
			next }
		/^-----/ { cur = ""; next }
		cur != "" && index($0, c) && $3 ~ /\// { print ":k " cur "/" $(NF-3) }' \
		"$out/$label.plain" | sort -u > "$out/$label.cut.edits"
	"$TGPROF" --text -b -q --edits="$out/$label.cut.edits" "$exe" "$gmon" \
		> "$out/$label.cut" || return 1
	: > "$out/$label.own"
	while read -r name before; do
		own=$(pct "$out/$label.cut" "$name")
		echo "$name $before ${own:-0}" >> "$out/$label.own"
	done < "$out/$label.roots"
	for obj in calls time; do
		: > "$out/$label.kept"
		: > "$out/$label.gains"
		n=2
		while [ "$n" -le 50 ]; do
			"$TGPROF" --text -b -q --break-cycles="$n" --cycle-exact-time=0 \
				--cycle-objective=$obj "$exe" "$gmon" > "$out/$label.sweep" 2>&1
			while read -r name before; do
				after=$(pct "$out/$label.sweep" "$name")
				echo "$name $before ${after:-0} $n" >> "$out/$label.kept"
			done < "$out/$label.roots"
			roots "$out/$label.sweep" | while read -r name after; do
				before=$(pct "$out/$label.plain" "$name")
				echo "$name ${before:-0} $after $n"
			done >> "$out/$label.gains"
			n=$((n + 1))
		done
		# per root, in the plain report's order: the least share kept,
		# and whether it shares the cycle's time with another root
		# (one holding at least 1% of the total from the cycle)
		awk -v label="$label" -v obj="$obj" -v main="$main" '
			NR == FNR { cyc[$1] = $2 - $3; if ($2 - $3 >= 1) held++; next }
			!($1 in w) { order[++k] = $1; w[$1] = 1e9 }
			{ r = $3 / $2; if (r < w[$1]) { w[$1] = r; at[$1] = $4; pa[$1] = $3; pb[$1] = $2 } }
			END { for (i = 1; i <= k; i++) { x = order[i];
				shared = (held - (cyc[x] >= 1) > 0) && cyc[x] > 0 && x != main
				v = "FAILED (target 90%)"
				if (w[x] >= 0.9)
					v = "ok"
				else if (shared)
					v = "shares the cycle with other roots, not held to 90%"
				part = pb[x] > 0 ? 100 * cyc[x] / pb[x] : 0
				printf "%s, %s: %s %.1f%% -> %.1f%% at bound %d, %.1f%% of its share kept (%.0f%% of it the cycle\047s): %s\n",
					label, obj, x, pb[x], pa[x], at[x], 100 * w[x], part, v } }' "$out/$label.own" "$out/$label.kept"
		[ -n "$main" ] && ! grep -q "^$main " "$out/$label.roots" &&
			echo "$label, $obj: $main is not a root holding 1% of the plain report: FAILED"
		awk -v label="$label" -v obj="$obj" '
			$3 - $2 > best { best = $3 - $2; x = $1; b = $2; a = $3; at = $4 }
			END { if (x != "")
				printf "%s, %s: the largest gain: %s %.1f%% -> %.1f%% at bound %d\n",
					label, obj, x, b, a, at }' "$out/$label.gains"
	done
	return 0
}

# run LABEL DIR EXE BOUNDS
run() {
	label=$1 dir=$2 exe=$3 bounds=$4
	for n in $bounds; do
		o=$out/$label-$n
		r1=$("$measure" "$o.ours" "$o.ours.err" "$TGPROF" --text -b -q \
			--break-cycles="$n" "$dir/$exe" "$dir/gmon.out")
		r2=$("$measure" "$o.bsd" "$o.bsd.err" timeout "$BENCH_BSD_TIMEOUT" \
			"$TGPROF" --text -b -q --break-cycles="$n" --cycle-heuristic=bsd \
			"$dir/$exe" "$dir/gmon.out")
		set -- $r1
		s1=$1 t1=$2
		set -- $r2
		s2=$1 t2=$2
		ours="failed ($s1)"
		bsd="failed ($s2)"
		[ "$s1" = 0 ] && ours=$(summary "$o.ours")" $t1"
		[ "$s2" = 0 ] && bsd=$(summary "$o.bsd")" $t2"
		[ "$s2" = 124 ] && bsd="timed out after ${BENCH_BSD_TIMEOUT}s"
		[ "$s1" = 0 ] || status=1
		case $s2 in 0|124) ;; *) status=1 ;; esac
		echo "$label $n $ours | $bsd" |
			awk '{ if (NF == 9) printf "%-24s %5s %7s %12s %8.2f | %7s %12s %8.2f\n",
				$1, $2, $3, $4, $5, $7, $8, $9;
			       else print }'
	done
}

printf '%-24s %5s %7s %12s %8s | %7s %12s %8s\n' profile N arcs calls secs \
	bsd-arcs bsd-calls bsd-secs
corpus=${TG_BUILD:-$TOP}/tests/out/corpus
for d in "$corpus"/mutual-o0g "$corpus"/cycles-o0g "$corpus"/cycles-o2 \
	 "$corpus"/interp-o0g "$corpus"/interp-o2; do
	if [ -f "$d/gmon.out" ]; then
		run "$(basename "$d")" "$d" exe "1 2 3 5 10"
	else
		echo "$(basename "$d"): not built (run make check first)"
	fi
done
for p in shapes dup; do
	d=${TG_BUILD:-$TOP}/tests/out/breakcycles/$p
	if [ -f "$d/gmon.out" ]; then
		run "$p" "$d" exe "1 2 3 5 10"
	else
		echo "$p: not built (run make check first)"
	fi
done
for s in quick full; do
	d=$BENCH_OUT/$s
	if [ -f "$d/gmon.out" ]; then
		run "gen-$s" "$d" prog "10 100"
	else
		echo "gen-$s: not generated (tests/bench/gen.sh $s)"
	fi
done
run big15000 "$big" exe "10 100"

# The dense case.
dense=$(CC=$CC TOP=$TOP sh "$TOP/tests/bench/gen.sh" dense) ||
	{ echo "bench-cycles: cannot make the dense profile"; exit 1; }
o=$out/dense-10
set -- $("$measure" "$o.plain" "$o.plain.err" "$TGPROF" --text -b -q \
	"$dense/prog" "$dense/gmon.out")
sp=$1 tp=$2
set -- $("$measure" -p 30 "$o.ours" "$o.ours.err" "$TGPROF" --text -b -q \
	--break-cycles=10 "$dense/prog" "$dense/gmon.out")
so=$1 to=$2
set -- $("$measure" "$o.bsd" "$o.bsd.err" timeout "$BENCH_DENSE_BSD_TIMEOUT" \
	"$TGPROF" --text -b -q --break-cycles=10 --cycle-heuristic=bsd \
	"$dense/prog" "$dense/gmon.out")
sb=$1 tb=$2
members=$(grep '^\[' "$o.plain" | grep -c '<cycle 1>')
if [ "$sp" != 0 ] || [ "$so" != 0 ]; then
	echo "dense: failed (plain $sp, break $so)"
	status=1
else
	set -- $(summary "$o.ours")
	lb=$(sed -n 's/.*no solution deletes fewer than \([0-9]*\) call.*/\1/p' "$o.ours")
	grep -q ' deleted (optimal)' "$o.ours" && lb=$2
	echo "$members $1 $2 $tp $to ${lb:-?}" | awk '{
		printf "dense (%d-member component), bound 10: %.2fs to break, %.1fx the plain -b report (%.2fs); %d arcs and %d calls deleted; lower bound %s",
			$1, $5, $5 / ($4 > 0 ? $4 : 0.01), $4, $2, $3, $6;
		if ($6 + 0 > 0) printf " (gap %.1f%%)", 100 * ($3 - $6) / $6;
		printf "\n" }'
fi
# Replaying a session: the arcs of the break to 10 written as an edits
# file, then replayed with --edits: one batch, so at most 2x the plain -b
# report of the same profile, and the very report the break printed.
"$TGPROF" --text -b -q --break-cycles=10 --write-edits="$o.edits" \
	"$dense/prog" "$dense/gmon.out" > "$o.written" 2> "$o.written.err"
set -- $("$measure" "$o.replay" "$o.replay.err" "$TGPROF" --text -b -q \
	--edits="$o.edits" "$dense/prog" "$dense/gmon.out")
sr=$1 tr=$2
if [ "$sr" != 0 ] || [ ! -s "$o.edits" ]; then
	echo "dense replay: failed (status $sr; $(head -c 300 "$o.replay.err"))"
else
	same=differs
	sed '1,/^$/d' "$o.written" | cmp -s - "$o.replay" && same="the same report"
	echo "$(grep -c '^:k ' "$o.edits") $tr $tp" | awk -v same="$same" '{
		r = $2 / ($3 > 0 ? $3 : 0.01)
		printf "dense replay: --edits of %d arcs (the break to 10) in %.2fs, %.2fx the plain -b report (%s, target 2x); %s as the break\n",
			$1, $2, r, r <= 2 ? "ok" : "FAILED", same }'
fi
# Re-proposal after a pin (the browser's p): only the component of the
# pinned arc is solved again, or repaired locally when the heuristics
# solved it (tests/unit/test_cyclebreak_choice.c --time).
choice=${TG_BUILD:-$TOP}/$B/tests/unit/test_cyclebreak_choice
if [ -x "$choice" ]; then
	"$choice" --time "$dense/prog" "$dense/gmon.out" 10 > "$out/dense-choice" 2>&1 ||
		{ echo "dense re-proposal: $choice failed"; status=1; }
	sed 's/^/dense: /' "$out/dense-choice"
else
	echo "dense re-proposal: $choice not built (make check builds it)"
fi
case $sb in
0) set -- $(summary "$o.bsd")
   echo "dense, BSD rule: $1 arcs and $2 calls deleted in ${tb}s" ;;
124) echo "dense, BSD rule: timed out after ${BENCH_DENSE_BSD_TIMEOUT}s" ;;
*) echo "dense, BSD rule: failed ($sb)"; status=1 ;;
esac
share_sweep dense "$dense/prog" "$dense/gmon.out" || status=1

# CPython.
if [ -z "${BENCH_CPYTHON_SRC:-}" ]; then
	echo "cpython: skipped: no CPython source given (set BENCH_CPYTHON_SRC to an unpacked CPython 3.11 source tree)"
	exit $status
fi
cpy=$(TOP=$TOP CC=$CC sh "$TOP/tests/bench/cpython-prof.sh") ||
	{ echo "cpython: cannot build and profile $BENCH_CPYTHON_SRC (see above)"; exit 1; }
: "${BENCH_EXACT_TIME:=30}"
: "${BENCH_EXACT_LONG:=600}"
o=$out/cpython
set -- $("$measure" "$o.plain" "$o.plain.err" "$TGPROF" --text -b -q "$cpy/python" "$cpy/gmon.out")
tp=$2
[ "$1" = 0 ] || { echo "cpython: tgprof failed on the plain report (status $1)"; status=1; }
big=$(grep -E '^\[[0-9]+' "$o.plain" | grep -o '<cycle [0-9]*>' | sort | uniq -c | sort -rn | awk 'NR == 1 { print $1 }')
echo "cpython: plain -b -q report ${tp}s; largest cycle $big members"
[ "${big:-0}" -ge 1500 ] || echo "cpython: the largest cycle is under 1,500 members: the gap target needs one that big"
# what the threads ran by their own clocks (cpython-prof.sh), against the
# share the plain report gives the root that starts them
if [ -s "$cpy/threads" ]; then
	read -r _ nth tth tproc < "$cpy/threads"
	echo "cpython: $nth threads ran ${tth}s of the process's ${tproc}s of CPU" \
		"($(awk -v a="$tth" -v b="$tproc" 'BEGIN { printf "%.1f", 100 * a / b }')%) by their own clocks;" \
		"the plain report gives pythread_wrapper $(pct "$o.plain" pythread_wrapper)%," \
		"Py_BytesMain $(pct "$o.plain" Py_BytesMain)%"
fi
printf '%-8s %5s | %8s %6s %12s | %8s %12s %s\n' cpython N secs ratio calls exact-s calls certificate
for n in 2 3 5 10 20 50; do
	set -- $("$measure" "$o-$n.heur" "$o-$n.heur.err" "$TGPROF" --text -b -q \
		--break-cycles="$n" --cycle-exact-time=0 "$cpy/python" "$cpy/gmon.out")
	sh_=$1 th=$2
	set -- $("$measure" "$o-$n.exact" "$o-$n.exact.err" "$TGPROF" --text -b -q \
		--break-cycles="$n" --cycle-exact-time="$BENCH_EXACT_TIME" "$cpy/python" "$cpy/gmon.out")
	se=$1 te=$2
	if [ "$sh_" != 0 ] || [ "$se" != 0 ]; then
		echo "cpython $n: failed (heuristics $sh_, exact $se)"
		status=1
		continue
	fi
	ch=$(summary "$o-$n.heur" | cut -d' ' -f2)
	ce=$(summary "$o-$n.exact" | cut -d' ' -f2)
	cert=$(certificate "$o-$n.exact")
	ratio=$(awk -v a="$th" -v b="$tp" 'BEGIN { printf "%.2f", a / (b > 0 ? b : 0.01) }')
	printf '%-8s %5s | %8.2f %5sx %12s | %8.2f %12s %s\n' cpython "$n" "$th" "$ratio" "$ch" "$te" "$ce" "$cert"
	if awk -v r="$ratio" 'BEGIN { exit !(r > 3) }'; then
		echo "cpython $n: FAILED: the proposal without the exact search takes ${ratio}x the plain report (target 3x)"
	fi
	case $cert in
	optimal)
		if awk -v h="$ch" -v e="$ce" 'BEGIN { exit !(h > 1.1 * e) }'; then
			echo "cpython $n: FAILED: the heuristics delete $ch calls, over 10% above the optimum $ce"
		fi ;;
	*within*)
		;;
	esac
done
# the gap target at bound 10, given the exact search a long time
n=10
set -- $("$measure" "$o-$n.long" "$o-$n.long.err" "$TGPROF" --text -b -q \
	--break-cycles="$n" --cycle-exact-time="$BENCH_EXACT_LONG" "$cpy/python" "$cpy/gmon.out")
if [ "$1" != 0 ]; then
	echo "cpython $n, long exact search: failed (status $1)"
	status=1
else
	te=$2
	ce=$(summary "$o-$n.long" | cut -d' ' -f2)
	cert=$(certificate "$o-$n.long")
	printf '%-8s %5s | %8s %6s %12s | %8.2f %12s %s\n' cpython "$n" - - - "$te" "$ce" "$cert"
	case $cert in
	*within*)
		gap=$(echo "$cert" | sed 's/.*within \([0-9.]*\)%.*/\1/')
		if awk -v g="$gap" 'BEGIN { exit !(g >= 25) }'; then
			echo "cpython 10: FAILED: stated gap $gap% after ${BENCH_EXACT_LONG}s (target under 25%)"
		fi ;;
	esac
fi
share_sweep cpython "$cpy/python" "$cpy/gmon.out" Py_BytesMain || status=1
exit $status
