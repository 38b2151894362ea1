#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The browser against a baseline (--baseline with --tui, :baseline at run
# time): the columns "base self" and "vs base" in the flat, call-graph and
# index views and the entry pane's changes are held against the text
# comparison (--text --baseline) of the same two profiles; sorting by
# change and significance, the significant-only filter, :baseline off,
# a bad :baseline file that gives a message and ends nothing, and the
# functions only the baseline has as rows of the flat view.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/tui/lib-tui.sh"
tg_need "$TGPROF" "$CC"
tui_setup
cd "$W"
LC_ALL=C.UTF-8
export LC_ALL

# Two runs of the test program: the baseline once, the current profile
# at three times the work, so burn's self time grows significantly and
# every call count triples.
mv gmon.out base.out
if ! ./prog 3 > /dev/null || [ ! -f gmon.out ]; then
	tg_fail "setup: second run of the test program"
	tui_finish
	exit 1
fi

# The text comparison: "name before change[*]" per function.
"$TGPROF" --text --baseline=base.out ./prog gmon.out > cmp.txt
awk '/^ +before +after +change/ { on = 1; next }
     on && NF == 0 { exit }
     on { print $NF, $1, $3 ($5 == "*" ? "*" : "") }' cmp.txt | sort > cmp.exp
if [ "$(wc -l < cmp.exp)" -ge 6 ] && grep -q '\*$' cmp.exp; then
	tg_pass "setup: text comparison with a significant change ($(wc -l < cmp.exp) functions)"
else
	tg_fail "setup: text comparison with a significant change" "$(cat cmp.txt)"
fi

# cols FILE: "name before change[*]" from a screen's list rows that show
# the baseline columns (cycle rows have none): the extras are the last
# fields (the calls columns, base calls and their change, before them); the name is the field before them, after dropping gprof's
# trailing "[N]", "<cycle K>" and the index's "(file)" of a static.
cols() {
	tui_list_rows "$1" | awk '{
		mark = ""
		if ($NF == "*") { mark = "*"; NF-- }
		if ($NF !~ /^[-+][0-9]+\.[0-9][0-9]$/) next
		ch = $NF; base = $(NF - 1); NF -= 2
		# the calls columns before them (from 90 columns)
		if ($NF ~ /^([-+][0-9]+|new|gone)$/) NF--
		if ($NF ~ /^([0-9]+|-)$/) NF--
		if ($NF ~ /^\[[0-9]+\]$/) NF--
		if ($NF ~ /^[0-9]+>$/ && $(NF - 1) == "<cycle") NF -= 2
		if ($NF ~ /^\(.*\)$/) NF--
		print $NF, base, ch mark }'
}

# entry_cols FILE: "name change[*]" per line of the entry pane.
entry_cols() {
	tui_entry_rows "$1" | awk '{
		mark = ""
		if ($NF == "*") { mark = "*"; NF-- }
		if ($NF !~ /^[-+][0-9]+\.[0-9][0-9]$/) next
		ch = $NF; NF--
		if ($NF ~ /^\[[0-9]+\]$/) NF--
		if ($NF ~ /^[0-9]+>$/ && $(NF - 1) == "<cycle") NF -= 2
		print $NF, ch mark }'
}

# subset NAME EXPECTED GOT: every row of GOT (sorted) is in EXPECTED and
# there are at least 6 (the flat profile and index leave out what gprof's
# do, main without time or calls).
subset() {
	if [ "$(wc -l < "$3")" -ge 6 ] && [ -z "$(comm -13 "$2" "$3")" ]; then
		tg_pass "$1"
	else
		tg_fail "$1" "not in the report or too few:" "$(comm -13 "$2" "$3")" "$(cat "$3")"
	fi
}

# check NAME EXPECTED GOT
check() {
	if [ -s "$2" ] && diff -u "$2" "$3" > "$W/$1.diff" 2>&1; then
		tg_pass "$1"
	else
		tg_fail "$1" "$(head -30 "$W/$1.diff")"
	fi
}

