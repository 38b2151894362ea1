#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The object map (gmon.out.objects) against odd and hostile names.
# libtgmon: libraries named "objects", with a space, with a newline, with
# a newline and an arc line after it, "-", with a backslash, in a
# directory with spaces, are each joined with their exact counts (version 2
# map, escaped names, no object file named like the map); a library loaded
# under three spellings of its path and dlclose'd in between is one object.
# tgprof: a map of one library under thousands of path spellings (and as
# many missing paths found through --lib-path) is read in seconds and joins
# one object; bad maps are refused with one message naming the map and
# exit status 1; a version 1 map is still read.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/runtime/lib.sh"
rt_setup runtime-objmap
tg_need_py json python3
tg_need timeout

O=$TOP/tests/runtime/odd
cd "$W" || exit 1
if ! $CC -pg -O1 -o prog "$O/prog.c" -L"$LIB" -ltgmon -Wl,-rpath,"$LIB" -ldl > cc.log 2>&1; then
	tg_fail "setup: compile prog.c" "$(cat cc.log)"
	rt_done
	exit 1
fi
mkdir "d i r"
nl='
'
i=0
for n in objects "lib x.so" "lib${nl}x.so" "y.so${nl}arc 0 0 0 0 99999" - 'back\slash.so' libodd.so; do
	i=$((i + 1))
	if ! $CC -pg -O1 -fPIC -shared -DSEED=$i -o "d i r/$n" "$O/lib.c" > cc.log 2>&1; then
		tg_fail "setup: compile lib.c as $n" "$(cat cc.log)"
		rt_done
		exit 1
	fi
done

# calls [TGPROF-ARGS...]: "NAME CALLS" for each function with calls in
# the joined profile of prog (in ${P:-gmon.out}), names as JSON strings,
# sorted.
calls() {
	"$TGPROF" --format=json "$@" prog "${P:-gmon.out}" 2> calls.err | python3 -c '
import json, sys
for f in json.load(sys.stdin)["functions"]:
    if f["calls"]:
        print(json.dumps(f["demangled"]), f["calls"])' | sort
}

# --- libtgmon writes odd names so that tgprof reads them -----------------
mkdir odd && cd odd || exit 1
timeout 60 ../prog "$W/d i r/objects" "../d i r/lib x.so" "../d i r/lib${nl}x.so" \
	"../d i r/y.so${nl}arc 0 0 0 0 99999" "./../d i r/-" "../d i r/back\\slash.so" \
	"close:./../d i r/objects" "close:../d i r//objects" > run.out 2>&1
st=$?
cp ../prog .
got=$(calls)
want=$(sort <<'EOF'
"odd_leaf (objects)" 1600
"odd_work (objects)" 3
"odd_leaf (lib x.so)" 200
"odd_work (lib x.so)" 1
"odd_leaf (lib\nx.so)" 300
"odd_work (lib\nx.so)" 1
"odd_leaf (y.so\narc 0 0 0 0 99999)" 400
"odd_work (y.so\narc 0 0 0 0 99999)" 1
"odd_leaf (-)" 500
"odd_work (-)" 1
"odd_leaf (back\\slash.so)" 600
"odd_work (back\\slash.so)" 1
EOF
)
if [ "$st" -eq 0 ] && [ "$got" = "$want" ] && [ ! -s calls.err ]; then
	tg_pass "libraries named objects, with spaces, newlines, -, backslash: exact counts"
else
	tg_fail "libraries named objects, with spaces, newlines, -, backslash: exact counts" \
		"status $st" "got:" "$got" "want:" "$want" "$(cat run.out calls.err)"
fi
bad=$(grep -v -E '^(tgmon objects 2|object [0-9]+ (exe|lib|closed) [^ ]+ [0-9a-f-]+ [0-9a-f]+ [0-9a-f]+ [^ ]+|arc [0-9]+ [0-9a-f]+ [0-9]+ [0-9a-f]+ [0-9]+)$' gmon.out.objects)
if [ "$(head -1 gmon.out.objects)" = "tgmon objects 2" ] && [ -z "$bad" ] &&
   [ "$(grep -c '^object ' gmon.out.objects)" -eq 9 ] &&
   grep -q '^object [0-9]* lib gmon.out.objects.[0-9]* .* /.*/d\\x20i\\x20r/objects$' gmon.out.objects; then
	tg_pass "the map: version 2, one word a field, one line an object, objects' file not the map"
else
	tg_fail "the map: version 2, one word a field, one line an object, objects' file not the map" \
		"$bad" "$(cat gmon.out.objects)"
fi
"$TGPROF" -s prog gmon.out > sum.out 2>&1
st=$?
got=$(P=gmon.sum calls)
if [ "$st" -eq 0 ] && [ "$got" = "$want" ] && [ "$(head -1 gmon.sum.objects)" = "tgmon objects 2" ]; then
	tg_pass "-s sums them into files that read back the same"
