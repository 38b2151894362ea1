#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The runner's contract (tests/run.sh, tests/lib.sh), on a tree of fake
# tests: PASS and FAIL lines counted; a test that dies without a FAIL line,
# or runs no case, is a failure; a case not run (SKIP, tg_skip) is counted
# and listed by name with its reason, never counted as passed; the last
# line and the exit status say it all.  As root, tg_root as another user
# lists its case as not run, and as root runs it.
. "$(dirname "$0")/lib.sh"
W=$TG_OUT/t-runner.$$
rm -rf "$W"
mkdir -p "$W/tree/tests"
trap '[ "$tg_nfail" -eq 0 ] && rm -rf "$W"' EXIT
cp "$TOP/tests/run.sh" "$TOP/tests/lib.sh" "$W/tree/tests/"
cd "$W/tree/tests" || exit 1
cat > t-a.sh <<'EOF'
. "$(dirname "$0")/lib.sh"
tg_pass "one"
tg_skip "needs the moon" "needs root to reach it"
tg_finish
EOF
cat > t-b.sh <<'EOF'
echo "PASS: before the crash"
exit 3
EOF
cat > t-c.sh <<'EOF'
exit 0
EOF
cat > t-d.sh <<'EOF'
. "$(dirname "$0")/lib.sh"
tg_skip "only case" "needs root to act as another user"
tg_finish
EOF

# run.sh on these: TG_BUILD the fake tree, no unit tests (B names nothing).
(cd "$W" && TG_BUILD=$W/tree B=none sh "$W/tree/tests/run.sh" > run.out 2>&1)
st=$?
out=$W/run.out
if [ "$st" -ne 0 ] && [ "$(tail -1 "$out")" = "2 passed, 2 failed, 2 not run" ]; then
	tg_pass "summary: passes, failures and cases not run counted; status non-zero"
else
	tg_fail "summary: passes, failures and cases not run counted; status non-zero" \
		"status $st" "$(cat "$out")"
fi
if grep -qxF "  t-a: needs the moon (not run: needs root to reach it)" "$out" &&
   grep -qxF "  t-d: only case (not run: needs root to act as another user)" "$out" &&
   grep -q '^Not run' "$out"; then
	tg_pass "cases not run listed by name with the reason"
else
	tg_fail "cases not run listed by name with the reason" "$(cat "$out")"
fi
if grep -q 'FAIL: t-b (exit status 3, no FAIL line)' "$W/tree/tests/out/t-b.log" &&
   grep -q 'FAIL: t-c (ran no case)' "$W/tree/tests/out/t-c.log" &&
   ! grep -q 'FAIL: t-d' "$W/tree/tests/out/t-d.log"; then
	tg_pass "a crash and a test that runs nothing fail; one whose cases are all not run does not"
else
	tg_fail "a crash and a test that runs nothing fail" "$(cat "$W"/tree/tests/out/t-[bcd].log)"
fi
# Without a case not run, the last line is as before: N passed, N failed.
rm t-a.sh t-d.sh
(cd "$W" && TG_BUILD=$W/tree B=none sh "$W/tree/tests/run.sh" > run2.out 2>&1)
if [ "$(tail -1 "$W/run2.out")" = "1 passed, 2 failed" ] && ! grep -q '^Not run' "$W/run2.out"; then
	tg_pass "nothing not run: the last line is N passed, N failed"
else
	tg_fail "nothing not run: the last line is N passed, N failed" "$(cat "$W/run2.out")"
fi

# In parallel: the same counts and the same list of cases not run, in
# the order of the tests, whatever order they end in; a worker killed
# with its test counts as a failure; a bad TG_JOBS is refused.
cat > t-a.sh <<'EOF'
. "$(dirname "$0")/lib.sh"
sleep 1
tg_skip "needs the moon" "needs root to reach it"
tg_pass "one"
tg_finish
EOF
cat > t-d.sh <<'EOF'
. "$(dirname "$0")/lib.sh"
tg_skip "only case" "needs root to act as another user"
tg_finish
EOF
cat > t-e.sh <<'EOF'
echo "PASS: about to take the worker down"
kill -9 $PPID
sleep 5
EOF
for j in 1 4; do
	(cd "$W" && TG_JOBS=$j TG_BUILD=$W/tree B=none sh "$W/tree/tests/run.sh" > "par$j.out" 2>&1)
	echo "status $?" >> "$W/par$j.out"
