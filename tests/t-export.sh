#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Exports of an edit session (core/export.h) against outside references.
#
# The driver is the unit-test program $B/tests/unit/test_export in its
# "drive" mode: it loads a profile as `tgprof --text` does, runs edit
# commands (k, restore, undo, redo, hide, focus...) and exports.
#   text       byte-identical to GNU gprof -b with the same deletions as -k
#              (and -e/-E/-f/-F for hide/exclude-time/focus/focus-time);
#   json       read by python3's json module; self times, calls, cycles and
#              deleted arcs agree with GNU gprof's reports;
#   dot        accepted by Graphviz (dot -Tsvg);
#   callgrind  callgrind_annotate prints every function with GNU's share
#              of the time (to 0.01%, fractions of samples kept) and self
#              time, and inclusive costs match GNU's totals.
# A small -pg program with two cycles is compiled here; corpus cases
# (tests/corpus, TG_CASE to choose, default '*-o2' and 'cxx-*') follow.
. "$(dirname "$0")/lib.sh"

: "${B:=build}"
DRV=$TG_BUILD/$B/tests/unit/test_export
tg_need "$GPROF" "$CC" python3 "$DRV" dot callgrind_annotate
# the JSON Schema validator (Debian's python3-jsonschema)
tg_need_py jsonschema python3-jsonschema
SCHEMA=$TOP/doc/tgprof.schema.json
# json_valid JSON: validate against the schema; prints the first error
json_valid() {
	python3 - "$SCHEMA" "$1" << 'EOF'
import json, sys
from jsonschema import Draft202012Validator
schema = json.load(open(sys.argv[1]))
Draft202012Validator.check_schema(schema)
errs = sorted(Draft202012Validator(schema).iter_errors(json.load(open(sys.argv[2], encoding="utf-8"))),
              key=lambda e: list(e.path))
for e in errs[:5]:
    print("%s: %s" % ("/".join(map(str, e.path)), e.message))
sys.exit(1 if errs else 0)
EOF
}

W=$TG_OUT/t-export.$$
rm -rf "$W"
mkdir -p "$W"

# Check scripts, written once.
cat > "$W/json_check.py" << 'EOF'
# json_check.py JSON GNU_FLAT GNU_GRAPH EDIT...: the JSON export against
# GNU gprof's -b -p and -b -q output for the same deletions.
import json, re, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
errs = []
for k in ("format", "version", "program", "profiles", "sample_period", "hz",
          "total_time", "functions", "arcs", "cycles", "edits"):
    if k not in d:
        errs.append("missing key " + k)
flat = open(sys.argv[2]).read()
m = re.search(r"Each sample counts as ([0-9.e+-]+) seconds", flat)
if not m or abs(float(m.group(1)) - d["sample_period"]) > 1e-12:
    errs.append("sample period differs")
byname = {}
for f in d["functions"]:
    byname.setdefault(f["demangled"], []).append(f)
row = re.compile(r"^\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(?:(\d+)\s+([\d.]+)\s+([\d.]+)\s+)?(\S.*)$")
seen = 0
for line in flat.splitlines():
    r = row.match(line)
    if not r or line.lstrip().startswith("time"):
        continue
    name = r.group(7).strip()
    fs = byname.get(name)
    if not fs:
        errs.append("no function " + name)
        continue
    if len(fs) > 1:
        continue  # same name twice: cannot tell which line is which
    f = fs[0]
    seen += 1
    if d["total_time"] > 0 and "%.2f" % (100 * f["self"] / d["total_time"]) != r.group(1):
        errs.append("%s: %%time vs GNU %s" % (name, r.group(1)))
    if "%.2f" % f["self"] != r.group(3):
        errs.append("%s: self %.4f vs GNU %s" % (name, f["self"], r.group(3)))
    if r.group(4) is not None and int(r.group(4)) != f["calls"] + f["self_calls"] \
       and int(r.group(4)) != f["calls"]:
        errs.append("%s: calls %d+%d vs GNU %s" % (name, f["calls"], f["self_calls"], r.group(4)))
if seen == 0:
    errs.append("no flat profile line compared")
graph = open(sys.argv[3]).read()
m = re.search(r"for [\d.]+% of ([\d.]+) seconds", graph)
if m and "%.2f" % d["graph_time"] != m.group(1):
    errs.append("graph_time %.4f vs GNU %s" % (d["graph_time"], m.group(1)))
ncyc = len(re.findall(r"<cycle \d+ as a whole>", graph))
ncyc_primary = len(re.findall(r"^\[\d+\].*<cycle \d+ as a whole>", graph, re.M))
if ncyc_primary != len(d["cycles"]):
    errs.append("%d cycles vs GNU %d" % (len(d["cycles"]), ncyc_primary))
for c in d["cycles"]:
    if c["members"] != sorted(c["members"]):
        errs.append("cycle %d members not in address order" % c["number"])
    if len(c["members"]) < 2:
        errs.append("cycle %d has %d members" % (c["number"], len(c["members"])))
    for m in c["members"]:
        if d["functions"][m]["cycle"] != c["number"]:
            errs.append("member %d not marked in cycle %d" % (m, c["number"]))
ids = {f["id"] for f in d["functions"]}
for a in d["arcs"]:
    if a["caller"] not in ids or a["callee"] not in ids:
        errs.append("arc %d: unknown function" % a["id"])
