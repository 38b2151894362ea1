#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The browser as a daily tool, headless: cancelling a search
# in every view, search in the text views with a match count, messages
# after each command, quitting with unsaved edits, argument checks.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/tui/lib-tui.sh"
tg_need "$TGPROF" "$GPROF" "$CC"
TUI_LINES=30
TUI_COLS=100
tui_setup
cd "$W"
LC_ALL=C.UTF-8
export LC_ALL

# status NAME WANT: the exit status of the run NAME is WANT.
status() {
	got=$(cat "$W/$1.rc")
	if [ "$got" = "$2" ]; then tg_pass "$1: exit status $2"; else
		tg_fail "$1: exit status $got, want $2" "$(cat "$W/$1.err")"; fi
}

# --- cancelling a search changes nothing, in any view, both directions:
# the screen after searches cancelled with Esc and Ctrl-G (and backwards
# in the vi and emacs keymaps) is the screen of the same view without
# them, but for the message line (a cancelled search clears it), and
# shows that view (a line only it has).
for v in help source-view cycles deleted flat index; do
	case $v in
	help) mark='^> tgprof: keys \(from the live bindings\)' ;;
	source-view) mark='^   samples %func %total  calls  line  .*prog\.c:[0-9]+  main$' ;;
	cycles) mark='^> .*proposal' ;;
	deleted) mark='^  no arc is deleted$' ;;
	flat) mark='^   %time   cumul s' ;;
	index) mark='^  index .*name' ;;
	esac
	for km in default vi emacs; do
		case $km in
		default) back='' ;;
		vi) back='?x<Esc>' ;;
		emacs) back='<C-r>x<Esc>' ;;
		esac
		n=cancel-$v-$km
		# main selected first: the source view shows the selected
		# function's file, and the mark names main
		printf ':set keymap %s\n:goto main\n:%s\n:save-display %s.ref\n:q\n' \
			"$km" "$v" "$n" > "$n-ref.keys"
		cat > $n.keys <<K
:set keymap $km
:goto main
:$v
/x<Esc>
/<C-g>
$back
:save-display $n.scr
:q
K
		tui_run $n-ref ./prog gmon.out > /dev/null
		tui_run $n ./prog gmon.out > /dev/null
		tui_screens $n-ref && tui_screens $n || continue
		sed '$d' $n.scr > $n.got
		sed '$d' $n.ref > $n.exp
		if [ "$(cat $n.rc)" = 0 ] && cmp -s $n.exp $n.got &&
		   grep -Eq -- "$mark" $n.got; then
			tg_pass "$n: the view as it was, exit status 0"
		else
			tg_fail "$n: the view as it was, exit status 0" \
				"exit status $(cat $n.rc); /$mark/ $(grep -Ec -- "$mark" $n.got) times" \
				"$(diff $n.exp $n.got | head -20)" "$(cat $n.err)"
		fi
	done
done

# --- search in the help view finds a line and counts the matches
cat > help-search.keys <<'K'
?
/undo
:save-display help-search.scr
n
:save-display help-search2.scr
:q
K
tui_run help-search ./prog gmon.out > /dev/null
expect help-search-cursor help-search.scr '^> .*undo'
expect help-search-count help-search.scr '^/undo \(1/[0-9]+\)'
expect help-search-next help-search2.scr '^/undo \(2/[0-9]+\)'

# --- search in the source view and in the deleted-arcs view
cat > src-search.keys <<'K'
:goto work
:source-view
/leaf_a
:save-display src-search.scr
:k work/leaf_a
:deleted
/leaf
:save-display del-search.scr
:q
K
tui_run src-search ./prog gmon.out > /dev/null
expect source-search src-search.scr '^> .*leaf_a'
expect deleted-search del-search.scr '^> .*work -> leaf_a'
expect deleted-search-count del-search.scr '^/leaf \(1/1\)'

