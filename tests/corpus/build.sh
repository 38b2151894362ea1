#!/bin/sh
# Build the test corpus: every program of tests/corpus/programs in every
# variant, compiled with -pg and run to produce its profile data.
#
# Output, one directory per case ($TOP/tests/out/corpus/PROG-VARIANT/):
#   exe        the executable
#   gmon.out   profile of the first run (arguments: args1 of the manifest)
#   gmon.2     profile of a second run (only when the manifest gives args2)
#   gmon.bsd44, gmon.bsd   gmon.out rewritten in the 4.4BSD and the old
#              BSD layouts (tools/gmonconv.c)
#   case.env   the manifest fields as shell assignments, for the test scripts
#   stamp      checksum of sources, flags and compiler; a case whose stamp
#              still matches is not rebuilt
# Variants: o0g (-O0 -g, PIE), o2 (-O2, PIE), o0np (-O0, -no-pie),
# o2gnp (-O2 -g, -no-pie), and for C programs m32 (-O1 -g -m32: 4-byte
# addresses; needs gcc-multilib, which is installed when missing).
# Files named *-nopg.c are compiled without -pg.
#
# Usage: sh tests/corpus/build.sh [PROG...]   (env: TOP, CC, CXX, JOBS)
# Exit status 0 when every case was built and run, 1 otherwise.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
CC=${CC:-gcc}
case ${CXX:-} in
'') case $CC in *clang*) CXX=clang++ ;; *) CXX=$(echo "$CC" | sed 's/gcc/g++/') ;; esac ;;
esac
[ "$CXX" = "$CC" ] && CXX=g++
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
SRC=$TOP/tests/corpus
OUT=$TOP/tests/out/corpus
export TOP CC CXX SRC OUT
VARIANTS="o0g o2 o0np o2gnp"

variant_flags() {
	case $1 in
	o0g) echo "-O0 -g" ;;
	o2) echo "-O2" ;;
	o0np) echo "-O0 -fno-pie -no-pie" ;;
	o2gnp) echo "-O2 -g -fno-pie -no-pie" ;;
	m32) echo "-O1 -g -m32" ;;
	esac
}

