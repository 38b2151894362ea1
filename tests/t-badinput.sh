#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Bad input: tgprof must fail cleanly, never crash, hang or print part of a
# report.  The error contract checked here: exit status 1, nothing on
# stdout, exactly one line on stderr, and that line names the offending
# file.  Where GNU gprof accepts an odd input (a profile of another
# program, a second histogram elsewhere, a different rate, a file cut at a
# record boundary), tgprof must print what gprof prints.
#
#   TGPROF=./tgprof GPROF=/usr/bin/gprof TOP=$PWD sh tests/t-badinput.sh
#   TG_SEED=N     seed of the random corruption (default 1)
#   TG_NRANDOM=N  number of random variants (default 200)
. "$(dirname "$0")/lib.sh"
tg_need "$GPROF" "$TGPROF" timeout od dd awk strip cmp
tg_build_corpus
W=$TG_OUT/t-badinput.$$
rm -rf "$W"
mkdir -p "$W"
cd "$W" || exit 1
tg_snapshot "$W"

base=$TG_CORPUS/mutual-o2
other=$TG_CORPUS/cycles-o2
np=$TG_CORPUS/mutual-o0np
for d in "$base" "$other" "$np"; do
	if [ ! -f "$d/gmon.out" ]; then
		tg_fail "setup: $d missing"
		tg_finish
		exit 1
	fi
done
cp "$base/exe" exe
cp "$base/gmon.out" good.gmon
size=$(wc -c < good.gmon)

# put FILE OFFSET NBYTES VALUE: overwrite NBYTES at OFFSET with VALUE,
# little-endian (the corpus is x86-64).
put() {
	put_v=$4 put_s= put_i=0
	while [ "$put_i" -lt "$3" ]; do
		put_s="$put_s\\$(printf %03o $((put_v & 255)))"
		put_v=$((put_v >> 8))
		put_i=$((put_i + 1))
	done
	printf "$put_s" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}

# u64 FILE OFFSET: read a little-endian unsigned 64-bit value.
u64() {
	od -A n -t u8 -j "$2" -N 8 "$1" | tr -d ' '
}

# GNU layout of the first record of good.gmon: 20-byte header, tag 0 at
# offset 20, lowpc 21, highpc 29, nbins 37, rate 41, dimension 45..59,
# abbreviation 60, bins from 61.
if [ "$(od -A n -c -N 4 good.gmon | tr -d ' ')" != gmon ] ||
   [ "$(od -A n -t u1 -j 20 -N 1 good.gmon | tr -d ' ')" != 0 ]; then
	tg_fail "setup: good.gmon does not start with a histogram record"
	tg_finish
	exit 1
fi
lowpc=$(u64 good.gmon 21)
highpc=$(u64 good.gmon 29)

# expect_error NAME FILE-NAMED ARGS...: tgprof --text ARGS must follow the
# error contract, and the stderr line must contain FILE-NAMED.
expect_error() {
	n=$1 named=$2
	shift 2
	st=$(tg_run t.out t.err "$TGPROF" --text "$@")
	lines=$(wc -l < t.err)
	# a message without a final newline still counts as a line
	[ -s t.err ] && [ "$(tail -c 1 t.err | od -A n -c | tr -d ' ')" != '\n' ] &&
		lines=$((lines + 1))
	if [ "$st" -ne 1 ]; then
		tg_fail "$n" "exit status $st, want 1" "$(head -3 t.err)"
	elif [ -s t.out ]; then
		tg_fail "$n" "stdout not empty:" "$(head -3 t.out)"
	elif [ "$lines" -ne 1 ]; then
		tg_fail "$n" "stderr has $lines lines, want 1:" "$(head -5 t.err)"
	elif ! grep -qF -- "$named" t.err; then
		tg_fail "$n" "message does not name $named: $(cat t.err)"
	else
		tg_pass "$n"
	fi
}

# expect_same NAME ARGS...: same exit status and stdout as GNU gprof; when
# both fail, tgprof must also follow the error contract (one line, no
# stdout).  Returns 1 on failure without printing (for the grouped cases).
same_as_gnu() {
	gs=$(tg_run g.out g.err "$GPROF" "$@")
	ts=$(tg_run t.out t.err "$TGPROF" --text "$@")
	if [ "$ts" -ne 0 ] && [ "$ts" -ne 1 ]; then
		why="tgprof exit status $ts"
		return 1
	fi
	if [ "$gs" != "$ts" ]; then
		why="exit status: gprof $gs, tgprof $ts: $(head -2 t.err)"
		return 1
	fi
	if [ "$ts" -eq 1 ]; then
		if [ -s t.out ] || [ "$(wc -l < t.err)" -ne 1 ]; then
			why="error but stdout $(wc -c < t.out) bytes, stderr $(wc -l < t.err) lines"
			return 1
		fi
	elif ! cmp -s g.out t.out; then
		why=$(diff g.out t.out | head -8)
		return 1
	fi
	return 0
}

