#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# --break-cycles=N end to end, on -pg programs built here and on the corpus.
#
# For every profile, bound N and chooser (ours, --cycle-heuristic=bsd):
#   - the heading, one "\tPARENT to CHILD with COUNT calls" line per arc and
#     a summary whose arc and call totals match the lines;
#   - the reports after the heading show no cycle over N;
#   - when no caller repeats in the list, they are byte-identical to
#     `tgprof --text` and to GNU gprof given the printed arcs as -k
#     PARENT/CHILD (both honour only the last -k per caller: with a
#     repeated caller the heading must carry a note saying so instead);
#   - with new roots allowed, ours deletes no more calls than the BSD rule
#     (which knows no such rule); by default no function or cycle becomes a
#     root (no warning), and a proven optimum never deletes fewer calls
#     than the one with roots allowed; output is deterministic.
# On every corpus case with cycles: a larger bound never deletes more
# calls (with and without the exact search), and no new root by default.
# The corpus interpreter with a collector (gcinterp): at bound 6 the
# fewest calls with roots allowed strand the collector (a root holding
# most of the time, warned); by default main keeps its time.
# Also: bad values of N and of --cycle-heuristic, and a 15,000-member cycle
# (tests/bench/cyclegen.c) broken to 10 within the time limit.
. "$(dirname "$0")/lib.sh"
tg_need "$GPROF" "$TGPROF" "$CC" timeout cmp nm

# A directory per run (several check runs may share the tree); a passing
# run's is kept as tests/out/breakcycles for bench-cycles.sh, a failing
# one's stays for inspection.
W=$TG_OUT/breakcycles.$$
rm -rf "$W"
mkdir -p "$W"

cat > "$W/shapes.c" <<'EOF'
/* Cycles of 2, 3, 5 and 12 members and an interpreter's eval/dispatch
 * cycle; every function is a separate symbol. */
#include <stdlib.h>
#define NI __attribute__((noinline))
volatile unsigned long sink;
static void burn(int n) { for (int i = 0; i < n; i++) sink += i; }

NI int is_odd(int n);
NI int is_even(int n) { burn(200); return n == 0 ? 1 : is_odd(n - 1); }
NI int is_odd(int n) { burn(300); return n == 0 ? 0 : is_even(n - 1); }

NI void tri_b(int d);
NI void tri_c(int d);
NI void tri_a(int d) { burn(100); if (d > 0) tri_b(d - 1); }
NI void tri_b(int d) { burn(200); if (d > 0) tri_c(d - 1); }
NI void tri_c(int d) { burn(300); if (d > 0) tri_a(d - 1); }

NI void r5_1(int d); NI void r5_2(int d); NI void r5_3(int d); NI void r5_4(int d);
NI void r5_0(int d) { burn(100); if (d > 0) r5_1(d - 1); }
NI void r5_1(int d) { burn(100); if (d > 0) { if (d % 7 == 0) r5_3(d - 1); else r5_2(d - 1); } }
NI void r5_2(int d) { burn(100); if (d > 0) r5_3(d - 1); }
NI void r5_3(int d) { burn(100); if (d > 0) r5_4(d - 1); }
NI void r5_4(int d) { burn(100); if (d > 0) r5_0(d - 1); }

#define D12(i) NI void r12_##i(int d);
D12(0) D12(1) D12(2) D12(3) D12(4) D12(5) D12(6) D12(7) D12(8) D12(9) D12(10) D12(11)
#define R12(i, next, chord, every) \
	NI void r12_##i(int d) { burn(50 * (i + 1)); if (d <= 0) return; \
		if (d % every == 0) r12_##chord(d - 1); else r12_##next(d - 1); }
R12(0, 1, 6, 5) R12(1, 2, 7, 9) R12(2, 3, 8, 4) R12(3, 4, 9, 11)
R12(4, 5, 10, 6) R12(5, 6, 11, 13) R12(6, 7, 0, 3) R12(7, 8, 1, 8)
R12(8, 9, 2, 10) R12(9, 10, 3, 7) R12(10, 11, 4, 12) R12(11, 0, 5, 5)

/* eval dispatches on a node kind; handlers evaluate children through
 * eval; lookup and alloc are helpers outside the cycle. */
struct node { int k; struct node *a, *b; long v; };
NI long eval(const struct node *n);
NI long lookup(long v) { burn(20); return v & 7; }
NI long op_num(const struct node *n) { burn(10); return n->v; }
NI long op_var(const struct node *n) { return lookup(n->v); }
NI long op_add(const struct node *n) { burn(30); return eval(n->a) + eval(n->b); }
NI long op_mul(const struct node *n) { burn(40); return eval(n->a) * eval(n->b); }
NI long op_neg(const struct node *n) { burn(30); return -eval(n->a); }
NI long op_if(const struct node *n) { burn(30); return eval(n->a) ? eval(n->b) : 0; }
NI long op_seq(const struct node *n) { burn(30); eval(n->a); return eval(n->b); }
NI long eval(const struct node *n)
{
	burn(20);
	switch (n->k) {
	case 0: return op_num(n);
	case 1: return op_var(n);
	case 2: return op_add(n);
	case 3: return op_mul(n);
	case 4: return op_neg(n);
	case 5: return op_if(n);
	default: return op_seq(n);
	}
}
NI struct node *alloc(int k, struct node *a, struct node *b, long v)
{
	struct node *n = malloc(sizeof *n);
	n->k = k; n->a = a; n->b = b; n->v = v;
	return n;
}
static unsigned seed = 12345;
NI struct node *build(int depth)
{
	seed = seed * 1103515245u + 12345u;
	unsigned r = (seed >> 16) % 16;
	if (depth == 0)
		return alloc(r < 10 ? 0 : 1, 0, 0, r);
	if (r < 6)
		return alloc(2, build(depth - 1), build(depth - 1), 0);
	if (r < 9)
		return alloc(3, build(depth - 1), build(depth - 1), 0);
	if (r < 11)
		return alloc(4, build(depth - 1), 0, 0);
	if (r < 14)
		return alloc(5, build(depth - 1), build(depth - 1), 0);
	return alloc(6, build(depth - 1), build(depth - 1), 0);
}

