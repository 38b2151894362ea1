#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# `make bench`: GNU gprof against tgprof on large synthetic profiles, then
# every other tests/bench/bench-*.sh.
#
# Environment: TGPROF, GPROF, B, CC (from make); optional
#   BENCH_SIZES="quick full"    sizes to run (see gen.sh), in order
#   BENCH_SKIP_GPROF_FULL=1     do not run GNU gprof on the full size (minutes);
#                               a GNU result kept from an earlier run of the
#                               same profile is shown instead, marked as such
# Scripts bench-*.sh get TOP, TGPROF, GPROF, B, CC, BENCH_OUT (scratch
# directory) and BENCH_MEASURE (the measure wrapper, see measure.c).
# Exit status: non-zero only when the benchmark itself could not run or a
# bench-*.sh failed; slow or differing results are reported, not fatal.
TOP=$(cd "$(dirname "$0")/../.." && pwd)
: "${B:=build}"
: "${CC:=cc}"
: "${GPROF:=gprof}"
: "${TGPROF:=$TOP/tgprof}"
: "${BENCH_SIZES:=quick full}"
export TOP B CC GPROF TGPROF

out="${TG_BUILD:-$TOP}/tests/out/bench"
mkdir -p "$out" || exit 1
measure="$out/measure"
if [ ! -x "$measure" ] || [ "$TOP/tests/bench/measure.c" -nt "$measure" ]; then
  $CC -O2 -I"${TG_BUILD:-$TOP}" -I"$TOP" -o "$measure" "$TOP/tests/bench/measure.c" || exit 1
fi
BENCH_OUT=$out BENCH_MEASURE=$measure
export BENCH_OUT BENCH_MEASURE

table="$out/table.txt"
: > "$table"
notes="$out/notes.txt"
: > "$notes"

# mb KB: kilobytes as megabytes.
mb() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
# ratio A B: A/B with two decimals, or "-" when either is missing.
ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN {
    if (a == "" || b == "" || b + 0 == 0) print "-"; else printf "%.2f", a / b }'
}

# run_tool SIZE DIR LABEL OUTNAME CMD...: runs CMD under measure, leaves
# "status seconds kb" in $DIR/OUTNAME.result and prints what happened.
run_tool() {
  size=$1 dir=$2 label=$3 name=$4
  shift 4
  echo "  $size: running $label ..."
  if ! "$measure" -p 15 "$dir/$name.txt" "$dir/$name.err" "$@" > "$dir/$name.result"; then
    echo "  $size: could not run $label" | tee -a "$notes"
    echo "127 - -" > "$dir/$name.result"
    return
  fi
  read -r st secs kb < "$dir/$name.result"
  echo "  $size: $label: status $st, $secs s, $(mb "$kb") MB peak"
  if [ "$st" -ne 0 ]; then
    echo "  $size: $label exited with status $st; its stderr begins:" | tee -a "$notes"
    head -5 "$dir/$name.err" | sed 's/^/      /' | tee -a "$notes"
  fi
}

