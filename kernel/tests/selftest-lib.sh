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
# shellcheck disable=SC2154,SC2034 # tmp, bad and n are the caller's
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

# judge NAME WANT WHY TOOL COMMAND...: one case.  Runs COMMAND with its
# output in $tmp/NAME.out; its exit status 0, 2 or any other is pass,
# usage or fail, and must be WANT; a case that must not pass must also
# print WHY, a piece of the reason, since a run rejected for another
# reason than the one it was made for tests nothing.  Prints
# "ok: NAME: ..." or "WRONG: NAME: ..." (the lines mutant_of reads),
# counts the case in n and sets bad=1 when it is judged wrongly.  Sets
# judged to right, wrong or skipped (with SELFTEST_ONLY set, only the
# case of that name runs), so that the caller may check more of a
# right one.
judge() {
	j_name=$1 j_want=$2 j_why=$3 j_tool=$4
	shift 4
	judged=skipped
	[ -z "${SELFTEST_ONLY:-}" ] || [ "$SELFTEST_ONLY" = "$j_name" ] || return 0
	n=$((n + 1)) judged=wrong
	j_status=0
	"$@" >"$tmp/$j_name.out" 2>&1 || j_status=$?
	case $j_status in 0) got=pass ;; 2) got=usage ;; *) got=fail ;; esac
	if [ "$got" != "$j_want" ]; then
		echo "WRONG: $j_name: $j_tool says $got, must say $j_want"
	elif [ "$j_want" != pass ] && ! grep -qF -- "$j_why" "$tmp/$j_name.out"; then
		echo "WRONG: $j_name: $j_tool says $got, but not because of: $j_why"
	else
		echo "ok: $j_name: $j_tool says $got, as it must"
		judged=right
		return 0
	fi
	sed -e 's/^/    /' "$tmp/$j_name.out"
	bad=1
}
