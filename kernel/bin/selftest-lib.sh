#!/bin/sh
# selftest-lib.sh: sourced by the self-tests of kernel/bin's scripts.
# Each self-test defines its cases in "$0", keeps scratch files in $tmp
# and sets bad=1 on a wrong judgement; this file holds what they share.
#
# mutant_of SCRIPT VAR NAME CASE SED: SCRIPT with the sed edit SED applied
# (one of its checks taken out) must be caught by case CASE of the
# self-test, which runs the script named by the environment variable VAR
# when it is set.  The edit must change SCRIPT, and CASE must be judged
# right with the real SCRIPT, or the mutant proves nothing.
# shellcheck disable=SC2154,SC2034 # tmp and bad are the caller's
mutant_of() {
	sed -e "$5" "$1" >"$tmp/mutant.sh"
	chmod +x "$tmp/mutant.sh"
	if cmp -s "$1" "$tmp/mutant.sh"; then
		echo "WRONG: mutant $3: the edit no longer changes ${1##*/}; update it"
		bad=1
	elif ! SELFTEST_ONLY=$4 sh "$0" >"$tmp/mutant.out" 2>&1 || ! grep -q "^ok: $4:" "$tmp/mutant.out"; then
		echo "WRONG: mutant $3: case $4 is not judged right even with the real script"
		bad=1
	elif env "$2=$tmp/mutant.sh" SELFTEST_ONLY="$4" sh "$0" >"$tmp/mutant.out" 2>&1 ||
		! grep -q "^WRONG: $4:" "$tmp/mutant.out"; then
		echo "WRONG: mutant $3: case $4 did not catch it"
		bad=1
	else
		echo "ok: mutant $3: caught by case $4"
	fi
}
