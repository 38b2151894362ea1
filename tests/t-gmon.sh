#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Profile files end to end, against GNU gprof: -s (gmon.sum) and -i on the
# corpus, and on crafted files of every format (GNU versions 0 and 1 with
# histogram, arc and basic-block records, 4.4BSD, old BSD) alone and
# summed, with the errors GNU reports.
#
# -s: tgprof's gmon.sum must equal GNU's byte for byte except header bytes
# 8-19 (GNU leaves them uninitialised; ours must be zero); both print
# nothing and exit 0.  -i: same stdout and exit status.  An error: exit
# status 1 on both, and tgprof prints one line "tgprof: FILE: ..." naming
# the offending file.
#
#   TGPROF=./tgprof GPROF=/usr/bin/gprof TOP=$PWD sh tests/t-gmon.sh
. "$(dirname "$0")/lib.sh"
tg_need "$GPROF" "$TGPROF" "$CC" nm cmp od dd awk
tg_sanitizer_cases '*-[om][23][2g]*' # -o2gnp and -m32 (4-byte addresses)
tg_build_corpus
W=$TG_OUT/t-gmon.$$
rm -rf "$W"
mkdir -p "$W/g" "$W/t" "$W/f"
tg_snapshot "$W"

# sum_case NAME EXE ARGS...: -s in two scratch directories, compared.
sum_case() {
	gm_name=$1 gm_exe=$2
	shift 2
	rm -f "$W/g/gmon.sum" "$W/t/gmon.sum"
	sg=$(cd "$W/g" && tg_run out err "$GPROF" -s "$gm_exe" "$@")
	st=$(cd "$W/t" && tg_run out err "$TGPROF" -s "$gm_exe" "$@")
	if [ "$sg" != 0 ]; then
		# GNU refuses the files: so must tgprof, leaving no gmon.sum.
		if [ "$st" = 1 ] && [ ! -f "$W/t/gmon.sum" ] && [ "$(wc -l < "$W/t/err")" = 1 ]; then
			tg_pass "-s $gm_name (error: $(cut -c1-80 "$W/t/err"))"
		else
			tg_fail "-s $gm_name: GNU gprof failed ($sg), tgprof status $st" \
				"$(cat "$W/g/err" "$W/t/err")"
		fi
		return
	fi
	if [ "$st" != 0 ] || [ -s "$W/t/out" ] || [ ! -f "$W/t/gmon.sum" ]; then
		tg_fail "-s $gm_name: tgprof status $st" "$(cat "$W/t/err")"
		return
	fi
	spare=$(dd if="$W/t/gmon.sum" bs=1 skip=8 count=12 2> /dev/null | od -An -tx1 | tr -d ' \n')
	if ! cmp -s -n 8 "$W/g/gmon.sum" "$W/t/gmon.sum" ||
	   ! cmp -s -i 20 "$W/g/gmon.sum" "$W/t/gmon.sum"; then
		tg_fail "-s $gm_name: gmon.sum differs" "$(cmp -i 20 "$W/g/gmon.sum" "$W/t/gmon.sum" 2>&1)"
	elif [ "$spare" != 000000000000000000000000 ]; then
		tg_fail "-s $gm_name: header spare bytes not zero ($spare)"
	else
		tg_pass "-s $gm_name"
	fi
}

# info_case NAME EXE FILES...: -i, stdout and status compared; on an error
# tgprof's stderr must be one line naming one of the files.
info_case() {
	gm_name=$1 gm_exe=$2
	shift 2
	sg=$(cd "$W/f" && tg_run "$W/g/out" "$W/g/err" "$GPROF" -i "$gm_exe" "$@")
	st=$(cd "$W/f" && tg_run "$W/t/out" "$W/t/err" "$TGPROF" -i "$gm_exe" "$@")
	# GNU gprof runs out of time or memory on some absurd counts (it
	# allocates first); tgprof must still fail cleanly there.
	[ "$sg" = 124 ] && [ "$st" = 1 ] && sg=1 && cp "$W/t/out" "$W/g/out"
	if [ "$sg" != "$st" ]; then
		tg_fail "-i $gm_name: status GNU $sg, tgprof $st" "$(cat "$W/g/err" "$W/t/err")"
	elif ! cmp -s "$W/g/out" "$W/t/out"; then
		tg_fail "-i $gm_name: stdout differs" "$(diff "$W/g/out" "$W/t/out" | head -20)"
	elif [ "$st" != 0 ]; then
		gm_lines=$(wc -l < "$W/t/err")
		gm_named=0
		for gm_f in "$@"; do
			case $(cat "$W/t/err") in *": $gm_f: "?*) gm_named=1 ;; esac
		done
		case $(cat "$W/t/err") in "$(basename "$TGPROF"): "*) ;; *) gm_named=0 ;; esac
		if [ "$gm_lines" -ne 1 ] || [ "$gm_named" -ne 1 ]; then
			tg_fail "-i $gm_name: error message" "$(cat "$W/t/err")"
		else
			tg_pass "-i $gm_name (error: $(cut -c1-90 "$W/t/err"))"
		fi
	else
		tg_pass "-i $gm_name"
	fi
}

