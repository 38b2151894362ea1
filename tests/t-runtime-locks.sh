#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# No lock of libtgmon or tgprof-ctl can be left held or taken by another
# user.  Threads that dump over and over are cancelled with pthread_cancel,
# or ended by pthread_exit in a signal handler, while in a dump: later dumps
# and the exit still write their files.  exit() from a signal handler that
# came during a dump writes the profile at exit, and leaves no temporary
# file; nor does SIGKILL.  As root, with a throwaway user: that user flock'ing /proc/PID does
# not block tgprof-ctl, and cannot open what tgprof-ctl locks.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/runtime/lib.sh"
rt_setup runtime-locks
tg_need timeout flock

S=$(mktemp -d /tmp/tglocks.XXXXXX) || exit 1
trap 'rt_user_del; rm -rf "$S"' EXIT
chmod 755 "$S"
cp "$LIB/libtgmon.so" "$CTL" "$S/"
rt_cc "$S/hostile" hostile.c -I"$TOP/runtime" -L"$S" -ltgmon -Wl,-rpath,"$S"
rt_cc "$S/ctl" ctl.c
chmod 755 "$S"/*
cd "$S" || exit 1

# ends HOW: threads ended by HOW (cancel, texit) in the middle of dumps.
ends() {
	rm -rf "$1" && mkdir "$1"
	(cd "$1" && timeout 60 ../hostile "$1" 300 "$S/$1/d.out" > /dev/null 2> "$S/err")
	st=$?
	tmps=$(find "$1" -name '*.tmp.*')
	if [ "$st" -eq 0 ] && [ ! -s err ] && [ -z "$tmps" ] &&
	   [ "$(rt_calls ./hostile work "$1/gmon.out")" = 1 ] &&
	   [ "$(rt_calls ./hostile work "$1/d.out")" = 0 ]; then
		tg_pass "$2: later dumps and the exit write their files"
	else
		tg_fail "$2: later dumps and the exit write their files" \
			"status $st (142: hung on the lock)" "$tmps" "$(ls "$1")" "$(cat err)"
	fi
}
ends cancel "300 threads cancelled while dumping"
ends texit "300 threads ended by pthread_exit in a signal handler while dumping"

# exit() from a signal handler that came during a dump, ten times.
rm -rf sx && mkdir sx
bad=
for i in 1 2 3 4 5 6 7 8 9 10; do
	rm -f sx/*
	(cd sx && timeout 60 ../hostile sigexit 4321 "$S/sx/d.out" > /dev/null 2> "$S/err")
	st=$?
	tmps=$(find sx -name '*.tmp.*')
	if [ "$st" -ne 3 ] || [ -s err ] || [ -n "$tmps" ] ||
	   [ "$(rt_calls ./hostile work sx/gmon.out)" != 4321 ]; then
		bad="run $i: status $st, $(ls sx | tr '\n' ' ')"
		break
	fi
done
if [ -z "$bad" ]; then
	tg_pass "exit() in a signal handler during a dump: the profile at exit is written (10 runs)"
else
	tg_fail "exit() in a signal handler during a dump: the profile at exit is written (10 runs)" \
		"$bad" "$(cat err)"
fi

# Killed with SIGKILL while dumping: nothing half-written is at any name
# a reader takes, five times.  A complete file is linked under its
# temporary name and renamed over the name (no call replaces a file with
# an unnamed one), so a kill between those two calls can leave one whole
# NAME.tmp.PID.RANDOM of the killed process, as tgmon(3) says; anything
# else (a second one, another process's, a partial one) is a failure.
rm -rf kl && mkdir kl
bad=
for i in 1 2 3 4 5; do
	# the temporary file a kill left (checked) goes with its run
	rm -f kl/*.tmp.*
	(cd kl && exec ../hostile loop 100 "$S/kl/d.out" > "$S/kl.out" 2> "$S/err") &
	p=$!
	j=0
	while ! grep -q dumping kl.out 2> /dev/null && [ $j -lt 100 ]; do
		sleep 0.1
		j=$((j + 1))
	done
	sleep 0.1
	kill -KILL "$p"
	wait "$p" 2> /dev/null
	tmps=$(find kl -name '*.tmp.*')
	ntmp=$(printf '%s' "$tmps" | grep -c .)
	case $tmps in "" | *".tmp.$p."*) ;; *) ntmp=99 ;; esac
	if [ "$ntmp" -gt 1 ] || [ "$(rt_calls ./hostile work kl/d.out)" != 100 ]; then
		bad="run $i: $(ls kl | tr '\n' ' ')"
		break
	fi
done
if [ -z "$bad" ]; then
	tg_pass "killed while dumping: the last dump whole, at most the one temporary file of the instant of the kill (5 runs)"
else
	tg_fail "killed while dumping: the last dump whole, at most the one temporary file of the instant of the kill (5 runs)" \
		"$bad" "$(cat err)"
fi

# --- another user cannot block tgprof-ctl -------------------------------------
c="another user flock'ing /proc/PID does not block tgprof-ctl"
if [ "$(id -u)" -ne 0 ]; then
	tg_root "$c" "act as a second user"
else
	rt_user
	mkfifo ctl.in
	env TGMON_SIGNAL=USR1 TGMON_OUT="$S/ctl.%n.out" LD_PRELOAD="$S/libtgmon.so" \
		./ctl < ctl.in > ctl.stdout 2> ctl.err &
	PID=$!
	exec 3> ctl.in
	i=0
	while ! grep -q ready ctl.stdout 2> /dev/null && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	# The user's lock waits for ours, which the loop below takes an
	# instant each time it looks.
	$RT_AS sh -c 'exec 9< "$1" && flock 9 && exec sleep 20' sh "/proc/$PID" &
	blocker=$!
	i=0
	while flock -n "/proc/$PID" true && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	held=yes
	flock -n "/proc/$PID" true && held=no
	t0=$(date +%s)
	"$S/tgprof-ctl" -t 3 "$PID" dump > ctl.out 2>&1
	cs=$?
	secs=$(($(date +%s) - t0))
	dumped=$(ls ctl.*.out 2> /dev/null)
	$RT_AS flock -n "/proc/$PID/environ" true 2> env.err
	es=$?
	kill "$blocker" 2> /dev/null
	wait "$blocker" 2> /dev/null
	echo "work 5" >&3
	exec 3>&-
	wait "$PID"
	if [ "$held" = yes ] && [ "$cs" -eq 0 ] && [ "$secs" -lt 3 ] && [ "$dumped" = ctl.0.out ] &&
	   [ "$es" -ne 0 ] &&
	   grep -q "Permission denied" env.err; then
		tg_pass "$c"
	else
		tg_fail "$c" "the user holds /proc/PID: $held" "tgprof-ctl: status $cs, $secs s" "$(cat ctl.out)" \
			"the user's flock of environ: status $es, $(cat env.err)" "$(ls)"
	fi
fi

cd "$TOP" || exit 1
rt_done
