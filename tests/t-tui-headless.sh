#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The browser run headless (TGPROF_SCRIPT, curses on /dev/null): screens
# saved with :save-display are held against GNU gprof's own report of the
# same profile (rows of the call graph and flat views, every entry pane),
# before and after deleting arcs; undo, search, sort, filters, mouse,
# tiny terminals, the source and help views, history and completion.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/tui/lib-tui.sh"
tg_need "$TGPROF" "$GPROF" "$CC" python3
tui_setup
cd "$W"
LC_ALL=C.UTF-8
export LC_ALL

# check NAME FILE1 FILE2: pass when equal, else fail with the diff.
check() {
	if [ -s "$2" ] && diff -u "$2" "$3" > "$W/$1.diff" 2>&1; then
		tg_pass "$1"
	else
		tg_fail "$1" "$(head -30 "$W/$1.diff")"
	fi
}

# --- the call graph list is gprof's primary lines, in gprof's order
cat > graph.keys <<'K'
:save-display graph.scr
:q
K
rc=$(tui_run graph ./prog gmon.out)
"$GPROF" -b -q ./prog gmon.out | grep '^\[' > graph.exp
tui_list_rows graph.scr > graph.got
[ "$rc" = 0 ] || tg_fail "graph: exit status $rc" "$(cat graph.err)"
check graph-rows-equal-gprof graph.exp graph.got

# --- every entry pane is gprof's entry block
n=$(wc -l < graph.exp)
: > entries.keys
i=1
while [ "$i" -le "$n" ]; do
	printf ':%d\n:save-display entry%d.scr\n' "$i" "$i" >> entries.keys
	i=$((i + 1))
done
echo ':q' >> entries.keys
rc=$(tui_run entries ./prog gmon.out)
"$GPROF" -b -q ./prog gmon.out > gprof-q.txt
bad=""
i=1
while [ "$i" -le "$n" ]; do
	gprof_entry gprof-q.txt "$i" > entry$i.exp
	tui_entry_rows entry$i.scr > entry$i.got
	cmp -s entry$i.exp entry$i.got || bad="$bad $i"
	i=$((i + 1))
done
if [ "$rc" = 0 ] && [ -z "$bad" ] && [ "$n" -gt 5 ]; then
	tg_pass "entry-panes-equal-gprof ($n entries)"
