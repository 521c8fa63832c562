#!/bin/sh
# format-patches.sh DIR
# Export the commits made on top of tag "base" in DIR (see
# patch-tree.sh) into kernel/patches/ with git format-patch, replacing
# the old patch files, and rewrite kernel/patches/series to match.
set -eu
dir=${1:?usage: format-patches.sh DIR}
patches=$(pwd)/kernel/patches
while read -r p; do
	rm -f "$patches/$p"
done <"$patches/series"
(cd "$dir" && git format-patch -q -o "$patches" base..HEAD)
(cd "$patches" && ls [0-9][0-9][0-9][0-9]-*.patch >series)
cat "$patches/series"
