#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# libtgmon against hostile directories, files, environments and signals:
# symlinks and FIFOs planted at its temporary name or at the target in a
# sticky directory, a device or FIFO as the target, a setuid program given
# TGMON_OUT, snapshots that cannot be written, fault signals as
# TGMON_SIGNAL, signals from another user, tgprof-ctl's timeout, uid check
# and concurrent requests, and a forked child's file name.  The cases that
# act as a second user (nobody, with setpriv) or make a setuid program need
# root; not root, they are listed as not run (tg_root) and the others run.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/runtime/lib.sh"
rt_setup runtime-safe
tg_need timeout
[ "$(id -u)" -eq 0 ] && tg_need setpriv mknod
rt_cc "$W/ctl" ctl.c
rt_cc "$W/ctl-static" ctl.c "$LIB/libtgmon.a" -ldl
rt_cc "$W/fork" fork.c

# A sandbox the user nobody can reach (our tree may not be): the test
# programs and the runtime are copied there.
S=$(mktemp -d /tmp/tgsafe.XXXXXX) || exit 1
trap 'rm -rf "$S"' EXIT
chmod 755 "$S"
cp "$W/ctl" "$W/ctl-static" "$W/fork" "$LIB/libtgmon.so" "$CTL" "$S/"
chmod 755 "$S"/*
NOBODY="setpriv --reuid=nobody --regid=nogroup --clear-groups"
cd "$S" || exit 1

# run WHO DIR ENV... -- N: in DIR, as WHO (root or nobody), with the
# environment given, run ./ctl (preloaded) doing work N, within 20 s;
# status in $st, stderr in $S/err.
run() {
	who=$1 dir=$2
	shift 2
	envs=
	while [ "$1" != -- ]; do
		envs="$envs $1"
		shift
	done
	pre=
	[ "$who" = nobody ] && pre=$NOBODY
	# shellcheck disable=SC2086
	(cd "$dir" && printf 'work %s\n' "$2" |
		env $envs LD_PRELOAD=$S/libtgmon.so timeout 20 $pre "$S/ctl" > /dev/null 2> "$S/err")
	st=$?
}

# --- symlinks and FIFOs planted at the temporary names --------------------
mkdir pub && chmod 1777 pub
echo "precious data" > precious.txt
cp precious.txt precious.orig
name="planted symlink and FIFOs at the temporary name: victim unchanged, file written"
if tg_root "$name" "act as the user nobody"; then
	# The attacker plants, for the pid that will run the program, the old
	# temporary name as a symlink to the victim, and FIFOs at nearby pids.
	(cd pub && exec timeout 20 sh -c '
		'"$NOBODY"' ln -s '"$S"'/precious.txt gmon.out.tmp.$$
		for i in 1 2 3 4 5; do '"$NOBODY"' mkfifo gmon.out.tmp.$(($$ + i)); done
		printf "work 300\n" > in
		LD_PRELOAD='"$S"'/libtgmon.so exec '"$S"'/ctl < in' \
		> /dev/null 2> "$S/err")
	st=$?
	rm -f pub/in
	if cmp -s precious.txt precious.orig && [ "$st" -eq 0 ] && [ -f pub/gmon.out ] &&
	   [ ! -L pub/gmon.out ] && [ "$(rt_calls ./ctl work pub/gmon.out)" = 300 ]; then
		tg_pass "$name"
	else
		tg_fail "$name" \
			"status $st; victim: $(cat precious.txt | head -c 80)" "$(ls -l pub)" "$(cat err)"
	fi
fi

# --- a symlink at the target in a sticky directory, owned by another user --
name="another user's symlink at the target in a sticky directory is refused"
if tg_root "$name" "act as the user nobody"; then
	rm -f pub/*
	$NOBODY ln -s "$S/precious.txt" pub/gmon.out
	run root pub -- 200
	if cmp -s precious.txt precious.orig && [ -L pub/gmon.out ] && [ "$st" -eq 0 ] &&
	   grep -q "gmon.out: a symbolic link, which libtgmon never follows" err; then
		tg_pass "$name"
	else
		tg_fail "$name" "status $st" "$(ls -l pub)" "$(cat err)"
	fi
fi
# Our own symlinks are not followed either (t-runtime-files.sh).

# --- a device node or FIFO at the target -----------------------------------
# Root makes a null device of its own (writing over /dev/null's name would
# be a disaster if the runtime replaced the file); an ordinary user can
# only use /dev/null, in a directory it cannot write to anyway.
if [ "$(id -u)" -eq 0 ]; then
	rm -f nd && mknod nd c 1 3
	dev=$S/nd
else
	dev=/dev/null
fi
run root . TGMON_OUT=$dev -- 100
if [ -c "$dev" ] && [ "$st" -eq 0 ] && [ ! -s err ]; then
	tg_pass "a device at the target is written into and stays a device"
else
	tg_fail "a device at the target is written into and stays a device" \
		"status $st" "$(ls -l "$dev")" "$(cat err)"
fi
rm -f ff && mkfifo ff
t0=$(date +%s)
run root . TGMON_OUT=$S/ff -- 100
t1=$(date +%s)
if [ -p ff ] && [ "$st" -eq 0 ] && [ $((t1 - t0)) -lt 5 ] &&
   grep -q "ff: a FIFO that no process reads" err; then
	tg_pass "a FIFO nobody reads at the target: a message, no hang"
else
	tg_fail "a FIFO nobody reads at the target: a message, no hang" \
		"status $st, $((t1 - t0)) s" "$(ls -l ff)" "$(cat err)"
fi
rm -f ff got && mkfifo ff
timeout 10 cat ff > got &
reader=$!
sleep 0.2
run root . TGMON_OUT=$S/ff -- 123
wait $reader
if [ -p ff ] && [ "$(rt_calls ./ctl work got)" = 123 ]; then
	tg_pass "a FIFO with a reader at the target gets the profile"
else
	tg_fail "a FIFO with a reader at the target gets the profile" "$(cat err)"
fi

# --- setuid: the environment is not trusted --------------------------------
name="a setuid program ignores TGMON_OUT and GMON_OUT_PREFIX"
if tg_root "$name" "make a program setuid to the user nobody"; then
	mkdir sec && chmod 1777 sec
	cp ctl-static sec/suid && chown nobody sec/suid && chmod 4755 sec/suid
	(cd sec && umask 0 && printf 'work 77\n' |
		TGMON_OUT=$S/sec/evil.out GMON_OUT_PREFIX=$S/sec/evil TGMON_SIGNAL=USR1 \
		timeout 20 ./suid > /dev/null 2> "$S/err")
	st=$?
	if [ "$st" -eq 0 ] && [ ! -e sec/evil.out ] && ! ls sec/evil.* > /dev/null 2>&1 &&
	   [ -f sec/gmon.out ] && [ "$(stat -c %U sec/gmon.out)" = nobody ] &&
	   [ "$(rt_calls ./ctl-static work sec/gmon.out)" = 77 ]; then
		tg_pass "$name"
	else
		tg_fail "$name" "status $st" "$(ls -l sec)" "$(cat err)"
	fi
fi

# --- a snapshot that cannot be written keeps its counts --------------------
# start NAME WHO ENV...: ./ctl in the background (as WHO), commands on fd 3,
# answers on fd 4; PID is its pid.
start() {
	n=$1 who=$2
	shift 2
	rm -f "$n.in" "$n.reply"
	mkfifo "$n.in" "$n.reply"
	chmod 666 "$n.in" "$n.reply"
	pre=
	[ "$who" = nobody ] && pre=$NOBODY
	# shellcheck disable=SC2086
	env "$@" LD_PRELOAD=$S/libtgmon.so $pre ./ctl < "$n.in" > "$n.reply" 2> "$n.err" &
	PID=$!
	exec 3> "$n.in"
	exec 4< "$n.reply"
	read -r line <&4
	[ "$line" = ready ]
}
cmd() {
	echo "$1" >&3
	read -r line <&4 && [ "$line" = "${2:-ok}" ]
}
finish() {
	exec 3>&- 4<&-
	wait "$PID"
	st=$?
}

rm -rf snap.*
mkdir snap.1.out snap.2.out
if start snap root TGMON_OUT=$S/snap.%n.out TGMON_SIGNAL=USR2; then
	ok=
	cmd "work 100" && cmd "api snap" && cmd "work 50" &&
		cmd "api snap" "error -1" && cmd "work 20" && ok=1
	"$S/tgprof-ctl" "$PID" snap > ctl.out 2>&1
	cs=$?
	cmd "work 5" && cmd "api snap" || ok=
	cmd "work 1" || ok=
	finish
	c0=$(rt_calls ./ctl work snap.0.out)
	c3=$(rt_calls ./ctl work snap.3.out)
	c4=$(rt_calls ./ctl work snap.4.out)
	if [ "$ok" = 1 ] && [ "$c0,$c3,$c4" = "100,75,1" ] &&
	   [ "$(rt_calls ./ctl work snap.0.out snap.3.out snap.4.out)" = 176 ] &&
	   grep -q "snap.1.out: Is a directory; its counts go into the next file" snap.err; then
		tg_pass "failed snapshots: counts go into the next file, files add up"
	else
		tg_fail "failed snapshots: counts go into the next file, files add up" \
			"ok=$ok, counts $c0,$c3,$c4 (want 100,75,1)" "$(ls snap.*)" "$(cat snap.err)"
	fi
	if [ "$cs" -eq 1 ] && grep -q "could not snap: Is a directory (its counts go into the next file)" ctl.out; then
		tg_pass "tgprof-ctl snap says why the snapshot failed"
	else
		tg_fail "tgprof-ctl snap says why the snapshot failed" "status $cs" "$(cat ctl.out)"
	fi
else
	tg_fail "failed snapshots: start" "$(cat snap.err)"
	finish
fi

# --- fault signals cannot be the control signal ----------------------------
for s in 11 SEGV SIGBUS 7 8 FPE 4 ILL 5 TRAP 6 ABRT 31 SYS 9 KILL 19 STOP 27 PROF; do
	run root . TGMON_SIGNAL=$s TGMON_OUT=$S/sig.out -- 10
	if [ "$st" -ne 0 ] || ! grep -q "TGMON_SIGNAL=$s: not a signal" err; then
		tg_fail "TGMON_SIGNAL=$s is refused" "status $st" "$(cat err)"
		s=
		break
	fi
	if "$S/tgprof-ctl" -s "$s" 1 dump > ctl.out 2>&1 || [ $? -ne 2 ]; then
		tg_fail "tgprof-ctl -s $s is refused" "$(cat ctl.out)"
		s=
		break
	fi
done
[ -n "$s" ] && tg_pass "fault signals and KILL, STOP, PROF refused by name and number"

# --- tgprof-ctl's timeout ----------------------------------------------------
for t in inf 1e300 -1 0 nan x ""; do
	timeout 5 "$S/tgprof-ctl" -t "$t" "$$" dump > ctl.out 2>&1
	cs=$?
	if [ "$cs" -ne 2 ] || ! grep -q -- "-t $t: not a number of seconds" ctl.out; then
		tg_fail "tgprof-ctl -t '$t' is refused" "status $cs" "$(cat ctl.out)"
		t=bad
		break
	fi
done
[ "$t" != bad ] && tg_pass "tgprof-ctl -t inf, 1e300, -1, 0, nan refused at once"

# --- signals from another user -----------------------------------------------
name="requests from another uid: tgprof-ctl says why, kill is ignored"
if ! tg_root "$name" "act as the user nobody"; then
	:
elif mkdir -p nob && chown nobody nob &&
     start nob nobody TGMON_SIGNAL=USR1 TGMON_OUT=$S/nob/n.%n.out; then
	cmd "work 10"
	t0=$(date +%s)
	"$S/tgprof-ctl" "$PID" dump > ctl.out 2>&1
	cs=$?
	t1=$(date +%s)
	kill -USR1 "$PID"
	sleep 0.5
	cmd "work 1"
	ls nob > files.txt
	finish
	if [ "$cs" -eq 1 ] && [ $((t1 - t0)) -lt 3 ] && grep -q "runs as uid 65534" ctl.out &&
	   ! grep -q "n.0.out" files.txt && [ "$st" -eq 0 ] && [ -f nob/n.0.out ]; then
		tg_pass "$name"
	else
		tg_fail "$name" \
			"status $cs, $((t1 - t0)) s, program $st" "$(cat ctl.out)" "files: $(cat files.txt)"
	fi
else
	tg_fail "requests from another uid: start" "$(cat nob.err)"
	finish
fi

# --- concurrent tgprof-ctl requests with a standard signal -----------------
rm -f con.*
if start con root TGMON_SIGNAL=USR1 TGMON_OUT=$S/con.%n.out; then
	cmd "work 1000"
	i=0
	pids=
	while [ $i -lt 18 ]; do
		"$S/tgprof-ctl" -t 20 "$PID" snap > "con.ctl.$i" 2>&1 &
		pids="$pids $!"
		i=$((i + 1))
	done
	bad=0
	for p in $pids; do
		wait "$p" || bad=$((bad + 1))
	done
	cmd "work 1"
	finish
	n=$(ls con.*.out | wc -l)
	sum=$(rt_calls ./ctl work con.*.out)
	if [ "$bad" -eq 0 ] && [ "$n" -eq 19 ] && [ "$sum" = 1001 ]; then
		tg_pass "18 concurrent tgprof-ctl snap: all answered, files add up"
	else
		tg_fail "18 concurrent tgprof-ctl snap: all answered, files add up" \
			"$bad failed, $n files, work calls $sum" "$(cat con.ctl.* | sort | uniq -c)"
	fi
else
	tg_fail "concurrent requests: start" "$(cat con.err)"
	finish
fi

# --- a fork child does not overwrite its parent's %n file ------------------
rm -f fk.*
TGMON_OUT=$S/fk.%n LD_PRELOAD=$S/libtgmon.so timeout 20 ./fork 1000 300 200 2> err
st=$?
set -- fk.0.*
child=$1
if [ "$st" -eq 0 ] && [ -f fk.0 ] && [ -f "$child" ] &&
   [ "$(rt_calls ./fork after fk.0),$(rt_calls ./fork in_child fk.0)" = "200,0" ] &&
   [ "$(rt_calls ./fork in_child "$child")" = 300 ]; then
	tg_pass "TGMON_OUT=fk.%n: the fork child writes fk.%n.PID"
else
	tg_fail "TGMON_OUT=fk.%n: the fork child writes fk.%n.PID" "status $st" "$(ls fk.*)" "$(cat err)"
fi

cd "$TOP" || exit 1
rt_done
