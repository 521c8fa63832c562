#!/bin/sh
# soak-runs-selftest.sh
# Check kernel/bin/soak-runs.sh on kept runs made up for the purpose,
# under a made-up scenario: a set of good runs must pass, and each kind
# of bad or stale run must be rejected, for the right reason.
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cfg=$tmp/configs
mkdir -p "$cfg"
echo 'CONFIG_SMP=y' >"$cfg/CFcommon"
echo 'CONFIG_QRCU=y' >"$cfg/QR"
printf '%s\n' 'rcutorture.torture_type=qrcu' 'rcutorture.stat_interval=6' >"$cfg/QR.boot"
printf '%s\n' 'end=SUCCESS' 'cpus=4' 'min-stats=2' 'min-ver=100' 'min-reads=1000' >"$cfg/QR.expect"
echo 'QR 2 30' >"$cfg/SOAKLIST"
echo 'linux-source-6.1.tar.xz 1111' >"$tmp/stamp"
hash=$(KERNEL_CONFIGS=$cfg kernel/bin/soak-runs.sh --hash QR)

console() {
	printf '%s\n' \
		'[    0.500000] smp: Brought up 1 node, 4 CPUs' \
		'[    2.000000] qrcu-torture:--- Start of test: nreaders=4 nfakewriters=4 stat_interval=6' \
		'[    8.000000] qrcu-torture: rtc: 000000008a3c1b2f ver: 612 tfle: 0 rta: 613 rtaf: 0 rtf: 603 rtmbe: 0' \
		'[   14.000000] qrcu-torture: rtc: 00000000f1d2c3b4 ver: 1706 tfle: 0 rta: 1707 rtaf: 0 rtf: 1697 rtmbe: 0' \
		'[   31.500000] qrcu-torture: Reader Pipe:  2467795 2411 0 0 0 0 0 0 0 0 0' \
		'[   31.500000] qrcu-torture: qrcu-paths: fast=412 slow=1890 early=37 flips=1853 windows=301' \
		"$@" \
		'[   31.600000] qrcu-torture:--- End of test: SUCCESS: nreaders=4 nfakewriters=4'
}
# rec FILE [KEY=VALUE...] [-- CONSOLE-LINE...]: one kept run, good unless
# the arguments change a header field or add console lines.
rec() {
	f=$1
	shift
	scenario=QR date=20261204T000000Z series=1111 files=$hash secs=30
	verdict='PASS (expected End of test: SUCCESS)'
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		case $1 in
		scenario=*) scenario=${1#*=} ;;
		series=*) series=${1#*=} ;;
		files=*) files=${1#*=} ;;
		secs=*) secs=${1#*=} ;;
		verdict=*) verdict=${1#*=} ;;
		esac
		shift
	done
	[ $# -eq 0 ] || shift
	{
		echo "soak-scenario: $scenario"
		echo "soak-date: $date"
		echo "soak-series: linux-source-6.1.tar.xz 9999"
		echo "soak-series-code: $series"
		echo "soak-scenario-files: $files"
		echo "soak-config: 0000"
		echo "soak-params: rcutorture.torture_type=qrcu"
		echo "soak-torture-secs: $secs"
		echo "soak-qemu-secs: 61"
		echo "soak-verdict: $verdict"
		echo "--- console"
		console "$@"
	} >"$f"
}

# shellcheck source=kernel/bin/selftest-lib.sh
. kernel/bin/selftest-lib.sh
bad=0 n=0 judged=
# case_ NAME WANT WHY: run soak-runs.sh on $tmp/NAME (already filled).
case_() {
	name=$1 want=$2
	judge "$name" "$want" "$3" soak-runs.sh env KERNEL_BADNESS="${KERNEL_BADNESS:-}" KERNEL_CONFIGS="$cfg" \
		KERNEL_SERIES_CODE=1111 kernel/bin/soak-runs.sh "$tmp/$name" "$tmp/stamp" "$tmp/$name.md"
	[ "$judged" = right ] || return 0
	if [ "$want" = fail ] && [ -e "$tmp/$name.md" ]; then
		echo "WRONG: $name: soak-runs.sh fails but leaves a summary behind"
		bad=1
	elif [ "$want" = pass ] && ! grep -q '^| QR | 2026' "$tmp/$name.md"; then
		echo "WRONG: $name: the summary has no row for the runs"
		bad=1
	fi
}
good() { # DIR: two good runs
	mkdir -p "$1"
	rec "$1/QR-1.log"
	rec "$1/QR-2.log"
}

good "$tmp/all-good"
case_ all-good pass -
mkdir -p "$tmp/none"
case_ none fail '0 good kept runs of 30 s, '
mkdir -p "$tmp/too-few"
rec "$tmp/too-few/QR-1.log"
case_ too-few fail '1 good kept runs of 30 s, '
good "$tmp/old-series"
rec "$tmp/old-series/QR-3.log" series=0000
case_ old-series fail 'kept from a series whose code differs'
good "$tmp/scenario-changed"
rec "$tmp/scenario-changed/QR-3.log" files=abcd
case_ scenario-changed fail "or QR's files changed"
good "$tmp/other-length"
rec "$tmp/other-length/QR-3.log" secs=10
case_ other-length fail 'ran 10 s, '
good "$tmp/not-listed"
rec "$tmp/not-listed/QQ-1.log" scenario=QQ
case_ not-listed fail 'scenario QQ is not in'
good "$tmp/verdict-changed"
rec "$tmp/verdict-changed/QR-3.log" -- '[   20.000000] WARNING: CPU: 1 PID: 57 at kernel/rcu/rcutorture.c:2184 rcu_torture_stats_print+0x3ac/0x3c0'
case_ verdict-changed fail 'parse-console.sh now says'
good "$tmp/failed-run"
rec "$tmp/failed-run/QR-3.log" verdict='FAIL (expected End of test: SUCCESS)' -- '[   20.000000] WARNING: CPU: 1 PID: 57 at kernel/rcu/rcutorture.c:2184 rcu_torture_stats_print+0x3ac/0x3c0'
case_ failed-run fail ': FAIL (expected End of test: SUCCESS)'
good "$tmp/not-a-run"
echo 'hello' >"$tmp/not-a-run/QR-3.log"
case_ not-a-run fail 'not a kept run'
good "$tmp/bad-list-line"
cp -r "$cfg" "$tmp/badcfg"
echo 'QR 2' >>"$tmp/badcfg/SOAKLIST"
cfg=$tmp/badcfg
case_ bad-list-line fail 'SOAKLIST:2: want NAME BOOTS SECONDS'
cfg=$tmp/configs
echo "soak-runs-selftest: $n cases"
[ "$bad" -eq 0 ] && echo "soak-runs-selftest: every case judged as it must be"
exit "$bad"
