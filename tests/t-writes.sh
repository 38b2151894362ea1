#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Every file tgprof writes, in a directory someone else prepared: -s (and
# the summed object map of a libtgmon profile), --output, the browser's
# :dump, :write-edits, :export, :save-display, -y's files and the prompt
# history.  Symbolic links at the names (also at the fixed temporary name
# -s once used) are never followed, FIFOs and devices are written into
# only when named as the output, a FIFO without a reader is an error and
# not a hang, another user's file is never replaced (as root: a throwaway
# uid through setpriv; otherwise listed as not run, tg_root).  :dump and :write-edits
# refuse an existing file unless given with `!'.  SIGINT, SIGTERM and
# SIGHUP during an export leave no temporary file, in batch mode and in
# the browser (which gives the terminal back).  --edits and :source of
# /dev/zero or a FIFO: one message, exit 1.  Names holding a newline or
# other control characters cannot inject lines into the callgrind export,
# the comparison report and its callgrind form, and reach dot, SVG and
# JSON intact.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/tui/lib-tui.sh"
tg_need "$TGPROF" "$CC" "$GPROF" timeout mkfifo python3 objcopy tmux bash \
	callgrind_annotate dot
tui_setup
cd "$W" || exit 1
LC_ALL=C.UTF-8
export LC_ALL
: "${B:=build}"
THEM=12345 # a uid with no account: the other user, when we are root

# Memory is bounded with ulimit -v (2 GB of address space), except in the
# sanitizer build, whose shadow memory needs terabytes of address space.
VMEM=2000000
[ "$B" = build-asan ] && VMEM=unlimited

# tgrun SECS CMD...: CMD with stdout t.out, stderr t.err, stdin
# /dev/null, killed after SECS, in bounded memory; $st is its status and
# $secs its time.
tgrun() {
	lim=$1
	shift
	t0=$(date +%s)
	(ulimit -v $VMEM
	 XDG_STATE_HOME=$W/state HOME=$W timeout -k 2 "$lim" "$@" > t.out 2> t.err < /dev/null)
	st=$?
	secs=$(($(date +%s) - t0))
}

# refused NAME WHAT CMD...: exit status 1 within 8 s (a hang is killed
# after 15), a message saying WHAT.
refused() {
	n=$1 what=$2
	shift 2
	tgrun 15 "$@"
	if [ "$st" -ne 1 ]; then
		tg_fail "$n" "exit status $st after $secs s, want 1" "$(head -c 300 t.err)"
	elif ! grep -qF -- "$what" t.err; then
		tg_fail "$n" "the message does not say \"$what\":" "$(cat t.err)"
	elif [ "$secs" -gt 8 ]; then
		tg_fail "$n" "took $secs s"
	else
		tg_pass "$n"
	fi
}

# victim PATH: a file that must not change ("victim").
victim() {
	echo victim > "$1"
}
intact() {
	[ "$(cat "$1" 2> /dev/null)" = victim ]
}

# --- -s: the summed files of a libtgmon profile ---------------------------
LIB=$TG_BUILD/$B/runtime
M=$TOP/tests/runtime/multi
mkdir -p multi/run
if ! { $CC -pg -O1 -fPIC -shared -o multi/libmfoo.so "$M/foo.c" &&
       $CC -pg -O1 -fPIC -shared -o multi/libmbar.so "$M/bar.c" -Lmulti -lmfoo \
	   -Wl,-rpath,'$ORIGIN' &&
       $CC -pg -O1 -pthread -o multi/prog "$M/prog.c" -Lmulti -lmfoo \
	   -Wl,-rpath,'$ORIGIN' -L"$LIB" -ltgmon -Wl,-rpath,"$LIB" &&
       (cd multi/run && ../prog "$W/multi" 200 1 > /dev/null) &&
       [ -f multi/run/gmon.out.objects ]; } > multi.log 2>&1; then
	tg_fail "setup: a libtgmon profile of several objects" "$(tail -5 multi.log)"
	tui_finish
	exit 1
fi

# sumcase NAME: a fresh copy of the profile in $W/NAME, the current
# directory; sumrun: tgprof -s there.
sumcase() {
	cd "$W" && rm -rf "$1" && cp -r multi/run "$1" && cd "$1" || exit 1
}
sumrun() {
	tgrun 15 "$TGPROF" -s ../multi/prog gmon.out
}

