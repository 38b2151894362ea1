#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# make demo: build examples/demo/calc.c with -pg into $B/demo, run it,
# and show its profile with tgprof.  On a terminal the browser opens; when
# it cannot (tgprof --tui exits 2) or stdout is not a terminal, the text
# report is printed instead.
# Usage: sh examples/demo/run.sh [TGPROF]   (env: CC, TOP, TG_BUILD, B)
TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
TG_BUILD=${TG_BUILD:-$TOP}
TGPROF=${1:-$TG_BUILD/tgprof}
CC=${CC:-cc}
out=$TG_BUILD/${B:-build}/demo
mkdir -p "$out" || exit 1
cd "$out" || exit 1
echo "demo: $CC -O0 -g -pg calc.c -o $out/calc" >&2
$CC -O0 -g -pg "$TOP/examples/demo/calc.c" -o calc || exit 1
rm -f gmon.out
./calc > calc.txt || exit 1
if [ ! -s gmon.out ]; then
	echo "demo: calc wrote no gmon.out" >&2
	exit 1
fi
sed 's/^/demo: /' calc.txt >&2
if [ -t 1 ] && [ -t 0 ]; then
	"$TGPROF" --tui calc gmon.out
	st=$?
	[ "$st" -ne 2 ] && exit "$st"
	echo "demo: the browser is not available; text report follows" >&2
fi
exec "$TGPROF" --text calc gmon.out
