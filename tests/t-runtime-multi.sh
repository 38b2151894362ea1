#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# libtgmon and tgprof with shared objects: a program, a linked -pg library
# and a dlopen'd one (dlclose'd before exit in a variant) calling each
# other and back into the program from 4 threads (tests/runtime/multi/).
# Every arc count of the joined call graph is exact and no arc is missing
# or extra; the time lands in the library that does the work; gmon.out is
# still the program's alone for GNU gprof; each library's own file works
# with GNU gprof; PIE and non-PIE; a moved library is found with
# --lib-path, a replaced one (another build-id) is refused with a message.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/runtime/lib.sh"
rt_setup runtime-multi

R=20000
T=4
S=$TOP/tests/runtime/multi

# build DIR [PROGFLAGS...]: the libraries and the program in DIR.
build() {
	d=$1
	shift
	mkdir -p "$d"
	if ! { $CC -pg -O1 -fPIC -shared -o "$d/libmfoo.so" "$S/foo.c" &&
	       $CC -pg -O1 -fPIC -shared -o "$d/libmbar.so" "$S/bar.c" -L"$d" -lmfoo \
		   -Wl,-rpath,'$ORIGIN' &&
	       $CC -pg -O1 -pthread -o "$d/prog" "$S/prog.c" "$@" -L"$d" -lmfoo \
		   -Wl,-rpath,'$ORIGIN' -L"$LIB" -ltgmon -Wl,-rpath,"$LIB"; } > "$d/cc.log" 2>&1; then
		tg_fail "setup: compile in $d" "$(cat "$d/cc.log")"
		rt_done
		exit 1
	fi
}

# arcs TGPROF-ARGS...: every arc of the call graph as "PARENT -> CHILD N"
# lines, sorted; names may hold spaces ("helper (libmfoo.so)").
arcs() {
	"$TGPROF" --text -b -q "$@" | awk '
	/^-+$/ { n = 0; next }
	/^\[[0-9]+\]/ {
		s = $0; sub(/^\[[0-9]+\] +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9+]+ +/, "", s)
		sub(/ \[[0-9]+\]$/, "", s)
		for (i = 1; i <= n; i++) print par[i] " -> " s " " cnt[i]
		n = 0; next
	}
	/^ +[0-9.]+ +[0-9.]+ +[0-9]+\/[0-9]+ / {
		s = $0; sub(/^ +[0-9.]+ +[0-9.]+ +/, "", s)
		c = s; sub(/\/.*/, "", c)
		sub(/^[0-9]+\/[0-9]+ +/, "", s); sub(/ \[[0-9]+\]$/, "", s)
		par[++n] = s; cnt[n] = c
	}' | sort
}

want_arcs=$(sort <<EOF
worker -> foo_run $((R * T))
foo_run -> helper (libmfoo.so) $((2 * R * T))
foo_run -> exe_cb $((R * T))
worker -> bar_run $((R * T))
bar_run -> foo_twice $((R * T))
foo_twice -> helper (libmfoo.so) $((2 * R * T))
bar_run -> helper (libmbar.so) $((R * T))
bar_run -> exe_cb2 $((R * T))
exe_cb2 -> helper $((R * T))
worker -> bar_spin $T
EOF
)

# run NAME DIR [close]: profile DIR/prog; gmon.out and friends in DIR/out.
run() {
	mkdir -p "$2/out"
	st=$(cd "$2/out" && tg_run "$W/$1.stdout" "$W/$1.stderr" ../prog "$2" $R $T $3)
	if [ "$st" -ne 0 ] || [ ! -f "$2/out/gmon.out" ]; then
		tg_fail "$1: run" "exit status $st" "$(cat "$W/$1.stderr")"
		return 1
	fi
	return 0
}

