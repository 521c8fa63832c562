#!/bin/sh
# lkmm-extract.sh OUTDIR [SRCDIR]
# Put the Linux-kernel memory model (tools/memory-model of Debian's
# linux-source-6.1, the tarball kernel/bin/extract.sh unpacks, pinned to
# the same package version) into OUTDIR, for herd7 to run from.  When
# SRCDIR (default out/kernel/src) is a tree extract.sh has already
# unpacked from that tarball, the directory is copied from it (the
# series does not touch tools/memory-model; checked); otherwise only
# that directory is taken out of the tarball.  OUTDIR.stamp records
# where it came from; when it matches, nothing is done.
set -eu
usage="usage: lkmm-extract.sh OUTDIR [SRCDIR]"
out=${1:?$usage}
src=${2:-out/kernel/src}
tarball=${KERNEL_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
pin=${KERNEL_DEB_VERSION:-6.1.192-3}
stamp=$out.stamp
member=tools/memory-model

have=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null || true)
if [ "$have" != "$pin" ]; then
	echo "lkmm-extract: the book is pinned to Debian's linux-source-6.1 $pin, but ${have:-no version} is installed; install $pin (apt-get install linux-source-6.1=$pin) or set KERNEL_DEB_VERSION" >&2
	exit 1
fi
want="$(basename "$tarball") linux-source-6.1=$pin $member"
if [ -f "$out/linux-kernel.cfg" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
	echo "lkmm-extract: $out is up to date"
	exit 0
fi
if grep -q "^diff --git a/$member/" kernel/patches/*.patch; then
	echo "lkmm-extract: a patch of kernel/patches changes $member; this script assumes none does" >&2
	exit 1
fi
rm -rf "$out" "$out.tmp" "$stamp"
mkdir -p "$out.tmp"
case $(cat "$src.stamp" 2>/dev/null || true) in
"$(basename "$tarball") linux-source-6.1=$pin "*)
	if [ -f "$src/$member/linux-kernel.cfg" ]; then
		echo "lkmm-extract: copying $member from $src"
		cp -R "$src/$member/." "$out.tmp/"
	fi
	;;
esac
if [ ! -f "$out.tmp/linux-kernel.cfg" ]; then
	if [ ! -f "$tarball" ]; then
		echo "lkmm-extract: $tarball is missing; reinstall linux-source-6.1 $pin" >&2
		exit 1
	fi
	echo "lkmm-extract: taking $member out of $tarball"
	top=$(basename "$tarball" .tar.xz)
	tar -xJf "$tarball" -C "$out.tmp" --strip-components=3 --wildcards "$top/$member/*"
fi
[ -f "$out.tmp/linux-kernel.cfg" ] || { echo "lkmm-extract: no $member/linux-kernel.cfg found" >&2; exit 1; }
mv "$out.tmp" "$out"
echo "$want" >"$stamp"
echo "lkmm-extract: $out"