done
l1=$(sed -n '/^Not run/,$p' "$W/par1.out")
l4=$(sed -n '/^Not run/,$p' "$W/par4.out")
want=$(printf '%s\n' "Not run (the reason in parentheses):" \
	"  t-a: needs the moon (not run: needs root to reach it)" \
	"  t-d: only case (not run: needs root to act as another user)" \
	"2 passed, 3 failed, 2 not run" "status 1")
if [ "$l1" = "$want" ] && [ "$l4" = "$want" ] &&
   grep -q '^  t-e: FAIL (the runner.s worker died)' "$W/par4.out"; then
	tg_pass "TG_JOBS=1 and 4: same counts and list; a killed worker is a failure"
else
	tg_fail "TG_JOBS=1 and 4: same counts and list; a killed worker is a failure" \
		"want: $want" "TG_JOBS=1: $(cat "$W/par1.out")" "TG_JOBS=4: $(cat "$W/par4.out")"
fi
r=$(cd "$W" && TG_JOBS=two TG_BUILD=$W/tree B=none sh "$W/tree/tests/run.sh" 2>&1)
st=$?
if [ "$st" = 2 ] && [ "$r" = "run.sh: TG_JOBS must be a positive number, not 'two'" ]; then
	tg_pass "TG_JOBS that is not a positive number is refused"
else
	tg_fail "TG_JOBS that is not a positive number is refused" "status $st" "$r"
fi
rm -f t-a.sh t-d.sh t-e.sh

# tg_root: as another user the case is listed as not run; as root it runs.
cat > root.sh <<'EOF'
. "$(dirname "$0")/lib.sh"
if tg_root "root case" "act as another user"; then tg_pass "root case"; fi
tg_finish
EOF
if [ "$(id -u)" -eq 0 ]; then
	tg_need setpriv
	r=$(TG_BUILD=$W/tree sh root.sh)
	# As nobody, from a directory it can reach (our tree may be in
	# /root, which it cannot).
	S=$(mktemp -d /tmp/tgrunner.XXXXXX) || exit 1
	mkdir "$S/tests" && cp root.sh lib.sh "$S/tests/" &&
		chmod 755 "$S" "$S/tests" && chmod 644 "$S/tests/root.sh" "$S/tests/lib.sh"
	u=$(cd / && TG_BUILD=$S setpriv --reuid=nobody --regid=nogroup --clear-groups \
		sh "$S/tests/root.sh")
	rm -rf "$S"
	if echo "$r" | grep -qx 'PASS: root case' &&
	   echo "$u" | grep -qx 'SKIP: root case (not run: needs root to act as another user)' &&
	   echo "$u" | grep -qx '# 0 passed, 0 failed, 1 not run'; then
		tg_pass "tg_root: runs the case as root, lists it as not run otherwise"
	else
		tg_fail "tg_root: runs the case as root, lists it as not run otherwise" \
			"as root: $r" "as nobody: $u"
	fi
else
	u=$(TG_BUILD=$W/tree sh root.sh)
	if echo "$u" | grep -qx 'SKIP: root case (not run: needs root to act as another user)'; then
		tg_pass "tg_root: lists the case as not run when not root"
	else
		tg_fail "tg_root: lists the case as not run when not root" "$u"
	fi
fi

# A failure's details reach the runner's output, not only the log: CI
# shows the output alone.  Fifteen lines a failure at most.
cat > t-g.sh <<'EOF'
. "$(dirname "$0")/lib.sh"
tg_fail "wrong screen" "got: the flat view" "$(seq 1 30 | sed 's/^/line /')"
tg_pass "fine"
tg_finish
EOF
(cd "$W" && TG_BUILD=$W/tree B=none sh "$W/tree/tests/run.sh" "$W/tree/tests/t-g.sh" > det.out 2>&1)
if grep -qx '      FAIL: wrong screen' "$W/det.out" &&
   grep -qx '          got: the flat view' "$W/det.out" &&
   grep -qx '          line 14' "$W/det.out" && ! grep -q 'line 15$' "$W/det.out"; then
	tg_pass "a failure's first fifteen detail lines in the runner's output"
else
	tg_fail "a failure's first fifteen detail lines in the runner's output" "$(cat "$W/det.out")"
fi
tg_finish
