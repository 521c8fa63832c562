#!/bin/sh
# extract FILE: read a chapter (or a quiz answer) with pandoc and build/pipeline/extract.lua
# and leave what it defines (model fragments, runs, expectations) in
# out/extract/chNN-topic/.  Files whose content did not change keep their time
# stamps, so make re-runs only what an edit touched.  Blocks that break the
# format (build/pipeline/format.tsv) are listed in out/extract/chNN-topic/errors and
# printed; build/pipeline/mkrules.py turns them into a failed check, so this still
# succeeds.  Two extractions at once do not share a scratch directory.
set -eu
. build/lib/paths.sh
[ $# -eq 1 ] || { echo "usage: build/pipeline/extract.sh chapters/chNN-topic.md" >&2; exit 2; }
chapter=$1
tag=$(basename "$chapter" | sed -n 's/^\(ch[0-9][0-9]-.*\)\.md$/\1/p')
[ -n "$tag" ] || {
	echo "$chapter: name it chNN-topic.md (a chapter) or chNN-quizK.md (an answer)" >&2
	exit 2
}
command -v pandoc >/dev/null || {
	echo "pandoc: not installed; run make deps (or: sudo apt-get install pandoc)" >&2
	exit 1
}
# Where the blocks go, and where a long run's report is kept
# (build/lib/runstore.py owns both paths; one process answers for both).
{ read -r dest; read -r kept; } <<EOF
$(build/lib/runstore.py path extract "" "$tag" kept ID "")
EOF
if [ -z "$dest" ] || [ -z "$kept" ]; then
	echo "extract: build/lib/runstore.py gave no path" >&2
	exit 1
fi
mkdir -p "$dest"
new=$(mktemp -d "$(dirname "$dest")/.$tag.XXXXXX")
trap 'rm -rf "$new" "$new.log"' EXIT
# A file pandoc cannot read defines nothing, and says so in its errors
# (a counted failure), rather than stopping make before any check.
if ! pandoc -f markdown -t plain --preserve-tabs -o /dev/null --lua-filter build/pipeline/extract.lua \
	-M outdir="$new" -M chapter="$chapter" -M kept="$kept" "$chapter" 2>"$new.log"; then
	rm -rf "${new:?}"/*
	echo "$chapter" >"$new/chapter"
	echo 0 >"$new/blocks"
	: >"$new/index"
	echo "$chapter: pandoc cannot read it: $(grep -v '^[[:space:]]*$' "$new.log" | head -n 1); fix the Markdown" >"$new/errors"
fi
[ ! -s "$new.log" ] || cat "$new.log" >&2
rm -f "$new.log"
# A file gone from the chapter goes; a new or changed one is moved in
# (a rename, in one mv for all); an unchanged one keeps its time stamp.
for f in "$dest"/*; do
	[ -e "$f" ] || continue
	[ -e "$new/${f##*/}" ] || rm -f "$f"
done
set --
for f in "$new"/*; do
	[ -e "$f" ] || continue
	if ! { [ -e "$dest/${f##*/}" ] && cmp -s "$f" "$dest/${f##*/}"; }; then set -- "$@" "$f"; fi
done
[ $# -eq 0 ] || mv -f "$@" "$dest/"
[ ! -s "$dest/errors" ] || cat "$dest/errors" >&2
touch "$dest.stamp"
