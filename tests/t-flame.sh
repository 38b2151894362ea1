#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The flame-graph exports (--format=folded, --format=svg) against the call
# graph and against the programs that read them.
#
# On every corpus program (TG_CASE to choose; default the -o2 and -o0g
# builds, so C++, cycles and recursion are in):
#   folded, no threshold  every function's self time over its stacks is
#             its self time in tgprof's JSON (to the microsecond) and in GNU
#             gprof's flat profile (to its 0.01 s); every function's and
#             cycle's stacks add up to its call-graph line (self + children)
#             in JSON and in GNU's call graph; the stacks add up to the
#             graph's total; no stack meets a function twice; a cycle's
#             members come right after "<cycle N as a whole>";
#   folded, 0.1%          the same grand total to the unit; no frame but
#             "[below threshold]" below the threshold;
#   svg                   well-formed XML whose frames nest as the folded
#             stacks do, each title naming its path's function with the
#             folded file's time and share; rsvg-convert renders it.
# On three programs, the real readers: headless Chromium renders the SVG
# and runs its script (a click zooms, a search marks what it should), and
# speedscope (the npm package, installed in the scratch directory from the
# configured npm registry) imports the folded file: its sandwich view
# shows every function's total and self time as the call graph has them.
# Names holding ';', a newline, XML's special characters and a byte that
# is not UTF-8 stay one frame, escaped.
. "$(dirname "$0")/lib.sh"

tg_need "$GPROF" "$CC" python3 rsvg-convert chromium npm node objcopy
tg_build_corpus
SPEEDSCOPE_VERSION=1.25.0

W=$TG_OUT/t-flame.$$
rm -rf "$W"
mkdir -p "$W"

# names.py: the frame names tgprof gives the functions of a JSON export
# (a name several functions share gets the file's name, or the address)
# and each name's call-graph line: [self, total, functions, plain name].
cat > "$W/names.py" << 'EOF'
import os
def lines(d):
    by = {}
    for f in d["functions"]:
        by.setdefault(f["demangled"], []).append(f)
    base = lambda f: os.path.basename(f["file"]) if f["file"] else None
    line, name_of = {}, {}
    for n, fs in by.items():
        for f in fs:
            nm = n
            if len(fs) > 1:
                b = base(f)
                nm = "%s (%s)" % (n, b if b and sum(base(g) == b for g in fs) == 1 else f["address"])
            name_of[f["id"]] = nm
            line[nm] = [f["graph_self"], f["graph_self"] + f["children"], 1, n]
    for c in d["cycles"]:
        line["<cycle %d as a whole>" % c["number"]] = [0.0, c["self"] + c["children"], 1, None]
    return line, name_of
EOF

# check.py FOLDED0 EXACT FOLDED SVG JSON GNU_FLAT GNU_GRAPH: the checks
# above, one line per failure on stdout.  EXACT 0: FOLDED0 has a threshold
# (no exact sums per function).
cat > "$W/check.py" << 'EOF'
import json, re, sys, xml.etree.ElementTree as ET
sys.path.insert(0, sys.argv[0].rsplit("/", 1)[0])
import names
f0, exact, fd, svg, js, gflat, ggraph = sys.argv[1:8]
exact = exact == "1"
errs = []
def err(m):
    if len(errs) < 8:
        errs.append(m)

def read_folded(path):
    st = []
    for ln in open(path, encoding="utf-8", errors="surrogateescape"):
        m = re.match(r"^(.*) (\d+)$", ln.rstrip("\n"))
        if not m:
            err("%s: not a folded line: %r" % (path, ln[:80]))
            continue
        st.append((m.group(1).split(";"), int(m.group(2))))
    return st

d = json.load(open(js, encoding="utf-8"))
us = 1e6
line, name_of = names.lines(d)
cyc_members = {}
for c in d["cycles"]:
    for m in c["members"]:
        cyc_members[name_of[m]] = "<cycle %d as a whole>" % c["number"]

s0 = read_folded(f0)
total = sum(v for _, v in s0)
if abs(total - d["graph_time"] * us) > 1.01:
    err("folded total %d us, graph %.6f s" % (total, d["graph_time"]))
