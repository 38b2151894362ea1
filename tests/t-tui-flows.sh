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

# expect NAME FILE PATTERN: FILE has a line matching PATTERN (grep -E).
expect() {
	if [ -f "$2" ] && grep -Eq -- "$3" "$2"; then tg_pass "$1"; else
		tg_fail "$1" "no /$3/ in $2: $(tail -3 "$2" 2>&1)"; fi
}
# refute NAME FILE PATTERN: FILE exists and has no line matching PATTERN.
refute() {
	if [ -f "$2" ] && ! grep -Eq -- "$3" "$2"; then tg_pass "$1"; else
		tg_fail "$1" "/$3/ in $2 (or no file): $(grep -E -- "$3" "$2" 2>&1 | head -3)"; fi
}
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

tui_finish
