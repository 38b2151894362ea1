#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Names in edits files and at the browser's prompt (one resolver, core/edit
# resolve.c), and edits files written and replayed exactly:
#  - C++: a destructor by its demangled name and by either alias symbol
#    (D1, D2) deletes the same arc; a class template by the lists'
#    shortened forms (<…>, …::); a function by its name without
#    parameters;
#  - an unknown name fails naming FILE:LINE with the closest names; an
#    ambiguous one lists each candidate with the form that names it alone;
#  - static functions of one name from two files of one base name: what
#    --write-edits writes has no line twice, and --edits replays it to the
#    very report --break-cycles printed; a line whose arcs are deleted
#    already is no error;
#  - the prompt takes the same names (:k with an alias, :write-edits);
#  - a browser session of every edit kind (arcs deleted and restored,
#    self set and scaled, hide, exclude-time, focus and their reversals,
#    a cycle-breaking proposal applied, undo) written by :write-edits
#    replays to the same json and text exports with --edits and :source.
. "$(dirname "$0")/lib.sh"
tg_need "$TGPROF" "$CC" g++
W=$TG_OUT/t-edits.$$
rm -rf "$W" && mkdir -p "$W" || exit 1
S=$TOP/tests/edits
if ! (cd "$W" && g++ -O0 -pg -o poly "$S/poly.cc" && ./poly &&
      mkdir -p st && cd st && $CC -g -O0 -pg -o st "$S/main.c" "$S/d1/util.c" "$S/d2/util.c" &&
      ./st) > "$W/build.log" 2>&1; then
	tg_fail "setup: build and run the test programs" "$(cat "$W/build.log")"
	tg_finish
	exit 1
fi
cd "$W" || exit 1

# replay NAME LINE...: the report (-b -q) after an edits file of LINEs, in
# NAME.out, stderr in NAME.err; prints the exit status.
replay() {
	n=$1
	shift
	printf '%s\n' "$@" > "$n.edits"
	"$TGPROF" --text -b -q --edits="$n.edits" ./poly > "$n.out" 2> "$n.err" < /dev/null
	echo $?
}

# same NAME A B: pass when reports A and B are equal and not empty
same() {
	if [ -s "$2" ] && cmp -s "$2" "$3"; then
		tg_pass "$1"
	else
		tg_fail "$1" "$(diff -u "$2" "$3" | head -20)"
	fi
}

"$TGPROF" --text -b -q ./poly > plain.out
r1=$(replay dtor-demangled ':k main/geo::Polygon::~Polygon()')
r2=$(replay dtor-d1 ':k main/_ZN3geo7PolygonD1Ev')
r3=$(replay dtor-d2 'k main/_ZN3geo7PolygonD2Ev')
# the destructor's index as this run's call graph numbers it (the order
# follows the times sampled)
dix=$(sed -n 's/^\[\([0-9]*\)\] .* geo::Polygon::~Polygon() \[[0-9]*\]$/\1/p' plain.out)
r4=$(replay dtor-index ":k main/[${dix:-0}]")
if [ "$r1$r2$r3$r4" = 0000 ] && ! cmp -s plain.out dtor-demangled.out &&
   ! grep -A4 '^\[1\]' dtor-demangled.out | grep -q 'Polygon::~Polygon'; then
	tg_pass "destructor by its demangled name: the arc from main deleted"
else
	tg_fail "destructor by its demangled name: the arc from main deleted" \
		"status $r1 $r2 $r3 $r4" "$(cat dtor-*.err)"
fi
same "destructor by its D1 alias: the same report" dtor-demangled.out dtor-d1.out
same "destructor by its D2 alias: the same report" dtor-demangled.out dtor-d2.out
same "destructor by its index: the same report" dtor-demangled.out dtor-index.out

r1=$(replay box-full ':k main/geo::Box<int>::get() const')
r2=$(replay box-short ':k main/geo::Box<…>::get() const')
r3=$(replay box-ascii ':k main/geo::Box<...>::get() const')
if [ "$r1$r2$r3" = 000 ] && ! cmp -s plain.out box-full.out; then
	tg_pass "class template by its demangled name"
else
	tg_fail "class template by its demangled name" "status $r1 $r2 $r3" "$(cat box-*.err)"
fi
same "class template by the lists' shortened form" box-full.out box-short.out
same "class template by the shortened form in ASCII" box-full.out box-ascii.out
r1=$(replay scopes ':k main/…::Polygon::~Polygon()')
r2=$(replay scopes-ascii ':k main/...::Box<...>::get() const')
if [ "$r1$r2" = 00 ]; then
	same "leading scopes shortened as the lists do (…::)" dtor-demangled.out scopes.out
	same "leading scopes and template arguments shortened in ASCII" box-full.out scopes-ascii.out
else
	tg_fail "leading scopes shortened as the lists do" "status $r1 $r2" "$(cat scopes*.err)"
fi

r1=$(replay params ':k make(int)/geo::Polygon::Polygon(int)')
r2=$(replay noparams ':k make/geo::Polygon::Polygon')
if [ "$r1$r2" = 00 ] && ! cmp -s plain.out params.out; then
	tg_pass "functions by their names with parameters"