else
	f=${bad%% *}; f=${bad# }; f=${f%% *}
	tg_fail "entry-panes-equal-gprof: entries$bad differ (rc $rc)" \
		"$(diff -u entry$f.exp entry$f.got 2>&1 | head -20)"
fi

# --- the flat view is gprof's flat profile
cat > flat.keys <<'K'
f
:save-display flat.scr
:q
K
tui_run flat ./prog gmon.out > /dev/null
"$GPROF" -b -p ./prog gmon.out | awk 'NR > 5 && $0 != ""' > flat.exp
tui_list_rows flat.scr > flat.got
check flat-rows-equal-gprof flat.exp flat.got

# --- :k deletes arcs: rows equal gprof -k, the export is gprof -b -k
cat > kill.keys <<'K'
:k other/leaf_b
:k work/leaf_a
:set delta off
:save-display kill.scr
:export! kill.txt
:q
K
tui_run kill ./prog gmon.out > /dev/null
"$GPROF" -b -k other/leaf_b -k work/leaf_a ./prog gmon.out > kill.exp
"$GPROF" -b -q -k other/leaf_b -k work/leaf_a ./prog gmon.out | grep '^\[' > killrows.exp
tui_list_rows kill.scr > killrows.got
check k-rows-equal-gprof-k killrows.exp killrows.got
check k-export-equals-gprof-b-k kill.exp kill.txt
if grep -q '2 arcs deleted' kill.scr; then tg_pass k-status-line; else
	tg_fail k-status-line "$(head -1 kill.scr)"; fi

# --- -k on the command line is the starting state
cat > startk.keys <<'K'
:save-display startk.scr
D
:save-display startk-del.scr
:q
K
tui_run startk -k other/leaf_b ./prog gmon.out > /dev/null
"$GPROF" -b -q -k other/leaf_b ./prog gmon.out | grep '^\[' > startk.exp
tui_list_rows startk.scr > startk.got
check cmdline-k-rows-equal-gprof startk.exp startk.got
if grep -q 'other -> leaf_b' startk-del.scr; then tg_pass deleted-view-lists-arc; else
	tg_fail deleted-view-lists-arc "$(cat startk-del.scr | head -5)"; fi

# --- :export refuses to overwrite without !, guesses the format, takes one
echo keep > exists.txt
cat > exp.keys <<'K'
:export exists.txt
:save-display exp1.scr
:export out.json
:export out.dot dot
:export callgrind.out.1 callgrind
:export! exists.txt text
:q
K
tui_run exp ./prog gmon.out > /dev/null
"$GPROF" -b ./prog gmon.out > exp-text.exp
if tail -1 exp1.scr | grep -q 'exists.txt.*exist\|exist.*exists.txt' && cmp -s exp-text.exp exists.txt &&
   python3 -c 'import json,sys; json.load(open(sys.argv[1]))' out.json 2>/dev/null &&
   grep -q 'digraph' out.dot && grep -q '^fn=' callgrind.out.1; then
	tg_pass "export: no overwrite without !, formats"
else
	tg_fail "export: no overwrite without !, formats" "$(tail -1 exp1.scr)" "$(ls -l exists.txt out.json out.dot callgrind.out.1 2>&1)"
fi

# --- d deletes the arc under the entry cursor; u undoes exactly; Ctrl-R redoes
cat > del.keys <<'K'
:dump del0.dump
:goto leaf_b
<Tab><Up><Up>
:save-display del-before.scr
d
:save-display del1.scr
:export! del1.txt
:dump del1.dump
u
:dump del2.dump
:save-display del2.scr
<C-r>
:dump del3.dump
:q
K
tui_run del ./prog gmon.out > /dev/null
# The cursor starts on the primary line; two lines up is the first parent.
parent=$(awk -v last="$TUI_LINES" 'NR < last && found && /^>/ { print $NF; exit } /^(───|---)/ { found = 1 }' del-before.scr)
pname=$(grep -F " $parent" graph.exp | awk '{ print $(NF-1) }')
"$GPROF" -b -k "$pname/leaf_b" ./prog gmon.out > del1.exp
check d-deletes-arc-under-cursor del1.exp del1.txt
check undo-restores-model-exactly del0.dump del2.dump
check redo-reapplies del1.dump del3.dump

# --- :break-cycles: the proposal applied is gprof -k of its arcs; undo
cat > bc.keys <<'K'
:break-cycles 1
:save-display bc1.scr
<Enter>
:export! bc.txt
:write-edits bc.edits
:save-display bc2.scr
u
:save-display bc3.scr
:q
K
tui_run bc ./prog gmon.out > /dev/null
tui_screens bc
ks=$(grep '^. \[x\] cycle' bc1.scr | awk '{ printf " -k %s/%s", $(NF-2), $NF }')
if [ -n "$ks" ]; then
	"$GPROF" -b $ks ./prog gmon.out > bc.exp
	check break-cycles-apply-equals-gprof-k bc.exp bc.txt
else
	tg_fail break-cycles-apply-equals-gprof-k "no proposal on screen" "$(head -5 bc1.scr)"
fi
# the preview carries the certificate and the whole profile's changes
if grep -q 'proposal: [0-9]* calls\(, optimal\|; no solution deletes fewer than [0-9]*\)' bc1.scr &&
   grep -q 'whole profile: largest changes of total time' bc1.scr &&
   grep -q '[0-9]\.[0-9]% -> [0-9]*\.[0-9]%' bc1.scr; then
	tg_pass break-cycles-preview-certificate-and-changes
else
	tg_fail break-cycles-preview-certificate-and-changes "$(cat bc1.scr)"
fi
# :write-edits wrote the applied arcs; tgprof --edits replays them, in
# text mode and in the browser
"$TGPROF" --text -b --edits=bc.edits ./prog gmon.out > bce-text.txt 2> bce-text.err
check write-edits-replayed-in-text bc.txt bce-text.txt
cat > bce.keys <<'K'
:export! bce.txt
:q
K
tui_run bce --edits=bc.edits ./prog gmon.out > /dev/null
check edits-replayed-in-browser bc.txt bce.txt

# Esc while a proposal is computed cancels it (the heuristics poll the
# keys); the session is unchanged: no proposal, the same report
cat > esc.keys <<'K'
:break-cycles 1
<Esc>
:save-display esc1.scr
:messages
:save-display esc2.scr
:export! esc.txt
:q
K
tui_run esc ./prog gmon.out > /dev/null
tui_screens esc
"$GPROF" -b ./prog gmon.out > esc.exp
if grep -q 'break-cycles cancelled; nothing changed' esc2.scr &&
   ! grep -q 'arcs proposed' esc2.scr && ! grep -q '\[x\] cycle' esc1.scr; then
	tg_pass break-cycles-esc-cancels
else
	tg_fail break-cycles-esc-cancels "$(cat esc1.scr esc2.scr)"
fi
check break-cycles-esc-leaves-session esc.exp esc.txt
# a cancelled :pin keeps the proposal shown, and forgets the pin (Space
# redraws the preview, which lists the pins)
cat > escpin.keys <<'K'
:break-cycles 1
:save-display escpin1.scr
:pin
<Esc>
<Space>
:save-display escpin2.scr
:q
K
tui_run escpin ./prog gmon.out > /dev/null
tui_screens escpin
if grep -q '\[x\] cycle' escpin1.scr && ! grep -q 'pinned (kept)' escpin2.scr &&
   [ "$(grep -c '\[.\] cycle' escpin1.scr)" = "$(grep -c '\[.\] cycle' escpin2.scr)" ]; then
	tg_pass break-cycles-esc-cancels-pin
else
	tg_fail break-cycles-esc-cancels-pin "$(cat escpin1.scr escpin2.scr)"
fi

# :show-edits lists the deleted arcs as the commands of an edits file
# (those :write-edits wrote) and the gprof -k options that replay them
cat > se.keys <<'K'
:break-cycles 1
<Enter>
:show-edits
:save-display se.scr
:q
K
tui_run se ./prog gmon.out > /dev/null
grep '^:k ' bc.edits > se.exp
sed -n 's/^[ >]*\(:k .*[^ ]\) *$/\1/p' se.scr > se.got
check show-edits-lists-edits-file-commands se.exp se.got
sek=$(sed -n 's/^[ >]*# gprof \(-k .*[^ ]\) *$/\1/p' se.scr)
if [ -n "$sek" ]; then
	"$GPROF" -b $sek ./prog gmon.out > se-gprof.txt
	check show-edits-k-line-replays-in-gprof bc.txt se-gprof.txt
else
	tg_fail show-edits-k-line-replays-in-gprof "no -k line" "$(cat se.scr)"
fi

# :pin keeps the arc under the cursor (the first proposed) and proposes
# again without it: it is listed as pinned and not proposed
cat > pin.keys <<'K'
:break-cycles 1
:save-display pin1.scr
:pin
:save-display pin2.scr
:q
K
tui_run pin ./prog gmon.out > /dev/null
tui_screens pin
first=$(grep -m1 '^. \[x\] cycle' pin1.scr | awk '{ print $(NF-2), $NF }')
if [ -n "$first" ] &&
   grep -q "pinned (kept): $(echo "$first" | sed 's/ / -> /')\$" pin2.scr &&
   ! grep '\[x\] cycle' pin2.scr | awk '{ print $(NF-2), $NF }' | grep -qx "$first"; then
	tg_pass "break-cycles-pin-reproposes ($first kept)"
else
	tg_fail break-cycles-pin-reproposes "first: $first" "$(cat pin2.scr)"
fi
# Forcing an arc in: :force FROM/TO names the arc the proposal did not
# take (ping and pong call each other as often); it is proposed, marked
# forced, alone (the cycle needs no other), and only its cycle is solved
# again.  P (unpin-arc) frees it, p (pin-arc) keeps the first arc, ! on
# the pinned row (found by searching) forces that one instead; Enter
# applies what gprof -k gives for it.
cat > force0.keys <<'K'
:break-cycles 1
:save-display force0.scr
:q
K
tui_run force0 ./prog gmon.out > /dev/null
set -- $(grep -m1 '^. \[x\] cycle' force0.scr | awk '{ print $(NF-2), $NF }')
p1=$1 c1=$2
cat > force.keys <<K
:break-cycles 1
:force $c1/$p1
:save-display force1.scr
P
:save-display force2.scr
p
:save-display force3.scr
/^pinned
!
:save-display force4.scr
<Enter>
:export! force.txt
:q
K
tui_run force ./prog gmon.out > /dev/null
tui_screens force
arcs() { grep '\[.\] cycle' "$1" | sed 's/^. *//; s/ *$//' | awk '{ $1 = $2 = $3 = $4 = ""; print }' | sed 's/^ *//'; }
if [ -n "$p1" ] && [ "$(arcs force1.scr)" = "$c1 -> $p1 (forced)" ] &&
   grep -q '1 solved again)' force1.scr &&
   [ "$(arcs force2.scr)" = "$p1 -> $c1" ] &&
   [ "$(arcs force3.scr)" = "$c1 -> $p1" ] && grep -q "pinned (kept): $p1 -> $c1" force3.scr &&
   [ "$(arcs force4.scr)" = "$p1 -> $c1 (forced)" ] && ! grep -q 'pinned (kept)' force4.scr; then
	tg_pass "break-cycles-force ($c1 -> $p1 forced, freed; $p1 -> $c1 pinned, then forced)"
else
	tg_fail break-cycles-force "first: $p1 -> $c1" "$(cat force1.scr force2.scr force3.scr force4.scr | grep -v '^ *$')"
fi
"$GPROF" -b -k "$p1/$c1" ./prog gmon.out > force.exp
check break-cycles-force-applied-equals-gprof-k force.exp force.txt
# --break-force on the command line: the browser opens on that proposal
cat > forcecl.keys <<'K'
:save-display forcecl.scr
:q
K
tui_run forcecl --break-cycles=1 --break-force="$c1/$p1" ./prog gmon.out > /dev/null
if [ "$(arcs forcecl.scr)" = "$c1 -> $p1 (forced)" ]; then
	tg_pass "--break-force in the browser: $c1 -> $p1 forced"
else
	tg_fail "--break-force in the browser" "$(grep -v '^ *$' forcecl.scr)"
fi

if ! grep -q '<cycle' bc2.scr && grep -q '<cycle 1 as a whole>' bc3.scr; then
	tg_pass break-cycles-undo
else
	tg_fail break-cycles-undo "$(tail -1 bc3.scr)"
fi

# --- search: substring, regex, next and previous; cursor keeps its function
cat > search.keys <<'K'
/leaf_b
:save-display s1.scr
/^p.ng$
:save-display s2.scr
n
:save-display s3.scr
N
:save-display s4.scr
:sort name
:save-display s5.scr
f
:save-display s6.scr
:sort calls
:save-display s7.scr
:q
K
tui_run search ./prog gmon.out > /dev/null
for pair in "s1 leaf_b" "s2 ping" "s3 pong" "s4 ping" "s5 ping" "s6 ping" "s7 ping"; do
	set -- $pair
	row=$(tui_cursor_row $1.scr)
	case "$row" in
	*" $2"|*" $2 "*) tg_pass "search/sort cursor $1 on $2" ;;
	*) tg_fail "search/sort cursor $1 on $2" "cursor row: $row" ;;
	esac
