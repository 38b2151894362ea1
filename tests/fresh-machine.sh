#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# fresh-machine.sh (make check-fresh): the README's quick start on a bare
# Debian bookworm, as a new user meets it.
#
# A minbase bookworm system (debootstrap --variant=minbase) with only
# build-essential and git added stands for the new user's machine.  The
# checkout's HEAD is cloned into it and the two quick-start commands of
# README.md are run there, as root, exactly as written:
#   ./configure && make demo </dev/null   must exit 0 and print a report
#   ./configure && make check             must end "N passed, 0 failed"
# each in a clone of its own, so the demo proves that the build needs
# nothing the tests install.
#
# The bare system is built once and kept as a tarball outside the tree,
# in $TG_FRESH_CACHE (default /var/cache/tgprof); later runs unpack it.
# The packages that configure and the tests install in it are downloaded
# once too: $TG_FRESH_CACHE/debs is the chroot's apt archive directory.
# The Debian mirror is the one this machine's apt uses.  Needs root
# (debootstrap, chroot, mounts); debootstrap is installed when missing.
# Everything that goes wrong fails the run with a message; nothing is
# skipped.
#
# Usage: sh tests/fresh-machine.sh [--prepare]
#   --prepare   only build the cached bare system (when it is not there)
# Environment: TG_FRESH_CACHE, TG_FRESH_SUITE (bookworm),
#   TG_FRESH_TIMEOUT (seconds for each command in the chroot, 3600),
#   TG_FRESH_KEEP=1 (keep the chroot for a look; it is unmounted anyway).
TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
SUITE=${TG_FRESH_SUITE:-bookworm}
CACHE=${TG_FRESH_CACHE:-/var/cache/tgprof}
LIMIT=${TG_FRESH_TIMEOUT:-3600}
LOGS=${TG_BUILD:-$TOP}/tests/out/fresh
prepare_only=0
[ "${1:-}" = --prepare ] && prepare_only=1

die() {
	echo "FAIL: fresh machine: $*"
	exit 1
}
say() { echo "fresh-machine: $*" >&2; }

[ "$(id -u)" = 0 ] || die "needs root (debootstrap, chroot, mount); run: sudo make check-fresh"
mkdir -p "$LOGS" "$CACHE" || die "cannot create $LOGS or $CACHE"
if ! command -v debootstrap > /dev/null 2>&1; then
	"$TOP/scripts/install-deps" --for debootstrap ||
		die "debootstrap missing and could not be installed"
fi
ARCH=$(dpkg --print-architecture) || die "dpkg --print-architecture failed"
TARBALL=$CACHE/$SUITE-minbase-build-essential-$ARCH.tar.gz

# The first Debian mirror this machine's apt configuration names for
# $SUITE: one-line sources (*.list) and deb822 ones (*.sources).
apt_mirror() {
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] || continue
		awk -v s="$SUITE" '$1 == "deb" {
			i = 2
			if ($i ~ /^\[/) { while (i < NF && $i !~ /\]$/) i++; i++ }
			if ($(i + 1) == s) { print $i; exit } }' "$f"
	done
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		awk -v s="$SUITE" '
		function flush() {
			if (deb && suite && uri != "" && on) { print uri; done = 1; exit }
			deb = suite = 0; uri = ""; on = 1
		}
		BEGIN { on = 1 }
		/^[ \t]*$/ { flush(); next }
		/^#/ { next }
		tolower($1) == "types:" { for (i = 2; i <= NF; i++) if ($i == "deb") deb = 1 }
		tolower($1) == "uris:" { uri = $2 }
		tolower($1) == "suites:" { for (i = 2; i <= NF; i++) if ($i == s) suite = 1 }
		tolower($1) == "enabled:" { on = ($2 != "no") }
		END { if (!done) flush() }' "$f"
	done
}

