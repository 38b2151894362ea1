#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# `make fuzz`: build the gmon fuzz target with libFuzzer, ASan and UBSan,
# write a seed corpus (a valid file of each format), fuzz for FUZZ_SECONDS
# (default 60), and fail on any crash, leak, timeout or util_die() call.
#
# Environment: B (build directory, default build), CLANG (default clang),
# FUZZ_SECONDS, FUZZ_JOBS (parallel fuzzing processes, default 1).
# Work files go to $B/fuzz/; the corpus grows in tests/out/fuzz/corpus/
# and is kept between runs; a crash input is saved as $B/fuzz/crash-*.
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
B=${B:-build}
case $B in /*) ;; *) B=${TG_BUILD:-$TOP}/$B ;; esac
CLANG=${CLANG:-}
[ -n "$CLANG" ] || CLANG=clang
SECONDS_=${FUZZ_SECONDS:-60}
JOBS=${FUZZ_JOBS:-1}
W=$B/fuzz
CORPUS=${TG_BUILD:-$TOP}/tests/out/fuzz/corpus
SEEDS=$W/seed-corpus
mkdir -p "$W" "$CORPUS" "$SEEDS"

# The target must link with -fsanitize=fuzzer; install what is missing.
probe() {
	printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { return 0; }\n' > "$W/probe.c"
	"$CLANG" -fsanitize=fuzzer,address,undefined -o "$W/probe" "$W/probe.c" > /dev/null 2>&1
}
if ! command -v "$CLANG" > /dev/null 2>&1 || ! probe; then
	echo "fuzz: installing clang and libclang-rt-14-dev"
	apt-get install -y clang libclang-rt-14-dev > "$W/apt.log" 2>&1 ||
	{ apt-get update > /dev/null 2>&1 && apt-get install -y clang libclang-rt-14-dev > "$W/apt.log" 2>&1; }
	[ -n "${CLANG:-}" ] && command -v "$CLANG" > /dev/null 2>&1 || CLANG=clang
	if ! probe; then
		echo "FAIL: fuzz: cannot build a libFuzzer target with $CLANG (see $W/apt.log)"
		exit 1
	fi
fi

echo "fuzz: building $W/fuzz_gmon"
"$CLANG" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-I"${TG_BUILD:-$TOP}" -I"$TOP" -I"$TOP/core/profile" -I"$TOP/core/util" -o "$W/fuzz_gmon" "$TOP/tests/fuzz/fuzz_gmon.c" \
	"$TOP/core/profile/gmon.c" "$TOP/core/util/util.c" -lm || { echo "FAIL: fuzz: build"; exit 1; }
"$CLANG" -O1 -o "$W/mkseeds" "$TOP/tests/fuzz/seeds.c" || { echo "FAIL: fuzz: seed generator"; exit 1; }
"$W/mkseeds" "$SEEDS" || { echo "FAIL: fuzz: seeds"; exit 1; }

echo "fuzz: $SECONDS_ s over $CORPUS (+ seeds)"
rm -f "$W"/crash-* "$W"/leak-* "$W"/timeout-* "$W"/oom-*
if [ "$JOBS" -gt 1 ]; then
	par="-jobs=$JOBS -workers=$JOBS"
else
	par=
fi
"$W/fuzz_gmon" -max_total_time="$SECONDS_" -max_len=65536 -timeout=10 \
	-rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$W/" $par \
	"$CORPUS" "$SEEDS" > "$W/fuzz.log" 2>&1
status=$?
tail -n 25 "$W/fuzz.log"
found=$(ls "$W"/crash-* "$W"/leak-* "$W"/timeout-* "$W"/oom-* 2>/dev/null)
if [ "$status" -ne 0 ] || [ -n "$found" ]; then
	echo "FAIL: fuzz_gmon (status $status) ${found:+inputs: $found}"
	echo "  reproduce: $W/fuzz_gmon FILE"
	exit 1
fi
echo "PASS: fuzz_gmon ($SECONDS_ s, no crash)"