done
tui_list_rows s7.scr | awk '{ print $4 }' > s7.calls
if sort -rn s7.calls | cmp -s - s7.calls; then tg_pass sort-calls-descending; else
	tg_fail sort-calls-descending "$(cat s7.calls)"; fi

# --- Escape cancels the prompt and a search (the cursor goes back)
cat > esc.keys <<'K'
<Down>
:goto work<Esc>
/leaf_b<Esc>
:save-display esc.scr
:q
K
tui_run esc ./prog gmon.out > /dev/null
if [ "$(tui_cursor_row esc.scr)" = "$(sed -n 2p graph.exp)" ]; then tg_pass escape-cancels; else
	tg_fail escape-cancels "$(tui_cursor_row esc.scr)"; fi

# --- history: back and forward; :source runs a command file; :set keymap
printf 'goto work\n# a comment\n:goto leaf_a\n' > cmds.txt
cat > nav.keys <<'K'
:source cmds.txt
:save-display n1.scr
<BS>
:save-display n2.scr
<Right>
:save-display n3.scr
:set keymap vi
gj
:save-display n4.scr
:q
K
tui_run nav ./prog gmon.out > /dev/null
r1=$(tui_cursor_row n1.scr); r2=$(tui_cursor_row n2.scr); r3=$(tui_cursor_row n3.scr)
case "$r1|$r2|$r3" in
*" leaf_a "*"|"*" work "*"|"*" leaf_a "*) tg_pass "history back/forward, :source" ;;
*) tg_fail "history back/forward, :source" "$r1" "$r2" "$r3" ;;
esac
if [ "$(tui_cursor_row n4.scr)" = "$(sed -n 2p graph.exp)" ]; then tg_pass ":set keymap vi"; else
	tg_fail ":set keymap vi" "$(tui_cursor_row n4.scr)"; fi

