# SPDX-License-Identifier: GPL-3.0-or-later
# lib.sh: helpers shared by the tests/t-*.sh scripts (sourced, POSIX sh).
#
# Environment (as tests/run.sh gives it; defaults for running a script by
# hand): TOP (source tree), TG_BUILD (build tree: what make built, and
# tests/out; the source tree unless built out of tree), TGPROF (binary
# under test), GPROF (GNU gprof), CC.  TG_CASE, when set, is a shell pattern that limits the corpus cases
# a script runs (e.g. TG_CASE='interp-*' or TG_CASE=cycles-o2).
# Protocol: one "PASS: name" or "FAIL: name" line per case, or "SKIP: name
# (reason)" for a case that cannot run here (tg_skip: only for a want of
# privileges, never for a missing tool; tests/run.sh lists every one by name
# in its summary as not run); tg_finish exits non-zero when any case failed.

: "${TOP:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${TG_BUILD:=$TOP}"
: "${TGPROF:=$TG_BUILD/tgprof}"
: "${GPROF:=gprof}"
: "${CC:=gcc}"
export TOP TG_BUILD TGPROF GPROF CC
TG_OUT=$TG_BUILD/tests/out
TG_CORPUS=$TG_OUT/corpus
tg_npass=0
tg_nfail=0
tg_nskip=0

tg_pass() {
	echo "PASS: $*"
	tg_npass=$((tg_npass + 1))
}

# tg_fail NAME [DETAIL...]: a FAIL line, then the details indented.
tg_fail() {
	echo "FAIL: $1"
	shift
	# (a name of its own: a script's $d must survive a failure)
	for tg_detail_ in "$@"; do
		printf '%s\n' "$tg_detail_" | sed 's/^/    /'
	done
	tg_nfail=$((tg_nfail + 1))
}

# tg_skip NAME REASON: the case NAME is not run, for REASON (a SKIP line).
tg_skip() {
	echo "SKIP: $1 (not run: $2)"
	tg_nskip=$((tg_nskip + 1))
}

# tg_root NAME WHY: status 0 when we are root; otherwise NAME is not run
# (tg_skip, "needs root to WHY") and the status is 1.  A case that acts as
# another user, makes a setuid program or a device node runs as
#	if tg_root "name" "act as the user nobody"; then ... fi
tg_root() {
	[ "$(id -u)" -eq 0 ] && return 0
	tg_skip "$1" "needs root to $2"
	return 1
}

tg_finish() {
	if [ "$tg_nskip" -gt 0 ]; then
		echo "# $tg_npass passed, $tg_nfail failed, $tg_nskip not run"
	else
		echo "# $tg_npass passed, $tg_nfail failed"
	fi
	[ "$tg_nfail" -eq 0 ]
}

# tg_need TOOL...: make sure the tools (commands or paths) are there.  One
# that scripts/install-deps knows is installed when we are root; a tool
# still missing fails the script loudly (one FAIL line naming the install
# command, exit 1): a test that cannot run must not look like a pass.
tg_need() {
	for t in "$@"; do
		command -v "$t" > /dev/null 2>&1 || [ -x "$t" ] && continue
		_why=$(sh "$TOP/scripts/install-deps" --quiet --for "$t" 2>&1)
		command -v "$t" > /dev/null 2>&1 || [ -x "$t" ] && continue
		tg_fail "setup: $t not found" "$_why"
		tg_finish
		exit 1
	done
}

# tg_need_pkg PACKAGE...: Debian packages that provide no command to look
# for (a cross compiler's C library), installed through scripts/install-deps
# when root; still missing, the script fails as tg_need does.
tg_need_pkg() {
	sh "$TOP/scripts/install-deps" --check --quiet "$@" > /dev/null 2>&1 && return 0
	_why=$(sh "$TOP/scripts/install-deps" --quiet "$@" 2>&1)
	sh "$TOP/scripts/install-deps" --check --quiet "$@" > /dev/null 2>&1 && return 0
	tg_fail "setup: package $* not installed" "$_why"
	tg_finish
	exit 1
}

# tg_need_py MODULE PACKAGE: a Python module the test reads exports with,
# installed from Debian's PACKAGE through scripts/install-deps when root;
# still missing, the script fails as tg_need does.
tg_need_py() {
	tg_need python3
	python3 -c "import $1" > /dev/null 2>&1 && return 0
	_why=$(sh "$TOP/scripts/install-deps" --quiet "$2" 2>&1)
	python3 -c "import $1" > /dev/null 2>&1 && return 0
	tg_fail "setup: python module $1 not found" "$_why"
	tg_finish
	exit 1
}

# Build (or reuse) the corpus; fails the script when the build fails.
# Says how the programs of each foreign variant ran (natively, or under
# which emulator: tests/corpus/build.sh decides).
tg_build_corpus() {
	if ! sh "$TOP/tests/corpus/build.sh" > "$TG_OUT/corpus-build.log" 2>&1; then
		tg_fail "setup: corpus build" "$(tail -20 "$TG_OUT/corpus-build.log")"
		tg_finish
		exit 1
	fi
	sed 's/^/# corpus: /' "$TG_CORPUS/runners"
}

