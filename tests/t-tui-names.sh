#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The name line, headless at 80 columns: every view whose rows name
# functions or arcs shows the highlighted row's whole name on a line of
# its own (the lists above the entry pane in its separator; the call
# tree, the deleted arcs, the cycle-breaking proposal and a list on a
# terminal too short for the pane as their last row), scrolled sideways
# with the rows to the end of a name of kilobytes.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/tui/lib-tui.sh"
tg_need "$TGPROF" "$GPROF" "$CC" g++
TUI_LINES=24
TUI_COLS=80
tui_setup
cd "$W"
LC_ALL=C.UTF-8
export LC_ALL

if ! g++ -pg -O0 -o longname "$TOP/tests/tui/longname.cc" > longname.log 2>&1 ||
   ! mkdir -p lnrun || ! (cd lnrun && ../longname > /dev/null) ||
   ! mv lnrun/gmon.out longname.gmon; then
	tg_fail "setup: build and run longname.cc (apt-get install g++)" "$(cat longname.log)"
	tui_finish
	exit 1
fi
# the long name as gprof prints it, its start and end
long=$("$GPROF" -b -p ./longname longname.gmon |
	awk '/deep_function/ { sub(/^ *[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9]+ +[0-9.]+ +[0-9.]+  /, ""); print }')
len=${#long}
head=$(printf '%s' "$long" | cut -c1-60)
tail=$(printf '%s' "$long" | cut -c$((len - 29))-)
# the right scrolls (16 columns each) that bring its end into an
# 80-column line: at most 50 of its characters left
k=$(( (len - 50 + 15) / 16 ))
rights() {
	i=0
	while [ "$i" -lt "$k" ]; do echo ']'; i=$((i + 1)); done
}
[ "$len" -gt 1000 ] || tg_fail "setup: a name of kilobytes" "length $len: $long"

# name_line NAME SCREEN TEXT WHERE: SCREEN has a name line whose name
# (after "[N] " for a function) starts with TEXT (WHERE start), or one
# where TEXT ends the name before the dashes (end); TEXT is fixed, not a
# pattern.
name_line() {
	if [ -f "$2" ] && awk -v t="$3" -v w="$4" '
		/^─── / { s = $0; sub(/^─── /, "", s)
			if (w == "start") { sub(/^\[[0-9]+\] /, "", s); ok = ok || index(s, t) == 1 }
			else ok = ok || index(s, t " ─") > 0 }
		END { exit !ok }' "$2"; then
		tg_pass "$1"
	else
		tg_fail "$1" "no name line with '$3' at its $4 in $2" "$(grep '^───' "$2" 2>&1 | cut -c1-200)"
	fi
}

# the call tree: the row of the long name
{ echo ':tree'; echo '<Down>'; echo ':save-display tree1.scr'; rights
  echo ':save-display tree2.scr'; echo ':q!'; } > tree.keys
tui_run tree ./longname longname.gmon > /dev/null
tui_screens tree
name_line "tree: the name line starts the highlighted row's name" tree1.scr "$head" start
name_line "tree: scrolled right, the name line ends the name" tree2.scr "$tail" end

# the deleted arcs: caller -> callee, both whole
{ echo ':k! main/[2]'; echo ':deleted'; echo ':save-display del1.scr'; rights
  echo ':save-display del2.scr'; echo ':q!'; } > del.keys
tui_run del ./longname longname.gmon > /dev/null
tui_screens del
name_line "deleted: the name line names the arc, caller first" del1.scr "main -> $head" start
name_line "deleted: scrolled right, the name line ends the callee's name" del2.scr "$tail" end

# the flat profile on a terminal too short for the entry pane
{ echo ':flat'; echo '<Down>'; echo ':save-display flat1.scr'; echo ':q!'; } > flat.keys
TUI_LINES=9 tui_run flat ./longname longname.gmon > /dev/null
tui_screens flat
name_line "flat on 9 lines: the name line under the rows" flat1.scr "other_function(int)" start
refute "flat on 9 lines: no entry pane" flat1.scr 'main \[[0-9]+\]$'

# the cycle-breaking proposal: the arc on the highlighted row
printf ':break-cycles 1\n<End>\n:save-display cyc1.scr\n:q!\n' > cyc.keys
tui_run cyc ./prog gmon.out > /dev/null
tui_screens cyc
expect "cycles: the name line names the proposed arc" cyc1.scr \
	'^─── (ping -> pong|pong -> ping) ─+$'
# and the function of a new entry's row
printf ':break-cycles 1\n/new entries\n<Down>\n:save-display cyc2.scr\n:q!\n' > cyc2.keys
tui_run cyc2 ./prog gmon.out > /dev/null
tui_screens cyc2
expect "cycles: the name line names a new entry's function" cyc2.scr '^─── (ping|pong) ─+$'

# views whose rows name nothing have none: help, source
printf '?\n:save-display help1.scr\n:q\n' > help.keys
tui_run help ./prog gmon.out > /dev/null
tui_screens help
refute "help: no name line" help1.scr '^───'

tui_finish
