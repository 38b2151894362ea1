#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Every source file carries its SPDX-License-Identifier line (scripts/spdx
# --check on the tree), and scripts/spdx itself finds a missing or wrong
# line, adds the right one (LGPL in runtime/, after a "#!" line) and then
# passes its own check.
. "$(dirname "$0")/lib.sh"
W=$TG_OUT/t-spdx.$$
rm -rf "$W"
mkdir -p "$W"

if r=$(sh "$TOP/scripts/spdx" --check "$TOP" 2>&1); then
	tg_pass "spdx: every source file has its licence line"
else
	tg_fail "spdx: every source file has its licence line" "$(echo "$r" | head -20)"
fi

# A small tree without git: an unpacked tarball, known by its MANIFEST.
mkdir -p "$W/t/runtime" "$W/t/core" "$W/t/man"
printf '/* a */\nint a;\n' > "$W/t/core/a.c"
printf '/* SPDX-License-Identifier: GPL-3.0-or-later */\nint r;\n' > "$W/t/runtime/r.c"
printf '#!/bin/sh\necho hi\n' > "$W/t/run"
printf 'data\n' > "$W/t/notes.txt"
printf '.TH X 1\n' > "$W/t/man/x.1"
printf 'core/a.c\nrun\nruntime/r.c\nnotes.txt\nman/x.1\nMANIFEST\n' > "$W/t/MANIFEST"
cp "$W/t/notes.txt" "$W/notes.before"
r=$(sh "$TOP/scripts/spdx" --check "$W/t" 2>&1)
st=$?
if [ "$st" = 1 ] && echo "$r" | grep -q '^core/a.c:' && echo "$r" | grep -q '^runtime/r.c:' &&
   echo "$r" | grep -q '^run:' && ! echo "$r" | grep -q 'notes.txt'; then
	tg_pass "spdx --check: finds missing and wrong lines"
else
	tg_fail "spdx --check: finds missing and wrong lines" "exit status $st" "$r"
fi
sh "$TOP/scripts/spdx" "$W/t" > /dev/null 2>&1
if [ "$(sed -n 1p "$W/t/core/a.c")" = "/* SPDX-License-Identifier: GPL-3.0-or-later */" ] &&
   [ "$(sed -n 2p "$W/t/core/a.c")" = "/* a */" ] &&
   [ "$(sed -n 1p "$W/t/runtime/r.c")" = "/* SPDX-License-Identifier: LGPL-2.1-or-later */" ] &&
   [ "$(sed -n 2p "$W/t/runtime/r.c")" = "int r;" ] &&
   [ "$(sed -n 1p "$W/t/run")" = "#!/bin/sh" ] &&
   [ "$(sed -n 2p "$W/t/run")" = "# SPDX-License-Identifier: GPL-3.0-or-later" ] &&
   [ "$(sed -n 1p "$W/t/man/x.1")" = '.\" SPDX-License-Identifier: GPL-3.0-or-later' ] &&
   cmp -s "$W/t/notes.txt" "$W/notes.before" &&
   sh "$TOP/scripts/spdx" --check "$W/t" > /dev/null 2>&1; then
	tg_pass "spdx: adds and corrects the lines, then passes its check"
else
	tg_fail "spdx: adds and corrects the lines, then passes its check" \
		"$(head -2 "$W/t/core/a.c" "$W/t/runtime/r.c" "$W/t/run" "$W/t/man/x.1")"
fi
[ "$tg_nfail" -eq 0 ] && rm -rf "$W"
tg_finish