# The corpus: every case, its profiles alone and summed, a few options.
# (Loop variables carry a prefix: lib.sh's helpers use short names.)
for gm_d in $(tg_cases); do
	gm_n=$(basename "$gm_d")
	[ -f "$gm_d/gmon.out" ] || continue
	sum_case "$gm_n" "$gm_d/exe" "$gm_d/gmon.out"
	info_case "$gm_n" "$gm_d/exe" "$gm_d/gmon.out"
	if [ -f "$gm_d/gmon.2" ]; then
		sum_case "$gm_n (2 files)" "$gm_d/exe" "$gm_d/gmon.out" "$gm_d/gmon.2"
		info_case "$gm_n (2 files)" "$gm_d/exe" "$gm_d/gmon.out" "$gm_d/gmon.2"
	fi
	for gm_f in gmon.bsd gmon.bsd44; do
		[ -f "$gm_d/$gm_f" ] || continue
		sum_case "$gm_n $gm_f" "$gm_d/exe" "$gm_d/$gm_f"
		info_case "$gm_n $gm_f" "$gm_d/exe" "$gm_d/$gm_f"
		sum_case "$gm_n gmon.out $gm_f" "$gm_d/exe" "$gm_d/gmon.out" "$gm_d/$gm_f"
		info_case "$gm_n $gm_f gmon.out" "$gm_d/exe" "$gm_d/$gm_f" "$gm_d/gmon.out"
	done
done
for gm_n in cycles-o0g fanout-o2 interp-o0np mutual-o2gnp; do
	gm_d=$TG_CORPUS/$gm_n
	[ -f "$gm_d/gmon.out" ] || continue
	ARC=main/
	. "$gm_d/case.env"
	sum_case "$gm_n -c" "$gm_d/exe" -c "$gm_d/gmon.out"
	sum_case "$gm_n -a" "$gm_d/exe" -a "$gm_d/gmon.out"
	sum_case "$gm_n -k $ARC" "$gm_d/exe" -k "$ARC" "$gm_d/gmon.out"
	sum_case "$gm_n twice" "$gm_d/exe" "$gm_d/gmon.out" "$gm_d/gmon.out"
done

