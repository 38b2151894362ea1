#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The source view's columns, headless at 80 columns: each line's samples
# with their share of the function's samples and of the whole run's (as
# perf annotate gives them), under a header naming the columns, and the
# same for the machine code under the lines (a).  Two hot functions, one
# with about twice the samples of the other, so the two shares differ.
# And tests/lines/dw5 with GCC's default DWARF 5, at -O2 and -O0, where
# libbfd 2.40 names a header's own code after the .cc file: a header's
# template and inline member open in the header at their hottest line,
# a member of a header's class defined in the .cc in the .cc.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/tui/lib-tui.sh"
tg_need "$TGPROF" "$GPROF" "$CC" g++
TUI_LINES=40
TUI_COLS=80
tui_setup
cd "$W"
LC_ALL=C.UTF-8
export LC_ALL

cat > two.c <<'C'
static volatile double sink;
void hot2(long n)
{
	for (long i = 0; i < n; i++)
		sink += i * 0.5;
}
void hot1(long n)
{
	for (long i = 0; i < n; i++)
		sink += i * 0.25;
}
int main(void)
{
	hot1(240000000);
	hot2(120000000);
	return 0;
}
C
if ! $CC -pg -O0 -g -o two two.c > two.log 2>&1 || ! ./two >> two.log 2>&1; then
	tg_fail "setup: build and run two.c" "$(cat two.log)"
	tui_finish
	exit 1
fi

printf ':goto hot2\ns\n:save-display s1.scr\na\n:save-display s2.scr\n:q\n' > s.keys
tui_run s ./two gmon.out > /dev/null
tui_screens s

# the header names the columns, the file and the function
expect "header names samples, %func, %total, calls, line" s1.scr \
	'^   samples %func %total  calls  line  .*two\.c:[0-9]+  hot2$'
# the hot line whole at 80 columns
expect "80 columns: the hot line's code whole" s1.scr \
	'^> +[0-9]+ +[0-9.]+ +[0-9.]+ +5  +sink \+= i \* 0\.5;$'

# hot2's share of the run, as gprof's flat profile gives it
run=$("$GPROF" -b -p ./two gmon.out | awk '$NF == "hot2" { print $1 }')

# sums SCREEN: the sums of the samples, %func and %total columns of the
# rows that have samples, source lines (with a line number) or
# instructions (with an address) as asked.
sums() {
	awk -v kind="$2" 'NR > 2 && substr($0, 3, 8) ~ /[0-9]/ {
		r = substr($0, 3); sub(/^ +/, "", r); split(r, f, / +/)
		isinsn = $0 ~ /[0-9a-f]+:  /
		if ((kind == "insn") != isinsn) next
		s += f[1]; pf += f[2]; pr += f[3]; k++ }
	END { printf "%d %.1f %.1f %.1f\n", k, s, pf, pr }' "$1"
}
# near A B TOL: |A - B| <= TOL
near() {
	awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; exit !(d <= t && -d <= t) }'
}
set -- $(sums s1.scr line)
if [ "${1:-0}" -ge 1 ] && near "$3" 100 1 && near "$4" "${run:-x}" 1.5 && ! near "$4" 100 10; then
	tg_pass "source lines: %func adds up to 100, %total to hot2's % time ($4 of $run)"
else
	tg_fail "source lines: %func adds up to 100, %total to hot2's % time" \
		"rows $1, samples $2, %func $3, %total $4; gprof: ${run:-?}" "$(sed -n 2,12p s1.scr)"
fi
set -- $(sums s2.scr insn)
if [ "${1:-0}" -ge 1 ] && near "$3" 100 1.5 && near "$4" "${run:-x}" 2 && ! near "$4" 100 10; then
	tg_pass "instructions (a): %func adds up to 100, %total to hot2's % time ($4 of $run)"
else
	tg_fail "instructions (a): %func adds up to 100, %total to hot2's % time" \
		"rows $1, samples $2, %func $3, %total $4; gprof: ${run:-?}" "$(sed -n 2,30p s2.scr)"
fi
# each line's shares from its own samples: %func / %total is the same
# ratio (the run's samples over the function's) on every row
r=$(awk 'NR > 2 && substr($0, 3, 8) ~ /[0-9]/ {
	r = substr($0, 3); sub(/^ +/, "", r); split(r, f, / +/)
	if (f[2] + 0 < 5) next
	q = f[2] / f[3]; if (!lo || q < lo) lo = q; if (q > hi) hi = q }
	END { if (lo && hi / lo < 1.1) print "ok" }' s2.scr)
if [ "$r" = ok ]; then tg_pass "every row's %func and %total from its own samples"; else
	tg_fail "every row's %func and %total from its own samples" "$(sed -n 2,30p s2.scr)"; fi

# dw5 OPT NAME FUNC FILE:LINE HOT TEXT: the source view of FUNC in the
# -OPT build opens FILE (the title: FILE:LINE, the definition) at the line
# HOT with the text TEXT (an extended regex), the function's hottest
hot_case() {
	# (not name: tui_run sets it)
	hc=dw5-$1-$2 func=$3 at=$4 hot=$5 text=$6
	printf ':goto %s\ns\n:save-display %s\n:q\n' "$func" "$hc.scr" > "$hc.keys"
	tui_run "$hc" ./dw5-$1 dw5-$1.out > /dev/null
	tui_screens "$hc" || return
	f=$hc.scr opt=$1
	if grep -Eq "^   samples %func %total  calls  line  .*/$at  " "$f" &&
	   grep -Eq "^> +[0-9]+ +[0-9.]+ +[0-9.]+ +$hot  +$text" "$f"; then
		tg_pass "dw5 -$opt: $func opens $at at line $hot"
	else
		tg_fail "dw5 -$opt: $func opens $at at line $hot" "$(sed -n '2p;/^>/p' "$f")"
	fi
}
for opt in O2 O0; do
	if ! g++ "-$opt" -g -pg -o dw5-$opt "$TOP/tests/lines/dw5/work.cc" > dw5.log 2>&1 ||
	   ! ./dw5-$opt > /dev/null 2>> dw5.log || ! mv gmon.out dw5-$opt.out; then
		tg_fail "setup: build and run tests/lines/dw5 at -$opt" "$(cat dw5.log)"
		continue
	fi
	hot_case $opt hwork 'double hwork<double>(int)' 'work\.h:5' 9 's \+= i \* 0\.5;$'
	hot_case $opt spin 'Box::spin(int)' 'work\.h:15' 18 'v = \(v \* 7 \+ i\) % 1000003;$'
	hot_case $opt run 'K::run(int)' 'work\.cc:9' 11 'acc = acc \+ i \* 0\.25;$'
done

tui_finish