expect_same() {
	n=$1
	shift
	if same_as_gnu "$@"; then
		tg_pass "$n"
	else
		tg_fail "$n" "$why"
	fi
}

# Profile files that are errors.
: > empty.gmon
expect_error "empty gmon file" empty.gmon -b exe empty.gmon
head -c 10 good.gmon > short.gmon
expect_error "file shorter than the header" short.gmon -b exe short.gmon
head -c 30 good.gmon > cut30.gmon
expect_error "cut inside the histogram header" cut30.gmon -b exe cut30.gmon
head -c 100 good.gmon > cut100.gmon
expect_error "cut inside the histogram bins" cut100.gmon -b exe cut100.gmon
head -c $((size - 3)) good.gmon > cutarc.gmon
expect_error "cut inside the last record" cutarc.gmon -b exe cutarc.gmon
cp good.gmon magic.gmon
put magic.gmon 3 1 88
expect_error "bad magic (read as BSD, nonsense header)" magic.gmon -b exe magic.gmon
cp good.gmon version.gmon
put version.gmon 4 4 2
expect_error "unsupported version 2" version.gmon -b exe version.gmon
cp good.gmon version2.gmon
put version2.gmon 4 4 305419896
expect_error "unsupported version 0x12345678" version2.gmon -b exe version2.gmon
cp good.gmon tag.gmon
put tag.gmon 20 1 7
expect_error "bad record tag" tag.gmon -b exe tag.gmon
cp good.gmon past.gmon
put past.gmon 37 4 $(( $(od -A n -t u4 -j 37 -N 4 good.gmon) + 10000 ))
expect_error "bin count past the end of the file" past.gmon -b exe past.gmon
cp good.gmon huge.gmon
put huge.gmon 37 4 4294967295
expect_error "bin count 2^32-1" huge.gmon -b exe huge.gmon
# a record tag after the histogram claiming an arc, then nothing
cp good.gmon tailarc.gmon
printf '\001\000\000' >> tailarc.gmon
expect_error "truncated arc record at the end" tailarc.gmon -b exe tailarc.gmon

# Histograms that do not fit together across two files.
cp good.gmon overlap.gmon
half=$(( (highpc - lowpc) / 4 * 2 ))
put overlap.gmon 21 8 $((lowpc + half))
put overlap.gmon 29 8 $((highpc + half))
expect_error "overlapping histograms in two files" overlap.gmon -b exe good.gmon overlap.gmon
cp good.gmon dimen.gmon
put dimen.gmon 45 1 88
expect_error "dimension changed between files" dimen.gmon -b exe good.gmon dimen.gmon
cp "$np/gmon.out" np.gmon
cp "$TG_CORPUS/cycles-o0np/gmon.out" npother.gmon
expect_error "different histogram scales in two files" npother.gmon \
	-b "$np/exe" np.gmon npother.gmon

# Missing or unreadable files.
expect_error "missing gmon file" nosuch.gmon -b exe nosuch.gmon
expect_error "missing executable" nosuch.exe -b nosuch.exe good.gmon
mkdir -p adir
expect_error "directory as gmon file" adir -b exe adir
expect_error "directory as executable" adir -b adir good.gmon

# Executables that are not usable.
echo "this is not an executable" > text.exe
expect_error "text file as executable" text.exe -b text.exe good.gmon
printf '#!/bin/sh\necho hello\n' > script.exe
chmod +x script.exe
expect_error "shell script as executable" script.exe -b script.exe good.gmon
cp exe stripped.exe
strip stripped.exe
expect_error "stripped executable" stripped.exe -b stripped.exe good.gmon
: > empty.exe
expect_error "empty executable" empty.exe -b empty.exe good.gmon

