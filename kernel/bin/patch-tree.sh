#!/bin/sh
# patch-tree.sh DIR
# For changing the series: unpack the tarball into DIR as a git
# repository whose first commit is the pristine tree, then apply
# kernel/patches/series on top with git am, one commit per patch.
# Edit and commit there, then export with format-patches.sh DIR.
set -eu
dir=${1:?usage: patch-tree.sh DIR}
tarball=${KERNEL_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
patches=$(pwd)/kernel/patches
pin=${KERNEL_DEB_VERSION:-6.1.192-3}
have=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null || true)
if [ "$have" != "$pin" ]; then
	echo "patch-tree: the series is for Debian's linux-source-6.1 $pin, but ${have:-no version} is installed" >&2
	exit 1
fi
if [ -e "$dir" ]; then
	echo "patch-tree: $dir exists; remove it first" >&2
	exit 1
fi
mkdir -p "$dir"
tar -xf "$tarball" -C "$dir" --strip-components=1
cd "$dir"
git init -q
# Debian's tree ignores everything at its top level (/*), hence -f.
git add -f -A .
export GIT_AUTHOR_NAME="QRCU tutorial" GIT_AUTHOR_EMAIL=qrcu-tutorial@example.org
export GIT_COMMITTER_NAME="$GIT_AUTHOR_NAME" GIT_COMMITTER_EMAIL="$GIT_AUTHOR_EMAIL"
git commit -q -m "Linux $(make -s kernelversion) ($(basename "$tarball"))"
git tag base
while read -r p; do
	git am -q "$patches/$p"
done <"$patches/series"
git log --oneline base..HEAD
