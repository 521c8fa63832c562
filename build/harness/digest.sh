#!/bin/sh
# digest FILE [-v 'VERSION COMMAND' | PATH]...
# Writes to FILE the sha256 of every file under each PATH (a file, or a
# folder: every file in it, by name and content) and what each VERSION
# COMMAND prints, and rewrites FILE (its time with it) only when that
# changed: a rule that depends on FILE by time runs again when a file
# under a PATH is edited, added or removed, or a version changes, and
# not otherwise.  make remakes such a FILE in every make (a FORCE rule):
# a few hundredths of a second for the book's sources.
set -eu
if [ $# -lt 2 ]; then
	echo "usage: build/harness/digest.sh FILE [-v 'VERSION COMMAND' | PATH]..." >&2
	exit 2
fi
file=$1
shift
mkdir -p "$(dirname "$file")"
tmp=$file.tmp$$
trap 'rm -f "$tmp"' EXIT
: >"$tmp"
while [ $# -gt 0 ]; do
	case $1 in
	-v)
		[ $# -ge 2 ] || { echo "digest: -v needs a command" >&2; exit 2; }
		{ echo "version of: $2"; sh -c "$2" 2>&1 || true; } >>"$tmp"
		shift 2
		;;
	*)
		if [ -e "$1" ]; then
			find -H "$1" -type f -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum >>"$tmp"
		else
			echo "missing $1" >>"$tmp"
		fi
		shift
		;;
	esac
done
if cmp -s "$tmp" "$file"; then rm -f "$tmp"; else mv -f "$tmp" "$file"; fi
