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
bad=0 n=0
case_() { # NAME WANT WHY
	n=$((n + 1))
	status=0
	kernel/bin/scenario-list.sh "$tmp/$1" >"$tmp/$1.out" 2>&1 || status=$?
	if [ "$status" -eq 0 ]; then got=pass; else got=fail; fi
	if [ "$got" != "$2" ]; then
		echo "WRONG: $1: scenario-list.sh says $got, must say $2"
		sed -e 's/^/    /' "$tmp/$1.out"
		bad=1
	elif [ "$2" = fail ] && ! grep -qF -- "$3" "$tmp/$1.out"; then
		echo "WRONG: $1: scenario-list.sh fails, but not because of: $3"
		sed -e 's/^/    /' "$tmp/$1.out"
		bad=1
	else
		echo "ok: $1: scenario-list.sh says $got, as it must"
	fi
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
case_ twice fail 'listed more than once: A'
tidy "$tmp/bad-soak-line"
echo 'B three 30' >>"$tmp/bad-soak-line/SOAKLIST"
case_ bad-soak-line fail 'want NAME BOOTS SECONDS, got: B three 30'
tidy "$tmp/no-soaklist"
rm "$tmp/no-soaklist/SOAKLIST"
case_ no-soaklist fail 'SOAKLIST: missing'
tidy "$tmp/own-kernel-listed"
echo 'CONFIG_KCSAN=y' >>"$tmp/own-kernel-listed/A"
case_ own-kernel-listed fail 'A needs what the shared kernel (CFcommon) does not have (wanted CONFIG_KCSAN=y, got unset)'
echo "scenario-list-selftest: $n cases"
[ "$bad" -eq 0 ] && echo "scenario-list-selftest: every case judged as it must be"
exit "$bad"
