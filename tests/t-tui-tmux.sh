#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The browser in a real terminal (tmux): open a profile, delete arcs with
# :k, :export, compare with `gprof -b -k`; jump with :N; quit with q and
# check the exit status; the terminal is given back (stty sane again)
# after q, Ctrl-C, SIGTERM, SIGSEGV and SIGABRT; Ctrl-Z suspends and fg
# resumes.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/tui/lib-tui.sh"
tg_need tmux bash "$TGPROF" "$GPROF" "$CC"
tui_setup
cd "$W"
# The screens hold UTF-8 (the sort arrow, the bars): read them in UTF-8
# whatever the caller's locale, as the browser in tmux runs.
LC_ALL=C.UTF-8
export LC_ALL
S=tgprof-test-$$
T="tmux -L $S"
trap '$T kill-server > /dev/null 2>&1' EXIT INT TERM
$T -f /dev/null new-session -d -x 100 -y 30 -s t "env -i PATH=$PATH HOME=$W TERM=screen LC_ALL=C.UTF-8 XDG_STATE_HOME=$W/state bash --norc --noprofile -i"
$T set-option -g status off > /dev/null

screen() { $T capture-pane -p -t t; }

# wait_for PATTERN: until the pane shows PATTERN (10 s).
wait_for() {
	i=0
	while [ $i -lt 100 ]; do
		screen | grep -q -- "$1" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

wait_file() {
	i=0
	while [ $i -lt 100 ]; do
		[ -s "$1" ] && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

sane() {
	grep -q ' icanon' "$1" && grep -q ' echo ' "$1"
}

run() {
	rm -f exit.txt stty.txt pid.txt
	$T send-keys -t t "cd $W && $RUN_ENV sh -c 'echo \$\$ > pid.txt; exec \"$TGPROF\" $*'; echo EXIT=\$? > exit.txt; stty -a > stty.txt" Enter
	wait_for 'tgprof  prog'
}
RUN_ENV=

# --- :k, :export, :N, q
if run ./prog gmon.out; then tg_pass "tmux: opens"; else tg_fail "tmux: opens" "$(screen)"; fi
$T send-keys -t t ':k other/leaf_b' Enter
$T send-keys -t t ':export! tmux-k.txt' Enter
wait_for 'wrote\|tmux-k.txt' > /dev/null
$T send-keys -t t ':5' Enter
sleep 0.5
screen > tmux-n.scr
$T send-keys -t t q
wait_file stty.txt
"$GPROF" -b -k other/leaf_b ./prog gmon.out > tmux-k.exp
if [ -s tmux-k.txt ] && cmp -s tmux-k.exp tmux-k.txt; then tg_pass "tmux: :k + :export equals gprof -b -k"; else
	tg_fail "tmux: :k + :export equals gprof -b -k" "$(diff tmux-k.exp tmux-k.txt 2>&1 | head)"; fi
if grep -q '^> \[5\]' tmux-n.scr; then tg_pass "tmux: :5 jumps to [5]"; else
	tg_fail "tmux: :5 jumps to [5]" "$(head -8 tmux-n.scr)"; fi
if grep -qx 'EXIT=0' exit.txt && sane stty.txt; then tg_pass "tmux: q exits 0, terminal sane"; else
	tg_fail "tmux: q exits 0, terminal sane" "$(cat exit.txt)" "$(head -3 stty.txt)"; fi

# --- signals: the terminal is given back and the status tells the signal
for s in INT:130 TERM:143 SEGV:139 ABRT:134 HUP:129; do
	sig=${s%%:*}
	want=${s#*:}
	run ./prog gmon.out || { tg_fail "tmux: SIG$sig: did not open" "$(screen)"; continue; }
	wait_file pid.txt
	if [ "$sig" = INT ]; then
		# An interactive shell drops the rest of a command list whose
		# command died of SIGINT: ask it again.
		$T send-keys -t t C-c
		sleep 0.5
		$T send-keys -t t "echo EXIT=\$? > exit.txt; stty -a > stty.txt" Enter
	else
		kill -"$sig" "$(cat pid.txt)"
	fi
	wait_file stty.txt
	if grep -qx "EXIT=$want" exit.txt && sane stty.txt; then
		tg_pass "tmux: SIG$sig restores the terminal"
	else
		tg_fail "tmux: SIG$sig restores the terminal" "$(cat exit.txt 2>&1)" "$(head -3 stty.txt 2>&1)"
	fi
done

# --- Ctrl-Z suspends (terminal sane while stopped), fg resumes and
# redraws, q quits
run ./prog gmon.out > /dev/null
$T send-keys -t t C-z
if wait_for 'Stopped' && wait_file stty.txt && sane stty.txt; then
	tg_pass "tmux: Ctrl-Z suspends, terminal sane"
else
	tg_fail "tmux: Ctrl-Z suspends, terminal sane" "$(screen)"
fi
rm -f exit.txt
$T send-keys -t t clear Enter
sleep 0.3
$T send-keys -t t 'fg; echo FG=$? > exit.txt' Enter
if wait_for 'tgprof  prog'; then tg_pass "tmux: fg resumes and redraws"; else
	tg_fail "tmux: fg resumes and redraws" "$(screen)"; fi
$T send-keys -t t q
wait_file exit.txt
if grep -qx 'FG=0' exit.txt; then tg_pass "tmux: q after resume exits 0"; else
	tg_fail "tmux: q after resume exits 0" "$(cat exit.txt 2>&1)"; fi

# --- C-s is a key, not XOFF: the screen keeps updating after it
run ./prog gmon.out > /dev/null
$T send-keys -t t C-s
sleep 0.2
$T send-keys -t t Escape
$T send-keys -t t ':4' Enter
sleep 0.5
screen > ixon.scr
$T send-keys -t t C-q
$T send-keys -t t q
wait_file stty.txt
if grep -q '^> \[4\]' ixon.scr; then tg_pass "tmux: C-s does not freeze the screen"; else
	tg_fail "tmux: C-s does not freeze the screen" "$(head -8 ixon.scr)"; fi

# --- after Ctrl-Z and fg the first arrow key moves the cursor
run ./prog gmon.out > /dev/null
$T send-keys -t t C-z
wait_for 'Stopped' > /dev/null
$T send-keys -t t 'fg' Enter
wait_for 'tgprof  prog' > /dev/null
sleep 0.3
$T send-keys -t t Down
sleep 0.5
screen > resume.scr
$T send-keys -t t q
wait_file stty.txt
if grep -q '^> \[2\]' resume.scr; then tg_pass "tmux: first arrow key after fg is read"; else
	tg_fail "tmux: first arrow key after fg is read" "$(head -6 resume.scr)"; fi

# --- a resize while the : prompt is open redraws the screen under it
$T resize-window -t t -x 100 -y 30 2>/dev/null || $T resize-pane -t t -x 100 -y 30
run ./prog gmon.out > /dev/null
$T send-keys -t t ':goto'
sleep 0.3
$T resize-window -t t -x 90 -y 25 2>/dev/null || $T resize-pane -t t -x 90 -y 25
sleep 0.5
screen > prompt-resize.scr
$T send-keys -t t Escape
$T send-keys -t t q
wait_file stty.txt
$T resize-window -t t -x 100 -y 30 2>/dev/null || $T resize-pane -t t -x 100 -y 30
if grep -q 'index.% time' prompt-resize.scr && grep -q '^:goto' prompt-resize.scr; then
	tg_pass "tmux: resize inside the prompt redraws"
else
	tg_fail "tmux: resize inside the prompt redraws" "$(cat prompt-resize.scr)"
fi

# --- search matches are underlined on screen
run ./prog gmon.out > /dev/null
$T send-keys -t t '/leaf' Enter
sleep 0.5
$T capture-pane -e -p -t t > underline.scr
$T send-keys -t t q
wait_file stty.txt
esc=$(printf '\033')
if grep "leaf_" underline.scr | grep -q "${esc}\[[0-9;]*4[;m]"; then
	tg_pass "tmux: search matches underlined"
else
	tg_fail "tmux: search matches underlined" "$(grep leaf_ underline.scr | cat -v | head -3)"
fi

# --- resize redraws at the new size
run ./prog gmon.out > /dev/null
$T resize-window -t t -x 60 -y 15 2>/dev/null || $T resize-pane -t t -x 60 -y 15
sleep 0.5
# 15 rows: status, 7 list rows (header included), the separator on
# line 9, 5 entry rows, the message line.
sep=$(screen | grep -n '^───' | cut -d: -f1)
$T send-keys -t t q
wait_file stty.txt
if [ "$sep" = 9 ]; then
	tg_pass "tmux: resize redraws at the new size"
else
	tg_fail "tmux: resize redraws at the new size" "separator on line $sep" "$(screen)"
fi

# --- colour: hot rows in red; NO_COLOR and a monochrome terminal give
# bold only (the hot row stays marked)
esc=$(printf '\033')
for v in color:env NO_COLOR:"env NO_COLOR=1" mono:"env TERM=vt100"; do
	name=${v%%:*}
	RUN_ENV=${v#*:}
	run ./prog gmon.out > /dev/null
	sleep 0.3
	$T capture-pane -e -p -t t > color-$name.scr
	$T send-keys -t t q
	wait_file stty.txt
	red=$(grep -c "${esc}\[[0-9;]*31m" color-$name.scr)
	bold=$(grep -c "${esc}\[[0-9;]*1m" color-$name.scr)
	if [ "$name" = color ]; then ok=$([ "$red" -gt 0 ] && echo 1); else
		ok=$([ "$red" = 0 ] && [ "$bold" -gt 0 ] && echo 1); fi
	if [ "$ok" = 1 ]; then tg_pass "tmux: colours ($name)"; else
		tg_fail "tmux: colours ($name)" "red lines $red, bold lines $bold"; fi
done
RUN_ENV=

tui_finish