victim "$W/victim"
sumcase s-oldtmp
ln -s "$W/victim" gmon.sum.objects.tmp
sumrun
if [ "$st" -eq 0 ] && intact "$W/victim" && [ -f gmon.sum.objects ] &&
   [ ! -L gmon.sum.objects ] && grep -q '^object ' gmon.sum.objects; then
	tg_pass "-s: a symlink planted at gmon.sum.objects.tmp is not followed"
else
	tg_fail "-s: a symlink planted at gmon.sum.objects.tmp is not followed" \
		"exit $st" "$(cat t.err)" "victim: $(head -2 "$W/victim")"
fi
for f in gmon.sum gmon.sum.objects gmon.sum.libmfoo.so; do
	sumcase s-link
	ln -s "$W/victim" $f
	refused "-s: a symlink at $f is refused" "$f: is a symbolic link" \
		"$TGPROF" -s ../multi/prog gmon.out
	intact "$W/victim" || tg_fail "-s: the target of a symlink at $f is unchanged"
	sumcase s-fifo
	mkfifo $f
	refused "-s: a FIFO at $f is refused at once" "$f: is a FIFO" \
		"$TGPROF" -s ../multi/prog gmon.out
done
cd "$W" || exit 1

# As root, in a directory of another user: their files and their links.
n1="-s as root: another user's gmon.sum in their directory is not replaced"
n2="-s as root: another user's symlink at gmon.sum.objects.tmp is not followed"
n3="--output as root: another user's file is not replaced"
if [ "$(id -u)" -ne 0 ]; then
	for n in "$n1" "$n2" "$n3"; do tg_root "$n" "act as another user"; done
else
	tg_need setpriv
	as_them() {
		setpriv --reuid=$THEM --regid=$THEM --clear-groups "$@"
	}
	sumcase theirs
	chown -R $THEM:$THEM "$W/theirs"
	chmod 755 "$W/theirs"
	as_them sh -c 'echo theirs > gmon.sum'
	refused "$n1" "gmon.sum: belongs to another user" "$TGPROF" -s ../multi/prog gmon.out
	[ "$(cat gmon.sum)" = theirs ] || tg_fail "$n1: content" "$(head -c 100 gmon.sum)"
	victim "$W/rootvictim"
	sumcase theirs2
	chown -R $THEM:$THEM "$W/theirs2"
	as_them ln -s "$W/rootvictim" gmon.sum.objects.tmp
	sumrun
	if [ "$st" -eq 0 ] && intact "$W/rootvictim" && [ -f gmon.sum.objects ]; then
		tg_pass "$n2"
	else
		tg_fail "$n2" "exit $st" "$(cat t.err)" "$(head -2 "$W/rootvictim")"
	fi
	cd "$W" || exit 1
	mkdir theirs-dir
	chown $THEM:$THEM theirs-dir
	as_them sh -c "echo theirs > theirs-dir/theirs.txt"
	refused "$n3" "belongs to another user" "$TGPROF" --format=json \
		--output=theirs-dir/theirs.txt ./prog gmon.out
	[ "$(cat theirs-dir/theirs.txt)" = theirs ] ||
		tg_fail "$n3: content" "$(head -c 100 theirs-dir/theirs.txt)"
fi

# --- --output ---------------------------------------------------------------
"$TGPROF" --format=json --output=ref.json ./prog gmon.out
victim victim
ln -sf victim out-link.json
refused "--output: a symlink is refused" "out-link.json: is a symbolic link" \
	"$TGPROF" --format=json --output=out-link.json ./prog gmon.out
intact victim || tg_fail "--output: the target of a symlink is unchanged"
ln -sf created-through-link dangling.json
refused "--output: a dangling symlink is refused" "is a symbolic link" \
	"$TGPROF" --format=json --output=dangling.json ./prog gmon.out
[ -e created-through-link ] && tg_fail "--output: a dangling symlink created its target"
mkfifo out.fifo
refused "--output: a FIFO nobody reads is an error, not a hang" "nobody opened" \
	"$TGPROF" --format=json --output=out.fifo ./prog gmon.out
(timeout 20 cat out.fifo > fifo.json) &
tgrun 15 "$TGPROF" --format=json --output=out.fifo ./prog gmon.out
wait
if [ "$st" -eq 0 ] && cmp -s ref.json fifo.json && [ -p out.fifo ]; then
	tg_pass "--output: a FIFO with a reader is written in place"
