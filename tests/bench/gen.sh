#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes (or reuses) a synthetic profile and prints its directory.
#
#   sh tests/bench/gen.sh quick|full        preset sizes
#   sh tests/bench/gen.sh NAME NFUNCS NARCS NSAMPLES [random]
#
# "random": the arcs outside the rings ignore the ranks, which makes one
# dense random strongly connected component (preset "dense": 60,000
# functions, 200,000 arcs, a component of about 15,000 members).
#
# The directory ${TG_BUILD:-$TOP}/tests/out/bench/NAME then holds:
#   prog       x86-64 ELF executable, NFUNCS functions (it is not meant to run)
#   gmon.out   GNU gmon.out version 1: one histogram, NARCS arc records
#   info       "key value" lines from the generator (counts, cycles, sizes)
# A directory is reused while its parameters and the generator sources are
# unchanged.  Output is deterministic: same parameters, same bytes.
# Environment: CC (default cc), TOP (default: derived from this script).
set -e
: "${TOP:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${CC:=cc}"
SEED=20260101

name=$1
case $name in
  quick) set -- quick 20000 200000 100000 ;;
  full)  set -- full 60000 1000000 200000 ;;
  dense) set -- dense 60000 200000 200000 random ;;
esac
if [ $# -ne 4 ] && { [ $# -ne 5 ] || [ "$5" != random ]; }; then
  echo "usage: gen.sh quick|full|dense | gen.sh NAME NFUNCS NARCS NSAMPLES [random]" >&2
  exit 2
fi
nfuncs=$2 narcs=$3 nsamples=$4 shape=${5:-}

base="${TG_BUILD:-$TOP}/tests/out/bench"
dir="$base/$name"
mkdir -p "$base"

# The generator binary is shared by all sizes.
gen="$base/gen"
src="$TOP/tests/bench/gen.c"
if [ ! -x "$gen" ] || [ "$src" -nt "$gen" ]; then
  $CC -O2 -I"${TG_BUILD:-$TOP}" -I"$TOP" -o "$gen.tmp.$$" "$src" -lm
  mv "$gen.tmp.$$" "$gen"
fi

key="$nfuncs $narcs $nsamples $shape $SEED $(cat "$src" "$0" | cksum)"
if [ -f "$dir/params" ] && [ "$(cat "$dir/params")" = "$key" ] &&
   [ -f "$dir/prog" ] && [ -f "$dir/gmon.out" ] && [ -f "$dir/info" ]; then
  echo "$dir"
  exit 0
fi

tmp="$dir.tmp.$$"
rm -rf "$tmp"
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
"$gen" asm "$nfuncs" "$SEED" > "$tmp/prog.s"
# No C library: the program only has to be a valid executable with our
# symbols; -e main keeps the linker from wanting _start.
# Assembled separately and from inside the directory: the linker names
# the object in a file symbol, and that name must not vary.
(cd "$tmp" && $CC -c -o prog.o prog.s &&
  $CC -nostdlib -static -no-pie -Wl,-e,main -Wl,--build-id=none -o prog prog.o)
nm -n -S --defined-only "$tmp/prog" > "$tmp/nm"
"$gen" gmon "$nfuncs" "$narcs" "$nsamples" "$SEED" "$tmp/nm" "$tmp/gmon.out" \
  $shape > "$tmp/info"
rm -f "$tmp/prog.s" "$tmp/prog.o" "$tmp/nm"
echo "$key" > "$tmp/params"
rm -rf "$dir"
mv "$tmp" "$dir"
trap - EXIT
echo "$dir"