# --- every command says what it did
cat > msgs.keys <<'K'
:goto leaf_b
:save-display msg-goto.scr
:filter 10%
:save-display msg-filter.scr
R
:save-display msg-rev.scr
t
:save-display msg-delta.scr
:filter 500%
:save-display msg-filter500.scr
:q
K
tui_run msgs ./prog gmon.out > /dev/null
expect goto-says msg-goto.scr '^at \[[0-9]+\] leaf_b'
expect filter-says msg-filter.scr '^filter 10%: [0-9]+ rows? shown'
expect reverse-says msg-rev.scr '^sorted by .*reversed'
expect delta-says msg-delta.scr '^change columns hidden'
expect filter-500-rejected msg-filter500.scr 'not a share of time'

# --- :messages keeps every message, long ones whole
cat > log.keys <<'K'
:goto leaf_b
:nosuchcommand-with-a-rather-long-name-so-that-the-message-is-cut-at-forty-columns
:save-display log-cut.scr
:messages
:save-display log.scr
:q
K
TUI_COLS=60 tui_run log ./prog gmon.out > /dev/null
expect long-message-cut log-cut.scr '\.\.\. \(:messages\)$'
expect messages-log-goto log.scr 'at \[[0-9]+\] leaf_b'
expect messages-log-long log.scr 'so-that-the-message'

# --- :q checks its status; with unsaved edits q asks, q q and :q! quit
for a in 'abc:1' '300:1' '7:7'; do
	arg=${a%%:*}
	printf ':q %s\n:save-display q-%s.scr\n:q! 1\n' "$arg" "$arg" > q-$arg.keys
	tui_run q-$arg ./prog gmon.out > /dev/null
	status q-$arg "${a#*:}"
done
expect q-abc-says q-abc.scr 'usage: q \[STATUS\]'
printf ':k work/leaf_a\nq\n:save-display ask.scr\n:q 3\n' > ask.keys
tui_run ask ./prog gmon.out > /dev/null
expect quit-asks ask.scr '1 edit not exported'
status ask 3
printf ':k work/leaf_a\nq\nq\n:q 5\n' > qq.keys
tui_run qq ./prog gmon.out > /dev/null
status qq 0
printf ':k work/leaf_a\n:q! 4\n:q 5\n' > qbang.keys
tui_run qbang ./prog gmon.out > /dev/null
status qbang 4
printf ':k work/leaf_a\nq\nj\nq\n:save-display ask2.scr\n:q! 6\n' > qreset.keys
tui_run qreset ./prog gmon.out > /dev/null
status qreset 6
printf ':k work/leaf_a\n:export! out.txt\nq\n:q 5\n' > qsaved.keys
tui_run qsaved ./prog gmon.out > /dev/null
status qsaved 0

# --- :save-display does not overwrite without !
echo keep > exists.scr
printf ':save-display exists.scr\n:save-display! msg-exists.scr\n:q\n' > sd.keys
tui_run sd ./prog gmon.out > /dev/null
if [ "$(cat exists.scr)" = keep ]; then tg_pass save-display-keeps-file; else
	tg_fail save-display-keeps-file "$(head -2 exists.scr)"; fi
expect save-display-says msg-exists.scr 'exists.scr exists: :save-display! exists.scr replaces it'

# --- wording: one call, one edit
printf ':goto work\n<Tab><Up>d\n:save-display one.scr\n:export! one.dot dot\n:q!\n' > one.keys
tui_run one ./prog gmon.out > /dev/null
expect one-call one.scr '^deleted arc main -> work \(1 call\)'
expect one-edit one.scr ' 1 edit( |$)'
expect one-edit-dot one.dot 'seconds, 1 edit"'

# --- prompt history: kept when ~/.local does not exist yet; Up in /
# recalls searches, Up in : commands
rm -rf home && mkdir home
printf ':goto work\n/leaf_b\n:q\n' > h1.keys
(cd "$W" && env -u XDG_STATE_HOME HOME=$W/home LINES=30 COLUMNS=100 TGPROF_SCRIPT=$W/h1.keys \
	timeout 20 "$TGPROF" --tui ./prog gmon.out > h1.out 2>&1 < /dev/null)
