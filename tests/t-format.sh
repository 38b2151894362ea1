#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The C sources keep the layout of .clang-format (scripts/format --check),
# and the check finds a file laid out otherwise.
. "$(dirname "$0")/lib.sh"
tg_need clang-format
W=$TG_OUT/t-format.$$
rm -rf "$W"
mkdir -p "$W"

if r=$(sh "$TOP/scripts/format" --check "$TOP" 2>&1); then
	tg_pass "format: every C file has the layout of .clang-format"
else
	tg_fail "format: every C file has the layout of .clang-format" "$(echo "$r" | head -20)"
fi

# A planted file laid out otherwise must be reported, and `scripts/format`
# must then fix it.
mkdir -p "$W/t/core"
cp "$TOP/.clang-format" "$W/t/"
printf 'int f(int a){ if(a) return 1;\n  return 0; }\n' > "$W/t/core/bad.c"
printf 'int g(void)\n{\n\treturn 0;\n}\n' > "$W/t/core/good.c"
r=$(sh "$TOP/scripts/format" --check "$W/t" 2>&1)
st=$?
if [ "$st" = 1 ] && echo "$r" | grep -q '^core/bad.c:' && ! echo "$r" | grep -q good.c; then
	tg_pass "format --check: reports a file laid out otherwise"
else
	tg_fail "format --check: reports a file laid out otherwise" "exit status $st" "$r"
fi
sh "$TOP/scripts/format" "$W/t" && r=$(sh "$TOP/scripts/format" --check "$W/t" 2>&1)
if [ $? = 0 ] && grep -q '^	if (a)$' "$W/t/core/bad.c"; then
	tg_pass "format: lays the file out, then passes its check"
else
	tg_fail "format: lays the file out, then passes its check" "$r" "$(cat "$W/t/core/bad.c")"
fi
[ "$tg_nfail" -eq 0 ] && rm -rf "$W"
tg_finish