int main(void)
{
	for (int i = 0; i < 300; i++)
		sink += is_even(i % 40);
	for (int i = 0; i < 400; i++)
		tri_a(i % 30);
	for (int i = 0; i < 300; i++)
		r5_0(20 + i % 23);
	for (int i = 0; i < 200; i++)
		r12_0(30 + i % 41);
	struct node *prog = build(12);
	for (int i = 0; i < 30; i++)
		sink += eval(prog);
	return 0;
}
EOF

# Two static functions named "step", one per file.  pub_a -> step (a.c)
# -> common -> pub_a is a cycle whose lightest arc is step (a.c) ->
# common; step (b.c) -> common is outside the cycle, but -k step/common
# matches it too, so the batch must delete and list it as well.
cat > "$W/dup_a.c" <<'EOF'
#define NI __attribute__((noinline))
extern volatile unsigned long sink;
void common(int d);
NI static void step(int d) { for (int i = 0; i < 300; i++) sink += i; if (d > 0) common(d - 1); }
NI void pub_a(int d) { for (int k = 0; k < 5; k++) step(k == 0 ? d : 0); }
EOF
cat > "$W/dup_b.c" <<'EOF'
#define NI __attribute__((noinline))
extern volatile unsigned long sink;
void pub_a(int d);
NI void common(int d)
{
	for (int i = 0; i < 100; i++) sink += i;
	if (d > 0)
		for (int k = 0; k < 5; k++) pub_a(k == 0 ? d - 1 : 0);
}
NI static void step(int d) { for (int i = 0; i < 200; i++) sink += i; if (d >= 0) common(0); }
NI void pub_b(int d) { for (int i = 0; i < d; i++) step(i); }
volatile unsigned long sink;
int main(void) { for (int i = 0; i < 200; i++) { pub_a(10 + i % 7); pub_b(30); } return 0; }
EOF

# Two roots share an interpreter's cycle: main runs the program through
# eval (40 calls into the cycle, most of the work), and by_key, which
# qsort calls from the C library (gprof records no caller for it: a root
# of its own), calls into the cycle 3 million times, cheaply, through
# lookup, which calls back into eval now and then.  gprof credits the
# cycle's time to its callers by their calls, so by_key holds all of it
# before the break.  Burning in loops, not in a helper, keeps each
# function's time its own.
cat > "$W/tworoots.c" <<'EOF'
#include <stdlib.h>
#define NI __attribute__((noinline))
#define BURN(n) do { for (int i_ = 0; i_ < (n); i_++) sink += i_; } while (0)
volatile unsigned long sink;
NI long eval(int d);
NI long lookup(long k);
NI long op_add(int d) { BURN(9000); return eval(d - 1) + eval(d - 1); }
NI long op_get(int d) { BURN(6000); return lookup(d) + eval(d - 1); }
NI long op_hash(long k) { BURN(2); return k * 31; }
NI long lookup(long k) { BURN(9); return k % 512 == 0 ? eval(2) : op_hash(k); }
NI long eval(int d)
{
	BURN(1500);
	if (d <= 0)
		return 1;
	return d % 3 ? op_add(d) : op_get(d);
}
NI int by_key(const void *a, const void *b)
{
	long x = lookup(*(const long *)a), y = lookup(*(const long *)b);
	return (x > y) - (x < y);
}
int main(void)
{
	static long keys[4000];
	for (int r = 0; r < 40; r++) {
		for (int i = 0; i < 4000; i++)
			keys[i] = (i * 7919L + r) % 4001;
		qsort(keys, 4000, sizeof keys[0], by_key);
		sink += (unsigned long)eval(14);
	}
	return 0;
}
EOF

build() { # build NAME SOURCES...: $W/NAME/exe and gmon.out
	n=$1
	shift
	mkdir -p "$W/$n"
	if ! (cd "$W/$n" && $CC -O0 -g -pg -fno-inline -o exe "$@" > build.log 2>&1 &&
	      ./exe > /dev/null 2>&1 && [ -f gmon.out ]); then
		tg_fail "setup: build and run $n" "$(cat "$W/$n/build.log")"
		tg_finish
		exit 1
	fi
}
build shapes "$W/shapes.c"
build dup "$W/dup_a.c" "$W/dup_b.c"
build tworoots "$W/tworoots.c"

# largest FILE: members of the largest cycle in a call graph report (an
# entry line starts with "[INDEX]", or "[INDEX" past four digits).
largest() {
	grep -E '^\[[0-9]+' "$1" | grep -o '<cycle [0-9]*>' | sort | uniq -c |
		awk 'BEGIN { m = 0 } $1 > m { m = $1 } END { print m }'
}