check_joined() {
	got=$(cd "$2/out" && arcs ../prog gmon.out 2> "$W/$1.tgerr")
	if [ "$got" = "$want_arcs" ] && [ ! -s "$W/$1.tgerr" ]; then
		tg_pass "$1: every arc across objects, exact"
	else
		tg_fail "$1: every arc across objects, exact" "got:" "$got" "want:" "$want_arcs" \
			"stderr: $(cat "$W/$1.tgerr")"
	fi
	# The work is bar_spin's, in libmbar.so: first in the flat profile.
	top=$(cd "$2/out" && "$TGPROF" --text -b -p ../prog gmon.out | awk 'NR == 6 { print $NF, $3 }')
	case $top in
	"bar_spin 0.00" | "bar_spin") tg_fail "$1: time in the library" "flat: $top" ;;
	"bar_spin "*) tg_pass "$1: time in the library" ;;
	*) tg_fail "$1: time in the library" "first in the flat profile: $top" ;;
	esac
	# gmon.out alone: the program's profile, as GNU gprof reads it.
	got=$(cd "$2/out" && rt_counts ../prog gmon.out)
	want=$(printf 'arc exe_cb2 helper %s\ncalls helper %s' $((R * T)) $((R * T)))
	if [ "$got" = "$want" ]; then
		tg_pass "$1: gprof prog gmon.out: the program's calls only"
	else
		tg_fail "$1: gprof prog gmon.out: the program's calls only" "got:" "$got" "want:" "$want"
	fi
	mkdir -p "$2/alone" && cp "$2/out/gmon.out" "$2/alone/"
	rt_same_report "$1 (gmon.out alone)" "$2/prog" "$2/alone/gmon.out"
	# A library's own file works with GNU gprof by itself.
	got=$(cd "$2/out" && rt_counts ../libmfoo.so gmon.out.libmfoo.so)
	want=$(printf 'arc foo_run helper %s\narc foo_twice helper %s\ncalls helper %s' \
		$((2 * R * T)) $((2 * R * T)) $((4 * R * T)))
	if [ "$got" = "$want" ]; then
		tg_pass "$1: gprof libmfoo.so gmon.out.libmfoo.so"
	else
		tg_fail "$1: gprof libmfoo.so gmon.out.libmfoo.so" "got:" "$got" "want:" "$want"
	fi
}

build "$W/pie"
build "$W/nopie" -no-pie -fno-pie
for v in pie nopie; do
	for c in open close; do
		rm -rf "$W/$v/out" "$W/$v/alone"
		arg=
		[ $c = close ] && arg=close
		run "$v-$c" "$W/$v" $arg && check_joined "$v-$c" "$W/$v"
	done
done

# The browser on the joined graph: foo_run's entry (in libmfoo.so) shows
# its callees across objects with their exact counts.
d=$W/pie
printf ':graph\n:goto foo_run\n:save-display %s\n:q!\n' "$W/tui.scr" > "$W/tui.keys"
(cd "$d/out" && HOME=$W XDG_STATE_HOME=$W/state XDG_CONFIG_HOME=$W/config LINES=60 COLUMNS=160 \
	TGPROF_SCRIPT=$W/tui.keys timeout -k 5 20 "$TGPROF" --tui ../prog gmon.out \
	> "$W/tui.out" 2> "$W/tui.err" < /dev/null)
st=$?
if [ $st -eq 0 ] && grep -Eq " $((2 * R * T))/$((4 * R * T)) +helper \(libmfoo\.so\)" "$W/tui.scr" &&
   grep -Eq " $((R * T))/$((R * T)) +exe_cb " "$W/tui.scr"; then
	tg_pass "browser: the joined graph, counts across objects"
else
	tg_fail "browser: the joined graph, counts across objects" "status $st" \
		"$(cat "$W/tui.scr" "$W/tui.err" 2>&1 | head -40)"
fi

# --baseline across objects: a second run of twice the rounds against the
# first; every cross-object arc is matched by its names, with both exact
# counts (the arcs' lines: BEFORE AFTER CHANGE CALLER -> CALLEE).
d=$W/pie
mkdir -p "$d/out2"
st=$(cd "$d/out2" && tg_run "$W/twice.stdout" "$W/twice.stderr" ../prog "$d" $((2 * R)) $T)
got=$(cd "$d" && "$TGPROF" --text --baseline=out/gmon.out prog out2/gmon.out 2> "$W/cmp.err" |
	awk '/^Arcs:/ { a = 1; next } a && NF >= 6 && $5 == "->" { print }')