else
	tg_fail "--output: a FIFO with a reader is written in place" "exit $st" "$(cat t.err)"
fi
tgrun 15 "$TGPROF" --format=json --output=/dev/stdout ./prog gmon.out
if [ "$st" -eq 0 ] && cmp -s ref.json t.out; then
	tg_pass "--output=/dev/stdout writes to standard output"
else
	tg_fail "--output=/dev/stdout writes to standard output" "exit $st" "$(cat t.err)"
fi
tgrun 15 "$TGPROF" --format=json --output=/dev/null ./prog gmon.out
if [ "$st" -eq 0 ]; then tg_pass "--output=/dev/null"; else
	tg_fail "--output=/dev/null" "exit $st" "$(cat t.err)"; fi

# --- the browser's writing commands: one rule ----------------------------
echo old > old.dump
echo old > old.edits
victim victim
ln -sf victim link.txt
cat > cmds.keys << 'EOF'
:dump old.dump
:save-display s1.scr
:write-edits old.edits
:save-display s2.scr
:export link.txt
:save-display s3.scr
:export! link.txt
:save-display s4.scr
:save-display! link.txt
:save-display s5.scr
:dump! old.dump
:write-edits! old.edits
:q
EOF
rc=$(tui_run cmds ./prog gmon.out)
# cmd_says NAME SCREEN TEXT
cmd_says() {
	if [ "$rc" = 0 ] && tui_message "$2" | grep -qF -- "$3"; then
		tg_pass "$1"
	else
		tg_fail "$1" "exit $rc" "$(tui_message "$2" 2>&1)" "$(head -3 cmds.err)"
	fi
}
cmd_says ":dump refuses an existing file" s1.scr "old.dump exists: :dump! old.dump replaces it"
cmd_says ":write-edits refuses an existing file" s2.scr \
	"old.edits exists: :write-edits! old.edits replaces it"
cmd_says ":export refuses a symlink" s3.scr "link.txt: is a symbolic link"
cmd_says ":export! refuses a symlink" s4.scr "link.txt: is a symbolic link"
cmd_says ":save-display! refuses a symlink" s5.scr "link.txt: is a symbolic link"
if intact victim && [ -L link.txt ]; then tg_pass "the browser: a symlink's target is unchanged"; else
	tg_fail "the browser: a symlink's target is unchanged" "$(head -3 victim)"; fi
if [ "$(wc -l < old.dump)" -gt 5 ]; then
	tg_pass ":dump! replaces an existing file"
else
	tg_fail ":dump! replaces an existing file" "$(head -3 old.dump)"
fi
if head -1 old.edits | grep -q '^# tgprof edits'; then
	tg_pass ":write-edits! replaces an existing file"
else
	tg_fail ":write-edits! replaces an existing file" "$(head -3 old.edits)"
fi

# -y: the annotated source beside the current directory (prog.c-ann)
victim victim
ln -sf victim prog.c-ann
tgrun 15 "$TGPROF" -A -y ./prog gmon.out
if intact victim && [ -L prog.c-ann ] && grep -qF "prog.c-ann: is a symbolic link" t.err; then
	tg_pass "-y: a symlink at FILE-ann is not followed"
else
	tg_fail "-y: a symlink at FILE-ann is not followed" "exit $st" "$(cat t.err)" \
		"$(head -2 victim)"
fi
rm -f prog.c-ann

# The prompt history: a symlink in the state directory is not followed.
victim victim
rm -rf state
mkdir -p state/tgprof
ln -s "$W/victim" state/tgprof/history
printf ':goto work\n:q\n' > hist.keys
rc=$(tui_run hist ./prog gmon.out)
if [ "$rc" = 0 ] && intact victim && [ -L state/tgprof/history ]; then
	tg_pass "history: a symlink at the history file is not followed"
else
	tg_fail "history: a symlink at the history file is not followed" "exit $rc" \
		"$(cat victim)"
fi
rm -rf state
printf ':goto work\n:q\n' > hist2.keys
rc=$(tui_run hist2 ./prog gmon.out)
if [ "$rc" = 0 ] && grep -qx 'goto work' state/tgprof/history &&
   [ "$(stat -c %a state/tgprof/history)" = 600 ]; then
	tg_pass "history: written, private (0600)"
else
	tg_fail "history: written, private (0600)" "exit $rc" \
		"$(ls -l state/tgprof 2>&1)"