# check_one LABEL DIR OPTS N CHOOSER: the checks above for one run.
# Leaves the total calls deleted in $W/LABEL.calls.
check_one() {
	label=$1 dir=$2 opts=$3 n=$4 chooser=$5
	out=$W/$label.out
	heur=
	[ "$chooser" = bsd ] && heur=--cycle-heuristic=bsd
	[ "$chooser" = roots ] && heur=--cycle-allow-roots
	# $tgopts: options of the breaking run alone (not for the replays)
	s=$(cd "$dir" && tg_run "$out" "$out.err" "$TGPROF" --text $opts ${tgopts:-} \
		--break-cycles="$n" $heur --write-edits="$out.edits" exe gmon.out)
	if [ "$s" != 0 ]; then
		tg_fail "$label: exit status $s" "$(head -5 "$out.err")"
		return
	fi
	sed -n '1,/^$/p' "$out" > "$out.head"
	sed '1,/^$/d' "$out" > "$out.body"
	# heading, arc lines, summary
	awk -v n="$n" '
		NR == 1 { ok = $0 ~ ("^Arcs deleted so that no cycle has more than " n " member") ; next }
		/^\t.* to .* with [0-9]+ calls$/ { k++; c += $(NF - 1); next }
		!sum && /^[0-9]+ arcs? and [0-9]+ calls? deleted/ { sum = 1; if ($1 != k || $4 != c) ok = 0; next }
		/^Note: / || /^$/ { next }
		/^Largest changes of total time \(self \+ children\):$/ { ch = 1; next }
		ch && /^\t.* [0-9]+\.[0-9]% -> [0-9]+\.[0-9]%$/ { next }
		ch && /^Warning: .* was called and becomes a root holding [0-9.]+% of the time\.$/ { next }
		{ ok = 0 }
		END { exit !(ok && sum) }' "$out.head" ||
		{ tg_fail "$label: heading, arc lines and totals" "$(cat "$out.head")"; return; }
	awk '/^[0-9]+ arcs? and [0-9]+ calls? deleted/ { print $4 }' "$out.head" > "$W/$label.calls"
	# the certificate: "(optimal)", or a lower bound at most the calls
	lb=$(sed -n 's/^[0-9]* arcs* and \([0-9]*\) calls* deleted; no solution deletes fewer than \([0-9]*\) call.*/\1 \2/p' "$out.head")
	if grep -q '^[0-9]* arcs* and [0-9]* calls* deleted (optimal); ' "$out.head"; then
		[ "$chooser" = bsd ] && tg_fail "$label: BSD's rule called optimal"
		[ "$chooser" = ours ] && grep -q '^Warning: ' "$out.head" &&
			tg_fail "$label: a new root by default" "$(grep '^Warning' "$out.head")"
		echo optimal > "$W/$label.cert"
	elif [ -n "$lb" ] || grep -q '; no cycle was over the bound' "$out.head"; then
		set -- ${lb:-0 0}
		if [ "$2" -le "$1" ]; then
			echo "$2" > "$W/$label.cert"
		else
			tg_fail "$label: lower bound $2 over the $1 calls deleted"
		fi
	else
		tg_fail "$label: no certificate in the summary" "$(tail -3 "$out.head")"
	fi
	# the edits file replays the list exactly, repeated callers included
	nk=$(grep -c '^:k ' "$out.edits")
	nl=$(grep -c '^	.* to .* with [0-9]* calls$' "$out.head")
	e=$W/$label.te
	s=$(cd "$dir" && tg_run "$e" "$e.err" "$TGPROF" --text $opts \
		--edits="$out.edits" exe gmon.out)
	if [ "$nk" = "$nl" ] && [ "$s" = 0 ] && cmp -s "$out.body" "$e"; then
		tg_pass "$label: reports equal tgprof --edits (written $nk :k lines)"
	else
		tg_fail "$label: --edits replay differs ($nk :k lines for $nl arcs, status $s)" \
			"$(cat "$e.err")" "$(diff "$out.body" "$e" | head -10)"
	fi
	# -k options: a name with a '.' would be read as a file name
	ks=$(sed -n 's/^\t\(.*\) to \(.*\) with [0-9]* calls$/\1 \2/p' "$out.head" |
		awk '{ p = $1; c = $2; if (p ~ /\./) p = ":" p; if (c ~ /\./) c = ":" c;
		       s = "-k " p "/" c; if (!(s in seen)) { seen[s] = 1; print s } }' |
		tr '\n' ' ')
	big=$(largest "$out.body")
	if [ "$big" -le "$n" ]; then
		tg_pass "$label: largest cycle $big <= $n"
	else
		tg_fail "$label: a cycle of $big members remains"
	fi
	# GNU gprof, and tgprof --text with it, honour only the last -k naming
	# a caller: a list with a repeated caller cannot be replayed with -k.
	callers=$(sed -n 's/^\t\(.*\) to \(.*\) with [0-9]* calls$/\1 \2/p' "$out.head" |
		sort -u | awk '{ print $1 }' | uniq -d)
	if [ -n "$callers" ]; then
		if grep -q '^Note: .*honours only the last -k' "$out.head"; then
			tg_pass "$label: repeated caller noted ($(echo $callers))"
		else
			tg_fail "$label: repeated callers not noted" "$callers"
		fi
		echo "# $label: -k replay not compared (callers repeat: $(echo $callers))"
		return
	fi
	t=$W/$label.tk
	s=$(cd "$dir" && tg_run "$t" "$t.err" "$TGPROF" --text $opts $ks exe gmon.out)
	if [ "$s" = 0 ] && cmp -s "$out.body" "$t"; then
		tg_pass "$label: reports equal tgprof $ks"
	else
		tg_fail "$label: reports differ from tgprof -k" "$ks" \
			"$(diff "$out.body" "$t" | head -10)"
	fi
	case " $opts " in *" -b "*) ;; *) return ;; esac
	g=$W/$label.gk
	s=$(cd "$dir" && tg_run "$g" "$g.err" "$GPROF" $opts $ks exe gmon.out)
	if [ "$s" = 0 ] && cmp -s "$out.body" "$g"; then
		tg_pass "$label: reports equal GNU gprof -k"
	else
		tg_fail "$label: reports differ from GNU gprof -k" "$ks" \
			"$(diff "$out.body" "$g" | head -10)"
	fi
	big=$(largest "$g")
	if [ "$big" -le "$n" ]; then
		tg_pass "$label: GNU gprof's largest cycle $big <= $n"
	else
		tg_fail "$label: GNU gprof shows a cycle of $big members"
	fi
}

