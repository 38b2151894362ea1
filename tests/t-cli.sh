#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Command line: default file names, --help, --version, bad options, the
# choice of text mode when stdout is not a terminal, GNU argument forms.
#   TGPROF=./tgprof GPROF=/usr/bin/gprof TOP=$PWD sh tests/t-cli.sh
. "$(dirname "$0")/lib.sh"
tg_need "$GPROF" "$TGPROF" timeout cmp
tg_build_corpus
W=$TG_OUT/t-cli.$$
rm -rf "$W"
mkdir -p "$W"
cd "$W" || exit 1
tg_snapshot "$W"
src=$TG_CORPUS/mutual-o2
cp "$src/exe" a.out
cp "$src/gmon.out" gmon.out
cp "$src/exe" prog

# same NAME TGPROF-ARGS :: GPROF-ARGS: same stdout and status as gprof.
same() {
	n=$1
	shift
	targs=
	while [ "$1" != :: ]; do targs="$targs $1"; shift; done
	shift
	gs=$(tg_run g.out g.err "$GPROF" "$@")
	ts=$(tg_run t.out t.err "$TGPROF" $targs)
	if [ "$gs" != "$ts" ]; then
		tg_fail "$n" "exit status: gprof $gs, tgprof $ts" "$(head -3 t.err)"
	elif ! cmp -s g.out t.out; then
		tg_fail "$n" "$(diff g.out t.out | head -10)"
	else
		tg_pass "$n"
	fi
}

same "defaults a.out and gmon.out" --text -b :: -b
same "default gmon.out" --text -b prog :: -b prog
same "defaults, flat profile only" --text -b -p :: -b -p
same "options after the file names" --text prog gmon.out -b -q :: prog gmon.out -b -q
printf '%s\n' -b -q > opts.rsp
same "@FILE response file" --text @opts.rsp prog gmon.out :: @opts.rsp prog gmon.out
same "-w 0" --text -b -w 0 prog gmon.out :: -b -w 0 prog gmon.out
same "-w -5" --text -b -w -5 prog gmon.out :: -b -w -5 prog gmon.out
same "-w abc (not a number)" --text -b -w abc prog gmon.out :: -b -w abc prog gmon.out
same "--width=7x" --text -b --width=7x prog gmon.out :: -b --width=7x prog gmon.out
same "-- ends the options" --text -b -- prog gmon.out :: -b -- prog gmon.out

# Text mode is chosen when stdout is not a terminal (a pipe, a file).
gs=$(tg_run g.out g.err "$GPROF" -b prog gmon.out)
ts=$(tg_run t.out t.err "$TGPROF" -b prog gmon.out)
if [ "$ts" = "$gs" ] && cmp -s g.out t.out; then
	tg_pass "text mode without --text when stdout is a file"
else
	tg_fail "text mode without --text when stdout is a file" \
		"exit status $ts (gprof $gs)" "$(diff g.out t.out | head -5)"
fi
"$TGPROF" -b -q prog gmon.out < /dev/null 2> t.err | cat > t.out
"$GPROF" -b -q prog gmon.out > g.out 2> /dev/null
if cmp -s g.out t.out; then
	tg_pass "text mode without --text when stdout is a pipe"
else
	tg_fail "text mode without --text when stdout is a pipe" \
		"$(diff g.out t.out | head -5)" "$(head -3 t.err)"
fi

# Missing default files: the error contract of t-badinput.
mkdir -p empty
(cd empty && tg_run ../t.out ../t.err "$TGPROF" --text -b) > st
if [ "$(cat st)" = 1 ] && [ ! -s t.out ] && [ "$(wc -l < t.err)" = 1 ] &&
   grep -q 'a\.out' t.err; then
	tg_pass "no a.out in the current directory"
else
	tg_fail "no a.out in the current directory" "exit status $(cat st)" "$(head -3 t.err)"
fi
mkdir -p nogmon
cp prog nogmon/a.out
(cd nogmon && tg_run ../t.out ../t.err "$TGPROF" --text -b) > st
if [ "$(cat st)" = 1 ] && [ ! -s t.out ] && [ "$(wc -l < t.err)" = 1 ] &&
   grep -q 'gmon\.out' t.err; then
	tg_pass "no gmon.out in the current directory"
