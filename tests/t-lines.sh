#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Differential suite for the line-level and static analyses: -l, -A, -J,
# -C, -Z, -c, -r, -R, -x, -y, -I, -t, -m, -L, --inline-file-names and
# GPROF_PATH, tgprof --text against GNU gprof, stdout and exit status.
#
#   TGPROF=./tgprof GPROF=/usr/bin/gprof TOP=$PWD sh tests/t-lines.sh
#   TG_CASE='statics-*'   only the corpus cases matching a shell pattern
#   TG_OPTS='-A'          only option sets containing this text
#
# Parts:
#  1. every corpus case (tests/corpus/build.sh) with the option sets below;
#  2. the programs of tests/lines/ (several C files with code in a header,
#     C++ with templates and inline members, C calling assembly assembled
#     with -g, C++ whose time is in a header's templates: hdr, whose header
#     code libbfd 2.40 and GNU name main.cc, and tgprof with them), built
#     here with -g -pg at
#     -O0 and -O1 (hdr at -O0 and -O2), with basic-block records added to a copy of their
#     profile (tests/lines/addbb.c) for -C, -A -x and -l;
#  3. behaviours checked without GNU's output as the whole reference:
#     -y files, -I and GPROF_PATH, a missing source, a map file with bad
#     lines, the source never overwritten, --static-call-graph=all.
# In option sets @F@ is a function of the case (tests/corpus/programs),
# @A@ an arc.  Sets without -b print notes for the flat profile and call
# graph; they are compared after tg_strip_notes (tests/lib.sh).
. "$(dirname "$0")/lib.sh"

SETS_B='-b -l
-b -l -z
-b -l -p
-b -l -q
-b -T -l
-b -l -L
-b -l -a
-b -l -p@F@
-b -l -q@F@
-b -l -e @F@
-b -l -f @F@
-b -l -k @A@
-b -l -A@F@
-b -l -C@F@
-b --inline-file-names
-b --inline-file-names -L -z
-b -c
-b -c -z
-b -c -k @A@
-b -c -e @F@
-b -c -f @F@
-b -l -c
-b -C
-b -C -z
-b -C@F@
-b -Z@F@
-b -l -C
-b -A
-b -A -z
-b -A -x
-b -A@F@
-b -J@F@
-b -l -A
-b -l -A -x
-b -p -C -A
-b -A -t 3 -m 500
-b -A -t 0
-b -r
-b -r -z
-b -p -r
-b -r -q
-b -r -c
-b -r -a -c'

SETS_NOTES='-l
-A
-C -p
-r -q'

# compare LABEL MODE DIR OPTS FILES: GNU and tgprof in DIR; MODE exact or
# notes.  GNU gprof 2.40 sometimes stops with "somebody miscounted" under
# -l (its two passes over the line information disagree); tgprof then
# must print the report: that is a pass, said so in its name.
compare() {
	label=$1 mode=$2 cdir=$3 opts=$4 files=$5
	g=$work/g.out t=$work/t.out
	gs=$(cd "$cdir" && tg_run "$g" "$work/g.err" $GPROF $opts exe $files)
	ts=$(cd "$cdir" && tg_run "$t" "$work/t.err" $TGPROF --text $opts exe $files)
	if [ "$gs" = 1 ] && grep -q 'somebody miscounted' "$work/g.err"; then
		if [ "$ts" = 0 ] && [ -s "$t" ]; then
			tg_pass "$label (GNU gprof: internal miscount; tgprof reports)"
		else
			tg_fail "$label" "GNU miscounted; tgprof status $ts" "$(head -3 "$work/t.err")"
		fi
		return
	fi
	if [ "$mode" = notes ]; then
		(cd "$cdir" && $GPROF -b $opts exe $files > "$work/ref.out" 2> /dev/null)
		tg_strip_notes "$work/ref.out" "$g" > "$work/g.norm"
		tg_strip_notes "$work/ref.out" "$t" > "$work/t.norm"
		g=$work/g.norm t=$work/t.norm
	fi
	if [ "$gs" != "$ts" ]; then
		tg_fail "$label" "exit status: gprof $gs, tgprof $ts" "$(head -3 "$work/t.err")"
	elif ! cmp -s "$g" "$t"; then
		tg_fail "$label" "$(diff "$g" "$t" | head -${TG_DIFFLINES:-12})"
	else
		tg_pass "$label"
	fi
}

