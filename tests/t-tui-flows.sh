#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The browser's flows, headless: keymaps layered under the user's
# bindings, Back restoring the entry pane, the cursor kept in place
# after an edit, the entry pane resized, no false hidden count, sorts
# offered only when they mean something, confirmation before an edit of
# many arcs, :export's format from the extension, :write-edits saving.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/tui/lib-tui.sh"
tg_need "$TGPROF" "$GPROF" "$CC"
TUI_LINES=30
TUI_COLS=120
tui_setup
cd "$W"
LC_ALL=C.UTF-8
export LC_ALL

# Line number of the entry pane's cursor line, and the pane's separator.
entry_cursor() {
	awk '/^(───|---)/ { on = 1; next } on && /^>/ { print NR; exit }' "$1"
}
separator() {
	awk '/^(───|---)/ { print NR; exit }' "$1"
}

# --- :set keymap keeps the key file's and :bind's bindings on top; an
# unknown keymap changes nothing
mkdir -p config/tgprof
echo 'bind generic Z view-index' > config/tgprof/keys
cat > km.keys <<'K'
:bind generic z view-flat
:set keymap vi
z
:save-display km1.scr
Z
:save-display km2.scr
:set keymap nosuch
:save-display km3.scr
c
G
:save-display km4.scr
:q
K
tui_run km ./prog gmon.out > /dev/null
expect keymap-keeps-bind km1.scr 'cumul s'
expect keymap-keeps-keyfile km2.scr '^  index .name'
expect keymap-unknown-said km3.scr "unknown keymap .nosuch.*as they were"
# vi's G (move-last) still works after the failed :set keymap
row=$(tui_cursor_row km4.scr)
last=$(tui_list_rows km4.scr | tail -1)
if [ -n "$row" ] && [ "$row" = "$last" ]; then tg_pass keymap-unknown-keeps-vi; else
	tg_fail keymap-unknown-keeps-vi "cursor: $row" "last: $last"; fi
rm -rf config

# --- no hidden count for the profiling machinery (mcount & co, left out
# from the start and never unhidden)
nm prog | sed 's/ T leaf_a$/ T mcount/' > syms-mcount
cat > hid.keys <<'K'
:save-display hid.scr
:q
K
tui_run hid -S syms-mcount ./prog gmon.out > /dev/null
refute no-false-hidden-count hid.scr '[0-9]+ hidden'
cat > hid2.keys <<'K'
:hide work
:save-display hid2.scr
:q!
K
tui_run hid2 -S syms-mcount ./prog gmon.out > /dev/null
expect hidden-count-counts-hide hid2.scr '· 1 hidden'

# --- without a baseline, the sort keys against one are not offered
cat > sort.keys <<'K'
<lt>
:save-display sort1.scr
:sort change
:save-display sort2.scr
:q
K
tui_run sort ./prog gmon.out > /dev/null
expect sort-prev-skips-baseline-keys sort1.scr '^sorted by name$'
expect sort-change-refused sort2.scr '^columns: total self children calls name$'

# --- :k with an empty side asks before deleting several arcs
cat > kall.keys <<'K'
:k /
:save-display kall1.scr
:k other/
:save-display kall2.scr
:k main/work
:save-display kall3.scr
:k! /
:save-display kall4.scr
:q!
K
tui_run kall ./prog gmon.out > /dev/null
expect k-slash-asks kall1.scr "^./. would delete [0-9]+ arcs: :k! / does it"
expect k-slash-asks-nothing-deleted kall1.scr '· 0 arcs deleted ·'
expect k-from-asks kall2.scr "^.other/. would delete 2 arcs"
expect k-one-arc-no-question kall3.scr '^deleted arc main -> work'
expect k-bang-deletes kall4.scr '^deleted [0-9]+ arcs matching ./.'

# --- :export: the format from the extension, an unknown one refused
cat > exp.keys <<'K'
:export x.pdf
:save-display exp1.scr
:export x.svg
:export x.dot
:q
K
tui_run exp ./prog gmon.out > /dev/null
expect export-unknown-ext-refused exp1.scr '^x.pdf: no format has this extension'
if [ ! -e x.pdf ]; then tg_pass export-unknown-ext-writes-nothing; else
	tg_fail export-unknown-ext-writes-nothing "x.pdf written: $(head -c 80 x.pdf)"; fi