# tg_snapshot DIR: copy the binary under test into DIR and point TGPROF at
# the copy, so a rebuild in the shared tree during a long run cannot
# change (or "text file busy") the program halfway through.
tg_snapshot() {
	if [ -f "$TGPROF" ] && mkdir -p "$1/bin" &&
	   cp "$TGPROF" "$1/bin/$(basename "$TGPROF")" 2>/dev/null; then
		TGPROF=$1/bin/$(basename "$TGPROF")
		export TGPROF
	fi
}

# tg_sanitizer_cases GLOB: in a sanitizer build (B names build-asan, about
# 5 times slower), a corpus-wide script takes only the cases GLOB matches
# (one variant per program, say), unless TG_CASE says otherwise; said on
# the output, not skipped silently.
tg_sanitizer_cases() {
	case ${B:-}/${TG_CASE:-} in
	*asan*/)
		TG_CASE=$1
		export TG_CASE
		echo "# sanitizer build ($B): cases $TG_CASE only; TG_CASE='*' runs all"
		;;
	esac
}

# The corpus case directories, filtered by TG_CASE.
tg_cases() {
	for d in "$TG_CORPUS"/*/; do
		d=${d%/}
		[ -f "$d/case.env" ] || continue
		n=$(basename "$d")
		case $n in
		${TG_CASE:-*}) echo "$d" ;;
		esac
	done
}

# tg_run OUTFILE ERRFILE CMD...: run CMD with a time limit, stdout and
# stderr to the files; prints the exit status (124 on timeout, 128+N on
# death by signal N).
tg_run() {
	o=$1 e=$2
	shift 2
	timeout -k 5 "${TG_TIMEOUT:-20}" "$@" > "$o" 2> "$e" < /dev/null
	echo $?
}

# tg_strip_notes REF FILE: FILE with its explanatory notes replaced by
# one line "<notes>" per block, printed on stdout.
#
# Without -b, gprof adds prose (field explanations, a copyright notice)
# around its tables; tgprof writes its own prose, so the two cannot be
# compared as they are.  REF is the -b output for the same options (the
# tables alone, GNU's by definition).  A line of FILE that is not part of
# a longest common subsequence with REF is a note line; each run of note
# lines becomes one marker; blank and form-feed lines next to a marker are
# dropped and adjacent markers merged (where such a line aligns is
# ambiguous when the notes contain blank lines or page breaks).
# Title lines mentioning "Call graph" are kept verbatim either way.
# Then both sides are compared: they must have the same tables, with
# notes in the same places, whatever the notes say.
tg_strip_notes() {
	diff --old-line-format= --new-line-format='+%L' \
	     --unchanged-line-format='=%L' "$1" "$2" |
	awk '
	{
		kind = substr($0, 1, 1)
		text = substr($0, 2)
		if (kind == "+" && text !~ /Call graph/) {
			if (n == 0 || line[n] != "\001")
				line[++n] = "\001"
		} else
			line[++n] = text
	}
	END {
		do {
			changed = 0
			m = 0
			for (i = 1; i <= n; i++) {
				if ((line[i] == "" || line[i] == "\f") &&
				    ((i > 1 && line[i-1] == "\001") ||
				    (i < n && line[i+1] == "\001"))) {
					changed = 1
					continue
				}
				if (line[i] == "\001" && m > 0 && out[m] == "\001") {
					changed = 1
					continue
				}
				out[++m] = line[i]
			}
			n = m
			for (i = 1; i <= n; i++)
				line[i] = out[i]
		} while (changed)
		for (i = 1; i <= n; i++)
			print (line[i] == "\001" ? "<notes>" : line[i])
	}'
}

# tg_parallel_cases SCRIPT OUT CASES: run "sh SCRIPT --one CASE" for each
# corpus case, JOBS at a time (default: the cores); gather each case's
# $TG_SCRATCH/NAME/result into OUT, a missing one counting as a FAIL
# (the worker died), print it and add its lines to the counts.
tg_parallel_cases() {
	_script=$1 _out=$2 _cases=$3
	echo "$_cases" | xargs -P "${JOBS:-$(nproc 2>/dev/null || echo 2)}" -n 1 \
		sh "$_script" --one
	for _d in $_cases; do
		_r=$TG_SCRATCH/$(basename "$_d")/result
		if [ -f "$_r" ]; then
			cat "$_r"
		else
			echo "FAIL: $(basename "$_d") (worker died)"
		fi
	done > "$_out"
	cat "$_out"
	tg_npass=$((tg_npass + $(grep -c '^PASS: ' "$_out")))
	tg_nfail=$((tg_nfail + $(grep -c '^FAIL: ' "$_out")))
}