# check_profile NAME DIR OPTS BOUNDS
check_profile() {
	name=$1 dir=$2 opts=$3
	for n in $4; do
		check_one "$name-$n" "$dir" "$opts" "$n" ours
		check_one "$name-$n-roots" "$dir" "$opts" "$n" roots
		check_one "$name-$n-bsd" "$dir" "$opts" "$n" bsd
		if [ -f "$W/$name-$n-roots.calls" ] && [ -f "$W/$name-$n-bsd.calls" ]; then
			o=$(cat "$W/$name-$n-roots.calls") b=$(cat "$W/$name-$n-bsd.calls")
			if [ "$o" -le "$b" ]; then
				tg_pass "$name-$n: ours with roots allowed deletes $o calls, BSD rule $b"
			else
				tg_fail "$name-$n: ours with roots allowed deletes $o calls, more than BSD's $b"
			fi
			# where ours is proven optimal, the packing bound the BSD
			# run prints must not exceed that minimum
			if [ "$(cat "$W/$name-$n-roots.cert" 2>/dev/null)" = optimal ] &&
			   [ -f "$W/$name-$n-bsd.cert" ]; then
				l=$(cat "$W/$name-$n-bsd.cert")
				if [ "$l" -le "$o" ]; then
					tg_pass "$name-$n: lower bound $l <= optimum $o"
				else
					tg_fail "$name-$n: lower bound $l over the optimum $o"
				fi
			fi
		fi
		# the rule only constrains: its optimum is never below the
		# optimum without it
		if [ "$(cat "$W/$name-$n.cert" 2>/dev/null)" = optimal ] &&
		   [ "$(cat "$W/$name-$n-roots.cert" 2>/dev/null)" = optimal ]; then
			o=$(cat "$W/$name-$n.calls") r=$(cat "$W/$name-$n-roots.calls")
			if [ "$o" -ge "$r" ]; then
				tg_pass "$name-$n: no new roots costs $o calls, roots allowed $r"
			else
				tg_fail "$name-$n: no new roots $o calls, below the optimum $r with roots allowed"
			fi
		fi
	done
}

check_profile shapes "$W/shapes" "-b" "1 2 3 4 5 8 10 11"
check_profile shapes-notes "$W/shapes" "" "3"
check_profile shapes-q "$W/shapes" "-b -q -z" "2 6"
check_profile dup "$W/dup" "-b" "1 2 3"

# The arc -k step/common also matches is deleted and listed.
if [ "$(grep -c '^	step to common with' "$W/dup-1.out.head")" = 2 ]; then
	tg_pass "dup-1: both arcs named step to common listed"
else
	tg_fail "dup-1: both arcs named step to common listed" "$(cat "$W/dup-1.out.head")"
fi

# Determinism: the same output again.
(cd "$W/shapes" && "$TGPROF" --text -b --break-cycles=2 exe gmon.out > "$W/det1" 2>&1;
 "$TGPROF" --text -b --break-cycles=2 exe gmon.out > "$W/det2" 2>&1)
if cmp -s "$W/det1" "$W/det2" && cmp -s "$W/det1" "$W/shapes-2.out"; then
	tg_pass "deterministic output"
else
	tg_fail "deterministic output"
fi

# Bad values: exit status 1, nothing on stdout, a message naming the
# option and the value.
for v in 0 -1 -25 abc 3x '' 1.5 ' '; do
	s=$(cd "$W/shapes" && tg_run "$W/bad.out" "$W/bad.err" "$TGPROF" --text \
		"--break-cycles=$v" exe gmon.out)
	if [ "$s" = 1 ] && [ ! -s "$W/bad.out" ] &&
	   grep -q -- "--break-cycles: '$v' is not a positive whole number" "$W/bad.err"; then
		tg_pass "bad bound '$v': $(cat "$W/bad.err")"
	else
		tg_fail "bad bound '$v'" "status $s" "$(cat "$W/bad.err")"
	fi
done
s=$(cd "$W/shapes" && tg_run "$W/bad.out" "$W/bad.err" "$TGPROF" --text \
	--break-cycles=2 --cycle-heuristic=best exe gmon.out)
if [ "$s" = 1 ] && [ ! -s "$W/bad.out" ] && grep -q "unknown heuristic 'best'" "$W/bad.err"; then
	tg_pass "bad --cycle-heuristic: $(cat "$W/bad.err")"
else
	tg_fail "bad --cycle-heuristic" "status $s" "$(cat "$W/bad.err")"
fi

