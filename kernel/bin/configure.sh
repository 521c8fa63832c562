#!/bin/sh
# configure.sh SRCDIR BUILDDIR [FRAGMENT...]
# Configure an out-of-tree build: tinyconfig, then the fragments merged
# on top in order (default: kernel/configs/CFcommon; the benchmark kernel
# adds kernel/configs/BENCH), then olddefconfig.  Where two fragments
# name the same symbol, the later one wins.  Fails when a symbol did not
# end up as the fragments ask (merge_config.sh only warns).  Skipped
# when nothing changed.
set -eu
# shellcheck source=kernel/bin/kbuild-env.sh
. "$(dirname "$0")/kbuild-env.sh"
usage="usage: configure.sh SRCDIR BUILDDIR [FRAGMENT...]"
src=${1:?$usage}
build=${2:?$usage}
shift 2
[ $# -gt 0 ] || set -- kernel/configs/CFcommon
stamp=$build.config-stamp

want=$(cat "$src.stamp" "$@" | sha256sum | cut -d' ' -f1)
if [ -f "$build/.config" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
	echo "configure: $build/.config is up to date"
	exit 0
fi

rm -f "$stamp"
mkdir -p "$build"
build=$(cd "$build" && pwd)
src=$(cd "$src" && pwd)
top=$(pwd)
frags=""
for f in "$@"; do frags="$frags $top/$f"; done
make -s -C "$src" O="$build" tinyconfig >"$build/tinyconfig.log"
# merge_config.sh writes its temporary files to the current directory.
# shellcheck disable=SC2086 # one word per fragment; the paths have no spaces
(cd "$build" && "$src/scripts/kconfig/merge_config.sh" -m -O "$build" "$build/.config" $frags >merge_config.log)
make -s -C "$src" O="$build" olddefconfig >"$build/olddefconfig.log" 2>&1

# The last word on each symbol must hold in the result.
if ! kernel/bin/config-check.sh "$build/.config" "$@" >"$build/config-check.log"; then
	sed -e 's/^/configure: /' "$build/config-check.log" >&2
	exit 1
fi
echo "configure: all symbols of $* are set"
echo "$want" >"$stamp"