expect export-svg-is-svg x.svg '<svg'
expect export-dot-is-dot x.dot '^digraph'

# --- :write-edits saves: q quits at once
cat > we.keys <<'K'
:k main/work
:write-edits edits.txt
q
:save-display we-after.scr
:q!
K
rc=$(tui_run we ./prog gmon.out)
if [ "$rc" = 0 ] && [ -s edits.txt ] && [ ! -e we-after.scr ]; then
	tg_pass write-edits-counts-as-saving
else
	tg_fail write-edits-counts-as-saving "rc $rc" "$(tail -1 we-after.scr 2>&1)"
fi

# --- Back restores the entry pane (focus, cursor line); Enter follows
cat > bk.keys <<'K'
:goto work
<Tab>
<Down>
<Down>
:save-display bk1.scr
<Enter>
<Left>
:save-display bk2.scr
:q
K
tui_run bk ./prog gmon.out > /dev/null
c1=$(entry_cursor bk1.scr)
c2=$(entry_cursor bk2.scr)
if [ -n "$c1" ] && [ "$c1" = "$c2" ] &&
   [ "$(sed -n "${c1}p" bk1.scr)" = "$(sed -n "${c2}p" bk2.scr)" ]; then
	tg_pass back-restores-entry-pane
else
	tg_fail back-restores-entry-pane "before: $c1 $(sed -n "${c1:-1}p" bk1.scr)" \
		"after: $c2 $(sed -n "${c2:-1}p" bk2.scr 2>&1)"
fi

# --- d in the entry pane: the cursor stays where it was (on the next
# line), not on the deleted arc moved to the bottom
cat > del.keys <<'K'
:goto leaf_b
<Tab>
<Home>
:save-display del1.scr
d
:save-display del2.scr
:q!
K
tui_run del ./prog gmon.out > /dev/null
c1=$(entry_cursor del1.scr)
c2=$(entry_cursor del2.scr)
if [ -n "$c1" ] && [ "$c1" = "$c2" ] && ! sed -n "${c2}p" del2.scr | grep -q deleted; then
	tg_pass delete-keeps-cursor-place
else
	tg_fail delete-keeps-cursor-place "before: $c1" "after: $c2 $(sed -n "${c2:-1}p" del2.scr)"
fi
# the deleted arc moved to the bottom, its count alone and marked
refute delete-marked-before del1.scr ' \(deleted\) *$'
expect delete-marked del2.scr '^ +6 +other \[[0-9]+\] \(deleted\) *$'

# --- the entry pane can be made taller and shorter
cat > grow.keys <<'K'
:save-display grow1.scr
+
+
:save-display grow2.scr
-
-
-
:save-display grow3.scr
:q
K
tui_run grow ./prog gmon.out > /dev/null
s1=$(separator grow1.scr)
s2=$(separator grow2.scr)
s3=$(separator grow3.scr)
if [ -n "$s1" ] && [ -n "$s2" ] && [ -n "$s3" ] && [ "$s2" -lt "$s1" ] &&
   [ "$s3" -gt "$s1" ]; then
	tg_pass entry-pane-resizes
else
	tg_fail entry-pane-resizes "separator lines: $s1 $s2 $s3"
fi
expect entry-pane-resize-said grow2.scr '^entry pane: 60% of the screen'

# --- names: -l keeps file:line (the rows are gprof -l's)
cat > lines.keys <<'K'
:save-display lines.scr
:q
K
TUI_COLS=200 tui_run lines -l ./prog gmon.out > /dev/null
"$GPROF" -b -l -q ./prog gmon.out | grep '^\[' > lines.exp
tui_list_rows lines.scr > lines.got
if [ -s lines.exp ] && grep -q ':[0-9]* @ ' lines.exp && cmp -s lines.exp lines.got; then
	tg_pass line-names-keep-file-line
else
	tg_fail line-names-keep-file-line "$(diff lines.exp lines.got 2>&1 | head -6)"
fi