# An edits file with two arcs of one caller (eval) replays both, where
# -k keeps only the last; a bad line names the file and the line.
printf '# two arcs of eval\n\n:k eval/op_if\nk eval/op_add\n' > "$W/two.edits"
s=$(cd "$W/shapes" && tg_run "$W/two.out" "$W/two.err" "$TGPROF" --text -b -q \
	--edits="$W/two.edits" exe gmon.out)
printf 'k eval/op_add\nk eval/op_if\n' > "$W/two-rev.edits"
(cd "$W/shapes" && "$TGPROF" --text -b -q --edits="$W/two-rev.edits" exe gmon.out \
	> "$W/two.rev" 2>&1
 "$TGPROF" --text -b -q -k eval/op_if exe gmon.out > "$W/two.k1" 2>&1
 "$TGPROF" --text -b -q -k eval/op_add exe gmon.out > "$W/two.k2" 2>&1)
if [ "$s" = 0 ] && cmp -s "$W/two.out" "$W/two.rev" &&
   ! cmp -s "$W/two.out" "$W/two.k1" && ! cmp -s "$W/two.out" "$W/two.k2"; then
	tg_pass "--edits: two arcs of one caller both deleted, in any order"
else
	tg_fail "--edits: two arcs of one caller" "status $s" "$(cat "$W/two.err")"
fi
printf ':k eval/op_if\n:frobnicate x\n' > "$W/bad.edits"
s=$(cd "$W/shapes" && tg_run "$W/bad.out" "$W/bad.err" "$TGPROF" --text -b \
	--edits="$W/bad.edits" exe gmon.out)
if [ "$s" = 1 ] && [ ! -s "$W/bad.out" ] &&
   grep -q "bad.edits:2: unknown command .frobnicate" "$W/bad.err"; then
	tg_pass "--edits: bad line: $(cat "$W/bad.err")"
else
	tg_fail "--edits: bad line" "status $s" "$(cat "$W/bad.err")"
fi

# The corpus: every case whose program has cycles of two or more members.
tg_build_corpus

# mainpct FILE: main's % time in the call graph of a report.
mainpct() {
	awk '/^\[[0-9]+\]/ && $NF ~ /^\[/ && $(NF-1) == "main" { print $2; exit }' "$1"
}

# The whole-profile changes: on the interpreter with new roots allowed,
# the fewest calls (eval to op_if) hand the whole time to op_if, a new
# root; the summary lists main's fall and op_if's rise, sorted by size,
# and warns.  By default, and with the least time moved, main keeps its
# time and nothing is warned.
d=$TG_CORPUS/interp-o0g
if [ -f "$d/gmon.out" ]; then
	m0=$(cd "$d" && "$TGPROF" --text -b -q exe gmon.out > "$W/interp0.out" && mainpct "$W/interp0.out")
	(cd "$d" && "$TGPROF" --text -b -q --break-cycles=3 --cycle-allow-roots exe gmon.out) \
		> "$W/interp.out" 2>&1
	sed -n '/^Largest changes/,/^$/p' "$W/interp.out" > "$W/interp.ch"
	# main's "after" must be what its call-graph entry then prints
	mp=$(mainpct "$W/interp.out")
	if head -1 "$W/interp.out" | grep -q '; new roots allowed):$' &&
	   grep -q "^	main $m0% -> $mp%$" "$W/interp.ch" &&
	   grep -q '^Warning: op_if was called and becomes a root holding' "$W/interp.ch" &&
	   awk -F'[ %]+' '/^\t/ { d = $2 - $4; if (d < 0) d = -d; if (NR > 2 && d > prev + 0.05) bad = 1; prev = d }
		END { exit bad }' "$W/interp.ch"; then
		tg_pass "interp-3 roots: top changes (main $m0% -> $mp%) and new-root warning"
	else
		tg_fail "interp-3 roots: top changes and warning" "$(cat "$W/interp.ch")" "main $m0 -> $mp"
	fi
	for obj in calls time; do
		(cd "$d" && "$TGPROF" --text -b -q --break-cycles=3 --cycle-objective=$obj \
			exe gmon.out) > "$W/interp-$obj.out" 2>&1
		mt=$(mainpct "$W/interp-$obj.out")
		if [ -n "$mt" ] && [ "$mt" = "$m0" ] && ! grep -q '^Warning: ' "$W/interp-$obj.out" &&
		   [ "$(largest "$W/interp-$obj.out")" -le 3 ]; then
			tg_pass "interp-3 $obj: main keeps $mt%, no new root, cycles fit"
		else
			tg_fail "interp-3 $obj" "main $m0 -> $mt" "$(sed -n '1,/^$/p' "$W/interp-$obj.out")"
		fi
	done
else
	tg_fail "interp-3: corpus case interp-o0g not built (tests/corpus/build.sh)"
fi