else
	tg_fail "functions by their names with parameters" "status $r1 $r2" "$(cat params.err noparams.err)"
fi
same "functions by their names without parameters" params.out noparams.out

# :goto of a function never called says so, not that a filter hides it
cat > goto.keys <<'K'
:goto deregister_tm_clones
:save-display goto.scr
:q!
K
(XDG_STATE_HOME=$W/state XDG_CONFIG_HOME=$W/config HOME=$W LINES=30 COLUMNS=160 \
 TGPROF_SCRIPT=$W/goto.keys LC_ALL=C.UTF-8 timeout -k 5 20 "$TGPROF" --tui ./poly \
 > goto.out 2> goto.err < /dev/null)
if grep -q 'deregister_tm_clones is not listed (never called and no time; gprof lists such functions with -z)' goto.scr; then
	tg_pass ":goto of a function never called says why it is not listed"
else
	tg_fail ":goto of a function never called says why it is not listed" "$(tail -3 goto.scr 2>&1) $(cat goto.err)"
fi
r=$(replay unknown '# a comment' ':k main/Polgon')
if [ "$r" = 1 ] && grep -q 'unknown.edits:2: .*no function named `Polgon'"'"'; did you mean geo::Polygon::Polygon(int) \[[0-9]*\]' unknown.err; then
	tg_pass "an unknown name: FILE:LINE and the closest names"
else
	tg_fail "an unknown name: FILE:LINE and the closest names" "status $r" "$(cat unknown.err)"
fi

# --- static functions of one name from d1/util.c and d2/util.c
cd st || exit 1
"$TGPROF" --text -b -q --break-cycles=1 --write-edits=w.edits ./st > brk.out 2> brk.err
nk=$(grep -c '^:k ' w.edits)
dups=$(grep '^:k ' w.edits | sort | uniq -d)
if [ "$nk" = 2 ] && [ -z "$dups" ]; then
	tg_pass "statics of one name and file base: two arcs, two different lines"
else
	tg_fail "statics of one name and file base: two arcs, two different lines" "$(cat w.edits brk.err)"
fi
"$TGPROF" --text -b -q --edits=w.edits ./st > rep.out 2> rep.err
sed '1,/^$/d' brk.out > brk-report.out
same "statics: the replay is the report of the break" brk-report.out rep.out
# --break-cycles is a step as its replay's group is: the exports (their
# original figures and their list of steps) are the same bytes
"$TGPROF" --format=json -b --break-cycles=1 --write-edits=wj.edits ./st > brk.json 2> brkj.err
"$TGPROF" --format=json -b --edits=wj.edits ./st > rep.json 2> repj.err
same "text-mode --break-cycles and its replay: the same JSON export" brk.json rep.json
"$TGPROF" --format=json -b -k main/f1 --break-cycles=1 --write-edits=wk.edits ./st > brkk.json 2> brkk.err
"$TGPROF" --format=json -b --edits=wk.edits ./st > repk.json 2> repk.err
same "-k, --break-cycles and the replay of what they wrote: the same JSON export" brkk.json repk.json
{ cat w.edits; grep '^:k ' w.edits; } > twice.edits
"$TGPROF" --text -b -q --edits=twice.edits ./st > twice.out 2> twice.err
same "a line whose arcs are deleted already is no error" brk-report.out twice.out
# --break-keep takes the same names: one of the two arcs step2 -> step1
id=$(grep '^:k .*@0x' w.edits | head -1 | sed 's/^:k //')
"$TGPROF" --text -b -q --break-cycles=1 --break-keep="$id" ./st > keep1.out 2> keep1.err
"$TGPROF" --text -b -q --break-cycles=1 --break-keep=step2/step1 ./st > keep2.out 2> keep2.err
if [ -n "$id" ] && grep -q '(fewest calls; 1 arc kept)' keep1.out &&
   grep -q '(fewest calls; 2 arcs kept)' keep2.out; then
	tg_pass "--break-keep: FILE:NAME@0xADDR keeps one arc, a shared name both"
else
	tg_fail "--break-keep: FILE:NAME@0xADDR keeps one arc, a shared name both" \
		"id $id" "$(head -2 keep1.out keep2.out keep1.err keep2.err)"
fi
printf ':k step2/step1x\n' > amb.edits
"$TGPROF" --text -b -q --edits=amb.edits ./st > amb.out 2> amb.err
if [ "$(grep -o 'util.c:step2@0x[0-9a-f]*' amb.err | sort -u | wc -l)" = 2 ] &&
   grep -q 'ambiguous name `step2'"'" amb.err; then
	tg_pass "an ambiguous name lists each function with the name that is its alone"
else
	tg_fail "an ambiguous name lists each function with the name that is its alone" "$(cat amb.err)"
fi
cd .. || exit 1

# --- the prompt takes the same names; :write-edits replays in text
cat > prompt.keys <<'K'
:k main/_ZN3geo7PolygonD2Ev
:k main/geo::Box<…>::get() const
:write-edits prompt.edits
:q
K
(XDG_STATE_HOME=$W/state XDG_CONFIG_HOME=$W/config HOME=$W LINES=40 COLUMNS=120 \
 TGPROF_SCRIPT=$W/prompt.keys LC_ALL=C.UTF-8 timeout -k 5 20 "$TGPROF" --tui ./poly \
 > prompt.out 2> prompt.err < /dev/null)
