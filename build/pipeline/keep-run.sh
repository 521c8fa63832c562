#!/bin/sh
# keep-run ID: keep the report of run ID (a sweep's "full" row, too long
# for make check) in chapters/runs/ID.out, with what produced it in
# chapters/runs/ID.from, for the book and make check.  Refuses a run that
# gave no verdict or whose provenance is missing.
set -eu
. build/lib/paths.sh
[ $# -eq 1 ] || { echo "usage: build/pipeline/keep-run.sh ID" >&2; exit 2; }
runs=$(build/lib/runstore.py path runs)
kept=$(dirname "$(build/lib/runstore.py path kept "$1")")
if [ -f "$runs/$1.err" ]; then
	echo "keep-run: $1 gave no report: $(cat "$runs/$1.err")" >&2
	exit 1
fi
for ext in out from; do
	[ -f "$runs/$1.$ext" ] || { echo "keep-run: no $runs/$1.$ext; run the sweep again" >&2; exit 1; }
done
mkdir -p "$kept"
for ext in out from; do
	cp "$runs/$1.$ext" "$kept/$1.$ext.tmp"
	mv "$kept/$1.$ext.tmp" "$kept/$1.$ext"
done
echo "kept $kept/$1.out (and .from); commit both"
