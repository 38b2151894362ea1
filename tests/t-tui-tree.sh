#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The browser's call tree, headless: its rows' times and calls against
# GNU gprof's call graph (gprof -b -q) on programs with a cycle (the
# browser test program and the corpus's cycles.c), each open row's total
# the sum of its self time and its children's; opening, closing, the hot
# path, closing all, the parent row, bottom-up from a function, Enter into
# the call graph and Back; an arc deleted from the tree (the times
# re-propagated, as gprof -k gives them) and undone; the baseline's
# columns against the tree of the baseline alone.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/tui/lib-tui.sh"
tg_need "$TGPROF" "$GPROF" "$CC"
# ASCII marks (+ closed, - open) and no bar column (:set bars off in
# every key file): rows parse plainly.
TUI_LINES=40
TUI_COLS=120
tui_setup
cd "$W"
LC_ALL=C
export LC_ALL

# same NAME GOT WANT: two texts are equal.
same() {
	if [ "$2" = "$3" ]; then tg_pass "$1"; else
		tg_fail "$1" "got:" "$2" "want:" "$3"; fi
}

# The tree's rows of screen FILE, one a line: depth|name|self|total|calls|
# % parent|cursor (">" or empty).  The name starts at column 50, after
# two blanks a level and the mark (+, -, = or a blank for a leaf); up to
# the name line.
tree_rows() {
	awk -v last="$TUI_LINES" 'NR <= 2 || NR >= last { next }
	/^(───|---)/ { exit }
	{
		line = $0
		if (length(line) < 50) next
		rest = substr(line, 50)
		n = match(rest, /[^ ]/) - 1
		c = substr(rest, n + 1, 1)
		if (c == "+" || c == "-" || c == "=") { d = n / 2; name = substr(rest, n + 3) }
		else { d = (n - 2) / 2; name = substr(rest, n + 1) }
		sub(/  \(already on this path.*/, "", name)
		sub(/ +$/, "", name)
		nf = split(substr(line, 3, 47), f, " ")
		# % whole, [% parent], self, total, [calls]
		if (nf == 5) { pp = f[2]; s = f[3]; t = f[4]; k = f[5] }
		else if (nf == 4 && substr(line, 12, 8) ~ /^ *$/) { pp = ""; s = f[2]; t = f[3]; k = f[4] }
		else if (nf == 4) { pp = f[2]; s = f[3]; t = f[4]; k = "" }
		else { pp = ""; s = f[2]; t = f[3]; k = "" }
		print d "|" name "|" s "|" t "|" k "|" pp "|" (substr(line, 1, 1) == ">" ? ">" : "")
	}' "$1"
}

# The child lines of NAME's entry in gprof -b -q output FILE, one a line:
# name|self|children|calls; a cycle's members summed into one line named
# "<cycle K as a whole>", as the tree shows a call into a cycle.
gprof_children() {
	awk -v want="$2" '
	/^index % time/ { on = 1; next }
	!on { next }
	/^Index by function name/ { exit }
	/^-----/ { if (hit) exit; prim = 0; next }
	/^\[[0-9]+\]/ {
		nm = $0; sub(/^\[[0-9]+\] +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9+]* */, "", nm)
		sub(/ \[[0-9]+\]$/, "", nm); sub(/ <cycle [0-9]+>$/, "", nm)
		if (nm == want) hit = 1
		prim = 1; next
	}
	hit && prim && NF >= 5 && $3 ~ /\// {
		nm = $0; sub(/^ +[0-9.]+ +[0-9.]+ +[0-9]+\/[0-9]+ +/, "", nm); sub(/ \[[0-9]+\]$/, "", nm)
		if (match(nm, / <cycle [0-9]+>$/)) {
			k = substr(nm, RSTART + 8); sub(/>$/, "", k); nm = "<cycle " k " as a whole>"
		}
		split($3, c, "/")
		if (!(nm in self)) order[++n] = nm
		self[nm] += $1; ch[nm] += $2; calls[nm] += c[1]; lines[nm]++
	}
	END { for (i = 1; i <= n; i++) { o = order[i]
		printf "%s|%.2f|%.2f|%d|%d\n", o, self[o], ch[o], calls[o], lines[o] } }' "$1"
}

