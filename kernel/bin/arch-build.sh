#!/bin/sh
# arch-build.sh SRCDIR BUILDDIR ARCH [FRAGMENT...]
# Compile the series' kernel/rcu/qrcu.c for ARCH (arm64 or powerpc) with
# Debian's cross compiler, and disassemble it:
#   BUILDDIR/.config          ARCH's defconfig (ppc64le_defconfig for
#                             powerpc), the fragments merged on top
#                             (default kernel/configs/CFcommon and
#                             kernel/configs/QRCU), then olddefconfig
#   BUILDDIR/kernel/rcu/qrcu.o  the object, and only what kbuild needs
#                             for it (the headers and tools of prepare)
#   BUILDDIR/qrcu.dis         objdump -d -r of the object
#   BUILDDIR/provenance       one line: the compiler's version, the hash
#                             of the patched tree's stamp (the series)
#                             and of the .config
# Skipped when the tree's stamp, the fragments and this script are
# unchanged since the last build (BUILDDIR.stamp).  Fails when the
# result lacks CONFIG_QRCU=y or CONFIG_SMP=y; a symbol of the fragments
# that ARCH cannot give (PREEMPT_DYNAMIC on powerpc, the x86 serial
# console) is listed in BUILDDIR/config-check.log, not an error.
# Prints the seconds each step took.
set -eu
# shellcheck source=kernel/bin/kbuild-env.sh
. "$(dirname "$0")/kbuild-env.sh"
usage="usage: arch-build.sh SRCDIR BUILDDIR ARCH [FRAGMENT...]"
src=${1:?$usage}
build=${2:?$usage}
arch=${3:?$usage}
shift 3
[ $# -gt 0 ] || set -- kernel/configs/CFcommon kernel/configs/QRCU
case $arch in
arm64) cross=aarch64-linux-gnu- defconfig=defconfig pkg=gcc-aarch64-linux-gnu ;;
powerpc) cross=powerpc64le-linux-gnu- defconfig=ppc64le_defconfig pkg=gcc-powerpc64le-linux-gnu ;;
*) echo "arch-build: ARCH $arch: use arm64 or powerpc" >&2; exit 2 ;;
esac
if ! command -v "${cross}gcc" >/dev/null 2>&1 || ! command -v "${cross}objdump" >/dev/null 2>&1; then
	echo "arch-build: ${cross}gcc or ${cross}objdump is not installed; apt-get install $pkg (make deps-kernel installs it)" >&2
	exit 1
fi
if [ ! -f "$src.stamp" ]; then
	echo "arch-build: $src.stamp is missing: extract the patched tree first (make $src.stamp)" >&2
	exit 1
fi
stamp=$build.stamp
want=$( (cat "$src.stamp" "$@" "$0"; "${cross}gcc" --version | head -n 1) | sha256sum | cut -d' ' -f1)
if [ -f "$build/qrcu.dis" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
	echo "arch-build: $build/qrcu.dis is up to date"
	exit 0
fi
rm -f "$stamp"
mkdir -p "$build"
build=$(cd "$build" && pwd)
src=$(cd "$src" && pwd)
top=$(pwd)
frags=""
for f in "$@"; do frags="$frags $top/$f"; done
kmake() { make -s -C "$src" O="$build" ARCH="$arch" CROSS_COMPILE="$cross" "$@"; }
t0=$(date +%s)
kmake "$defconfig" >"$build/defconfig.log" 2>&1
# shellcheck disable=SC2086 # one word per fragment; the paths have no spaces
(cd "$build" && "$src/scripts/kconfig/merge_config.sh" -m -O "$build" "$build/.config" $frags >merge_config.log 2>&1)
kmake olddefconfig >"$build/olddefconfig.log" 2>&1
kernel/bin/config-check.sh "$build/.config" "$@" >"$build/config-check.log" 2>&1 || true
for sym in CONFIG_QRCU=y CONFIG_SMP=y; do
	if ! grep -qx "$sym" "$build/.config"; then
		echo "arch-build: $build/.config: no $sym after merging $*; the qrcu.o of $arch would not be the series' (see $build/config-check.log)" >&2
		exit 1
	fi
done
t1=$(date +%s)
rm -f "$build/kernel/rcu/qrcu.o"
if ! kmake kernel/rcu/qrcu.o >"$build/build.log" 2>&1; then
	tail -n 20 "$build/build.log" | sed -e 's/^/arch-build: /' >&2
	echo "arch-build: $arch: kernel/rcu/qrcu.o did not build (the whole log: $build/build.log)" >&2
	exit 1
fi
t2=$(date +%s)
"${cross}objdump" -d -r --no-show-raw-insn "$build/kernel/rcu/qrcu.o" >"$build/qrcu.dis.tmp"
mv "$build/qrcu.dis.tmp" "$build/qrcu.dis"
series=$(sha256sum <"$src.stamp" | cut -c1-16)
config=$(sha256sum <"$build/.config" | cut -c1-16)
echo "$("${cross}gcc" --version | head -n 1); series $series; config $config" >"$build/provenance"
echo "$want" >"$stamp"
echo "arch-build: $arch: configured in $((t1 - t0)) s, kernel/rcu/qrcu.o in $((t2 - t1)) s: $build/qrcu.dis"