status=0
full_secs= full_kb= full_gnu_kb=
for size in $BENCH_SIZES; do
  echo "== profile: $size"
  dir=$(sh "$TOP/tests/bench/gen.sh" "$size") || { echo "generator failed for $size"; exit 1; }
  funcs=$(awk '$1 == "functions" { print $2 }' "$dir/info")
  arcs=$(awk '$1 == "arc_records" { print $2 }' "$dir/info")
  cyc=$(awk '$1 == "cycles" { print $2 }' "$dir/info")
  big=$(awk '$1 == "largest_cycle" { print $2 }' "$dir/info")
  echo "  $funcs functions, $arcs arc records, $cyc cycles (largest $big);" \
       "prog $(mb $(($(wc -c < "$dir/prog") / 1024))) MB," \
       "gmon.out $(mb $(($(wc -c < "$dir/gmon.out") / 1024))) MB; in $dir"

  gnu_note=
  if [ "$size" = full ] && [ "${BENCH_SKIP_GPROF_FULL:-0}" = 1 ]; then
    if [ -f "$dir/gnu.result" ] && [ -f "$dir/gnu.txt" ] &&
       [ "$(cut -d' ' -f1 "$dir/gnu.result")" = 0 ]; then
      gnu_note="(GNU result cached from an earlier run)"
    else
      rm -f "$dir/gnu.result" "$dir/gnu.txt"
      gnu_note="(GNU gprof skipped: BENCH_SKIP_GPROF_FULL=1)"
    fi
    echo "  $size: $gnu_note"
  else
    [ "$size" = full ] && echo "  $size: GNU gprof needs a minute or more here" \
      "(BENCH_SKIP_GPROF_FULL=1 skips it)"
    run_tool "$size" "$dir" "GNU gprof -b" gnu \
      "$GPROF" -b "$dir/prog" "$dir/gmon.out"
  fi
  run_tool "$size" "$dir" "tgprof --text -b" tg \
    "$TGPROF" --text -b "$dir/prog" "$dir/gmon.out"

  gst=- gsecs= gkb=
  [ -f "$dir/gnu.result" ] && read -r gst gsecs gkb < "$dir/gnu.result"
  read -r tst tsecs tkb < "$dir/tg.result"
  if [ "$gst" = - ]; then
    same="not compared"
  elif [ "$gst" != 0 ] || [ "$tst" != 0 ]; then
    same="not compared (a run failed)"
  elif cmp -s "$dir/gnu.txt" "$dir/tg.txt"; then
    same="identical"
  else
    first=$(cmp "$dir/gnu.txt" "$dir/tg.txt" 2>&1 | sed -n 's/.*line \([0-9]*\).*/\1/p')
    [ -n "$first" ] || first="end of the shorter file"
    ndiff=$(diff "$dir/gnu.txt" "$dir/tg.txt" | grep -c '^[<>]')
    same="DIFFER from line $first ($ndiff lines differ; diff $dir/gnu.txt $dir/tg.txt)"
  fi
  echo "  $size: outputs $same"
  [ "$gst" = 0 ] || gsecs= gkb=
  [ "$tst" = 0 ] || tsecs= tkb=
  printf '%-6s %9s %9s %9s %9s %7s %7s  %s %s\n' "$size" \
    "${gsecs:--}" "$( [ -n "$gkb" ] && mb "$gkb" || echo -)" \
    "${tsecs:--}" "$( [ -n "$tkb" ] && mb "$tkb" || echo -)" \
    "$(ratio "$tsecs" "$gsecs")" "$(ratio "$tkb" "$gkb")" "$same" "$gnu_note" >> "$table"
  if [ "$size" = full ]; then
    full_secs=$tsecs full_kb=$tkb full_gnu_kb=$gkb
  fi
done

echo
echo "== results (time in s, peak RSS in MB; ratio = tgprof/GNU)"
printf '%-6s %9s %9s %9s %9s %7s %7s  %s\n' size "GNU s" "GNU MB" "tg s" "tg MB" \
  "time x" "mem x" "outputs"
cat "$table"
if [ -s "$notes" ]; then
  echo "notes:"
  cat "$notes"
fi

# Targets on the full size.
case " $BENCH_SIZES " in
*" full "*)
  if [ -z "$full_secs" ]; then
    t1="not measured (tgprof failed)"
  else
    t1=$(awk -v s="$full_secs" 'BEGIN { print (s < 1 ? "met" : "MISSED") }')" ($full_secs s)"
  fi
  if [ -z "$full_kb" ] || [ -z "$full_gnu_kb" ]; then
    t2="not measured (needs both runs on full)"
  else
    t2=$(awk -v a="$full_kb" -v b="$full_gnu_kb" \
      'BEGIN { print (a < 2 * b ? "met" : "MISSED") }')" ($(ratio "$full_kb" "$full_gnu_kb")x)"
  fi
  echo "target: full-size -b report under 1 s: $t1"
  echo "target: full-size peak memory under 2x GNU's: $t2"
  ;;
esac

for s in "$TOP"/tests/bench/bench-*.sh; do
  [ -f "$s" ] || continue
  echo
  echo "== $(basename "$s")"
  sh "$s"
  st=$?
  if [ "$st" -ne 0 ]; then
    echo "== $(basename "$s") exited with status $st"
    status=1
  fi
done
exit $status