# --- the columns of each view equal the text comparison
cat > views.keys <<'K'
:set bars off
:flat
:save-display flat.scr
:graph
:save-display graph.scr
:index
:save-display index.scr
:graph
:goto burn
:save-display entry.scr
:q
K
rc=$(tui_run views --baseline=base.out ./prog gmon.out)
[ "$rc" = 0 ] || tg_fail "views: exit status $rc" "$(cat views.err)"
tui_screens views
grep -q 'vs base' flat.scr || tg_fail "flat: no baseline column header" "$(head -3 flat.scr)"
cols graph.scr | sort > graph.got
check "graph view: baseline and change columns equal the text comparison" cmp.exp graph.got
for v in flat index; do
	cols $v.scr | sort > $v.got
	subset "$v view: baseline and change columns equal the text comparison" cmp.exp $v.got
done
# The entry pane of burn: each caller's change is the text's for it.
entry_cols entry.scr > entry.got
awk '{ print $1, $3 }' cmp.exp > cmp-change.exp
bad=$(awk 'NR == FNR { want[$1] = $2; next } { n++; if (want[$1] != $2) print }
	   END { if (n < 4) print "only", n, "lines" }' cmp-change.exp entry.got)
if [ -z "$bad" ]; then
	tg_pass "entry pane: each caller's and callee's change equals the text comparison"
else
	tg_fail "entry pane: changes" "$bad" "$(tui_entry_rows entry.scr)"
fi

# --- sorting by change and by significance
cat > sort.keys <<'K'
:set bars off
:flat
:sort change
:save-display bychange.scr
:sort change asc
:save-display bychange-asc.scr
:sort significance
:save-display bysig.scr
:q
K
rc=$(tui_run sort --baseline=base.out ./prog gmon.out)
tui_screens sort
cols bychange.scr | awk '{ c = $3; sub(/\*$/, "", c); print c }' > bychange.got
sort -g -r bychange.got > bychange.exp
top=$(sed 's/\*$//' cmp-change.exp | sort -k2,2gr | head -1 | cut -d' ' -f1)
first=$(cols bychange.scr | head -1 | cut -d' ' -f1)
if [ "$rc" = 0 ] && [ "$(wc -l < bychange.got)" -ge 6 ] && cmp -s bychange.exp bychange.got &&
   [ "$first" = "$top" ]; then
	tg_pass ":sort change: largest increase first ($first)"
else
	tg_fail ":sort change" "first $first, want $top" "$(cat bychange.got)"
fi
# Ascending: the largest increase last (not the list's own order).
cols bychange-asc.scr | awk '{ c = $3; sub(/\*$/, "", c); print c }' > asc.got
sort -g asc.got > asc.exp
last=$(cols bychange-asc.scr | tail -1 | cut -d' ' -f1)
if cmp -s asc.exp asc.got && [ "$last" = "$top" ] && [ "$(wc -l < asc.got)" -ge 6 ]; then
	tg_pass ":sort change asc: largest increase last"
else
	tg_fail ":sort change asc" "last $last, want $top" "$(cat asc.got)"
fi
# The text report lists the most significant change first.
want=$(awk '/^ +before +after +change/ { getline; print $NF; exit }' cmp.txt)
got=$(cols bysig.scr | head -1 | cut -d' ' -f1)
if [ -n "$want" ] && [ "$got" = "$want" ]; then
	tg_pass ":sort significance: the report's first function first ($got)"
else
	tg_fail ":sort significance" "first $got, want $want"
fi

# --- :significant lists exactly the functions marked * in the report
cat > sig.keys <<'K'
:set bars off
:flat
:significant on
:save-display sig.scr
:significant off
:save-display all.scr
:q
K
rc=$(tui_run sig --baseline=base.out ./prog gmon.out)
tui_screens sig
grep '\*$' cmp.exp > sig.exp
cols sig.scr | sort > sig.got
check ":significant on: only the significant changes" sig.exp sig.got
cols all.scr | sort > all.got
check ":significant off: every row again" flat.got all.got

# --- :baseline at run time, a bad file, :baseline off
printf 'not a profile\n' > junk.out
cat > run.keys <<'K'
:set bars off
:flat
:save-display none.scr
:baseline base.out
:save-display loaded.scr
:baseline nosuch.out
:save-display missing.scr
:baseline junk.out
:save-display junk.scr
:baseline off
:save-display off.scr
:q
K
rc=$(tui_run run ./prog gmon.out)
tui_screens run
# What a screen lacks proves something only when the screen was written
# and is the flat profile.
if [ -f none.scr ] && grep -q '^   %time ' none.scr && ! grep -q 'vs base' none.scr; then
	tg_pass "no baseline: no baseline columns"
else
	tg_fail "no baseline: no baseline columns" "$(head -3 none.scr 2>&1)"
fi
cols loaded.scr | sort > loaded.got
check ":baseline FILE at run time: columns as with --baseline" flat.got loaded.got
m=$(tui_message missing.scr)
case $m in
*nosuch.out*) tg_pass ":baseline of a missing file: a message naming it ($m)" ;;
*) tg_fail ":baseline of a missing file: a message naming it" "$m" ;;
esac
m=$(tui_message junk.scr)
cols junk.scr | sort > junk.got
if [ "$rc" = 0 ] && [ -f off.scr ] && case $m in *junk.out*) true ;; *) false ;; esac &&
   cmp -s flat.got junk.got; then
	tg_pass ":baseline of a bad file: message, session and old baseline go on ($m)"
