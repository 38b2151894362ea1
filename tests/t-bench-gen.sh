#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The benchmark's profile generator (tests/bench/gen.sh) at a tiny size:
# GNU gprof must read what it writes, and see the functions, arc records,
# samples and cycles that were asked for.
. "$(dirname "$0")/lib.sh"
tg_need "$GPROF" "$CC" nm cmp
mkdir -p "$TG_OUT"
check() {
  if [ "$2" = "$3" ]; then tg_pass "bench-gen $1"; else
    tg_fail "bench-gen $1" "got '$2', want '$3'"; fi
}

NF=400 NA=4000 NS=3000
dir=$(sh "$TOP/tests/bench/gen.sh" t-bench-gen-a $NF $NA $NS 2> "$TG_OUT/t-bench-gen.err") &&
  [ -f "$dir/prog" ] && [ -f "$dir/gmon.out" ] && [ -f "$dir/info" ]
if [ $? -ne 0 ]; then
  tg_fail "bench-gen generator runs" "$(tail -5 "$TG_OUT/t-bench-gen.err")"
  tg_finish
  exit 1
fi
tg_pass "bench-gen generator runs"
info() { awk -v k="$1" '$1 == k { print $2 }' "$dir/info"; }
check "info: functions" "$(info functions)" $NF
check "info: arc records" "$(info arc_records)" $NA
check "info: samples" "$(info samples)" $NS

# Same parameters, another directory: the same bytes.
dir2=$(sh "$TOP/tests/bench/gen.sh" t-bench-gen-b $NF $NA $NS)
if cmp -s "$dir/prog" "$dir2/prog" && cmp -s "$dir/gmon.out" "$dir2/gmon.out"; then
  tg_pass "bench-gen deterministic"
else
  tg_fail "bench-gen deterministic"
fi

check "nm: function symbols" \
  "$(nm --defined-only "$dir/prog" | awk '$2 ~ /^[TtW]$/' | wc -l | tr -d ' ')" $NF

"$GPROF" -i "$dir/prog" "$dir/gmon.out" > "$dir/t-i.out" 2> "$dir/t-i.err"
check "gprof -i status" $? 0
check "gprof -i histogram records" \
  "$(sed -n 's/^\t\([0-9]*\) histogram record.*/\1/p' "$dir/t-i.out")" 1
check "gprof -i call-graph records" \
  "$(sed -n 's/^\t\([0-9]*\) call-graph record.*/\1/p' "$dir/t-i.out")" $NA

# -z lists every symbol gprof kept; the flat profile has 5 heading lines.
"$GPROF" -b -z -p "$dir/prog" "$dir/gmon.out" > "$dir/t-z.out" 2> "$dir/t-z.err"
check "gprof -z status" $? 0
check "gprof -z stderr empty" "$(wc -c < "$dir/t-z.err" | tr -d ' ')" 0
check "gprof symbols" "$(awk 'NR > 5 && NF' "$dir/t-z.out" | wc -l | tr -d ' ')" $NF

"$GPROF" -b "$dir/prog" "$dir/gmon.out" > "$dir/t-b.out" 2> "$dir/t-b.err"
check "gprof -b status" $? 0
check "gprof -b stderr empty" "$(wc -c < "$dir/t-b.err" | tr -d ' ')" 0
# 100 samples per second: all samples land in functions, none dropped.
secs=$(awk -v n=$NS 'BEGIN { printf "%.2f", n / 100 }')
if grep -q "^granularity: .* of $secs seconds\$" "$dir/t-b.out"; then
  tg_pass "bench-gen gprof total time"
else
  tg_fail "bench-gen gprof total time" "want $secs seconds: $(grep '^granularity' "$dir/t-b.out")"
fi
# Cycle members are printed as "NAME <cycle N> [IDX]"; count the distinct
# cycles and the members of the largest.
sed -n 's/.* <cycle \([0-9][0-9]*\)> \[\([0-9][0-9]*\)\]$/\1 \2/p' "$dir/t-b.out" |
  sort -u > "$dir/t-members"
check "gprof cycles" "$(cut -d' ' -f1 "$dir/t-members" | sort -u | wc -l | tr -d ' ')" \
  "$(info cycles)"
check "gprof largest cycle" \
  "$(cut -d' ' -f1 "$dir/t-members" | uniq -c | sort -n | tail -1 | awk '{ print $1 }')" \
  "$(info largest_cycle)"

tg_finish
