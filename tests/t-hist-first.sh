#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Histogram bins below the first symbol: GNU gprof 2.40 credits them to
# nothing and goes on crediting later bins (it does not wrap).  Two ways to
# get there, each compared with GNU gprof byte for byte: a partial -S
# table (a symbol with samples below the first one listed), and a crafted
# profile with 10 samples below every symbol and 10 in leaf.
. "$(dirname "$0")/lib.sh"
tg_need "$TGPROF" "$GPROF" "$CC" nm od dd awk
W=$TG_OUT/t-hist-first.$$
rm -rf "$W"
mkdir -p "$W"
cd "$W" || exit 1

cat > p.c <<'EOF'
static volatile double sink;
__attribute__((noinline)) void early(int n) { for (int i = 0; i < n; i++) sink += i * 0.5; }
__attribute__((noinline)) void leaf(int n) { for (int i = 0; i < n; i++) sink += i * 0.25; }
__attribute__((noinline)) void work(int n) { for (int i = 0; i < n; i++) sink += i; leaf(n / 2); }
int main(void) { for (int k = 0; k < 30; k++) { early(2000000); work(2000000); } return 0; }
EOF
if ! $CC -pg -O1 -o p p.c > build.log 2>&1 || ! ./p >> build.log 2>&1 || [ ! -s gmon.out ]; then
	tg_fail "setup: build and run the -pg test program" "$(cat build.log)"
	tg_finish
	exit 1
fi

# same NAME ARGS...: tgprof --text ARGS = gprof ARGS, with every report.
same() {
	n=$1
	shift
	for o in "-b -p" "-b -q" "-b"; do
		# shellcheck disable=SC2086
		"$GPROF" $o "$@" > g.txt 2>&1
		gs=$?
		# shellcheck disable=SC2086
		"$TGPROF" --text $o "$@" > t.txt 2>&1
		ts=$?
		if [ "$gs" -ne "$ts" ] || ! cmp -s g.txt t.txt; then
			tg_fail "$n ($o)" "status gprof $gs, tgprof $ts" "$(diff g.txt t.txt | head -20)"
			return
		fi
	done
	# The case must be one where something is credited after the bin.
	if grep -q "^ *[1-9][0-9.]* .* $want\$" g.txt; then
		tg_pass "$n"
	else
		tg_fail "$n: GNU credits nothing to $want, so the case proves nothing" "$(head -12 g.txt)"
	fi
}

# --- a partial -S table: early (sampled) is below the first symbol, work
nm p | awk '$3 == "work" || $3 == "main" || $3 == "_fini"' > part.nm
want=work
same "partial -S table: samples below the first symbol, then work" -S part.nm p gmon.out

# --- a crafted profile: 10 samples in bin 0 (below every symbol), 10 in leaf
u32() { od -A n -t u4 -j "$2" -N 4 "$1" | tr -d ' '; }
u64() { od -A n -t u8 -j "$2" -N 8 "$1" | tr -d ' '; }
lowpc=$(u64 gmon.out 21)
highpc=$(u64 gmon.out 29)
nbins=$(u32 gmon.out 37)
first=$(nm p | awk '$2 ~ /^[tT]$/' | sort | head -1 | awk '{ print $1 }')
leaf=$(nm p | awk '$3 == "leaf" { print $1 }')
if [ "$(od -A n -c -N 4 gmon.out | tr -d ' ')" != gmon ] || [ -z "$leaf" ] ||
   [ "$((lowpc + (highpc - lowpc) / nbins))" -ge "$((0x$first))" ]; then
	tg_fail "setup: the profile's first bin is not below the first symbol" \
		"lowpc $lowpc highpc $highpc nbins $nbins first 0x$first leaf 0x$leaf"
	tg_finish
	exit 1
fi
cp gmon.out crafted.out
dd if=/dev/zero of=crafted.out bs=1 seek=61 count=$((nbins * 2)) conv=notrunc status=none
# put2 OFFSET VALUE: a little-endian 16-bit value into crafted.out.
put2() {
	printf "\\$(printf %03o $(($2 & 255)))\\$(printf %03o $(($2 >> 8)))" |
		dd of=crafted.out bs=1 seek="$1" conv=notrunc status=none
}
put2 61 10
leafbin=$(((0x$leaf + 8 - lowpc) * nbins / (highpc - lowpc)))
put2 $((61 + 2 * leafbin)) 10
want=leaf
same "crafted profile: 10 samples below the first symbol, 10 in leaf" p crafted.out
if "$TGPROF" --text -b -p p crafted.out | grep -q "^ *50\.[0-9][0-9] .* leaf$"; then
	tg_pass "crafted profile: leaf has half the time"
else
	tg_fail "crafted profile: leaf has half the time" "$("$TGPROF" --text -b -p p crafted.out | head -8)"
fi

cd "$TOP" || exit 1
[ "$tg_nfail" -eq 0 ] && rm -rf "$W"
tg_finish