want() {
	case $1 in *"${TG_OPTS:-}"*) return 0 ;; esac
	return 1
}

# A known difference (tgprof(1)): with -l, GNU ignores a -k arc whose
# callee's profiled entry lands on a line after its first (-O2 and -flto here; on
# aarch64 and riscv64 _mcount is called after the prologue, so the return
# address it records always does).
known_difference() {
	case $1 in
	rand300-o2gnp | rand300-lto | rand300-a64 | rand300-rv64)
		case $2 in *-l*-k*) return 0 ;; esac ;;
	esac
	return 1
}


# run_sets NAME DIR FOCUS ARC FILES
run_sets() {
	name=$1 cdir=$2 focus=$3 arc=$4 files=$5
	echo "$SETS_B" | while IFS= read -r set; do
		want "$set" || continue
		known_difference "$name" "$set" && continue
		o=$(printf '%s\n' "$set" | sed "s|@F@|$focus|g; s|@A@|$arc|g")
		compare "$name $o" exact "$cdir" "$o" "$files"
	done
	echo "$SETS_NOTES" | while IFS= read -r set; do
		want "$set" || continue
		compare "$name $set [notes stripped]" notes "$cdir" "$set" "$files"
	done
}

if [ "${1:-}" = --one ]; then
	[ -n "${TG_SCRATCH:-}" ] || {
		echo "$0 --one: for the script's own workers (TG_SCRATCH is not set)" >&2
		exit 2
	}
	# Worker: one corpus case.
	dir=$2
	. "$dir/case.env"
	name=$(basename "$dir")
	work=$TG_SCRATCH/$name
	mkdir -p "$work"
	exec > "$work/result"
	run_sets "$name" "$dir" "$FOCUS" "$ARC" gmon.out
	exit 0
fi

tg_need "$GPROF" "$TGPROF" "$CC" diff timeout cmp objdump
tg_sanitizer_cases '*-o2gnp'
tg_build_corpus
scratch=$TG_OUT/t-lines.$$
rm -rf "$scratch"
mkdir -p "$scratch"
export TG_SCRATCH=$scratch

# 1. the corpus
cases=$(tg_cases)
if [ -n "$cases" ]; then
	tg_parallel_cases "$0" "$scratch/corpus" "$cases"
fi

# 2. our programs
CXX=${CXX:-$(echo "$CC" | sed 's/gcc/g++/; s/clang$/clang++/')}
[ "$CXX" = "$CC" ] && CXX=g++
tg_need "$CXX"
work=$scratch/work
mkdir -p "$work"
addbb=$scratch/addbb
if ! $CC -O2 -o "$addbb" "$TOP/tests/lines/addbb.c"; then
	tg_fail "setup: build tests/lines/addbb.c"
	tg_finish
	exit 1
fi

# build_prog NAME OPT: tests/lines/NAME/* with -g -pg OPT, objects kept
# (for -R maps), run, and a copy of the profile with basic blocks.
build_prog() {
	pname=$1 popt=$2
	pdir=$scratch/$pname$popt
	mkdir -p "$pdir"
	objs= link=$CC
	for s in "$TOP"/tests/lines/$pname/*.c "$TOP"/tests/lines/$pname/*.cc \
		 "$TOP"/tests/lines/$pname/*.s; do
		[ -f "$s" ] || continue
		o=$pdir/$(basename "$s" | sed 's/\.[^.]*$//').o
		case $s in *.cc) c=$CXX link=$CXX ;; *) c=$CC ;; esac
		$c $popt -g -pg -c "$s" -o "$o" || return 1
		objs="$objs $o"
	done
	(cd "$pdir" && $link -g -pg $objs -o exe && ./exe 300 > /dev/null) || return 1
	# map: one function per object file; fullmap: every symbol, as nm
	# prints it.  With several functions of a file GNU gprof 2.40 decides
	# which keep a symbol from a flag it never initialises (tgprof(1)), so
	# fullmap is compared with GNU run on zero-filled allocations.
	(cd "$pdir" && nm --extern-only --defined-only -v --print-file-name \
		$(cd "$pdir" && ls *.o) > fullmap &&
		awk -F: '!seen[$1]++' fullmap > map) || return 1
	# basic blocks: every third line symbol start, and some addresses
	# inside lines, with counts that make runs of equal values
	addrs=$(cd "$pdir" && $GPROF -b -l -p -z exe gmon.out 2> /dev/null |
		sed -n 's/.* @ \([0-9a-f]*\)).*/\1/p' | sort -u | awk '
		NR % 3 == 0 { printf "%s:%d ", $1, (NR % 7) * 10 }
		NR % 5 == 0 { printf "%x:%d ", strtonum("0x" $1) + 3, (NR % 4) * 5 }')
	cp "$pdir/gmon.out" "$pdir/gmon.bb"
	[ -n "$addrs" ] && "$addbb" "$pdir/gmon.bb" $addrs
	echo "$pdir"
}