if grep -qx 'goto work' home/.local/state/tgprof/history 2>/dev/null; then
	tg_pass history-creates-dirs
else
	tg_fail history-creates-dirs "$(find home 2>&1 | head)"
fi
printf ':goto main\n/<Up>\n:save-display h2.scr\n:<Up><Esc>\n:q\n' > h2.keys
(cd "$W" && env -u XDG_STATE_HOME HOME=$W/home LINES=30 COLUMNS=100 TGPROF_SCRIPT=$W/h2.keys \
	timeout 20 "$TGPROF" --tui ./prog gmon.out > h2.out 2>&1 < /dev/null)
expect search-history-recall h2.scr '^> .* leaf_b '
# A state directory that cannot be made: the message says why.
printf ':save-display h3.scr\n:q\n' > h3.keys
(cd "$W" && XDG_STATE_HOME=/proc/nonexistent HOME=$W/home LINES=30 COLUMNS=100 TGPROF_SCRIPT=$W/h3.keys \
	timeout 20 "$TGPROF" --tui ./prog gmon.out > h3.out 2>&1 < /dev/null)
expect history-says-why h3.scr '^history not saved: cannot create /proc/nonexistent'

# --- a key file with several errors: the first one is on screen
printf 'bind generic x no-such-action\nbind generic y other-bad\n' > two-bad.keyfile
printf ':save-display kf.scr\n:q\n' > kf.keys
TUI_COLS=220 TGPROF_KEYS=$W/two-bad.keyfile tui_run kf ./prog gmon.out > /dev/null
expect key-file-first-error kf.scr 'two-bad.keyfile:1: .*no-such-action.*and more'

# --- completion knows the context: :k FROM/ then FROM's callees, sort
# keys after :sort, keymaps after :set keymap
cat > comp.keys <<'K'
:k wo<Tab>lea<Tab>a
:save-display comp1.scr
:sort <Tab><Tab><Esc>
:save-display comp2.scr
:set keymap <Tab>e<Tab>
:save-display comp3.scr
:q!
K
tui_run comp ./prog gmon.out > /dev/null
expect complete-arc comp1.scr '^deleted arc work -> leaf_a '
expect complete-sort-keys comp2.scr '^total  self  children  calls  name'
expect complete-keymap comp3.scr '^keymap emacs'

# --- C++: names as the screen shows them (demangled) in :k, :goto,
# :scale, completion and messages
tg_need g++
CXX=g++
if (g++ -pg -O0 -g -I"$TOP/tests/corpus" -o cxx "$TOP/tests/corpus/cxx.cc" > cxx.log 2>&1 &&
    mkdir -p cxxrun && cd cxxrun && ../cxx > /dev/null && mv gmon.out ../cxx.gmon); then
	cat > cxx1.keys <<'K'
:goto geo::Circle::area() const
:scale 2
:save-display cxx2.scr
:k geo::Shape::count_big(std::vector<geo::Shape*, std::allocator<geo::Shape*> > const&, double)/geo::Circle::area() const
:save-display cxx1.scr
:goto geo::Shape::coun<Tab>
:save-display cxx3.scr
:q!
K
	TUI_COLS=200 tui_run cxx1 ./cxx cxx.gmon > /dev/null
	expect cxx-k-demangled cxx1.scr '^deleted arc geo::Shape::count_big\(.*\) -> geo::Circle::area\(\) const \(16000 calls\)'
	# (before :k, while area() has its calls and so a row; a run in
	# which it got no sample says it has no self time to scale)
	expect cxx-scale-demangled cxx2.scr '^geo::Circle::area\(\) const(: self| already has self time)'
	expect cxx-complete-demangled cxx3.scr '^at \[[0-9]+\] geo::Shape::count_big\(std::vector'
	# Template arguments shortened in lists, whole after T; the deleted
	# arc's callee on screen at 80 columns; ] scrolls long names.
	cat > cxx2.keys <<'K'
