#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Differential suite: tgprof --text against GNU gprof on the corpus.
#
# For every corpus case (tests/corpus/build.sh) and every option set below,
# runs "$GPROF OPTS exe gmon..." and "$TGPROF --text OPTS exe gmon..." in
# the case directory and requires byte-identical stdout, the same exit
# status and messages of the same meaning on stderr (see MESSAGES below).
#
#   TGPROF=./tgprof GPROF=/usr/bin/gprof TOP=$PWD sh tests/t-diff.sh
#   TG_CASE='cycles-*' ...     only the cases matching a shell pattern
#   TG_OPTS='-b -k'   ...      only option sets containing this text
#   JOBS=N            ...      cases run N at a time (default: cores)
# With B=build-asan (make check-asan) only the o2gnp variants run, unless
# TG_CASE is set.
#
# Option sets without -b also print notes; tgprof's prose is its own, so
# those are compared after tg_strip_notes (tests/lib.sh) on both sides,
# with GNU's -b output for the same options as the reference tables.
# In option sets (fields of tests/corpus/programs): @F@ and @O@ are two
# functions of the case, @A@ an arc (@AF@/@AT@), @C@ an arc inside a
# cycle (from @CF@), @S@ a source file and @L@ a line in it.
. "$(dirname "$0")/lib.sh"

# Brief sets: compared byte for byte.
SETS_B='-b
-b -p
-b -q
-b -P
-b -Q
-b -z
-b -T
-b -w 120
-b -w 60
-b -w 10
-b -w 200
-b --demangle
-b --demangle=gnu-v3
-b --demangle=auto
-b -a
-b --no-demangle
-b -D
-b -e @F@
-b -E @F@
-b -f @F@
-b -F @F@
-b -n @F@
-b -N @F@
-b -k @A@
-b -k @C@
-b -p@F@
-b -P@F@
-b -q@F@
-b -Q@F@
-b -p@S@:@F@
-b -q@S@:@F@
-b -P@S@:@F@
-b -Q@S@:@F@
-b -p@S@:@L@
-b -q@S@:@L@
-b -p@S@
-b -q@S@
-b -P@S@
-b -i
-b -k @S@:@AF@/@AT@
-b -k @S@/@AT@ -z
-b -e @CF@
-b -E @CF@
-b -f @CF@
-b -F @CF@
-b -n @CF@
-b -N @CF@
-b -p@CF@
-b -q@CF@
-b -Q@CF@ -z
-b -k @A@ -k @C@ -E @O@ -z
-b -k @C@ -q
-b -f @F@ -e @O@
-b -F @F@ -N @O@
-b -p@F@ -q@O@
-b -P@F@ -Q@O@ -z
-b -n @F@ -N @O@ -a
-b -e @F@ -E @O@ -k @A@
-b -T -z -w 100
-b -E @O@ -p -q
-b -a -z -D
-b -L
-b -c
-b -pno_such_function -k no_such/function
-b -e no_such_function -qno_such.c
--brief --flat-profile --no-graph
--brief --graph=@F@ --width=100
--brief --no-flat-profile=@F@ --no-static
--brief --time=@F@ --no-time=@O@ --display-unused-functions
--brief --traditional --ignore-non-functions'

# Sets printed with notes: compared after tg_strip_notes.
SETS_NOTES='
-p
-q
-T
-z
-k @A@
-q@F@
-T -p'

# Sets run on several profile files (gmon.out twice; with gmon.2 in
# several orders).
SETS_MULTI='-b
-b -k @A@ -z
-b -i
-b -T'

# Sets run on the BSD rewrites of gmon.out (4.4BSD, old BSD, mixed).
SETS_BSD='-b
-b -i
-b -q -z
-b -T
-b -O auto
-b -O bsd
-b -O 4.4bsd
-b -O magic
-b --file-format=bsd'