selfsum, totsum = {}, {}
for fr, v in s0:
    if v <= 0:
        err("a stack of no time")
    selfsum[fr[-1]] = selfsum.get(fr[-1], 0) + v
    if len(set(fr)) != len(fr):
        err("a stack meets a function twice: " + ";".join(fr))
    for i, n in enumerate(fr):
        totsum[n] = totsum.get(n, 0) + v
        if n in cyc_members and (i == 0 or fr[i - 1] != cyc_members[n]):
            err("member %s not under its cycle: %s" % (n, ";".join(fr)))
        if n.startswith("<cycle") and i + 1 == len(fr):
            err("a cycle frame with time of its own")
nlines = len(s0)
tops = set(fr[0] for fr, _ in s0)
for n, (gs, gt, k, plain) in line.items():
    ss, ts = selfsum.get(n, 0), totsum.get(n, 0)
    if exact or n in tops:
        if abs(ss - gs * us) >= 1 or abs(ts - gt * us) > nlines + 1:
            err("%s: over its stacks self %d us, total %d us; call graph %.6f s, %.6f s" %
                (n, ss, ts, gs, gt))
    elif ss >= gs * us + 1 or ts > gt * us + nlines + 1:
        err("%s: over its stacks self %d us, total %d us; above the call graph's %.6f s, %.6f s" %
            (n, ss, ts, gs, gt))
for n in set(selfsum) - set(line) - (set() if exact else {"[below threshold]"}):
    err("stack frame %r is no function" % n)

# GNU: flat profile self seconds and the call graph's primary lines, by
# plain names (GNU's reports tell static functions of one name apart only
# by their index)
plain = {}
for n, (gs, gt, k, p) in line.items():
    e = plain.setdefault(p, [0, 0, 0])
    e[0] += selfsum.get(n, 0) / us
    e[1] += totsum.get(n, 0) / us
    e[2] += 1
gself = {}
for ln in open(gflat):
    m = re.match(r"^\s*[\d.]+\s+[\d.]+\s+([\d.]+)\s+(?:\d+\s+[\d.]+\s+[\d.]+\s+)?(\S.*)$", ln)
    if m:
        gself[m.group(2)] = gself.get(m.group(2), 0) + float(m.group(1))
for n, v in gself.items():
    if exact and n in plain and abs(plain[n][0] - v) > 0.005 * plain[n][2] + 1e-6:
        err("%s: self over stacks %.6f s, GNU flat %.2f" % (n, plain[n][0], v))
ntot = 0
for ln in open(ggraph):
    m = re.match(r"^\[\d+\]\s+[\d.]+\s+([\d.]+)\s+([\d.]+)\s+[\d+]*\s*(\S.*?)( <cycle \d+>)? \[\d+\]$", ln)
    if not m:
        continue
    n = m.group(3)
    if not n.startswith("<cycle") and plain.get(n, [0, 0, 0])[2] != 1:
        continue
    if not exact and n not in tops:
        continue
    want = float(m.group(1)) + float(m.group(2))
    got = totsum.get(n, 0) / us
    if abs(got - want) > 0.011:
        err("%s: stacks %.6f s, GNU call graph %.2f" % (n, got, want))
    ntot += 1
if line and ntot == 0 and total > 0:
    err("no call-graph line compared")

# the default threshold
sd = read_folded(fd)
if sum(v for _, v in sd) != total:
    err("thresholded total %d, unthresholded %d" % (sum(v for _, v in sd), total))
pre = {}
for fr, v in sd:
    for i in range(len(fr)):
        k = tuple(fr[:i + 1])
        pre[k] = pre.get(k, 0) + v
for k, v in pre.items():
    if k[-1] != "[below threshold]" and v + len(sd) < 0.001 * total:
        err("frame %s below the threshold (%d of %d)" % (";".join(k), v, total))

# the SVG: frames nest as the folded stacks
ns = {"s": "http://www.w3.org/2000/svg"}
root = ET.parse(svg).getroot()
frames = []
for g in root.iter("{http://www.w3.org/2000/svg}g"):
    if g.get("class") != "f":
        continue
    t = g.find("s:title", ns).text
    txt = g.find("s:text", ns).text or ""
    name, stats = t.rsplit("\n", 1)
    a, w, dd = int(g.get("data-a")), int(g.get("data-w")), int(g.get("data-d"))
    frames.append((dd, a, w, name, stats, txt))
frames.sort()
if total == 0 and frames:
    err("svg: frames for a profile without time")
if total > 0 and (not frames or frames[0][3] != "all" or frames[0][2] != total):
    err("svg: no frame 'all' with the total")