else
	tg_fail "no gmon.out in the current directory" "exit status $(cat st)" "$(head -3 t.err)"
fi

# --help: usage on stdout, status 0, and tgprof's own mode options named.
st=$(tg_run t.out t.err "$TGPROF" --help)
if [ "$st" = 0 ] && grep -qi usage t.out && grep -q -- '--text' t.out && [ ! -s t.err ]; then
	tg_pass "--help"
else
	tg_fail "--help" "exit status $st, want 0 with a usage naming --text on stdout" \
		"$(head -3 t.out)" "$(head -3 t.err)"
fi
# Every long option GNU's usage lists must be in ours too.
"$GPROF" --help 2>/dev/null | grep -o -- '--\[no-\][a-z-]*\|--[a-z][a-z-]*' |
	sed 's/\[no-\]//; s/^--//' | sort -u > gnu-long
missing=
while read -r o; do
	grep -q -- "$o" t.out || missing="$missing $o"
done < gnu-long
if [ -s gnu-long ] && [ -z "$missing" ]; then
	tg_pass "--help lists GNU's long options"
else
	tg_fail "--help lists GNU's long options" "missing:$missing"
fi

# --version and -v: status 0, a version line naming tgprof on stdout.
for v in --version -v; do
	st=$(tg_run t.out t.err "$TGPROF" $v)
	if [ "$st" = 0 ] && head -1 t.out | grep -q tgprof && [ ! -s t.err ]; then
		tg_pass "$v"
	else
		tg_fail "$v" "exit status $st" "$(head -2 t.out)" "$(head -2 t.err)"
	fi
done

# Unknown options: GNU's exit status, nothing on stdout, a message that
# names the option on stderr.
for bad in --frobnicate -Y; do
	gs=$(tg_run g.out g.err "$GPROF" $bad prog gmon.out)
	ts=$(tg_run t.out t.err "$TGPROF" --text $bad prog gmon.out)
	what=${bad#-}
	what=${what#-}
	if [ "$ts" = "$gs" ] && [ ! -s t.out ] && grep -q -- "$what" t.err; then
		tg_pass "unknown option $bad"
	else
		tg_fail "unknown option $bad" "exit status: gprof $gs, tgprof $ts" \
			"stdout $(wc -c < t.out) bytes" "$(head -2 t.err)"
	fi
done
# A required argument missing.
gs=$(tg_run g.out g.err "$GPROF" prog gmon.out -k)
ts=$(tg_run t.out t.err "$TGPROF" --text prog gmon.out -k)
if [ "$ts" = "$gs" ] && [ ! -s t.out ] && [ -s t.err ]; then
	tg_pass "missing argument of -k"
else
	tg_fail "missing argument of -k" "exit status: gprof $gs, tgprof $ts" "$(head -2 t.err)"
fi
# Every prefix of every GNU long option (names from gprof's own usage,
# --[no-]X giving X and no-X) does what it does in gprof: the same exit
# status and report (for --help and --version: a usage or a version line
# of ours; --debug: the status); tgprof's own long options never make a GNU prefix ambiguous.
"$GPROF" --help 2>/dev/null | grep -o -- '--\[no-\][a-z-]*\|--[a-z][a-z-]*' |
	sed 's/^--//; s/^\[no-\]\(.*\)/\1\nno-\1/' | sort -u > gnu-all
# an argument that suits the option, for those that need one
optarg() {
	case $1 in
	time|no-time) echo "=pong" ;;
	min-count) echo "=1" ;;
	table-length) echo "=5" ;;
	width) echo "=100" ;;
	file-format) echo "=auto" ;;
	directory-path) echo "=." ;;
	file-ordering) echo "=no-such.map" ;;
	external-symbol-table) echo "=no-such.nm" ;;
	esac
}
nprefix=0
bad=
while read -r o; do
	i=1
	while [ $i -le ${#o} ]; do
		p=$(printf '%s' "$o" | cut -c1-$i)
		i=$((i + 1))
		a="--$p$(optarg "$o")"
		gs=$(tg_run g.out g.err "$GPROF" -b "$a" prog gmon.out)
		ts=$(tg_run t.out t.err "$TGPROF" --text -b "$a" prog gmon.out)
		nprefix=$((nprefix + 1))
		if head -1 g.out | grep -q '^Usage:'; then
			head -1 t.out | grep -q '^Usage:' && [ "$gs" = "$ts" ] && continue
		elif [ "$o" = debug ] && [ "$gs" = 0 ]; then
			# GNU's debugging dump is not emulated (-d has no effect)
			[ "$ts" = 0 ] && continue
		elif head -1 g.out | grep -q '^GNU gprof'; then
			head -1 t.out | grep -q '^tgprof ' && [ "$gs" = "$ts" ] && continue
		elif [ "$gs" = "$ts" ] && cmp -s g.out t.out; then
			if [ "$gs" != 0 ] && grep -q ambiguous g.err; then
				grep -q ambiguous t.err && continue
			elif [ "$gs" != 0 ] && grep -q ambiguous t.err; then
				: # ambiguous for us only
			else
				continue
			fi
		fi
		bad="$bad $a(gprof $gs, tgprof $ts: $(head -1 t.err))"
	done
done < gnu-all
if [ $nprefix -gt 200 ] && [ -z "$bad" ]; then
	tg_pass "every prefix of GNU's $(wc -l < gnu-all) long options acts as in gprof ($nprefix prefixes)"
else
	tg_fail "every prefix of GNU's long options acts as in gprof ($nprefix prefixes)" "$bad"
fi
for p in br h he hel; do
	st=$(tg_run t.out t.err "$TGPROF" --text --$p prog gmon.out)
	case $p in br) want='Flat profile' ;; *) want='^Usage:' ;; esac
	if [ "$st" = 0 ] && grep -q "$want" t.out; then
		tg_pass "--$p is GNU's --$( [ $p = br ] && echo brief || echo help)"
	else
		tg_fail "--$p is GNU's option" "exit status $st: $(head -2 t.err)"
	fi