else
	tg_fail ":baseline of a bad file" "rc $rc, message: $m" "$(cat run.err)"
fi
if [ -f off.scr ] && grep -q '^   %time ' off.scr && ! grep -q 'vs base' off.scr &&
   [ "$(tui_message off.scr | sed 's/ *$//')" = "baseline off" ]; then
	tg_pass ":baseline off drops the columns"
else
	tg_fail ":baseline off drops the columns" "$(head -3 off.scr)" "$(tui_message off.scr)"
fi

# --- the columns follow edits: :scale burn 2 doubles its self time now,
# so its change is 2 x after - before (the text's numbers, rounded)
cat > edit.keys <<'K'
:set bars off
:flat
:set delta off
:scale burn 2
:save-display scaled.scr
:q!
K
rc=$(tui_run edit --baseline=base.out ./prog gmon.out)
tui_screens edit
want=$(awk '/^ +before +after +change/ { on = 1; next }
	    on && $NF == "burn" { printf "%.2f\n", 2 * $2 - $1; exit }' cmp.txt)
got=$(cols scaled.scr | awk '$1 == "burn" { c = $3; sub(/\*$/, "", c); print c + 0 }')
if [ "$rc" = 0 ] && [ -n "$got" ] && [ -n "$want" ] &&
   awk -v g="$got" -v w="$want" 'BEGIN { d = g - w; exit !(d < 0.015 && d > -0.015) }'; then
	tg_pass "columns follow edits: burn scaled by 2 changes by $got (want $want)"
else
	tg_fail "columns follow edits" "got $got, want $want (rc $rc)" "$(cat edit.err)"
fi

# removed_graph_index: the functions only the baseline has in the call
# graph and the index (run in $W after the flat view's cases, with
# cmp-rm, rm-base.out, rm-gmon.out, rm-names.exp and rm-cols.exp).
# graph_rows FILE: "total self children calls name R" per row of a
# call-graph screen, R 1 on a removed function's row (no index; the
# mark after the name), else 0; total is self + children.
graph_rows() {
	tui_list_rows "$1" | awk '{
		r = $1 !~ /^\[[0-9]+\]$/
		o = r ? 0 : 1
		calls = $(o + 4) ~ /^[0-9]+(\+[0-9]+)?$/ ? $(o + 4) : "-"
		nm = ""
		for (i = o + 4; i < NF; i++) {
			if (r && $(i + 1) == "(removed)") { nm = $i; break }
			if (!r && $(i + 1) ~ /^\[[0-9]+\]$/) { nm = $i; break }
		}
		printf "%.2f %s %s %s %s %d\n", $(o + 2) + $(o + 3), $(o + 2), $(o + 3), calls, nm, r }'
}
removed_graph_index() {
	"$GPROF" -b ./cmp-rm rm-base.out > rm-base.gprof
	"$GPROF" -b ./cmp-rm rm-gmon.out > rm-now.gprof
	# the baseline's primary lines: "%time self children calls name"
	awk '/^index % time/ { on = 1; next } on && /^\[[0-9]+\]/ { print $2, $3, $4, $5, $6 }' \
		rm-base.gprof | grep -F -w -f rm-names.exp | sort -k5 > rm-prim.exp
	cat > rmg.keys <<'K'
:set bars off
:graph
:save-display rmg1.scr
/old_path
:save-display rmg2.scr
<Enter>
:save-display rmg3.scr
:sort name
:save-display rmg4.scr
:sort self
:save-display rmg5.scr
:filter old
:save-display rmg6.scr
:filter off
:sort total
:index
:save-display rmi1.scr
<Enter>
:save-display rmi2.scr
/gone_too
:save-display rmi3.scr
:sort index
:save-display rmi4.scr
:q
K
	rc=$(tui_run rmg --baseline=rm-base.out ./cmp-rm rm-gmon.out)
	tui_screens rmg
	graph_rows rmg1.scr > rmg1.rows
	# each removed function: its row, the baseline's primary line (without
	# the index) and "(removed)"
	tui_list_rows rmg1.scr | awk '/  \(removed\)/ { print $1, $2, $3, $4, $5 }' | sort -k5 > rm-prim.got
	if [ "$rc" = 0 ] && [ "$(wc -l < rm-prim.exp)" = "$(wc -l < rm-names.exp)" ] &&
	   cmp -s rm-prim.exp rm-prim.got; then
		tg_pass "graph view: each removed function's row is its baseline entry's primary line (gprof -b), marked"
	else
		tg_fail "graph view: removed functions' rows as the baseline's primary lines" \
			"want: $(cat rm-prim.exp)" "got: $(cat rm-prim.got)" "$(cat rmg.err)"
	fi
	{ echo; echo; grep -F '(removed)' rmg1.scr; } > rmg-rows.scr
	cols rmg-rows.scr | sort > rmg-cols.got
	calls=$(grep -F '(removed)' rmg1.scr | awk '{ n = 0; for (i = 1; i <= NF; i++) if ($i == "gone") n++; print n }' | sort -u)
	if [ -s rmg-cols.got ] && cmp -s rm-cols.exp rmg-cols.got && [ "$calls" = 1 ]; then
		tg_pass "graph view: removed rows' base self, change and calls columns as the text comparison's"
	else
		tg_fail "graph view: removed rows' comparison columns" "$(diff rm-cols.exp rmg-cols.got)" \
			"gone marks: $calls"
	fi
	# GNU's order: this run's entries as gprof -b lists them, each
	# removed function where its baseline total time falls (rows down by
	# total, to the rounding of two columns); small comes after them
	awk '/^index % time/ { on = 1; next } on && /^\[[0-9]+\]/ { print $NF == "" ? "" : $(NF - 1) }' \
		rm-now.gprof > rmg-now.exp
	awk '$6 == 0 { print $5 }' rmg1.rows > rmg-now.got
	bad=$(awk '{ if (NR > 1 && $1 > prev + 0.015) print "up at", $0; prev = $1 }' rmg1.rows)
	after=$(awk '$6 == 1 { seen = 1 } seen && $6 == 0 && $5 == "small" { print "yes" }' rmg1.rows)
	if [ -z "$bad" ] && [ "$after" = yes ] && cmp -s rmg-now.exp rmg-now.got &&
	   [ "$(awk '$6 == 1' rmg1.rows | wc -l)" = "$(wc -l < rm-names.exp)" ]; then
		tg_pass "graph view: removed rows where their baseline total falls in GNU's order"
	else
		tg_fail "graph view: removed rows in GNU's order by total" "$bad" "small after: $after" \
			"$(diff rmg-now.exp rmg-now.got)" "$(cat rmg1.rows)"
	fi
	expect "graph view: search finds a removed row; the name line says it" rmg2.scr \
		'^─── old_path \(removed: only in the baseline\) ─'
	m=$(tui_message rmg3.scr | sed 's/ *$//')
	if [ "$m" = "old_path: only in the baseline (removed since): no entry in this run" ] &&
	   [ -z "$(tui_entry_rows rmg3.scr | grep -v '^>\{0,1\} *$' | grep -v '^old_path:')" ]; then
		tg_pass "graph view: Enter on a removed row says it is only in the baseline"
	else
		tg_fail "graph view: Enter on a removed row" "$m" "$(tui_entry_rows rmg3.scr)"
	fi
	# :sort name: every name in order, the cursor still on old_path
	graph_rows rmg4.scr | awk '{ print $5 }' > rmg4.names
	cur=$(tui_cursor_row rmg4.scr)
	if LC_ALL=C sort -c rmg4.names 2>/dev/null && grep -qx old_path rmg4.names &&
	   grep -qx gone_too rmg4.names && case $cur in *old_path*"(removed)"*) true ;; *) false ;; esac; then
		tg_pass "graph view :sort name: removed rows among the others, cursor kept on its row"
	else
		tg_fail "graph view :sort name" "cursor: $cur" "$(cat rmg4.names)"
	fi
	graph_rows rmg5.scr > rmg5.rows
	bad=$(awk '{ if (NR > 1 && $2 > prev) print "up at", $0; prev = $2 }' rmg5.rows)
	if [ -z "$bad" ] && [ "$(awk '$6 == 1' rmg5.rows | wc -l)" = "$(wc -l < rm-names.exp)" ] &&
	   awk '$6 == 1 && !r { r = NR } $6 == 0 { c = NR } END { exit !(r && r < c) }' rmg5.rows; then
		tg_pass "graph view :sort self: removed rows by their baseline self time"
	else
		tg_fail "graph view :sort self" "$bad" "$(cat rmg5.rows)"
	fi
	if [ "$(graph_rows rmg6.scr | awk '{ print $5, $6 }')" = "old_path 1" ]; then
		tg_pass "graph view :filter: a removed row matches by name"
	else
		tg_fail "graph view :filter old" "$(tui_list_rows rmg6.scr)"
	fi
	# the index: this run's functions (gprof -b's index) and the removed
	# ones, by name as the index orders them, those marked without an index
	sed -n '/^Index by function name/,$p' rm-now.gprof |
		awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^\[[0-9]+\]$/) print $(i + 1) }' |
		cat - rm-names.exp | LC_ALL=C sort > rmi.exp
	tui_list_rows rmi1.scr | awk '{ print $1 ~ /^\[[0-9]+\]$/ ? $2 : $1 }' > rmi.got
	tui_list_rows rmi1.scr | awk '$1 !~ /^\[/ && $2 == "(removed)" { print $1 }' | sort > rmi-rm.got
	cur=$(tui_cursor_row rmi1.scr)
	if cmp -s rmi.exp rmi.got && cmp -s rm-names.exp rmi-rm.got &&
	   case $cur in *old_path*"(removed)"*) true ;; *) false ;; esac; then
		tg_pass "index view: removed functions in the index's order, marked; cursor followed from the graph"
	else
		tg_fail "index view: removed functions" "cursor: $cur" "$(diff rmi.exp rmi.got)" \
			"$(diff rm-names.exp rmi-rm.got)"
	fi
	m=$(tui_message rmi2.scr | sed 's/ *$//')
	if [ "$m" = "old_path: only in the baseline (removed since): no entry in this run" ] &&
	   grep -q '^  index ▼name' rmi2.scr; then
		tg_pass "index view: Enter on a removed row says so and stays"
	else
		tg_fail "index view: Enter on a removed row" "$m" "$(head -2 rmi2.scr)"
	fi
	expect "index view: the name line of a removed row" rmi3.scr \
		'^─── gone_too \(removed: only in the baseline\) ─'
	last=$(tui_list_rows rmi4.scr | tail -2 | grep -c '(removed)')
	if [ "$last" = 2 ] && tui_list_rows rmi4.scr | head -1 | grep -q '^ *\[[0-9][0-9]*\] '; then
		tg_pass "index view :sort index: removed rows (no index) last"
	else
		tg_fail "index view :sort index" "$(tui_list_rows rmi4.scr)"
	fi
	# without a baseline, neither view lists one
	cat > rmn.keys <<'K'
