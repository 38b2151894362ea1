#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# --asm=FUNC, the annotated machine code, on tests/lines/hdr (a C++
# program whose time is in a header's templates and inline functions),
# built here with g++ -gdwarf-4 -pg at -O2 and at -O0 (with GCC's default
# DWARF 5, libbfd 2.40 names a header's own code after main.cc; tgprof(1)
# says so):
#   instructions  every address and instruction of the function as
#            objdump -d prints it (AT&T, and Intel with --asm-syntax=intel;
#            symbol names inside <> set aside), calls named as objdump
#            names them;
#   samples  the instructions' samples add up to the function's self time
#            in GNU gprof's flat profile and to the header's figure; each
#            line's figure is the sum of its instructions';
#   lines    each source line's samples equal GNU gprof -l's for that line
#            number of the function (GNU names the line numbers right but,
#            through libbfd 2.40, the file wrong: main.cc for hot.h);
#            the templates are shown in hot.h, at line 15 and with its text;
#   calls    the call counts of main's lines are the call graph's;
#   browser  the source view of a header's template opens the header at
#            its hottest line, the file in the title (cut from the left
#            on a narrow screen);
#   dwarf 5  tests/lines/dw5 built with GCC's default DWARF 5 at -O2 and
#            -O0, where libbfd 2.40 names a header's own code after the
#            .cc file: every instruction of a header's template, inline
#            member and template calling a lambda of the .cc, of a member
#            defined in the .cc and of main names the file and line that
#            readelf's decoding of the line table names;
#   damage   a line table or code damaged at random: status 0 or 1, no
#            crash, no sanitizer report;
#   errors   an unknown function, an unknown syntax and an executable of
#            an architecture libopcodes was not built for: one message
#            naming it, exit status 1.
. "$(dirname "$0")/lib.sh"

tg_need "$GPROF" g++ objdump objcopy strip readelf addr2line nm python3 aarch64-linux-gnu-gcc qemu-aarch64
tg_need_pkg libc6-dev-arm64-cross

W=$TG_OUT/t-asm.$$
rm -rf "$W"
mkdir -p "$W"
trap '[ "$tg_nfail" = 0 ] && rm -rf "$W"' EXIT

# build OPT: exe-OPT and its profile; reruns until it has samples
build() {
	d=$W/$1
	mkdir -p "$d"
	(cd "$d" && g++ "-$1" -gdwarf-4 -pg -o exe "$TOP/tests/lines/hdr/main.cc") || return 1
	for try in 1 2 3; do
		(cd "$d" && ./exe > /dev/null) || return 1
		[ "$(wc -c < "$d/gmon.out")" -gt 1000 ] && return 0
	done
}
for opt in O2 O0; do
	if build $opt; then
		tg_pass "build tests/lines/hdr at -$opt"
	else
		tg_fail "build tests/lines/hdr at -$opt"
	fi
done

# check.py MODE ASMFILE OTHER...: one checker per mode, prints what is wrong
cat > "$W/check.py" << 'EOF'
import re, sys

def parse(path):
    """The --asm output: the header, the line rows and instruction rows."""
    head, rows = [], []
    for ln in open(path, encoding="utf-8", errors="replace"):
        ln = ln.rstrip("\n")
        if ln == "Hottest lines:":
            break
        if len(ln) < 34 or not re.match(r"^ *[0-9.]* +[0-9.]* +[0-9.]* +[0-9]* {2}\S", ln[:36]):
            head.append(ln)
            continue
        nums, rest = ln[:33], ln[33:]
        f = nums.split()
        m = re.match(r"^ {2}( *)([0-9a-f]+):  (.*)$", rest)
        if m and len(m.group(1)) > 0:
            rows.append(("insn", float(f[0]), int(f[3]) if len(f) > 3 else 0,
                         int(m.group(2), 16), m.group(3)))
            continue
        m = re.match(r"^  (?:([^ :]+):)?(\d+):", rest)
        if m:
            rows.append(("line", float(f[0]) if f else None,
                         int(f[3]) if len(f) > 3 else 0,
                         (m.group(1), int(m.group(2))), rest))
        else:
            rows.append(("other", rest))
    return head, rows

def norm(t):
    t = re.sub(r" <[^>]*>", "", t)
    return re.sub(r"\s+", " ", t).strip()

def objdump(path, start, end):
    out = {}
    for ln in open(path):
        m = re.match(r"^ +([0-9a-f]+):\t(.*)$", ln.rstrip("\n"))
        if m:
            a = int(m.group(1), 16)
            if start <= a < end:
                out[a] = m.group(2)
    return out