# --- filters hide rows below a share or not matching
cat > filter.keys <<'K'
:filter 20%
:save-display f1.scr
:filter ^leaf
:save-display f2.scr
F
:save-display f3.scr
:q
K
tui_run filter ./prog gmon.out > /dev/null
if tui_list_rows f1.scr | awk '{ if ($2 + 0 < 20) bad = 1 } END { exit bad }' &&
   [ "$(tui_list_rows f2.scr | grep -c leaf)" = "$(tui_list_rows f2.scr | wc -l)" ] &&
   [ "$(tui_list_rows f3.scr | wc -l)" = "$(wc -l < graph.exp)" ]; then
	tg_pass filters
else
	tg_fail filters "$(tui_list_rows f1.scr)" "$(tui_list_rows f2.scr)"
fi

# --- what-if: doubling the self time of the one function with samples
# doubles the total (to the report's rounding)
cat > whatif.keys <<'K'
:scale burn 2
:save-display w1.scr
:q
K
tui_run whatif ./prog gmon.out > /dev/null
tot=$("$GPROF" -b -p ./prog gmon.out | awk 'NR > 5 && $0 != "" { t = $2 } END { printf "%.2f", t * 2 }')
got=$(head -1 w1.scr | sed -n 's/.* \([0-9.]*\) s in .*/\1/p')
if awk -v a="$tot" -v b="$got" 'BEGIN { d = a - b; exit !(b != "" && d < 0.015 && d > -0.015) }'; then
	tg_pass what-if-total
