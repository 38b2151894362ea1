#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The test runner behind `make check`.
#
# Contract for a test (a unit-test binary in $B/tests/unit/ or a script
# tests/t-*.sh): it prints one line "PASS: name" or "FAIL: name" per case and
# exits non-zero if any case failed.  A test that exits non-zero without
# printing a FAIL line counts as one failure, so a crash is never silent.
# A case that cannot run without privileges we lack prints "SKIP: name
# (reason)" instead (tests/lib.sh, tg_skip); such cases are counted and
# listed by name at the end as not run, never passed.
# Environment given to tests: TGPROF (binary under test), GPROF, CC, B, and
# TOP (the source tree), TG_BUILD (the build tree, by default the source
# tree).  Output of each test is kept in tests/out/NAME.log of the build tree.
# Usage: sh tests/run.sh [TEST...]: every test, or only the scripts
# (tests/t-foo.sh) and unit tests (test_foo) named.
TOP=$(cd "$(dirname "$0")/.." && pwd)
: "${TG_BUILD:=$TOP}"
export TOP TG_BUILD
: "${B:=build}"
export B TGPROF GPROF CC
out="$TG_BUILD/tests/out"
mkdir -p "$out"
pass=0
fail=0
skip=0
: > "$out/not-run.txt"

run_one() {
  name=$1; shift
  log="$out/$name.log"
  "$@" > "$log" 2>&1
  status=$?
  p=$(grep -c '^PASS: ' "$log")
  f=$(grep -c '^FAIL: ' "$log")
  s=$(grep -c '^SKIP: ' "$log")
  grep '^SKIP: ' "$log" | sed "s/^SKIP: /$name: /" >> "$out/not-run.txt"
  if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
    f=1
    echo "FAIL: $name (exit status $status, no FAIL line)" >> "$log"
  fi
  if [ "$status" -eq 0 ] && [ "$p" -eq 0 ] && [ "$f" -eq 0 ] && [ "$s" -eq 0 ]; then
    f=1
    echo "FAIL: $name (ran no case)" >> "$log"
  fi
  pass=$((pass + p))
  fail=$((fail + f))
  skip=$((skip + s))
  ns=
  [ "$s" -gt 0 ] && ns=", $s not run"
  if [ "$f" -gt 0 ]; then
    printf '  %-28s %4d passed, %d failed%s (see tests/out/%s.log)\n' "$name" "$p" "$f" "$ns" "$name"
    grep '^FAIL: ' "$log" | head -20 | sed 's/^/      /'
  else
    printf '  %-28s %4d passed%s\n' "$name" "$p" "$ns"
  fi
}

if [ $# -gt 0 ]; then
  # Only the tests named: scripts (tests/t-foo.sh) or unit-test binaries.
  for t in "$@"; do
    case $t in
    *.sh) run_one "$(basename "$t" .sh)" sh "$TOP/tests/$(basename "$t")" ;;
    *) run_one "unit-$(basename "$t")" "$TG_BUILD/$B/tests/unit/$(basename "$t")" ;;
    esac
  done
else
  for t in "$TG_BUILD/$B"/tests/unit/*; do
    [ -x "$t" ] && [ -f "$t" ] || continue
    case $t in *.d|*.o) continue ;; esac
    run_one "unit-$(basename "$t")" "$t"
  done
  for t in "$TOP"/tests/t-*.sh; do
    [ -f "$t" ] || continue
    run_one "$(basename "$t" .sh)" sh "$t"
  done
fi
# How the corpus's foreign programs ran (natively or emulated).
[ -f "$out/corpus/runners" ] && sed 's/^/corpus: /' "$out/corpus/runners"
if [ "$skip" -gt 0 ]; then
  echo "Not run (the reason in parentheses):"
  sed 's/^/  /' "$out/not-run.txt"
  echo "$pass passed, $fail failed, $skip not run"
else
  echo "$pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
