#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Key bindings: every built-in key file parses without error (read as the
# user's file, by the same parser), the vi and emacs maps really bind
# their keys, errors in a key file name file and line and are not fatal,
# and the man page's key table is exactly what --help-keys generates from
# the action table.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/tui/lib-tui.sh"
tg_need "$TGPROF" "$GPROF" "$CC"
tui_setup
cd "$W"
# The screens are read in UTF-8 (the bars), whatever the caller's locale.
LC_ALL=C.UTF-8
export LC_ALL

cat > keys-q.keys <<'K'
:q
K
for f in "$TOP"/keymaps/*.keys; do
	n=$(basename "$f" .keys)
	rc=$(TGPROF_KEYS=$f tui_run keys-q ./prog gmon.out)
	if [ "$rc" = 0 ] && [ ! -s keys-q.err ]; then
		tg_pass "keymap $n parses"
	else
		tg_fail "keymap $n parses" "exit $rc" "$(cat keys-q.err)"
	fi
done
# The three keymaps are compiled into the program under test (not only
# files in the source tree): "use NAME" takes each without a word, and a
# name it does not have gets one naming file and line.
bad=
for m in default vi emacs; do
	printf 'use %s\n' "$m" > use-$m.keys
	rc=$(TGPROF_KEYS=$W/use-$m.keys tui_run keys-q ./prog gmon.out)
	[ "$rc" = 0 ] && [ ! -s keys-q.err ] || bad="$bad use $m: exit $rc $(cat keys-q.err)"
done
printf 'use nosuch\n' > use-nosuch.keys
rc=$(TGPROF_KEYS=$W/use-nosuch.keys tui_run keys-q ./prog gmon.out)
grep -qF "use-nosuch.keys:1: unknown keymap \`nosuch'" keys-q.err ||
	bad="$bad use nosuch: exit $rc, no message: $(cat keys-q.err)"
if [ -z "$bad" ]; then
	tg_pass "three keymaps built in (default, vi, emacs), an unknown one named"
else
	tg_fail "three keymaps built in (default, vi, emacs), an unknown one named" "$bad"
fi

# vi: j moves down; emacs: C-n moves down.  Rows 1 and 2 of the graph.
"$GPROF" -b -q ./prog gmon.out | grep '^\[' > rows.exp
second=$(sed -n 2p rows.exp)
for m in "vi j" "emacs <C-n>"; do
	set -- $m
	printf 'use %s\n' "$1" > user-$1.keys
	printf '%s\n:save-display km-%s.scr\n:q\n' "$2" "$1" > km.keys
	TGPROF_KEYS=$W/user-$1.keys tui_run km ./prog gmon.out > /dev/null
	if [ "$(tui_cursor_row km-$1.scr)" = "$second" ] && [ ! -s km.err ]; then
		tg_pass "use $1 binds $2"
	else
		tg_fail "use $1 binds $2" "$(tui_cursor_row km-$1.scr)" "$(cat km.err)"
	fi
done

# Errors: unknown action, key, view and statement, each with file:line,
# on the message line and again on stderr at exit; the rest still applies.
cat > bad.keys <<'K'
# a comment
bind generic x no-such-action
bind generic <NoSuchKey> quit
bind nowhere q quit
frobnicate
bind generic z view-flat
K
printf 'z\n:save-display bad.scr\n:q\n' > badrun.keys
rc=$(TGPROF_KEYS=$W/bad.keys tui_run badrun ./prog gmon.out)
ok=1
for e in "bad.keys:2: unknown action \`no-such-action'" "bad.keys:3: unknown key \`<NoSuchKey>'" \
	 "bad.keys:4: unknown view \`nowhere'" "bad.keys:5: unknown statement \`frobnicate'"; do
	grep -qF "$e" badrun.err || ok=0
done
if [ "$rc" = 0 ] && [ "$ok" = 1 ] && grep -q 'cumul' bad.scr; then
	tg_pass "key file errors reported, not fatal"
else
	tg_fail "key file errors reported, not fatal" "exit $rc" "$(cat badrun.err)"
fi
printf ':bind generic <Nope> quit\n:save-display bind.scr\n:q\n' > bindrun.keys
tui_run bindrun ./prog gmon.out > /dev/null
if tail -1 bind.scr | grep -qF ":bind:1: unknown key \`<Nope>'"; then
	tg_pass ":bind reports an unknown key"
else
	tg_fail ":bind reports an unknown key" "$(tail -1 bind.scr)"
fi
rc=$(TGPROF_KEYS=$W/missing.keys tui_run keys-q ./prog gmon.out)
if [ "$rc" = 0 ] && grep -q 'missing.keys' keys-q.err; then
	tg_pass "missing TGPROF_KEYS reported"
else
	tg_fail "missing TGPROF_KEYS reported" "$(cat keys-q.err)"
fi

# The man page's key table is generated output.
"$TGPROF" --help-keys=man > help-keys.txt
st=$?
sed -n '/^\.\\" BEGIN KEYS$/,/^\.\\" END KEYS$/p' "$TOP/man/tgprof.1" | sed '1d;$d' > man-keys.txt
if [ "$st" = 0 ] && [ -s help-keys.txt ] && cmp -s help-keys.txt man-keys.txt; then
	tg_pass "man page key table equals --help-keys"
else
	tg_fail "man page key table equals --help-keys" "$(diff help-keys.txt man-keys.txt | head)"
fi
# Every action of the table is in it, and the man page is clean.
missing=""
for a in quit help prompt search find-next delete-arc undo redo view-flat view-graph view-source; do
	sed 's/\\-/-/g' help-keys.txt | grep -q "^$a: " || missing="$missing $a"
done
[ -z "$missing" ] && tg_pass "--help-keys=man lists the actions" ||
	tg_fail "--help-keys lists the actions" "missing:$missing"
# Without =man it is text for a person: no troff requests or escapes.
"$TGPROF" --help-keys > help-keys-plain.txt
if [ -s help-keys-plain.txt ] && ! grep -q '^\.\|\\-\|\\(' help-keys-plain.txt &&
   grep -q '^quit  *q' help-keys-plain.txt; then
	tg_pass "--help-keys prints plain text"
else
	tg_fail "--help-keys prints plain text" "$(head -5 help-keys-plain.txt)"
fi
tg_need groff
if groff -ww -man -Tutf8 "$TOP/man/tgprof.1" > /dev/null 2> groff.err && [ ! -s groff.err ]; then
	tg_pass "man page clean under groff -ww"
else
	tg_fail "man page clean under groff -ww" "$(head groff.err)"
fi

tui_finish
