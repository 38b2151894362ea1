# SPDX-License-Identifier: GPL-3.0-or-later
# Helpers for the tests/t-runtime*.sh scripts (sourced after tests/lib.sh).
#
# rt_setup NAME: scratch directory $W, the runtime under test in $LIB
# ($TG_BUILD/$B/runtime: libtgmon.a, libtgmon.so, tgprof-ctl).  Fails the script
# when the runtime has not been built.  $W is tests/out/NAME.PID, so that
# runs of the same script (a shared tree, make check and check-asan at once)
# keep out of each other's way; rt_done removes it when all passed, and
# directories of runs more than a day old are cleared here.
rt_setup() {
	: "${B:=build}"
	LIB=$TG_BUILD/$B/runtime
	CTL=$LIB/tgprof-ctl
	W=$TG_OUT/$1.$$
	mkdir -p "$TG_OUT"
	find "$TG_OUT" -maxdepth 1 -name "$1.*" -mtime +0 -exec rm -rf {} + 2> /dev/null
	rm -rf "$W"
	mkdir -p "$W"
	tg_need "$GPROF" "$CC"
	for f in "$LIB/libtgmon.a" "$LIB/libtgmon.so" "$CTL"; do
		if [ ! -f "$f" ]; then
			tg_fail "setup: $f not built (run make)"
			tg_finish
			exit 1
		fi
	done
}

# rt_done: tg_finish, leaving $W only when something failed.
rt_done() {
	cd "$TOP" || exit 1
	[ "$tg_nfail" -eq 0 ] && rm -rf "$W"
	tg_finish
}

# rt_cc OUT SRC [FLAGS...]: compile a test program with -pg; fails the
# script when it does not compile.
rt_cc() {
	o=$1 s=$2
	shift 2
	if ! $CC -pg -O1 -pthread -o "$o" "$TOP/tests/runtime/$s" "$@" > "$o.log" 2>&1; then
		tg_fail "setup: compile $s" "$(cat "$o.log")"
		tg_finish
		exit 1
	fi
}

# rt_calls EXE NAME GMON...: NAME's call count in gprof's flat profile
# (0 when it has none).
rt_calls() {
	e=$1 n=$2
	shift 2
	"$GPROF" -b -p "$e" "$@" 2>/dev/null |
	awk -v n="$n" 'NF == 7 && $7 == n { print $4; f = 1 } END { if (!f) print 0 }'
}

# rt_counts EXE GMON...: every count in gprof's call graph, as sorted
# lines "calls F N" and "arc PARENT CHILD N": what two profiles of the same
# work share, whatever their times and hence their order.  Arcs are read
# from the callers listed in the callee's entry, which is there whenever
# the callee was called (a caller's own entry may be left out for want of
# time).
rt_counts() {
	"$GPROF" -b -q "$@" 2>&1 | awk '
	/^-+$/ { n = 0; inentry = 0; next }
	/^\[[0-9]+\]/ {
		prim = $(NF - 1)
		if (NF >= 7)
			print "calls", prim, $5
		for (i = 1; i <= n; i++)
			print "arc", par[i], prim, cnt[i]
		n = 0
		inentry = 1
		next
	}
	!inentry && NF == 5 && $1 ~ /^[0-9.]+$/ && $3 ~ /\// {
		split($3, a, "/")
		par[++n] = $4
		cnt[n] = a[1]
	}' | sort
}

# rt_same_report NAME EXE GMON...: GNU gprof and tgprof must print the same
# reports for a file libtgmon wrote (the program's alone: --objects= leaves
# out the shared objects of a map beside it; t-runtime-multi.sh tests them).
rt_same_report() {
	name=$1
	shift
	for opts in "-b" "-b -p" "-b -q" "-b -z"; do
		# shellcheck disable=SC2086
		"$GPROF" $opts "$@" > "$W/gprof.txt" 2>&1
		gs=$?
		# shellcheck disable=SC2086
		"$TGPROF" --text --objects= $opts "$@" > "$W/tgprof.txt" 2>&1
		ts=$?
		if [ "$gs" -ne "$ts" ] || ! cmp -s "$W/gprof.txt" "$W/tgprof.txt"; then
			tg_fail "$name: tgprof --text $opts = gprof $opts" \
				"status gprof $gs, tgprof $ts" \
				"$(diff "$W/gprof.txt" "$W/tgprof.txt" | head -20)"
			return
		fi
	done
	tg_pass "$name: tgprof --text = gprof on libtgmon's file"
}

# rt_wait_file FILE: wait up to 10 s for FILE to appear.
rt_wait_file() {
	i=0
	while [ ! -f "$1" ] && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	[ -f "$1" ]
}


# rt_user: as root, make a throwaway user for the cases that need another
# user: its name in $RT_USER, "run as it" in $RT_AS.  rt_user_del removes
# it (call it from the script's exit trap).  Fails the script when the
# user cannot be made.
rt_user() {
	tg_need useradd userdel setpriv
	RT_USER=tgrt$$
	userdel "$RT_USER" > /dev/null 2>&1
	i=0
	# useradd fails while another one holds /etc/passwd's lock: retry.
	until useradd --system --no-create-home --user-group \
		--shell /usr/sbin/nologin "$RT_USER" > "$W/useradd.log" 2>&1; do
		i=$((i + 1))
		if [ $i -ge 25 ]; then
			tg_fail "setup: useradd $RT_USER" "$(cat "$W/useradd.log")"
			RT_USER=
			rt_done
			exit 1
		fi
		sleep 0.2
	done
	RT_AS="setpriv --reuid=$RT_USER --regid=$RT_USER --clear-groups"
}

rt_user_del() {
	[ -n "$RT_USER" ] || return 0
	i=0
	while id -u "$RT_USER" > /dev/null 2>&1 && [ $i -lt 25 ]; do
		userdel "$RT_USER" > /dev/null 2>&1 || sleep 0.2
		i=$((i + 1))
	done
}