edits = sys.argv[4:]
if d["edits"] != edits:
    errs.append("edits %r vs %r" % (d["edits"], edits))
for e in edits:
    if e.startswith("k "):
        frm, to = e[2:].split("/")
        if not any(a["deleted"] for a in d["arcs"]
                   if (not frm or d["functions"][a["caller"]]["name"] == frm)
                   and (not to or d["functions"][a["callee"]]["name"] == to)):
            errs.append("arc %s not marked deleted" % e[2:])
for e in errs[:20]:
    print(e)
sys.exit(1 if errs else 0)
EOF

cat > "$W/dot_check.py" << 'EOF'
# dot_check.py DOT GNU_GRAPH [MAXWIDTH_PT SVG]: the dot export against GNU
# gprof's call graph: every arc whose time is clearly over the edge
# threshold (0.1% of the graph's time; checked from 0.2%, away from
# rounding) is drawn, arcs into and inside cycles included (inside: the
# callee's own total times the arc's share of its calls); every arc ends
# at a declared node; members of cycle N sit in cluster_cycleN; with an
# SVG, no node is wider than MAXWIDTH_PT points, nor the picture than
# 200 points a node.
import re, sys
dot = open(sys.argv[1]).read()
text = open(sys.argv[2]).read()
errs = []
nodes, cluster_of, cur = {}, {}, None
for line in dot.splitlines():
    m = re.match(r"\s*subgraph cluster_cycle(\d+)", line)
    if m:
        cur = int(m.group(1))
        continue
    if re.match(r"\s*}\s*$", line):
        cur = None
        continue
    m = re.match(r'\s*n(\d+) \[label=.*?tooltip="((?:[^"\\]|\\.)*)"', line)
    if m:
        name = m.group(2).replace('\\"', '"').replace("\\\\", "\\")
        nodes.setdefault(name, []).append(int(m.group(1)))
        cluster_of[int(m.group(1))] = cur
edges = set()
ids = {i for v in nodes.values() for i in v}
for a, b in re.findall(r"^\s*n(\d+) -> n(\d+)", dot, re.M):
    a, b = int(a), int(b)
    edges.add((a, b))
    for x in (a, b):
        if x not in ids:
            errs.append("edge end n%d is not a declared node" % x)
m = re.search(r"for [\d.]+% of ([\d.]+) seconds", text)
total = float(m.group(1)) if m else 0
prim_re = re.compile(r"^\[\d+\]\s+[\d.]+\s+([\d.]+)\s+([\d.]+)\s+(\d+)?(?:\+\d+)?\s*(.*?) \[\d+\]$")
entries = text.split("-----------------------------------------------")
info = {}
for block in entries:
    for line in block.splitlines():
        m = prim_re.match(line)
        if m:
            name = m.group(4)
            cyc = re.search(r" <cycle (\d+)>$", name)
            base = re.sub(r" <cycle \d+>$", "", name)
            info[base] = (float(m.group(1)) + float(m.group(2)),
                          int(m.group(3) or 0), int(cyc.group(1)) if cyc else 0)
checked = 0
for block in entries:
    lines = [l for l in block.strip("\n").splitlines() if l.strip()]
    pi = [i for i, l in enumerate(lines) if prim_re.match(l)]
    if not pi or "as a whole" in lines[pi[0]]:
        continue
    pname = re.sub(r" <cycle \d+>$", "", prim_re.match(lines[pi[0]]).group(4))
    for l in lines[pi[0] + 1:]:
        m = re.match(r"^\s+([\d.]+)\s+([\d.]+)\s+\d+/\d+\s+(.*?) \[\d+\]$", l)
        c = re.match(r"^\s+(\d+)\s+(.*?) \[\d+\]$", l)
        if m:
            cname, t = re.sub(r" <cycle \d+>$", "", m.group(3)), float(m.group(1)) + float(m.group(2))
        elif c:
            cname = re.sub(r" <cycle \d+>$", "", c.group(2))
            tot, calls, _ = info.get(cname, (0, 0, 0))
            t = tot * int(c.group(1)) / calls if calls else 0
        else:
            continue
        if cname == pname or total <= 0 or t < 0.002 * total:
            continue
        if len(nodes.get(pname, [])) != 1 or len(nodes.get(cname, [])) != 1:
            if pname in nodes and cname in nodes:
                continue  # a name two functions share
            errs.append("arc %s -> %s (%.2f s): an end is not drawn" % (pname, cname, t))
            continue
        checked += 1
        if (nodes[pname][0], nodes[cname][0]) not in edges:
            errs.append("arc %s -> %s (%.2f s) not drawn" % (pname, cname, t))
for name, (tot, calls, cyc) in info.items():
    if cyc and len(nodes.get(name, [])) == 1 and cluster_of[nodes[name][0]] != cyc:
        errs.append("%s of cycle %d is not in cluster_cycle%d" % (name, cyc, cyc))
# How many arcs were checked: the script adds them up over the cases, as
# one case may have none over the threshold that names tell apart.
if not errs:
    print("checked %d" % checked)
