#!/bin/sh
# scenario-list-selftest.sh
# Check kernel/bin/scenario-list.sh on made-up configuration
# directories: a tidy one must pass, and each kind of untidiness must be
# rejected, for the right reason.
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# tidy DIR: CFcommon, a benchmark, two scenarios, both lists.
tidy() {
	mkdir -p "$1"
	printf '%s\n' 'CONFIG_SMP=y' 'CONFIG_QRCU=y' >"$1/CFcommon"
	echo 'CONFIG_ACPI=y' >"$1/BENCH"
	echo 'bench.readers=2' >"$1/BENCH.boot"
	for s in A B; do
		echo 'CONFIG_QRCU=y' >"$1/$s"
		echo 'rcutorture.torture_type=qrcu' >"$1/$s.boot"
		printf '%s\n' 'end=SUCCESS' 'cpus=4' >"$1/$s.expect"
	done
	printf '%s\n' '# check' A >"$1/CFLIST"
	printf '%s\n' '# soak' 'B 3 30' 'A 1 300' >"$1/SOAKLIST"
}
# shellcheck source=kernel/tests/selftest-lib.sh
. kernel/tests/selftest-lib.sh
bad=0 n=0
case_() { # NAME WANT WHY: scenario-list.sh on $tmp/NAME
	judge "$1" "$2" "$3" scenario-list.sh kernel/bin/scenario-list.sh "$tmp/$1"
}

tidy "$tmp/tidy"
case_ tidy pass -
tidy "$tmp/unlisted"
echo 'rcutorture.torture_type=srcu' >"$tmp/unlisted/C.boot"
case_ unlisted fail 'scenario C is in neither CFLIST nor SOAKLIST'
tidy "$tmp/no-expect"
rm "$tmp/no-expect/A.expect"
case_ no-expect fail 'scenario A has no'
tidy "$tmp/no-type"
echo 'rcutorture.nreaders=1' >"$tmp/no-type/B.boot"
case_ no-type fail 'B.boot: no rcutorture.torture_type= line'
tidy "$tmp/bench-listed"
echo BENCH >>"$tmp/bench-listed/CFLIST"
case_ bench-listed fail "BENCH is the benchmark's configuration"
tidy "$tmp/bench-expect"
echo 'end=SUCCESS' >"$tmp/bench-expect/BENCH.expect"
case_ bench-expect fail 'the benchmark is not a torture scenario'
tidy "$tmp/twice"
echo A >>"$tmp/twice/CFLIST"
case_ twice fail 'CFLIST:3: A is listed more than once; keep one line'
tidy "$tmp/bad-soak-line"
echo 'B three 30' >>"$tmp/bad-soak-line/SOAKLIST"
case_ bad-soak-line fail 'SOAKLIST:4: want NAME BOOTS SECONDS (BOOTS and SECONDS positive integers), got: B three 30'
tidy "$tmp/zero-boots"
echo 'B 0 30' >>"$tmp/zero-boots/SOAKLIST"
case_ zero-boots fail 'SOAKLIST:4: want NAME BOOTS SECONDS (BOOTS and SECONDS positive integers), got: B 0 30'
tidy "$tmp/soak-line-short"
echo 'B 3' >>"$tmp/soak-line-short/SOAKLIST"
case_ soak-line-short fail 'SOAKLIST:4: want NAME BOOTS SECONDS'
tidy "$tmp/bad-cflist-line"
echo 'B 3 30' >>"$tmp/bad-cflist-line/CFLIST"
case_ bad-cflist-line fail 'CFLIST:3: want one scenario name a line, got: B 3 30'
tidy "$tmp/bad-expect"
echo 'cpus=four' >>"$tmp/bad-expect/B.expect"
case_ bad-expect fail "B.expect:3: cannot use 'cpus=four'"
tidy "$tmp/no-soaklist"
rm "$tmp/no-soaklist/SOAKLIST"
case_ no-soaklist fail 'SOAKLIST: missing'
tidy "$tmp/own-kernel-listed"
echo 'CONFIG_KCSAN=y' >>"$tmp/own-kernel-listed/A"
case_ own-kernel-listed fail 'A needs what the shared kernel (CFcommon) does not have (wanted CONFIG_KCSAN=y, got unset)'
echo "scenario-list-selftest: $n cases"
[ "$bad" -eq 0 ] && echo "scenario-list-selftest: every case judged as it must be"
exit "$bad"