path_at = {}
for dd, a, w, name, stats, txt in frames:
    if dd == 0:
        continue
    par = [p for p in path_at.items() if p[0][0] == dd - 1 and p[0][1] <= a and a + w <= p[0][1] + p[0][2]]
    if dd > 1 and len(par) != 1:
        err("svg: frame %s has %d parents" % (name, len(par)))
        continue
    path = (par[0][1] if dd > 1 else ()) + (name,)
    path_at[(dd, a, w)] = path
    if pre.get(path) != w:
        err("svg: %s is %d units, folded %s" % (";".join(path), w, pre.get(path)))
    m = re.match(r"^([\d.]+) s, ([\d.]+)%", stats)
    if not m or abs(float(m.group(1)) - w / us) > 0.0000005 or abs(float(m.group(2)) - 100.0 * w / total) > 0.005:
        err("svg: title of %s says %r for %d units" % (name, stats, w))
    if txt and not (txt == name or (txt.endswith("..") and name.startswith(txt[:-2]))):
        err("svg: text %r for %s" % (txt, name))
if len(path_at) != len(pre):
    err("svg: %d frames, folded %d" % (len(path_at), len(pre)))
print("\n".join(errs))
EOF

# case NAME DIR: the checks on one corpus case
run_case() {
	n=$1 d=$2
	o=$W/$n
	mkdir -p "$o"
	# no threshold, unless the paths are too many (a random graph): the
	# refusal must say so, and the smallest threshold is used instead
	exact=1 x=
	if ! "$TGPROF" --format=folded --flame-min=0 --output="$o/f0.folded" "$d/exe" \
		"$d/gmon.out" 2> "$o/err"; then
		if grep -q 'more than 2000000 paths above the threshold.*raise --flame-min' "$o/err"; then
			tg_pass "$n: more than 2,000,000 paths are refused"
			exact=0 x="folded --flame-min=0.01 $o/f0.folded"
		else
			tg_fail "$n: --format=folded --flame-min=0" "$(cat "$o/err")"
			return
		fi
	fi
	for x in ${x:+"$x"} "folded $o/fd.folded" "svg $o/fd.svg" "json $o/t.json"; do
		set -- $x
		if ! "$TGPROF" --format=$1 ${3:+$2} --output="${3:-$2}" "$d/exe" "$d/gmon.out" \
			2> "$o/err"; then
			tg_fail "$n: --format=$1" "$(cat "$o/err")"
			return
		fi
	done
	"$GPROF" -b -p "$d/exe" "$d/gmon.out" > "$o/flat" 2> /dev/null
	"$GPROF" -b -q "$d/exe" "$d/gmon.out" > "$o/graph" 2> /dev/null
	r=$(python3 "$W/check.py" "$o/f0.folded" $exact "$o/fd.folded" "$o/fd.svg" "$o/t.json" \
		"$o/flat" "$o/graph" 2>&1)
	if [ -z "$r" ]; then
		tg_pass "$n: folded and svg add up to the call graph"
	else
		tg_fail "$n: folded and svg add up to the call graph" "$r"
	fi
	if rsvg-convert -o "$o/fd.png" "$o/fd.svg" 2> "$o/rsvg.err" &&
	   [ "$(head -c 4 "$o/fd.png" | od -An -c | tr -d ' ')" = '211PNG' ]; then
		tg_pass "$n: rsvg-convert renders the svg"
	else
		tg_fail "$n: rsvg-convert renders the svg" "$(head -5 "$o/rsvg.err")"
	fi
}

ncase=0
for d in $(TG_CASE=${TG_CASE:-*-o2} tg_cases) $( [ -z "$TG_CASE" ] && TG_CASE='*-o0g' tg_cases); do
	run_case "$(basename "$d")" "$d"
	ncase=$((ncase + 1))
done
[ "$ncase" -gt 0 ] || tg_fail "corpus cases" "none matched TG_CASE=$TG_CASE"

# chrome URL OUT [WIDTH,HEIGHT]: the DOM after the page's scripts ran (10 s
# of virtual time), in a window 1200x8000 by default.
chrome() {
	rm -rf "$W/chrome-profile"
	timeout -k 5 60 chromium --headless --no-sandbox --disable-gpu --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$W/chrome-profile" --window-size="${3:-1200,8000}" \
		--virtual-time-budget=10000 --dump-dom "$1" > "$2" 2> "$2.err"
}

# --- the SVG's script in Chromium: zoom on the widest frame at depth 2 and
# search for the names of one function --------------------------------------
for n in evalloop-o2 cycles-o0g cxx-o2; do
	o=$W/$n
	[ -f "$o/fd.svg" ] || continue
	sed 's|</svg>$||' "$o/fd.svg" > "$o/zoom.svg"
	cat >> "$o/zoom.svg" << 'EOF'