if len(sys.argv) > 4:
    # readable: no node wider than MAXWIDTH_PT, and the picture no wider
    # than 200pt a node (a rank of short boxes, not a few huge ones)
    svg = open(sys.argv[4]).read()
    limit = float(sys.argv[3])
    m = re.search(r'<svg width="([\d.]+)pt" height="([\d.]+)pt"', svg)
    widest = 0.0
    for g in re.findall(r'<g id="node\d+" class="node">.*?</g>', svg, re.S):
        pts = re.search(r'<polygon[^>]*points="([^"]+)"', g)
        if pts:
            xs = [float(p.split(",")[0]) for p in pts.group(1).split()]
            widest = max(widest, max(xs) - min(xs))
    nn = len(re.findall(r'class="node"', svg))
    if not m or widest > limit or float(m.group(1)) > 200 * max(1, nn):
        errs.append("rendered size %s, widest node %.0fpt, %d nodes (nodes at most %gpt)" %
                    (m.group(0) if m else "?", widest, nn, limit))
for e in errs[:20]:
    print(e)
sys.exit(1 if errs else 0)
EOF
dot_arcs=0

cat > "$W/cg_check.py" << 'EOF'
# cg_check.py ANNOTATE_SELF ANNOTATE_INCL GNU_FLAT GNU_GRAPH MININC:
# callgrind_annotate's reading of the callgrind export against GNU gprof.
# Costs are in nanoseconds ("ns") when the profile has a sampling rate,
# else in samples.  Each self cost is GNU's share of the time to 0.01%
# (the "% time" column, printed to two decimals: GNU's fractional shares
# of split bins are kept) and its self time within one sample; each inclusive cost (--inclusive=yes)
# is never below the self cost and equals GNU's self + children of the
# function's call-graph entry (a cycle member's own line) within one
# sample.
import re, sys
# Functions sharing a name and a file are told apart by tgprof with an
# address suffix " (0x...)"; costs are summed per name on both sides.
def costs(path):
    out, total, event = {}, None, None
    for line in open(path):
        e = re.match(r"^Events shown:\s+(\S+)", line)
        if e:
            event = e.group(1)
        m = re.match(r"^\s*([\d,]+)(?: \(\s*[\d.]+%\))?\s+(.*?)(?: \[[^\]]*\])?\s*$", line)
        if not m:
            continue
        v = int(m.group(1).replace(",", ""))
        if "PROGRAM TOTALS" in line:
            total = v
            continue
        if ":" not in m.group(2):
            continue
        fn = m.group(2).split(":", 1)[1]
        fn = re.sub(r" \(0x[0-9a-f]+\)$", "", fn)
        out[fn] = out.get(fn, 0) + v
    return out, total, event
(self_c, total, event), (incl_c, _, _) = costs(sys.argv[1]), costs(sys.argv[2])
flat = open(sys.argv[3]).read()
errs = []
m = re.search(r"Each sample counts as ([0-9.e+-]+) seconds", flat)
if not m:
    print("no flat profile")
    sys.exit(1)
period = float(m.group(1))
tick = period * 1e9 if event == "ns" else 1.0   # cost units per sample
if event not in ("ns", "ticks"):
    errs.append("unexpected event %r" % event)
row = re.compile(r"^\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(?:(\d+)\s+([\d.]+)\s+([\d.]+)\s+)?(\S.*)$")
gnu, pct, nrows, cum = {}, {}, {}, 0.0
for line in flat.splitlines():
    r = row.match(line)
    if r:
        name = r.group(7).strip()
        gnu[name] = gnu.get(name, 0) + float(r.group(3)) / period
        pct[name] = pct.get(name, 0) + float(r.group(1))
        nrows[name] = nrows.get(name, 0) + 1
        cum = float(r.group(2))
# The summary is GNU's total (the "% time" denominator: checked through
# every share below); the self costs add up to GNU's last cumulative
# seconds (the sum of the self times, printed to a sample).
if total is None:
    errs.append("no summary")
total = total or 0
if abs(sum(self_c.values()) - cum / period * tick) > tick:
    errs.append("self costs sum to %d, GNU's cumulative time is %g s" % (sum(self_c.values()), cum))
n = 0
for name, ticks in gnu.items():
    if ticks == 0:
        continue
    n += 1
    got = self_c.get(name, 0)
    if abs(got - ticks * tick) > tick:
        errs.append("%s: self %s vs GNU %.2f samples" % (name, got, ticks))
    # GNU prints each row's share rounded to 0.01 (rows of one name are
    # summed, each adding its rounding)
    if total and abs(100.0 * got / total - pct[name]) > 0.0051 * nrows[name]:
        errs.append("%s: %.4f%% of the time vs GNU %.2f%%" % (name, 100.0 * got / total, pct[name]))
if n == 0 and (not self_c or any(self_c.values())):
    errs.append("no function with time compared")
for name, v in self_c.items():
    if incl_c.get(name, 0) < v:
        errs.append("%s: inclusive %s below self %d" % (name, incl_c.get(name), v))
text = open(sys.argv[4]).read()
prim = re.findall(r"^\[\d+\].*? ([^ ]+)(?: <cycle \d+>)? \[\d+\]$", text, re.M)
dups = {x for x in prim if prim.count(x) > 1}
ninc = 0
for line in text.splitlines():
    m = re.match(r"^\[\d+\]\s+[\d.]+\s+([\d.]+)\s+([\d.]+)\s+(?:[\d+]+\s+)?(.*?)(?: <cycle \d+>)? \[\d+\]$", line)
    if not m or "<cycle" in m.group(3) or m.group(3) in dups:
        continue
    name, tot = m.group(3), (float(m.group(1)) + float(m.group(2))) / period
    got = incl_c.get(name, 0)
    ninc += 1
    if abs(got - tot * tick) > tick:
        errs.append("%s: inclusive %s vs GNU %.2f samples" % (name, got, tot))
