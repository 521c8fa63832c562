#!/bin/sh
# build-warnings.sh SRCDIR BUILDDIR
# The files the series touches must build without warnings:
#  1. the normal build log (BUILDDIR.log, left by build.sh) must have no
#     warning at all;
#  2. the touched C files are compiled again with W=1 (extra warnings
#     and kernel-doc checks) in a separate tree, BUILDDIR-w1, so the main
#     build's objects keep their flags and are not rebuilt.
set -eu
src=${1:?usage: build-warnings.sh SRCDIR BUILDDIR}
build=${2:?usage: build-warnings.sh SRCDIR BUILDDIR}
objs="kernel/rcu/qrcu.o kernel/rcu/rcutorture.o kernel/rcu/rcuscale.o kernel/rcu/refscale.o"
w1=$build-w1
status=0

n=$(grep -c 'warning:' "$build.log" || true)
if [ "$n" -ne 0 ]; then
	echo "build-warnings: $n warning(s) in the normal build log $build.log:"
	grep -A3 'warning:' "$build.log"
	status=1
else
	echo "build-warnings: no warnings in the normal build log $build.log"
fi

mkdir -p "$w1"
w1=$(cd "$w1" && pwd)
cmp -s "$build/.config" "$w1/.config" || cp "$build/.config" "$w1/.config"
# shellcheck disable=SC2086 # one argument per object
if ! make -C "$src" O="$w1" -j"${KERNEL_JOBS:-2}" W=1 $objs >"$w1.log" 2>&1; then
	tail -n 30 "$w1.log"
	echo "build-warnings: the W=1 build failed, see $w1.log"
	exit 1
fi
ours=$(grep -E '(qrcu|rcutorture|rcuscale|refscale)\.[ch].*warning:' "$w1.log" || true)
if [ -n "$ours" ]; then
	echo "build-warnings: W=1 warnings in the files we touch:"
	printf '%s\n' "$ours"
	status=1
else
	echo "build-warnings: W=1 build of $objs: no warnings in qrcu, rcutorture, rcuscale or refscale"
fi
exit "$status"