# One case: build_case PROG VARIANT.  Prints nothing on success.
build_case() {
	prog=$1 var=$2
	line=$(grep -E "^$prog[[:space:]]" "$SRC/programs")
	set -- $line
	if [ $# -ne 8 ]; then
		echo "build.sh: $prog: bad manifest line" >&2
		return 1
	fi
	focus=$2 other=$3 arc=$4 cyc=$5 file=$6 args1=$7 args2=$8
	dir=$OUT/$prog-$var
	flags=$(variant_flags "$var")
	if [ -d "$SRC/$prog" ]; then
		srcs=$(ls "$SRC/$prog"/*.c "$SRC/$prog"/*.cc 2>/dev/null | sort)
	elif [ -f "$SRC/$prog.cc" ]; then
		srcs=$SRC/$prog.cc
	else
		srcs=$SRC/$prog.c
	fi
	stamp=$( (cat $srcs "$SRC/burn.h" "$SRC/programs" "$SRC/build.sh" \
		      "$SRC/tools/gmonconv.c";
		  echo "$flags $CC $CXX"; $CC --version 2>&1 | head -1) | cksum)
	if [ -f "$dir/stamp" ] && [ "$(cat "$dir/stamp")" = "$stamp" ] &&
	   [ -f "$dir/gmon.out" ]; then
		return 0
	fi
	rm -rf "$dir"
	mkdir -p "$dir/obj"
	objs= link=$CC
	for s in $srcs; do
		o=$dir/obj/$(basename "$s").o
		pg=-pg
		case $s in *-nopg.c) pg= ;; esac
		case $s in
		*.cc) cc=$CXX link=$CXX ;;
		*) cc=$CC ;;
		esac
		# The -g variants build in the case directory with relative
		# names, so the debug info names e.g. "beta.c" as GNU sees it.
		(cd "$(dirname "$s")" && $cc $flags $pg -I"$SRC" -c "$(basename "$s")" -o "$o") ||
			{ echo "build.sh: $prog-$var: compile $s failed" >&2; return 1; }
		objs="$objs $o"
	done
	$link $flags -pg $objs -o "$dir/exe" ||
		{ echo "build.sh: $prog-$var: link failed" >&2; return 1; }
	rm -rf "$dir/obj"
	a1=$(echo "$args1" | sed 's/^-$//; s/,/ /g')
	(cd "$dir" && ./exe $a1 > run1.txt) ||
		{ echo "build.sh: $prog-$var: run failed" >&2; return 1; }
	if [ "$args2" != - ]; then
		a2=$(echo "$args2" | sed 's/,/ /g')
		(cd "$dir" && mv gmon.out gmon.first && ./exe $a2 > run2.txt &&
		 mv gmon.out gmon.2 && mv gmon.first gmon.out) ||
			{ echo "build.sh: $prog-$var: second run failed" >&2; return 1; }
	fi
	[ -s "$dir/gmon.out" ] ||
		{ echo "build.sh: $prog-$var: no gmon.out" >&2; return 1; }
	asz=8
	[ "$var" = m32 ] && asz=4
	for fmt in bsd44 bsd; do
		"$OUT/.tools/gmonconv" $fmt $asz "$dir/gmon.out" "$dir/gmon.$fmt" ||
			{ echo "build.sh: $prog-$var: gmonconv $fmt failed" >&2; return 1; }
	done
	# A line for the "file.c:LINE" symspec: where "focus(" first appears
	# in the source file, else its middle line (any line is a fair test;
	# GNU is the reference).
	fsrc=$(for s in $srcs; do [ "$(basename "$s")" = "$file" ] && echo "$s"; done | head -1)
	line=$( (grep -n -F "$focus(" "$fsrc"; echo "$(( $(wc -l < "$fsrc") / 2 )):") |
		head -1 | cut -d: -f1)
	cat > "$dir/case.env" <<ENV
PROG='$prog'
VARIANT='$var'
FOCUS='$focus'
OTHER='$other'
ARC='$arc'
CYCARC='$cyc'
SRCFILE='$file'
LINE='${line:-1}'
ENV
	echo "$stamp" > "$dir/stamp"
}

if [ "${1:-}" = --one ]; then
	build_case "$2" "$3"
	exit $?
fi

if [ $# -gt 0 ]; then
	progs=$*
else
	progs=$(grep -v '^#' "$SRC/programs" | awk 'NF { print $1 }')
fi
mkdir -p "$OUT"
# 32-bit builds need the multilib runtime; install it or fail.
m32_ok() {
	printf 'int main(void) { return 0; }\n' > "$OUT/.m32.c" &&
	$CC -m32 -pg "$OUT/.m32.c" -o "$OUT/.m32" > /dev/null 2>&1
}
if [ -z "${CORPUS_LOCKED:-}" ] && ! m32_ok; then
	echo "build.sh: installing gcc-multilib for the m32 variant" >&2
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q gcc-multilib > "$OUT/apt.log" 2>&1
	if ! m32_ok; then
		echo "build.sh: $CC -m32 -pg does not work (see $OUT/apt.log)" >&2
		exit 1
	fi
fi
# Several test scripts (or check runs) may build at once: one at a time.
if [ -z "${CORPUS_LOCKED:-}" ] && command -v flock > /dev/null 2>&1; then
	CORPUS_LOCKED=1 exec flock "$OUT/.lock" sh "$0" "$@"
fi
mkdir -p "$OUT/.tools"
$CC -O2 -o "$OUT/.tools/gmonconv" "$SRC/tools/gmonconv.c" ||
	{ echo "build.sh: cannot build tools/gmonconv.c" >&2; exit 1; }
for p in $progs; do
	for v in $VARIANTS; do
		echo "$p $v"
	done
	[ -f "$SRC/$p.cc" ] || echo "$p m32"
done | xargs -P "$JOBS" -n 2 sh "$SRC/build.sh" --one || exit 1
