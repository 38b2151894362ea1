#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# libtgmon's files against what others plant at their names.  As any user:
# a symlink at gmon.out is never followed, a FIFO at the default name is
# never written into, a FIFO named in TGMON_OUT whose reader takes nothing
# is an error after 5 s (not a hang), /dev/null works, files are replaced
# and no temporary file is left.  As root, with a throwaway user as the
# attacker: a set-user-ID root program with a symlink at gmon.out in its
# caller's directory (to a root file, to a root-only FIFO standing for a
# device); root running in a directory that user can write (a symlink, a
# regular file and a FIFO of theirs at gmon.out); FIFOs planted at
# predictable names in a sticky directory (gmon.out, prof.PID) that hold
# the profile's writer; a process without /proc.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/runtime/lib.sh"
rt_setup runtime-files
tg_need timeout mkfifo

S=$(mktemp -d /tmp/tgfiles.XXXXXX) || exit 1
trap 'rt_user_del; rm -rf "$S"' EXIT
chmod 755 "$S"
cp "$LIB/libtgmon.so" "$S/"
rt_cc "$S/hostile" hostile.c -I"$TOP/runtime" -L"$S" -ltgmon -Wl,-rpath,"$S"
rt_cc "$S/hostile-static" hostile.c -I"$TOP/runtime" "$LIB/libtgmon.a" -ldl
if ! $CC -O1 -o "$S/fifohold" "$TOP/tests/runtime/fifohold.c" > "$W/cc.log" 2>&1; then
	tg_fail "setup: compile fifohold.c" "$(cat "$W/cc.log")"
	rt_done
	exit 1
