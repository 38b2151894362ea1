#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Comparing two profiles (--baseline): core/compare.
#
# Generated profiles first: two builds of one small program whose
# functions moved (newfunc added in front, static oldname renamed
# newname, two static helper()s in different files), with gmon.out files
# written by tests/compare/mkgmon.c holding known sample counts and arcs.
# The expected changes, standard errors and significance marks are
# computed here from those counts with the rule of compare.h, in awk, and
# checked against the report's columns.  Then a real pair: tests/compare/
# pair.c run so that slow() takes twice as long and busy() is called ten
# times as often (both must show), and run twice unchanged (no call count
# differs; no more functions flagged than chance allows).
. "$(dirname "$0")/lib.sh"

tg_need "$CC" nm "$TGPROF"
W=$TG_OUT/t-compare.$$
rm -rf "$W"
mkdir -p "$W"
# kept when a case fails, for a look at the files
trap '[ "$tg_nfail" -eq 0 ] && rm -rf "$W"' EXIT
cd "$W" || exit 1

if ! $CC -O2 -o mkgmon "$TOP/tests/compare/mkgmon.c" 2> mkgmon.err; then
	tg_fail "setup: compile mkgmon" "$(cat mkgmon.err)"
	tg_finish
	exit 1
fi

# --- two builds ------------------------------------------------------
mkdir b1 b2
cat > b1/one.c << 'EOF'
void calc(int);
static int helper(int x) { return x * 3 + 1; }
static int oldname(int x) { return x - 7; }
int work(int x) { return helper(x) + oldname(x); }
int main(void) { calc(work(1)); return 0; }
EOF
cat > b1/two.c << 'EOF'
static int helper(int x) { return x ^ 0x55; }
void calc(int x) { volatile int y = helper(x); (void)y; }
EOF
cat > b2/one.c << 'EOF'
void calc(int);
int newfunc(int x) { int s = 0; while (x-- > 0) s += x * x; return s; }
static int helper(int x) { return x * 3 + 1; }
static int newname(int x) { return x - 7; }
int work(int x) { return helper(x) + newname(x) + newfunc(x); }
int main(void) { calc(work(1)); return 0; }
EOF
cp b1/two.c b2/two.c
for b in b1 b2; do
	if ! (cd $b && $CC -O0 -g -o prog one.c two.c && $CC -O0 -o prog-nog one.c two.c) 2> $b.err; then
		tg_fail "setup: compile $b" "$(cat $b.err)"
		tg_finish
		exit 1
	fi
	nm -l --defined-only $b/prog > $b/nm
done

# addr BUILD NAME [FILE]: the address of NAME (in FILE) in BUILD's program.
addr() {
	awk -v n="$2" -v f="$3" '$3 == n && (f == "" || index($4, "/" f ":")) {
		print "0x" $1; exit }' "$1/nm"
}
# range BUILD: "LOW HIGH" covering the program's own functions.
range() {
	set -- $(awk '$2 ~ /^[Tt]$/ && $4 ~ /(one|two)\.c:/ { print $1 }' "$1/nm" | sort)
	eval "hi=\${$#}"
	printf '0x%x 0x%x\n' $((0x$1 & ~15)) $(((0x$hi + 256) & ~15))
}