if len(sys.argv) > 5 and ninc < int(sys.argv[5]):
    errs.append("only %d inclusive costs compared" % ninc)
for e in errs[:20]:
    print(e)
sys.exit(1 if errs else 0)
EOF

# drive DIR EXE STARTOPTS COMMANDS: run the driver in DIR; the commands
# come one per line in COMMANDS.
drive() {
	(cd "$1" && printf '%s\n' "$4" | timeout 60 "$DRV" drive $3 "$2" gmon.out)
}

# text_case NAME DIR EXE GNUOPTS STARTOPTS COMMANDS
text_case() {
	name=$1 dir=$2 exe=$3 gopts=$4 sopts=$5 cmds=$6
	out=$W/$name
	# A command may fail (a -k spec that matches nothing in this build
	# is no error for GNU either); the export itself must succeed.
	drive "$dir" "$exe" "$sopts" "$cmds
export! $out.tg text" > "$out.log" 2>&1
	if [ "$(tail -n 1 "$out.log" | cut -c1-9)" != "ok: wrote" ]; then
		tg_fail "text: $name (driver)" "$(cat "$out.log")"
		return
	fi
	(cd "$dir" && $GPROF -b $gopts "$exe" gmon.out) > "$out.gnu" 2> "$out.gnu.err"
	if cmp -s "$out.gnu" "$out.tg"; then
		tg_pass "text: $name = gprof -b $gopts"
	else
		tg_fail "text: $name = gprof -b $gopts" "$(diff "$out.gnu" "$out.tg" | head -20)"
	fi
}