if [ "${1:-}" != --one ]; then
	tg_need "$GPROF" "$TGPROF" diff timeout cmp
	tg_sanitizer_cases '*-o2gnp'
	tg_build_corpus
	# A directory per run: several check runs may share the tree.
	scratch=$TG_OUT/t-diff.$$
	rm -rf "$scratch"
	mkdir -p "$scratch"
	export TG_SCRATCH=$scratch
	tg_snapshot "$scratch"
	cases=$(tg_cases)
	if [ -z "$cases" ]; then
		tg_fail "setup: no corpus case matches TG_CASE=${TG_CASE:-*}"
		tg_finish
		exit 1
	fi
	tg_parallel_cases "$0" "$scratch/all" "$cases"
	# Keep the scratch files of a failing run for inspection.
	[ "$tg_nfail" -eq 0 ] && rm -rf "$scratch"
	tg_finish
	exit $?
fi

# Worker: one case directory, results to $scratch/CASE/result.
[ -n "${TG_SCRATCH:-}" ] || {
	echo "$0 --one: for the script's own workers (TG_SCRATCH is not set)" >&2
	exit 2
}
dir=$2
. "$dir/case.env"
name=$(basename "$dir")
work=$TG_SCRATCH/$name
mkdir -p "$work"
exec > "$work/result"