fi

# --- inputs that never end ---------------------------------------------------
mkfifo in.fifo
printf ':k work/leaf_a\n\000\n' > nul.edits
for f in /dev/zero "$W/in.fifo" "$W/nul.edits"; do
	refused "--edits=$(basename "$f") is refused" "$f: " \
		"$TGPROF" --text -b --edits="$f" ./prog gmon.out
	[ "$(wc -l < t.err)" -eq 1 ] && [ ! -s t.out ] ||
		tg_fail "--edits=$(basename "$f"): one line of message, no report" \
			"$(head -3 t.err)"
done
printf ':source /dev/zero\n:save-display src0.scr\n:q\n' > src0.keys
rc=$(tui_run src0 ./prog gmon.out)
cmd_says ":source /dev/zero is refused" src0.scr "/dev/zero: is a device"

# --- signals during an export: no temporary file left -----------------------
BIG=$(TG_BUILD=$TG_BUILD sh "$TOP/tests/bench/gen.sh" quick) || {
	tg_fail "setup: the bench profile"
	tui_finish
	exit 1
}
mkdir -p sig
# kill_during SIG: an export killed by SIG once its temporary file exists;
# prints "hit STATUS" when the signal came before the file was complete
# (no big.json), else "miss STATUS" (the export was quicker: try again).
kill_during() {
	rm -f sig/.tgprof-tmp.* sig/big.json
	(cd "$BIG" && exec env --default-signal="$1" "$TGPROF" --format=json \
		--output="$W/sig/big.json" prog gmon.out 2> "$W/sig/err") &
	pid=$!
	i=0
	while [ $i -lt 3000 ] && kill -0 $pid 2> /dev/null; do
		if ls -a sig | grep -q '^\.tgprof-tmp\.'; then
			kill -"$1" $pid
			break
		fi
		i=$((i + 1))
		sleep 0.01
	done
	wait $pid
	k=$?
	if [ -e sig/big.json ]; then echo "miss $k"; else echo "hit $k"; fi
}
for s in INT:130 TERM:143 HUP:129; do
	sig=${s%%:*} want=${s#*:}
	r=miss
	for try in 1 2 3 4 5; do
		r=$(kill_during "$sig" 2> /dev/null)
		case $r in hit*) break ;; esac
	done
	left=$(ls -a sig | grep -c '^\.tgprof-tmp\.')
	if [ "$r" = "hit $want" ] && [ "$left" -eq 0 ] && [ ! -e sig/big.json ]; then
		tg_pass "SIG$sig during --output: no temporary file left, died of SIG$sig"
	else
		tg_fail "SIG$sig during --output: no temporary file left, died of SIG$sig" \
			"$r after $try tries, $left temporary files" "$(cat sig/err)"
	fi
done

# The browser in a terminal (tmux): SIGTERM during :export!.
S=tgprof-writes-$$
T="tmux -L $S"
trap '$T kill-server > /dev/null 2>&1' EXIT INT TERM
$T -f /dev/null new-session -d -x 100 -y 30 -s t "env -i PATH=$PATH HOME=$W TERM=screen LC_ALL=C.UTF-8 XDG_STATE_HOME=$W/state bash --norc --noprofile -i"
$T set-option -g status off > /dev/null
# wait_file FILE, wait_screen TEXT: until FILE is not empty, or the
# pane shows TEXT (30 s at most).
wait_file() {
	timeout 30 sh -c 'while [ ! -s "$1" ]; do sleep 0.1; done' _ "$1"
}
wait_screen() {
	timeout 30 sh -c 'until $0 capture-pane -p -t t | grep -q -- "$1"; do sleep 0.1; done' \
		"$T" "$1"
}
r=miss
for try in 1 2 3 4 5; do
	rm -f sig/.tgprof-tmp.* sig/pid.txt sig/exit.txt sig/stty.txt
	$T send-keys -t t "cd $BIG && sh -c 'echo \$\$ > $W/sig/pid.txt; exec \"$TGPROF\" --tui prog gmon.out'; echo EXIT=\$? > $W/sig/exit.txt; stty -a > $W/sig/stty.txt" Enter
	wait_file sig/pid.txt
	wait_screen 'tgprof  prog'
	$T send-keys -t t ":export! $W/sig/tui.json" Enter
	i=0
	killed=0
	while [ $i -lt 3000 ] && [ ! -s sig/exit.txt ]; do
		if ls -a sig | grep -q '^\.tgprof-tmp\.'; then
			kill -TERM "$(cat sig/pid.txt)"
			killed=1
			break
		fi
		i=$((i + 1))
		sleep 0.01
	done
	if [ $killed = 0 ]; then
		$T send-keys -t t q
		$T send-keys -t t q
	fi
	wait_file sig/stty.txt
	# a hit: killed before the export was complete
	if [ $killed = 1 ] && [ ! -e sig/tui.json ]; then
		r=hit
		break
	fi
	rm -f sig/tui.json