# The collector (tests/corpus/gcinterp.c), bound 6: the fewest calls with
# roots allowed take gc_maybe to gc_collect, and the collector becomes a
# root holding most of the time (warned); by default the finalizers' way
# back into eval goes instead and main keeps at least 90% of its share;
# the least time moved, roots allowed or not, warns of nothing either.
d=$TG_CORPUS/gcinterp-o0g
if [ -f "$d/gmon.out" ]; then
	m0=$(cd "$d" && "$TGPROF" --text -b -q exe gmon.out > "$W/gc0.out" && mainpct "$W/gc0.out")
	for how in roots default time time-roots; do
		case $how in
		roots) o=--cycle-allow-roots ;;
		default) o= ;;
		time) o=--cycle-objective=time ;;
		time-roots) o="--cycle-objective=time --cycle-allow-roots" ;;
		esac
		(cd "$d" && "$TGPROF" --text -b -q --break-cycles=6 $o exe gmon.out) > "$W/gc-$how.out" 2>&1
		mp=$(mainpct "$W/gc-$how.out")
		keeps=$(awk -v a="$m0" -v b="$mp" 'BEGIN { print (b != "" && b >= 0.9 * a) }')
		h=$(sed -n '1,/^$/p' "$W/gc-$how.out")
		case $how in
		roots)
			if echo "$h" | grep -q '^	gc_maybe to gc_collect with ' &&
			   echo "$h" | grep -q '^Warning: gc_collect was called and becomes a root holding' &&
			   [ "$keeps" = 0 ]; then
				tg_pass "gcinterp-6 roots allowed: the collector becomes a root, main $m0% -> $mp%, warned"
			else
				tg_fail "gcinterp-6 roots allowed: the collector stranded and warned" "main $m0 -> $mp" "$h"
			fi ;;
		*)
			if [ "$keeps" = 1 ] && ! echo "$h" | grep -q '^Warning: ' &&
			   ! echo "$h" | grep -q '^	gc_maybe to gc_collect with ' &&
			   [ "$(largest "$W/gc-$how.out")" -le 6 ]; then
				tg_pass "gcinterp-6 $how: main $m0% -> $mp%, no new root"
			else
				tg_fail "gcinterp-6 $how: main keeps 90% of its share" "main $m0 -> $mp" "$h"
			fi ;;
		esac
	done
else
	tg_fail "gcinterp-6: corpus case gcinterp-o0g not built (tests/corpus/build.sh)"
fi

# The roots a break starts from (tworoots above): functions gprof finds no
# caller for are roots before the break already, and the break never
# touches what lies outside the cycle, so their shares change only by how
# the cycle's time is split among its callers outside it.  The fewest
# calls hand by_key's share to main, the true caller of the work; the
# least time moved (the time the deleted arcs carried) keeps every root's
# share here (by_key too, which holds the cycle by its calls alone), and
# at bound 1 the time moved the summary prints is what the report says
# the deleted arcs carried.  Bounds 1 to 3 (the cycle has 4 members).
# rootshares FILE: "NAME PCT" per root of a report's call graph.
rootshares() {
	awk 'prev ~ /<spontaneous>/ && /^\[[0-9]+/ { print $(NF-1), $2 } { prev = $0 }' "$1"
}
d=$W/tworoots
(cd "$d" && "$TGPROF" --text -b -q exe gmon.out) > "$W/two0.out" 2>&1
rootshares "$W/two0.out" > "$W/two0.roots"
if ! grep -q '^by_key ' "$W/two0.roots" || ! grep -q '^main ' "$W/two0.roots"; then
	tg_fail "tworoots: by_key and main are roots" "$(cat "$W/two0.roots")"
fi
for n in 1 2 3; do
	for obj in calls time; do
		o=$W/two-$obj-$n.out
		(cd "$d" && "$TGPROF" --text -b -q --break-cycles=$n --cycle-objective=$obj \
			exe gmon.out) > "$o" 2>&1
		rootshares "$o" > "$o.roots"
		# the least share a root keeps (after / before) and which; half
		# the total variation of the roots' shares (points of the total)
		awk 'NR == FNR { b[$1] = $2; next } { a[$1] = $2 }
		     END { min = 1e9; for (r in b) { d = a[r] - b[r]; tv += d < 0 ? -d : d
			   k = b[r] > 0 ? a[r] / b[r] : 1; if (k < min) { min = k; who = r } }
			   for (r in a) if (!(r in b)) tv += a[r]
			   printf "%.3f %s %.1f\n", min, who, tv / 2 }' \
			"$W/two0.roots" "$o.roots" > "$o.kept"
		read -r kept who tv < "$o.kept"
		h=$(sed -n '1,/^$/p' "$o")
		if grep -q '^Warning: ' "$o" || [ "$(largest "$o")" -gt "$n" ]; then
			tg_fail "tworoots-$n $obj: no new root, cycles fit" "$h"
			continue
		fi
		case $obj in
		calls)
			if grep -q '^main ' "$o.roots" && [ "$who" = by_key ] &&
			   awk -v k="$kept" 'BEGIN { exit !(k < 0.9) }'; then
				tg_pass "tworoots-$n calls: by_key keeps $kept of its share (the fewest calls move $tv points to main)"
			else
				tg_fail "tworoots-$n calls: by_key's share goes to main" "$(cat "$o.roots")" "$h"
			fi ;;
		time)
			said=$(sed -n 's/.*; \([0-9.]*\) seconds of time moved (.*/\1/p' "$o")
			# at bound 1 every piece is one function: each deleted
			# arc carries its callee's total time (self + children,
			# after) times the arc's part of the callee's calls from
			# others, kept (the report's called count) or deleted
			calc=$said
			[ "$n" = 1 ] && calc=$(awk '
				/^Arcs deleted/ { arcs = 1; next }
				arcs && /^$/ { arcs = 0 }
				arcs && / to .* with [0-9]+ calls?$/ {
					k++; to[k] = $3; c[k] = $5; del[$3] += $5 }
				/^\[[0-9]+\]/ { split($5, kc, "+")
					tot[$(NF-1)] = $3 + $4; kept[$(NF-1)] = kc[1] }
				END { for (i = 1; i <= k; i++) { v = to[i]
					m += tot[v] * c[i] / (kept[v] + del[v]) }
					printf "%.2f", m }' "$o")
			if awk -v k="$kept" -v s="$said" -v c="$calc" 'BEGIN {
				d = c - s; if (d < 0) d = -d
				exit !(k >= 0.9 && s != "" && d <= 0.03) }'; then
				tg_pass "tworoots-$n time: every root keeps at least $kept of its share; $said s of time moved, as the arcs carried ($calc s)"
			else
				tg_fail "tworoots-$n time: roots keep 90%, time moved as the arcs carried" \
					"least kept $kept ($who), said $said s, carried $calc s" \
					"$(cat "$o.roots")" "$h"
			fi ;;
		esac
	done
