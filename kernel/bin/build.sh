#!/bin/sh
# build.sh SRCDIR BUILDDIR [JOBS]
# Build bzImage and the modules in BUILDDIR, keeping the output in
# BUILDDIR.log for the build-warnings check.  kbuild itself decides what
# is out of date.
set -eu
src=${1:?usage: build.sh SRCDIR BUILDDIR [JOBS]}
build=${2:?usage: build.sh SRCDIR BUILDDIR [JOBS]}
jobs=${3:-2}
build=$(cd "$build" && pwd)
log=$build.log
start=$(date +%s)
echo "build: make -j$jobs bzImage modules (log: $log)"
if ! make -C "$src" O="$build" -j"$jobs" bzImage modules >"$log" 2>&1; then
	tail -n 40 "$log"
	echo "build: FAILED, see $log" >&2
	exit 1
fi
end=$(date +%s)
echo "build: done in $((end - start)) s"
echo "$((end - start))" >"$build.seconds"