bad=
for arc in "foo_run -> helper (libmfoo.so) 2" "bar_run -> helper (libmbar.so) 1" \
	   "exe_cb2 -> helper 1" "worker -> foo_run 1" "bar_run -> foo_twice 1"; do
	k=${arc##* }
	name=${arc% *}
	line=$(printf '%s\n' "$got" | awk -v n="$name" '{ s = $0; sub(/^ *[0-9]+ +[0-9]+ +[-+0-9]+ +/, "", s) } s == n')
	want=$(printf '%d %d +%d' $((k * R * T)) $((2 * k * R * T)) $((k * R * T)))
	[ "$(printf '%s\n' "$line" | awk '{ print $1, $2, $3 }')" = "$want" ] || bad="$bad [$name: '$line', want $want]"
done
if [ "$st" -eq 0 ] && [ -z "$bad" ] && [ ! -s "$W/cmp.err" ]; then
	tg_pass "--baseline across objects: every arc matched with exact counts"
else
	tg_fail "--baseline across objects: every arc matched with exact counts" "$bad" \
		"$got" "stderr: $(cat "$W/cmp.err" "$W/twice.stderr")"
fi

# Across objects: -k deletes an arc from one library into another, and
# the exports carry the joined graph to their consumers (dot, and
# callgrind_annotate; dot shows the hot part: worker -> bar_spin).
d=$W/nopie
got=$(cd "$d/out" && arcs -k bar_run/foo_twice ../prog gmon.out 2>&1)
want=$(printf '%s\n' "$want_arcs" | grep -v '^bar_run -> foo_twice ')
if [ "$got" = "$want" ]; then
	tg_pass "-k across objects"
else
	tg_fail "-k across objects" "$got"
fi
DRV=$TG_BUILD/$B/tests/unit/test_export
tg_need dot callgrind_annotate "$DRV"
printf 'export! %s dot\nexport! %s callgrind\n' "$W/m.dot" "$W/m.cg" |
	(cd "$d/out" && timeout 60 "$DRV" drive ../prog gmon.out) > "$W/drv.log" 2>&1
if dot -Tplain "$W/m.dot" > "$W/m.plain" 2> "$W/dot.err" &&
   grep -q '^node .*bar_spin' "$W/m.plain" && grep -q '^edge .*4 calls"' "$W/m.plain"; then
	tg_pass "dot export across objects"
else
	tg_fail "dot export across objects" "$(cat "$W/drv.log" "$W/dot.err")" "$(grep -c . "$W/m.plain")"
fi
top=$(callgrind_annotate "$W/m.cg" 2> "$W/cga.err" | awk '/file:function/ { f = 1; next } f && NF && !/^-+$/ { print; exit }')
case $top in
*bar_spin*) tg_pass "callgrind export across objects: bar_spin first" ;;
*) tg_fail "callgrind export across objects: bar_spin first" "$top" "$(cat "$W/cga.err")" ;;
esac

# A cycle across objects: exe_ping (program) <-> foo_pong (libmfoo.so).
mkdir -p "$d/cyc"
st=$(cd "$d/cyc" && MULTI_PINGPONG=3 tg_run "$W/cyc.stdout" "$W/cyc.stderr" ../prog "$d" $R $T)
(cd "$d/cyc" && "$TGPROF" --text -b -q ../prog gmon.out) > "$W/cyc.txt" 2>&1
rt=$((R * T))
if [ "$st" -eq 0 ] && grep -Eq " $rt\+$((7 * rt)) +<cycle 1 as a whole> \[" "$W/cyc.txt" &&
   grep -Eq "^ +[0-9.]+ +[0-9.]+ +$((4 * rt)) +foo_pong <cycle 1> \[" "$W/cyc.txt" &&
   grep -Eq "^ +[0-9.]+ +[0-9.]+ +$((4 * rt)) +exe_ping <cycle 1> \[" "$W/cyc.txt" &&
   grep -Eq "^ +$((3 * rt)) +foo_pong <cycle 1> \[" "$W/cyc.txt" &&
   grep -Eq "^ +[0-9.]+ +[0-9.]+ +$rt/$rt +worker \[" "$W/cyc.txt"; then
	tg_pass "a cycle across objects, exact counts"
else
	tg_fail "a cycle across objects, exact counts" "status $st" "$(cat "$W/cyc.txt")"
fi

# The map records what was closed.
if grep -q '^object [0-9]* closed gmon.out.libmbar.so ' "$W/nopie/out/gmon.out.objects"; then
	tg_pass "dlclose'd library kept in the map"
else
	tg_fail "dlclose'd library kept in the map" "$(cat "$W/nopie/out/gmon.out.objects")"
fi

# Snapshots: files written with tgmon_dump_reset while the threads run
# add up, every arc exact, joined across all of them.
mkdir -p "$W/pie/snap"
st=$(cd "$W/pie/snap" && TGMON_OUT=snap.%n tg_run "$W/snap.stdout" "$W/snap.stderr" \
	../prog "$W/pie" $((R * 5)) $T open 20)
