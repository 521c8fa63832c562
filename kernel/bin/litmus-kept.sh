#!/bin/sh
# litmus-kept.sh RUNSDIR SCENARIO SUMMARYDIR
# Judge again the newest boot of the klitmus scenario SCENARIO (LITMUS)
# kept in RUNSDIR (kernel/soak-runs, by soak-record.sh), and write what
# the chapter shows of it into SUMMARYDIR: klitmus.md, every module's
# runs and observed outcomes (litmus-console.sh's table), and boot.md,
# the boot's date, parameters and time.  The run must come from the
# series and scenario files as they are now (their hashes in its header,
# as soak-runs.sh checks every kept run), and litmus-console.sh must
# still give the verdict it was kept with, a PASS.  Nothing is written
# unless all of that holds.
set -eu
usage="usage: litmus-kept.sh RUNSDIR SCENARIO SUMMARYDIR"
runs=${1:?$usage}
scen=${2:?$usage}
sumdir=${3:?$usage}
cfg=kernel/configs/$scen
field() { sed -n -e '/^--- console$/q' -e "s/^soak-$2: //p" "$1"; }
rm -f "$sumdir/klitmus.md" "$sumdir/boot.md"
kept=$(find "$runs" -name "$scen-*.log" | LC_ALL=C sort | tail -n 1)
if [ -z "$kept" ]; then
	echo "litmus-kept: no kept $scen boot in $runs; make kernel-soak SOAK=$scen"
	exit 1
fi
if [ "$(field "$kept" series-code)" != "$(kernel/bin/soak-runs.sh --code)" ]; then
	echo "litmus-kept: $kept: kept from a series whose code differs from kernel/patches'; re-record it (make kernel-soak SOAK=$scen)"
	exit 1
fi
if [ "$(field "$kept" scenario-files)" != "$(kernel/bin/soak-runs.sh --hash "$scen")" ]; then
	echo "litmus-kept: $kept: kernel/configs/CFcommon or $scen's files changed since; re-record it (make kernel-soak SOAK=$scen)"
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sed -e '1,/^--- console$/d' "$kept" >"$tmp/console.log"
status=0
kernel/bin/litmus-console.sh "$tmp/console.log" "$cfg" "$tmp" >"$tmp/verdict" 2>&1 || status=$?
cat "$tmp/verdict"
now=$(tail -n 1 "$tmp/verdict")
if [ "$now" != "$(field "$kept" verdict)" ]; then
	echo "litmus-kept: $kept: litmus-console.sh now says '$now', the run was kept saying '$(field "$kept" verdict)'"
	exit 1
fi
[ "$status" -eq 0 ] || { echo "litmus-kept: $kept: $now"; exit 1; }
mkdir -p "$sumdir"
mv "$tmp/klitmus.md" "$sumdir/klitmus.md"
{
	echo "| kept boot | parameters | CPUs | QEMU (TCG) wall time |"
	echo "|---|---|---|---|"
	echo "| \`${kept##*/}\` | \`$(field "$kept" params)\` | $(kernel/bin/scenarios.sh expect "$cfg" | sed -n 's/^cpus=//p') | $(field "$kept" qemu-secs) s |"
} >"$sumdir/boot.md"
echo "litmus-kept: $kept judged again: $now; $sumdir/klitmus.md, $sumdir/boot.md"