# --- names: a row whose name is kilobytes long (C++ templates) is drawn,
# at 80 columns in a short form that keeps the function and its class
tg_need g++
if g++ -pg -O0 -o longname "$TOP/tests/tui/longname.cc" > longname.log 2>&1 &&
   mkdir -p lnrun && (cd lnrun && ../longname > /dev/null) && mv lnrun/gmon.out longname.gmon; then
	cat > ln.keys <<'K'
f
:save-display ln1.scr
?
]
:save-display ln3.scr
:q
K
	TUI_COLS=80 tui_run ln ./longname longname.gmon > /dev/null
	expect long-name-row-drawn ln1.scr '^>? +[0-9.]+ +[0-9.]+ +[0-9.]+ +1 .*  …::holder<…>::deep_funct'
	expect long-name-full-line ln1.scr '^─── \[[0-9]+\] a_rather_long_namespace_name::another_level_of_detail::holder<'
	# ] scrolls the help view (a text view) too
	expect help-scrolls-sideways ln3.scr '^> om the live bindings'
else
	tg_fail "c++ program: build and run (apt-get install g++)" "$(cat longname.log)"
fi

# --- messages of any length, and undo with demangled names
long=$(printf 'nosuchfunction%.0s' $(seq 1 60))
cat > msg.keys <<K
:goto $long
:messages
:save-display msg1.scr
:q
K
TUI_COLS=100 tui_run msg ./prog gmon.out > /dev/null
if sed 's/^>//' msg1.scr | tr -d '\n ' | grep -q "named.$long'"; then
	tg_pass message-of-any-length
else
	tg_fail message-of-any-length "$(sed -n 2,6p msg1.scr)"
fi
if g++ -pg -O0 -g -I"$TOP/tests/corpus" -o cxx "$TOP/tests/corpus/cxx.cc" > cxx.log 2>&1 &&
   mkdir -p cxxrun && (cd cxxrun && ../cxx > /dev/null) && mv cxxrun/gmon.out cxx.gmon; then
	cat > undo.keys <<'K'
:k geo::Shape::count_big(std::vector<geo::Shape*, std::allocator<geo::Shape*> > const&, double)/geo::Circle::area() const
u
:save-display undo1.scr
<C-r>
:save-display undo2.scr
:q!
K
	TUI_COLS=200 tui_run undo ./cxx cxx.gmon > /dev/null
	expect undo-demangled undo1.scr '^undid: k geo::Shape::count_big\(.*\)/geo::Circle::area\(\) const'
	expect redo-demangled undo2.scr '^redid: k geo::Shape::count_big\('
else
	tg_fail "c++ program: build and run (apt-get install g++)" "$(cat cxx.log)"
fi

# --- p in the cycles view keeps the cursor on its row
cat > cyc.keys <<'K'
:break-cycles 1
<End>
:save-display cyc1.scr
p
:save-display cyc2.scr
:q!
K
tui_run cyc ./prog gmon.out > /dev/null
r1=$(grep -n '^>' cyc1.scr | cut -d: -f1)
r2=$(grep -n '^>' cyc2.scr | cut -d: -f1)
if [ -n "$r1" ] && [ "$r1" -gt 3 ] && [ "$r1" = "$r2" ] && grep -q 'pinned (kept)' cyc2.scr; then
	tg_pass cycles-pin-keeps-cursor
else
	tg_fail cycles-pin-keeps-cursor "cursor row before: $r1, after: $r2" "$(tail -3 cyc2.scr)"
fi

# --- against a baseline: calls before and their change per function
# (flat view) and per arc (entry pane), and the summary, as the text
# comparison gives them
mkdir -p run3
(cd run3 && ../prog 3 > /dev/null)
"$TGPROF" --text --baseline=gmon.out ./prog run3/gmon.out > cmp.txt
awk '/^ +before +after +change +\+- +before/ { on = 1; next }
     on && NF == 0 { exit }
     on { c = $(NF - 3); if (c == "0") c = ""; print $NF, $(NF - 5), c }' cmp.txt |
	sort > calls.exp
awk '/caller -> callee/ { on = 1; next } on && NF == 0 { exit }
     on { print $4, $6, $3 "c" }' cmp.txt | sort > arcs.exp