:graph
:save-display rmn1.scr
:index
:save-display rmn2.scr
:q
K
	rc=$(tui_run rmn ./cmp-rm rm-gmon.out)
	tui_screens rmn
	refute "no baseline: no removed rows in the call graph" rmn1.scr '\(removed\)'
	refute "no baseline: no removed rows in the index" rmn2.scr '\(removed\)'
	# random keys (fixed seed) from the call graph and the index
	for v in graph index; do
		awk -v v="$v" 'BEGIN {
			srand(v == "graph" ? 11 : 13)
			n = split("<Down> <Up> <PgDn> <Home> <End> <Enter> <BS> <Tab> d r u <C-r> f c i s ? > <lt> t n N <Space> a ] [ T g", k, " ")
			cmds[1] = ":filter 100%"; cmds[2] = ":filter old"; cmds[3] = ":filter off"
			cmds[4] = ":sort change"; cmds[5] = ":sort name desc"; cmds[6] = "/o"
			cmds[7] = ":k main/kept"; cmds[8] = ":significant"; cmds[9] = ":hide spin"
			cmds[10] = ":" v; cmds[11] = "<resize:3,30>"; cmds[12] = "<resize:40,120>"
			cmds[13] = "<click:5,5>"; cmds[14] = ":sort self"; cmds[15] = ":sort total desc"
			cmds[16] = ":scale 2"; cmds[17] = ":baseline off"; cmds[18] = ":baseline rm-base.out"
			print ":" v
			for (i = 0; i < 600; i++) {
				if (rand() < 0.15) print cmds[int(rand() * 18) + 1]
				else print k[int(rand() * n) + 1]
			}
			print ":save-display rmrand-" v ".scr"
			print ":q!"
		}' > rmrand-$v.keys
		rc=$(tui_run rmrand-$v --baseline=rm-base.out ./cmp-rm rm-gmon.out)
		if [ "$rc" = 0 ] && [ -s rmrand-$v.scr ]; then
			tg_pass "removed functions: random keys from the $v view never crash"
		else
			tg_fail "removed functions: random keys from the $v view" "exit $rc" \
				"$(head -20 rmrand-$v.err)"
		fi
	done
}

