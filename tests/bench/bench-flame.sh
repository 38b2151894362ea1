#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The call tree's exports for `make bench` (printed against their targets,
# never fatal): time, peak memory and size of --format=folded and
# --format=svg at the default threshold on the largest synthetic profile
# (1,000,000 arc records), against the flat profile of the same run
# (`tgprof --text -b -p`: the same loading, no tree).  Targets: a few
# MB written, and within 1.5x of the flat profile's time.
: "${TOP:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${TGPROF:=$TOP/tgprof}"
: "${BENCH_OUT:=${TG_BUILD:-$TOP}/tests/out/bench}"
out=$BENCH_OUT/flame
mkdir -p "$out" || exit 1

size=
for s in full quick; do
	if [ -f "$BENCH_OUT/$s/gmon.out" ]; then size=$s; break; fi
done
if [ -z "$size" ]; then
	sh "$TOP/tests/bench/gen.sh" quick > /dev/null || exit 1
	size=quick
fi
dir=$BENCH_OUT/$size
if [ ! -x "$BENCH_MEASURE" ]; then
	echo "  no measure program (run through tests/bench/run.sh)"
	exit 1
fi

# best NAME ARGS...: the fastest of three runs: "seconds kb bytes"
best() {
	name=$1
	shift
	b=
	for i in 1 2 3; do
		"$BENCH_MEASURE" "$out/$name.out" "$out/$name.err" "$TGPROF" "$@" \
			"$dir/prog" "$dir/gmon.out" > "$out/$name.result" || return 1
		read -r st secs kb < "$out/$name.result"
		[ "$st" = 0 ] || { echo "  $name failed: $(head -3 "$out/$name.err")"; return 1; }
		if [ -z "$b" ] || awk -v a="$secs" -v b="${b%% *}" 'BEGIN { exit !(a < b) }'; then
			b="$secs $kb"
		fi
	done
	echo "$b $(wc -c < "$out/$name.out")"
}

echo "flame graphs ($size profile: $(awk '/^functions/ { f = $2 } /^arc_records/ { a = $2 } END { print f " functions, " a " arc records" }' "$dir/info"))"
flat=$(best flat --text -b -p) || exit 1
folded=$(best folded --format=folded) || exit 1
svg=$(best svg --format=svg) || exit 1
set -- $flat
ft=$1
for r in "folded:$folded" "svg:$svg"; do
	name=${r%%:*}
	set -- ${r#*:}
	echo "$name $1 $2 $3 $ft" | awk '{
		x = $2 / $5
		printf "  --format=%s: %.2f s, %.1f MB peak, %.2f MB written; flat profile %.2f s, ratio %.2f [%s]\n",
			$1, $2, $3 / 1024, $4 / 1048576, $5, x,
			(x < 1.5 && $4 < 8 * 1048576 ? "ok" : "SLOW")
	}'
done