else
	tg_fail what-if-total "expected $tot: $(head -1 w1.scr)"
fi

# --- mouse: a click selects a row, a double click follows into the entry
cat > mouse.keys <<'K'
<click:4,10>
:save-display m1.scr
<wheeldown:4,10>
:save-display m2.scr
<dclick:3,10>
:save-display m3.scr
:q
K
tui_run mouse ./prog gmon.out > /dev/null
r1=$(tui_cursor_row m1.scr)
r3=$(tui_cursor_row m3.scr)
if [ "$r1" = "$(sed -n 3p graph.exp)" ] && [ -n "$(tui_cursor_row m2.scr)" ] &&
   grep -q '^> ' m3.scr; then
	tg_pass mouse
else
	tg_fail mouse "click: $r1" "dclick: $r3"
fi

# --- tiny and resized terminals never crash
cat > tiny.keys <<'K'
<resize:1,1>
<Down>?
:save-display t1.scr
<resize:2,3>
f<Down><Tab>d
<resize:3,10>
c<Tab><Down>
<resize:5,20>
s
:save-display t2.scr
<resize:24,80>
<Left><Left>
:save-display t3.scr
:q
K
rc=$(tui_run tiny ./prog gmon.out)
if [ "$rc" = 0 ] && [ "$(wc -l < t1.scr)" = 1 ] && [ "$(wc -l < t3.scr)" = 24 ]; then
	tg_pass tiny-terminals