mode = sys.argv[1]
head, rows = parse(sys.argv[2])
insns = [r for r in rows if r[0] == "insn"]
bad = []
if not insns:
    print("no instruction rows"); sys.exit(0)
if mode == "objdump":
    ob = objdump(sys.argv[3], insns[0][3], insns[-1][3] + 1)
    if sorted(ob) != [r[3] for r in insns]:
        bad.append("addresses differ: objdump %d, --asm %d" % (len(ob), len(insns)))
    for r in insns:
        o = ob.get(r[3])
        if o is None:
            continue
        if norm(o) != norm(r[4]):
            bad.append("%x: objdump '%s', --asm '%s'" % (r[3], o, r[4]))
        mo = re.search(r"call\s+[0-9a-f]+ <([^>]*)>", o)
        mt = re.search(r"call\s+[0-9a-f]+ <([^>]*)>", r[4])
        if mo and (not mt or mt.group(1) != mo.group(1)):
            bad.append("%x: the call is named '%s', objdump '%s'" %
                       (r[3], mt.group(1) if mt else "", mo.group(1)))
elif mode == "sums":
    # sys.argv[3]: GNU's self seconds of the function; the rate is 100 Hz
    gnu = float(sys.argv[3]) * 100
    total = sum(r[1] for r in insns)
    if abs(total - gnu) > 0.5 + 0.005 * len(insns):
        bad.append("instructions add up to %.2f samples, GNU's flat profile %.2f" % (total, gnu))
    m = re.match(r"^([0-9.]+) samples of", head[1])
    if not m or abs(float(m.group(1)) - total) > 0.005 * len(insns) + 0.01:
        bad.append("header '%s', instructions %.2f" % (head[1], total))
    # each line's figure (at its first appearance) is its instructions' sum
    want, got, cur = {}, {}, None
    for r in rows:
        if r[0] == "line":
            cur = r[3]
            if r[1] is not None and r[1] != "" and cur not in got:
                got[cur] = r[1]
        elif r[0] == "insn" and cur:
            want[cur] = want.get(cur, 0) + r[1]
    for k in want:
        if abs(want[k] - got.get(k, -1)) > 0.005 * len(insns) + 0.01:
            bad.append("line %s: %.2f shown, its instructions %.2f" % (k, got.get(k, -1), want[k]))
elif mode == "gnulines":
    # sys.argv[3]: gprof -b -l output; sys.argv[4]: the function's name
    name = sys.argv[4]
    gnu = {}
    for ln in open(sys.argv[3]):
        m = re.match(r"^ *[0-9.]+ +[0-9.]+ +([0-9.]+) .*?  (.*) \(([^:]*):(\d+) @ [0-9a-f]+\)$", ln.rstrip())
        if m and m.group(2).strip() == name:
            gnu[int(m.group(4))] = gnu.get(int(m.group(4)), 0) + float(m.group(1)) * 100
        if ln.startswith("\t\t\tCall graph"):
            break
    ours, seen = {}, set()
    for r in rows:
        if r[0] == "line" and r[3] not in seen and r[1] is not None:
            seen.add(r[3])
            ours[r[3][1]] = ours.get(r[3][1], 0) + r[1]
    for ln in set(gnu) | set(ours):
        if abs(gnu.get(ln, 0) - ours.get(ln, 0)) > 1.01:
            bad.append("line %d: --asm %.2f samples, gprof -l %.2f" %
                       (ln, ours.get(ln, 0), gnu.get(ln, 0)))
    if not gnu:
        bad.append("gprof -l names no line of " + name)
elif mode == "calls":
    # sys.argv[3]: the calls each callee gets from main, "callee count"
    want = {}
    for ln in open(sys.argv[3]):
        callee, count = ln.rsplit(" ", 1)
        want[callee] = int(count)
    got = {}
    for r in insns:
        m = re.search(r"call\s+[0-9a-f]+ <(.*)>$", r[4])
        if m and r[2]:
            got[m.group(1)] = got.get(m.group(1), 0) + r[2]
    if got != want:
        bad.append("calls per callee %s, call graph %s" % (got, want))