# check_children NAME SCREEN GPROF DEPTH: the rows at DEPTH under the row
# NAME (at DEPTH-1) agree with NAME's children in gprof's entry: self,
# total (self + children, within rounding), calls; none missing, none more.
check_children() {
	tree_rows "$2" | awk -F'|' -v want="$1" -v d="$4" '
	$1 == d - 1 { on = ($2 == want); next }
	$1 < d - 1 { on = 0 }
	on && $1 == d { print $2 "|" $3 "|" $4 "|" $5 }' > "$W/tree.kids"
	gprof_children "$3" "$1" > "$W/gprof.kids"
	bad=$(awk -F'|' 'NR == FNR { s[$1] = $2; t[$1] = $3; c[$1] = $4; next }
	{ n++; seen[$1] = 1
	  if (!($1 in s)) { print "no row for " $1; next }
	  ds = s[$1] - $2; if (ds < 0) ds = -ds
	  if (ds > 0.006 * $5) print $1 ": self " s[$1] " want " $2
	  dt = t[$1] - ($2 + $3); if (dt < 0) dt = -dt
	  if (dt > 0.006 * (2 * $5)) print $1 ": total " t[$1] " want " $2 " + " $3
	  if (c[$1] != $4) print $1 ": calls " c[$1] " want " $4 }
	END { if (!n) print "gprof has no children"
	      for (k in s) if (!(k in seen)) print "a row for " k " gprof has not" }' "$W/tree.kids" "$W/gprof.kids")
	if [ -z "$bad" ]; then tg_pass "$5"; else
		tg_fail "$5" "$bad" "tree:" "$(cat "$W/tree.kids")" "gprof:" "$(cat "$W/gprof.kids")"; fi
}

# check_sums NAME SCREEN [up]: every open row's total is its self time
# plus its shown children's totals (bottom-up, and for a cycle as a
# whole, whose members are its children: their totals), within rounding
# of the printed figures.
check_sums() {
	bad=$(tree_rows "$2" | awk -F'|' -v up="${3:-}" '
	{ d[NR] = $1; s[NR] = $3; t[NR] = $4; c[NR] = $2 ~ /^<cycle/; n = NR }
	END {
		for (i = 1; i <= n; i++) {
			# a cycle as a whole: its self time is the members self time
			sum = up || c[i] ? 0 : s[i]; k = 0
			for (j = i + 1; j <= n && d[j] > d[i]; j++)
				if (d[j] == d[i] + 1) { sum += t[j]; k++ }
			if (!k) continue
			open++
			diff = sum - t[i]; if (diff < 0) diff = -diff
			if (diff > 0.006 * (k + 1)) print "row " i ": total " t[i] " but self + children " sum
		}
		if (!open) print "no open row"
	}')
	if [ -z "$bad" ]; then tg_pass "$1"; else tg_fail "$1" "$bad"; fi
}

"$GPROF" -b -q prog gmon.out > prog.cg 2>&1 || tg_fail "gprof -q" "$(cat prog.cg)"

# --- top-down: the first screen, the hot path, closing and opening
cat > down.keys <<'K'
:set bars off
w
:save-display d1.scr
H
:save-display d2.scr
p
:save-display d3.scr
-
:save-display d4.scr
+
:save-display d5.scr
C
:save-display d6.scr
:q
K
tui_run down ./prog gmon.out > /dev/null
expect down-header-says-estimate d1.scr 'top-down: path times estimated from arcs, as gprof.s call graph'
n=$(grep -c 'estimated from arcs' d1.scr)
same down-header-once "$n" 1
same down-first-screen "$(tree_rows d1.scr | cut -d'|' -f1,2,7)" "0|main|>
1|other|
1|work|"
gmain=$(awk '/^\[[0-9]+\].* main \[[0-9]+\]$/ { printf "%.2f|%.2f", $3, $3 + $4; exit }' prog.cg)
same down-root-is-main-total "$(tree_rows d1.scr | awk -F'|' '$2 == "main" { print $3 "|" $4 }')" "$gmain"
check_children main d1.scr prog.cg 1 down-main-children-vs-gprof
# the hot path: main, other, the cycle as a whole, ping, burn
same hot-path-rows "$(tree_rows d2.scr | cut -d'|' -f1,2,7)" "0|main|
1|other|
2|<cycle 1 as a whole>|
3|ping|
4|burn|>
3|pong|
2|leaf_b|
1|work|"
expect hot-path-message d2.scr 'hot path: 4 levels down to burn'
check_children other d2.scr prog.cg 2 cycle-row-vs-gprof
# the members under the cycle: their times in the cycle's entry
cyc=$(tree_rows d2.scr | awk -F'|' '$1 == 3 { print $2 "|" $3 "|" $4 "|" $5 }')
gcyc=$(awk '/^\[[0-9]+\].*<cycle 1 as a whole>/ { on = 1; next } on && /^---/ { exit }
	on { printf "%s|%s|%.2f|%s\n", $4, $1, $1 + $2, $3 }' prog.cg)
same cycle-members-vs-gprof "$cyc" "$gcyc"
check_sums hot-path-sums d2.scr
same parent-row "$(tree_rows d3.scr | awk -F'|' '$7 == ">" { print $1 "|" $2 }')" "3|ping"
same collapse-one "$(tree_rows d4.scr | cut -d'|' -f1,2 | tr '\n' ' ')" \
	"0|main 1|other 2|<cycle 1 as a whole> 3|ping 3|pong 2|leaf_b 1|work "
expect collapse-one-mark d4.scr '^> .* \+ ping$'
same expand-one "$(tree_rows d5.scr | cut -d'|' -f1,2 | tr '\n' ' ')" \
	"0|main 1|other 2|<cycle 1 as a whole> 3|ping 4|burn 3|pong 2|leaf_b 1|work "
same collapse-all "$(tree_rows d6.scr | cut -d'|' -f1,2,7)" "0|main|>"

# --- bottom-up from burn: its callers, with the times of burn's parent
# lines in the call graph
cat > up.keys <<'K'
:set bars off
:tree-up burn
:save-display u1.scr
<Down>
H
:save-display u2.scr
:q
K
tui_run up ./prog gmon.out > /dev/null
expect up-header u1.scr 'paths to burn: times estimated from arcs'
gburn=$(awk '/^\[[0-9]+\].* burn \[[0-9]+\]$/ { printf "0|burn|%.2f|%.2f|%s", $3, $3 + $4, $5; exit }' prog.cg)
same up-top "$(tree_rows u1.scr | head -1 | cut -d'|' -f1-5)" "$gburn"
want=$(awk '/^\[[0-9]+\].* burn \[[0-9]+\]$/ { exit } /^---/ { blk = ""; next }
	{ blk = blk $0 "\n" } END { printf "%s", blk }' prog.cg |
	awk '$3 ~ /\// { split($3, c, "/"); printf "1|%s|%s|%.2f|%s\n", $4, $1, $1 + $2, c[1] }' | sort)
got=$(tree_rows u1.scr | awk -F'|' '$1 == 1 { print $1 "|" $2 "|" $3 "|" $4 "|" $5 }' | sort)
same up-callers-vs-gprof "$got" "$want"
# ping's share of burn came through its cycle, then other, then main
same up-hot-path "$(tree_rows u2.scr | awk -F'|' '$1 >= 1 && $1 <= 4 && NR <= 5 { print $1 "|" $2 }' | tr '\n' ' ')" \
	"1|ping 2|<cycle 1 as a whole> 3|other 4|main "
check_sums up-sums u2.scr up

# --- Enter: the call graph's entry of the row's function; Back returns
cat > follow.keys <<'K'
:set bars off
w
<End>
<Enter>
:save-display f1.scr
<BS>
:save-display f2.scr
:q
K
tui_run follow ./prog gmon.out > /dev/null
expect enter-graph-entry f1.scr '^>.* work \[[0-9]+\]$'
expect enter-graph-entry-pane f1.scr '^-+ \[[0-9]+\] work -'
same back-to-tree "$(tree_rows f2.scr | awk -F'|' '$7 == ">" { print $1 "|" $2 }')" "1|work"

# --- vi's keymap: l opens (on an open row: goes to its first child), h
# closes (on a closed row: goes to its parent); r says where restoring is
cat > vi.keys <<'K'
:set bars off
:set keymap vi
w
l
l
:save-display v1.scr
h
h
:save-display v2.scr
r
:save-display v3.scr
:q
K
tui_run vi ./prog gmon.out > /dev/null
same vi-l-opens "$(tree_rows v1.scr | cut -d'|' -f1,2,7 | tr '\n' ' ')" \
	"0|main| 1|other|> 2|<cycle 1 as a whole>| 2|leaf_b| 1|work| "
same vi-h-closes "$(tree_rows v2.scr | cut -d'|' -f1,2,7 | tr '\n' ' ')" \
	"0|main|> 1|other| 1|work| "
expect restore-says-where v3.scr 'no deleted arc here: D lists them'

# --- an arc deleted from the tree: the rows re-propagated as gprof -k
# gives them; undo brings them back
"$GPROF" -b -q -k main/work prog gmon.out > prog-k.cg 2>&1
cat > edit.keys <<'K'
:set bars off
w
<End>
d
:save-display e1.scr
u
:save-display e2.scr
:q!
K
tui_run edit ./prog gmon.out > /dev/null
expect edit-message e1.scr 'deleted arc main -> work'
same edit-rows "$(tree_rows e1.scr | cut -d'|' -f1,2 | tr '\n' ' ')" "0|main 1|other 0|work "
check_children main e1.scr prog-k.cg 1 edit-main-children-vs-gprof-k
gk=$(awk '/^\[[0-9]+\].* main \[[0-9]+\]$/ { printf "%.2f", $3 + $4; exit }' prog-k.cg)
same edit-main-total "$(tree_rows e1.scr | awk -F'|' '$2 == "main" { print $4 }')" "$gk"
same undo-rows "$(tree_rows e2.scr | cut -d'|' -f1,2 | tr '\n' ' ')" "0|main 1|other 1|work "
check_children main e2.scr prog.cg 1 undo-main-children-vs-gprof
same undo-cursor "$(tree_rows e2.scr | awk -F'|' '$7 == ">" { print $1 "|" $2 }')" "1|work"

# --- against a baseline (a longer run): each row's baseline total is
# the same path's total in the tree of the baseline alone, and the
# change is the difference
mv gmon.out gmon.1
./prog 2 > /dev/null && mv gmon.out gmon.base
cp gmon.1 gmon.out
cat > base.keys <<'K'
:set bars off
:baseline gmon.base
w
H
:save-display b1.scr
:q
K
tui_run base ./prog gmon.out > /dev/null
cat > base2.keys <<'K'
:set bars off
w
H
:save-display b2.scr
:q
K
tui_run base2 ./prog gmon.base > /dev/null
expect base-header b1.scr 'base s +vs base$'
# the rows stop at column 100; the baseline columns follow
cut -c1-100 b1.scr > b1.rows
sed -n "3,$((TUI_LINES - 1))p" b1.scr | cut -c101- | awk 'NF == 2 { print $1 "|" $2 }' > b1.cells
tree_rows b1.rows | cut -d'|' -f1,2,4 | paste -d'|' - b1.cells > b1.got
tree_rows b2.scr | cut -d'|' -f1,2,4 > b2.want
# depth|name|total now|base|change against depth|name|total in the baseline
bad=$(awk -F'|' 'NR == FNR { want[FNR] = $1 "|" $2; wt[FNR] = $3; n = FNR; next }
	{ m++
	  if ($1 "|" $2 != want[FNR]) { print "row " FNR ": " $1 "|" $2 " want " want[FNR]; next }
	  if ($4 != wt[FNR]) print $2 ": base " $4 " want " wt[FNR]
	  d = $3 - wt[FNR] - $5; if (d < 0) d = -d
	  if (d > 0.011) print $2 ": change " $5 " want " $3 " - " wt[FNR] }
	END { if (m != n || !n) print m " rows, the baseline alone " n }' b2.want b1.got)
if [ -z "$bad" ]; then tg_pass base-columns-vs-baseline-tree; else
	tg_fail base-columns-vs-baseline-tree "$bad" "$(cat b1.got)"; fi

# --- a corpus program with many cycles: the first root's children and
# the hot path's rows against the call graph
if $CC -pg -O0 -g -I"$TOP/tests/corpus" -o cyc "$TOP/tests/corpus/cycles.c" > cyc.log 2>&1 &&
   ./cyc > /dev/null 2>> cyc.log; then
	"$GPROF" -b -q cyc gmon.out > cyc.cg 2>&1
	cat > cyc.keys <<'K'
:set bars off
:set bars off
w
:save-display c1.scr
H
:save-display c2.scr
:q
K
	tui_run cyc ./cyc gmon.out > /dev/null
	root=$(tree_rows c1.scr | awk -F'|' '$1 == 0 { print $2; exit }')
	check_children "$root" c1.scr cyc.cg 1 corpus-cycles-root-children-vs-gprof
	check_sums corpus-cycles-hot-path-sums c2.scr
	# every row of the hot path whose parent is a function: its children
	# as gprof's entry of that function gives them
	tree_rows c2.scr | awk -F'|' '$2 !~ /^<cycle/ && $1 < 6 { print $1 "|" $2 }' |
	while IFS='|' read -r d f; do
		n=$(tree_rows c2.scr | awk -F'|' -v d="$d" -v f="$f" '$1 == d && $2 == f { k++ } END { print k + 0 }')
		# a row with all its function's time (else its children have
		# a share of gprof's figures)
		whole=$(awk -v f="$f" '/^\[[0-9]+\]/ { nm = $0; sub(/ \[[0-9]+\]$/, "", nm); sub(/ <cycle [0-9]+>$/, "", nm)
			if (substr(nm, length(nm) - length(f)) == " " f) { printf "%.2f", $3 + $4; exit } }' cyc.cg)
		rowt=$(tree_rows c2.scr | awk -F'|' -v d="$d" -v f="$f" '$1 == d && $2 == f { print $4 }')
		if [ "$n" = 1 ] && [ "$whole" = "$rowt" ] && tree_rows c2.scr | awk -F'|' -v d="$d" -v f="$f" '
			$1 == d && $2 == f { on = 1; next } on && $1 == d + 1 { y = 1 } on && $1 <= d { exit } END { exit !y }'; then
			check_children "$f" c2.scr cyc.cg $((d + 1)) "corpus-cycles-children-of-$f"
		fi
	done
else
	tg_fail "corpus cycles.c: build and run" "$(cat cyc.log)"
fi

tui_finish