done
# tgprof's own still work by their unambiguous prefixes
st=$(tg_run t.out t.err "$TGPROF" --form=json --outp=o.json prog gmon.out)
if [ "$st" = 0 ] && grep -q '"format_version"' o.json; then
	tg_pass "--form and --outp abbreviate --format and --output"
else
	tg_fail "--form and --outp abbreviate --format and --output" "exit status $st: $(head -2 t.err)"
fi

# On a terminal, the options that only print a report (-A, -C, -i, -r,
# -R, -s) print it as gprof does instead of opening the browser.
if command -v script > /dev/null 2>&1; then
	# a map with one object file per function
	nm --extern-only --defined-only -v --print-file-name prog 2>/dev/null |
		awk '/ T /{print "f" NR ".o:" substr($0, index($0, ":") + 1)}' > prog.map
	for o in -r -A -C -i "-R prog.map"; do
		"$GPROF" $o prog gmon.out > g.tty 2>&1
		TERM=xterm timeout 20 script -qec "$TGPROF $o prog gmon.out" /dev/null < /dev/null 2>&1 |
			tr -d '\r' > t.tty
		if cmp -s g.tty t.tty; then
			tg_pass "$o on a terminal prints gprof's report"
		else
			tg_fail "$o on a terminal prints gprof's report" "$(diff g.tty t.tty | head -5 | cat -v)"
		fi
	done
	rm -f gmon.sum
	TERM=xterm timeout 20 script -qec "$TGPROF -s prog gmon.out" /dev/null < /dev/null > t.tty 2>&1
	st=$?
	if [ $st = 0 ] && [ -s gmon.sum ] && [ ! -s t.tty ]; then
		tg_pass "-s on a terminal writes gmon.sum and prints nothing"
	else
		tg_fail "-s on a terminal writes gmon.sum and prints nothing" "status $st: $(head -3 t.tty | cat -v)"
	fi
else
	tg_fail "-A/-r/... on a terminal" "script(1) is missing: apt-get install bsdutils"
fi

# Scratch files stay only when something failed.
[ "$tg_nfail" -eq 0 ] && cd "$TG_OUT" && rm -rf "$W"
tg_finish
