#!/bin/bash
# record NAME -- COMMAND [ARG...]
# Runs one check and files its verdict under out/results/ so that
# build/harness/summary.sh can count it.  A command that exits 77 was skipped (it
# says why); that is counted apart, never as a pass.  The command's own output is kept
# in out/results/NAME.log (then NAME.pass, .fail or .skip, with the
# seconds it took in NAME.secs); the exit status is passed on.
# Its output is shown as it runs, then PASS NAME (or FAIL, SKIP), unless
# RECORD_QUIET names this clone's results folder (make check without V=1
# sets it): then a pass prints nothing and a failure prints FAIL NAME and
# its whole log, so a run that changed nothing prints only what failed.
# (bash, for its clock: a make check files hundreds of verdicts, and
# this starts no process of its own but the command and one mv.)
set -eu
. build/lib/paths.sh
if [ $# -lt 3 ] || [ "$2" != "--" ]; then
	echo "usage: build/harness/record.sh NAME -- COMMAND [ARG...]" >&2
	exit 2
fi
name=$1
shift 2
dir=$RESULTS
status=0
[ -d "$dir" ] || mkdir -p "$dir"
quiet=
if [ -n "${RECORD_QUIET:-}" ]; then
	here=$PWD
	cd -P "$dir"
	[ "$RECORD_QUIET" != "$PWD" ] || quiet=1
	cd "$here"
fi
for f in "$dir/$name.pass" "$dir/$name.fail" "$dir/$name.skip"; do
	[ ! -e "$f" ] || rm -f "$f"
done
start=${EPOCHREALTIME//[!0-9]/}
if [ -n "$quiet" ]; then
	"$@" >"$dir/$name.log" 2>&1 || echo "exit-status $?" >"$dir/$name.status"
else
	{ "$@" 2>&1 || echo "exit-status $?" >"$dir/$name.status"; } | tee "$dir/$name.log"
fi
# The seconds, to a hundredth, from the clock's microseconds.
us=$((${EPOCHREALTIME//[!0-9]/} - start))
printf '%d.%02d\n' $((us / 1000000)) $((us % 1000000 / 10000)) >"$dir/$name.secs"
if [ -f "$dir/$name.status" ]; then
	read -r _ status <"$dir/$name.status"
	rm -f "$dir/$name.status"
	if [ "$status" -eq 77 ]; then
		mv "$dir/$name.log" "$dir/$name.skip"
		[ -n "$quiet" ] || echo "SKIP $name"
		exit 0
	fi
	mv "$dir/$name.log" "$dir/$name.fail"
	[ -z "$quiet" ] || cat "$dir/$name.fail"
	echo "FAIL $name"
else
	mv "$dir/$name.log" "$dir/$name.pass"
	[ -n "$quiet" ] || echo "PASS $name"
fi
exit "$status"