elif mode == "decodedline":
    # sys.argv[3]: readelf -W --debug-dump=decodedline; every instruction
    # must name the file (last component) and line of the row in force at
    # its address: the last row listed at the greatest address at or
    # below it in its sequence
    seqs, cur = [], []
    for ln in open(sys.argv[3]):
        f = ln.split()
        if len(f) < 3 or not f[2].startswith("0x"):
            continue
        cur.append((int(f[2], 16), f[0], 0 if f[1] == "-" else int(f[1])))
        if f[1] == "-":
            seqs.append(cur)
            cur = []
    m = re.search(r"\(([^()]*):\d+\)$", head[0])
    file0 = m.group(1).rsplit("/", 1)[-1] if m else "?"
    # (the padding after a function's last sequence, which no row
    # covers, is left out: libbfd names its last line there)
    where, n, tail = None, 0, False
    for r in rows:
        if r[0] == "line":
            where = (r[3][0] or file0, r[3][1])
        elif r[0] == "insn":
            a, want = r[3], None
            for sq in seqs:
                if sq[0][0] <= a < sq[-1][0]:
                    for row in sq:
                        if row[0] <= a and row[2]:
                            want = (row[1], row[2])
            if want is None and n > 0 and not re.match(r"^(nop|xchg +%ax,%ax|cs nop|data16)", r[4]):
                bad.append("%x: no row covers '%s'" % (a, r[4]))
            if want is None and n > 0:
                tail = True
                continue
            if tail:
                bad.append("%x: after the padding" % a)
            n += 1
            if want != where:
                bad.append("%x: --asm %s:%s, readelf %s:%s" % (a, where[0] if where else "-",
                           where[1] if where else 0, want[0] if want else "-",
                           want[1] if want else 0))
    if n == 0:
        bad.append("no instructions")
for b in bad[:8]:
    print(b)
EOF

# asm_case LABEL OPT FUNC GNUNAME: the checks of one function
asm_case() {
	label=$1 d=$W/$2 func=$3 gname=$4
	st=$(tg_run "$d/asm.$label" "$d/err" "$TGPROF" --asm="$func" -I "$TOP/tests/lines/hdr" \
		"$d/exe" "$d/gmon.out")
	if [ "$st" != 0 ]; then
		tg_fail "$label: exit status $st" "$(cat "$d/err")"
		return
	fi
	objdump -d -C --no-show-raw-insn "$d/exe" > "$d/objdump"
	r=$(python3 "$W/check.py" objdump "$d/asm.$label" "$d/objdump")
	[ -z "$r" ] && tg_pass "$label: instructions as objdump -d" ||
		tg_fail "$label: instructions as objdump -d" "$r"
	tg_run "$d/asm.$label.intel" "$d/err" "$TGPROF" --asm="$func" --asm-syntax=intel \
		"$d/exe" "$d/gmon.out" > /dev/null
	objdump -d -C -M intel --no-show-raw-insn "$d/exe" > "$d/objdump.intel"
	r=$(python3 "$W/check.py" objdump "$d/asm.$label.intel" "$d/objdump.intel")
	[ -z "$r" ] && tg_pass "$label: Intel syntax as objdump -M intel" ||
		tg_fail "$label: Intel syntax as objdump -M intel" "$r"
	self=$("$GPROF" -b -p "$d/exe" "$d/gmon.out" |
		awk -v n="$gname" '{ s = $0; sub(/^ *[0-9.]+ +[0-9.]+ +[0-9.]+ +([0-9]+ +[0-9.]+ +[0-9.]+ +)?/, "", s) }
			s == n { print $3; exit }')
	r=$(python3 "$W/check.py" sums "$d/asm.$label" "${self:-0}")
	[ -z "$r" ] && tg_pass "$label: samples add up to the flat profile's ($self s)" ||
		tg_fail "$label: samples add up to the flat profile's ($self s)" "$r"
}

asm_case churn-O2 O2 'churn<double>' 'double churn<double>(double, long)'
asm_case add-O2 O2 'Acc<double>::add' 'Acc<double>::add(double)'
asm_case main-O2 O2 main main
asm_case churn-O0 O0 'double churn<double>(double, long)' 'double churn<double>(double, long)'
asm_case add-O0 O0 '_ZN3AccIdE3addEd' 'Acc<double>::add(double)'

# the header's code is named in the header, at its lines, with its text
a=$W/O2/asm.churn-O2
if head -1 "$a" | grep -q '^double churn<double>(double, long) (.*/hot\.h:15)$' &&
   grep -q '^ .*  15: template <typename T> __attribute__((noinline)) T churn' "$a" &&
   grep -q '^ .*  20: 		s /= (T)3;$' "$a" && ! grep -q 'main\.cc' "$a"; then
	tg_pass "churn<double> at -O2 is shown in hot.h with its lines"
else
	tg_fail "churn<double> at -O2 is shown in hot.h with its lines" "$(head -8 "$a")"
fi
a=$W/O2/asm.main-O2
if grep -q '^ .*  hot\.h:7: \[inlined Acc<double>::Acc()\] 	Acc() : sum(0) {}$' "$a" &&
   grep -q '^ .*  hot\.h:27: \[inlined mix\] 	return (a \* 31) ^ (b >> 3);$' "$a" &&
   grep -q '^ .*  16: 	double r' "$a"; then
	tg_pass "main's inlined header code is named hot.h:LINE and its function among main.cc's lines"
else
	tg_fail "main's inlined header code is named hot.h:LINE and its function among main.cc's lines" "$(head -30 "$a")"
fi

# the browser's source view: the header, opened at the hottest line; the
# title names the file, cut from the left on a narrow screen
printf ':goto double churn<double>(double, long)\ns\n:save-display %s\n:q\n' "$W/src.scr" > "$W/src.keys"
for cols in 120 50; do
	rm -f "$W/src.scr"
	(cd "$W/O2" && XDG_STATE_HOME=$W/state XDG_CONFIG_HOME=$W/config HOME=$W LINES=30 \
		COLUMNS=$cols TGPROF_SCRIPT=$W/src.keys timeout 20 "$TGPROF" --tui ./exe gmon.out \
		< /dev/null > /dev/null 2> "$W/src.err")
	case $cols in
	120) title='^ *samples +%func +%total +calls +line  (/|\.\.\.).*/hot\.h:15  double churn<double>\(double, long\)' ;;
	*) title='^ *samples +%func +%total +calls +line  \.\.\./hot\.h:15' ;;
	esac
	if [ -f "$W/src.scr" ] && grep -Eq "$title" "$W/src.scr" &&
	   grep -Eq '^> +[0-9]+ +[0-9.]+ +[0-9.]+ +20  +s /= \(T\)3;$' "$W/src.scr"; then
		tg_pass "source view, $cols columns: churn<double> in hot.h, at its hottest line"
	else
		tg_fail "source view, $cols columns: churn<double> in hot.h, at its hottest line" \
			"$(head -24 "$W/src.scr" 2>/dev/null)" "$(cat "$W/src.err")"
	fi