f
:save-display cxxn1.scr
T
:save-display cxxn2.scr
T
]
:save-display cxxn3.scr
:k geo::Shape::count_big(std::vector<geo::Shape*, std::allocator<geo::Shape*> > const&, double)/geo::Circle::area() const
D
:save-display cxxn4.scr
:goto main
<Tab><End>
:save-display cxxn5.scr
:q!
K
	TUI_COLS=80 tui_run cxx2 ./cxx cxx.gmon > /dev/null
	expect cxx-short-names cxxn1.scr '  …::Vec<…>::operator\*\(geo'
	expect cxx-full-names cxxn2.scr '  geo::Vec<int>::operator\*'
	expect cxx-scroll-names cxxn3.scr '^>  *[0-9.]+ .*  [a-z]'
	if tui_list_rows cxxn3.scr | grep -q '  geo::Vec<…>::operator'; then tg_fail cxx-scroll-moves "$(sed -n 3p cxxn3.scr)"; else
		tg_pass cxx-scroll-moves; fi
	expect cxx-deleted-shows-callee cxxn4.scr '^> +16000  geo::Shape::count_big.* -> geo::Circle::area\(\) const'
	expect entry-more-above cxxn5.scr '↑ more above'
else
	tg_fail "c++ program: build and run (apt-get install g++)" "$(cat cxx.log)"
fi

# --- focus and hide show in the status line; :unfocus alone undoes the
# focus in force (not the function under the cursor)
cat > focus.keys <<'K'
:focus work
:hide leaf_b
:goto main
:save-display focus1.scr
:unfocus
:save-display focus2.scr
:q!
K
TUI_COLS=160 tui_run focus ./prog gmon.out > /dev/null
expect status-focus focus1.scr '^ tgprof .*focus work, 1 hidden'
expect unfocus-active focus2.scr '^unfocus work'
if head -1 focus2.scr | grep -q 'focus'; then
	tg_fail "unfocus-clears-status" "$(head -1 focus2.scr)"
else
	tg_pass "unfocus-clears-status"
fi

# --- the highlighted row is the selection: the entry pane's title (and
# so every action) is the function on the cursor's row
# same NAME FILE: the cursor row and the entry pane title name one function.
same() {
	row=$(tui_cursor_row "$2" | sed 's/ *\[[0-9]*\]$//; s/ <cycle [0-9]*>$//')
	title=$(grep -m1 '^─── \[' "$2" | sed 's/^─── \[[0-9]*\] //; s/ ─*$//')
	case "$row" in
	*"$title") [ -n "$title" ] && tg_pass "$1" && return ;;
	esac
	tg_fail "$1" "cursor row: $row" "entry title: $title"
}
cat > sel.keys <<'K'
:goto work
:focus ping
:save-display sel-focus.scr
:unfocus ping
:goto leaf_b
:filter 30%
:save-display sel-filter.scr
:filter off
i
:save-display sel-index.scr
:q!
K
tui_run sel ./prog gmon.out > /dev/null
same selection-after-focus sel-focus.scr
same selection-after-filter sel-filter.scr
same selection-index-first-screen sel-index.scr

# --- Left goes back exactly: view, function and scroll
cat > back.keys <<'K'
:goto leaf_b
f
?
<Left>
:save-display back1.scr
<Left>
:save-display back2.scr
:break-cycles 1
<Left>
:save-display back3.scr
:q!
K
tui_run back ./prog gmon.out > /dev/null
if grep -q 'cumul s' back1.scr && tui_cursor_row back1.scr | grep -q ' leaf_b$'; then
	tg_pass back-to-flat-on-function
else
	tg_fail back-to-flat-on-function "$(sed -n 2p back1.scr)" "$(tui_cursor_row back1.scr)"