<script type="text/ecmascript"><![CDATA[
var z = frames.filter(function (g) { return ext(g)[2] === 2; })
  .sort(function (x, y) { return ext(y)[1] - ext(x)[1]; })[0];
var name = nameOf(z);
zoom(z);
var e = ext(z), shown = 0, hidden = 0, wrong = 0;
frames.forEach(function (g) {
  var f = ext(g), inside = f[2] >= e[2] && f[0] >= e[0] && f[0] + f[1] <= e[0] + e[1];
  var above = f[2] < e[2] && f[0] <= e[0] && f[0] + f[1] >= e[0] + e[1];
  if ((g.style.display === 'none') === (inside || above)) wrong++;
  if (inside) {
    var w = +g.querySelector('rect').getAttribute('width');
    if (Math.abs(w - f[1] * (W - 2 * M) / e[1]) > 0.02) wrong++;
  }
});
var c = search('^' + name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '$');
document.getElementById('details').textContent = 'RESULT ' + wrong + ' ' + c + ' ' +
  document.getElementById('matched').textContent + ' NAME ' + name;
]]></script>
</svg>
EOF
	chrome "file://$o/zoom.svg" "$o/zoom.dom"
	res=$(grep -o 'RESULT [^<]*' "$o/zoom.dom" | head -1)
	name=$(echo "$res" | sed 's/.* NAME //')
	# the units a search for NAME must cover: every stack through NAME
	want=$(python3 - "$o/fd.folded" "$name" << 'EOF'
import html, re, sys
name = html.unescape(sys.argv[2])
tot = 0
for ln in open(sys.argv[1], encoding="utf-8", errors="surrogateescape"):
    m = re.match(r"^(.*) (\d+)$", ln.rstrip("\n"))
    if m and name in m.group(1).split(";"):
        tot += int(m.group(2))
print(tot)
EOF
)
	set -- $res
	if [ "${2:-x}" = 0 ] && [ "${3:-x}" = "$want" ] && [ "$want" -gt 0 ]; then
		tg_pass "$n: chromium runs the svg: a click zooms, a search covers the stacks it should"
	else
		tg_fail "$n: chromium runs the svg: a click zooms, a search covers the stacks it should" \
			"got: ${res:-nothing} (want search $want)" "$(grep -v 'dbus\|^$' "$o/zoom.dom.err" | head -5)"
	fi
done

# --- speedscope --------------------------------------------------------------
SS=$W/speedscope
mkdir -p "$SS"
if ! (cd "$SS" && timeout 300 npm install --prefer-offline --no-audit --no-fund \
	--loglevel=error "speedscope@$SPEEDSCOPE_VERSION") > "$SS/npm.log" 2>&1; then
	tg_fail "setup: speedscope" "run: (cd $SS && npm install speedscope@$SPEEDSCOPE_VERSION)" \
		"$(tail -5 "$SS/npm.log")"
	tg_finish
	exit 1