done

# a shows the machine code under the lines (the hot division under line
# 20, with its samples), Tab from the top moves to the first row with
# samples, Tab and BackTab come back to it; a again hides the code
printf ':goto double churn<double>(double, long)\ns\na\n:save-display %s\n<Home>\n<Tab>\n:save-display %s\n<Tab>\n<BackTab>\n:save-display %s\na\n:save-display %s\n:q\n' \
	"$W/k1.scr" "$W/k2.scr" "$W/k3.scr" "$W/k4.scr" > "$W/k.keys"
(cd "$W/O2" && XDG_STATE_HOME=$W/state XDG_CONFIG_HOME=$W/config HOME=$W LINES=60 \
	COLUMNS=120 TGPROF_SCRIPT=$W/k.keys timeout 20 "$TGPROF" --tui ./exe gmon.out \
	< /dev/null > /dev/null 2> "$W/k.err")
div=$(awk '$NF == "%xmm3,%xmm0" && $(NF-1) == "divsd" { print $1 }' "$W/O2/asm.churn-O2")
if grep -Eq '^> +[0-9]+ +[0-9.]+ +[0-9.]+ +20  +s /= \(T\)3;$' "$W/k1.scr" &&
   grep -Eq "^  +$(printf '%.1f' "${div:-0}") +[0-9.]+ +[0-9.]+ +[0-9a-f]+:  divsd +%xmm3,%xmm0\$" "$W/k1.scr" &&
   [ "$(awk 'NR > 2 && substr($0, 3, 8) ~ /[0-9]/ { print NR; exit }' "$W/k2.scr")" = \
     "$(awk '/^>/ { print NR }' "$W/k2.scr")" ] &&
   [ "$(grep '^>' "$W/k2.scr")" = "$(grep '^>' "$W/k3.scr")" ] &&
   ! grep -q 'divsd' "$W/k4.scr" && grep -q 's /= (T)3;' "$W/k4.scr"; then
	tg_pass "source view: a shows the machine code with samples, Tab and BackTab move between hot rows"