fi
if grep -q 'index.% time' back2.scr && tui_cursor_row back2.scr | grep -q ' leaf_b \['; then
	tg_pass back-to-graph-on-function
else
	tg_fail back-to-graph-on-function "$(sed -n 2p back2.scr)" "$(tui_cursor_row back2.scr)"
fi
if grep -q 'index.% time' back3.scr && tui_cursor_row back3.scr | grep -q ' leaf_b \['; then
	tg_pass back-from-cycles
else
	tg_fail back-from-cycles "$(sed -n 1,3p back3.scr)" "$(tui_cursor_row back3.scr)"
fi

# --- the flat view's header gives the per-call unit GNU chooses and says
# which column is self and which total; the
# sort column is marked
printf 'f\n:save-display unit.scr\n:sort calls\n:save-display mark.scr\n:q\n' > unit.keys
tui_run unit ./prog gmon.out > /dev/null
u=$("$GPROF" -b -p ./prog gmon.out | awk '/ name *$/ && /calls/ { print $5; exit }')
# (self and total per call named, in GNU's unit)
expect flat-unit unit.scr "^ +%time +cumul s +.?self s +calls +self/c +total/c +name \\(per call: ${u%/call}\\)"
expect sort-mark mark.scr '▼calls'

# --- the index tells apart functions of the same name by file, as gprof does
if $CC -pg -O0 -g -I"$TOP/tests/corpus" -o st "$TOP/tests/corpus/statics/"*.c > st.log 2>&1 &&
   mkdir -p strun && (cd strun && ../st > /dev/null) && mv strun/gmon.out st.gmon; then
	printf 'i\n:save-display stidx.scr\n:q\n' > stidx.keys
	tui_run stidx ./st st.gmon > /dev/null
	"$GPROF" -b ./st st.gmon | sed -n '/^Index by function name/,$p' |
		grep -o '\[[0-9]*\] [a-z_]*\( ([a-z.]*)\)\?' | sort > stidx.exp
	tui_list_rows stidx.scr | sed 's/^ *//' | grep -o '^\[[0-9]*\] [a-z_]*\( ([a-z.]*)\)\?' | sort > stidx.got
	if [ -s stidx.exp ] && cmp -s stidx.exp stidx.got; then tg_pass index-same-names; else
		tg_fail index-same-names "$(diff stidx.exp stidx.got | head)"; fi
else
	tg_fail "statics program: build" "$(cat st.log)"
fi

# --- a 40x10 terminal: names visible in every list, d says the entry
# pane is hidden rather than pointing to it
cat > tiny.keys <<'K'
:save-display tiny-graph.scr
f
:save-display tiny-flat.scr
c
d
:save-display tiny-d.scr
:q
K
TUI_LINES=10 TUI_COLS=40 tui_run tiny ./prog gmon.out > /dev/null
expect tiny-graph-names tiny-graph.scr '^> \[1\] +[0-9.]+  [a-z]+ \[1\]'
expect tiny-flat-names tiny-flat.scr '^> +[0-9.]+  burn'
expect tiny-d-message tiny-d.scr 'entry pane hidden'

# --- :set and :source say what they did
printf 'nosuch\ngoto work\n' > cmds.txt
printf ':set delta off\n:save-display set.scr\n:source cmds.txt\n:save-display src-cmds.scr\n:q\n' > setsrc.keys
tui_run setsrc ./prog gmon.out > /dev/null
expect set-says set.scr '^delta off$'
expect source-says src-cmds.scr '^cmds.txt: ran 2 commands, some failed'

# --- :N of a function the filter hides: said, and the selection stays
# the highlighted row
printf ':filter 60%%\n:goto leaf_a\n:save-display hid.scr\n:q\n' > hid.keys
tui_run hid ./prog gmon.out > /dev/null
expect goto-hidden-says hid.scr 'leaf_a is not listed'
same goto-hidden-selection hid.scr

tui_finish
