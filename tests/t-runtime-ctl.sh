#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# libtgmon under control while running: a snapshot on TGMON_SIGNAL,
# tgprof-ctl dump|snap|reset|on|off, the tgmon.h API, snapshots of a busy
# multi-threaded run that add up to a whole run, and a program that forks.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/runtime/lib.sh"
rt_setup runtime-ctl
rt_cc "$W/ctl" ctl.c
rt_cc "$W/threads" threads.c
rt_cc "$W/fork" fork.c
cd "$W" || exit 1

# start NAME: run ./ctl in the background with the environment given
# before the call, commands from fd 3, answers on fd 4; PID is its pid.
start() {
	rm -f "$1.in" "$1.reply"
	mkfifo "$1.in" "$1.reply"
	LD_PRELOAD=$LIB/libtgmon.so ./ctl < "$1.in" > "$1.reply" 2> "$1.err" &
	PID=$!
	exec 3> "$1.in"
	exec 4< "$1.reply"
	read -r line <&4
	[ "$line" = ready ]
}

# cmd LINE: send a command, expect "ok".
cmd() {
	echo "$1" >&3
	read -r line <&4 && [ "$line" = ok ]
}

# finish: close the pipes, wait; the exit status in $st.
finish() {
	exec 3>&- 4<&-
	wait "$PID"
	st=$?
}

# expect NAME FILE N: work() has N calls in FILE.
expect() {
	got=$(rt_calls ./ctl work "$2")
	if [ -f "$2" ] && [ "$got" = "$3" ]; then
		tg_pass "$1"
	else
		tg_fail "$1" "work() calls in $2: got $got, want $3"
	fi
}

# --- a plain signal writes a snapshot and the program goes on -------------
if TGMON_SIGNAL=USR1 TGMON_OUT=$W/sig.%n.out start sig && cmd "work 1000"; then
	kill -USR1 "$PID"
	rt_wait_file sig.0.out
	ok=0
	"$CTL" -s SIGUSR1 "$PID" dump > ctl-s.out 2>&1 && cmd "work 500" && ok=1
	echo "exit 0" >&3
	finish
	[ $ok = 1 ] && [ "$st" -eq 0 ] && tg_pass "TGMON_SIGNAL=USR1: program goes on, exit 0" ||
		tg_fail "TGMON_SIGNAL=USR1: program goes on, exit 0" "status $st" "$(cat sig.err ctl-s.out)"
	expect "TGMON_SIGNAL=USR1: snapshot while running" sig.0.out 1000
	expect "tgprof-ctl -s SIGUSR1 dump" sig.1.out 1000
	expect "TGMON_SIGNAL=USR1: final file after the snapshot" sig.2.out 1500
else
	tg_fail "TGMON_SIGNAL=USR1: start" "$(cat sig.err)"
	finish
fi

# --- tgprof-ctl ------------------------------------------------------------
ctl() {
	"$CTL" "$PID" "$1" > ctl.out 2>&1 || { echo "tgprof-ctl $1: $(cat ctl.out)"; return 1; }
}
if TGMON_SIGNAL=USR2 TGMON_OUT=$W/c.%n.out start c; then
	log=$(
		cmd "work 100" && ctl dump &&
		ctl reset && cmd "work 50" && ctl dump &&
		ctl off && cmd "work 70" && ctl dump &&
		ctl on && cmd "work 30" && ctl snap &&
		cmd "work 5" && echo ok
	)
	echo "exit 0" >&3
	finish
	if [ "${log##*
}" = ok ] && [ "$st" -eq 0 ]; then
		tg_pass "tgprof-ctl: every command answered, exit 0"
	else
		tg_fail "tgprof-ctl: every command answered, exit 0" "status $st" "$log" "$(cat c.err)"
	fi
	expect "tgprof-ctl dump" c.0.out 100
	expect "tgprof-ctl reset, then dump" c.1.out 50
	expect "tgprof-ctl off: nothing counted" c.2.out 50
	expect "tgprof-ctl on, then snap" c.3.out 80
	expect "tgprof-ctl snap started a new profile" c.4.out 5
	if ls | grep -q '\.tmp\.'; then
		tg_fail "no temporary files left" "$(ls)"
	else
		tg_pass "no temporary files left"
	fi
