#!/bin/sh
# soak-record.sh SCENARIO RUNDIR SRCSTAMP CONFIG RUNSDIR
# Keep one boot of SCENARIO (its console in RUNDIR/console.log, written
# by run-qemu.sh) in RUNSDIR as SCENARIO-YYYYMMDDTHHMMSSZ.log: a header
# saying what produced it, then the whole console.  The header gives the
# series the kernel was built from (SRCSTAMP, written by extract.sh: the
# tarball and a hash of the series) and a hash of its code (without the
# commit messages: soak-runs.sh --code), a hash of the scenario's files and
# of CFcommon, a hash of the kernel's CONFIG, the torture time, the
# wall-clock time of the QEMU run, and the verdict parse-console.sh gave.
# soak-runs.sh checks the kept runs; a run is kept whatever its verdict.
set -eu
usage="usage: soak-record.sh SCENARIO RUNDIR SRCSTAMP CONFIG RUNSDIR"
scen=${1:?$usage}
rundir=${2:?$usage}
stamp=${3:?$usage}
config=${4:?$usage}
runs=${5:?$usage}
cfg=kernel/configs/$scen

for f in "$rundir/console.log" "$rundir/torture-secs" "$rundir/seconds" "$stamp" "$config"; do
	[ -r "$f" ] || { echo "soak-record: cannot read $f" >&2; exit 1; }
done
verdict=$(kernel/bin/parse-console.sh "$rundir/console.log" "$cfg" | tail -n 1 || true)
case $verdict in
PASS* | FAIL*) ;;
*) echo "soak-record: parse-console.sh gave no verdict for $rundir/console.log" >&2; exit 1 ;;
esac
when=$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$runs"
out=$runs/$scen-$when.log
{
	echo "soak-scenario: $scen"
	echo "soak-date: $when"
	echo "soak-series: $(cat "$stamp")"
	echo "soak-series-code: $(kernel/bin/soak-runs.sh --code)"
	echo "soak-scenario-files: $(kernel/bin/soak-runs.sh --hash "$scen")"
	echo "soak-config: $(sha256sum <"$config" | cut -d' ' -f1)"
	echo "soak-params: $(cat "$rundir/params")"
	echo "soak-torture-secs: $(cat "$rundir/torture-secs")"
	echo "soak-qemu-secs: $(cat "$rundir/seconds")"
	echo "soak-verdict: $verdict"
	echo "--- console"
	cat "$rundir/console.log"
} >"$out.tmp"
mv "$out.tmp" "$out"
echo "soak-record: $out: $verdict"
