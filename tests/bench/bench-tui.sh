#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Browser benchmarks for `make bench` (not timed tests: results are
# printed against their targets, never fatal).
#   - on the largest synthetic profile, a table of the first screen and
#     of each kind of key against the read-only floor: the time to read
#     the profile with no analysis (READFLOOR, tests/bench/readfloor.c);
#     both the fastest of 3 runs, each in a process of its own, and the
#     keys timed in the fastest.  Targets: first screen within 1.5x the floor
#     (also shown in processor time, which a loaded machine's other
#     programs disturb less than the wall clock),
#     deleting one arc and redrawing within 0.05x, every other key under
#     100 ms (on an unloaded machine: the load average is printed);
#   - a key press redraw on an ordinary profile (target < 20 ms);
#   - the call tree's first screen and its hot path opened, against the
#     flat profile's first screen (target: within 1.5x);
#   - the source view, and its machine code, of the largest corpus
#     function (target < 100 ms each);
#   - peak memory of the browser against `tgprof --text` (target < 2x).
# The browser writes its timings when TGPROF_BENCH names a file; it runs
# headless (TGPROF_SCRIPT) at 40x120.
: "${TOP:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${TGPROF:=$TOP/tgprof}"
: "${CC:=cc}"
: "${BENCH_OUT:=${TG_BUILD:-$TOP}/tests/out/bench}"
out=$BENCH_OUT/tui
mkdir -p "$out" || exit 1

size=
for s in full quick; do
	if [ -f "$BENCH_OUT/$s/gmon.out" ]; then size=$s; break; fi
done
if [ -z "$size" ]; then
	dir=$(sh "$TOP/tests/bench/gen.sh" quick) || exit 1
	size=quick
fi
dir=$BENCH_OUT/$size

cat > "$out/big.keys" <<'K'
<Down>
<Down>
<Tab><Up>
d
u
<C-r>
<Tab>
f
c
<Down>
/777
n
<Enter>
<BS>
:q
K

# run DIR KEYS TIMES ARGS...: headless run with timings.
run() {
	(cd "$1" && LINES=40 COLUMNS=120 TGPROF_SCRIPT=$2 TGPROF_BENCH=$3 \
		XDG_STATE_HOME=$out/state "$TGPROF" --tui ./prog gmon.out > /dev/null 2>&1 < /dev/null)
}

ms() { awk -v s="$1" 'BEGIN { printf "%.1f ms", s * 1000 }'; }
verdict() { awk -v v="$1" -v t="$2" 'BEGIN { print (v + 0 < t + 0 ? "ok" : "SLOW") }'; }

