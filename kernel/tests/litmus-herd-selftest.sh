#!/bin/sh
# litmus-herd-selftest.sh [HERD7 MMDIR]
# Check kernel/bin/litmus-herd.py against broken copies of kernel/litmus:
# it must pass the real tests, and fail, naming what is wrong, when a
# recorded field of a test or a variant differs from herd7's run
# (Observation, States, exists), when a herd7 line is stale (the test's
# code changed: Hash), when a test is missing, unlisted or has no herd7
# line, when herd7 cannot be run or stops early, and when the test itself
# loses its barrier while its header still says Never.  Then the checker
# with one of its comparisons taken out must be caught.  Run from the
# top of the repository.
set -eu
# (Defaults: out/herd/bin/herd7 and out/lkmm/memory-model; kept in the
# environment for the mutants' runs of this script.)
LITMUS_HERD7=${1:-${LITMUS_HERD7:-out/herd/bin/herd7}}
LITMUS_MM=${2:-${LITMUS_MM:-out/lkmm/memory-model}}
export LITMUS_HERD7 LITMUS_MM
herd=$LITMUS_HERD7 mm=$LITMUS_MM
# LITMUS_HERD replaces the checker (the mutants below use it).
check=${LITMUS_HERD:-kernel/bin/litmus-herd.py}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. kernel/tests/selftest-lib.sh
bad=0 n=0
flip=QRCU+flip+two-sums
entry=QRCU+entry-mb+inc-not-zero

# copy NAME: a fresh copy of kernel/litmus as $tmp/NAME.
copy() {
	rm -rf "${tmp:?}/$1"
	mkdir -p "$tmp/$1"
	cp kernel/litmus/* "$tmp/$1/"
}
# herdcase NAME WANT WHY TEST DIR [HERD]: the checker on test TEST of DIR.
herdcase() {
	judge "$1" "$2" "$3" litmus-herd python3 "$check" --only "$4" "${6:-$herd}" "$mm" "$tmp/out-$1" "$5"
}

copy real
herdcase real pass "" "$flip" "$tmp/real"

copy states
sed -i '/^ \* herd7: /s/States 8;/States 7;/' "$tmp/states/$flip.litmus"
herdcase states fail "States: recorded '7', herd7 now prints '8'" "$flip" "$tmp/states"

copy observation
sed -i '/^ \* herd7 no-rmb: /s/Observation Sometimes 1 8;/Observation Sometimes 2 8;/' "$tmp/observation/$flip.litmus"
herdcase observation fail "Observation: recorded 'Sometimes 2 8', herd7 now prints 'Sometimes 1 8' ($flip+no-rmb)" "$flip" "$tmp/observation"

copy exists
sed -i '/^ \* herd7: /s/exists No;/exists Ok;/' "$tmp/exists/$entry.litmus"
herdcase exists fail "exists: recorded 'Ok', herd7 now prints 'No'" "$entry" "$tmp/exists"

# The test's code changed (a counter starts elsewhere) but its herd7
# line was not written again: stale, whatever the other fields say.
copy stale
sed -i 's/atomic_t c1 = ATOMIC_INIT(0);/atomic_t c1 = ATOMIC_INIT(0); int spare = 0;/' "$tmp/stale/$entry.litmus"
herdcase stale fail "stale: recorded for other code" "$entry" "$tmp/stale"

# The subtler break: the test loses its entry barrier and still says
# Result: Never (its herd7 line is then stale too, but the result rule
# alone names it).
copy nobarrier
sed -i 's|	smp_mb(); // entry||' "$tmp/nobarrier/$entry.litmus"
herdcase nobarrier fail "herd7 says Sometimes, Never is required (its Result: line)" "$entry" "$tmp/nobarrier"

copy unrecorded
sed -i '/^ \* herd7 no-after-atomic: /d' "$tmp/unrecorded/$flip.litmus"
herdcase unrecorded fail "variant no-after-atomic has no 'herd7 no-after-atomic:' line" "$flip" "$tmp/unrecorded"

copy missing
rm "$tmp/missing/$flip.litmus"
herdcase missing fail "$flip.litmus: missing" "$flip" "$tmp/missing"
judge missing-files fail "$flip.litmus: missing" litmus-herd python3 "$check" --files "$tmp/missing"

copy unlisted
sed -i "/^$flip\$/d" "$tmp/unlisted/TESTS"
judge unlisted fail "$flip.litmus: not listed" litmus-herd python3 "$check" --files "$tmp/unlisted"

herdcase no-herd fail "herd7 did not run: $tmp/no-such-herd7" "$flip" "$tmp/real" "$tmp/no-such-herd7"
printf '#!/bin/sh\necho "Test X Allowed"\nexit 3\n' >"$tmp/stops"
chmod +x "$tmp/stops"
herdcase herd-stops fail "herd7 did not run to the end (status 3" "$flip" "$tmp/real" "$tmp/stops"

# The table is made only from tests whose runs all passed.
if [ -z "${SELFTEST_ONLY:-}" ] || [ "$SELFTEST_ONLY" = table-after-failure ]; then
	python3 "$check" "$herd" "$mm" "$tmp/out-all" "$tmp/states" >/dev/null 2>&1 || true
fi
judge table-after-failure fail "no passed runs of $flip in" litmus-herd python3 "$check" --table "$tmp/out-all" "$tmp/states"

# The table says what each variant changes, from the diff of the test
# and the variant: waker-relaxed takes two orderings away, and both are
# named.
wake=QRCU+wait+wake
# shellcheck disable=SC2016
judge change-column pass "" litmus-herd sh -c 'python3 "$1" --only "$2" "$3" "$4" "$5" "$6" &&
	grep -F "| \`+waker-relaxed\` |" "$5/$2.rows" | grep -F "removes \`smp_mb(); // rcuwait_wake_up\`" |
	grep -qF "rewrites \`r0 = atomic_dec_and_test(c0);\` as \`atomic_dec(c0);\`"' \
	sh "$check" "$wake" "$herd" "$mm" "$tmp/out-change" "$tmp/real"

# The checker with one of its comparisons taken out must be caught.
if [ -z "${SELFTEST_ONLY:-}" ]; then
	mutant_of "$check" LITMUS_HERD no-field-compare states 's/if rec\[key\] != fields\[key\]:/if False:/'
	mutant_of "$check" LITMUS_HERD no-hash-compare stale 's/if rec\["Hash"\] != fields\["Hash"\]:/if False:/'
	mutant_of "$check" LITMUS_HERD no-result-rule nobarrier 's/if got != want:/if False:/'
	mutant_of "$check" LITMUS_HERD one-line-change change-column 's/else test.variant_change(variant)/else "takes away one line"/'
fi
if [ "$bad" -ne 0 ]; then
	echo "litmus-herd-selftest: FAILED (WRONG lines above)"
	exit 1
fi
echo "litmus-herd-selftest: all $n cases judged right, and the checker's mutants caught"
