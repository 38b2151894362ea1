#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Selections against GNU gprof: symbol sets and arc specs in the corner
# cases GNU's range tables produce (two -k naming one caller: only the
# last counts; -q FROM/TO includes only those arcs; include specs that
# match nothing; several specs of one kind).
. "$(dirname "$0")/lib.sh"
tg_need "$GPROF" "$TGPROF" "$CC" nm strip cmp diff
dir=$TG_OUT/select
mkdir -p "$dir" && cd "$dir" || exit 1
if ! $CC -pg -O0 -no-pie -o kspec "$TOP/tests/select/kspec.c" 2>cc.err; then
	tg_fail "compile kspec.c" "$(cat cc.err)"
	tg_finish
	exit 1
fi
./kspec > /dev/null || { tg_fail "run kspec"; tg_finish; exit 1; }

# same NAME ARGS...: gprof -b ARGS and tgprof --text -b ARGS give the same
# exit status and the same report.
same() {
	_n=$1
	shift
	$GPROF -b "$@" > g.out 2> /dev/null; gs=$?
	"$TGPROF" --text -b "$@" > t.out 2> /dev/null; ts=$?
	if [ "$gs" = "$ts" ] && [ -s t.out ] && cmp -s g.out t.out; then
		tg_pass "$_n"
	else
		tg_fail "$_n" "exit status gprof $gs, tgprof $ts" "$(diff g.out t.out | head -10)"
	fi
}

while IFS= read -r opts; do
	[ -n "$opts" ] || continue
	# shellcheck disable=SC2086
	same "select $opts" $opts kspec gmon.out
done <<'SETS'
-k a1/a2 -k a1/burn
-k a1/burn -k a1/a2
-k a1/burn -k a3/burn
-k kspec.c/burn -k a1/a2
-k a1/a2 -k kspec.c/burn
-qa1/burn
-Qa1/a2
-qa1/burn -qa2/burn
-k a1/a2 -q
-k b1/b1
-k nosuch/burn
-k a1
-f nosuch
-F nosuch -N burn
-pnosuch
-pburn -pa1
-Pburn -Pa1 -z
-e a1 -e a2 -e a3
-E a1 -f main
-f a1 -F helper -n b1
-n a1 -N a1
-p: -Pmain
-q: -Qburn
SETS

# -S: symbols from an nm-style table, also for a stripped executable.
nm kspec | awk '$2 == "T" || $2 == "t"' > syms.txt
strip -o kspec.stripped kspec
for exe in kspec kspec.stripped; do
	same "-S syms.txt $exe" -S syms.txt $exe gmon.out
done
tg_finish