for spec in "multi -O0" "multi -O1" "cxx -O0" "cxx -O1" "asm -O1" "hot -O0" "rmap -O0" \
	    "hdr -O0" "hdr -O2"; do
	set -- $spec
	if ! pdir=$(build_prog "$1" "$2" 2> "$work/build.err"); then
		tg_fail "lines/$1$2: build" "$(tail -5 "$work/build.err")"
		continue
	fi
	case $1 in
	multi) focus=geo_walk arc=main/spin ;;
	cxx) focus=_ZNK3geo4Rect4areaEv arc=main/_ZN3geo5Shape5totalERKSt6vectorIPS0_SaIS2_EE ;;
	asm) focus=asmwork arc=main/asmother ;;
	hot) focus=H arc=main/F ;;
	rmap) focus=_Z6b_workl arc=_Z6b_workl/_ZN3Acc3addEl ;;
	esac
	r=$(run_sets "lines/$1$2" "$pdir" "$focus" "$arc" gmon.out)
	printf '%s\n' "$r"
	tg_npass=$((tg_npass + $(printf '%s\n' "$r" | grep -c '^PASS: ')))
	tg_nfail=$((tg_nfail + $(printf '%s\n' "$r" | grep -c '^FAIL: ')))
	for set in "-b -l -C" "-b -l -C -z" "-b -l -A" "-b -l -A -x" "-b -l -A -x -z" \
		   "-b -l -A -x -m 20" "-b -l -p" "-b -C" "-b -A -x" "-b -R map" \
		   "-b -R map -p" "-b -R map -q" "-b -l -R map" "-b -l -R map -p"; do
		want "$set" || continue
		compare "lines/$1$2 $set [basic blocks]" exact "$pdir" "$set" gmon.bb
	done
	# GNU's -R with an uninitialised flag made zero (glibc fills new
	# allocations with PERTURB ^ 0xff).
	for set in "-b -R fullmap" "-b -R fullmap -p -z" "-b -R fullmap -q" \
		   "-b -l -R fullmap -p"; do
		want "$set" || continue
		gnu=$GPROF
		GPROF="env MALLOC_PERTURB_=255 $gnu"
		compare "lines/$1$2 $set [GNU on zeroed memory]" exact "$pdir" "$set" gmon.out
		GPROF=$gnu
	done
done