fi
INDEX=$SS/node_modules/speedscope/dist/release/index.html
cat > "$W/rows.js" << 'EOF'
(function () {
  // speedscope's sandwich table is a virtual list: a div as tall as
  // every row (20 pixels each), in it a div shifted down past the rows
  // not drawn, in that a table of the rows drawn.  Each row drawn is kept
  // under its index (the shift over 20, plus its place) and the list is
  // scrolled to the first index not yet seen, until all are: the DOM
  // always says which rows it shows, so a slow redraw costs time, never
  // a row.  #tgrows holds the rows seen so far, in order, for the dump.
  var got = {}, polls = 0;
  function list() {
    var t = document.querySelectorAll('table')[1];
    if (!t || !t.querySelector('td')) return null;
    var shift = t.parentElement, all = shift.parentElement;
    var y = /translateY\(([\d.]+)px\)/.exec(shift.style.transform || '');
    return { t: t, first: y ? Math.round(+y[1] / 20) : 0,
             n: Math.round(parseFloat(all.style.height) / 20), sc: all.parentElement };
  }
  function show(n) {
    var rows = [], d = document.getElementById('tgrows');
    for (var i = 0; i < n; i++) if (got[i]) rows.push(got[i]);
    if (!d) {
      d = document.createElement('div');
      d.id = 'tgrows';
      document.body.appendChild(d);
    }
    d.innerHTML = '<table>' + rows.join('') + '</table>';
  }
  function step() {
    var l = list();
    if (!l) {
      if (++polls < 400) setTimeout(step, 25);
      return;
    }
    l.t.querySelectorAll('tr').forEach(function (r, i) {
      if (r.querySelector('td')) got[l.first + i] = r.outerHTML;
    });
    show(l.n);
    var m = 0;
    while (m < l.n && got[m]) m++;
    if (m >= l.n || ++polls > 2000) return;
    if (l.sc.scrollTop !== m * 20) {
      l.sc.scrollTop = m * 20;
      l.sc.dispatchEvent(new Event('scroll'));
    }
    setTimeout(step, 25);
  }
  setTimeout(step, 25);
})();
EOF
# ss.py DOM JSON W: speedscope's sandwich rows (rows.js's copy) against
# the call graph's lines, one line per difference (nothing: all agree)
cat > "$W/ss.py" << 'EOF'
import html, json, re, sys
sys.path.insert(0, sys.argv[3])
import names
dom = open(sys.argv[1], encoding="utf-8").read()
dom = dom[dom.find('id="tgrows"'):] if 'id="tgrows"' in dom else ""
d = json.load(open(sys.argv[2], encoding="utf-8"))
rows = re.findall(r'<tr class="[^"]*"><td class="[^"]*">([\d,]+) [^<]*<div.*?</td>'
                  r'<td class="[^"]*">([\d,]+) [^<]*<div.*?</td><td class="[^"]*">'
                  r'<span[^>]*></span>(.*?)</td></tr>', dom)
line, _ = names.lines(d)
errs, seen = [], 0
nl = sum(1 for _ in open(sys.argv[1].replace("ss.dom", "f0.folded")))
for tot, slf, name in rows:
    name = html.unescape(name)
    tot, slf = int(tot.replace(",", "")), int(slf.replace(",", ""))
    if name not in line:
        errs.append("speedscope shows %r" % name)
        continue
    gs, gt, k, _ = line[name]
    seen += 1
    if abs(slf - gs * 1e6) >= 1 or abs(tot - gt * 1e6) > nl + 1:
        errs.append("%s: speedscope total %d self %d, call graph %.6f %.6f" % (name, tot, slf, gt, gs))
shown = sum(1 for v in line.values() if v[1] > 0)
if seen < shown:
    errs.append("speedscope lists %d functions with time, the call graph %d" % (seen, shown))
print("\n".join(errs[:8]))
EOF
for n in evalloop-o2 cycles-o0g cxx-o2; do
	o=$W/$n
	[ -f "$o/f0.folded" ] || continue
	# speedscope's own way of opening a file given on its command line,
	# then rows.js: the sandwich table draws only the rows in sight, so
	# it is scrolled until every row has been drawn once, each copied
	# into a table of its own (#tgrows) for the DOM dump.  (A window tall
	# enough for every row needs a canvas that tall; past about 5,000
	# pixels Chromium draws nothing there for a user other than root.)
	python3 - "$o/f0.folded" "$o/load.js" "$W/rows.js" << 'EOF'
import base64, json, sys
data = base64.b64encode(open(sys.argv[1], "rb").read()).decode()
open(sys.argv[2], "w").write("speedscope.loadFileFromBase64(%s, %s);\n%s" %
                             (json.dumps("f0.folded"), json.dumps(data),
                              open(sys.argv[3]).read()))
EOF
	# Chromium dumps the page when its virtual time runs out; under load
	# the import, or the redraws after the scrolls, may not all have
	# happened by then: a dump without every row is tried again, up to
	# three times
	for try in 1 2 3; do
		chrome "file://$INDEX#localProfilePath=$o/load.js&view=sandwich" "$o/ss.dom" 1200,1000
		r=$(python3 "$W/ss.py" "$o/ss.dom" "$o/t.json" "$W")
		[ -n "$r" ] || break
	done
	if [ -z "$r" ] && [ -s "$o/ss.dom" ]; then
		tg_pass "$n: speedscope imports the folded stacks with the call graph's totals"
	else
		tg_fail "$n: speedscope imports the folded stacks with the call graph's totals" "$r" \
			"$(grep -v 'dbus\|^$' "$o/ss.dom.err" | head -5)"
	fi
done

