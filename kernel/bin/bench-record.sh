#!/bin/sh
# bench-record.sh CONSOLE DIR SRCSTAMP CONFIG
# Keep one benchmark boot for the book: the whole console log CONSOLE,
# compressed with xz, as DIR/YYYY-MM-DD-HHMMSS.log.xz, named after the
# run's "bench: host time".  The whole log, so that a kernel warning
# during a recorded run is never lost: bench-table.sh rejects a log
# with one, here and every time the kept runs are summarised.  Above the
# console, after a header saying what produced it, as soak-record.sh
# heads a soak run: the series the kernel was built from (SRCSTAMP,
# written by extract.sh), the hash of its code (soak-runs.sh --code),
# the hash of the benchmark's files (bench-runs.sh --hash) and of the
# kernel's CONFIG, then a line "--- console"; bench-runs.sh refuses a
# run whose code or files are not those of now.  A log that does not
# parse, with every figure, is not kept; nor is one whose compressed
# copy does not give the same table; a different run already kept under
# the same name is never overwritten.
set -eu
usage="usage: bench-record.sh CONSOLE DIR SRCSTAMP CONFIG"
log=${1:?$usage}
dir=${2:?$usage}
stamp=${3:?$usage}
config=${4:?$usage}
here=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if ! "$here/bench-table.sh" "$log" >"$tmp/want"; then
	echo "bench-record: $log lacks figures or has a kernel warning (see above); run make kernel-bench again" >&2
	exit 1
fi
when=$(sed -n 's/^bench: host time \([0-9-]*\) \([0-9]*\):\([0-9]*\):\([0-9]*\) UTC$/\1-\2\3\4/p' "$log" | head -n 1)
if [ -z "$when" ]; then
	echo "bench-record: $log has no 'bench: host time' line; it was not written by run-bench.sh" >&2
	exit 1
fi
for f in "$stamp" "$config"; do
	[ -r "$f" ] || { echo "bench-record: cannot read $f" >&2; exit 1; }
done
mkdir -p "$dir"
out=$dir/$when.log.xz
{
	echo "bench-series: $(cat "$stamp")"
	echo "bench-series-code: ${KERNEL_SERIES_CODE:-$("$here/soak-runs.sh" --code)}"
	echo "bench-files: $("$here/bench-runs.sh" --hash)"
	echo "bench-config: $(sha256sum <"$config" | cut -d' ' -f1)"
	echo "--- console"
	cat "$log"
} >"$tmp/kept.log"
xz -9 -c "$tmp/kept.log" >"$tmp/kept.log.xz"
# The kept file must give the same figures as the log.
if ! "$here/bench-table.sh" "$tmp/kept.log.xz" >"$tmp/got" 2>&1 || ! cmp -s "$tmp/want" "$tmp/got"; then
	echo "bench-record: the compressed copy of $log does not give the same table" >&2
	exit 1
fi
if [ -e "$out" ] && ! xz -dc "$out" | sed -e '1,/^--- console$/d' | cmp -s - "$log"; then
	echo "bench-record: $out already holds another run; left as it is" >&2
	exit 1
fi
cp "$tmp/kept.log.xz" "$out"
echo "bench-record: $out ($(wc -l <"$log") lines, $(wc -c <"$out") bytes)"
