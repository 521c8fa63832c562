#!/bin/sh
# scenarios.sh: the one reader of the torture scenarios' files.  Every
# script and kernel.mk asks it, so that a line means the same thing
# everywhere and a bad one is refused everywhere, by the same words.
#
#   scenarios.sh cflist CONFIGDIR     CFLIST's scenarios, one a line
#   scenarios.sh soaklist CONFIGDIR   SOAKLIST's rows: NAME BOOTS SECONDS
#   scenarios.sh boot SCENARIO        SCENARIO.boot's parameters, on one line
#   scenarios.sh type SCENARIO        the torture type SCENARIO.boot names
#                                     (klitmus: a scenario of klitmus7's
#                                     modules, whose .boot has klitmus.
#                                     parameters and no torture type)
#   scenarios.sh expect SCENARIO      SCENARIO.expect's requirements, one
#                                     KEY=VALUE a line, comments dropped
#
# SCENARIO is the path of a scenario's Kconfig fragment (for example
# kernel/configs/QRCU); its NAME.boot and NAME.expect lie beside it.
# A list line is "NAME" (CFLIST) or "NAME BOOTS SECONDS" (SOAKLIST),
# BOOTS and SECONDS positive integers; "#" starts a comment.  Every
# listed scenario has its three files.  The keys of NAME.expect are
# parse-console.sh's (it documents them).
# On the first bad line: one line "scenarios: FILE:LINE: what is wrong;
# what to write instead" on standard error, and exit 2.
set -eu
usage="usage: scenarios.sh cflist|soaklist CONFIGDIR, or boot|type|expect SCENARIO"
what=${1:?$usage}
arg=${2:?$usage}

die() { # FILE LINE PROBLEM (LINE 0: the whole file)
	if [ "$2" = 0 ]; then echo "scenarios: $1: $3" >&2; else echo "scenarios: $1:$2: $3" >&2; fi
	exit 2
}
need() { # FILE [WHAT IT IS]
	[ -r "$1" ] || die "$1" 0 "missing; ${2:-a scenario is NAME, NAME.boot and NAME.expect}"
}
# A line without its comment, its blanks squeezed and trimmed.
clean() {
	sed -e 's/#.*//' -e 's/[ 	][ 	]*/ /g' -e 's/^ //' -e 's/ $//' "$1"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# rows LIST FIELDS: print the rows of LIST (FIELDS 1: CFLIST's names, 3:
# SOAKLIST's rows), each checked, or refuse the first bad one.
rows() {
	list=$1 fields=$2
	need "$list" "it lists the scenarios to boot"
	dir=$(dirname "$list")
	clean "$list" >"$tmp/rows"
	n=0 seen=" "
	while IFS= read -r row || [ -n "$row" ]; do
		n=$((n + 1))
		[ -n "$row" ] || continue
		# shellcheck disable=SC2086 # a row splits into its fields
		set -- $row
		if [ "$fields" = 1 ] && [ $# -ne 1 ]; then
			die "$list" "$n" "want one scenario name a line, got: $row"
		fi
		if [ "$fields" = 3 ]; then
			ok=0
			if [ $# -eq 3 ]; then
				case $2/$3 in
				0*/* | */0* | *[!0-9/]*) ;;
				*) ok=1 ;;
				esac
			fi
			[ "$ok" = 1 ] || die "$list" "$n" "want NAME BOOTS SECONDS (BOOTS and SECONDS positive integers), got: $row"
		fi
		s=$1
		case $s in
		BENCH*) die "$list" "$n" "$s is the benchmark's configuration, not a torture scenario; remove the line" ;;
		CFcommon | CFLIST | SOAKLIST) die "$list" "$n" "$s is not a scenario; remove the line" ;;
		*[!A-Za-z0-9_-]*) die "$list" "$n" "'$s' is not a scenario name (letters, digits, - and _)" ;;
		esac
		case $seen in
		*" $s "*) die "$list" "$n" "$s is listed more than once; keep one line" ;;
		esac
		seen="$seen$s "
		for f in "$s" "$s.boot" "$s.expect"; do
			[ -f "$dir/$f" ] || die "$list" "$n" "scenario $s has no $dir/$f; add it or remove the line"
		done
		echo "$row"
	done <"$tmp/rows"
}

# ttype SCENARIO: the torture type of SCENARIO.boot.
ttype() {
	need "$1.boot"
	t=$(clean "$1.boot" | sed -n -e 's/^rcutorture\.torture_type=\([^ ]*\)$/\1/p' | tail -n 1)
	if [ -z "$t" ] && clean "$1.boot" | grep -q '^klitmus\.'; then
		t=klitmus
	fi
	[ -n "$t" ] || die "$1.boot" 0 "no rcutorture.torture_type= line; add one"
	echo "$t"
}

# boot SCENARIO: the parameters, one a word, on one line.
boot() {
	ttype "$1" >/dev/null
	clean "$1.boot" | awk 'NF { printf "%s%s", sep, $0; sep = " " } END { print "" }'
}

# expect SCENARIO: the checked KEY=VALUE lines of SCENARIO.expect.
# report=, line= and a klitmus scenario's never= and shown= (see
# litmus-console.sh) keep their text as written; the other keys lose
# their blanks and comments.  end= and cpus= are required.
expect() {
	f=$1.expect
	need "$f"
	n=0 end="" cpus=""
	# shellcheck disable=SC2094 # die writes to standard error, not to $f
	while IFS= read -r raw || [ -n "$raw" ]; do
		n=$((n + 1))
		case $raw in
		report=?* | line=?* | never=?* | shown=?*)
			echo "$raw"
			continue ;;
		esac
		line=$(printf '%s' "${raw%%#*}" | tr -d ' \t')
		[ -n "$line" ] || continue
		key=${line%%=*} val=${line#*=}
		ok=0
		case $key in
		end) case $val in SUCCESS | FAILURE | HANG) ok=1 end=$val ;; esac ;;
		preempt) case $val in none | voluntary | full) ok=1 ;; esac ;;
		cpus | progress-lines | min-stats | min-ver | min-reads | min-fast | min-windows | min-rwindows)
			case $val in '' | *[!0-9]* | 0*) ;; *) ok=1 ;; esac
			[ "$key" != cpus ] || cpus=$val ;;
		esac
		[ "$ok" = 1 ] || die "$f" "$n" "cannot use '$line'; want end=SUCCESS|FAILURE|HANG, cpus=N, preempt=none|voluntary|full, progress-lines=N, min-{stats,ver,reads,fast,windows,rwindows}=N (N > 0), one report=TEXT or line=TEXT, or never=NAME, shown=NAME of a klitmus scenario"
		echo "$key=$val"
	done <"$f"
	if [ -z "$end" ] || [ -z "$cpus" ]; then
		die "$f" "$n" "must say end=SUCCESS|FAILURE|HANG and cpus=N"
	fi
	[ "$(grep -c '^report=' "$f" || true)" -le 1 ] || die "$f" "$(grep -n '^report=' "$f" | sed -n '2s/:.*//p')" "one report= only"
}

case $what in
cflist) rows "$arg/CFLIST" 1 ;;
soaklist) rows "$arg/SOAKLIST" 3 ;;
boot) boot "$arg" ;;
type) ttype "$arg" ;;
expect) expect "$arg" ;;
*) echo "$usage" >&2; exit 2 ;;
esac