# --- the browser's :export writes what --format writes, before and after
# an edit (evalloop's arc op_concat/str_intern deleted) ---------------
d=$(TG_CASE=evalloop-o2 tg_cases | head -1)
if [ -n "$d" ]; then
	o=$W/browser
	mkdir -p "$o"
	cp "$d/exe" "$d/gmon.out" "$o/"
	printf ':export b0.folded\n:export b0.svg\n:k op_concat/str_intern\n:export b1.folded\n:export b1.svg\n:q!\n' \
		> "$o/keys"
	(cd "$o" && XDG_STATE_HOME=$o/state XDG_CONFIG_HOME=$o/config HOME=$o LINES=40 COLUMNS=120 \
		TGPROF_SCRIPT=$o/keys timeout -k 5 30 "$TGPROF" --tui exe gmon.out \
		> tui.out 2> tui.err < /dev/null)
	st=$?
	bad=
	for k in "0:" "1:-k op_concat/str_intern"; do
		for fmt in folded svg; do
			(cd "$o" && "$TGPROF" ${k#*:} --format=$fmt exe gmon.out > "c${k%%:*}.$fmt" 2>&1)
			cmp -s "$o/b${k%%:*}.$fmt" "$o/c${k%%:*}.$fmt" || bad="$bad b${k%%:*}.$fmt"
		done
	done
	cmp -s "$o/b0.folded" "$o/b1.folded" && bad="$bad (the edit changed nothing)"
	if [ $st = 0 ] && [ -z "$bad" ]; then
		tg_pass "browser: :export FILE.folded and FILE.svg write what --format writes, after an edit too"
	else
		tg_fail "browser: :export FILE.folded and FILE.svg write what --format writes, after an edit too" \
			"exit $st; differ:$bad" "$(head -5 "$o/tui.err")"
	fi
fi

# --- hostile names: the function with the most time renamed ---------------
d=$(TG_CASE=fanout-o2 tg_cases | head -1)
if [ -n "$d" ]; then
	"$TGPROF" --format=folded --flame-min=0 "$d/exe" "$d/gmon.out" > "$W/plain.folded"
	stack=$(sort -k2 -n -r -t' ' "$W/plain.folded" | head -1 | sed 's/ [0-9]*$//')
	victim=${stack##*;}
	EVIL=$(printf 'evil;x&<"y">\nz\377')
	objcopy --redefine-sym "$victim=$EVIL" "$d/exe" "$W/evil" 2> "$W/objcopy.err"
	st=0
	"$TGPROF" --format=folded --flame-min=0 --output="$W/evil.folded" "$W/evil" \
		"$d/gmon.out" 2> "$W/evil.err" || st=$?
	"$TGPROF" --format=svg --flame-min=0 --output="$W/evil.svg" "$W/evil" \
		"$d/gmon.out" 2>> "$W/evil.err" || st=$?
	if [ $st = 0 ] && [ -n "$victim" ] &&
	   grep -q "^${stack%;*};"'evil\\x3bx&<"y">\\nz\\xff [0-9]*$' "$W/evil.folded" &&
	   [ "$(wc -l < "$W/evil.folded")" = "$(wc -l < "$W/plain.folded")" ] &&
	   python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' "$W/evil.svg" &&
	   grep -q 'evil;x&amp;&lt;&quot;y&quot;&gt;\\nz\\xff' "$W/evil.svg" &&
	   rsvg-convert -o "$W/evil.png" "$W/evil.svg" 2>> "$W/evil.err"; then
		tg_pass "a name with ';', a newline, XML's characters and a non-UTF-8 byte stays one frame"
	else
		tg_fail "a name with ';', a newline, XML's characters and a non-UTF-8 byte stays one frame" \
			"exit $st, renamed $victim" "$(cat "$W/objcopy.err" "$W/evil.err")" \
			"$(grep evil "$W/evil.folded" | head -3)"
	fi
fi

# --- bad values of --flame-min -------------------------------------------------
d=$(tg_cases | head -1)
for v in -1 101 abc 1x; do
	if "$TGPROF" --format=folded --flame-min=$v "$d/exe" "$d/gmon.out" > "$W/bad.out" 2> "$W/bad.err"; then
		tg_fail "--flame-min=$v is refused" "exit 0"
	elif grep -q "flame-min" "$W/bad.err" && [ ! -s "$W/bad.out" ]; then
		tg_pass "--flame-min=$v is refused"
	else
		tg_fail "--flame-min=$v is refused" "$(cat "$W/bad.err")"
	fi
done

[ "$tg_nfail" -eq 0 ] && rm -rf "$W"
tg_finish