else
	tg_fail "source view: a shows the machine code with samples, Tab and BackTab move between hot rows" \
		"divsd: ${div:-?} samples in --asm" "$(grep -E '^>|divsd' "$W"/k[1-4].scr)" "$(cat "$W/k.err")"
fi

# Enter on a call instruction opens its target's source; Back returns to
# the call
printf ':goto main\ns\na\n/call.*churn.long\n<Enter>\n:save-display %s\n<BS>\n:save-display %s\n:q\n' \
	"$W/e1.scr" "$W/e2.scr" > "$W/e.keys"
(cd "$W/O2" && XDG_STATE_HOME=$W/state XDG_CONFIG_HOME=$W/config HOME=$W LINES=30 \
	COLUMNS=120 TGPROF_SCRIPT=$W/e.keys timeout 20 "$TGPROF" --tui ./exe gmon.out \
	< /dev/null > /dev/null 2> "$W/e.err")
if grep -Eq '^ *samples +%func +%total +calls +line  (/|\.\.\.).*/hot\.h:15  long churn<long>\(long, long\)$' "$W/e1.scr" &&
   grep -Eq '^ *samples +%func +%total +calls +line  (/|\.\.\.).*/main\.cc:[0-9]+  main$' "$W/e2.scr" &&
   grep -Eq '^> .* call +[0-9a-f]+ <long churn<long>\(long, long\)>$' "$W/e2.scr"; then
	tg_pass "source view: Enter on a call opens its target, Back returns to the call"
else
	tg_fail "source view: Enter on a call opens its target, Back returns to the call" \
		"$(head -3 "$W/e1.scr" "$W/e2.scr" 2>&1)" "$(grep '^>' "$W/e2.scr")" "$(cat "$W/e.err")"
fi

# each line's samples as gprof -l gives them (at -O0: GNU's -l reads it)
"$GPROF" -b -l "$W/O0/exe" "$W/O0/gmon.out" > "$W/O0/gnu-l" 2> "$W/O0/gnu-l.err"
for f in 'churn-O0:double churn<double>(double, long)' 'add-O0:Acc<double>::add(double)'; do
	r=$(python3 "$W/check.py" gnulines "$W/O0/asm.${f%%:*}" "$W/O0/gnu-l" "${f#*:}")
	[ -z "$r" ] && tg_pass "${f%%:*}: each line's samples as gprof -l's" ||
		tg_fail "${f%%:*}: each line's samples as gprof -l's" "$r" "$(cat "$W/O0/gnu-l.err")"
done

# calls: main's call instructions carry the call graph's counts
"$GPROF" -b -q "$W/O2/exe" "$W/O2/gmon.out" |
	awk '/^\[[0-9]+\].* main \[/ { on = 1; next } on && /^-----/ { exit }
	     on { sub(/ \[[0-9]+\]$/, ""); n = $3; sub(/\/.*/, "", n);
		  s = $0; sub(/^ *[0-9.]+ +[0-9.]+ +[0-9]+\/[0-9]+ +/, "", s); print s, n }' \
	> "$W/O2/main-calls"
r=$(python3 "$W/check.py" calls "$W/O2/asm.main-O2" "$W/O2/main-calls")
[ -s "$W/O2/main-calls" ] && [ -z "$r" ] && tg_pass "main: calls per callee as the call graph's" ||
	tg_fail "main: calls per callee as the call graph's" "$r" "$(cat "$W/O2/main-calls")"

