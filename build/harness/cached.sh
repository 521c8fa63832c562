#!/bin/sh
# cached NAME [-v 'VERSION COMMAND' | -o OUTPUT | PATH]... -- COMMAND [ARG...]
# Runs COMMAND, unless it already passed on exactly these inputs: the
# content of every PATH (a file, or every file under a directory), the
# output of every VERSION COMMAND (e.g. -v 'pandoc --version') and the
# command line itself.  A pass is kept as out/cache/NAME.sum (the hash
# of those inputs) and NAME.log (what the command printed); a failure
# keeps nothing, so the next run runs the command again.  -o OUTPUT is
# a file (or folder) the command writes and a later step reads: it is
# hashed as a PATH is, but the pass is kept with its hash as the command
# left it, so a second run with nothing changed is not run again only
# because the first one wrote it, while an output deleted or edited
# since is made again.  Judged by
# content, never by time: a file put back with an old time is seen.
# For checks whose inputs are all named (self-tests of the tools), so
# that a make check that changed nothing does not repeat them.
set -eu
. build/lib/paths.sh
if [ $# -lt 3 ]; then
	echo "usage: build/harness/cached.sh NAME [-v 'VERSION COMMAND' | -o OUTPUT | PATH]... -- COMMAND [ARG...]" >&2
	exit 2
fi
name=$1
shift
dir=$CACHE
mkdir -p "$dir"
inputs=$(mktemp "$dir/$name.in.XXXXXX")
outputs=$(mktemp "$dir/$name.out.XXXXXX")
paths=$(mktemp "$dir/$name.paths.XXXXXX")
trap 'rm -f "$inputs" "$outputs" "$paths" "$dir/$name.log.$$"' EXIT
# digest PATH: the hash of a file, of every file under a folder, or
# "missing" (for an output, -o).
digest() {
	if [ -d "$1" ]; then
		find "$1" -type f -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum
	elif [ -f "$1" ]; then
		sha256sum "$1"
	else
		echo "missing $1"
	fi
}
# key: the hash of the inputs with the outputs as they are now.
key() {
	{
		cat "$inputs"
		while IFS= read -r o; do digest "$o"; done <"$outputs"
	} | sha256sum | cut -d' ' -f1
}
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
	case $1 in
	-v)
		[ $# -ge 2 ] || { echo "cached: -v needs a command" >&2; exit 2; }
		{ echo "version of: $2"; sh -c "$2" 2>&1 || true; } >>"$inputs"
		shift 2
		;;
	-o)
		[ $# -ge 2 ] || { echo "cached: -o needs a file" >&2; exit 2; }
		printf '%s\n' "$2" >>"$outputs"
		shift 2
		;;
	*)
		if [ -e "$1" ]; then printf '%s\0' "$1" >>"$paths"; else echo "missing $1" >>"$inputs"; fi
		shift
		;;
	esac
done
# Every file of every PATH, hashed by one find and one sha256sum (not a
# find per folder: the inputs of a kept check are hashed in every make);
# a PATH that is a link is followed (-H), the links inside a folder not.
if [ -s "$paths" ]; then
	# shellcheck disable=SC2185 # the paths are given by -files0-from
	find -H -files0-from "$paths" -type f -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum >>"$inputs"
fi
if [ $# -lt 2 ]; then
	echo "cached: $name: no command after --" >&2
	exit 2
fi
shift
echo "command: $*" >>"$inputs"
sum=$(key)
if [ -f "$dir/$name.sum" ] && [ -f "$dir/$name.log" ] && [ "$(cat "$dir/$name.sum")" = "$sum" ]; then
	echo "$name: passed before on these same inputs (not run again; its output: $dir/$name.log)"
	tail -n 1 "$dir/$name.log"
	exit 0
fi
rm -f "$dir/$name.sum"
status=0
{ "$@" 2>&1 || echo "exit-status $?" >"$dir/$name.status.$$"; } | tee "$dir/$name.log.$$"
if [ -f "$dir/$name.status.$$" ]; then
	status=$(sed 's/exit-status //' "$dir/$name.status.$$")
	rm -f "$dir/$name.status.$$"
	exit "$status"
fi
mv "$dir/$name.log.$$" "$dir/$name.log"
key >"$dir/$name.sum"
