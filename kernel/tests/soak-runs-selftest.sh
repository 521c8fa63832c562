#!/bin/sh
# soak-runs-selftest.sh
# Check kernel/bin/soak-runs.sh (and mutant-table.sh, which reads the
# same kept runs) on kept runs made up for the purpose, under a made-up
# scenario: a set of good runs must pass, and each kind
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
		'[    0.000000] Kernel command line: console=ttyS0 panic=-1 torture_secs=30 rcutorture.torture_type=qrcu rcutorture.stat_interval=6' \
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
	params='rcutorture.torture_type=qrcu rcutorture.stat_interval=6'
	verdict='PASS (expected End of test: SUCCESS)'
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		case $1 in
		scenario=*) scenario=${1#*=} ;;
		series=*) series=${1#*=} ;;
		files=*) files=${1#*=} ;;
		secs=*) secs=${1#*=} ;;
		params=*) params=${1#*=} ;;
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
		echo "soak-params: $params"
		echo "soak-torture-secs: $secs"
		echo "soak-qemu-secs: 61"
		echo "soak-verdict: $verdict"
		echo "--- console"
		console "$@"
	} >"$f"
}

# shellcheck source=kernel/tests/selftest-lib.sh
. kernel/tests/selftest-lib.sh
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
good "$tmp/other-params"
rec "$tmp/other-params/QR-3.log" params='rcutorture.torture_type=qrcu rcutorture.stat_interval=1'
case_ other-params fail "booted with 'rcutorture.torture_type=qrcu rcutorture.stat_interval=1', but"
good "$tmp/not-a-run"
echo 'hello' >"$tmp/not-a-run/QR-3.log"
case_ not-a-run fail 'not a kept run'
good "$tmp/bad-list-line"
cp -r "$cfg" "$tmp/badcfg"
echo 'QR 2' >>"$tmp/badcfg/SOAKLIST"
cfg=$tmp/badcfg
case_ bad-list-line fail 'SOAKLIST:2: want NAME BOOTS SECONDS'
cfg=$tmp/configs
# A klitmus7 scenario's kept boot ran the litmus tests its .expect
# names (never=T): an edited test makes the boot stale, as an edited
# fragment does.
cp -r "$cfg" "$tmp/lcfg"
echo 'never=T' >>"$tmp/lcfg/QR.expect"
mkdir -p "$tmp/litmus"
echo 'C T exists (0:r0=1)' >"$tmp/litmus/T.litmus"
lhash=$(KERNEL_CONFIGS=$tmp/lcfg KERNEL_LITMUS=$tmp/litmus kernel/bin/soak-runs.sh --hash QR)
echo 'C T exists (0:r0=0)' >"$tmp/litmus/T.litmus"
mkdir -p "$tmp/litmus-changed"
rec "$tmp/litmus-changed/QR-1.log" files="$lhash"
rec "$tmp/litmus-changed/QR-2.log" files="$lhash"
cfg=$tmp/lcfg
KERNEL_LITMUS=$tmp/litmus
export KERNEL_LITMUS
case_ litmus-changed fail "or QR's files changed"
rm "$tmp/litmus/T.litmus"
cp -r "$tmp/litmus-changed" "$tmp/litmus-missing"
case_ litmus-missing fail 'never=T names no file'
cfg=$tmp/configs
# mutant-table.sh, the kernel's column of the mutant table: a busted
# scenario's every kept boot must have caught its bug, and one kept to
# show a miss (end=SUCCESS) none; a run is the scenario's its header
# names, not one whose name merely begins like it.
mcfg=$tmp/mcfg
mkdir -p "$mcfg"
cp "$cfg/CFcommon" "$mcfg/"
for sc in BX BX-PLAIN; do
	echo 'CONFIG_QRCU=y' >"$mcfg/$sc"
	echo 'rcutorture.torture_type=busted_qrcu_x' >"$mcfg/$sc.boot"
done
printf '%s\n' 'end=FAILURE' 'cpus=4' >"$mcfg/BX.expect"
printf '%s\n' 'end=SUCCESS' 'cpus=4' >"$mcfg/BX-PLAIN.expect"
printf '%s\n' 'BX 2 30' 'BX-PLAIN 1 30' >"$mcfg/SOAKLIST"
mrun() { # FILE SCENARIO [CONSOLE-LINE...]
	mf=$1 ms=$2
	shift 2
	{
		echo "soak-scenario: $ms"
		echo '--- console'
		echo '[    2.000000] busted_qrcu_x-torture:--- Start of test: nreaders=4'
		if [ $# -gt 0 ]; then printf '%s\n' "$@"; fi
	} >"$mf"
}
caught='[    3.100000] busted_qrcu_x-torture: !!! Reader Pipe:  10 1 1 0 0 0 0 0 0 0 0'
mtab() { # NAME WANT WHY
	judge "mutants-$1" "$2" "$3" mutant-table.sh env KERNEL_CONFIGS="$mcfg" \
		kernel/bin/mutant-table.sh "$tmp/m-$1" "$tmp/m-$1.tsv"
	if [ "$judged" = right ] && [ "$2" = pass ] &&
		! grep -q "^x	BX	2	2	1.1	-	FAILURE$" "$tmp/m-$1.tsv"; then
		echo "WRONG: mutants-$1: the row of BX is not x, 2 boots, 2 caught, 1.1 s:"
		sed -e 's/^/    /' "$tmp/m-$1.tsv"
		bad=1
	fi
}
mgood() { # DIR
	mkdir -p "$1"
	mrun "$1/BX-1.log" BX "$caught"
	mrun "$1/BX-2.log" BX "$caught"
	mrun "$1/BX-PLAIN-1.log" BX-PLAIN
}
mgood "$tmp/m-good"
mtab good pass -
mgood "$tmp/m-missed"
mrun "$tmp/m-missed/BX-2.log" BX
mtab missed fail 'BX (x): caught in 1 of 2 kept boots'
mgood "$tmp/m-miss-caught"
mrun "$tmp/m-miss-caught/BX-PLAIN-1.log" BX-PLAIN "$caught"
mtab miss-caught fail 'BX-PLAIN (x): a scenario that shows a miss (end=SUCCESS), caught in 1 of 1'
mkdir -p "$tmp/m-none"
mrun "$tmp/m-none/BX-PLAIN-1.log" BX-PLAIN
mtab none fail 'BX (x): no kept boot'
echo "soak-runs-selftest: $n cases"
[ "$bad" -eq 0 ] && echo "soak-runs-selftest: every case judged as it must be"
exit "$bad"