else
	tg_fail "tgprof-ctl: start" "$(cat c.err)"
	finish
fi

# --- tgprof-ctl refuses what it cannot do ---------------------------------
# check_refusal NAME STATUS PATTERN CMD...: that exit status and message.
check_refusal() {
	rname=$1 rwant=$2 rpat=$3
	shift 3
	"$@" > refuse.out 2>&1
	rst=$?
	if [ $rst -eq "$rwant" ] && grep -q "$rpat" refuse.out; then
		tg_pass "tgprof-ctl refuses: $rname"
	else
		tg_fail "tgprof-ctl refuses: $rname" "status $rst" "$(cat refuse.out)"
	fi
}
check_refusal "no such process" 1 "no process" "$CTL" 999999999 dump
sleep 30 &
p=$!
check_refusal "no TGMON_SIGNAL" 1 "not started with TGMON_SIGNAL" "$CTL" $p dump
kill $p
TGMON_SIGNAL=USR1 sleep 30 &
p=$!
i=0
while [ $i -lt 100 ] && ! grep -q TGMON_SIGNAL "/proc/$p/environ" 2> /dev/null; do
	sleep 0.05
	i=$((i + 1))
done
check_refusal "signal not caught" 1 "does not catch" "$CTL" $p dump
kill $p
check_refusal "unknown command" 2 "unknown command" "$CTL" $$ explode
check_refusal "not a process id" 2 "not a process id" "$CTL" 12x dump
check_refusal "no arguments" 2 "usage:" "$CTL"
wait 2> /dev/null