r=$(replay both ':k main/geo::Polygon::~Polygon()' ':k main/geo::Box<int>::get() const')
"$TGPROF" --text -b -q --edits=prompt.edits ./poly > prompt-replay.out 2>> prompt.err
if [ "$r" = 0 ] && [ "$(grep -c '^:k ' prompt.edits 2>/dev/null)" = 2 ]; then
	same "the prompt's :k takes an alias and the shortened form" both.out prompt-replay.out
else
	tg_fail "the prompt's :k takes an alias and the shortened form" "$(cat prompt.err prompt.edits)"
fi

# --- a session of every edit kind round-trips: :write-edits, then
# --edits (text, json) and :source give the same reports and exports
cat > all.keys <<'K'
:k main/_ZN3geo7PolygonD1Ev
:scale burn 0.5
:self geo::Box<…>::get() const 0.001234567891
:hide burn
:unhide burn
:exclude-time geo::Polygon::Polygon
:focus main
:unfocus
:include-time geo::Polygon::Polygon
:exclude-time geo::Polygon::Polygon
:focus-time make
:unfocus-time
:focus-time make
:k make/geo::Polygon::~Polygon()
:undo
:restore main/geo::Polygon::~Polygon()
:k make(int)/geo::Polygon::~Polygon()
:export! all.json json
:export! all.txt
:write-edits all.edits
:q!
K
tui() {
	(XDG_STATE_HOME=$W/state XDG_CONFIG_HOME=$W/config HOME=$W LINES=40 COLUMNS=120 \
	 TGPROF_SCRIPT=$W/$1.keys LC_ALL=C.UTF-8 timeout -k 5 20 "$TGPROF" --tui ./poly \
	 > $1.out 2> $1.err < /dev/null)
}
tui all
for k in ':k ' ':self ' ':scale ' ':hide ' ':unhide ' ':exclude-time ' ':include-time ' \
	':focus ' ':unfocus ' ':focus-time ' ':unfocus-time ' ':restore '; do
	grep -q "^$k" all.edits || missing="$missing $k"
done
if [ -z "$missing" ] && ! grep -q '^:k make/.*D1Ev$' all.edits; then
	tg_pass "every edit kind written, undone steps left out"
else
	tg_fail "every edit kind written, undone steps left out" "missing:$missing" "$(cat all.edits all.err)"
fi
"$TGPROF" --format=json --edits=all.edits ./poly > all-replay.json 2> all-replay.err
same "session file: the json export replayed (steps and labels too)" all.json all-replay.json
"$TGPROF" --format=text -b --edits=all.edits ./poly > all-replay.txt 2>> all-replay.err
same "session file: the text export replayed" all.txt all-replay.txt
cat > src.keys <<K
:source $W/all.edits
:export! src.json json
:q!
K
tui src
same "session file: :source in the browser gives the same export" all.json src.json

# Esc stops a long :source between two lines; the lines before stay
i=0
: > long.edits
while [ $i -lt 500 ]; do
	printf ':hide burn\n:unhide burn\n' >> long.edits
	i=$((i + 1))
done
cat > esc.keys <<K
:source long.edits
<Esc>
:save-display esc.scr
:q!
K
tui esc
if grep -q 'long.edits: stopped at line 256: the 255 commands' esc.scr; then
	tg_pass ":source: Esc stops a long file between two lines"
else
	tg_fail ":source: Esc stops a long file between two lines" "$(tail -2 esc.scr) $(cat esc.err)"
fi

# an applied proposal: one step (begin/end) named by its bound, objective
# and pin; replayed exactly
"$TGPROF" --text -b -q ./st/st > /dev/null 2>&1
cat > brk.keys <<K
:break-cycles 1 time
:pin $id
<Enter>
:scale step1 2
:export! brk.json json
:write-edits brk.edits
:q!
K
(cd st && XDG_STATE_HOME=$W/state XDG_CONFIG_HOME=$W/config HOME=$W LINES=40 COLUMNS=120 \
 TGPROF_SCRIPT=$W/brk.keys LC_ALL=C.UTF-8 timeout -k 5 20 "$TGPROF" --tui ./st \
 > ../brk.out 2> ../brk.err < /dev/null)
(cd st && "$TGPROF" --format=json --edits=brk.edits ./st > brk-replay.json 2> brk-replay.err)
if grep -q '^:begin break-cycles 1 time; pinned util.c:step2@0x[0-9a-f]*/util.c:step1@0x[0-9a-f]*$' st/brk.edits &&
   grep -q '^:end$' st/brk.edits; then
	same "an applied proposal: one group, replayed to the same export" st/brk.json st/brk-replay.json
else
	tg_fail "an applied proposal: one group, replayed to the same export" "$(cat st/brk.edits brk.err)"
fi

[ "$tg_nfail" -eq 0 ] && rm -rf "$W"
tg_finish