# Crafted files, for an executable without and one with debug information
# (with -s GNU works on line symbols: arcs are written per caller line).
cat > "$W/gen.c" << 'EOF'
/* gen DIR LOWPC HIGHPC SYM... : crafted profiles (64-bit little-endian)
 * whose histogram covers [LOWPC, HIGHPC) and whose arcs and basic blocks
 * fall in the given function symbols. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static unsigned char b[1 << 20];
static size_t n;
static void put(uint64_t v, int k) { for (int i = 0; i < k; i++) b[n++] = (unsigned char)(i < 8 ? v >> 8 * i : 0); }
static void hdr(unsigned v) { memcpy(b, "gmon", 4); n = 4; put(v, 4); put(0, 12); }
static void hist(uint64_t lo, uint64_t hi, uint32_t nb, uint32_t rate, const char *dim, int ab)
{
	char d[15] = { 0 };
	memcpy(d, dim, strlen(dim) < 15 ? strlen(dim) : 15);
	put(0, 1); put(lo, 8); put(hi, 8); put(nb, 4); put(rate, 4);
	memcpy(b + n, d, 15); n += 15; put(ab, 1);
	for (uint32_t i = 0; i < nb; i++) put(i % 7 == 0 ? 30000 + i : i % 3, 2);
}
static void arc(uint64_t f, uint64_t s, uint32_t c) { put(1, 1); put(f, 8); put(s, 8); put(c, 4); }
static void save(const char *dir, const char *name, size_t len)
{
	char p[4096];
	snprintf(p, sizeof p, "%s/%s", dir, name);
	FILE *f = fopen(p, "wb");
	if (!f || fwrite(b, 1, len, f) != len || fclose(f)) { perror(p); exit(1); }
}
int main(int argc, char **argv)
{
	const char *D = argv[1];
	uint64_t lo = strtoull(argv[2], 0, 0) & ~3ull, hi = strtoull(argv[3], 0, 0);
	uint64_t s[64];
	int ns = argc - 4;
	uint32_t nb = (uint32_t)((hi - lo) / 4);
	hi = lo + 4ull * nb;
	for (int i = 0; i < ns && i < 64; i++) s[i] = strtoull(argv[4 + i], 0, 0);
	/* full: histogram, arcs in a mixed order with repeats, bb records */
	hdr(1); hist(lo, hi, nb, 100, "seconds", 's');
	for (int k = 0; k < 3 * ns; k++)
		arc(s[(k * 7) % ns] + 4 + k % 3, s[(k * 5 + 3) % ns] + 1, 10 + k);
	arc(s[0] + 4, s[1] + 1, 0xffffffffu); arc(s[0] + 4, s[1] + 1, 0xffffffffu);
	put(2, 1); put(3 + 12, 4);
	put(s[1] + 2, 8); put(5, 8); put(s[0] + 1, 8); put(6, 8); put(s[1] + 2, 8); put(7, 8);
	for (int i = 0; i < 12; i++) { put(s[2] + i, 8); put(i + 1, 8); }
	put(2, 1); put(2, 4); put(1, 8); put(9, 8); put(s[ns - 1] + 3, 8); put(4, 8);
	save(D, "full", n);
	hdr(0); hist(lo, hi, nb, 100, "seconds", 's'); arc(s[1] + 4, s[2], 3); save(D, "v0", n);
	hdr(1); save(D, "hdr", n);
	hdr(1); hist(lo, hi, nb, 50, "seconds", 's'); save(D, "rate50", n);
	hdr(1); arc(s[2] + 4, s[0], 1); save(D, "arcsonly", n);
	/* more histograms: disjoint ranges above the text, same scale */
	hdr(1); hist(hi + 0x1000, hi + 0x1000 + 4 * 64, 64, 100, "seconds", 's');
	hist(hi + 0x2000, hi + 0x2000 + 4 * 64, 64, 100, "seconds\0x", 's'); save(D, "twohists", n);
	hdr(1); hist(hi + 0x1100, hi + 0x1100 + 4 * 64, 64, 100, "seconds", 's'); save(D, "adjacent", n);
	hdr(1); hist(lo + 8, hi + 8, nb, 100, "seconds", 's'); save(D, "overlap", n);
	hdr(1); hist(hi + 0x4000, hi + 0x4000 + 8 * 64, 64, 100, "seconds", 's'); save(D, "scale", n);
	hdr(1); hist(hi + 0x4000, hi + 0x4000 + 4 * 64, 64, 100, "bytes", 's'); save(D, "dim", n);
	hdr(1); hist(hi + 0x4000, hi + 0x4000 + 4 * 64, 64, 100, "seconds", 'x'); save(D, "abbrev", n);
	/* errors */
	hdr(2); save(D, "v2", n);
	hdr(1); arc(s[0], s[1], 1); put(3, 1); put(0, 20); save(D, "badtag", n);
	hdr(1); hist(lo, hi, nb, 100, "seconds", 's'); save(D, "trunchist", n - 3);
	hdr(1); hist(lo, hi, nb, 100, "seconds", 's'); save(D, "trunchisthdr", 20 + 30);
	hdr(1); arc(s[0], s[1], 1); save(D, "truncarc", n - 1);
	hdr(1); put(2, 1); put(0xfffffff0u, 4); put(1, 16); save(D, "hugebb", n);
	hdr(1); put(0, 1); put(lo, 8); put(hi, 8); put(0xffffffffu, 4); put(100, 4); put(0, 16);
	save(D, "hugebins", n);
	hdr(1); save(D, "short", 13);
	save(D, "empty", 0);
	/* BSD: 4.4 (rate 1000, then 60) and old, same range as "full" */
	for (int v = 0; v < 4; v++) {
		n = 0;
		put(lo, 8); put(hi, 8);
		uint32_t hsz = v < 2 ? 40 : 20, bins = v == 3 ? 0 : nb;
		put(hsz + 2 * bins, 4);
		if (v < 2) { put(0x51879, 4); put(v ? 60 : 1000, 4); put(0, 12); }
		for (uint32_t i = 0; i < bins; i++) put(i % 5, 2);
		for (int k = 0; k < ns; k++) { put(s[k] + 4, 8); put(s[(k + 1) % ns] + 1, 8); put(k + 1, 8); }
		put(7, 5);
		save(D, v == 0 ? "b44" : v == 1 ? "b44r60" : v == 2 ? "bsd" : "bsdnobins", n);
	}
	n = 0; put(lo, 8); put(hi + 4, 8); put(20 + 2 * nb + 2, 4); put(0, 2 * nb + 2);
	save(D, "bsdother", n);
	n = 0; put(lo, 8); put(hi, 8); put(0xfffffff0u, 4); put(0, 40); save(D, "bsdneg", n);
	n = 0; put(lo, 8); put(hi, 8); put(40, 4); put(0x51879, 4); save(D, "b44short", n);
	return 0;
}
EOF
if ! $CC -O1 -o "$W/gen" "$W/gen.c" > "$W/gen.log" 2>&1; then
	tg_fail "setup: crafted-file generator" "$(cat "$W/gen.log")"
	tg_finish
	exit 1
