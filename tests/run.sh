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
#
# Tests run TG_JOBS at a time (default: the number of cores), the longest
# known ones first; each test's line is printed when it ends, with how
# long it took, and the totals come last.  Tests share nothing but the
# corpus (built once, under a lock) and the package manager (install-deps
# waits for its lock), so their order does not matter.
# Usage: sh tests/run.sh [TEST...]: every test, or only the scripts
# (tests/t-foo.sh) and unit tests (test_foo) named.
TOP=$(cd "$(dirname "$0")/.." && pwd)
: "${TG_BUILD:=$TOP}"
export TOP TG_BUILD
: "${B:=build}"
export B TGPROF GPROF CC
out="$TG_BUILD/tests/out"
res="$out/.results"

# The scripts known to take longest, started first so that the short
# ones fill the gaps at the end.  t-runtime-samples and t-runtime load the
# machine on purpose (busy processes on every core): they come right
# after t-diff, so that with two at a time they run beside it (minutes
# of work that no load can fail), not beside a test that waits on a
# clock (the browser's, the runtime's).
LONG="t-diff t-runtime-samples t-runtime t-lines t-gmon t-flame t-export
t-breakcycles t-runtime-files t-cli t-badinput t-compare t-asm t-format
t-writes t-tui-tmux t-runtime-ctl"

# test_name SPEC: the name of a test given as a script path or a unit binary.
test_name() {
  case $1 in
  *.sh) basename "$1" .sh ;;
  *) echo "unit-$(basename "$1")" ;;
  esac
}

# --one SPEC: run one test; leave "PASSES FAILURES NOT-RUN SECONDS" in
# $res/NAME, its cases not run in $res/NAME.skip, and print its line.
if [ "${1:-}" = --one ]; then
  spec=$2
  name=$(test_name "$spec")
  log="$out/$name.log"
  t0=$(date +%s)
  case $spec in
  *.sh) sh "$spec" > "$log" 2>&1 ;;
  *) "$spec" > "$log" 2>&1 ;;
  esac
  status=$?
  secs=$(($(date +%s) - t0))
  p=$(grep -c '^PASS: ' "$log")
  f=$(grep -c '^FAIL: ' "$log")
  s=$(grep -c '^SKIP: ' "$log")
  grep '^SKIP: ' "$log" | sed "s/^SKIP: /$name: /" > "$res/$name.skip"
  if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
    f=1
    echo "FAIL: $name (exit status $status, no FAIL line)" >> "$log"
  fi
  if [ "$status" -eq 0 ] && [ "$p" -eq 0 ] && [ "$f" -eq 0 ] && [ "$s" -eq 0 ]; then
    f=1
    echo "FAIL: $name (ran no case)" >> "$log"
  fi
  ns=
  [ "$s" -gt 0 ] && ns=", $s not run"
  # The line (and the failures) in one write, so that tests ending
  # together do not mix their lines.
  {
    if [ "$f" -gt 0 ]; then
      printf '  %-28s %4d passed, %d failed%s (see tests/out/%s.log) %ds\n' \
        "$name" "$p" "$f" "$ns" "$name" "$secs"
      # each failure with the first lines of its details: CI shows
      # only this output, not the log
      awk '/^FAIL: / { d = 1; k = 0; print; next }
           d && /^    / && k < 15 { k++; print; next }
           { d = 0 }' "$log" | head -120 | sed 's/^/      /'
    else
      printf '  %-28s %4d passed%s %ds\n' "$name" "$p" "$ns" "$secs"
    fi
  } > "$res/$name.line"
  cat "$res/$name.line"
  echo "$p $f $s $secs" > "$res/$name"
  exit 0
fi

jobs=${TG_JOBS:-$(nproc 2>/dev/null || echo 1)}
case $jobs in
''|*[!0-9]*|0)
  echo "run.sh: TG_JOBS must be a positive number, not '$jobs'" >&2
  exit 2 ;;
esac
mkdir -p "$out" || exit 2
rm -rf "$res"
mkdir -p "$res" || exit 2

# The tests, in the order their results are summed and listed.
if [ $# -gt 0 ]; then
  # Only the tests named: scripts (tests/t-foo.sh) or unit-test binaries.
  tests=$(for t in "$@"; do
    case $t in
    *.sh) echo "$TOP/tests/$(basename "$t")" ;;
    *) echo "$TG_BUILD/$B/tests/unit/$(basename "$t")" ;;
    esac
  done)
else
  tests=$(for t in "$TG_BUILD/$B"/tests/unit/*; do
    [ -x "$t" ] && [ -f "$t" ] || continue
    case $t in *.d|*.o) continue ;; esac
    echo "$t"
  done
  for t in "$TOP"/tests/t-*.sh; do
    [ -f "$t" ] && echo "$t"
  done)
fi

# Where and how the tests run, for reading a CI log later.
echo "tests: $(echo "$tests" | grep -c .) in $TOP, uid $(id -u), $jobs at a time, $(uname -srm)"

# Start order: the long scripts first, then the others as listed.
{
  for l in $LONG; do
    echo "$tests" | grep "/$l\.sh\$"
  done
  echo "$tests" | grep -v -E "/($(echo $LONG | tr ' ' '|'))\.sh\$"
} | grep -v '^$' |
  # Each worker under a shell of its own that always succeeds: xargs
  # would stop starting tests (and stop waiting) when one is killed.
  xargs -d '\n' -n 1 -P "$jobs" sh -c 'sh "$0" --one "$1"; exit 0' "$0"

pass=0
fail=0
skip=0
: > "$out/not-run.txt"
nl='
'
IFS=$nl
for t in $tests; do
  unset IFS
  name=$(test_name "$t")
  if [ -f "$res/$name" ]; then
    read -r p f s secs < "$res/$name"
    cat "$res/$name.skip" >> "$out/not-run.txt"
  else
    # The worker itself died (killed, out of memory): a failure.
    echo "  $name: FAIL (the runner's worker died)"
    p=0 f=1 s=0
  fi
  pass=$((pass + p))
  fail=$((fail + f))
  skip=$((skip + s))
done
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