# --- the API, through dlsym -------------------------------------------------
if TGMON_OUT=$W/a.%n.out start a; then
	log=$(
		cmd "work 10" && cmd "api dump $W/api-%p.out" &&
		cmd "api snap $W/snap.out" && cmd "work 4" &&
		cmd "api off" && cmd "work 100" && cmd "api on" && cmd "work 1" &&
		cmd "api reset" && cmd "work 2" && echo ok
	)
	echo "exit 0" >&3
	finish
	if [ "${log##*
}" = ok ] && [ "$st" -eq 0 ]; then
		tg_pass "api: every call succeeded, exit 0"
	else
		tg_fail "api: every call succeeded, exit 0" "status $st" "$log" "$(cat a.err)"
	fi
	expect "api: tgmon_dump, %p in the name" "api-$PID.out" 10
	expect "api: tgmon_dump_reset" snap.out 10
	set -- a.*.out
	if [ $# -eq 1 ]; then
		expect "api: enable(0), enable(1), reset, final file" "$1" 2
	else
		tg_fail "api: one final file" "$*"
	fi
else
	tg_fail "api: start" "$(cat a.err)"
	finish
fi

# --- snapshots of a busy run add up to the whole run ------------------------
# 4 threads, each pausing 1 ms every 20 calls of mid(): about 2 s.
R=40000
T=4
TGMON_SIGNAL=USR1 TGMON_OUT=$W/snap.%n.out LD_PRELOAD=$LIB/libtgmon.so ./threads $R $T 20 2> snap.err &
p=$!
# Until the first answer the program may not be listening yet; after it,
# a failure means the program has ended.
n=0 tries=0
while [ $tries -lt 100 ]; do
	if "$CTL" -t 2 $p snap 2> /dev/null; then
		n=$((n + 1))
	elif [ $n -gt 0 ]; then
		break
	fi
	tries=$((tries + 1))
	sleep 0.1
done
wait $p
st=$?
nfiles=$(ls snap.*.out 2> /dev/null | wc -l)
if [ "$st" -eq 0 ] && [ "$nfiles" -ge 4 ]; then
	tg_pass "snapshots while running: $nfiles files"
else
	tg_fail "snapshots while running" "status $st, $nfiles files, $n snapshots" "$(cat snap.err)"
fi
rm -f gmon.sum
"$GPROF" -s ./threads snap.*.out > /dev/null 2>&1
mv gmon.sum gprof-sum.out 2> /dev/null
TGMON_OUT=$W/whole.out LD_PRELOAD=$LIB/libtgmon.so ./threads $R $T 20
rt_counts ./threads gprof-sum.out > sum.counts
rt_counts ./threads whole.out > whole.counts
want="mid=$((T * R)) leaf=$((2 * T * R)) twig=$((T * R / 4))"
got="mid=$(rt_calls ./threads mid gprof-sum.out) leaf=$(rt_calls ./threads leaf gprof-sum.out) twig=$(rt_calls ./threads twig gprof-sum.out)"
if [ "$got" = "$want" ] && [ -s sum.counts ] && cmp -s sum.counts whole.counts; then
	tg_pass "snapshots summed by gprof -s = the whole run ($want)"
else
	tg_fail "snapshots summed by gprof -s = the whole run" "got  $got" "want $want" \
		"$(diff sum.counts whole.counts)"
fi
rm -f gmon.sum
"$TGPROF" -s ./threads snap.*.out > tgprof-s.log 2>&1
if [ -f gmon.sum ] && [ "$(rt_counts ./threads gmon.sum)" = "$(cat whole.counts)" ]; then
	tg_pass "snapshots summed by tgprof -s = the whole run"
else
	tg_fail "snapshots summed by tgprof -s = the whole run" "$(head -5 tgprof-s.log)"
fi
rt_same_report "snapshots" ./threads snap.*.out

# --- a reader never sees half a file -----------------------------------------
# Dumps to one name, over and over, while gprof reads it in a loop.
TGMON_SIGNAL=USR1 TGMON_OUT=$W/one.out LD_PRELOAD=$LIB/libtgmon.so ./threads 20000 4 20 2> one.err &
p=$!
n=0 tries=0
while [ $tries -lt 100 ] && [ $n -eq 0 ]; do
	"$CTL" -t 2 $p dump 2> /dev/null && n=1
	tries=$((tries + 1))
	sleep 0.05
done
(
	bad=0 reads=0
	while kill -0 $p 2> /dev/null && [ $reads -lt 2000 ]; do
		"$GPROF" -b -p ./threads one.out > /dev/null 2> reader.err || bad=$((bad + 1))
		reads=$((reads + 1))
	done
	echo "$reads $bad" > reader.result
) &
r=$!
while "$CTL" -t 2 $p dump 2> /dev/null; do
	n=$((n + 1))
done
wait $p
wait $r
read -r reads bad < reader.result
if [ "$n" -ge 5 ] && [ "$reads" -ge 5 ] && [ "$bad" -eq 0 ]; then
	tg_pass "whole files only: $reads reads during $n dumps"
else
	tg_fail "whole files only" "$n dumps, $reads reads, $bad failed" "$(cat reader.err)"
fi

# --- a program that forks -----------------------------------------------------
rm -f fork.*.out
st=$(TGMON_OUT=$W/fork.%p.out LD_PRELOAD=$LIB/libtgmon.so tg_run fork.stdout fork.stderr ./fork 1000 300 200)
set -- fork.*.out
parent= child=
for f; do
	case "$(rt_calls ./fork before "$f"),$(rt_calls ./fork in_child "$f"),$(rt_calls ./fork after "$f")" in
	1000,0,200) parent=$f ;;
	0,300,0) child=$f ;;
	esac
done
if [ "$st" -eq 0 ] && [ $# -eq 2 ] && [ -n "$parent" ] && [ -n "$child" ]; then
	tg_pass "fork: parent and child each write their own calls"
else
	tg_fail "fork: parent and child each write their own calls" "status $st, files: $*" \
		"$(for f; do echo "$f: $(rt_counts ./fork "$f" | tr '\n' ' ')"; done)" "$(cat fork.stderr)"
fi
if [ -n "$parent" ] && [ -n "$child" ]; then
	rt_same_report "fork, parent" ./fork "$parent"
	rt_same_report "fork, both files" ./fork "$parent" "$child"
fi

rt_done
