#!/bin/sh
# extract.sh SRCDIR
# Unpack Debian's linux-source-6.1 into SRCDIR and apply the patches
# listed in kernel/patches/series with patch -p1.  SRCDIR.stamp records
# a hash of the series; when it matches, the tree is left untouched, so
# kbuild sees no new timestamps and rebuilds nothing.  When it does not
# match and a whole tree is there, the new tree is made beside it and
# copied over it with rsync --checksum: only the files whose content
# changed get new timestamps, so kbuild rebuilds only what the new
# series changes (a changed commit message rebuilds nothing).
# The tree is pinned by the version of the Debian package that
# installed the tarball (KERNEL_DEB_VERSION); another version fails.
set -eu
src=${1:?usage: extract.sh SRCDIR}
tarball=${KERNEL_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
pin=${KERNEL_DEB_VERSION:-6.1.192-3}
patches=kernel/patches
stamp=$src.stamp

hash=$( (cat "$patches/series"; while read -r p; do cat "$patches/$p"; done <"$patches/series") |
	sha256sum | cut -d' ' -f1)
have=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null || true)
if [ "$have" != "$pin" ]; then
	echo "extract: $tarball: the book is pinned to Debian's linux-source-6.1 $pin, but ${have:-no version} is installed; install $pin (apt-get install linux-source-6.1=$pin) or set KERNEL_DEB_VERSION" >&2
	exit 1
fi
if [ ! -f "$tarball" ]; then
	echo "extract: $tarball is missing; reinstall linux-source-6.1 $pin" >&2
	exit 1
fi
want="$(basename "$tarball") linux-source-6.1=$pin $hash"
if [ -d "$src" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
	echo "extract: $src is up to date"
	exit 0
fi

old=
if [ -d "$src" ] && [ -f "$stamp" ] && command -v rsync >/dev/null 2>&1; then
	old=$src
fi
rm -rf "$src.tmp" "$stamp"
[ -n "$old" ] || rm -rf "$src"
mkdir -p "$src.tmp"
echo "extract: unpacking $tarball"
tar -xf "$tarball" -C "$src.tmp" --strip-components=1
while read -r p; do
	echo "extract: applying $p"
	patch -d "$src.tmp" -p1 -s --no-backup-if-mismatch <"$patches/$p"
done <"$patches/series"
if [ -n "$old" ]; then
	echo "extract: updating $src where its content differs"
	rsync -r -l -p --checksum --delete "$src.tmp/" "$src/"
	rm -rf "$src.tmp"
else
	mv "$src.tmp" "$src"
fi
echo "$want" >"$stamp"