# A profile of another program whose addresses happen to fall in this
# one's code cannot be told apart: like GNU, print what it maps to.
expect_same "profile of another executable" -b "$other/exe" good.gmon
expect_same "profile of another executable (-q)" -b -q "$other/exe" good.gmon
# One none of whose addresses falls in the program's code is an error
# (GNU prints empty reports).
expect_error "PIE profile with a -no-pie executable" good.gmon -b "$np/exe" good.gmon
cp "$np/gmon.out" nopie.gmon
expect_error "-no-pie profile with a PIE executable" nopie.gmon -b exe nopie.gmon
cp good.gmon apart.gmon
span=$((highpc - lowpc))
put apart.gmon 21 8 $((lowpc + span + 4096))
put apart.gmon 29 8 $((highpc + span + 4096))
expect_same "second histogram over another range" -b exe good.gmon apart.gmon
cp good.gmon rate.gmon
put rate.gmon 41 4 1000
expect_same "different rate in the second file" -b exe good.gmon rate.gmon
cp good.gmon v0.gmon
put v0.gmon 4 4 0
expect_same "version 0 header" -b exe v0.gmon

# Valid but sparse files: must match GNU.
head -c 20 good.gmon > header.gmon
expect_same "header only, no records" -b exe header.gmon
expect_same "header only, no records (notes)" exe header.gmon
nbins=$(od -A n -t u4 -j 37 -N 4 good.gmon | tr -d ' ')
(head -c 20 good.gmon; tail -c +$((62 + 2 * nbins)) good.gmon) > arcsonly.gmon
expect_same "arcs only, no histogram" -b exe arcsonly.gmon
expect_same "arcs only, no histogram (-T)" -b -T exe arcsonly.gmon
head -c $((61 + 2 * nbins)) good.gmon > histonly.gmon
expect_same "histogram only, no arcs" -b exe histonly.gmon
cp histonly.gmon zeros.gmon
dd if=/dev/zero of=zeros.gmon bs=1 seek=61 count=$((2 * nbins)) conv=notrunc status=none
expect_same "histogram of zeros, no arcs" -b exe zeros.gmon
expect_same "histogram of zeros, no arcs (-z)" -b -z exe zeros.gmon

# Records GNU reads but the reports mostly ignore: basic-block counts,
# a second histogram record in the same file.
cp good.gmon bb.gmon
printf '\002' >> bb.gmon
put bb.gmon "$(wc -c < bb.gmon)" 4 2
put bb.gmon "$(wc -c < bb.gmon)" 8 $((lowpc + 64))
put bb.gmon "$(wc -c < bb.gmon)" 8 1234
put bb.gmon "$(wc -c < bb.gmon)" 8 $((lowpc + 96))
put bb.gmon "$(wc -c < bb.gmon)" 8 99
expect_same "basic-block record" -b exe bb.gmon
expect_same "basic-block record (-i)" -b -i exe bb.gmon
head -c $((61 + 2 * nbins)) apart.gmon | tail -c +21 > hist2.rec
cat good.gmon hist2.rec > twohist.gmon
expect_same "two histogram records in one file" -b exe twohist.gmon
expect_same "two histogram records in one file (-i)" -b -i exe twohist.gmon
cat good.gmon good.gmon > twice.gmon
expect_same "a whole file appended to itself (header as records)" -b exe twice.gmon

# Cut at many offsets: every one of the first 128 bytes, then every 29th.
# A cut at a record boundary is a valid shorter file, so the reference is
# GNU's status; errors must follow the contract.
bad=
off=0
while [ "$off" -lt "$size" ]; do
	head -c "$off" good.gmon > cut.gmon
	same_as_gnu -b exe cut.gmon || bad="$bad
offset $off: $why"
	if [ "$off" -lt 128 ]; then off=$((off + 1)); else off=$((off + 29)); fi
done
if [ -z "$bad" ]; then
	tg_pass "truncation at many offsets"
else
	tg_fail "truncation at many offsets" "$(echo "$bad" | sed 1d | head -10)"
fi