# Known counts: samples per function, calls per arc, for each build.
# spec BUILD RATE "FUNC[@FILE]=SAMPLES ..." "CALLER>CALLEE[@FILE]=COUNT ...": a
# mkgmon spec (samples and call sites 4 bytes into the function, so that
# whole histogram bins fall inside it).
spec() {
	b=$1
	echo "hist $(range $b) $2"
	for s in $3; do
		f=${s%=*} n=${s#*=}
		fa=$(addr $b ${f%@*} $(echo "$f" | sed -n 's/.*@//p'))
		echo "sample $(printf '0x%x' $((fa + 4))) $n"
	done
	for a in $4; do
		e=${a%=*} n=${a#*=}
		from=${e%>*} to=${e#*>}
		fa=$(addr $b $from)
		echo "arc $(printf '0x%x' $((fa + 4))) $(addr $b ${to%@*} $(echo "$to" | sed -n 's/.*@//p')) $n"
	done
}
S1="work=100 calc=50 helper@one.c=30 helper@two.c=10 oldname=20"
S2="work=100 calc=100 helper@one.c=45 helper@two.c=40 newname=20 newfunc=5"
A1="main>work=10 main>calc=5 work>helper@one.c=100 calc>helper@two.c=7 work>oldname=3"
A2="main>work=10 main>calc=5 work>helper@one.c=200 calc>helper@two.c=7 work>newname=3 work>newfunc=1"
spec b1 100 "$S1" "$A1" > b1.spec && ./mkgmon b1/gmon.out < b1.spec &&
spec b2 100 "$S2" "$A2" > b2.spec && ./mkgmon b2/gmon.out < b2.spec &&
spec b2 1000 "work=1000 calc=1000 helper@one.c=450 helper@two.c=400 newname=200 newfunc=50" \
	"$A2" > b2k.spec && ./mkgmon b2/gmon.1000 < b2k.spec ||
	{ tg_fail "setup: write the profiles" "$(cat b1.spec b2.spec)"; tg_finish; exit 1; }

# The builds really differ in addresses (or matching by name is untested).
if [ "$(addr b1 work)" != "$(addr b2 work)" ] &&
   [ "$(addr b1 helper two.c)" != "$(addr b2 helper two.c)" ]; then
	tg_pass "builds: functions moved"
else
	tg_fail "builds: functions moved" "work at $(addr b1 work) and $(addr b2 work)"
fi

# rows REPORT: the function table as "NAME|F1 F2 ... |MARK" lines, the mark
# column (39) taken out so the fields split the same way on every line.
rows() {
	awk '/^Functions:/ { t = 1; next }
	     t && /^ *before/ { in_t = 1; next }
	     in_t && /^$/ { exit }
	     in_t {
		mark = substr($0, 39, 1)
		line = substr($0, 1, 38) " " substr($0, 40)
		n = split(line, f, " ")
		name = f[10]
		for (i = 11; i <= n; i++) name = name " " f[i]
		printf "%s|%s %s %s %s %s %s %s %s %s|%s\n", name, f[1], f[2], f[3], f[4],
			f[5], f[6], f[7], f[8], f[9], mark == "*" ? "*" : "" }' "$1"
}

# expect_row NAME REPORT SAMPLES_BEFORE SAMPLES_AFTER HZ_BEFORE HZ_AFTER
#            CALLS_BEFORE CALLS_AFTER TOTAL_BEFORE TOTAL_AFTER: the row of NAME
# in REPORT against the rule of compare.h, computed here (the totals are
# each side's samples: a count's variance is binomial in its side's total).
expect_row() {
	name=$1 rep=$2
	got=$(rows "$rep" | awk -F'|' -v n="$name" '$1 == n')
	want=$(awk -v a="$3" -v b="$4" -v ha="$5" -v hb="$6" -v ca="$7" -v cb="$8" \
		-v ta="$9" -v tb="${10}" 'BEGIN {
		sa = a / ha; sb = b / hb; ch = sb - sa
		se = sqrt(a * (1 - a / ta) / (ha * ha) + b * (1 - b / tb) / (hb * hb))
		d = cb - ca; ds = d > 0 ? "+" d : d
		printf "%.2f %.2f %+.2f %.2f %d %d %s", sa, sb, ch, se, ca, cb, ds
		printf "|%s\n", (ch > 2 * se || -ch > 2 * se) ? "*" : "" }')
	g=$(echo "$got" | awk -F'|' '{ split($2, f, " ");
		printf "%s %s %s %s %s %s %s|%s\n", f[1], f[2], f[3], f[4], f[5], f[6], f[7], $3 }')
	if [ -n "$got" ] && [ "$g" = "$want" ]; then
		tg_pass "$name ($(basename "$rep"))"
	else
		tg_fail "$name ($(basename "$rep"))" "want: $want" "got:  $g" "$(cat "$rep")"
	fi
}

run() {
	out=$1
	shift
	st=$(tg_run "$out" "$out.err" "$TGPROF" "$@")
	if [ "$st" != 0 ]; then
		tg_fail "run: $*" "exit status $st" "$(cat "$out.err")"
		return 1
	fi
}

# --- exact changes across the two builds -------------------------------
# calls: helper[one.c] gets 100 then 200 (from work), helper[two.c] 7,
# calc 5, work 10.
if run moved.txt --baseline=b1/gmon.out --baseline-exe=b1/prog b2/prog b2/gmon.out; then
	expect_row "calc" moved.txt 50 100 100 100 5 5 210 310
	expect_row "work" moved.txt 100 100 100 100 10 10 210 310
	expect_row "helper [one.c]" moved.txt 30 45 100 100 100 200 210 310
	expect_row "helper [two.c]" moved.txt 10 40 100 100 7 7 210 310
	# order: significant time changes first, by |z|; then call changes.
	# |z| = change / sqrt(a (1 - a/210) + b (1 - b/310)): calc 4.86,
	# oldname (removed, 20 of 210 samples) 4.70, newname (added, 20 of
	# 310) 4.62, helper [two.c] 4.50.
	order=$(rows moved.txt | cut -d'|' -f1 | head -6 | tr '\n' ,)
	if [ "$order" = "calc,oldname,newname,helper [two.c],newfunc,helper [one.c]," ]; then
		tg_pass "order by significance"
	else
		tg_fail "order by significance" "got $order" "$(cat moved.txt)"
	fi
	# added and removed functions: the renamed static and newfunc
	added=$(awk '/^Added functions/ { a = 1; next } a && /^  / { print $1; next } { a = 0 }' moved.txt | sort | tr '\n' ' ')
	removed=$(awk '/^Removed functions/ { a = 1; next } a && /^  / { print $1; next } { a = 0 }' moved.txt | tr '\n' ' ')
	if [ "$added" = "newfunc newname " ] && [ "$removed" = "oldname " ]; then
		tg_pass "added and removed functions"
	else
		tg_fail "added and removed functions" "added: $added" "removed: $removed"
	fi
	if grep -q '^Functions: 8 compared, 5 with a significant change in self time, 1 with changed call counts, 2 added, 1 removed$' moved.txt; then
		tg_pass "function summary"
	else
		tg_fail "function summary" "$(grep '^Functions' moved.txt)"
	fi
	# arcs: changed ones, largest change first, added/removed marked
	arcs=$(awk '/caller -> callee/ { a = 1; next } a' moved.txt)
	want="       100        200        +100  work -> helper [one.c]
         3          -          -3  work -> oldname  (removed)
         -          3          +3  work -> newname  (added)
         -          1          +1  work -> newfunc  (added)"
	if [ "$arcs" = "$want" ]; then
		tg_pass "arcs whose counts changed"
	else
		tg_fail "arcs whose counts changed" "want:" "$want" "got:" "$arcs"
	fi
	if grep -q '^Arcs: 7 compared, 4 with changed call counts (2 added, 1 removed)$' moved.txt; then
		tg_pass "arc summary"
	else
		tg_fail "arc summary" "$(grep '^Arcs' moved.txt)"
	fi
	if grep -q '^        sampling period 0.01 s, total time 2.10 s$' moved.txt &&
	   grep -q '^        sampling period 0.01 s, total time 3.10 s$' moved.txt; then
		tg_pass "header: period and total of each side"
	else
		tg_fail "header: period and total of each side" "$(head -6 moved.txt)"
	fi
fi

# --- sampling periods differ: the after side at 1000 Hz -----------------
if run rate.txt --baseline=b1/gmon.out --baseline-exe=b1/prog b2/prog b2/gmon.1000; then
	expect_row "calc" rate.txt 50 1000 100 1000 5 5 210 3100
	expect_row "helper [one.c]" rate.txt 30 450 100 1000 100 200 210 3100
	expect_row "helper [two.c]" rate.txt 10 400 100 1000 7 7 210 3100
fi

# --- normalize: shares of each side's total (210 and 310 samples) -------
if run norm.txt --normalize --baseline=b1/gmon.out --baseline-exe=b1/prog b2/prog b2/gmon.out; then
	# a share in percent is samples / (total / 100): the same rule with
	# "rates" total/100
	expect_row "calc" norm.txt 50 100 2.10 3.10 5 5 210 310
	expect_row "work" norm.txt 100 100 2.10 3.10 10 10 210 310
	expect_row "helper [two.c]" norm.txt 10 40 2.10 3.10 7 7 210 310
fi

# --- several baselines are summed --------------------------------------
if run sum.txt --baseline=b1/gmon.out,b1/gmon.out --baseline-exe=b1/prog b2/prog b2/gmon.out; then
	expect_row "calc" sum.txt 100 100 100 100 10 5 420 310
	expect_row "helper [one.c]" sum.txt 60 45 100 100 200 200 420 310
fi

# --- a profile against itself: nothing changes -------------------------
if run same.txt --baseline=b1/gmon.out b1/prog b1/gmon.out; then
	if grep -q '^Functions: 6 compared, 0 with a significant change in self time, 0 with changed call counts, 0 added, 0 removed$' same.txt &&
	   grep -q '^Arcs: 5 compared, 0 with changed call counts (0 added, 0 removed)$' same.txt &&
	   [ "$(rows same.txt | awk -F'|' '{ split($2, f, " "); if (f[3] != "+0.00" || f[7] != "0") print }')" = "" ]; then
		tg_pass "a profile against itself"
	else
		tg_fail "a profile against itself" "$(cat same.txt)"
	fi
fi

# --- edits apply to both sides: -k drops the arc on each ----------------
if run k.txt -k work/helper --baseline=b1/gmon.out --baseline-exe=b1/prog b2/prog b2/gmon.out; then
	if ! grep -q 'work -> helper' k.txt && grep -q 'work -> newname  (added)' k.txt; then
		tg_pass "-k applies to both sides"
	else
		tg_fail "-k applies to both sides" "$(cat k.txt)"
	fi
fi

# --- no debug information: static namesakes still apart ----------------
# Without -g the STT_FILE symbols of the symbol table tell which file each
# static helper came from.
for b in b1 b2; do
	cp $b/gmon.out $b/gmon.nog
done
if run nog.txt --baseline=b1/gmon.out --baseline-exe=b1/prog-nog b2/prog-nog b2/gmon.out; then
	got=$(rows nog.txt | grep '^helper ' | cut -d' ' -f1-4 | sort)
	want=$(printf '%s\n' 'helper [one.c]|0.30 0.45 +0.15' 'helper [two.c]|0.10 0.40 +0.30')
	if [ "$got" = "$want" ]; then
		tg_pass "no debug info: two helpers apart, by their STT_FILE"
	else
		tg_fail "no debug info: two helpers apart, by their STT_FILE" "got: $got" "want: $want" \
			"$(cat nog.txt)"
	fi
fi

# --- no debug information, link order changed: statics still paired ------
# b3 is b2 linked as two.c one.c: the helpers swap places in the symbol
# table, so ranks alone would pair one.c's helper with two.c's.
mkdir b3
cp b2/one.c b2/two.c b3/
if (cd b3 && $CC -O0 -g -o prog two.c one.c && $CC -O0 -o prog-nog two.c one.c) 2> b3.err &&
   nm -l --defined-only b3/prog > b3/nm && spec b3 100 "$S2" "$A2" > b3.spec &&
   ./mkgmon b3/gmon.out < b3.spec; then
	if run order.txt --baseline=b1/gmon.out --baseline-exe=b1/prog-nog b3/prog-nog b3/gmon.out; then
		got=$(rows order.txt | grep '^helper ' | cut -d' ' -f1-4 | sort)
		if [ "$got" = "$want" ] && ! grep -q '#2' order.txt; then
			tg_pass "no debug info, link order changed: static functions matched by file"
		else
			tg_fail "no debug info, link order changed: static functions matched by file" \
				"got: $got" "want: $want" "$(cat order.txt)"
		fi
	fi
else
	tg_fail "setup: compile b3" "$(cat b3.err)"
fi

# --- bad input: one message naming the file, status 1 -------------------
st=$(tg_run bad.txt bad.err "$TGPROF" --baseline=nosuch.gmon b1/prog b1/gmon.out)
if [ "$st" = 1 ] && grep -q 'nosuch.gmon' bad.err && [ ! -s bad.txt ]; then
	tg_pass "missing baseline file"
else
	tg_fail "missing baseline file" "status $st" "$(cat bad.err)"
fi
st=$(tg_run bad.txt bad.err "$TGPROF" --baseline-exe=b1/prog b1/prog b1/gmon.out)
if [ "$st" = 1 ] && grep -q -- '--baseline-exe needs --baseline' bad.err; then
	tg_pass "--baseline-exe alone"
else
	tg_fail "--baseline-exe alone" "status $st" "$(cat bad.err)"
fi
printf 'hist 0x900000 0x900100 100\nsample 0x900010 5\n' | ./mkgmon other.gmon
st=$(tg_run bad.txt bad.err "$TGPROF" --baseline=other.gmon b1/prog b1/gmon.out)
if [ "$st" = 1 ] && grep -q 'not a profile of b1/prog' bad.err; then
	tg_pass "baseline of another program"
else
	tg_fail "baseline of another program" "status $st" "$(cat bad.err)"
fi

# --- exports: both sides and the change, read by the real consumers -----
tg_need_py jsonschema python3-jsonschema
tg_need python3 dot callgrind_annotate
MOVED="--baseline=b1/gmon.out --baseline-exe=b1/prog b2/prog b2/gmon.out"
if run moved.json --format=json $MOVED; then
	# every number of the text report's rows, from the JSON
	if python3 - moved.json "$TOP/doc/tgprof-comparison.schema.json" > json.check 2>&1 << 'PY'
import json, sys, jsonschema
d = json.load(open(sys.argv[1], encoding="utf-8"))
jsonschema.Draft202012Validator(json.load(open(sys.argv[2]))).validate(d)
assert d["format"] == "tgprof-comparison" and d["version"] == 1
assert d["before"]["hz"] == 100 and abs(d["after"]["total_time"] - 3.10) < 1e-9
fs = d["functions"]
def disp(f):
    n = f["name"]
    dup = sum(1 for g in fs if g["name"] == n) > 1
    return n + (" [%s]" % f["file"] if dup and f["file"] else "")
want = {"calc": (50, 100, 5, 5), "helper [one.c]": (30, 45, 100, 200),
        "helper [two.c]": (10, 40, 7, 7), "work": (100, 100, 10, 10)}
seen = 0
for f in fs:
    k = disp(f)
    if k in want:
        a, b, ca, cb = want[k]
        assert f["before"]["self_samples"] == a and f["after"]["self_samples"] == b, k
        assert f["before"]["calls"] == ca and f["after"]["calls"] == cb, k
        se = (a * (1 - a / 210) + b * (1 - b / 310)) ** 0.5 / 100
        assert abs(f["stderr"] - se) < 1e-9 and abs(f["change"] - (b - a) / 100) < 1e-9, k
        assert f["significant"] == (1 if b - a > 2 * se * 100 else 0), k
        seen += 1
assert seen == 4
added = sorted(f["name"] for f in fs if f["before"] is None)
removed = [f["name"] for f in fs if f["after"] is None]
assert added == ["newfunc", "newname"] and removed == ["oldname"], (added, removed)
arcs = [(disp(fs[a["caller"]]), disp(fs[a["callee"]]), a["before"], a["after"], a["change"])
        for a in d["arcs"] if a["change"] != 0 or a["before"] is None or a["after"] is None]
assert arcs[0] == ("work", "helper [one.c]", 100, 200, 100), arcs
assert ("work", "oldname", 3, None, -3) in arcs and ("work", "newfunc", None, 1, 1) in arcs
assert d["summary"]["functions"] == len(fs) == 8
PY
	then
		tg_pass "json: both sides and the change"
	else
		tg_fail "json: both sides and the change" "$(cat json.check)"
	fi
fi
if run moved.dot --format=dot $MOVED; then
	# laid out by dot; -Tplain gives the labels back as text
	if dot -Tsvg moved.dot > moved.svg 2> dot.err && dot -Tplain moved.dot > moved.plain 2>> dot.err &&
	   grep -q '^node f[0-9]* .* "calc\\nself 0.50 s -> 1.00 s (+0.50 +- 0.10)\\ncalls 5 -> 5" filled box black #f4a3a3$' moved.plain &&
	   grep -q '^node f[0-9]* .* "oldname\\nself 0.20 s -> - (-0.20 +- 0.04)\\ncalls 3 -> -" filled,dashed box black #a3e0a3$' moved.plain &&
	   grep -q '^edge .* "100 -> 200" .* solid #c03030$' moved.plain &&
	   grep -q '^edge .* "3 -> -" .* dashed #30a030$' moved.plain; then
		tg_pass "dot: read by Graphviz, both sides in the labels"
	else
		tg_fail "dot: read by Graphviz, both sides in the labels" "$(cat dot.err)" "$(cat moved.dot)"
	fi
fi
if run callgrind.out.moved --format=callgrind $MOVED; then
	# callgrind_annotate reads it; per function, Before and After are the
	# self times in microseconds and Increase/Decrease their difference
	if callgrind_annotate --threshold=100 --show-percs=no --auto=no \
		callgrind.out.moved > cga.txt 2> cga.err &&
	   awk 'BEGIN { want["calc"] = "500,000 1,000,000 500,000 0"
			want["work"] = "1,000,000 1,000,000 0 0"
			want["newname"] = "0 200,000 200,000 0"
			want["oldname"] = "200,000 0 0 200,000"
			# increases: calc .5, helpers .15 and .3, newname .2,
			# newfunc .05 s; decrease: oldname .2 s
			want["PROGRAM TOTALS"] = "2,100,000 3,100,000 1,200,000 200,000" }
		/PROGRAM TOTALS$/ { got["PROGRAM TOTALS"] = $1 " " $2 " " $3 " " $4 }
		NF >= 5 && $5 ~ /:/ { name = $5; for (i = 6; i <= NF; i++) name = name " " $i
			sub(/^[^:]*:/, "", name); got[name] = $1 " " $2 " " $3 " " $4 }
		END { for (k in want) if (got[k] != want[k]) { print k ": want " want[k] ", got " got[k]; bad = 1 }
		      exit bad }' cga.txt > cga.check; then
		tg_pass "callgrind: callgrind_annotate, both sides and the change"
	else
		tg_fail "callgrind: callgrind_annotate, both sides and the change" \
			"$(cat cga.check cga.err)" "$(head -40 cga.txt)"
	fi
fi

# --- a real pair --------------------------------------------------------
if ! $CC -O1 -pg -I"$TOP/tests/corpus" -o pair "$TOP/tests/compare/pair.c" 2> pair.err; then
	tg_fail "setup: compile pair.c" "$(cat pair.err)"
	tg_finish
	exit 1
fi
for r in "1 base" "2 changed" "1 again"; do
	set -- $r
	rm -f gmon.out
	if ./pair $1 && [ -f gmon.out ]; then
		mv gmon.out gmon.$2
	else
		tg_fail "setup: run pair $1"
	fi
done
if run real.txt --baseline=gmon.base pair gmon.changed; then
	# slow() about twice as long, flagged.  The ratio is taken against
	# steady()'s, whose work is the same in both runs: the CPU's speed
	# (another process on the core's other thread, the clock) changes
	# from run to run, and both functions' times with it.  The four
	# times are counts of samples (100 a second), each off by about its
	# square root: the ratio must be 2 within three standard errors of
	# its logarithm (with these counts, ~85 and ~170 for slow(), ~80
	# twice for steady(): 1.1 to 3.7, so an unchanged slow() fails)
	r=$(rows real.txt | awk -F'|' '{ split($2, f, " ") }
		$1 == "steady" { s = f[2] / f[1]; v = 1 / (f[1] * 100) + 1 / (f[2] * 100) }
		$1 == "slow" { q = f[2] / f[1]; w = 1 / (f[1] * 100) + 1 / (f[2] * 100)
			line = $0; mark = $3 }
		END { ok = s > 0 && q > 0 && mark == "*"
			if (ok) { d = log(q / s / 2); ok = d * d < 9 * (v + w) }
			print ok ? "ok" : "slow " q ", steady " s ": " line }')
	if [ "$r" = ok ]; then
		tg_pass "real pair: slow() twice as slow, flagged"
	else
		tg_fail "real pair: slow() twice as slow, flagged" "$r" "$(cat real.txt)"
	fi
	# busy() called 10x: exact counts, and the arc
	r=$(rows real.txt | awk -F'|' '$1 == "busy" { split($2, f, " "); print f[5], f[6], f[7] }')
	if [ "$r" = "1000 10000 +9000" ] &&
	   grep -q '^      1000      10000       +9000  run -> busy$' real.txt; then
		tg_pass "real pair: busy() called 10x more"
	else
		tg_fail "real pair: busy() called 10x more" "$r" "$(cat real.txt)"
	fi
fi
if run again.txt --baseline=gmon.base pair gmon.again; then
	if grep -q ' 0 with changed call counts, 0 added, 0 removed$' again.txt; then
		tg_pass "real pair unchanged: calls identical"
	else
		tg_fail "real pair unchanged: calls identical" "$(cat again.txt)"
	fi
	# Flagged functions against chance: with n functions that have
	# samples, each flagged with probability p = 0.0455 (2 sigma) when
	# nothing changed, allow the k that binomial(n, p) exceeds with
	# probability below 0.001.
	n=$(rows again.txt | awk -F'|' '{ split($2, f, " "); if (f[1] + f[2] > 0) c++ } END { print c + 0 }')
	flagged=$(rows again.txt | awk -F'|' '$3 == "*"' | wc -l)
	allowed=$(awk -v n="$n" 'BEGIN { p = 0.0455; q = 1 - p; pk = q ^ n; cum = pk
		for (k = 0; k < n && 1 - cum >= 0.001; k++) {
			pk *= (n - k) / (k + 1) * p / q; cum += pk }
		print k }')
	if [ "$n" -ge 4 ] && [ "$flagged" -le "$allowed" ]; then
		tg_pass "real pair unchanged: $flagged of $n flagged (chance allows $allowed)"
	else
		tg_fail "real pair unchanged: flagged within chance" \
			"$flagged of $n flagged, chance allows $allowed" "$(cat again.txt)"
	fi
fi

# --- libtgmon interval snapshots: prof.2 against prof.1 -----------------
LIB=$TG_BUILD/${B:-build}/runtime
if [ ! -f "$LIB/libtgmon.so" ]; then
	tg_fail "libtgmon snapshots" "no $LIB/libtgmon.so (make builds it)"
elif ! $CC -O1 -pg -DPHASES -I"$TOP/tests/corpus" -I"$TOP/runtime" -o phases \
	"$TOP/tests/compare/pair.c" -L"$LIB" -ltgmon -Wl,-rpath,"$LIB" 2> phases.err; then
	tg_fail "libtgmon snapshots" "$(cat phases.err)"
elif ! TGMON_OUT=final.out ./phases 2> phases.err || [ ! -f prof.1 ] || [ ! -f prof.2 ]; then
	tg_fail "libtgmon snapshots" "the run failed" "$(cat phases.err)"
elif run snap.txt --baseline=prof.1 phases prof.2; then
	r=$(rows snap.txt | awk -F'|' '$1 == "busy" { split($2, f, " "); print f[5], f[6], f[7] }
		$1 == "slow" { print $3 }' | tr '\n' ' ')
	if [ "$r" = "1000 10000 +9000 * " ] || [ "$r" = "* 1000 10000 +9000 " ]; then
		tg_pass "libtgmon snapshots: prof.2 against prof.1"
	else
		tg_fail "libtgmon snapshots: prof.2 against prof.1" "got $r" "$(cat snap.txt)"
	fi
fi

tg_finish