else
	tg_fail tiny-terminals "exit $rc" "$(cat tiny.err)"
fi

# --- random keys (fixed seed) in every view and at several sizes, with
# filters that empty the lists, never crash or hang
awk 'BEGIN {
	srand(7)
	n = split("<Down> <Up> <PgDn> <PgUp> <Home> <End> <Enter> <BS> <Left> <Right> <Tab> d r u <C-r> U f c i s D ? > <lt> R t F n N <Space> x a", k, " ")
	cmds[1] = ":filter 100%"; cmds[2] = ":filter zzz"; cmds[3] = ":filter off"
	cmds[4] = ":break-cycles 1"; cmds[5] = ":cycles"; cmds[6] = "/p"; cmds[7] = ":k main/work"
	cmds[8] = ":sort name desc"; cmds[9] = ":hide burn"; cmds[10] = ":focus leaf_a"
	cmds[11] = "<resize:3,30>"; cmds[12] = "<resize:40,120>"; cmds[13] = "<click:5,5>"
	cmds[14] = "<dclick:20,5>"; cmds[15] = ":goto [4]"; cmds[16] = ":self 0.5"
	for (i = 0; i < 600; i++) {
		if (rand() < 0.1) print cmds[int(rand() * 16) + 1]
		else print k[int(rand() * n) + 1]
	}
	print ":save-display random.scr"
	print ":q"
}' > random.keys
rc=$(tui_run random ./prog gmon.out)
if [ "$rc" = 0 ] && [ -s random.scr ] && ! grep -q 'Sanitizer\|runtime error' random.err; then
	tg_pass random-keys-never-crash
else
	tg_fail random-keys-never-crash "exit $rc" "$(head -20 random.err)"
fi
rc=$(tui_run random -p ./prog gmon.out)
[ "$rc" = 0 ] && tg_pass random-keys-flat-only || tg_fail random-keys-flat-only "exit $rc" "$(head random.err)"

# --- source view: the function's lines, samples and call sites; notes
cat > src.keys <<'K'
:goto leaf_b
s
:save-display src1.scr
:q
K
tui_run src ./prog gmon.out > /dev/null
calls=$(grep -F ' leaf_b [' graph.exp | awk '{ print $5 }')
if grep -q '^> .* void leaf_b(int n) { burn(2 \* n); }' src1.scr &&
   grep -F 'void leaf_b' src1.scr | grep -q " $calls "; then
	tg_pass source-view
else
	tg_fail source-view "$(head -20 src1.scr)"
