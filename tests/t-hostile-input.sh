#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The reader against inputs that never end or are not files: /dev/zero,
# /dev/urandom, a FIFO nobody writes, a directory, as the profile, the
# executable, the -S table, the key file (TGPROF_KEYS) and the key script;
# a NUL byte in a key file; several errors in one; a :source that sources
# itself; a script's <resize> far beyond any terminal.  Each must give one
# message naming the file and exit 1 (or, inside the browser, a message),
# within seconds and in bounded memory.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/tui/lib-tui.sh"
tg_need "$TGPROF" "$CC" timeout mkfifo
tui_setup
cd "$W" || exit 1
mkfifo fifo
mkdir adir
LC_ALL=C.UTF-8
export LC_ALL

# Memory is bounded with ulimit -v (2 GB of address space), except in the
# sanitizer build, whose shadow memory needs terabytes of address space;
# there the time limit still catches endless reading.
VMEM=2000000
[ "${B:-build}" = build-asan ] && VMEM=unlimited

# one_message NAME NAMED CMD...: exit status 1 within 10 s (under the
# memory bound), nothing on stdout, one line on stderr naming NAMED.
one_message() {
	n=$1 named=$2
	shift 2
	t0=$(date +%s)
	(ulimit -v $VMEM; XDG_STATE_HOME=$W/state XDG_CONFIG_HOME=$W/config HOME=$W \
		timeout -k 2 10 "$@" > t.out 2> t.err < /dev/null)
	st=$?
	t1=$(date +%s)
	lines=$(wc -l < t.err)
	if [ "$st" -ne 1 ]; then
		tg_fail "$n" "exit status $st after $((t1 - t0)) s, want 1" "$(head -c 300 t.err)"
	elif [ -s t.out ]; then
		tg_fail "$n" "stdout not empty:" "$(head -c 300 t.out)"
	elif [ "$lines" -ne 1 ]; then
		tg_fail "$n" "stderr has $lines lines, want 1:" "$(head -5 t.err)"
	elif ! grep -qF -- "$named" t.err; then
		tg_fail "$n" "message does not name $named: $(cat t.err)"
	elif [ $((t1 - t0)) -gt 5 ]; then
		tg_fail "$n" "took $((t1 - t0)) s"
	else
		tg_pass "$n"
	fi
}

echo ':q' > keyq.keys
for f in /dev/zero /dev/urandom "$W/fifo" "$W/adir"; do
	k=${f#"$W/"}
	one_message "profile $k" "$f" "$TGPROF" --text -b ./prog "$f"
	one_message "executable $k" "$f" "$TGPROF" --text -b "$f" gmon.out
	one_message "-S table $k" "$f" "$TGPROF" --text -b -S "$f" ./prog gmon.out
	one_message "TGPROF_KEYS=$k" "$f" env TGPROF_KEYS="$f" TGPROF_SCRIPT=$W/keyq.keys \
		LINES=40 COLUMNS=100 "$TGPROF" --tui ./prog gmon.out
	one_message "TGPROF_SCRIPT=$k" "$f" env TGPROF_SCRIPT="$f" \
		LINES=40 COLUMNS=100 "$TGPROF" --tui ./prog gmon.out
done

# A NUL byte in a key file: an error naming the file and line.
printf 'bind generic x quit\nbind generic y \000quit\n' > nul.keys
one_message "NUL byte in a key file" "nul.keys:2: NUL byte" env TGPROF_KEYS=$W/nul.keys \
	TGPROF_SCRIPT=$W/keyq.keys LINES=40 COLUMNS=100 "$TGPROF" --tui ./prog gmon.out

# Several errors in a key file: the message line shows the first.
printf 'bind generic x no-such-action\nbind nowhere q quit\n' > two.keys
printf ':save-display two.scr\n:q\n' > two.keys.run
cp two.keys.run tworun.keys
rc=$(TGPROF_KEYS=$W/two.keys tui_run tworun ./prog gmon.out)
if [ "$rc" = 0 ] && tail -1 two.scr | grep -qF "two.keys:1: unknown action"; then
	tg_pass "a key file with several errors: the first is shown"
else
	tg_fail "a key file with several errors: the first is shown" "exit $rc" "$(tail -1 two.scr)"
fi

# :source of a file that sources itself: a message, no crash.
printf ':source self.cmds\n' > self.cmds
printf ':source self.cmds\n:save-display self.scr\n:q\n' > self.keys
rc=$(tui_run self ./prog gmon.out)
if [ "$rc" = 0 ] && tail -1 self.scr | grep -qF "self.cmds: :source nested more than 8 deep"; then
	tg_pass ":source that sources itself stops at depth 8 with a message"
else
	tg_fail ":source that sources itself stops at depth 8 with a message" "exit $rc" \
		"$(tail -1 self.scr 2>&1)" "$(head -5 self.err)"
fi
printf ':source fifo\n:save-display srcfifo.scr\n:q\n' > srcfifo.keys
rc=$(tui_run srcfifo ./prog gmon.out)
if [ "$rc" = 0 ] && tail -1 srcfifo.scr | grep -qF "fifo: is a FIFO, not a regular file"; then
	tg_pass ":source of a FIFO: a message, no hang"
else
	tg_fail ":source of a FIFO: a message, no hang" "exit $rc" "$(tail -1 srcfifo.scr 2>&1)"
fi

# <resize> beyond any terminal is bounded (1000x1000): no crash, little
# memory, done in seconds.
printf '<resize:100000,100000>\n<resize:10000,10000>\n:save-display big.scr\n:q\n' > big.keys
rc=$( (ulimit -v $VMEM; tui_run big ./prog gmon.out) )
if [ "$rc" = 0 ] && [ "$(wc -l < big.scr)" -eq 1000 ]; then
	tg_pass "<resize:100000,100000> is bounded to 1000x1000"
else
	tg_fail "<resize:100000,100000> is bounded to 1000x1000" "exit $rc" \
		"$(wc -l < big.scr 2>&1) lines" "$(head -5 big.err)"
fi

tui_finish