# GCC's default DWARF 5 (tests/lines/dw5), at -O2 and -O0: libbfd 2.40
# names the code of a header's function whose sequence never sets the
# file after work.cc, with work.h's line numbers (addr2line shows it);
# --asm names, for every instruction of a header's template, inline
# member and template calling a lambda of work.cc (inlined into it), of
# a member of a header's class defined in work.cc, and of main, the file
# and line readelf's decoding of the line table names
d5=$W/dw5
mkdir -p "$d5"
for opt in O2 O0; do
	d=$d5/$opt
	mkdir -p "$d"
	if ! (cd "$d" && g++ "-$opt" -g -pg -o exe "$TOP/tests/lines/dw5/work.cc" && ./exe > /dev/null) \
		> "$d/build.log" 2>&1; then
		tg_fail "dw5 -$opt: build and run" "$(cat "$d/build.log")"
		continue
	fi
	readelf -W --debug-dump=decodedline "$d/exe" > "$d/decodedline"
	v=$(readelf --debug-dump=info "$d/exe" | awk '/Version:/ { print $2; exit }')
	a=$(nm "$d/exe" | awk '$3 == "_Z5hworkIdET_i" { sub(/^0+/, "", $1); print $1 }')
	if [ "$v" = 5 ] && [ "$(addr2line -e "$d/exe" "0x$a" | sed 's,.*/,,')" = work.cc:5 ] &&
	   grep -q '^work\.h  *5  *0x0*'"$a"' ' "$d/decodedline"; then
		tg_pass "dw5 -$opt: DWARF 5, and libbfd names hwork<double>'s entry work.cc:5 (readelf: work.h)"
	else
		tg_fail "dw5 -$opt: DWARF 5, and libbfd names hwork<double>'s entry work.cc:5 (readelf: work.h)" \
			"version $v" "$(addr2line -e "$d/exe" "0x$a")"
	fi
	for f in 'hwork:hwork<double>' 'spin:Box::spin' 'run:K::run' 'main:main' \
		'apply:long apply<main::{lambda(int)#1}>(main::{lambda(int)#1}, int)' \
		'hsum:long hsum<long>(int)'; do
		st=$(tg_run "$d/asm.${f%%:*}" "$d/err" "$TGPROF" --asm="${f#*:}" \
			-I "$TOP/tests/lines/dw5" "$d/exe" "$d/gmon.out")
		r=$(python3 "$W/check.py" decodedline "$d/asm.${f%%:*}" "$d/decodedline")
		if [ "$st" = 0 ] && [ -z "$r" ]; then
			tg_pass "dw5 -$opt ${f%%:*}: every instruction's file and line as readelf's"
		else
			tg_fail "dw5 -$opt ${f%%:*}: every instruction's file and line as readelf's" \
				"exit status $st" "$r" "$(head -3 "$d/err")"
		fi
	done
	# the header's functions are shown in work.h, with its text; the
	# lambda inlined into apply stays in work.cc; K::run in work.cc
	if head -1 "$d/asm.hwork" | grep -q '^double hwork<double>(int) (.*/work\.h:5)$' &&
	   grep -q '^ .*  9: 		s += i \* 0\.5;$' "$d/asm.hwork" &&
	   head -1 "$d/asm.spin" | grep -q '^Box::spin(int) (.*/work\.h:15)$' &&
	   grep -q '^ .*  18: 			v = (v \* 7 + i) % 1000003;$' "$d/asm.spin" &&
	   head -1 "$d/asm.apply" | grep -q '^long apply<.* (.*/work\.h:23)$' &&
	   grep -q '^ .*  27: 		s += f(i);$' "$d/asm.apply" &&
	   head -1 "$d/asm.run" | grep -q '^K::run(int) (.*/work\.cc:9)$' &&
	   ! grep -q 'work\.h' "$d/asm.run"; then
		tg_pass "dw5 -$opt: the header's functions in work.h with its text, K::run in work.cc"
	else
		tg_fail "dw5 -$opt: the header's functions in work.h with its text, K::run in work.cc" \
			"$(head -1 "$d"/asm.*)"
	fi
	if [ "$opt" = O0 ] || grep -q '^ .*  work\.cc:24: \[inlined operator()\] 		t += (double)apply(\[m\]' "$d/asm.apply"; then
		tg_pass "dw5 -$opt: the lambda inlined into apply is named work.cc:24"
	else
		tg_fail "dw5 -$opt: the lambda inlined into apply is named work.cc:24" "$(cat "$d/asm.apply")"
	fi
done