# --- functions only the baseline has are rows of the flat view: as many
# as the summary's "removed", the text comparison's, with no time now,
# the baseline's figures and the mark; the name line says it, nothing
# acts on them, and they go with the baseline.  (small, in both runs,
# takes less time now than either removed function took before: the
# call graph lists it after them.)
mkdir -p rm
cat > rm/cmp.c <<'C'
static volatile double sink;
void spin(long n) { for (long i = 0; i < n; i++) sink += i * 0.5; }
void old_path(void) { for (long i = 0; i < 60000000; i++) sink += i * 0.25; }
void gone_too(void) { spin(20000000); }
void kept(void) { spin(60000000); }
void small(void) { for (long i = 0; i < 1000000; i++) sink += i; }
int main(int argc, char **argv)
{
	(void)argv;
	kept();
	small();
	if (argc > 1) {
		old_path();
		gone_too();
	}
	return 0;
}
C
if (cd rm && $CC -pg -O0 -o cmp cmp.c && ./cmp old && mv gmon.out base.out && ./cmp) \
	> rm/build.log 2>&1; then
	cp rm/cmp cmp-rm && cp rm/base.out rm-base.out && cp rm/gmon.out rm-gmon.out
	"$TGPROF" --text --baseline=rm-base.out ./cmp-rm rm-gmon.out > rm.txt
	awk '/^Removed functions/ { on = 1; next } on && NF == 0 { exit } on { print $1 }' rm.txt |
		sort > rm-names.exp
	awk '/^ +before +after +change/ { on = 1; next } on && NF == 0 { exit }
	     on { print $NF, $1, $3 ($5 == "*" ? "*" : "") }' rm.txt | sort > rm-cols.txt
	grep -F -f rm-names.exp rm-cols.txt > rm-cols.exp
	cat > rm.keys <<'K'