fi
# The samples on burn's lines add up to burn's samples in the flat profile
# (to a sample or two: gprof splits bins that straddle two functions).
cat > src2.keys <<'K'
:goto burn
s
:save-display src2.scr
:q
K
tui_run src2 ./prog gmon.out > /dev/null
want=$("$GPROF" -b -p ./prog gmon.out | awk '$NF == "burn" { printf "%.0f", $3 * 100 }')
got=$(awk 'NR > 2 && substr($0, 3, 8) ~ /^ *[0-9]+$/ { s += substr($0, 3, 8) } END { print s + 0 }' src2.scr)
if [ -n "$want" ] && awk -v a="$want" -v b="$got" 'BEGIN { d = a - b; exit !(b > 0 && d <= 2 && d >= -2) }'; then
	tg_pass "source samples add up ($got of $want)"
else
	tg_fail "source samples add up" "flat: $want, source: $got" "$(sed -n 1,14p src2.scr)"
fi
rm -f src1.scr
tui_run src ./prog-nog gmon.out > /dev/null
if grep -q 'no line information' src1.scr; then tg_pass source-no-line-info; else
	tg_fail source-no-line-info "$(head -3 src1.scr)"; fi
# A program whose source moved away: a note without GPROF_PATH, the
# file found through it.
rm -rf srcdir moved && mkdir -p srcdir moved
cp "$TOP/tests/tui/prog.c" srcdir/prog.c
(cd srcdir && $CC -pg -O0 -g -o ../prog-moved prog.c) && mv srcdir/prog.c moved/prog.c
rm -f src1.scr
tui_run src ./prog-moved gmon.out > /dev/null
if grep -q 'source file .*prog.c not found' src1.scr; then tg_pass source-file-not-found; else
	tg_fail source-file-not-found "$(head -3 src1.scr)"; fi
rm -f src1.scr
GPROF_PATH=/nonexistent:$W/moved tui_run src ./prog-moved gmon.out > /dev/null
if grep -q "^> .*void leaf_b" src1.scr && grep -q "$W/moved/prog.c" src1.scr; then
	tg_pass source-via-GPROF_PATH
else
	tg_fail source-via-GPROF_PATH "$(head -3 src1.scr)"
fi
rm -f src1.scr
tui_run src -I /nonexistent:$W/moved ./prog-moved gmon.out > /dev/null
if grep -q "^> .*void leaf_b" src1.scr && grep -q "$W/moved/prog.c" src1.scr; then
	tg_pass source-via-I
else
	tg_fail source-via-I "$(head -3 src1.scr)"
fi

# --- help is generated from the live bindings, :bind included
cat > help.keys <<'K'
:bind generic x view-index
?
:save-display help.scr
:q
K
tui_run help ./prog gmon.out > /dev/null
if grep -q '^  generic keys' help.scr && grep -Eq '^ +i, x +view-index ' help.scr &&
   grep -Eq '^ +q +quit +Quit' help.scr; then
	tg_pass help-from-live-bindings
else
	tg_fail help-from-live-bindings "$(head -12 help.scr)"
fi

# --- a pin in a cycle the heuristics broke (the 15,000-member cycle of
# tests/bench/cyclegen.c, with no time for the exact search) is repaired
# locally, not claimed optimal; :break-cycles again proposes from scratch,
# without the pin, deleting no more calls than the first time
big=$W/big
mkdir -p "$big"
if $CC -O2 -I"$TG_BUILD" -I"$TOP" -I"$TG_BUILD/${B:-build}" -o "$big/cyclegen" "$TOP/tests/bench/cyclegen.c" &&
   "$big/cyclegen" asm 15000 > "$big/prog.s" &&
   (cd "$big" && $CC -c -o prog.o prog.s &&
    $CC -nostdlib -static -no-pie -Wl,-e,main -Wl,--build-id=none -o exe prog.o) &&
   nm -n --defined-only "$big/exe" > "$big/nm" &&
   "$big/cyclegen" gmon 15000 1 "$big/nm" "$big/gmon.out" > "$big/info"; then
	# the arcs come after the summary and the 15,000 new entries: a
	# search for their heading shows them, Down puts the cursor on the
	# first
	cat > rep.keys <<'K'
