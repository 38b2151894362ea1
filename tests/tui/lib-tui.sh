# SPDX-License-Identifier: GPL-3.0-or-later
# lib-tui.sh: helpers for the browser tests (sourced after tests/lib.sh).
#
# W: this run's scratch directory.  tui_finish: tg_finish, after
# removing W when nothing failed.
# tui_setup: builds tests/tui/prog.c with -pg into $W and runs it once,
# so every test has its own profile and does not depend on the corpus.
# tui_run NAME ARGS...: runs the browser headless with the key script
# $W/NAME.keys (written by the caller) at $TUI_LINES x $TUI_COLS; stdout
# and stderr go to $W/NAME.out and $W/NAME.err, the exit status to $W/NAME.rc.
# tui_screens NAME then fails the run for each screen it should have
# saved and did not (:save-display refuses to replace a file: give each
# run's screens names of their own).
# Screens from :save-display are cut into parts by tui_list_rows (the
# rows of the top list, without the two-column cursor gutter) and
# tui_entry_rows (the entry pane).

# A directory per run (several check runs may share the tree), removed
# by tui_finish when every case passed.
W=$TG_OUT/$(basename "$0" .sh).$$
rm -rf "$W"
mkdir -p "$W"
TUI_LINES=${TUI_LINES:-60}
TUI_COLS=${TUI_COLS:-160}

tui_setup() {
	rm -f "$W"/*.scr "$W"/*.dump "$W"/*.got "$W"/*.txt
	if ! (cd "$W" && $CC -pg -O0 -g -o prog "$TOP/tests/tui/prog.c" > build.log 2>&1 &&
	      ./prog > /dev/null 2>>build.log); then
		tg_fail "setup: build and run the -pg test program" "$(cat "$W/build.log")"
		tg_finish
		exit 1
	fi
	# Without debug information, for the source view's note.
	(cd "$W" && $CC -pg -O0 -o prog-nog "$TOP/tests/tui/prog.c" 2>>build.log)
}

tui_finish() {
	[ "$tg_nfail" -eq 0 ] && cd "$TG_OUT" && rm -rf "$W"
	tg_finish
}

tui_run() {
	name=$1
	shift
	(cd "$W" && XDG_STATE_HOME=$W/state XDG_CONFIG_HOME=$W/config HOME=$W \
	 LINES=${TUI_LINES} COLUMNS=${TUI_COLS} TGPROF_SCRIPT=$W/$name.keys \
	 timeout -k 5 20 "$TGPROF" --tui "$@" > "$W/$name.out" 2> "$W/$name.err" < /dev/null
	 echo $? > "$W/$name.rc")
	cat "$W/$name.rc"
}

# tui_saved NAME: the files the key script $W/NAME.keys saves screens to.
tui_saved() {
	awk '$1 == ":save-display" { print $2 }' "$W/$1.keys"
}

# tui_screens NAME: after tui_run NAME, one FAIL line for each screen the
# script saves that was not written (the browser died or refused first),
# with the run's status and error output; status 1 when one is missing.
# A case that looks for what a screen lacks needs this, or a screen never
# written would pass it.
tui_screens() {
	_miss=0
	for _s in $(tui_saved "$1"); do
		[ -f "$W/$_s" ] && continue
		tg_fail "$1: screen $_s was not written" "exit status $(cat "$W/$1.rc")" \
			"$(tail -5 "$W/$1.err")"
		_miss=1
	done
	return $_miss
}

# Rows of the list: after the title and header lines, up to the separator
# line of the entry pane (or the end); gutter, the bar column of % time
# and trailing blanks removed.
tui_list_rows() {
	awk 'NR <= 2 { next }
	     /^(───|---)/ { exit }
	     { sub(/^../, ""); sub(/ +[█▏▎▍▌▋▊▉]+ *$/, ""); sub(/ +$/, ""); if ($0 != "") print }' "$1"
}

# Line of the list the cursor is on (gutter ">").
tui_cursor_row() {
	awk 'NR <= 2 { next } /^(───|---)/ { exit }
	     /^>/ { sub(/^../, ""); sub(/ +[█▏▎▍▌▋▊▉]+ *$/, ""); sub(/ +$/, ""); print }' "$1"
}

tui_entry_rows() {
	awk -v last="$TUI_LINES" 'NR >= last { exit }
	     found { sub(/^../, ""); sub(/ +$/, ""); if ($0 != "") print; next }
	     /^(───|---)/ { found = 1 }' "$1"
}

# The message line (last line of the screen).
tui_message() {
	sed -n "${TUI_LINES}p" "$1"
}

# The block of entry [N] in a gprof -b call graph.
gprof_entry() {
	awk -v n="$2" '
	/^index % time/ { on = 1; next }
	!on { next }
	/^-----------------------------------------------$/ { if (hit) exit; blk = ""; next }
	/^$/ { if (hit) exit; next }
	{ blk = blk $0 "\n"; if (index($0, "[" n "]") == 1) hit = 1 }
	END { if (hit) printf "%s", blk }' "$1"
}

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