:set bars off
:flat
:baseline rm-base.out
:save-display rm1.scr
/old_path
:save-display rm2.scr
s
:save-display rm3.scr
:flat
:sort name
:save-display rm4.scr
:baseline off
:save-display rm5.scr
:q
K
	rc=$(tui_run rm ./cmp-rm rm-gmon.out)
	tui_screens rm
	n=$(tui_message rm1.scr | sed -n 's/.*, \([0-9][0-9]*\) removed.*/\1/p')
	tui_list_rows rm1.scr | awk '/  \(removed\)/ { sub(/  \(removed\).*/, ""); print $NF }' |
		sort > rm-names.got
	if [ "$rc" = 0 ] && [ "${n:-0}" -ge 2 ] && [ "$(wc -l < rm-names.got)" = "$n" ] &&
	   cmp -s rm-names.exp rm-names.got; then
		tg_pass "removed functions: $n rows marked (removed), as the summary counts"
	else
		tg_fail "removed functions: rows marked (removed), as the summary counts" \
			"summary: ${n:-?} removed; rows: $(cat rm-names.got)" \
			"text: $(cat rm-names.exp)" "$(cat rm1.scr)"
	fi
	# (the rows alone, after the two lines cols skips)
	{ echo; echo; grep -F '(removed)' rm1.scr; } > rm-rows.scr
	cols rm-rows.scr | sort > rm-cols.got
	bad=$(tui_list_rows rm1.scr | awk '/\(removed\)/ && !($1 == "0.00" && $3 == "0.00")')
	if [ -z "$bad" ] && [ -s rm-cols.got ] && cmp -s rm-cols.exp rm-cols.got; then
		tg_pass "removed functions: no time now, the baseline's self time and change as the text's"
	else
		tg_fail "removed functions: no time now, the baseline's self time and change as the text's" \
			"$bad" "$(diff rm-cols.exp rm-cols.got)"
	fi
	expect "removed function: the name line says so" rm2.scr \
		'^─── old_path \(removed: only in the baseline\) ─'
	expect "removed function: no entry, nothing selected" rm3.scr \
		'^> no source: no function is selected$'
	# sorted by a column of this run: after the functions of the run
	last=$(tui_list_rows rm4.scr | tail -2 | grep -c '(removed)')
	if [ "$last" = 2 ] && tui_list_rows rm4.scr | head -1 | grep -q ' gone_too\| kept\| main\| spin'; then
		tg_pass "removed functions: after this run's under :sort name"
	else
		tg_fail "removed functions: after this run's under :sort name" "$(tui_list_rows rm4.scr)"
	fi
	refute ":baseline off: no removed rows" rm5.scr '\(removed\)'
	# random keys (fixed seed) over the removed rows never crash
	awk 'BEGIN {
		srand(9)
		n = split("<Down> <Up> <PgDn> <Home> <End> <Enter> <BS> <Tab> d r u <C-r> f c i s ? > <lt> t n N <Space> a ] [ T", k, " ")
		cmds[1] = ":filter 100%"; cmds[2] = ":filter old"; cmds[3] = ":filter off"
		cmds[4] = ":sort change"; cmds[5] = ":sort name desc"; cmds[6] = "/o"
		cmds[7] = ":k main/kept"; cmds[8] = ":significant"; cmds[9] = ":hide spin"
		cmds[10] = ":flat"; cmds[11] = "<resize:3,30>"; cmds[12] = "<resize:40,120>"
		cmds[13] = "<click:5,5>"; cmds[14] = ":sort significance"; cmds[15] = ":self 0.5"
		cmds[16] = ":scale 2"; cmds[17] = ":baseline off"; cmds[18] = ":baseline rm-base.out"
		print ":flat"
		for (i = 0; i < 600; i++) {
			if (rand() < 0.15) print cmds[int(rand() * 18) + 1]
			else print k[int(rand() * n) + 1]
		}
		print ":save-display rmrand.scr"
		print ":q!"
	}' > rmrand.keys
	rc=$(tui_run rmrand --baseline=rm-base.out ./cmp-rm rm-gmon.out)
	if [ "$rc" = 0 ] && [ -s rmrand.scr ]; then
		tg_pass "removed functions: random keys never crash"
	else
		tg_fail "removed functions: random keys never crash" "exit $rc" "$(head -20 rmrand.err)"
	fi
	removed_graph_index
else
	tg_fail "setup: two runs of a program that drops two functions" "$(cat rm/build.log)"
fi

# --- a bad --baseline at start: one message naming the file, status 1
rc=$(tui_run views --baseline=nosuch.out ./prog gmon.out)
if [ "$rc" = 1 ] && grep -q 'nosuch.out' views.err; then
	tg_pass "--baseline of a missing file: status 1, message naming it"
else
	tg_fail "--baseline of a missing file" "rc $rc" "$(cat views.err)"
fi

tui_finish
