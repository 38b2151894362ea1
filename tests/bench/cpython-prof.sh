#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes (or reuses) a gprof profile of CPython running part of its own test
# suite, the largest real cycles the cycle-breaking bench measures, and
# prints the directory holding `python` and `gmon.out`.
#
#   BENCH_CPYTHON_SRC=/path/to/cpython sh tests/bench/cpython-prof.sh
#
# BENCH_CPYTHON_SRC is an unpacked CPython source tree (3.11 was measured;
# nothing is downloaded).  Without it the script says so and exits 2.  The
# tree is copied, configured with every C stdlib module built in (so its
# functions are in the profiled executable), built with -pg, and run on
# the test modules below in one process; a run of a few minutes on two
# cores, then reused while the source path and this script are unchanged.
# The directory is ${TG_BUILD:-$TOP}/tests/out/bench/cpython; the build log
# and the tests' output stay there.
# Environment: CC (default cc), TOP, BENCH_CPYTHON_JOBS (make -j, default 2).
set -e
: "${TOP:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${CC:=cc}"
: "${BENCH_CPYTHON_JOBS:=2}"

if [ -z "${BENCH_CPYTHON_SRC:-}" ]; then
	echo "cpython-prof: no CPython source given (set BENCH_CPYTHON_SRC to an" \
		"unpacked CPython 3.11 source tree)" >&2
	exit 2
fi
src=$(cd "$BENCH_CPYTHON_SRC" && pwd)
if [ ! -f "$src/configure" ] || [ ! -f "$src/Python/ceval.c" ]; then
	echo "cpython-prof: $src is not a CPython source tree (no configure," \
		"Python/ceval.c)" >&2
	exit 1
fi

# The test modules: the interpreter's core (eval loop, objects, GC,
# compiler, parser, imports) and C modules (_pickle, _json, _sre,
# _decimal, _datetime, _struct, array, math, ...), each quick on its own.
TESTS="test_grammar test_json test_pickle test_re test_decimal test_compile
test_ast test_dict test_list test_set test_str test_bytes test_int test_float
test_long test_math test_itertools test_functools test_collections
test_datetime test_codecs test_class test_descr test_gc test_generators
test_coroutines test_exceptions test_import test_tokenize test_format
test_fstring test_sort test_heapq test_bisect test_struct test_array
test_enum test_dataclasses test_typing test_textwrap test_difflib test_csv
test_operator test_builtin test_scope test_weakref test_copy test_random
test_statistics test_fractions"

dir="${TG_BUILD:-$TOP}/tests/out/bench/cpython"
key="$src $(cksum < "$0")"
if [ -f "$dir/params" ] && [ "$(cat "$dir/params")" = "$key" ] &&
   [ -x "$dir/python" ] && [ -f "$dir/gmon.out" ]; then
	echo "$dir"
	exit 0
fi
rm -rf "$dir"
mkdir -p "$dir"
log=$dir/build.log
echo "cpython-prof: building $src with -pg in $dir/build (log: $log)" >&2
cp -a "$src" "$dir/build"
(
	cd "$dir/build"
	# MODULE_BUILDTYPE=static: Modules/Setup.stdlib marks its modules
	# *static* (to be linked into python)
	MODULE_BUILDTYPE=static ./configure CC="$CC" CFLAGS="-pg" LDFLAGS="-pg" \
		--disable-shared --without-ensurepip --with-system-libmpdec=no
	# configure hands Modules/Setup.stdlib to makesetup only on WebAssembly;
	# elsewhere its modules become shared objects, whose calls into python
	# gmon.out cannot place (their callers are outside the executable), so
	# the functions they call show as spontaneous roots holding the eval
	# loop's time.  As Setup.local it is read everywhere: its *static*
	# modules are linked into python (_testcapi too: the tests run
	# subinterpreters through it).  _testinternalcapi stays a shared
	# object: linked in, it breaks _freeze_module, which links every
	# built-in module but not the frozen getpath it refers to.
	sed '/^_testinternalcapi /{ s/^/*shared*\n/; s/$/\n*static*/; }' \
		Modules/Setup.stdlib > Modules/Setup.local
	# all: the interpreter and its sysconfig data, which the tests need;
	# the first make may only remake the Makefile from Setup.local
	make -j"$BENCH_CPYTHON_JOBS" || make -j"$BENCH_CPYTHON_JOBS"
	# the modules the tests exercise must be in the executable
	for m in math _json _pickle _decimal _datetime _struct array; do
		grep -q "PyInit_$m\b" Modules/config.c ||
			{ echo "cpython-prof: module $m is not built in"; exit 1; }
	done
) > "$log" 2>&1 || {
	echo "cpython-prof: the build failed; the end of $log:" >&2
	tail -20 "$log" >&2
	exit 1
}
cp "$dir/build/python" "$dir/python"
echo "cpython-prof: running $(echo $TESTS | wc -w) test modules" >&2
# One process (no -j): its gmon.out holds the whole run.  Children the
# tests start write gmon.out.PID elsewhere and are not used.
# What the threads really ran, beside the profile: gprof credits the
# evaluation loop's cycle to its callers by their calls into it, so the
# root starting threads (one call per thread) and main (one call that
# runs every test) get shares that say nothing of their time.  A
# sitecustomize (site imports it, -E or not) adds each thread's own CPU
# clock from its start to its end and appends, at the exit of each
# process, "PID THREADS THREAD_SECONDS PROCESS_SECONDS" to $dir/run/threads;
# the profiled process's line (of most CPU, should two carry its pid) is
# kept as $dir/threads.
mkdir -p "$dir/run"
cat > "$dir/build/Lib/sitecustomize.py" <<'PY'
import atexit, os, threading, time
_ran = [0, 0.0]
_run = threading.Thread.run
def _timed_run(self):
    t0 = time.thread_time()
    try:
        _run(self)
    finally:
        _ran[0] += 1
        _ran[1] += time.thread_time() - t0
threading.Thread.run = _timed_run
_out = os.environ.get("BENCH_THREADS_OUT")
@atexit.register
def _report():
    if _out:
        with open(_out, "a") as f:
            f.write("%d %d %.2f %.2f\n" % (os.getpid(), _ran[0], _ran[1], time.process_time()))
PY
(
	cd "$dir/run"
	BENCH_THREADS_OUT=$dir/run/threads GMON_OUT_PREFIX=$dir/run/gmon.out \
		exec "$dir/build/python" -E -m test $TESTS
) > "$dir/tests.log" 2>&1 &
pid=$!
wait $pid || true
awk -v p="$pid" '$1 == p' "$dir/run/threads" 2>/dev/null | sort -k4,4n | tail -1 > "$dir/threads"
# regrtest ends with its totals whether tests passed or not (some may fail
# on a given machine); without them the run itself failed
if [ ! -f "$dir/run/gmon.out.$pid" ] || ! grep -q '^Total duration' "$dir/tests.log"; then
	echo "cpython-prof: the test run wrote no $dir/run/gmon.out.$pid; the end of" \
		"$dir/tests.log:" >&2
	tail -20 "$dir/tests.log" >&2
	exit 1
fi
mv "$dir/run/gmon.out.$pid" "$dir/gmon.out"
rm -rf "$dir/run"
echo "$key" > "$dir/params"
echo "$dir"