# a shared library's function in a profile joined from libtgmon's files:
# its code from the library, its samples as GNU gprof gives them reading
# the library's own file; -l and -A say in one line that they leave the
# library out
LIBDIR=$TG_BUILD/${B:-build}/runtime
d=$W/so
mkdir -p "$d"
cat > "$d/codec.c" << 'EOF2'
void transform(long *v, long n)
{
	for (long i = 0; i < n; i++)
		v[i] = v[i] * 3 + 1;
}
void encode(long *v, long n, void (*progress)(long))
{
	for (long k = 0; k < 300; k++) {
		transform(v, n);
		progress(k);
	}
}
EOF2
cat > "$d/main.c" << 'EOF2'
#include <stdlib.h>
void encode(long *v, long n, void (*progress)(long));
static long done;
void progress(long k) { done = k; }
int main(void)
{
	long *v = calloc(1000000, sizeof *v);
	encode(v, 1000000, progress);
	return 0;
}
EOF2
if [ -f "$LIBDIR/libtgmon.so" ] && (cd "$d" &&
	$CC -pg -g -O1 -fPIC -shared -o libcodec.so codec.c &&
	$CC -pg -g -O1 -o main main.c -L. -lcodec -Wl,-rpath,'$ORIGIN' \
		-L"$LIBDIR" -ltgmon -Wl,-rpath,"$LIBDIR" && ./main) &&
   [ -f "$d/gmon.out.objects" ]; then
	st=$(tg_run "$d/asm" "$d/err" "$TGPROF" --asm=transform -I "$d" "$d/main" "$d/gmon.out")
	objdump -d -C --no-show-raw-insn "$d/libcodec.so" > "$d/objdump"
	r=$(python3 "$W/check.py" objdump "$d/asm" "$d/objdump")
	if [ "$st" = 0 ] && [ -z "$r" ] && head -1 "$d/asm" | grep -q '^transform in .*/libcodec\.so (.*/codec\.c:2)$' &&
	   grep -q '^ .*  4: 		v\[i\] = v\[i\] \* 3 + 1;$' "$d/asm"; then
		tg_pass "a library's function: its code and lines from the library"
	else
		tg_fail "a library's function: its code and lines from the library" "exit status $st" "$r" "$(head -12 "$d/asm" "$d/err")"
	fi
	self=$("$GPROF" -b -p "$d/libcodec.so" "$d/gmon.out.libcodec.so" | awk '$NF == "transform" { print $3 }')
	r=$(python3 "$W/check.py" sums "$d/asm" "${self:-0}")
	[ -n "$self" ] && [ -z "$r" ] && tg_pass "a library's function: samples as gprof reads the library's file ($self s)" ||
		tg_fail "a library's function: samples as gprof reads the library's file ($self s)" "$r"
	printf ':goto transform\ns\n:save-display %s\n:q\n' "$d/src.scr" > "$d/src.keys"
	(cd "$d" && XDG_STATE_HOME=$W/state XDG_CONFIG_HOME=$W/config HOME=$W LINES=20 \
		COLUMNS=100 TGPROF_SCRIPT=$d/src.keys timeout 20 "$TGPROF" --tui ./main gmon.out \
		< /dev/null > /dev/null 2> "$d/src.err")
	if [ -f "$d/src.scr" ] && grep -Eq '^ *samples +%func +%total +calls +line  (/|\.\.\.).*/so/codec\.c:2  transform$' "$d/src.scr" &&
	   grep -Eq '^> +[0-9]+ +[0-9.]+ +[0-9.]+ +4  +v\[i\] = v\[i\] \* 3 \+ 1;$' "$d/src.scr"; then
		tg_pass "source view of a library's function: its source, at its hottest line"
	else
		tg_fail "source view of a library's function: its source, at its hottest line" \
			"$(cat "$d/src.scr" "$d/src.err" 2>/dev/null)"
	fi
	# the library stripped of its debug information, kept in a separate
	# debug file found by build-id: the code from the library, the lines
	# from the debug file
	id=$(readelf -n "$d/libcodec.so" | awk '/Build ID/ { print $3 }')
	sub=$(echo "$id" | cut -c1-2) rest=$(echo "$id" | cut -c3-)
	mkdir -p "$d/dbg/.build-id/$sub"
	if [ -n "$id" ] && objcopy --only-keep-debug "$d/libcodec.so" "$d/dbg/.build-id/$sub/$rest.debug" &&
	   cp "$d/libcodec.so" "$d/libcodec.full" && strip --strip-debug "$d/libcodec.so"; then
		st=$(tg_run "$d/asm.dbg" "$d/err.dbg" "$TGPROF" --asm=transform \
			--debug-file-directory="$d/dbg" "$d/main" "$d/gmon.out")
		r=$(python3 "$W/check.py" objdump "$d/asm.dbg" "$d/objdump")
		if [ "$st" = 0 ] && [ -z "$r" ] &&
		   head -1 "$d/asm.dbg" | grep -q '^transform in .*/so/libcodec\.so (.*/codec\.c:2)$' &&
		   grep -q '^ .*  4: 		v\[i\] = v\[i\] \* 3 + 1;$' "$d/asm.dbg"; then
			tg_pass "a library with a separate debug file: code from it, lines from the debug file"
		else
			tg_fail "a library with a separate debug file: code from it, lines from the debug file" \
				"exit status $st" "$r" "$(head -8 "$d/asm.dbg" "$d/err.dbg")"
		fi
		cp "$d/libcodec.full" "$d/libcodec.so"
	else
		tg_fail "a library with a separate debug file: setup (build-id '$id')"
	fi
	for opt in -l -A; do
		"$TGPROF" --text -b $opt "$d/main" "$d/gmon.out" > /dev/null 2> "$d/err.l"
		if [ "$(wc -l < "$d/err.l")" = 1 ] &&
		   grep -q "^tgprof: .*/so/gmon.out.objects: $opt reports the program alone, as GNU gprof does; the shared objects' functions are left out (--asm=FUNC annotates them)$" "$d/err.l"; then
			tg_pass "$opt on a joined profile says the libraries are left out"
		else
			tg_fail "$opt on a joined profile says the libraries are left out" "$(cat "$d/err.l")"
		fi
	done