fi
chmod 755 "$S"/*
cd "$S" || exit 1

# victim DIR ENV... -- ARGS...: in DIR, run ./hostile ARGS with the
# environment given (prefixed by $AS when set), within 30 s; status in $st,
# stderr in $S/err, seconds taken in $secs.
victim() {
	dir=$1
	shift
	envs=
	while [ "$1" != -- ]; do
		envs="$envs $1"
		shift
	done
	shift
	t0=$(date +%s)
	# shellcheck disable=SC2086
	(cd "$dir" && env $envs timeout 30 $AS "$S/hostile" "$@" > /dev/null 2> "$S/err")
	st=$?
	secs=$(($(date +%s) - t0))
}

# hold FIFO SECONDS LEAK [crawl|quit] [AS...]: a reader that takes
# nothing from FIFO (with crawl: a page every 3 s) for SECONDS, then copies
# what is there to LEAK (with quit: goes away); waits until it is open.
hold() {
	f=$1 secs=$2 leak=$3 crawl=
	shift 3
	case $1 in crawl | quit) crawl=$1 && shift ;; esac
	rm -f "$S/held"
	# shellcheck disable=SC2086
	"$@" "$S/fifohold" "$f" "$secs" "$leak" $crawl > "$S/held" &
	holder=$!
	i=0
	while ! grep -q open "$S/held" 2> /dev/null && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}

# --- as any user --------------------------------------------------------------
mkdir own
ln -s "$S/own/target" own/gmon.out
AS= victim own -- work 100
if [ "$st" -eq 0 ] && [ -L own/gmon.out ] && [ ! -e own/target ] &&
   grep -q "gmon.out: a symbolic link, which libtgmon never follows" err; then
	tg_pass "our own symlink at gmon.out is not followed: a message, the link stays"
else
	tg_fail "our own symlink at gmon.out is not followed: a message, the link stays" \
		"status $st" "$(ls -l own)" "$(cat err)"
fi

rm -f own/* && mkfifo own/gmon.out
hold own/gmon.out 2 own/leak
AS= victim own -- work 100
wait "$holder"
if [ "$st" -eq 0 ] && [ -p own/gmon.out ] && [ ! -s own/leak ] && [ "$secs" -lt 2 ] &&
   grep -q "gmon.out: not a regular file; libtgmon writes into a device or FIFO only when TGMON_OUT" err; then
	tg_pass "a FIFO at the default name gmon.out is not written into, nor waited for"
else
	tg_fail "a FIFO at the default name gmon.out is not written into, nor waited for" \
		"status $st, $secs s, leaked $(wc -c < own/leak) bytes" "$(cat err)"
fi

rm -f own/*
mkfifo own/ff
hold own/ff 12 own/leak
AS= victim own TGMON_OUT=ff -- work 100
{
	kill "$holder"
	wait "$holder"
} 2> /dev/null
if [ "$st" -eq 0 ] && [ "$secs" -ge 4 ] && [ "$secs" -le 10 ] &&
   grep -q "ff: its reader left it full for 5 seconds" err; then
	tg_pass "a FIFO named in TGMON_OUT whose reader takes nothing: an error after 5 s"
else
	tg_fail "a FIFO named in TGMON_OUT whose reader takes nothing: an error after 5 s" \
		"status $st, $secs s" "$(cat err)"
fi
# A reader that takes a page every 3 s: 5 s of waiting in all, not a wait
# of up to 5 s for each page (the profile is 9 pages).
hold own/ff 20 own/leak crawl
AS= victim own TGMON_OUT=ff -- work 100
{
	kill "$holder"
	wait "$holder"
} 2> /dev/null
if [ "$st" -eq 0 ] && [ "$secs" -ge 4 ] && [ "$secs" -le 10 ] &&
   grep -q "ff: its reader left it full for 5 seconds" err; then
	tg_pass "a FIFO named in TGMON_OUT whose reader crawls: an error after 5 s"
else
	tg_fail "a FIFO named in TGMON_OUT whose reader crawls: an error after 5 s" \
		"status $st, $secs s" "$(cat err)"
fi

# A reader that goes away in the middle: an error, and no SIGPIPE kills
# the program.
hold own/ff 2 own/leak quit
AS= victim own TGMON_OUT=ff -- work 100
wait "$holder"
if [ "$st" -eq 0 ] && grep -q "ff: Broken pipe" err; then
	tg_pass "a FIFO whose reader goes away: an error, the program lives on"
else
	tg_fail "a FIFO whose reader goes away: an error, the program lives on" \
		"status $st (141: killed by SIGPIPE)" "$(cat err)"
fi

rm -f own/*
AS= victim own TGMON_OUT=/dev/null -- work 100
if [ "$st" -eq 0 ] && [ ! -s err ]; then
	tg_pass "TGMON_OUT=/dev/null is written into"
else
	tg_fail "TGMON_OUT=/dev/null is written into" "status $st" "$(cat err)"
fi

echo old > own/gmon.out
AS= victim own -- work 321
if [ "$st" -eq 0 ] && [ ! -s err ] && [ "$(rt_calls ./hostile work own/gmon.out)" = 321 ]; then
	tg_pass "our own gmon.out is replaced"
else
	tg_fail "our own gmon.out is replaced" "status $st" "$(cat err)"
fi

# --- as root, with another user as the attacker -----------------------------
if [ "$(id -u)" -ne 0 ]; then
	for c in "set-user-ID root program: symlink at gmon.out to a root file" \
		"set-user-ID root program: symlink at gmon.out to a root-only FIFO" \
		"root in another user's directory: their symlink at gmon.out" \
		"root in another user's directory: their gmon.out is not replaced" \
		"root in another user's directory: their FIFO at gmon.out" \
		"FIFO planted at gmon.out in a sticky directory" \
		"FIFO planted at TGMON_OUT=prof.%p in a sticky directory" \
		"another user writes TGMON_OUT=/dev/null"; do
		tg_root "$c" "act as a second user"
	done
	tg_root "no /proc: the file is written all the same" "unmount /proc in a mount namespace"
else
	rt_user
	AT="$RT_AS"

	# A set-user-ID root program run by the user from their directory.
	mkdir home && chown "$RT_USER:$RT_USER" home
	mkdir rootonly && chmod 700 rootonly
	echo "root's secret" > rootonly/victim && chmod 600 rootonly/victim
	cp rootonly/victim victim.orig
	cp hostile-static home/suid && chown root home/suid && chmod 4755 home/suid
	$AT ln -s "$S/rootonly/victim" home/gmon.out
	(cd home && umask 0 && timeout 30 $AT ./suid work 77 > /dev/null 2> "$S/err")
	st=$?
	if [ "$st" -eq 0 ] && cmp -s rootonly/victim victim.orig && [ -L home/gmon.out ] &&
	   grep -q "gmon.out: a symbolic link, which libtgmon never follows" err; then
		tg_pass "set-user-ID root program: symlink at gmon.out to a root file"
	else
		tg_fail "set-user-ID root program: symlink at gmon.out to a root file" \
			"status $st" "victim: $(head -c 80 rootonly/victim)" "$(ls -l home)" "$(cat err)"
	fi

	mkfifo rootonly/dev
	hold rootonly/dev 2 rootonly/leak
	rm -f home/gmon.out && $AT ln -s "$S/rootonly/dev" home/gmon.out
	(cd home && timeout 30 $AT ./suid work 77 > /dev/null 2> "$S/err")
	st=$?
	wait "$holder"
	if [ "$st" -eq 0 ] && [ ! -s rootonly/leak ] &&
	   grep -q "gmon.out: a symbolic link, which libtgmon never follows" err; then
		tg_pass "set-user-ID root program: symlink at gmon.out to a root-only FIFO"
	else
		tg_fail "set-user-ID root program: symlink at gmon.out to a root-only FIFO" \
			"status $st, leaked $(wc -c < rootonly/leak) bytes" "$(cat err)"
	fi

	# Root runs a profiled program in a directory the user can write.
	rm -f home/gmon.out home/suid
	$AT ln -s "$S/rootonly/victim" home/gmon.out
	AS= victim home -- work 50
	if [ "$st" -eq 0 ] && cmp -s rootonly/victim victim.orig && [ -L home/gmon.out ] &&
	   grep -q "gmon.out: a symbolic link, which libtgmon never follows" err; then
		tg_pass "root in another user's directory: their symlink at gmon.out"
	else
		tg_fail "root in another user's directory: their symlink at gmon.out" \
			"status $st" "victim: $(head -c 80 rootonly/victim)" "$(cat err)"
	fi

	rm -f home/gmon.out
	$AT sh -c "echo theirs > home/gmon.out"
	AS= victim home -- work 50
	if [ "$st" -eq 0 ] && [ "$(cat home/gmon.out)" = theirs ] &&
	   [ "$(stat -c %U home/gmon.out)" = "$RT_USER" ] &&
	   grep -q "gmon.out: belongs to another user; libtgmon replaces only its own user's files" err; then
		tg_pass "root in another user's directory: their gmon.out is not replaced"
	else
		tg_fail "root in another user's directory: their gmon.out is not replaced" \
			"status $st" "$(ls -l home)" "$(cat err)"
	fi

	rm -f home/gmon.out
	$AT mkfifo home/gmon.out
	hold home/gmon.out 2 "$S/home/leak" $AT
	AS= victim home TGMON_OUT=gmon.out -- work 50
	wait "$holder"
	if [ "$st" -eq 0 ] && [ ! -s home/leak ] && [ "$secs" -lt 2 ] &&
	   grep -q "gmon.out: a device or FIFO that another user may have put there; not opened" err; then
		tg_pass "root in another user's directory: their FIFO at gmon.out"
	else
		tg_fail "root in another user's directory: their FIFO at gmon.out" \
			"status $st, $secs s, leaked $(wc -c < home/leak) bytes" "$(cat err)"
	fi

	# FIFOs planted at predictable names in a sticky directory (/tmp):
	# the attacker's reader never reads, with a buffer of one page, so a
	# writer that opened it would hang there.
	mkdir pub && chmod 1777 pub
	for name in gmon.out 'prof.$$'; do
		rm -f pub/*
		case $name in
		gmon.out)
			envs= c="FIFO planted at gmon.out in a sticky directory"
			why="gmon.out: not a regular file; libtgmon writes into a device or FIFO only" ;;
		*)
			envs="TGMON_OUT=$S/pub/prof.%p"
			c="FIFO planted at TGMON_OUT=prof.%p in a sticky directory"
			why="prof.[0-9]*: a device or FIFO that another user may have put there; not opened" ;;
		esac
		t0=$(date +%s)
		# shellcheck disable=SC2016
		(cd pub && env $envs timeout 30 sh -c '
			f='"$name"'
			'"$AT"' mkfifo "$f"
			'"$AT"' "$1/fifohold" "$f" 3 leak.x > "$1/held" &
			i=0
			while ! grep -q open "$1/held" && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
			exec "$1/hostile" work 1000' sh "$S" > /dev/null 2> "$S/err")
		st=$?
		secs=$(($(date +%s) - t0))
		sleep 3.5
		if [ "$st" -eq 0 ] && [ "$secs" -lt 3 ] && [ -f pub/leak.x ] && [ ! -s pub/leak.x ] &&
		   grep -q "$why" err; then
			tg_pass "$c"
		else
			tg_fail "$c" "status $st, $secs s" "$(ls -l pub 2>&1)" "$(cat err)"
		fi
	done

	rm -rf own/*
	(cd own && TGMON_OUT=/dev/null timeout 30 $AT "$S/hostile" work 10 > /dev/null 2> "$S/err")
	st=$?
	if [ "$st" -eq 0 ] && [ ! -s err ]; then
		tg_pass "another user writes TGMON_OUT=/dev/null"
	else
		tg_fail "another user writes TGMON_OUT=/dev/null" "status $st" "$(cat err)"
	fi

	# Without /proc an unnamed file cannot be linked in: it is copied.
	# /proc is made private before it goes (a shared one would be
	# unmounted outside too); not all of / (in a chroot, / is no mount).
	tg_need unshare
	(cd own && timeout 30 unshare --mount --propagation unchanged sh -c \
		'mount --make-rprivate /proc && umount -l /proc && ! [ -e /proc/self ] &&
		exec ../hostile work 55' > /dev/null 2> "$S/err")
	st=$?
	if [ "$st" -eq 0 ] && [ ! -s err ] &&
	   [ "$(rt_calls ./hostile work own/gmon.out)" = 55 ]; then
		tg_pass "no /proc: the file is written all the same"
	else
		tg_fail "no /proc: the file is written all the same" "status $st" "$(cat err)"
	fi
fi

tmps=$(find "$S" -name '*.tmp.*')
if [ -z "$tmps" ]; then
	tg_pass "no temporary file left behind"
else
	tg_fail "no temporary file left behind" "$tmps"
fi

cd "$TOP" || exit 1
rt_done