# 3. behaviours
p=$scratch/multi-O0
if [ -d "$p" ]; then
	# -y writes NAME-ann in the current directory, GNU's bytes
	for who in g t; do
		rm -rf "$work/y$who"
		mkdir -p "$work/y$who"
	done
	(cd "$work/yg" && $GPROF -b -A -y -x "$p/exe" "$p/gmon.bb" > out 2> err)
	(cd "$work/yt" && $TGPROF --text -b -A -y -x "$p/exe" "$p/gmon.bb" > out 2> err)
	lg=$(cd "$work/yg" && ls) lt=$(cd "$work/yt" && ls)
	if [ "$lg" != "$lt" ]; then
		tg_fail "-A -y: files" "gprof: $lg" "tgprof: $lt"
	else
		bad=
		for f in $lg; do cmp -s "$work/yg/$f" "$work/yt/$f" || bad="$bad $f"; done
		if [ -n "$bad" ] || ! echo "$lg" | grep -q 'main.c-ann'; then
			tg_fail "-A -y: file contents" "differ:$bad"
		else
			tg_pass "-A -y: same files, same bytes ($(echo $lg))"
		fi
	fi

	# a source found through -I and through GPROF_PATH, and a missing one
	mkdir -p "$work/moved/sub"
	cp "$TOP"/tests/lines/multi/*.c "$TOP"/tests/lines/multi/*.h "$work/moved/sub/"
	(cd "$work/moved/sub" && $CC -O0 -g -pg main.c geo.c text.c -o ../exe &&
	 cd .. && ./exe 100 > /dev/null && mv sub sub2) 2> "$work/moved.err"
	for how in "-I $work/moved/sub2" "-I /nonexistent:$work/moved/sub2" \
		   "GPROF_PATH=$work/moved/sub2" ""; do
		case $how in
		GPROF_PATH=*) env=$how flag= ;;
		*) env= flag=$how ;;
		esac
		(cd "$work/moved" && env $env $GPROF -b -A $flag exe gmon.out > g.out 2> g.err)
		(cd "$work/moved" && env $env $TGPROF --text -b -A $flag exe gmon.out > t.out 2> t.err)
		label="-A sources ${how:-missing}"
		if ! cmp -s "$work/moved/g.out" "$work/moved/t.out"; then
			tg_fail "$label" "$(diff "$work/moved/g.out" "$work/moved/t.out" | head -5)"
		elif [ -z "$how" ] && ! grep -q "could not locate .*main.c'" "$work/moved/t.err"; then
			tg_fail "$label" "no 'could not locate' message" "$(head -3 "$work/moved/t.err")"
		elif [ -n "$how" ] && ! grep -q '^\*\*\* File' "$work/moved/t.out"; then
			tg_fail "$label" "nothing annotated"
		else
			tg_pass "$label"
		fi
	done

	# -y never overwrites the source: a source named like its own -ann file
	mkdir -p "$work/clob"
	printf 'int main(void) { return 0; }\n' > "$work/clob/x.c"
	(cd "$work/clob" && $CC -g -pg x.c -o exe && ./exe && cp x.c x.c-ann.c &&
	 ln -sf x.c x.c-ann) 2> /dev/null
	(cd "$work/clob" && $TGPROF --text -b -A -y -z exe gmon.out > /dev/null 2> err)
	if cmp -s "$work/clob/x.c" "$work/clob/x.c-ann.c"; then
		tg_pass "-A -y: a source is never overwritten"
	else
		tg_fail "-A -y: a source is never overwritten" "x.c changed"
	fi

	# a map file with bad lines: the message names the file and the line
	printf 'main.o:0 T main\ngeo.o:0 T geo_area\nbroken line\n' > "$work/bad.map"
	s=$(cd "$p" && tg_run "$work/m.out" "$work/m.err" $TGPROF --text -R "$work/bad.map" exe gmon.out)
	if [ "$s" = 1 ] && grep -q "bad.map:3:" "$work/m.err" && [ ! -s "$work/m.out" ]; then
		tg_pass "-R: a bad map line is named (file:line), status 1"
	else
		tg_fail "-R: a bad map line is named" "status $s" "$(head -2 "$work/m.err")"
	fi
	printf 'main.o:0 T main\ngeo.o:\n' > "$work/bad2.map"
	s=$(cd "$p" && tg_run "$work/m.out" "$work/m.err" $TGPROF --text -R "$work/bad2.map" exe gmon.out)
	if [ "$s" = 1 ] && grep -q "bad2.map:2:" "$work/m.err"; then
		tg_pass "-R: a map line without a function is named"
	else
		tg_fail "-R: a map line without a function is named" "status $s" "$(head -2 "$work/m.err")"
	fi
	s=$(cd "$p" && tg_run "$work/m.out" "$work/m.err" $TGPROF --text -r -R map exe gmon.out)
	gs=$(cd "$p" && tg_run "$work/g.out" "$work/g.err" $GPROF -r -R map exe gmon.out)
	if [ "$s" = "$gs" ] && [ ! -s "$work/m.out" ] && grep -q 'Only one of' "$work/m.err"; then
		tg_pass "-r with -R refused as by GNU"
	else
		tg_fail "-r with -R refused as by GNU" "status $s (GNU $gs)"
	fi
fi

# --static-call-graph=all: every direct call objdump sees between two
# symbols of the program is an arc; GNU's -c finds the forward ones only.
# x86 code is decoded through libopcodes; aarch64 (BL) and riscv64 (JAL
# ra, AUIPC + JALR ra) code, which Debian's libopcodes does not know, by
# their fixed formats, checked against those architectures' objdump.
for pdir in "$scratch/multi-O1" "$TG_CORPUS/interp-o2" "$TG_CORPUS/recurse-o0np" \
	    "$TG_CORPUS/interp-m32" "$TG_CORPUS/interp-a64" "$TG_CORPUS/interp-rv64" \
	    "$TG_CORPUS/recurse-a64" "$TG_CORPUS/recurse-rv64"; do
	[ -f "$pdir/exe" ] || continue
	want "--static-call-graph=all" || continue
	label="--static-call-graph=all $(basename "$pdir")"
	(cd "$pdir" && $TGPROF --text -b -q -z --static-call-graph=all exe gmon.out) > "$work/sa.out" 2>&1
	(cd "$pdir" && $TGPROF --text -b -q -z exe gmon.out) > "$work/s0.out" 2>&1
	# "caller callee" pairs from the call graph's child lines
	awk '/^\[/ { cur = $0; sub(/ \[[0-9]+\]$/, "", cur); sub(/^\[[0-9]+\] +[0-9.]+ +[0-9.-]+ +[0-9.-]+ +[0-9+]* */, "", cur); inentry = 1; next }
	     /^---/ { inentry = 0; cur = ""; next }
	     cur != "" && /\[[0-9]+\]$/ { n = $0; sub(/ \[[0-9]+\]$/, "", n); sub(/ <cycle [0-9]+>$/, "", n); sub(/^ *[0-9.]* *[0-9.]* *[0-9]+(\/[0-9]+)? +/, "", n); print cur " " n }' \
		"$work/sa.out" | sed 's/ <cycle [0-9]*>//g' | sort -u > "$work/sa.pairs"
	case $pdir in
	*-a64) od=aarch64-linux-gnu-objdump ;;
	*-rv64) od=riscv64-linux-gnu-objdump ;;
	*) od=objdump ;;
	esac
	command -v $od > /dev/null || { tg_fail "$label" "$od not found (it comes with the cross compiler)"; continue; }
	$od -d --no-show-raw-insn "$pdir/exe" | awk '
		/^[0-9a-f]+ <.*>:$/ { f = $2; gsub(/[<>:]/, "", f) }
		/\t(call|bl|jal)[ \t]+[0-9a-f]+ <[^+>]*>$/ { t = $NF; gsub(/[<>]/, "", t); if (t !~ /@plt$/) print f " " t }' |
		sort -u > "$work/od.pairs"
	# only functions tgprof knows (the call graph has the symbols of -z)
	missing=$(comm -23 "$work/od.pairs" "$work/sa.pairs" | while read -r a b; do
		grep -q "^\[.* $a \[" "$work/sa.out" && grep -q "^\[.* $b \[" "$work/sa.out" && echo "$a->$b"
	done)
	nod=$(wc -l < "$work/od.pairs")
	if [ "$nod" -lt 3 ]; then
		tg_fail "$label" "objdump found only $nod calls"
	elif [ -n "$missing" ]; then
		tg_fail "$label" "calls not found: $(echo $missing | head -c 300)"
	elif cmp -s "$work/sa.out" "$work/s0.out" &&
	     case $pdir in *-o0np | *-a64 | *-rv64) true ;; *) false ;; esac; then
		tg_fail "$label" "no arc added"
	else
		tg_pass "$label ($nod direct calls)"
	fi
done

# -c on aarch64 and riscv64: GNU gprof 2.40 as Debian builds it finds no
# calls there (the report is compared above); tgprof says so in one line
# naming the file, and where to look instead.
for pdir in "$TG_CORPUS/interp-a64" "$TG_CORPUS/interp-rv64"; do
	[ -f "$pdir/exe" ] || continue
	want "-b -c" || continue
	label="-c on $(basename "$pdir"): one warning"
	(cd "$pdir" && $TGPROF --text -b -c exe gmon.out) > /dev/null 2> "$work/c.err"
	if [ "$(wc -l < "$work/c.err")" = 1 ] &&
	   grep -q "^tgprof: exe: -c finds calls in x86 code only, as GNU gprof 2.40 built for x86 does; --static-call-graph=all reads aarch64 and riscv64 code too$" "$work/c.err"; then
		tg_pass "$label"
	else
		tg_fail "$label" "$(cat "$work/c.err")"
	fi
done

tg_finish
st=$?
[ "$st" -eq 0 ] && rm -rf "$scratch"
exit $st
