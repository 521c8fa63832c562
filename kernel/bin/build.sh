#!/bin/sh
# build.sh SRCDIR BUILDDIR [JOBS]
# Build bzImage and the modules in BUILDDIR, keeping the output in
# BUILDDIR.log for the build-warnings check.  kbuild itself decides what
# is out of date.  The build is reproducible: the timestamp, user, host
# and build number that kbuild would take from the machine are fixed
# (the timestamp is the modification time of the source tree's
# Makefile), so two clean builds of one tree give the same bzImage.
set -eu
# shellcheck source=kernel/bin/kbuild-env.sh
. "$(dirname "$0")/kbuild-env.sh"
src=${1:?usage: build.sh SRCDIR BUILDDIR [JOBS]}
build=${2:?usage: build.sh SRCDIR BUILDDIR [JOBS]}
jobs=${3:-2}
build=$(cd "$build" && pwd)
log=$build.log
KBUILD_BUILD_TIMESTAMP=$(date -u -r "$src/Makefile" '+%a %b %e %H:%M:%S UTC %Y')
KBUILD_BUILD_USER=qrcu
KBUILD_BUILD_HOST=qrcu-tutorial
KBUILD_BUILD_VERSION=1
export KBUILD_BUILD_TIMESTAMP KBUILD_BUILD_USER KBUILD_BUILD_HOST KBUILD_BUILD_VERSION
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
