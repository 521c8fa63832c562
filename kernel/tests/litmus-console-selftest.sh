#!/bin/sh
# litmus-console-selftest.sh
# Check kernel/bin/litmus-console.sh (the verdict on a LITMUS boot)
# against broken copies of the newest kept LITMUS boot in
# kernel/soak-runs/ and of the scenario's files: it must pass the real
# ones, and fail, naming the reason, when a test shows its forbidden
# outcome, when a module did not run, did not load or ran nothing, when
# the boot did not finish, had another CPU count or a kernel warning,
# and when the scenario does not require every test of
# kernel/litmus/TESTS or the console shows a module it does not name.
# Then the verdict with one of its checks taken out must be caught.
set -eu
# LITMUS_CONSOLE replaces the verdict (the mutants below use it).
check=${LITMUS_CONSOLE:-kernel/bin/litmus-console.sh}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. kernel/tests/selftest-lib.sh
bad=0 n=0
kept=$(find kernel/soak-runs -name 'LITMUS-*.log' | LC_ALL=C sort | tail -n 1)
[ -n "$kept" ] || { echo "litmus-console-selftest: no kept LITMUS boot in kernel/soak-runs/ (make kernel-soak SOAK=LITMUS)"; exit 1; }
sed -e '1,/^--- console$/d' "$kept" >"$tmp/base.log"
mkdir "$tmp/configs"
cp kernel/configs/LITMUS kernel/configs/LITMUS.boot kernel/configs/LITMUS.expect "$tmp/configs/"
entry=QRCU+entry-mb+inc-not-zero

# lcase NAME WANT WHY SED [SCENARIO]: the verdict on the console changed by SED.
lcase() {
	sed -e "$4" "$tmp/base.log" >"$tmp/$1.log"
	judge "$1" "$2" "$3" litmus-console sh "$check" "$tmp/$1.log" "${5:-$tmp/configs/LITMUS}"
}
lcase real pass "" ""
lcase outcome-seen fail "$entry: the outcome its test forbids was observed 3 times in 40000 runs" \
	"s/^Observation $entry Never 0 40000\$/Observation $entry Sometimes 3 39997/"
lcase not-run fail "$entry: not run" "/^litmus: begin $entry\$/,/^litmus: end $entry\$/d"
lcase not-loaded fail "$entry: its module did not load" \
	"/^litmus: begin $entry\$/a\\
litmus: insmod litmus000.ko failed"
lcase no-runs fail "$entry: ran no test" "s/^Observation $entry Never 0 40000\$/Observation $entry Never 0 0/"
lcase no-observation fail "$entry: no Observation line" "/^Observation $entry /d"
lcase unfinished fail "no litmus: all done line" "/^litmus: all done\$/d"
lcase cpus fail "the guest had 2 CPUs" "s/^litmus: CPUs online: 4,/litmus: CPUs online: 2,/"
lcase warning fail "bad line: WARNING: CPU: 1 PID: 99" "/^litmus: begin $entry\$/a\\
[   9.000000] WARNING: CPU: 1 PID: 99 at kernel/rcu/update.c:1 x"
# A variant's count is reported, never judged: any count passes.
lcase variant-count pass "" "s/^\\(Observation $entry+entry-wmb\\) Sometimes [0-9]* [0-9]*\$/\\1 Never 0 40000/"

mkdir "$tmp/untested"
cp "$tmp/configs/"* "$tmp/untested/"
sed -i "/^never=$entry\$/d" "$tmp/untested/LITMUS.expect"
judge untested fail "kernel/litmus/TESTS lists $entry, which LITMUS.expect does not require" litmus-console \
	sh "$check" "$tmp/base.log" "$tmp/untested/LITMUS"
mkdir "$tmp/unnamed"
cp "$tmp/configs/"* "$tmp/unnamed/"
sed -i "/^shown=$entry+entry-wmb\$/d" "$tmp/unnamed/LITMUS.expect"
judge unnamed fail "$entry+entry-wmb ran, but LITMUS.expect has neither" litmus-console \
	sh "$check" "$tmp/base.log" "$tmp/unnamed/LITMUS"

if [ -z "${SELFTEST_ONLY:-}" ]; then
	mutant_of "$check" LITMUS_CONSOLE no-count-check outcome-seen 's/if (pos\[m\] != 0)/if (0)/'
	mutant_of "$check" LITMUS_CONSOLE no-done-check unfinished 's/if (!done)/if (0)/'
	mutant_of "$check" LITMUS_CONSOLE no-tests-check untested 's/if (want\[l\] != "never")/if (0)/'
fi
if [ "$bad" -ne 0 ]; then
	echo "litmus-console-selftest: FAILED (WRONG lines above)"
	exit 1
fi
echo "litmus-console-selftest: all $n cases judged right, and the verdict's mutants caught"