done

# Monotone in the bound, on every corpus case with cycles (the optimised
# variants too): the calls deleted never grow with the bound, with the
# exact search (small cycles: proven optima) and without it (the
# heuristics restore the answer for N - 1); and by default nothing
# becomes a root.
nmono=0
for d in $(tg_cases); do
	case $(basename "$d") in
	*-o0g|*-o2) ;;
	*) continue ;;
	esac
	(cd "$d" && "$TGPROF" --text -b -q exe gmon.out > "$W/mono.plain" 2>/dev/null) || continue
	top=$(largest "$W/mono.plain")
	[ "$top" -ge 2 ] || continue
	[ "$top" -le 13 ] || top=13
	for ex in 3 0; do
		prev= bad= seq= roots=
		n=1
		while [ "$n" -lt "$top" ]; do
			(cd "$d" && "$TGPROF" --text -b -q --no-demangle --break-cycles=$n \
				--cycle-exact-time=$ex exe gmon.out) > "$W/mono.out" 2>&1
			c=$(awk '/^[0-9]+ arcs? and [0-9]+ calls? deleted/ { print $4; exit }' "$W/mono.out")
			grep -q '^Warning: ' "$W/mono.out" && roots="$roots $n"
			[ -n "$c" ] || c=x
			seq="$seq $n:$c"
			if [ -n "$prev" ] && { [ "$c" = x ] || [ "$c" -gt "$prev" ]; }; then
				bad=1
			fi
			[ "$c" = x ] || prev=$c
			n=$((n + 1))
		done
		label="monotone $(basename "$d") (exact search ${ex}s)"
		if [ -z "$bad" ] && [ -z "$roots" ]; then
			tg_pass "$label:$seq"
		else
			tg_fail "$label" "calls by bound:$seq" "new roots at:$roots"
		fi
		nmono=$((nmono + 1))
	done
done
[ "$nmono" -ge 10 ] || tg_fail "monotone: only $nmono corpus runs with cycles found"
s=$(cd "$W/shapes" && tg_run "$W/bad.out" "$W/bad.err" "$TGPROF" --text \
	--break-cycles=2 --cycle-objective=speed exe gmon.out)
if [ "$s" = 1 ] && [ ! -s "$W/bad.out" ] && grep -q "unknown objective 'speed'" "$W/bad.err"; then
	tg_pass "bad --cycle-objective: $(cat "$W/bad.err")"
else
	tg_fail "bad --cycle-objective" "status $s" "$(cat "$W/bad.err")"
fi

# --break-force / --break-keep: the arc of is_even/is_odd the proposal
# takes (both carry about as many calls), kept, makes it take the other;
# the other, forced, is listed and the first is not; the cycles fit.
sh1=$W/shapes
(cd "$sh1" && "$TGPROF" --text -b -q --break-cycles=1 exe gmon.out) > "$W/bk0.out" 2>&1
set -- $(sed -n 's/^	\(is_[a-z]*\) to \(is_[a-z]*\) with .*/\1 \2/p' "$W/bk0.out")
if [ $# = 2 ]; then
	kp=$1 kc=$2
	for how in keep force; do
		if [ $how = keep ]; then arc=$kp/$kc; else arc=$kc/$kp; fi
		s=$(cd "$sh1" && tg_run "$W/bk-$how.out" "$W/bk-$how.err" "$TGPROF" --text -b -q \
			--break-cycles=1 --break-$how="$arc" exe gmon.out)
		if [ $how = keep ]; then done_word=kept; else done_word=forced; fi
		if [ "$s" = 0 ] && head -1 "$W/bk-$how.out" | grep -q "; 1 arc $done_word):\$" &&
		   grep -q "^	$kc to $kp with " "$W/bk-$how.out" &&
		   ! grep -q "^	$kp to $kc with " "$W/bk-$how.out" &&
		   [ "$(largest "$W/bk-$how.out")" -le 1 ]; then
			tg_pass "--break-$how=$arc: $kc to $kp deleted instead of $kp to $kc"
		else
			tg_fail "--break-$how=$arc" "status $s" "$(sed -n '1,/^$/p' "$W/bk-$how.out")" "$(cat "$W/bk-$how.err")"
		fi
	done
	for bad in "--break-keep=$kp/$kc --break-keep=$kc/$kp:the kept arcs leave a cycle" \
		   "--break-keep=$kp:is not an arc" "--break-force=$kp/main:no arc $kp/main" \
		   "--break-cycles=0 --break-force=$kp/$kc:needs --break-cycles"; do
		args=${bad%%:*} msg=${bad#*:}
		case $args in --break-cycles=0*) args=${args#--break-cycles=0 } ;; *) args="--break-cycles=1 $args" ;; esac
		s=$(cd "$sh1" && tg_run "$W/bkbad.out" "$W/bkbad.err" "$TGPROF" --text -b $args exe gmon.out)
		if [ "$s" = 1 ] && [ ! -s "$W/bkbad.out" ] && grep -q "$msg" "$W/bkbad.err"; then
			tg_pass "bad $args: $(cat "$W/bkbad.err")"
		else
			tg_fail "bad $args" "status $s" "$(cat "$W/bkbad.err")"
		fi
	done
else
	tg_fail "--break-keep/--break-force: no is_even/is_odd arc listed" "$(sed -n '1,/^$/p' "$W/bk0.out")"
fi

for d in $(tg_cases); do
	case $(basename "$d") in mutual-*|cycles-*|interp-*|gcinterp-*) ;; *) continue ;; esac
	check_profile "corpus-$(basename "$d")" "$d" "-b --no-demangle" "1 3"