# formats_case NAME DIR EXE GNUOPTS COMMANDS EDITLABELS...: json, dot and
# callgrind exports after COMMANDS, checked against GNU with GNUOPTS.
# MININC (default 0): at least that many inclusive costs must be compared.
formats_case() {
	name=$1 dir=$2 exe=$3 gopts=$4 cmds=$5
	shift 5
	out=$W/$name
	if ! drive "$dir" "$exe" "" "$cmds
export! $out.json json
export! $out.dot dot
export! $out.cg callgrind" > "$out.flog" 2>&1; then
		tg_fail "formats: $name (driver)" "$(cat "$out.flog")"
		return
	fi
	(cd "$dir" && $GPROF -b -p $gopts "$exe" gmon.out) > "$out.flat" 2>/dev/null
	(cd "$dir" && $GPROF -b -q $gopts "$exe" gmon.out) > "$out.graph" 2>/dev/null
	if r=$(python3 "$W/json_check.py" "$out.json" "$out.flat" "$out.graph" "$@" 2>&1); then
		tg_pass "json: $name"
	else
		tg_fail "json: $name" "$r"
	fi
	if r=$(json_valid "$out.json" 2>&1); then
		tg_pass "json: $name: valid against doc/tgprof.schema.json"
	else
		tg_fail "json: $name: valid against doc/tgprof.schema.json" "$r"
	fi
	if r=$(dot -Tsvg -o "$out.svg" "$out.dot" 2>&1) && grep -q '<svg' "$out.svg"; then
		tg_pass "dot: $name (dot -Tsvg)"
	else
		tg_fail "dot: $name (dot -Tsvg)" "$r"
	fi
	if r=$(python3 "$W/dot_check.py" "$out.dot" "$out.graph" ${MAXW:+"$MAXW" "$out.svg"} 2>&1); then
		dot_arcs=$((dot_arcs + ${r#checked }))
		tg_pass "dot: $name: arcs over the threshold, cycles as clusters${MAXW:+, nodes at most ${MAXW}pt wide}"
	else
		tg_fail "dot: $name: arcs over the threshold, cycles as clusters${MAXW:+, nodes at most ${MAXW}pt wide}" "$r"
	fi
	# From /: callgrind_annotate shortens file names under its working
	# directory for fl= but not for cfl=, which would split functions.
	(cd / && callgrind_annotate --auto=no --threshold=100 "$out.cg") > "$out.cga" 2>&1
	(cd / && callgrind_annotate --auto=no --threshold=100 --inclusive=yes "$out.cg") > "$out.cgi" 2>&1
	if r=$(python3 "$W/cg_check.py" "$out.cga" "$out.cgi" "$out.flat" "$out.graph" "${MININC:-0}" 2>&1); then
		tg_pass "callgrind: $name (callgrind_annotate)"
	else
		tg_fail "callgrind: $name (callgrind_annotate)" "$r" "$(head -40 "$out.cga")"
	fi
}

# ---- a small program with two cycles, a self-recursive function ----
P=$W/prog
mkdir -p "$P"
cat > "$P/prog.c" << 'EOF'
#include <stdio.h>
#define NOINLINE __attribute__((noinline))
volatile unsigned long sink;
#define burn(n) do { for (unsigned long i_ = 0; i_ < (n); i_++) sink += i_; } while (0)
NOINLINE void leaf(int k) { burn(20000UL * k); }
NOINLINE void pong(int d);
NOINLINE void ping(int d) { burn(30000); leaf(1); if (d > 0) pong(d - 1); }
NOINLINE void pong(int d) { burn(50000); if (d > 0) ping(d - 1); if (d % 3 == 0) leaf(2); }
NOINLINE void ring_b(int d);
NOINLINE void ring_c(int d);
NOINLINE void ring_a(int d) { burn(20000); if (d > 0) ring_b(d - 1); }
NOINLINE void ring_b(int d) { burn(40000); if (d > 0) ring_c(d - 1); }
NOINLINE void ring_c(int d)
{
	burn(10000);
	leaf(1);
	if (d > 0) {
		if (d % 4 == 0)
			ring_a(d - 1);
		else
			ring_b(d - 1);
	}
}
NOINLINE void selfrec(int d) { burn(10000); if (d > 0) selfrec(d - 1); }
NOINLINE void driver(int i) { ping(10); ring_a(12); selfrec(5); if (i % 5 == 0) leaf(3); }
int main(void)
{
	for (int i = 0; i < 1000; i++)
		driver(i);
	printf("%d\n", sink > 0);
	return 0;
}
EOF
if ! (cd "$P" && $CC -g -O0 -pg -o prog prog.c && ./prog > /dev/null) > "$W/prog.log" 2>&1 ||
   [ ! -s "$P/gmon.out" ]; then
	tg_fail "setup: build and run the -pg program" "$(cat "$W/prog.log")"
	tg_finish
	exit 1
fi
ncyc=$($GPROF -b -q "$P/prog" "$P/gmon.out" 2>/dev/null | grep -c '^\[.*as a whole')
if [ "$ncyc" -eq 2 ]; then
	tg_pass "setup: the program has 2 cycles"
else
	tg_fail "setup: the program has 2 cycles" "gprof shows $ncyc"
fi

text_case plain "$P" prog "" "" ""

# gprof shares a histogram bin that covers the end of one function and
# the start of the next between the two, in proportion to the bytes of
# each it covers, so self times are fractions of a sample.  The profile
# rebinned by 10 (bins ten times as wide, most of them straddling two of
# the program's small functions) has such shares; the callgrind export
# must keep them (cg_check: GNU's % time to 0.01%).
cat > "$W/rebin.py" << 'EOF'
# rebin.py IN OUT K: a GNU gmon file with every K histogram bins summed
# into one (arcs and other records copied).
import struct, sys
data = open(sys.argv[1], "rb").read()
k = int(sys.argv[3])
out = bytearray(data[:20])
i = 20
while i < len(data):
    tag = data[i]
    if tag == 0:
        lo, hi, n, rate = struct.unpack_from("<QQii", data, i + 1)
        dim = data[i + 25:i + 41]
        counts = struct.unpack_from("<%dH" % n, data, i + 41)
        m = (n + k - 1) // k
        new = [min(65535, sum(counts[j * k:(j + 1) * k])) for j in range(m)]
        # the same bytes per bin, K times over (bins need not be whole bytes)
        top = lo + (m * k * (hi - lo) + n // 2) // n
        out += bytes([0]) + struct.pack("<QQii", lo, top, m, rate) + dim
        out += struct.pack("<%dH" % m, *new)
        i += 41 + 2 * n
    elif tag == 1:
        out += data[i:i + 21]
        i += 21
    elif tag == 2:
        n = struct.unpack_from("<i", data, i + 1)[0]
        out += data[i:i + 5 + 16 * n]
        i += 5 + 16 * n
    else:
        sys.exit("bad tag %d at %d" % (tag, i))
open(sys.argv[2], "wb").write(bytes(out))
EOF
R=$W/rebinned
mkdir -p "$R" && cp "$P/prog" "$R/prog" &&
	python3 "$W/rebin.py" "$P/gmon.out" "$R/gmon.out" 10 > "$W/rebin.log" 2>&1
# the rebinned profile does split bins: some function's share of the
# samples (% time of the total) is not a whole number of samples
if $GPROF -b -p "$R/prog" "$R/gmon.out" 2> /dev/null | awk '
	/^Each sample counts as/ { period = $5 }
	/^ *[0-9.]+ +[0-9.]+ +[0-9.]+ / { pct[++n] = $1; total = $2 }
	END { for (i = 1; i <= n; i++) { x = pct[i] / 100 * total / period
		if (x - int(x + 0.5) > 0.1 || int(x + 0.5) - x > 0.1) f = 1 }
	      exit !f }'; then
	tg_pass "setup: the rebinned profile has fractional self times"
else
	tg_fail "setup: the rebinned profile has fractional self times" "$(cat "$W/rebin.log")"
fi
text_case k-cycle "$P" prog "-k ping/pong" "" "k ping/pong"
text_case k-two "$P" prog "-k ring_c/ring_a -k ring_b/ring_c" "" "k ring_c/ring_a
k ring_b/ring_c"
text_case k-undo "$P" prog "" "" "k ping/pong
undo"
text_case k-redo "$P" prog "-k ping/pong" "" "k ping/pong
undo
redo"
text_case k-restore "$P" prog "-k ring_b/ring_c" "" "k ping/pong
k ring_b/ring_c
restore ping/pong"
text_case k-any-caller "$P" prog "-k /leaf" "" "k /leaf"
text_case k-self "$P" prog "-k selfrec/selfrec" "" "k selfrec/selfrec"
text_case k-file "$P" prog "-k prog.c:ring_c/ring_b" "" "k prog.c:ring_c/ring_b"
text_case hide "$P" prog "-e pong" "" "hide pong"
text_case exclude-time "$P" prog "-E ring_b" "" "exclude-time ring_b"
text_case focus "$P" prog "-f ping" "" "focus ping"
text_case focus-time "$P" prog "-F ring_a" "" "focus-time ring_a"
text_case unhide "$P" prog "" "" "hide pong
unhide pong"
text_case start-k-restored "$P" prog "" "-k ping/pong" "restore ping/pong"
text_case start-k-more "$P" prog "-k ping/pong -k selfrec/selfrec" "-k ping/pong" "k selfrec/selfrec"
text_case start-e-k "$P" prog "-e leaf -k ring_c/ring_a" "-e leaf" "k ring_c/ring_a"

MININC=2
formats_case plain "$P" prog "" ""
formats_case rebinned "$R" prog "" ""
formats_case k-cycle "$P" prog "-k ping/pong -k ring_c/ring_a" "k ping/pong
k ring_c/ring_a" "k ping/pong" "k ring_c/ring_a"
MININC=0

# ---- the command line: --format/--output, the same code path as :export ----
# cli_case NAME OPTS: `tgprof OPTS --format=F --output=FILE` for every
# format must equal the driver's `export! FILE F` started with OPTS (text:
# the driver's export is -b's report, so the command line gets -b).
cli_case() {
	name=$1 opts=$2
	out=$W/cli-$name
	drive "$P" prog "$opts" "export! $out.d.text text
export! $out.d.json json
export! $out.d.dot dot
export! $out.d.callgrind callgrind" > "$out.log" 2>&1
	for f in text json dot callgrind; do
		b=
		[ $f = text ] && b=-b
		(cd "$P" && "$TGPROF" $b $opts --format=$f --output="$out.c.$f" prog gmon.out) \
			> "$out.c.$f.stdout" 2>&1
		if [ -s "$out.c.$f.stdout" ]; then
			tg_fail "--format=$f $opts: nothing on stdout" "$(head -5 "$out.c.$f.stdout")"
		elif cmp -s "$out.d.$f" "$out.c.$f"; then
			tg_pass "--format=$f --output $opts = :export"
		else
			tg_fail "--format=$f --output $opts = :export" \
				"$(diff "$out.d.$f" "$out.c.$f" | head -10)"
		fi
	done
	# and each opens in the tool that reads it
	if dot -Tsvg -o "$out.c.svg" "$out.c.dot" > "$out.dot.log" 2>&1 &&
	   (cd / && callgrind_annotate --auto=no --inclusive=yes "$out.c.callgrind") > "$out.cga.log" 2>&1 &&
	   grep -q "PROGRAM TOTALS" "$out.cga.log" && json_valid "$out.c.json" > "$out.json.log" 2>&1; then
		tg_pass "--format $opts: dot -Tsvg, callgrind_annotate, the JSON schema accept the files"
	else
		tg_fail "--format $opts: dot -Tsvg, callgrind_annotate, the JSON schema accept the files" \
			"$(cat "$out.dot.log" "$out.json.log" 2>/dev/null | head -5)" "$(head -5 "$out.cga.log")"
	fi
	# standard output by default
	(cd "$P" && "$TGPROF" $opts --format=json prog gmon.out) > "$out.stdout.json" 2>&1
	if cmp -s "$out.d.json" "$out.stdout.json"; then
		tg_pass "--format=json $opts on standard output"
	else
		tg_fail "--format=json $opts on standard output" "$(head -5 "$out.stdout.json")"
	fi
}
cli_case plain ""
# the schema is not a rubber stamp: a JSON without format_version, or with
# a string count, is refused
python3 - "$W/cli-plain.d.json" "$W/bad1.json" "$W/bad2.json" << 'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
d.pop("format_version")
json.dump(d, open(sys.argv[2], "w"))
d = json.load(open(sys.argv[1]))
d["arcs"][0]["count"] = "12"
json.dump(d, open(sys.argv[3], "w"))
EOF
if json_valid "$W/cli-plain.d.json" > "$W/v.log" 2>&1 &&
   ! json_valid "$W/bad1.json" > /dev/null 2>&1 && ! json_valid "$W/bad2.json" > /dev/null 2>&1; then
	tg_pass "json schema: the export is valid, broken copies are not"
else
	tg_fail "json schema: the export is valid, broken copies are not" "$(cat "$W/v.log")"
fi
cli_case k "-k ping/pong -k selfrec/selfrec"
cli_case e "-e leaf -F ring_a"
# --break-cycles=1: its listing names the arcs; it is a step of the
# session (the exports' original is the profile as read), so the driver
# deleting each arc in one group of that label must export the same, and
# the text keeps the listing first.  New roots allowed: the arcs then come
# from distinct callers, which k FROM/TO names (keeping every function
# called takes two arcs of ring_c).
bc="--break-cycles=1 --cycle-allow-roots"
(cd "$P" && "$TGPROF" -b $bc prog gmon.out) > "$W/bc.text" 2>&1
ks=$(sed -n 's/^\t\([^ ]*\) to \([^ ]*\) with .*/k \1\/\2/p' "$W/bc.text")
if [ -z "$ks" ]; then
	tg_fail "--break-cycles listing names arcs" "$(head -5 "$W/bc.text")"
else
	drive "$P" prog "" "begin break-cycles 1 roots
$ks
end
export! $W/bc.d.json json
export! $W/bc.d.callgrind callgrind" > "$W/bc.log" 2>&1
	for f in json callgrind; do
		(cd "$P" && "$TGPROF" $bc --format=$f --output="$W/bc.c.$f" prog gmon.out) \
			> "$W/bc.c.log" 2>&1
		if cmp -s "$W/bc.d.$f" "$W/bc.c.$f"; then
			tg_pass "--break-cycles=1 --format=$f = :export after its arcs deleted in one step"
		else
			tg_fail "--break-cycles=1 --format=$f = :export after its arcs deleted in one step" \
				"$(cat "$W/bc.c.log"; diff "$W/bc.d.$f" "$W/bc.c.$f" | head -10)"
		fi
	done
	(cd "$P" && "$TGPROF" -b $bc --format=text --output="$W/bc.c.text" prog gmon.out)
	if cmp -s "$W/bc.text" "$W/bc.c.text"; then
		tg_pass "--break-cycles=1 --format=text --output = the report on stdout"
	else
		tg_fail "--break-cycles=1 --format=text --output = the report on stdout" \
			"$(diff "$W/bc.text" "$W/bc.c.text" | head)"
	fi
fi
# --output: replaces atomically, writes through /dev/stdout, fails cleanly
echo old > "$W/cli-old.txt"
(cd "$P" && "$TGPROF" -b --output="$W/cli-old.txt" prog gmon.out)
(cd "$P" && "$TGPROF" -b prog gmon.out) > "$W/cli-new.want"
if cmp -s "$W/cli-old.txt" "$W/cli-new.want"; then
	tg_pass "--output replaces an existing file with the report"
else
	tg_fail "--output replaces an existing file with the report" "$(head -3 "$W/cli-old.txt")"
fi
if (cd "$P" && "$TGPROF" -b --output=- prog gmon.out) | cmp -s - "$W/cli-new.want" &&
   [ ! -e "$P/-" ]; then
	tg_pass "--output=- is standard output"
else
	tg_fail "--output=- is standard output"
fi
if (cd "$P" && "$TGPROF" -b --output=/dev/stdout prog gmon.out) | cmp -s - "$W/cli-new.want"; then
	tg_pass "--output=/dev/stdout on a pipe is written in place"
else
	tg_fail "--output=/dev/stdout on a pipe is written in place"
fi
(cd "$P" && "$TGPROF" --format=dot --output="$W/no/such/dir/x.dot" prog gmon.out) > "$W/cli-bad.log" 2>&1
st=$?
if [ $st -eq 1 ] && grep -q "no/such/dir/x.dot" "$W/cli-bad.log"; then
	tg_pass "--output into a missing directory: status 1 naming the file"
else
	tg_fail "--output into a missing directory: status 1 naming the file" "status $st: $(cat "$W/cli-bad.log")"
fi
(cd "$P" && "$TGPROF" --format=png prog gmon.out) > "$W/cli-fmt.log" 2>&1
st=$?
if [ $st -eq 1 ] && grep -q "unknown format" "$W/cli-fmt.log"; then
	tg_pass "--format=png (unknown) is refused with status 1"
else
	tg_fail "--format=png (unknown) is refused with status 1" "status $st: $(cat "$W/cli-fmt.log")"
fi

# What-if: no GNU equivalent; the flat line and total follow the edit.
if drive "$P" prog "" "self leaf 1.5
export! $W/whatif.tg text" > "$W/whatif.log" 2>&1 &&
   grep -Eq '^ +[0-9.]+ +[0-9.]+ +1\.50 +[0-9]+ .* leaf$' "$W/whatif.tg"; then
	tg_pass "what-if: self leaf 1.5 shows in the flat profile"
else
	tg_fail "what-if: self leaf 1.5 shows in the flat profile" "$(cat "$W/whatif.log")"
fi
if drive "$P" prog "" "scale leaf 0
export! $W/whatif0.tg text" > "$W/whatif0.log" 2>&1 &&
   (cd "$P" && $GPROF -b -p prog gmon.out) > "$W/whatif0.gnu" &&
   python3 - "$W/whatif0.gnu" "$W/whatif0.tg" << 'EOF'
import re, sys
def flat(p):
    t = open(p).read().split("\f")[0]
    rows = {}
    for l in t.splitlines():
        m = re.match(r"^\s*[\d.]+\s+[\d.]+\s+([\d.]+)\s.*?(\S+)$", l)
        if m:
            rows[m.group(2)] = float(m.group(1))
    return rows
g, t = flat(sys.argv[1]), flat(sys.argv[2])
# leaf's time is gone from the total: the last cumulative column shrinks
want = round(sum(g.values()) - g["leaf"], 2)
got = round(sum(t.values()), 2)
sys.exit(0 if t.get("leaf", 0) == 0 and abs(want - got) < 0.005 else 1)
EOF
then
	tg_pass "what-if: scale leaf 0 removes its time from the total"
else
	tg_fail "what-if: scale leaf 0 removes its time from the total" "$(cat "$W/whatif0.log")"
fi

# Arc specs (edit_arc_spec) for an arc deleted by index: a name with a
# dot needs ":" before it; static run -> helper exists in two files, so
# its spec needs the files; gprof -k with the printed spec must give the
# exported text.
Q=$W/specs
mkdir -p "$Q"
cat > "$Q/a.c" << 'EOF'
#define NI __attribute__((noinline))
extern volatile unsigned long sink;
#define burn(n) do { for (unsigned long i_ = 0; i_ < (n); i_++) sink += i_; } while (0)
static NI void helper(int k) { burn(30000UL * k); }
static NI void run(int k) { burn(10000UL * k); helper(k); }
NI void fa(int k) { run(k); }
EOF
cat > "$Q/b.c" << 'EOF'
#define NI __attribute__((noinline))
extern volatile unsigned long sink;
#define burn(n) do { for (unsigned long i_ = 0; i_ < (n); i_++) sink += i_; } while (0)
static NI void helper(int k) { burn(20000UL * k); }
static NI void run(int k) { burn(10000UL * k); helper(k); helper(k); }
NI void fb(int k) { run(k); }
EOF
cat > "$Q/main.c" << 'EOF'
#define NI __attribute__((noinline))
volatile unsigned long sink;
#define burn(n) do { for (unsigned long i_ = 0; i_ < (n); i_++) sink += i_; } while (0)
void fa(int k);
void fb(int k);
NI void wp(int k) __asm__("work.part");
NI void wp(int k) { burn(40000UL * k); }
NI void other(int k) { burn(20000UL * k); wp(1); }
int main(void)
{
	for (int i = 0; i < 1500; i++) {
		wp(1);
		other(1);
		fa(1);
		fb(1);
	}
	return 0;
}
EOF
if ! (cd "$Q" && $CC -g -O0 -pg -o prog main.c a.c b.c && ./prog) > "$W/specs.log" 2>&1; then
	tg_fail "setup: build and run the spec program" "$(cat "$W/specs.log")"
else
	for pair in "main work.part" "other work.part" "run helper" "fb run"; do
		drive "$Q" prog "" "karc $pair
export! $W/spec.tg text" > "$W/spec.log" 2>&1
		spec=$(sed -n 's/^ok: spec: \([^ ]*\) unique: 1$/\1/p' "$W/spec.log")
		if [ -z "$spec" ]; then
			tg_fail "arc spec: $pair" "$(cat "$W/spec.log")"
			continue
		fi
		(cd "$Q" && $GPROF -b -k "$spec" prog gmon.out) > "$W/spec.gnu" 2>&1
		if cmp -s "$W/spec.gnu" "$W/spec.tg"; then
			tg_pass "arc spec: $pair -> $spec = gprof -k"
		else
			tg_fail "arc spec: $pair -> $spec = gprof -k" \
				"$(diff "$W/spec.gnu" "$W/spec.tg" | head -20)"
		fi
	done
fi

# An existing file needs export!.
echo keep > "$W/exists.txt"
if drive "$P" prog "" "export $W/exists.txt text" > "$W/exists.log" 2>&1; then
	tg_fail "export over an existing file is refused" "$(cat "$W/exists.log")"
elif grep -q 'exists' "$W/exists.log" && [ "$(cat "$W/exists.txt")" = keep ]; then
	tg_pass "export over an existing file is refused"
else
	tg_fail "export over an existing file is refused" "$(cat "$W/exists.log")"
fi

# Bad commands are errors, not crashes.
if drive "$P" prog "" "k nosuch/none" > "$W/bad.log" 2>&1; then
	tg_fail "k matching nothing is an error" "$(cat "$W/bad.log")"
elif grep -q "error: no arc matches" "$W/bad.log"; then
	tg_pass "k matching nothing is an error"
else
	tg_fail "k matching nothing is an error" "$(cat "$W/bad.log")"
fi

# ---- corpus cases ----
tg_build_corpus
# (tg_fail uses $d: the case directory is $cd_)
for cd_ in $(TG_CASE=${TG_CASE:-*-o2} tg_cases) $( [ -z "$TG_CASE" ] && TG_CASE='cxx-*' tg_cases); do
	n=$(basename "$cd_")
	ARC= CYCARC= FOCUS=
	. "$cd_/case.env"
	[ "$ARC" = - ] && ARC=
	[ "$CYCARC" = - ] && CYCARC=
	text_case "$n-plain" "$cd_" exe "" "" ""
	[ -n "$CYCARC" ] && text_case "$n-k-cycarc" "$cd_" exe "-k $CYCARC" "" "k $CYCARC"
	if [ -n "$ARC" ] && [ -n "$CYCARC" ]; then
		text_case "$n-k-restore" "$cd_" exe "-k $CYCARC" "" "k $ARC
k $CYCARC
restore $ARC"
	elif [ -n "$ARC" ]; then
		text_case "$n-k-arc" "$cd_" exe "-k $ARC" "" "k $ARC"
	fi
	[ -n "$FOCUS" ] && text_case "$n-hide" "$cd_" exe "-e $FOCUS" "" "hide $FOCUS"
	[ -n "$FOCUS" ] && text_case "$n-focus-time" "$cd_" exe "-F $FOCUS" "" "focus-time $FOCUS"
	# a C++ program's graph must render at a readable size (names shortened)
	case $n in cxx-*) MAXW=450 ;; *) MAXW= ;; esac
	if [ -n "$CYCARC" ] && grep -q "^ok: deleted" "$W/$n-k-cycarc.log"; then
		formats_case "$n" "$cd_" exe "-k $CYCARC" "k $CYCARC" "k $CYCARC"
	else
		formats_case "$n" "$cd_" exe "" ""
	fi
done

# The dot checks above compared some arcs, not none.
if [ "$dot_arcs" -gt 0 ]; then
	tg_pass "dot: $dot_arcs arcs over the threshold checked in all"
else
	tg_fail "dot: no arc over the threshold checked in any case"
fi

if [ "$tg_nfail" -eq 0 ]; then
	rm -rf "$W"
fi
tg_finish
