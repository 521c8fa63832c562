#!/bin/sh
# bench-record.sh CONSOLE DIR
# Keep one benchmark boot for the book: the lines of CONSOLE that
# bench-table.sh reads (the "bench:" frame, the CPU count, the clock,
# rcuscale's and refscale's results), as DIR/YYYY-MM-DD-HHMMSS.log,
# named after the run's "bench: host time".  A log that does not parse,
# with every figure, is not kept; a different run already kept under the
# same name is never overwritten.
set -eu
log=${1:?usage: bench-record.sh CONSOLE DIR}
dir=${2:?usage: bench-record.sh CONSOLE DIR}
here=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if ! "$here/bench-table.sh" "$log" >"$tmp/want"; then
	echo "bench-record: $log lacks figures (see above); run make kernel-bench again" >&2
	exit 1
fi
when=$(sed -n 's/^bench: host time \([0-9-]*\) \([0-9]*\):\([0-9]*\):\([0-9]*\) UTC$/\1-\2\3\4/p' "$log" | head -n 1)
if [ -z "$when" ]; then
	echo "bench-record: $log has no 'bench: host time' line; it was not written by run-bench.sh" >&2
	exit 1
fi
mkdir -p "$dir"
out=$dir/$when.log
grep -E -e '^bench: ' -e 'clocksource: Switched to clocksource ' \
	-e 'smp: Brought up ' -e '-scale: ' -e 'Runs[[:space:]]+Time\(ns\)' \
	-e '^\[ *[0-9.]+\] [0-9]+[[:space:]]+[0-9]+\.[0-9]+$' "$log" >"$tmp/kept"
# The kept lines must give the same figures as the whole log.
if ! "$here/bench-table.sh" "$tmp/kept" >"$tmp/got" 2>&1 || ! cmp -s "$tmp/want" "$tmp/got"; then
	echo "bench-record: the lines kept from $log do not give the same table; fix the filter in $0" >&2
	exit 1
fi
if [ -e "$out" ] && ! cmp -s "$tmp/kept" "$out"; then
	echo "bench-record: $out already holds another run; left as it is" >&2
	exit 1
fi
cp "$tmp/kept" "$out"
echo "bench-record: $out ($(wc -l <"$out") lines)"
