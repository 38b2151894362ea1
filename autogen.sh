#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# autogen.sh: regenerate configure and config.h.in from configure.ac.
# Needs autoconf, automake (for aclocal) and pkg-config (for pkg.m4):
#   sudo apt-get install autoconf automake pkg-config
# configure, config.h.in and aclocal.m4 are committed, so users never run
# this; run it after editing configure.ac and commit what it writes.
set -e
cd "$(dirname "$0")"
aclocal
autoheader
autoconf
rm -rf autom4te.cache configure~ config.h.in~
