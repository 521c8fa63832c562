#!/bin/sh
# build-warnings.sh SRCDIR BUILDDIR
# The files the series touches must build without warnings:
#  1. the normal build log (BUILDDIR.log, left by build.sh) must have no
#     warning at all;
#  2. the touched C files are compiled again with W=1 (the extra
#     warnings), to assembly (kbuild's single target FILE.s), in
#     BUILDDIR-w1, a copy of the build tree made afresh: W=1 also changes
#     the flags of what kbuild prepares first (scripts/mod, bounds,
#     asm-offsets), so in BUILDDIR itself the next build would redo
#     those and link the kernel again; in a copy nothing has to be
#     prepared from nothing.  Their kernel-doc comments are checked as a
#     W=1 build of 6.1 checks them (scripts/kernel-doc -none FILE, its
#     checkdoc).
set -eu
# shellcheck source=kernel/bin/kbuild-env.sh
. "$(dirname "$0")/kbuild-env.sh"
src=${1:?usage: build-warnings.sh SRCDIR BUILDDIR}
build=${2:?usage: build-warnings.sh SRCDIR BUILDDIR}
build=$(cd "$build" && pwd) # (make -C SRCDIR reads O= from there)
files="kernel/rcu/qrcu.c kernel/rcu/rcutorture.c kernel/rcu/rcuscale.c kernel/rcu/refscale.c"
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

rm -rf "$w1"
cp -a "$build" "$w1"
asm=
for f in $files; do
	rm -f "$w1/${f%.c}.s" # (one found up to date would print no warning)
	asm="$asm ${f%.c}.s"
done
# shellcheck disable=SC2086 # one argument per file
if ! make -C "$src" O="$w1" -j"${KERNEL_JOBS:-2}" W=1 $asm >"$w1.log" 2>&1; then
	tail -n 30 "$w1.log"
	echo "build-warnings: the W=1 compile failed, see $w1.log"
	exit 1
fi
for f in $files; do
	"$src/scripts/kernel-doc" -none "$src/$f" >>"$w1.log" 2>&1
done
ours=$(grep -E '(qrcu|rcutorture|rcuscale|refscale)\.[ch].*warning:' "$w1.log" || true)
if [ -n "$ours" ]; then
	echo "build-warnings: W=1 warnings in the files we touch:"
	printf '%s\n' "$ours"
	status=1
else
	echo "build-warnings: W=1 compile and kernel-doc of $files: no warnings in qrcu, rcutorture, rcuscale or refscale"
fi
exit "$status"