done
left=$(ls -a sig | grep -c '^\.tgprof-tmp\.')
if [ $r = hit ] && grep -qx 'EXIT=143' sig/exit.txt && [ "$left" -eq 0 ] &&
   grep -q ' icanon' sig/stty.txt && grep -q ' echo ' sig/stty.txt; then
	tg_pass "SIGTERM during :export!: no temporary file left, terminal given back"
else
	tg_fail "SIGTERM during :export!: no temporary file left, terminal given back" \
		"$r after $try tries, $left temporary files" "$(cat sig/exit.txt 2>&1)" \
		"$(head -2 sig/stty.txt 2>&1)"
fi
$T kill-server > /dev/null 2>&1

# --- names with control characters -------------------------------------------
EVIL='evil
fn=(999) injected'
objcopy --redefine-sym "leaf_b=$EVIL" prog prog-evil
injected() {
	grep -q '^fn=(999)\|^injected' "$1"
}
tgrun 15 "$TGPROF" --format=callgrind ./prog-evil gmon.out
if [ "$st" -eq 0 ] && ! injected t.out && grep -qF 'fn=(' t.out &&
   callgrind_annotate --inclusive=yes --threshold=100 --auto=no t.out 2>&1 |
	   grep -qF 'evil\nfn=(999) injected'; then
	tg_pass "callgrind: a newline in a name is escaped, no line injected"
else
	tg_fail "callgrind: a newline in a name is escaped, no line injected" "exit $st" \
		"$(grep -n 'evil\|injected' t.out | head -5)"
fi
tgrun 15 "$TGPROF" --format=dot --output=evil.dot ./prog-evil gmon.out
if [ "$st" -eq 0 ] && grep -qF 'tooltip="evil\\nfn=(999) injected"' evil.dot &&
   dot -Tsvg evil.dot > evil.svg 2> dot.err &&
   python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' evil.svg &&
   grep -qF 'evil\nfn=(999) injected' evil.svg; then
	tg_pass "dot: a newline in a name is shown as a C escape, the SVG is valid XML"
else
	tg_fail "dot: a newline in a name is shown as a C escape, the SVG is valid XML" "exit $st" \
		"$(grep -n evil evil.dot | head -3)" "$(head -3 dot.err)"
fi
tgrun 15 "$TGPROF" --format=json --output=evil.json ./prog-evil gmon.out
if [ "$st" -eq 0 ] && python3 - evil.json << 'EOF'; then
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
sys.exit(0 if "evil\nfn=(999) injected" in [f["name"] for f in d["functions"]] else 1)
EOF
	tg_pass "json: a name with a newline is read back exactly"
else
	tg_fail "json: a name with a newline is read back exactly" "exit $st" "$(cat t.err)"
fi
tgrun 15 "$TGPROF" --baseline=gmon.out ./prog-evil gmon.out
if [ "$st" -eq 0 ] && ! injected t.out && grep -qF 'evil\nfn=(999) injected' t.out; then
	tg_pass "comparison report: a newline in a name is escaped"
else
	tg_fail "comparison report: a newline in a name is escaped" "exit $st" \
		"$(grep -n 'evil\|injected' t.out | head -5)" "$(head -3 t.err)"
fi
tgrun 15 "$TGPROF" --baseline=gmon.out --format=callgrind ./prog-evil gmon.out
if [ "$st" -eq 0 ] && ! injected t.out &&
   callgrind_annotate --inclusive=yes --threshold=100 --auto=no t.out 2>&1 |
	   grep -qF 'evil\nfn=(999) injected'; then
	tg_pass "comparison callgrind: a newline in a name is escaped"
else
	tg_fail "comparison callgrind: a newline in a name is escaped" "exit $st" \
		"$(grep -n 'evil\|injected' t.out | head -5)" "$(head -3 t.err)"
fi

tui_finish
