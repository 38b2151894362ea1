#!/bin/sh
# The browser as a daily tool (issue 12), headless: cancelling a search
# in every view, search in the text views with a match count, messages
# after each command, quitting with unsaved edits, argument checks.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/tui/lib-tui.sh"
tg_need "$TGPROF" "$GPROF" "$CC"
TUI_LINES=30
TUI_COLS=100
tui_setup
cd "$W"
LC_ALL=C.UTF-8
export LC_ALL

# expect NAME FILE PATTERN: FILE has a line matching PATTERN (grep -E).
expect() {
	if [ -f "$2" ] && grep -Eq -- "$3" "$2"; then tg_pass "$1"; else
		tg_fail "$1" "no /$3/ in $2: $(tail -3 "$2" 2>&1)"; fi
}
# status NAME WANT: the exit status of the run NAME is WANT.
status() {
	got=$(cat "$W/$1.rc")
	if [ "$got" = "$2" ]; then tg_pass "$1: exit status $2"; else
		tg_fail "$1: exit status $got, want $2" "$(cat "$W/$1.err")"; fi
}

# --- cancelling a search never crashes, in any view, both directions
for v in help source-view cycles deleted flat index; do
	for km in default vi emacs; do
		case $km in
		default) back='' ;;
		vi) back='?x<Esc>' ;;
		emacs) back='<C-r>x<Esc>' ;;
		esac
		cat > cancel-$v-$km.keys <<K
:set keymap $km
:$v
/x<Esc>
/<C-g>
$back
:save-display cancel-$v-$km.scr
:q
K
		tui_run cancel-$v-$km ./prog gmon.out > /dev/null
		status cancel-$v-$km 0
	done
done

# --- search in the help view finds a line and counts the matches
cat > help-search.keys <<'K'
?
/undo
:save-display help-search.scr
n
:save-display help-search2.scr
:q
K
tui_run help-search ./prog gmon.out > /dev/null
expect help-search-cursor help-search.scr '^> .*undo'
expect help-search-count help-search.scr '^/undo \(1/[0-9]+\)'
expect help-search-next help-search2.scr '^/undo \(2/[0-9]+\)'

# --- search in the source view and in the deleted-arcs view
cat > src-search.keys <<'K'
:goto work
:source-view
/leaf_a
:save-display src-search.scr
:k work/leaf_a
:deleted
/leaf
:save-display del-search.scr
:q
K
tui_run src-search ./prog gmon.out > /dev/null
expect source-search src-search.scr '^> .*leaf_a'
expect deleted-search del-search.scr '^> .*work -> leaf_a'
expect deleted-search-count del-search.scr '^/leaf \(1/1\)'

tui_finish