nsnap=$(ls "$W/pie/snap" | grep -c '^snap\.[0-9]*$')
got=$(cd "$W/pie/snap" && arcs ../prog $(ls | grep '^snap\.[0-9]*$') 2> "$W/snap.tgerr")
want=$(printf '%s\n' "$want_arcs" | awk -v t=$T '{ if ($NF != t) $NF *= 5; print }')
if [ "$st" -eq 0 ] && [ "$nsnap" -eq 21 ] && [ "$got" = "$want" ] && [ ! -s "$W/snap.tgerr" ]; then
	tg_pass "snapshots across objects add up exactly"
else
	tg_fail "snapshots across objects add up exactly" "status $st, $nsnap files" \
		"got:" "$got" "want:" "$want" "$(cat "$W/snap.stderr" "$W/snap.tgerr")"
fi

# -s sums the snapshots into gmon.sum and its objects' files and map.
(cd "$W/pie/snap" && "$TGPROF" -s ../prog $(ls | grep '^snap\.[0-9]*$') > /dev/null 2> "$W/sum.err")
got=$(cd "$W/pie/snap" && arcs ../prog gmon.sum 2>&1)
if [ -f "$W/pie/snap/gmon.sum.objects" ] && [ "$got" = "$want" ] && [ ! -s "$W/sum.err" ]; then
	tg_pass "-s sums the objects' files and the arcs between them"
else
	tg_fail "-s sums the objects' files and the arcs between them" "got:" "$got" \
		"$(cat "$W/sum.err")"
fi
got=$(cd "$W/pie/snap" && rt_counts ../prog gmon.sum)
if [ "$got" = "$(printf 'arc exe_cb2 helper %s\ncalls helper %s' $((5 * R * T)) $((5 * R * T)))" ]; then
	tg_pass "-s: gmon.sum is the program's alone for gprof"
else
	tg_fail "-s: gmon.sum is the program's alone for gprof" "$got"
fi

# Moved: not found without --lib-path (one message, the rest shown),
# found with it.
d=$W/pie
run moved "$d" || true
mkdir -p "$W/elsewhere"
mv "$d/libmbar.so" "$W/elsewhere/"
got=$(cd "$d/out" && arcs ../prog gmon.out 2> "$W/moved.err")
if [ "$(grep -c . "$W/moved.err")" -eq 1 ] && grep -q "libmbar.so: .*--lib-path" "$W/moved.err" &&
   printf '%s\n' "$got" | grep -q "^worker -> foo_run $((R * T))$" &&
   ! printf '%s\n' "$got" | grep -q bar_run; then
	tg_pass "moved library: one message, the rest shown"
else
	tg_fail "moved library: one message, the rest shown" "stderr: $(cat "$W/moved.err")" "$got"
fi
got=$(cd "$d/out" && arcs --lib-path="$W/elsewhere" ../prog gmon.out 2> "$W/moved.err")
if [ "$got" = "$want_arcs" ] && [ ! -s "$W/moved.err" ]; then
	tg_pass "moved library found with --lib-path"
else
	tg_fail "moved library found with --lib-path" "$got" "stderr: $(cat "$W/moved.err")"
fi

# Replaced: another build of libmbar.so at its path is refused.
sed 's/sink ^= i;/sink ^= i + 1;/' "$S/bar.c" > "$W/bar2.c"
$CC -pg -O1 -fPIC -shared -o "$d/libmbar.so" "$W/bar2.c" -L"$d" -lmfoo > "$W/bar2.log" 2>&1
got=$(cd "$d/out" && arcs ../prog gmon.out 2> "$W/replaced.err")
st=$?
if [ $st -eq 0 ] && [ "$(grep -c . "$W/replaced.err")" -eq 1 ] &&
   grep -q "libmbar.so: not the profiled object" "$W/replaced.err" &&
   printf '%s\n' "$got" | grep -q "^foo_twice -> helper (libmfoo.so) " &&
   ! printf '%s\n' "$got" | grep -q bar_run; then
	tg_pass "replaced library refused with a message"
else
	tg_fail "replaced library refused with a message" "stderr: $(cat "$W/replaced.err")" "$got"
fi

# --objects: only the listed objects are joined.
got=$(cd "$d/out" && arcs --objects=libmfoo.so ../prog gmon.out 2> "$W/objects.err")
if printf '%s\n' "$got" | grep -q "^foo_run -> helper " && ! printf '%s\n' "$got" | grep -q bar_run &&
   [ ! -s "$W/objects.err" ]; then
	tg_pass "--objects selects the objects joined"
