#!/bin/sh
# record NAME -- COMMAND [ARG...]
# Runs one check and files its verdict under out/results/ so that
# build/harness/summary.sh can count it.  A command that exits 77 was skipped (it
# says why); that is counted apart, never as a pass.  The command's own output is shown as it
# runs and kept in out/results/NAME.log; the exit status is passed on.
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
mkdir -p "$dir"
rm -f "$dir/$name.pass" "$dir/$name.fail" "$dir/$name.skip"
{ "$@" 2>&1 || echo "exit-status $?" >"$dir/$name.status"; } | tee "$dir/$name.log"
if [ -f "$dir/$name.status" ]; then
	status=$(sed 's/exit-status //' "$dir/$name.status")
	rm -f "$dir/$name.status"
	if [ "$status" -eq 77 ]; then
		mv "$dir/$name.log" "$dir/$name.skip"
		echo "SKIP $name"
		exit 0
	fi
	mv "$dir/$name.log" "$dir/$name.fail"
	echo "FAIL $name"
else
	mv "$dir/$name.log" "$dir/$name.pass"
	echo "PASS $name"
fi
exit "$status"