else
	tg_fail "build and run a program with a -pg library and libtgmon (make builds $LIBDIR)"
fi

# a damaged line table or damaged code (bytes changed at random, seeded):
# --asm and --static-call-graph=all end with status 0 or 1, never a crash
# or a sanitizer's report (make check-asan)
cat > "$W/damage.py" << 'EOF2'
import os, random, subprocess, sys
exe, prof, tg, work = sys.argv[1:5]
secs = subprocess.run(["readelf", "-S", "-W", exe], capture_output=True, text=True).stdout
data = open(exe, "rb").read()
random.seed(11)
damaged = 0
for sec in (".debug_line", ".debug_line_str", ".text"):
    rows = [l for l in secs.splitlines() if (sec + " ") in l]
    if not rows:
        continue  # .debug_line_str is DWARF 5's
    damaged += 1
    row = rows[0].split()
    i = row.index(sec)
    off, size = int(row[i + 3], 16), int(row[i + 4], 16)
    for it in range(12):
        d = bytearray(data)
        for k in range(random.randint(1, 30)):
            d[off + random.randrange(size)] = random.randrange(256)
        f = os.path.join(work, "damaged")
        open(f, "wb").write(d)
        for args in (["--asm=main"], ["--asm=churn<double>", "--asm-syntax=intel"],
                     ["--text", "-b", "-q", "--static-call-graph=all"]):
            r = subprocess.run([tg] + args + [f, prof], capture_output=True, timeout=60)
            e = r.stderr.decode("utf-8", "replace")
            if r.returncode not in (0, 1) or "Sanitizer" in e or "runtime error" in e:
                print("%s %d %s: status %d %s" % (sec, it, " ".join(args), r.returncode, e[:300]))
                sys.exit(0)
if damaged < 2:
    print("only %d sections to damage" % damaged)
EOF2
r=$(python3 "$W/damage.py" "$W/O2/exe" "$W/O2/gmon.out" "$TGPROF" "$W" 2>&1) ||
	r="damage.py failed: $r"
[ -z "$r" ] && tg_pass "damaged line tables and code: no crash" ||
	tg_fail "damaged line tables and code: no crash" "$r"

# errors: one message, exit status 1
err_case() {
	label=$1 want=$2
	shift 2
	st=$(tg_run "$W/out" "$W/err" "$@")
	if [ "$st" = 1 ] && [ "$(wc -l < "$W/err")" = 1 ] && grep -q -- "$want" "$W/err" &&
	   [ ! -s "$W/out" ]; then
		tg_pass "$label"
	else
		tg_fail "$label" "exit status $st" "$(cat "$W/err")"
	fi
}
err_case "an unknown function" "--asm: no function nosuch in .*/O2/exe" \
	"$TGPROF" --asm=nosuch "$W/O2/exe" "$W/O2/gmon.out"
err_case "an unknown syntax" "--asm-syntax: 'arm' is not att or intel" \
	"$TGPROF" --asm=main --asm-syntax=arm "$W/O2/exe" "$W/O2/gmon.out"
mkdir -p "$W/a64"
printf 'int f(int x) { return x * 3; }\nint main(void) { return f(1) - 3; }\n' > "$W/a64/m.c"
if (cd "$W/a64" && aarch64-linux-gnu-gcc -pg -g -O1 -o exe m.c &&
    qemu-aarch64 -L /usr/aarch64-linux-gnu ./exe) > "$W/a64/build.log" 2>&1; then
	err_case "aarch64: libopcodes has no disassembler for it" \
		"--asm: .*/a64/exe: libopcodes cannot disassemble architecture unknown" \
		"$TGPROF" --asm=main "$W/a64/exe" "$W/a64/gmon.out"
else
	tg_fail "build and run an aarch64 program" "$(tail -5 "$W/a64/build.log")"
fi
tg_finish