else
	tg_fail "-s sums them into files that read back the same" "status $st" "$got" \
		"$(cat sum.out calls.err gmon.sum.objects)"
fi
cd "$W" || exit 1

# One file under three spellings, unloaded in between: one object.
mkdir again && cd again || exit 1
timeout 60 ../prog "close:$W/d i r/libodd.so" "close:../d i r/./libodd.so" \
	"close:..//d i r//libodd.so" > run.out 2>&1
st=$?
cp ../prog .
got=$(calls)
want=$(printf '"odd_leaf" 600\n"odd_work" 3\n')
n=$(grep -c '^object [0-9]* closed .*libodd.so$' gmon.out.objects)
if [ "$st" -eq 0 ] && [ "$got" = "$want" ] && [ "$n" -eq 1 ] &&
   grep -q "closed .* $W/d\\\\x20i\\\\x20r/libodd.so\$" gmon.out.objects; then
	tg_pass "a library loaded under three spellings of its path: one object, its canonical path"
else
	tg_fail "a library loaded under three spellings of its path: one object, its canonical path" \
		"status $st, $n object lines" "$got" "$(cat run.out calls.err gmon.out.objects)"
fi
cd "$W" || exit 1

# --- tgprof against hostile maps ---------------------------------------------
# One library under 3000 spellings of its path, and 3000 paths that do not
# exist but whose last component --lib-path finds: one object, read once.
cp -r again big
cd big || exit 1
python3 - "$W/d i r" > gmon.out.objects.new <<'EOF' || exit 1
import sys
d = sys.argv[1].replace(" ", "\\x20")
old = open("gmon.out.objects").read().splitlines()
objs = [l for l in old if l.startswith("object ")]
arcs = [l for l in old if l.startswith("arc ")]
lib = [l for l in objs if l.endswith("libodd.so")][0].split(" ")
out = ["tgmon objects 2"] + objs
k = len(objs)
a = arcs[0].split(" ")
for i in range(3000):
    path = d + "/" + "./" * (i % 60) + "/" * (i // 60) + "libodd.so"
    out.append(" ".join(["object", str(k), "lib", "-"] + lib[4:7] + [path]))
    out.append(" ".join(["object", str(k + 1), "lib", "-"] + lib[4:7] +
                        ["/nonexistent/%d/libodd.so" % i]))
    out.append("arc 0 %s %d %s 1" % (a[2], k, a[4]))
    out.append("arc 0 %s %d %s 1" % (a[2], k + 1, a[4]))
    k += 2
print("\n".join(out + arcs))
EOF
mv gmon.out.objects.new gmon.out.objects
t0=$(date +%s)
got=$(TG_TIMEOUT=120 tg_run calls.json calls.err "$TGPROF" --format=json --lib-path="$W/d i r" prog gmon.out)
secs=$(($(date +%s) - t0))
n=$(python3 -c '
import json, sys
print(sum(1 for f in json.load(open("calls.json"))["functions"] if "odd_work" in f["name"]))')
w=$(python3 -c '
import json, sys
print([f["calls"] for f in json.load(open("calls.json"))["functions"] if f["name"] == "odd_work"])')
if [ "$got" -eq 0 ] && [ "$n" -eq 1 ] && [ "$w" = "[6003]" ] && [ ! -s calls.err ]; then
	tg_pass "a map of one library under 6000 names: one object, read in $secs s"
else
	tg_fail "a map of one library under 6000 names: one object, read in $secs s" \
		"status $got, $n functions odd_work, calls $w" "$(head -5 calls.err)"
fi
cd "$W" || exit 1

# bad NAME: the map in $W/bad/gmon.out.objects (written by the caller) is
# refused: one line naming it, exit status 1.
mkdir bad
cp again/gmon.out* again/prog bad/
rm bad/gmon.out.objects
good=$(cat again/gmon.out.objects)
badmap() {
	st=$(cd bad && tg_run out err "$TGPROF" --text -b prog gmon.out)
	if [ "$st" -eq 1 ] && [ "$(wc -l < bad/err)" -eq 1 ] &&
	   grep -q "^tgprof: gmon.out.objects: .*$2" bad/err; then
		tg_pass "bad map refused: $1"
	else
		tg_fail "bad map refused: $1" "status $st" "$(cat bad/err)" "$(cat bad/gmon.out.objects)"
	fi
}
obj1=$(echo "$good" | grep '^object 1 ')
obj0=$(echo "$good" | grep '^object 0 ')
libline=$(echo "$good" | grep 'libodd.so$')
libfile=$(echo "$libline" | cut -d' ' -f4)
# set_lib FILE [PATH]: the libodd.so line as object 1, with FILE (and PATH)
set_lib() {
	echo "$libline" | F=$1 P=$2 awk '{
		$2 = 1; $4 = ENVIRON["F"]
		if (ENVIRON["P"] != "") $8 = ENVIRON["P"]
		print }'
}
printf 'hello\n' > bad/gmon.out.objects
badmap "not a map" "not an object map of libtgmon"
printf 'tgmon objects 4\n%s\n' "$obj0" > bad/gmon.out.objects
badmap "a later version" "a version this tgprof does not read"
printf 'tgmon objects 3\n%s\n%s\n' "$obj0" "$(set_lib "$libfile" | awk '{ $5 = "digest:12345"; print }')" \
	> bad/gmon.out.objects
badmap "a digest not 16 hex digits" "line 3: a digest is not 16 hex digits"
printf 'tgmon objects 2\n%s\n%s\n' "$obj0" "$(set_lib "$libfile" | awk '{ $5 = "digest:0123456789abcdef"; print }')" \
	> bad/gmon.out.objects
badmap "a digest in a version 2 map" "line 3: a build-id is not hex bytes"
printf 'tgmon objects 2\n%s\n%s\n' "$obj0" "$(echo "$obj1" | sed 's/^object 1/object 2/')" > bad/gmon.out.objects
badmap "objects out of order" "line 3: objects are not numbered"
printf 'tgmon objects 2\n%s\n%s\n' "$obj0" "$(set_lib ../../etc/passwd)" > bad/gmon.out.objects
badmap "a file outside the map's directory" "line 3: a file name is not a name in the map's directory"
printf 'tgmon objects 2\n%s\n%s\n%s\n' "$obj0" "$(set_lib "$libfile")" \
	"$(set_lib "$libfile" | sed 's/^object [0-9]*/object 2/')" > bad/gmon.out.objects
badmap "one file for two objects" "line 4: an object's file is also an earlier object's"
printf 'tgmon objects 1\n%s\n%s\n' "$obj0" "$(set_lib gmon.out.objects)" > bad/gmon.out.objects
badmap "a library named objects in a version 1 map" "line 3: an object's file is the map itself"
printf 'tgmon objects 2\n%s\narc 0 10 7 10 5\n' "$obj0" > bad/gmon.out.objects
badmap "an arc to an object not listed" "line 3: an arc names an object not listed"
printf 'tgmon objects 2\n%s\n%s\n' "$obj0" "$(set_lib "$libfile" "/a	b/libodd.so")" > bad/gmon.out.objects
badmap "a tab not escaped" "line 3: a name has a control character not escaped"
printf 'tgmon objects 2\n%s\n%s\n' "$obj0" "$(set_lib "$libfile" '/a\x0g/libodd.so')" > bad/gmon.out.objects
badmap "a bad escape" "line 3: a name has a bad escape"
printf 'tgmon objects 2\n%s\n%s\n' "$obj0" "$(set_lib "$libfile" '/a\x00/libodd.so')" > bad/gmon.out.objects
badmap "an escaped NUL" "line 3: a name has a bad escape"
printf 'tgmon objects 2\n%s\n%s' "$obj0" "$libline" > bad/gmon.out.objects
badmap "the last line cut short" "line 3: the last line is cut short"
printf 'tgmon objects 2\n%s\narc 0 ffffffffffffffff 0 10 1\n' "$obj0" > bad/gmon.out.objects
badmap "an address out of range" "line 3: an address is out of range"
printf 'tgmon objects 2\n%s\narc 0 10 0 10 99999999999999999999999\n' "$obj0" > bad/gmon.out.objects
badmap "a count too large" "line 3: a count is not a number"
printf 'tgmon objects 2\n%s\nfoo 1 2\n' "$obj0" > bad/gmon.out.objects
badmap "an unknown line" "line 3: not an object or arc line"
printf 'tgmon objects 2\n%s\n%s x\n' "$obj0" "$libline" > bad/gmon.out.objects
badmap "a name with a space not escaped" "line 3: an object line needs 7 fields"
printf 'tgmon objects 2\n%s\n\000\n' "$obj0" > bad/gmon.out.objects
badmap "a NUL byte" "not a text file"
printf 'tgmon objects 2\n' > bad/gmon.out.objects
badmap "no program" "no object 0"

# A version 1 map (libtgmon before version 2) is read as before.
mkdir v1
cp again/gmon.out* again/prog v1/
sed -e '1s/.*/tgmon objects 1/' -e 's/\\x20/ /g' again/gmon.out.objects > v1/gmon.out.objects
got=$(cd v1 && calls)
if [ "$got" = "$(printf '"odd_leaf" 600\n"odd_work" 3\n')" ] && [ ! -s v1/calls.err ]; then
	tg_pass "a version 1 map is still read"
else
	tg_fail "a version 1 map is still read" "$got" "$(cat v1/calls.err v1/gmon.out.objects)"
fi

rt_done