echo "browser ($size profile: $(awk '/^functions/ { f = $2 } /^distinct_arcs/ { a = $2 } END { print f " functions, " a " arcs" }' "$dir/info"))"
echo "  load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown) on $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') cores"
floor= floor_cpu=
# Both sides as a user meets them, fastest of three, each run a process
# of its own: the browser's first screen is a new process's, so the
# floor is too (readfloor's own repeats reuse a warm heap, no page
# faults, and ran twice as fast as a new process: 0.12 s against
# 0.23-0.28 s on the full profile).
if [ -x "${READFLOOR:-}" ]; then
	for i in 1 2 3; do
		# "WALL CPU": this run's clock and processor time
		"$READFLOOR" "$dir/prog" "$dir/gmon.out" 1 cpu || break
	done > "$out/floor.runs"
	fl=$(awk 'NR == 1 || $1 < w { w = $1 } NR == 1 || $2 < c { c = $2 }
		END { if (NR == 3) print w, c }' "$out/floor.runs")
	if [ -n "$fl" ]; then floor=${fl%% *} floor_cpu=${fl#* }; fi
fi
best=
for i in 1 2 3; do
	if ! run "$dir" "$out/big.keys" "$out/big.times.$i"; then
		echo "  the browser failed on $dir"
		exit 1
	fi
	t=$(awk '$1 == "first-screen" { print $2; exit }' "$out/big.times.$i")
	if [ -z "$best" ] || awk -v a="$t" -v b="$bt" 'BEGIN { exit !(a < b) }'; then
		best=$i bt=$t
	fi
done
cp "$out/big.times.$best" "$out/big.times"
# The table: what, seconds, ratio to the floor, target (R: ratio to the
# floor at most R; M: milliseconds under M).
awk -v floor="$floor" -v floor_cpu="$floor_cpu" '
function row(what, t, kind, lim, extra,   r, v, ok) {
	if (t == "") { printf "  %-26s %10s\n", what, "not run"; return }
	r = floor > 0 ? sprintf("%.3fx", t / floor) : "-"
	if (kind == "R") { ok = floor > 0 && t / floor <= lim; v = sprintf("<= %gx floor", lim) }
	else { ok = t * 1000 < lim; v = sprintf("< %d ms", lim) }
	printf "  %-26s %9.1f ms %9s   %-15s %s%s\n", what, t * 1000, r, v,
		(kind == "R" && floor == "") ? "no floor" : ok ? "ok" : "SLOW", extra
}
$1 == "first-screen" { first = $2; load = $4; open = $6; cpu = $8 }
$1 == "key" && !($2 in t) { t[$2] = $3; if ($4 == "propagate") p[$2] = $5 }
$1 == "key" && $2 == "move-down" && $3 > mv { mv = $3 }
END {
	if (floor > 0) printf "  %-26s %9.1f ms %9s\n", "read-only floor", floor * 1000, "1x"
	else print "  read-only floor: not measured (READFLOOR unset)"
	printf "  %-26s %12s %9s   %-15s %s\n", "", "time", "/floor", "target", ""
	row("first screen", first, "R", 1.5, sprintf("  (engine load %.1f ms, edit session %.1f ms)", load * 1000, open * 1000))
	if (floor_cpu > 0 && cpu != "")
		printf "  %-26s %9.1f ms %8.3fx   processor time; the floor %.1f ms\n",
			"first screen (CPU)", cpu * 1000, cpu / floor_cpu, floor_cpu * 1000
	row("delete one arc + redraw", t["delete-arc"], "R", 0.05, sprintf("  (re-propagation %.1f ms)", p["delete-arc"] * 1000))
	row("undo + redraw", t["undo"], "M", 100, sprintf("  (re-propagation %.1f ms)", p["undo"] * 1000))
	row("redo + redraw", t["redo"], "M", 100, sprintf("  (re-propagation %.1f ms)", p["redo"] * 1000))
	row("view switch (flat)", t["view-flat"], "M", 100)
	row("view switch (graph)", t["view-graph"], "M", 100)
	row("cursor move (worst)", mv, "M", 100)
	row("search next", t["find-next"], "M", 100)
	row("Enter", t["enter"], "M", 100)
	row("Back", t["back"], "M", 100)
}' "$out/big.times"

# The call tree on the same profile: its first screen (w) and the hot
# path from the first root (H), against the flat profile's first screen
# (f), each a key press and its redraw from the call graph (target: the
# tree within 1.5x of the flat profile).
printf 'f\nw\nH\n:q\n' > "$out/tree.keys"
if run "$dir" "$out/tree.keys" "$out/tree.times"; then
	flat=$(awk '$2 == "view-flat" { print $3; exit }' "$out/tree.times")
	tree=$(awk '$2 == "view-tree" { print $3; exit }' "$out/tree.times")
	hot=$(awk '$2 == "tree-hot-path" { print $3; exit }' "$out/tree.times")
	r=$(awk -v a="$tree" -v b="$flat" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
	rh=$(awk -v a="$hot" -v b="$flat" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
	echo "  call tree: first screen $(ms "$tree") (x$r of the flat profile's $(ms "$flat")) [$(verdict "$r" 1.5)]"
	echo "  call tree: hot path opened $(ms "$hot") (x$rh) [$(verdict "$rh" 1.5)]"
else
	echo "  the browser failed on $dir (call tree)"
fi

# Memory: the same profile through --text (the engine alone) and the browser.
if [ -x "$BENCH_MEASURE" ]; then
	"$BENCH_MEASURE" "$out/text.out" "$out/text.err" "$TGPROF" --text "$dir/prog" "$dir/gmon.out" > "$out/text.result"
	(cd "$dir" && LINES=40 COLUMNS=120 TGPROF_SCRIPT=$out/big.keys XDG_STATE_HOME=$out/state \
		"$BENCH_MEASURE" "$out/tui.out" "$out/tui.err" "$TGPROF" --tui ./prog gmon.out) > "$out/tui.result"
	read -r _ _ kt < "$out/text.result"
	read -r _ _ kb < "$out/tui.result"
	r=$(awk -v a="$kb" -v b="$kt" 'BEGIN { printf "%.2f", a / b }')
	echo "  peak memory: browser $((kb / 1024)) MB, --text $((kt / 1024)) MB, ratio $r [$(verdict "$r" 2)]"
fi

# The source view with its machine code on the largest function of the
# corpus (built by tests/corpus/build.sh; target < 100 ms each).
corpus=${TG_BUILD:-$TOP}/tests/out/corpus
[ -d "$corpus" ] || sh "$TOP/tests/corpus/build.sh" > "$out/corpus.log" 2>&1
big=$(for d in "$corpus"/*-o0g "$corpus"/*-o2gnp "$corpus"/*-lto; do
	nm -S --size-sort "$d/exe" 2> /dev/null |
		awk -v d="$d" '$3 ~ /^[tT]$/ { s = $2; n = $4 } END { if (n != "") print s, d, n }'
done | while read -r sz d n; do echo "$(printf '%d' "0x$sz") $d $n"; done | sort -n | tail -1)
if [ -n "$big" ]; then
	set -- $big
	printf ':goto %s\ns\na\n:q\n' "$3" > "$out/asm.keys"
	(cd "$2" && LINES=40 COLUMNS=120 TGPROF_SCRIPT=$out/asm.keys TGPROF_BENCH=$out/asm.times \
		XDG_STATE_HOME=$out/state "$TGPROF" --tui ./exe gmon.out > /dev/null 2>&1 < /dev/null)
	src=$(awk '$2 == "view-source" { print $3; exit }' "$out/asm.times")
	asm=$(awk '$2 == "toggle-asm" { print $3; exit }' "$out/asm.times")
	echo "  source view of the largest corpus function ($3 in $(basename "$2"), $1 bytes):" \
		"$(ms "${src:-0}") [$(verdict "${src:-1}" 0.1)], machine code shown $(ms "${asm:-0}") [$(verdict "${asm:-1}" 0.1)]"
else
	echo "  source view: no corpus built ($corpus)"
fi

# An ordinary profile: the browser test program.
small=$out/small
mkdir -p "$small"
if [ ! -f "$small/gmon.out" ]; then
	(cd "$small" && $CC -pg -O0 -g -o prog "$TOP/tests/tui/prog.c" && ./prog > /dev/null) || exit 1
fi
: > "$out/small.keys"
for i in 1 2 3 4 5 6 7 8; do
	printf '<Down>\n<Tab><Down><Tab>\nf\nc\n' >> "$out/small.keys"
done
echo ':q' >> "$out/small.keys"
run "$small" "$out/small.keys" "$out/small.times" || exit 1
awk '$1 == "key" { n++; s += $3; if ($3 > m) m = $3 }
     END { printf "  ordinary profile, key press + redraw: mean %.2f ms, worst %.2f ms over %d keys [%s]\n",
           1000 * s / n, 1000 * m, n, m < 0.02 ? "ok" : "SLOW" }' "$out/small.times"
exit 0