else
	tg_fail "--objects selects the objects joined" "$got" "$(cat "$W/objects.err")"
fi

# Libraries without build-id: libtgmon records a digest of each one's code
# as loaded (map version 3); the same files join exactly, a rebuilt one is
# refused with a message naming it and --lib-path, never joined wrong;
# the profiled one is found again with --lib-path.
n=$W/noid
mkdir -p "$n"
if ! { $CC -pg -O1 -fPIC -shared -Wl,--build-id=none -o "$n/libmfoo.so" "$S/foo.c" &&
       $CC -pg -O1 -fPIC -shared -Wl,--build-id=none -o "$n/libmbar.so" "$S/bar.c" -L"$n" -lmfoo \
	   -Wl,-rpath,'$ORIGIN' &&
       $CC -pg -O1 -pthread -o "$n/prog" "$S/prog.c" -L"$n" -lmfoo -Wl,-rpath,'$ORIGIN' \
	   -L"$LIB" -ltgmon -Wl,-rpath,"$LIB"; } > "$n/cc.log" 2>&1; then
	tg_fail "setup: compile without build-id" "$(cat "$n/cc.log")"
elif run noid "$n"; then
	got=$(cd "$n/out" && arcs ../prog gmon.out 2> "$W/noid.err")
	if head -1 "$n/out/gmon.out.objects" | grep -qx 'tgmon objects 3' &&
	   [ "$(grep -c '^object [0-9]* [a-z]* [^ ]* digest:[0-9a-f]\{16\} ' "$n/out/gmon.out.objects")" = 2 ] &&
	   [ "$got" = "$want_arcs" ] && [ ! -s "$W/noid.err" ]; then
		tg_pass "no build-id: digests in the map, every arc exact"
	else
		tg_fail "no build-id: digests in the map, every arc exact" "$(cat "$n/out/gmon.out.objects")" \
			"$got" "stderr: $(cat "$W/noid.err")"
	fi
	mkdir -p "$n/keep"
	mv "$n/libmbar.so" "$n/keep/"
	$CC -pg -O1 -fPIC -shared -Wl,--build-id=none -o "$n/libmbar.so" "$W/bar2.c" -L"$n" -lmfoo \
		> "$W/noid2.log" 2>&1
	got=$(cd "$n/out" && arcs ../prog gmon.out 2> "$W/noid2.err")
	if [ "$(grep -c . "$W/noid2.err")" -eq 1 ] &&
	   grep -q "libmbar.so: not the profiled object (its code differs.*--lib-path" "$W/noid2.err" &&
	   printf '%s\n' "$got" | grep -q "^foo_twice -> helper (libmfoo.so) " &&
	   ! printf '%s\n' "$got" | grep -q bar_run; then
		tg_pass "no build-id: a rebuilt library refused, naming it and --lib-path"
	else
		tg_fail "no build-id: a rebuilt library refused, naming it and --lib-path" \
			"stderr: $(cat "$W/noid2.err")" "$got"
	fi
	got=$(cd "$n/out" && arcs --lib-path="$n/keep" ../prog gmon.out 2> "$W/noid3.err")
	if [ "$got" = "$want_arcs" ] && [ ! -s "$W/noid3.err" ]; then
		tg_pass "no build-id: the profiled library found with --lib-path"
	else
		tg_fail "no build-id: the profiled library found with --lib-path" "$got" \
			"stderr: $(cat "$W/noid3.err")"
	fi
	# A map of an older libtgmon records nothing to check them by: they
	# are joined with a warning each, never silently.
	sed -e '1s/3$/2/' -e 's/ digest:[0-9a-f]* / - /' "$n/out/gmon.out.objects" > "$W/v2.objects"
	cp "$W/v2.objects" "$n/out/gmon.out.objects"
	got=$(cd "$n/out" && arcs --lib-path="$n/keep" ../prog gmon.out 2> "$W/noid4.err")
	if [ "$(grep -c 'joined unchecked' "$W/noid4.err")" = 2 ] &&
	   grep -q "libmfoo.so: joined unchecked" "$W/noid4.err"; then
		tg_pass "no build-id nor digest recorded: joined with a warning"
	else
		tg_fail "no build-id nor digest recorded: joined with a warning" "$(cat "$W/noid4.err")"
	fi
fi

rt_done
