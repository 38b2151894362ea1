#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The include rule of doc/architecture.md, checked on the source tree:
# core/ never includes tui/, src/, curses or readline; runtime/ includes
# nothing of core/ but core/profile/gmon_format.h; tui/ never includes
# src/; a core folder includes only itself and the folders below it:
#   util < profile < core (opts.h) < graph < cyclebreak < load < report <
#   tree < edit < export < session < compare
# Headers are included by bare name, so names must be unique across the
# folders.  The checker is also run on a small tree with planted
# violations, which it must report.
. "$(dirname "$0")/lib.sh"
tg_need awk find grep

# Exceptions to the order, each "FILE TARGET-FOLDER" with its reason in
# doc/architecture.md.  None today.
ALLOW=''

# layout_check ROOT: one line per violation under ROOT.
layout_check() {
	(cd "$1" && find core src tui runtime -name '*.[chS]' 2>/dev/null | sort |
	 while read -r f; do
		grep -Hn '^[[:space:]]*#[[:space:]]*include' "$f"
	 done) |
	awk -v allow="$ALLOW" -v root="$1" '
	BEGIN {
		n = split("util profile core graph cyclebreak load report tree edit export session compare", o, " ")
		for (i = 1; i <= n; i++)
			rank[o[i]] = i
		cmd = "cd \"" root "\" && find core src tui runtime -name \"*.h\" 2>/dev/null"
		while ((cmd | getline h) > 0) {
			b = h; sub(/.*\//, "", b)
			d = h; sub(/\/[^\/]*$/, "", d)
			if (b in hdir && hdir[b] != d)
				print "header name " b " in both " hdir[b] " and " d
			hdir[b] = d
		}
		close(cmd)
		na = split(allow, a, " ")
		for (i = 1; i + 1 <= na; i += 2)
			ok[a[i] " " a[i + 1]] = 1
	}
	# folder of a core path: "core" for core/opts.h, else the subfolder
	function cfold(d) { return d == "core" ? "core" : substr(d, 6) }
	{
		file = $0; sub(/:.*/, "", file)
		line = $0; sub(/^[^:]*:[^:]*:/, "", line)
		dir = file; sub(/\/[^\/]*$/, "", dir)
		top = dir; sub(/\/.*/, "", top)
		if (match(line, /<[^>]*>/)) {
			sys = substr(line, RSTART + 1, RLENGTH - 2)
			if (top == "core" && sys ~ /^(n?curses|ncursesw\/|term\.h|panel\.h|menu\.h|form\.h|readline\/)/)
				print file ": includes <" sys ">"
			if (top == "runtime" && sys ~ /^(n?curses|readline\/)/)
				print file ": includes <" sys ">"
			next
		}
		if (!match(line, /"[^"]*"/))
			next
		inc = substr(line, RSTART + 1, RLENGTH - 2)
		if (inc == "config.h")
			next
		if (inc ~ /\//) {
			t = inc; sub(/\/[^\/]*$/, "", t)
			if (t ~ /^\.\./) { print file ": relative include \"" inc "\""; next }
		} else if ((dir "/" inc) in seen || system("test -f \"" root "/" dir "/" inc "\"") == 0) {
			seen[dir "/" inc] = 1
			t = dir
		} else if (inc in hdir) {
			t = hdir[inc]
		} else {
			print file ": \"" inc "\" is in no source folder"
			next
		}
		ttop = t; sub(/\/.*/, "", ttop)
		if (top == "runtime") {
			if (t != "runtime" && inc != "core/profile/gmon_format.h")
				print file ": runtime includes \"" inc "\" (" t ")"
			next
		}
		if (top == "tui" && ttop == "src")
			print file ": tui includes \"" inc "\" (src)"
		if (top != "core")
			next
		if (ttop == "tui" || ttop == "src" || ttop == "runtime") {
			print file ": core includes \"" inc "\" (" t ")"
			next
		}
		f = cfold(dir); g = cfold(t)
		if (!(f in rank)) { print file ": folder " dir " has no place in the order"; next }
		if (!(g in rank)) { print file ": folder " t " has no place in the order"; next }
		if (rank[g] > rank[f] && !((file " " t) in ok))
			print file ": " f " includes \"" inc "\" from " g ", above it"
	}'
}

# --- the tree itself
v=$(layout_check "$TOP")
if [ -z "$v" ]; then
	tg_pass "layout: the include rule holds"
else
	tg_fail "layout: the include rule holds" "$v"
fi

# --- planted violations are found
W=$TG_OUT/t-layout.$$
rm -rf "$W" && mkdir -p "$W/core/util" "$W/core/graph" "$W/core/report" \
	"$W/tui" "$W/src" "$W/runtime" "$W/core/profile" || exit 1
trap 'rm -rf "$W"' EXIT
echo '/* u */' > "$W/core/util/util.h"
echo '/* c */' > "$W/core/graph/cg.h"
echo '/* f */' > "$W/core/profile/gmon_format.h"
echo '/* a */' > "$W/tui/app.h"
echo '/* r */' > "$W/core/report/rows.h"
echo '/* s */' > "$W/src/cli.h"
printf '#include "util.h"\n#include "rows.h"\n#include <curses.h>\n#include "app.h"\n' > "$W/core/graph/cg.c"
printf '#include "cg.h"\n#include "cli.h"\n' > "$W/core/report/rows.c"
printf '#include "core/profile/gmon_format.h"\n#include "util.h"\n' > "$W/runtime/gfile.c"
printf '#include "cli.h"\n#include "rows.h"\n' > "$W/tui/list.c"
v=$(layout_check "$W")
want='core/graph/cg.c: graph includes "rows.h" from report, above it
core/graph/cg.c: includes <curses.h>
core/graph/cg.c: core includes "app.h" (tui)
core/report/rows.c: core includes "cli.h" (src)
runtime/gfile.c: runtime includes "util.h" (core/util)
tui/list.c: tui includes "cli.h" (src)'
if [ "$v" = "$want" ]; then
	tg_pass "layout: planted violations are reported"
else
	tg_fail "layout: planted violations are reported" "got:" "$v" "want:" "$want"
fi

# --- no call cycle between the modules of core and of tui, and no include
# cycle between tui's:
# module A calls B when A's object file uses a symbol B's defines (nm),
# and includes B when A's .c or .h includes B's header; a strongly
# connected set of two or more modules is a cycle (doc/architecture.md).
# Checked on the objects make built and the source tree, and on a planted
# pair that calls each other.
tg_need nm python3
cat > "$W/calls.py" << 'PYEOF2'
import collections, os, re, subprocess, sys
sys.setrecursionlimit(100000)
# calls.py nm OBJ... | calls.py include SRC...: the cycles, one a line
mode, files = sys.argv[1], sys.argv[2:]
g = collections.defaultdict(set)
if mode == "nm":
    defs, uses = {}, collections.defaultdict(set)
    for o in files:
        m = os.path.basename(o)[:-2]
        for l in subprocess.run(["nm", o], capture_output=True, text=True).stdout.splitlines():
            p = l.split()
            if len(p) == 3 and p[1] in "TDBRC":
                defs[p[2]] = m
            elif len(p) == 2 and p[0] == "U":
                uses[m].add(p[1])
    for m, us in uses.items():
        g[m] = {defs[u] for u in us if u in defs and defs[u] != m}
else:
    mods = {os.path.basename(f)[:-2] for f in files}
    for f in files:
        m = os.path.basename(f)[:-2]
        for l in open(f, errors="replace"):
            r = re.match(r'\s*#\s*include\s*"([^"]+)\.h"', l)
            if r and os.path.basename(r.group(1)) in mods and os.path.basename(r.group(1)) != m:
                g[m].add(os.path.basename(r.group(1)))
index, low, stack, on, out = {}, {}, [], set(), []
def visit(v):
    index[v] = low[v] = len(index)
    stack.append(v); on.add(v)
    for w in g.get(v, ()):
        if w not in index:
            visit(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v:
                break
        if len(comp) > 1:
            out.append(" ".join(sorted(comp)))
for v in list(g):
    if v not in index:
        visit(v)
print("\n".join(sorted(out)))
PYEOF2
# (tg_fail's loop uses $d: the folder is $mod.)
for mod in core tui; do
	objs=$(find "$TG_BUILD/${B:-build}/$mod" -name '*.o' 2>/dev/null | sort)
	if [ -z "$objs" ]; then
		tg_fail "layout: no call cycle in $mod" "no object files under $TG_BUILD/${B:-build}/$mod"
	elif v=$(python3 "$W/calls.py" nm $objs) && [ -z "$v" ]; then
		tg_pass "layout: no call cycle in $mod ($(echo "$objs" | wc -l) modules)"
	else
		tg_fail "layout: no call cycle in $mod" "$v"
	fi
done
# Includes are checked in tui, whose headers are one per module; core's
# folders share private headers (editint.h ...) that include the
# folder's public one.
if v=$(python3 "$W/calls.py" include "$TOP"/tui/*.[ch]) && [ -z "$v" ]; then
	tg_pass "layout: no include cycle in tui"
else
	tg_fail "layout: no include cycle in tui" "$v"
fi
printf 'int pb(void);\nint pa(void) { return pb(); }\n' > "$W/pa.c"
printf 'int pa(void);\nint pb(void) { return pa(); }\n' > "$W/pb.c"
if (cd "$W" && ${CC:-cc} -c pa.c pb.c) && v=$(python3 "$W/calls.py" nm "$W/pa.o" "$W/pb.o") &&
   [ "$v" = "pa pb" ]; then
	tg_pass "layout: a planted call cycle is reported"
else
	tg_fail "layout: a planted call cycle is reported" "got: $v"
fi
mkdir -p "$W/inc" && echo '/* ia */' > "$W/inc/ia.h" && echo '/* ib */' > "$W/inc/ib.h" &&
printf '#include "ia.h"\n#include "ib.h"\n' > "$W/inc/ia.c" &&
printf '#include "ib.h"\n#include "ia.h"\n' > "$W/inc/ib.c" &&
printf '#include "ia.h"\n' > "$W/inc/ic.c"
if v=$(python3 "$W/calls.py" include "$W"/inc/*) && [ "$v" = "ia ib" ]; then
	tg_pass "layout: a planted include cycle is reported"
else
	tg_fail "layout: a planted include cycle is reported" "got: $v"
fi
tg_finish