fi

for gm_n in fanout-o0np cycles-o0g; do
	gm_d=$TG_CORPUS/$gm_n
	[ -x "$gm_d/exe" ] || { tg_fail "setup: $gm_d/exe missing"; continue; }
	F=$W/f/$gm_n
	mkdir -p "$F"
	syms=$(nm -n --defined-only "$gm_d/exe" | awk '$2 == "T" && $3 !~ /^_/ { print "0x" $1 }' | head -12)
	lo=$(nm -n --defined-only "$gm_d/exe" | awk '$2 ~ /^[Tt]$/ { print "0x" $1; exit }')
	hi=$(nm -n --defined-only "$gm_d/exe" | awk '$2 ~ /^[Tt]$/ { a = $1 } END { print "0x" a }')
	if [ -z "$syms" ] || ! "$W/gen" "$F" "$lo" "$hi" $syms; then
		tg_fail "setup: crafted files for $gm_n"
		continue
	fi
	for gm_s in full v0 arcsonly "full full" "full v0 full" "rate50 full" "full rate50" \
		 "full twohists adjacent" "twohists full" "b44 full" "full bsd" "bsd full b44" \
		 "bsdnobins bsdnobins" "b44 bsd bsd" "bsd full" "full bsd full" \
		 "full hdr" "full arcsonly" "bsd full b44"; do
		set --
		for gm_f in $gm_s; do set -- "$@" "$F/$gm_f"; done
		sum_case "$gm_n crafted: $gm_s" "$gm_d/exe" "$@"
	done
	for gm_s in full v0 hdr arcsonly b44 bsd bsdnobins "full twohists adjacent" \
		 "b44 full" "bsd full" "full bsd" "v0 bsd" "hdr b44 full" "b44 b44r60" \
		 "full b44" "rate50 bsd" "full bsdother" "full bsdnobins" "bsdnobins full" \
		 "full overlap" "full scale" "twohists dim" "twohists abbrev" v2 badtag \
		 trunchist trunchisthdr truncarc hugebb hugebins short empty bsdneg \
		 b44short "full missing" "full $F" "-Obsd b44" "-Obsd bsd" "-Obsd full" \
		 "-O4.4bsd b44" "-O4.4bsd bsd" "-O4.4bsd full" "-Omagic full" "-Omagic bsd" \
		 "-Omagic b44" "--file-format=bsd b44 bsd" "-Oauto bsd full"; do
		set --
		for gm_f in $gm_s; do
			case $gm_f in
			/*|-*) set -- "$@" "$gm_f" ;;
			*) set -- "$@" "$gm_n/$gm_f" ;;
			esac
		done
		case $gm_s in
		hugebins|bsdneg) TG_TIMEOUT=3 info_case "$gm_n crafted: $gm_s" "$gm_d/exe" "$@" ;;
		*) info_case "$gm_n crafted: $gm_s" "$gm_d/exe" "$@" ;;
		esac
	done
done

if [ "$tg_nfail" -eq 0 ]; then
	rm -rf "$W"
fi
tg_finish