done

# Re-proposal after pin, force and unpin (as the browser does it) equals a
# proposal from scratch with the same choices, solving again only the
# component of the changed arc, where that was solved exactly; where the
# heuristics solved it (the "heuristic" rule: no exact search), it is
# repaired locally: within the bound, pins honoured, no redundant arc near
# the change, calls within twice from scratch
# (tests/unit/test_cyclebreak_choice.c, run on the profile); on the corpus
# cases with the largest cycles.
choice=$TG_BUILD/${B:-build}/tests/unit/test_cyclebreak_choice
if [ ! -x "$choice" ]; then
	tg_fail "re-proposal on the corpus: $choice not built (make check builds it)"
else
	nc=0
	for d in $(tg_cases); do
		case $(basename "$d") in cycles-o0*|interp-o0*|interp-o2|mutual-o0*) ;; *) continue ;; esac
		(cd "$d" && "$choice" "$(basename "$d")" exe gmon.out 1 2) > "$W/choice.out" 2>&1
		s=$?
		grep -E '^(PASS|FAIL): |^    ' "$W/choice.out"
		tg_npass=$((tg_npass + $(grep -c '^PASS: ' "$W/choice.out")))
		tg_nfail=$((tg_nfail + $(grep -c '^FAIL: ' "$W/choice.out")))
		if [ "$s" != 0 ] && ! grep -q '^FAIL: ' "$W/choice.out"; then
			tg_fail "re-proposal on corpus $(basename "$d"): exit status $s" "$(tail -5 "$W/choice.out")"
		fi
		nc=$((nc + 1))
	done
	[ "$nc" -ge 3 ] || tg_fail "re-proposal on the corpus: only $nc cases found"
fi

# A 15,000-member cycle broken to 10.
gen=$W/cyclegen
mkdir -p "$W/big"
if ! $CC -O2 -I"$TG_BUILD" -I"$TOP" -I"$TG_BUILD/${B:-build}" -o "$gen" "$TOP/tests/bench/cyclegen.c" ||
   ! "$gen" asm 15000 > "$W/big/prog.s" ||
   ! (cd "$W/big" && $CC -c -o prog.o prog.s &&
      $CC -nostdlib -static -no-pie -Wl,-e,main -Wl,--build-id=none -o exe prog.o) ||
   ! nm -n --defined-only "$W/big/exe" > "$W/big/nm" ||
   ! "$gen" gmon 15000 1 "$W/big/nm" "$W/big/gmon.out" > "$W/big/info"; then
	tg_fail "setup: 15,000-member profile"
else
	before=$(cd "$W/big" && "$TGPROF" --text -b -q exe gmon.out > "$W/big/plain" && largest "$W/big/plain")
	if [ "$before" = 15000 ]; then
		tg_pass "big: one cycle of 15000 members before"
	else
		tg_fail "big: expected one cycle of 15000 members, largest is $before"
	fi
	t0=$(date +%s.%N)
	# no exact search: its result would depend on the time it gets, and
	# the run on a terminal below must give the same report
	tgopts=--cycle-exact-time=0
	TG_TIMEOUT=${TG_TIMEOUT:-60} check_one big-10 "$W/big" "-b -q" 10 ours
	tgopts=
	t1=$(date +%s.%N)
	echo "# big: $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')s" \
		"for the run and its checks; $(grep "^[0-9]* arcs* and" "$W/big-10.out.head")"
	# With stderr on a terminal (script(1) gives one), progress shows
	# there once the work passes TGPROF_PROGRESS_DELAY seconds (half a
	# second by default; this case is quicker); stdout is unchanged.
	if command -v script > /dev/null; then
		(cd "$W/big" && TGPROF_PROGRESS_DELAY=0 script -qec "'$TGPROF' --text -b -q --break-cycles=10 \
			--cycle-exact-time=0 --write-edits='$W/big/tty.edits' exe gmon.out > '$W/big/tty.out'" \
			"$W/big/tty.ts" > /dev/null 2>&1 < /dev/null)
		if grep -q 'breaking cycles: [a-z ]* [ 0-9]*%' "$W/big/tty.ts" &&
		   cmp -s "$W/big/tty.out" "$W/big-10.out"; then
			tg_pass "big: progress on a terminal, same report"
		else
			tg_fail "big: progress on a terminal" "$(tr '\r' '\n' < "$W/big/tty.ts" | tail -3)"
		fi
	else
		tg_fail "big: progress test needs script(1): apt-get install bsdutils"
	fi
fi
if [ "$tg_nfail" -eq 0 ]; then
	rm -rf "$TG_OUT/breakcycles"
	mv "$W" "$TG_OUT/breakcycles" 2> /dev/null || rm -rf "$W"
fi
tg_finish