# mounts/unmounts of a chroot at $R; umount_all is safe to call twice.
mount_all() {
	mount -t proc proc "$R/proc" &&
	mount --bind /sys "$R/sys" &&
	mount --bind /dev "$R/dev" &&
	mount --bind /dev/pts "$R/dev/pts"
}
umount_all() {
	[ -n "${R:-}" ] && [ -d "$R" ] || return 0
	# Processes left in the chroot (a tmux server, say) would keep it busy.
	for p in /proc/[0-9]*; do
		[ "$(readlink "$p/root" 2>/dev/null)" = "$R" ] && kill -9 "${p#/proc/}" 2>/dev/null
	done
	for m in var/cache/apt/archives dev/pts dev sys proc; do
		if mountpoint -q "$R/$m"; then
			umount "$R/$m" 2>/dev/null || umount -l "$R/$m"
		fi
	done
	! grep -q " $R/" /proc/mounts
}
cleanup() {
	st=$?
	if [ -n "${R:-}" ] && [ -d "$R" ]; then
		if ! umount_all; then
			echo "FAIL: fresh machine: could not unmount everything under $R; not removed"
			grep " $R/" /proc/mounts
			st=1
		elif [ "${TG_FRESH_KEEP:-0}" = 1 ]; then
			say "kept $R"
		else
			rm -rf "$R"
		fi
	fi
	exit "$st"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# in_chroot CMD: run the shell command CMD in the chroot as a root login
# with a clean environment (and the machine's own certificate authorities
# for node, see host_cas).
EXTRA_CAS=
in_chroot() {
	timeout -k 10 "$LIMIT" chroot "$R" /usr/bin/env -i HOME=/root TERM=xterm \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		LANG=C.UTF-8 ${EXTRA_CAS:+NODE_EXTRA_CA_CERTS=$EXTRA_CAS} /bin/sh -c "$1"
}

# host_cas: the certificate authorities this machine's administrator
# added (/usr/local/share/ca-certificates: a proxy that inspects TLS, a
# company's own) are part of how it reaches the network, as its apt
# proxy is: the chroot gets them, and node (npm fetches speedscope for
# a test) is told to trust them besides its own.
host_cas() {
	set -- /usr/local/share/ca-certificates/*.crt
	[ -f "$1" ] || return 0
	mkdir -p "$R/usr/local/share/ca-certificates" &&
		cat "$@" > "$R/usr/local/share/ca-certificates/host-added.pem" ||
		die "cannot copy this machine's certificate authorities into $R"
	EXTRA_CAS=/usr/local/share/ca-certificates/host-added.pem
}

# The bare system: debootstrap, then build-essential and git, packed up.
if [ ! -f "$TARBALL" ]; then
	MIRROR=$(apt_mirror | head -1)
	[ -n "$MIRROR" ] || die "no '$SUITE' Debian mirror in /etc/apt/sources.list{,.d/*.list,.d/*.sources}"
	say "building the bare $SUITE system from $MIRROR (once; cached as $TARBALL)"
	R=$(mktemp -d /var/tmp/tgprof-bare.XXXXXX) || die "mktemp"
	t0=$(date +%s)
	debootstrap --variant=minbase "$SUITE" "$R" "$MIRROR" > "$LOGS/debootstrap.log" 2>&1 ||
		die "debootstrap failed: $(tail -5 "$LOGS/debootstrap.log")"
	# The host's apt may need settings to reach its mirror (a proxy, an
	# archive snapshot whose Release files are past their Valid-Until).
	apt-config dump | grep -E '^Acquire::(Check-Valid-Until|Check-Date|https?::Proxy) ' \
		> "$R/etc/apt/apt.conf.d/00host-access"
	cp /etc/resolv.conf "$R/etc/resolv.conf"
	mount_all || die "cannot mount /proc, /sys, /dev, /dev/pts in $R"
	in_chroot 'export DEBIAN_FRONTEND=noninteractive;
		apt-get update -qq && apt-get install -y -qq build-essential git && apt-get clean' \
		> "$LOGS/bare-apt.log" 2>&1 ||
		die "installing build-essential and git failed: $(tail -5 "$LOGS/bare-apt.log")"
	umount_all || die "cannot unmount $R"
	tar -C "$R" -czf "$TARBALL.tmp" . && mv "$TARBALL.tmp" "$TARBALL" ||
		{ rm -f "$TARBALL.tmp"; die "cannot write $TARBALL"; }
	rm -rf "$R"
	R=
	say "bare system built in $(( $(date +%s) - t0 ))s: $TARBALL"
fi
[ "$prepare_only" = 1 ] && exit 0

# The README's two commands, as written there.
cmds=$(sed -n '/^## Quick start/,/^## /s/^    \(\.\/configure && make [a-z]*\).*/\1/p' "$TOP/README.md")
demo_cmd=$(echo "$cmds" | grep 'make demo$')
check_cmd=$(echo "$cmds" | grep 'make check$')
[ -n "$demo_cmd" ] && [ -n "$check_cmd" ] ||
	die "README.md's quick start no longer has './configure && make demo' and './configure && make check'"

git -C "$TOP" rev-parse --verify -q HEAD > /dev/null || die "$TOP is not a git checkout"
head=$(git -C "$TOP" rev-parse HEAD)
[ -z "$(git -C "$TOP" status --porcelain --untracked-files=no)" ] ||
	say "warning: uncommitted changes in $TOP are not tested (the clone has HEAD, $head)"

R=$(mktemp -d /var/tmp/tgprof-fresh.XXXXXX) || die "mktemp"
t0=$(date +%s)
tar -C "$R" -xzf "$TARBALL" || die "cannot unpack $TARBALL"
# mktemp made the directory 0700 (and the tarball may say so of "./"):
# the chroot's / must let every user in, as a real system's does (the
# tests run programs as nobody).
chmod 755 "$R" || die "chmod $R"
cp /etc/resolv.conf "$R/etc/resolv.conf" || die "cannot copy resolv.conf"
host_cas
mount_all || die "cannot mount /proc, /sys, /dev, /dev/pts in $R"
mkdir -p "$CACHE/debs/partial" &&
	mount --bind "$CACHE/debs" "$R/var/cache/apt/archives" ||
	die "cannot mount $CACHE/debs on the chroot's /var/cache/apt/archives"
for c in demo check; do
	git clone -q --no-checkout "$TOP" "$R/root/$c" &&
	git -C "$R/root/$c" checkout -q --detach "$head" ||
		die "cannot clone $TOP into the chroot"
done

npass=0
say "in /root/demo: $demo_cmd </dev/null"
in_chroot "cd /root/demo && $demo_cmd </dev/null" > "$LOGS/demo.log" 2>&1
st=$?
if [ "$st" -ne 0 ]; then
	echo "FAIL: fresh machine: $demo_cmd (exit status $st)"
	tail -30 "$LOGS/demo.log" | sed 's/^/    /'
	exit 1
elif ! grep -q '^Flat profile:' "$LOGS/demo.log" || ! grep -q 'Call graph' "$LOGS/demo.log"; then
	echo "FAIL: fresh machine: $demo_cmd printed no report"
	tail -30 "$LOGS/demo.log" | sed 's/^/    /'
	exit 1
fi
echo "PASS: fresh machine: $demo_cmd"

say "in /root/check: $check_cmd"
in_chroot "cd /root/check && $check_cmd" > "$LOGS/check.log" 2>&1
st=$?
last=$(tail -1 "$LOGS/check.log")
if [ "$st" -ne 0 ] || ! echo "$last" | grep -Eq '^[0-9]+ passed, 0 failed$'; then
	echo "FAIL: fresh machine: $check_cmd (exit status $st)"
	# each failing test's line, its failures and their details as the
	# runner printed them (CI shows this output, not the logs)
	awk '/^ +[a-z].*failed/ || /^      FAIL/ { d = 1; print; next }
	     d && /^          / { print; next }
	     { d = 0 }' "$LOGS/check.log" | head -80 | sed 's/^/    /'
	tail -15 "$LOGS/check.log" | sed 's/^/    /'
	# The failing tests' own logs, from inside the chroot.
	mkdir -p "$LOGS/check-out" && cp -r "$R/root/check/tests/out/"*.log "$LOGS/check-out/" 2>/dev/null
	cp "$R/root/check/tests/out/corpus/"apt*.log "$LOGS/check-out/" 2>/dev/null
	exit 1
fi
echo "PASS: fresh machine: $check_cmd ($last)"
say "done in $(( $(date +%s) - t0 ))s; logs in $LOGS"
exit 0