:break-cycles 10
:save-display rep1h.scr
/arcs to delete
<Down>
:save-display rep1.scr
p
/arcs to delete
:save-display rep2.scr
/^pinned
:save-display rep2e.scr
/proposal:
:save-display rep2f.scr
:break-cycles 10
:save-display rep3h.scr
/arcs to delete
:save-display rep3.scr
:messages
:save-display rep4.scr
:q
K
	tui_run rep --cycle-exact-time=0 "$big/exe" "$big/gmon.out" > /dev/null
	tui_screens rep
	arcs() { grep '\[.\] cycle' "$1" | sed 's/^. *//; s/ *$//' | head -50; }
	# the calls of the heading "delete N of M arcs, C calls" (on the
	# screens taken as each proposal opens, at its top); a new
	# :break-cycles starts from scratch, with the earlier proposals as
	# starting points, so it never deletes more than the first
	heading_calls() { sed -n 's/.*: delete [0-9]* of [0-9]* arcs, \([0-9]*\) calls.*/\1/p' "$1" | head -1; }
	if grep -q '[0-9] arcs proposed (1 cycles over 10 members, 0 solved exactly, 0 solved again, 1 repaired locally in [0-9.]* s)' rep4.scr &&
	   grep -q 'pinned (kept)' rep2e.scr && ! grep -q 'optimal' rep2f.scr &&
	   grep -q 'proposal: [0-9]* calls; no solution deletes fewer than' rep2f.scr &&
	   [ "$(arcs rep1.scr)" != "$(arcs rep2.scr)" ] &&
	   grep 'arcs proposed' rep4.scr | tail -1 | grep -q 'arcs proposed (1 cycles over 10 members, 0 solved exactly) *$' &&
	   ! grep -q 'pinned (kept)' rep3.scr &&
	   [ -n "$(heading_calls rep1h.scr)" ] &&
	   [ "$(heading_calls rep3h.scr)" -le "$(heading_calls rep1h.scr)" ]; then
		tg_pass "break-cycles-pin-repaired-locally ($(grep -o '1 repaired locally in [0-9.]* s' rep4.scr | head -1))"
	else
		tg_fail break-cycles-pin-repaired-locally "$(cat rep1.scr rep2f.scr rep3.scr rep4.scr | grep -v '^ *$' | head -60)"
	fi
else
	tg_fail "break-cycles-pin-repaired-locally: cannot make the 15,000-member profile"
fi

# --- prompt: history kept across runs, completion, unknown command, :q N
rm -rf state
cat > hist.keys <<'K'
:goto work
:nosuchcommand
:save-display h1.scr
:q 7
K
rc=$(tui_run hist ./prog gmon.out)
if [ "$rc" = 7 ] && grep -qx 'goto work' state/tgprof/history &&
   grep -q "unknown command .nosuchcommand" h1.scr; then
	tg_pass prompt-history-and-status
else
	tg_fail prompt-history-and-status "exit $rc" "$(cat state/tgprof/history 2>&1)"
fi
cat > hist2.keys <<'K'
:<Up><Up><Up><Up>
:save-display h2.scr
:got<Tab>lea<Tab>a
:save-display h3.scr
:q
K
tui_run hist2 ./prog gmon.out > /dev/null
case "$(tui_cursor_row h2.scr)" in *" work "*) tg_pass history-recall ;;
*) tg_fail history-recall "$(tui_cursor_row h2.scr)" ;; esac
case "$(tui_cursor_row h3.scr)" in *" leaf_a "*) tg_pass completion ;;
*) tg_fail completion "$(tui_cursor_row h3.scr)" ;; esac

tui_finish
