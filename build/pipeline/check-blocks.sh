#!/bin/sh
# check-blocks TAG: the blocks of chapters/TAG.md (or quizzes/TAG.md)
# follow the format of build/pipeline/format.tsv.  Lists the errors that
# build/pipeline/extract.lua (out/extract/TAG/errors) and build/pipeline/mkrules.py
# (out/rules-errors/TAG) found, one line each naming file and line, and
# fails when there is any; otherwise says how many blocks were read.
set -eu
. build/lib/paths.sh
[ $# -eq 1 ] || { echo "usage: build/pipeline/check-blocks.sh chNN-topic" >&2; exit 2; }
out=$OUT
dir=$(build/lib/runstore.py path extract "" "$1")
[ -f "$dir/blocks" ] || { echo "$1: not extracted ($dir/blocks missing); run make again"; exit 1; }
errors=$(cat "$dir/errors" "$out/rules-errors/$1" 2>/dev/null || true)
if [ -n "$errors" ]; then
	printf '%s\n' "$errors"
	exit 1
fi
echo "$(cat "$dir/chapter"): $(cat "$dir/blocks") blocks follow build/pipeline/format.tsv"