AF=${ARC%/*} AT=${ARC#*/} CF=${CYCARC%/*}
subst() {
	printf '%s\n' "$1" | sed "s|@F@|$FOCUS|g; s|@O@|$OTHER|g; s|@A@|$ARC|g;
		s|@AF@|$AF|g; s|@AT@|$AT|g; s|@CF@|$CF|g;
		s|@C@|$CYCARC|g; s|@S@|$SRCFILE|g; s|@L@|$LINE|g"
}

# want SET: does TG_OPTS select it, and does the case have what it needs?
want() {
	case $1 in *@C@*|*@CF@*) [ "$CYCARC" != - ] || return 1 ;; esac
	case $1 in *"${TG_OPTS:-}"*) return 0 ;; esac
	return 1
}

# gnu OUT ARGS...: GNU gprof's stdout for ARGS in the case directory into
# OUT, its stderr into OUT.err, its exit status on stdout.  GNU's answers
# are cached in the case directory (.gnu/), keyed by gprof's path and the
# arguments; the cache goes when build.sh rebuilds the case.
# TG_NOCACHE=1 turns it off.
gnu() {
	gout=$1
	shift
	key=$(printf '%s\n' "$GPROF" "$@" | cksum | tr ' ' _)
	c=$dir/.gnu/$key
	if [ -z "${TG_NOCACHE:-}" ] && [ -f "$c.st" ] && [ -f "$c.out" ] && [ -f "$c.err" ]; then
		cp "$c.out" "$gout"
		cp "$c.err" "$gout.err"
		cat "$c.st"
		return
	fi
	gst=$(cd "$dir" && tg_run "$gout" "$gout.err" $GPROF "$@")
	if [ "$gst" -lt 124 ] && mkdir -p "$dir/.gnu" 2>/dev/null; then
		cp "$gout" "$c.out.$$" && mv "$c.out.$$" "$c.out"
		cp "$gout.err" "$c.err.$$" && mv "$c.err.$$" "$c.err"
		echo "$gst" > "$c.st.$$" && mv "$c.st.$$" "$c.st"
	fi
	echo "$gst"
}

# pages FILE: the page (0-based) of each report title, then the number
# of form feeds, on one line.
pages() {
	awk '{ n = gsub(/\f/, "&"); if ($0 ~ /Call graph|Index by function name|[Ff]lat profile:/) printf " %s@%d", $0, p; p += n }
	     END { printf " (%d form feeds)", p }' "$1" | tr '\t' ' '
}

# Stderr: tgprof gives a message exactly when GNU does, and with the same
# meaning.  Where tgprof words a message otherwise by design (one message
# naming the file, in tgprof's words), this table says what ours must say
# for each of GNU's, a line each: GNU's message (an ERE on the line
# without the program name; FILE stands for the name GNU quotes `so'),
# a tab, ours (an ERE on the line without the program name; FILE is the
# same name).  Any other message of GNU's must be ours word for word.
MESSAGES='
file `FILE'"'"' has bad magic cookie	^FILE: bad magic cookie \(not a (GNU|4\.4BSD) gmon file\)$
^-c not supported on architecture 	^exe: -c finds calls in x86 code only, as GNU gprof 2\.40 built for x86 does; --static-call-graph=all reads aarch64 and riscv64 code too$
'

# messages GERR TERR: the first of GNU's messages (file GERR) that
# tgprof's (TERR) do not say, as "GNU: ..., tgprof: ..."; or the first of
# ours when GNU says nothing; nothing when they agree.
messages() {
	# The table through the environment: awk -v would take its
	# backslashes as escapes.
	TG_MESSAGES=$MESSAGES awk '
	BEGIN {
		n = split(ENVIRON["TG_MESSAGES"], L, "\n")
		for (i = 1; i <= n; i++)
			if (split(L[i], f, "\t") == 2) { gp[++m] = f[1]; tp[m] = f[2] }
	}
	{ sub(/^[^ ]*gprof: /, "") }
	FILENAME == ARGV[1] { g[++ng] = $0; next }
	{ t[++nt] = $0 }
	END {
		if (ng == 0) {
			if (nt > 0)
				print "GNU says nothing, tgprof: " t[1]
			exit
		}
		for (i = 1; i <= ng; i++) {
			name = ""
			if (match(g[i], /`[^\047]*\047/))
				name = substr(g[i], RSTART + 1, RLENGTH - 2)
			gsub(/[][\\.^$*+?(){}|]/, "\\\\&", name)
			ok = known = 0
			for (k = 1; k <= m && !known; k++) {
				re = gp[k]
				gsub(/FILE/, "[^\047]*", re)
				if (g[i] !~ re)
					continue
				known = 1
				re = tp[k]
				gsub(/FILE/, name, re)
				for (j = 1; j <= nt; j++)
					if (t[j] ~ re)
						ok = 1
			}
			for (j = 1; j <= nt && !known; j++)
				if (t[j] == g[i])
					ok = 1
			if (!ok) {
				print "GNU: " g[i] ", tgprof: " (nt ? t[1] : "nothing")
				exit
			}
		}
	}' "$1" "$2"
}

# compare LABEL MODE OPTS FILES: MODE is "exact" or "notes".
compare() {
	label=$1 mode=$2 opts=$3 files=$4
	g=$work/g.out t=$work/t.out
	gs=$(gnu "$g" $opts exe $files)
	ts=$(cd "$dir" && tg_run "$t" "$work/t.err" $TGPROF --text $opts exe $files)
	if [ "$mode" = notes ]; then
		gnu "$work/ref.out" -b $opts exe $files > /dev/null
		tg_strip_notes "$work/ref.out" "$g" > "$work/g.norm"
		tg_strip_notes "$work/ref.out" "$t" > "$work/t.norm"
		g=$work/g.norm t=$work/t.norm
	fi
	# pages: the form feeds, and the page each report's title is on, are
	# GNU's even where the notes are our own words
	gp= tp=
	if [ "$mode" = notes ]; then
		gp=$(pages "$work/g.out") tp=$(pages "$work/t.out")
	fi
	msg=$(messages "$work/g.out.err" "$work/t.err")
	if [ "$gs" != "$ts" ]; then
		tg_fail "$label" "exit status: gprof $gs, tgprof $ts" \
			"$(head -3 "$work/t.err")"
	elif [ -n "$msg" ]; then
		tg_fail "$label" "stderr: $msg"
	elif [ "$gp" != "$tp" ]; then
		tg_fail "$label" "pages (form feeds; page of each title): gprof $gp, tgprof $tp"
	elif ! cmp -s "$g" "$t"; then
		tg_fail "$label" "$(diff "$g" "$t" | head -${TG_DIFFLINES:-12})"
	else
		tg_pass "$label"
	fi
}

files1=gmon.out
echo "$SETS_B" | while IFS= read -r set; do
	want "$set" || continue
	o=$(subst "$set"); compare "$name $o" exact "$o" "$files1"
done
echo "$SETS_NOTES" | while IFS= read -r set; do
	want "$set" || continue
	o=$(subst "$set"); compare "$name ${o:-(no options)} [notes stripped]" notes "$o" "$files1"
done
for files in "gmon.out gmon.out" "gmon.out gmon.2" "gmon.2 gmon.out" "gmon.out gmon.2 gmon.out"; do
	case $files in *gmon.2*) [ -f "$dir/gmon.2" ] || continue ;; esac
	echo "$SETS_MULTI" | while IFS= read -r set; do
		want "$set" || continue
		o=$(subst "$set"); compare "$name $o [$files]" exact "$o" "$files"
	done
done

for files in gmon.bsd44 gmon.bsd "gmon.out gmon.bsd44" "gmon.bsd gmon.out"; do
	[ -f "$dir/gmon.bsd" ] || break
	echo "$SETS_BSD" | while IFS= read -r set; do
		want "$set" || continue
		# GNU gprof 2.40 hangs reading a GNU file forced to a BSD layout,
		# so forced formats are compared on the BSD files alone.
		case "$files $set" in *gmon.out*-O*|*gmon.out*--file-format*) continue ;; esac
		compare "$name $set [$files]" exact "$set" "$files"
	done
done

# -s: gmon.sum must match GNU's except header bytes 8-19 (GNU leaves them
# uninitialised), and the reports on both sums must match.
# sum_check FILES...: one -s comparison on the case's FILES.
sum_check() {
	abs=
	for f in "$@"; do abs="$abs $dir/$f"; done
	label="$name -s [$*]"
	rm -rf "$work/sg" "$work/st"
	mkdir -p "$work/sg" "$work/st"
	gs=$(cd "$work/sg" && tg_run out err $GPROF -s "$dir/exe" $abs)
	ts=$(cd "$work/st" && tg_run out err $TGPROF --text -s "$dir/exe" $abs)
	if [ "$gs" != "$ts" ]; then
		tg_fail "$label" "exit status: gprof $gs, tgprof $ts" "$(head -3 "$work/st/err")"
	elif ! cmp -s "$work/sg/out" "$work/st/out"; then
		tg_fail "$label" "stdout differs" "$(diff "$work/sg/out" "$work/st/out" | head -5)"
	elif [ ! -f "$work/st/gmon.sum" ]; then
		tg_fail "$label" "tgprof wrote no gmon.sum"
	elif ! cmp -s "$work/sg/gmon.sum" "$work/st/gmon.sum" 2>/dev/null &&
	     { ! cmp -s -n 8 "$work/sg/gmon.sum" "$work/st/gmon.sum" ||
	       ! cmp -s -i 20 "$work/sg/gmon.sum" "$work/st/gmon.sum"; }; then
		tg_fail "$label" "gmon.sum differs: $(cmp -i 20 "$work/sg/gmon.sum" "$work/st/gmon.sum" 2>&1 | head -1)"
	else
		tg_pass "$label"
	fi
	if grep -qxF "FAIL: $label" "$work/result"; then
		echo "    (so the reports on gmon.sum were not compared)"
		return
	fi
	printf '%s\n' "-b" "-b -q -z" | while IFS= read -r set; do
		g=$work/sg/rep t=$work/st/rep
		(cd "$dir" && $GPROF $set exe "$work/sg/gmon.sum" > "$g" 2>&1)
		(cd "$dir" && $GPROF $set exe "$work/st/gmon.sum" > "$t" 2>&1)
		if cmp -s "$g" "$t"; then
			tg_pass "$label $set [gprof on both sums]"
		else
			tg_fail "$label $set [gprof on both sums]" "$(diff "$g" "$t" | head -8)"
		fi
		(cd "$dir" && $TGPROF --text $set exe "$work/st/gmon.sum" > "$t" 2>&1)
		if cmp -s "$g" "$t"; then
			tg_pass "$label $set [tgprof on its sum]"
		else
			tg_fail "$label $set [tgprof on its sum]" "$(diff "$g" "$t" | head -8)"
		fi
	done
}

if want "-s"; then
	if [ -f "$dir/gmon.2" ]; then
		sum_check gmon.out gmon.2
	else
		sum_check gmon.out
	fi
	sum_check gmon.bsd44
	sum_check gmon.out gmon.out
fi