# Random corruption: seeded, reproducible.  Each variant changes 1-6
# bytes, half of them in the first 80 bytes (headers), and one in five
# is also cut short.  tgprof may accept or reject a variant, but must exit
# 0 or 1 within 10 s; a rejection must follow the error contract.  The
# GNU profile gets TG_NRANDOM variants, its 4.4BSD rewrite half as many.
seed=${TG_SEED:-1}
nrand=${TG_NRANDOM:-200}
cp "$base/gmon.bsd44" good.bsd44
# corrupt NAME FILE COUNT: one PASS or FAIL line for COUNT variants of FILE.
corrupt() {
	cname=$1 src=$2 count=$3
	csize=$(wc -c < "$src")
	awk -v seed="$seed" -v n="$count" -v size="$csize" 'BEGIN {
		srand(seed)
		for (v = 1; v <= n; v++) {
			k = 1 + int(rand() * 6)
			line = v " " (rand() < 0.2 ? int(rand() * size) : size)
			for (j = 0; j < k; j++) {
				off = rand() < 0.5 ? int(rand() * 80) : int(rand() * size)
				line = line " " off ":" int(rand() * 256)
			}
			print line
		}
	}' > mutations
	crashes=
	while read -r vn len edits; do
		head -c "$len" "$src" > rnd.gmon
		for e in $edits; do
			o=${e%:*} b=${e#*:}
			[ "$o" -lt "$len" ] && put rnd.gmon "$o" 1 "$b"
		done
		st=$(TG_TIMEOUT=10 tg_run t.out t.err "$TGPROF" --text -b exe rnd.gmon)
		if [ "$st" -ne 0 ] && [ "$st" -ne 1 ]; then
			cp rnd.gmon "crash-$cname-$vn.gmon"
			crashes="$crashes
variant $vn (len $len: $edits): exit status $st, kept as $W/crash-$cname-$vn.gmon"
		elif [ "$st" -eq 1 ] && { [ -s t.out ] || [ "$(wc -l < t.err)" -ne 1 ]; }; then
			cp rnd.gmon "crash-$cname-$vn.gmon"
			crashes="$crashes
variant $vn (len $len: $edits): error with stdout $(wc -c < t.out) bytes, stderr $(wc -l < t.err) lines"
		fi
	done < mutations
	if [ -z "$crashes" ]; then
		tg_pass "random corruption of $cname ($count variants, seed $seed)"
	else
		tg_fail "random corruption of $cname ($count variants, seed $seed)" \
			"$(echo "$crashes" | sed 1d | head -10)"
	fi
}
corrupt gmon.out good.gmon "$nrand"
corrupt gmon.bsd44 good.bsd44 $((nrand / 2))
# Random corruption of the executable (ELF header, section headers and
# anywhere), TG_NRANDOM/4 variants: exit status 0 or 1, and a rejection
# follows the error contract (one line: libbfd's warnings included).
cp exe good.exe
esize=$(wc -c < good.exe)
shoff=$(od -A n -t u8 -j 40 -N 8 good.exe | tr -d ' ')
awk -v seed="$seed" -v n=$((nrand / 4)) -v size="$esize" -v sh="$shoff" 'BEGIN {
	srand(seed)
	for (v = 1; v <= n; v++) {
		k = 1 + int(rand() * 4)
		line = v
		for (j = 0; j < k; j++) {
			r = rand()
			off = r < 0.4 ? int(rand() * 64) : r < 0.8 ? sh + int(rand() * (size - sh)) : int(rand() * size)
			line = line " " off ":" int(rand() * 256)
		}
		print line
	}
}' > exe-mutations
crashes=
while read -r vn edits; do
	cp good.exe rnd.exe
	for e in $edits; do
		put rnd.exe "${e%:*}" 1 "${e#*:}"
	done
	st=$(TG_TIMEOUT=10 tg_run t.out t.err "$TGPROF" --text -b rnd.exe good.gmon)
	if [ "$st" -ne 0 ] && [ "$st" -ne 1 ]; then
		cp rnd.exe "crash-exe-$vn"
		crashes="$crashes
variant $vn ($edits): exit status $st, kept as $W/crash-exe-$vn"
	elif [ "$st" -eq 1 ] && { [ -s t.out ] || [ "$(wc -l < t.err)" -ne 1 ]; }; then
		cp rnd.exe "crash-exe-$vn"
		crashes="$crashes
variant $vn ($edits): error with stdout $(wc -c < t.out) bytes, stderr: $(head -3 t.err | tr '\n' '|')"
	fi
done < exe-mutations
n=$((nrand / 4))
if [ -z "$crashes" ]; then
	tg_pass "random corruption of the executable ($n variants, seed $seed)"
else
	tg_fail "random corruption of the executable ($n variants, seed $seed)" \
		"$(echo "$crashes" | sed 1d | head -10)"
fi

# Scratch files stay only when something failed.
[ "$tg_nfail" -eq 0 ] && cd "$TG_OUT" && rm -rf "$W"
tg_finish
