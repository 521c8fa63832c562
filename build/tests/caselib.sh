#!/bin/sh
# caselib.sh: sourced by the shell self-tests of build/tests
# (book-selftest.sh, browser-selftest.sh).  The caller keeps scratch files
# in $tmp and sets bad=0; a wrong judgement prints a line starting WRONG
# and sets bad=1.  A right one prints a line starting ok.  The lines are
# those of kernel/tests/selftest-lib.sh: "ok: CASE: ..." and "WRONG: CASE: ...".
#
# judge [-t] CASE WANT EXPECT WHERE COMMAND [ARG...]
#   Runs COMMAND, what it prints kept in a file of $tmp.  WANT is pass
#   (COMMAND must exit 0) or fail (it must not).  Then EXPECT must appear:
#   for a pass, in the file WHERE the command wrote (- for what it
#   printed), for a failure always in what it printed, the reason it gives.
#   With -t, EXPECT may also match WHERE's text with its HTML tags removed.
#   A case with no EXPECT ('') is not allowed: it could not fail for a
#   wrong reason.
#
# say_ok CASE WHAT / say_wrong CASE WHY [FILE]
#   The verdict of a case judged by hand; say_wrong shows FILE's tail.
# shellcheck disable=SC2154,SC2034 # tmp and bad are the caller's

say_ok() {
	echo "ok: $1: $2"
}

say_wrong() {
	echo "WRONG: $1: $2"
	[ -z "${3:-}" ] || sed -e 's/^/    /' "$3" | tail -n 20
	bad=1
}

judge() {
	case_text=
	[ "$1" != -t ] || { case_text=1; shift; }
	[ $# -ge 5 ] || { echo "caselib: judge [-t] CASE WANT EXPECT WHERE COMMAND [ARG...]" >&2; exit 2; }
	case_name=$1 case_want=$2 case_expect=$3 case_where=$4
	shift 4
	case $case_want in pass | fail) ;; *) echo "caselib: $case_name: WANT is pass or fail, not '$case_want'" >&2; exit 2 ;; esac
	[ -n "$case_expect" ] || { echo "caselib: $case_name: no EXPECT" >&2; exit 2; }
	case_log=$tmp/case.$(printf '%s' "$case_name" | tr -c 'A-Za-z0-9._-' '_').log
	if "$@" >"$case_log" 2>&1; then case_got=pass; else case_got=fail; fi
	if [ "$case_got" != "$case_want" ]; then
		for case_tool; do case $case_tool in env | *=*) ;; *) break ;; esac; done
		say_wrong "$case_name" "$case_tool says $case_got, must say $case_want" "$case_log"
		return 0
	fi
	case_in=$case_log
	[ "$case_got" = fail ] || [ "$case_where" = - ] || case_in=$case_where
	if [ ! -f "$case_in" ]; then
		say_wrong "$case_name" "$case_got, but there is no $case_in" "$case_log"
	elif grep -qF -e "$case_expect" "$case_in" ||
		{ [ -n "$case_text" ] && sed -e 's/<[^>]*>//g' "$case_in" | grep -qF -e "$case_expect"; }; then
		say_ok "$case_name" "$case_got, with '$case_expect'"
	else
		say_wrong "$case_name" "$case_got, but no '$case_expect' in $([ "$case_in" = "$case_log" ] && echo "what it printed" || echo "$case_in")" "$case_in"
	fi
}
