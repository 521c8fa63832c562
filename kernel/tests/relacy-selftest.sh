#!/bin/sh
# relacy-selftest.sh: kernel/bin/relacy-check.sh's comparison and its
# reading of kernel/relacy/checks, each seen to fail on a broken input.
# No compile: a stand-in program prints what relacy prints, so the test
# takes a second.  Each case changes one thing in a good row (a field
# of what must be reported, a field of what runs, an unused mutant) and
# requires the failure and the line that names it.
set -eu

tmp=$(mktemp -d "${TMPDIR:-/tmp}/relacy-selftest.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
export OUT="$tmp/out" RELACY_CHECKS="$tmp/checks" RELACY_MUTANTS="$tmp/mutants"
mkdir -p "$OUT/relacy" "$RELACY_MUTANTS"
echo 's/a/b/' >"$RELACY_MUTANTS/m1.sed"
# A program that reports for check NAME what relacy reports of a
# failed assertion in updater at iteration 5.
cat >"$OUT/relacy/qrcu-test" <<'EOF'
#!/bin/sh
echo "qrcu_test<1,2>"
echo "USER ASSERT FAILED (assertion: x == 1)"
echo "iteration: 5"
echo "[3] 1: USER ASSERT FAILED (assertion: x == 1), in updater, test.cpp(9)"
echo "qrcu-relacy: $1 variant=$2 data=$3 readers=$4 updaters=$5 gps=1 scheduler=$6 result=USER ASSERT FAILED iterations=5"
echo "qrcu-relacy: $1 paths: sync=10 fast=4 slow=6 early=2 flips=4 sleeps=1 wakeups=1 retries=0 readers-on-1=0"
EOF
chmod +x "$OUT/relacy/qrcu-test"
echo stand-in >"$OUT/relacy/build.sum"
good='c1	m1	1	2	bound	0	3	plain	USER_ASSERT_FAILED	5	updater	sync=10,fast=4,slow=6,early=2,flips=4,sleeps=1,wakeups=1,retries=0,readers-on-1=0'
failed=0

# case WHAT SED WANT: the good row changed by SED must make the check
# fail with a line containing WANT (a sed of "" is the good row: it
# must pass).
case_() {
	printf '# a comment\n%s\n' "$good" | sed "$2" >"$RELACY_CHECKS"
	rm -rf "$OUT/relacy/runs"
	status=0
	kernel/bin/relacy-check.sh run c1 >"$tmp/log" 2>&1 || status=$?
	if [ -z "$3" ]; then
		if [ "$status" = 0 ]; then echo "ok: $1"; else
			echo "FAILED: $1: the good row did not pass:"; cat "$tmp/log"; failed=1; fi
	elif [ "$status" = 0 ]; then
		echo "FAILED: $1: the check passed"; failed=1
	elif ! grep -qF "$3" "$tmp/log"; then
		echo "FAILED: $1: no line saying '$3':"; cat "$tmp/log"; failed=1
	else
		echo "ok: $1: $(grep -F "$3" "$tmp/log" | head -n 1)"
	fi
}

case_ "the good row" "" ""
case_ "another result" 's/USER_ASSERT_FAILED/DATA_RACE/' "expects DATA_RACE (field EXPECT)"
case_ "another iteration" 's/	5	/	6	/' "not 6 as $RELACY_CHECKS:2 says (field AT)"
case_ "another function" 's/updater/reader/' "not in reader as $RELACY_CHECKS:2 says (field IN)"
case_ "another path count" 's/flips=4/flips=5/' "(field PATHS): flips=4, not 5"
case_ "a success expected" 's/USER_ASSERT_FAILED	5	updater/SUCCESS	5	-/' "(field EXPECT)"
case_ "a bad scheduler" 's/bound/bond/' "$RELACY_CHECKS:2: check c1: SCHEDULER bond; use random, bound or full"
case_ "a missing field" 's/	plain//' "$RELACY_CHECKS:2: want 12 fields"
case_ "an unknown mutant" 's/	m1	/	m2	/' "there is no $RELACY_MUTANTS/m2.sed"
case_ "a path count missing" 's/,readers-on-1=0//' "$RELACY_CHECKS:2: check c1: PATHS"
case_ "a path count malformed" 's/retries=0/retries=x/' "$RELACY_CHECKS:2: check c1: PATHS"
case_ "a name used twice" "2p" "a second row of this name (also line 2)"
echo 's/c/d/' >"$RELACY_MUTANTS/m9.sed"
case_ "a mutant no check uses" "" "$RELACY_MUTANTS/m9.sed: no check of $RELACY_CHECKS uses it"
rm "$RELACY_MUTANTS/m9.sed"
mkdir -p "$OUT/relacy/m"
echo "$RELACY_MUTANTS/m1.sed: changes nothing" >"$OUT/relacy/m/m1.broken"
case_ "a mutant that no longer applies" "" "c1: not run: $RELACY_MUTANTS/m1.sed: changes nothing"
[ "$failed" = 0 ] || { echo "relacy-selftest: a case above did not fail as it must; fix kernel/bin/relacy-check.sh"; exit 1; }
echo "relacy-selftest: every case failed as it must, naming the field or the line"
