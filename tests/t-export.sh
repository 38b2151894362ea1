#!/bin/sh
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
#   callgrind  callgrind_annotate prints every function with GNU's self
#              time in ticks, and inclusive costs match GNU's totals.
# A small -pg program with two cycles is compiled here; corpus cases
# (tests/corpus, TG_CASE to choose, default '*-o2' and 'cxx-*') follow.
. "$(dirname "$0")/lib.sh"

: "${B:=build}"
DRV=$TG_BUILD/$B/tests/unit/test_export
tg_need "$GPROF" "$CC" python3 "$DRV" dot callgrind_annotate

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

cat > "$W/cg_check.py" << 'EOF'
# cg_check.py ANNOTATE_SELF ANNOTATE_INCL GNU_FLAT GNU_GRAPH: callgrind
# costs (ticks) against GNU gprof's self seconds and call-graph totals.
import re, sys
# Functions sharing a name and a file are told apart by tgprof with an
# address suffix " (0x...)"; costs are summed per name on both sides.
def costs(path):
    out = {}
    for line in open(path):
        m = re.match(r"^\s*([\d,]+)(?: \(\s*[\d.]+%\))?\s+(.*?)(?: \[[^\]]*\])?\s*$", line)
        if not m or "PROGRAM TOTALS" in line or ":" not in m.group(2):
            continue
        fn = m.group(2).split(":", 1)[1]
        fn = re.sub(r" \(0x[0-9a-f]+\)$", "", fn)
        out[fn] = out.get(fn, 0) + int(m.group(1).replace(",", ""))
    return out
self_c, incl_c = costs(sys.argv[1]), costs(sys.argv[2])
flat = open(sys.argv[3]).read()
period = float(re.search(r"Each sample counts as ([0-9.e+-]+) seconds", flat).group(1))
row = re.compile(r"^\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(?:(\d+)\s+([\d.]+)\s+([\d.]+)\s+)?(\S.*)$")
errs, gnu = [], {}
for line in flat.splitlines():
    r = row.match(line)
    if r:
        name = r.group(7).strip()
        gnu[name] = gnu.get(name, 0) + round(float(r.group(3)) / period)
n = 0
for name, ticks in gnu.items():
    if ticks == 0:
        continue
    n += 1
    if self_c.get(name) != ticks:
        errs.append("%s: self %s vs GNU %d ticks" % (name, self_c.get(name), ticks))
if n == 0 and (not self_c or any(self_c.values())):
    errs.append("no function with time compared")
# callgrind_annotate --inclusive=yes gives a function the cost of the
# calls into it; for a function outside cycles with callers that is GNU's
# self + children, up to the rounding of each call (half a tick a caller).
text = open(sys.argv[4]).read()
prim = re.findall(r"^\[\d+\].*? ([^ ]+) \[\d+\]$", text, re.M)
dups = {x for x in prim if prim.count(x) > 1}
ninc = 0
for block in text.split("-----------------------------------------------"):
    bl = [l for l in block.strip("\n").splitlines() if l.strip()]
    for i, line in enumerate(bl):
        m = re.match(r"^\[\d+\]\s+[\d.]+\s+([\d.]+)\s+([\d.]+)\s+(?:[\d+]+\s+)?(.*?) \[\d+\]$", line)
        if not m or "<cycle" in m.group(3) or m.group(3) in dups:
            continue
        parents = [l for l in bl[:i] if "<spontaneous>" not in l]
        if not parents or len(parents) < i or any("<cycle" in l for l in parents):
            continue
        name, tot = m.group(3), round((float(m.group(1)) + float(m.group(2))) / period)
        got = incl_c.get(name)
        ninc += 1
        if got is None or abs(got - tot) > 1 + len(parents) / 2:
            errs.append("%s: inclusive %s vs GNU %d ticks" % (name, got, tot))
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
	if r=$(dot -Tsvg -o "$out.svg" "$out.dot" 2>&1) && grep -q '<svg' "$out.svg"; then
		tg_pass "dot: $name (dot -Tsvg)"
	else
		tg_fail "dot: $name (dot -Tsvg)" "$r"
	fi
	# From /: callgrind_annotate shortens file names under its working
	# directory for fl= but not for cfl=, which would split functions.
	(cd / && callgrind_annotate --threshold=100 "$out.cg") > "$out.cga" 2>&1
	(cd / && callgrind_annotate --threshold=100 --inclusive=yes "$out.cg") > "$out.cgi" 2>&1
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
formats_case k-cycle "$P" prog "-k ping/pong -k ring_c/ring_a" "k ping/pong
k ring_c/ring_a" "k ping/pong" "k ring_c/ring_a"
MININC=0

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
	if [ -n "$CYCARC" ] && grep -q "^ok: deleted" "$W/$n-k-cycarc.log"; then
		formats_case "$n" "$cd_" exe "-k $CYCARC" "k $CYCARC" "k $CYCARC"
	else
		formats_case "$n" "$cd_" exe "" ""
	fi
done

if [ "$tg_nfail" -eq 0 ]; then
	rm -rf "$W"
fi
tg_finish
