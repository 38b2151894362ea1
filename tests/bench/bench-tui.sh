#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Browser benchmarks for `make bench` (not timed tests: results are
# printed against their targets, never fatal).
#   - first screen on the largest synthetic profile (target < 1 s), split
#     into the engine's load, the edit session's start and the browser;
#   - deleting one arc and redrawing (target < 100 ms), with the part
#     spent re-propagating;
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
f
c
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
if ! run "$dir" "$out/big.keys" "$out/big.times"; then
	echo "  the browser failed on $dir"
	exit 1
fi
read -r _ first _ load _ open < "$out/big.times"
echo "  first screen: $(ms "$first") [$(verdict "$first" 1)]  (engine load $(ms "$load"), edit session $(ms "$open"))"
del=$(awk '$2 == "delete-arc" { print $3, $5; exit }' "$out/big.times")
set -- $del
echo "  delete one arc + redraw: $(ms "$1") [$(verdict "$1" 0.1)]  (re-propagation $(ms "$2"))"
undo=$(awk '$2 == "undo" { print $3; exit }' "$out/big.times")
echo "  undo + redraw: $(ms "$undo")"
mv=$(awk '$2 == "move-down" { if ($3 > m) m = $3 } END { print m + 0 }' "$out/big.times")
echo "  cursor move (worst of 2): $(ms "$mv")"

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
