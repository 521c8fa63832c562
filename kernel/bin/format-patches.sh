#!/bin/sh
# format-patches.sh DIR
# Export the commits made on top of tag "base" in DIR (see
# patch-tree.sh) into kernel/patches/ with git format-patch, replacing
# the old patch files, and rewrite kernel/patches/series to match.
# The cover letter, 0000-cover-letter.patch, takes its subject (first
# line) and text from kernel/patches/cover-letter.txt; git adds the
# shortlog and the diffstat.  It is not in the series: it applies
# nothing.
set -eu
dir=${1:?usage: format-patches.sh DIR}
patches=$(pwd)/kernel/patches
cover=$patches/cover-letter.txt
if [ ! -s "$cover" ]; then
	echo "format-patches: $cover is missing or empty; write the cover letter's subject and text there" >&2
	exit 1
fi
branch=$(git -C "$dir" symbolic-ref --short HEAD)
git -C "$dir" config "branch.$branch.description" "$(cat "$cover")"
while read -r p; do
	rm -f "$patches/$p"
done <"$patches/series"
rm -f "$patches/0000-cover-letter.patch"
# The cover letter is signed by the identity patch-tree.sh commits as.
(cd "$dir" && git -c user.name="QRCU tutorial" -c user.email=qrcu-tutorial@example.org \
	format-patch -q --cover-letter --cover-from-description=subject \
	-o "$patches" base..HEAD)
(cd "$patches" && for p in [0-9][0-9][0-9][0-9]-*.patch; do
	[ "$p" = 0000-cover-letter.patch ] || echo "$p"
done >series)
cat "$patches/series"