cat > bl.keys <<'K'
:set bars off
f
:save-display bl1.scr
c
:goto ping
:save-display bl2.scr
:baseline off
:baseline gmon.out
:save-display bl3.scr
:q
K
TUI_COLS=140 tui_run bl --baseline=gmon.out ./prog run3/gmon.out > /dev/null
# flat rows: ... name  base-calls [change]  base-self  change[*]
tui_list_rows bl1.scr | awk '{
	if ($NF == "*") NF--
	NF -= 2
	ch = ""
	if ($NF ~ /^([-+][0-9]+|new|gone)$/) { ch = $NF; NF-- }
	print $(NF - 1), $NF, ch }' | sort > calls.got
# (the flat profile leaves out main: no time, no calls)
if [ "$(wc -l < calls.got)" -ge 6 ] && [ -z "$(comm -13 calls.exp calls.got)" ]; then
	tg_pass baseline-calls-columns-equal-text
else
	tg_fail baseline-calls-columns-equal-text "$(diff calls.exp calls.got 2>&1 | head -8)"
fi
# ping's entry: its parent and child lines' arc call changes
tui_entry_rows bl2.scr | awk '/\+[0-9]+c / {
	for (i = 1; i <= NF; i++) if ($i ~ /^\+[0-9]+c$/) ch = $i
	name = ""
	for (i = 1; i <= NF; i++) if ($i ~ /^\[[0-9]+\]$/) j = i
	name = $(j - 1) ~ /^[0-9]+>$/ ? $(j - 3) : $(j - 1)
	print name, ch }' > arcs-ping.got
bad=""
while read -r other ch; do
	grep -Fxq -e "ping $other $ch" -e "$other ping $ch" arcs.exp || bad="$bad $other:$ch"
done < arcs-ping.got
if [ "$(wc -l < arcs-ping.got)" -ge 3 ] && [ -z "$bad" ]; then
	tg_pass "baseline-arc-call-changes ($(wc -l < arcs-ping.got) arcs)"
else
	tg_fail baseline-arc-call-changes "bad:$bad" "$(cat arcs-ping.got)"
fi
sum=$(sed -n 's/^Functions: [0-9]* compared, \([0-9]*\) with a significant.*, \([0-9]*\) with changed call counts, \([0-9]*\) added, \([0-9]*\) removed$/\1 significant, \2 calls changed, \3 added, \4 removed/p' cmp.txt)
expect "baseline-summary ($sum)" bl3.scr "vs baseline: $sum\$"

# --- at 40 columns the header names only the columns the rows show
cat > narrow.keys <<'K'
f
:save-display narrow1.scr
c
:save-display narrow2.scr
:q
K
TUI_COLS=40 TUI_LINES=20 tui_run narrow ./prog gmon.out > /dev/null
expect narrow-flat-header narrow1.scr '^ +%time  name$'
expect narrow-graph-header narrow2.scr '^  index.% time  name$'

# --- the deleted arcs sort as a list: by calls, and newest first (R)
cat > dsort.keys <<'K'
:k other/leaf_b
:k work/leaf_a
:k main/other
D
:save-display dsort1.scr
R
:save-display dsort2.scr
:sort calls
:save-display dsort3.scr
:q!
K
tui_run dsort ./prog gmon.out > /dev/null
first() { sed -n 3p "$1" | sed 's/^[> ] *[0-9]* *//; s/ *$//'; }
[ "$(first dsort1.scr)" = "other -> leaf_b" ] && [ "$(first dsort2.scr)" = "main -> other" ] &&
	[ "$(first dsort3.scr)" = "work -> leaf_a" ] && tg_pass deleted-view-sorts ||
	tg_fail deleted-view-sorts "$(first dsort1.scr) / $(first dsort2.scr) / $(first dsort3.scr)"

# --- :bind says what it bound and stays in the view
cat > bind.keys <<'K'
:bind generic z view-flat
:save-display bind1.scr
:q
K
tui_run bind ./prog gmon.out > /dev/null
expect bind-stays-in-view bind1.scr '^  index.% time'
expect bind-says bind1.scr '^bound: generic z view-flat'

tui_finish
