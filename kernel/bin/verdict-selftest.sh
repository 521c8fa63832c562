#!/bin/sh
# verdict-selftest.sh
# Feed parse-console.sh small synthetic console logs and check that it
# passes and fails the right ones.  A verdict script that never fails
# proves nothing, so most cases here must be rejected.
set -eu
parse=kernel/bin/parse-console.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

smp='[    0.500000] smp: Brought up 1 node, 2 CPUs'
onecpu='[    0.500000] smp: Brought up 1 node, 1 CPU'
start='[    1.000000] qrcu-torture:--- Start of test: nreaders=4 nfakewriters=4 stat_interval=15 verbose=1'
stats='[   16.000000] qrcu-torture: rtc: 000000008a3c1b2f ver: 1706 tfle: 0 rta: 1707 rtaf: 0 rtf: 1697 rtmbe: 0'
goodpipe='[   16.000000] qrcu-torture: Reader Pipe:  2467795 2411 0 0 0 0 0 0 0 0 0'
badpipe='[   16.000000] busted_qrcu-torture: Reader Pipe:  1120063 58291 25012 11111 4012 1401 481 77 9 0 0'
success='[   46.000000] qrcu-torture:--- End of test: SUCCESS: nreaders=4 nfakewriters=4'
failure='[   46.000000] busted_qrcu-torture:--- End of test: FAILURE: nreaders=4 nfakewriters=4'
warning='[   20.000000] WARNING: CPU: 1 PID: 57 at kernel/rcu/rcutorture.c:2184 rcu_torture_stats_print+0x3ac/0x3c0 [rcutorture]'
lockdep='[   21.000000] WARNING: possible circular locking dependency detected'
panic='[   22.000000] Kernel panic - not syncing: Fatal exception'

# case NAME EXPECT WANT LINE...: build a log from the lines, run the
# parser with EXPECT, and compare its verdict with WANT (pass or fail).
bad=0
case_() {
	name=$1 expect=$2 want=$3
	shift 3
	printf '%s\n' "$@" >"$tmp/$name.log"
	if KERNEL_QEMU_CPUS=2 "$parse" "$tmp/$name.log" "$expect" >"$tmp/$name.out" 2>&1; then
		got=pass
	else
		got=fail
	fi
	if [ "$got" = "$want" ]; then
		echo "ok: $name: parser says $got, as it must"
	else
		echo "WRONG: $name: parser says $got, must say $want"
		sed -e 's/^/    /' "$tmp/$name.out"
		bad=1
	fi
}

case_ clean-success SUCCESS pass "$smp" "$start" "$stats" "$goodpipe" "$success"
case_ success-with-warning SUCCESS fail "$smp" "$start" "$stats" "$warning" "$goodpipe" "$success"
case_ success-with-lockdep SUCCESS fail "$smp" "$start" "$lockdep" "$goodpipe" "$success"
case_ no-end-line SUCCESS fail "$smp" "$start" "$stats" "$goodpipe"
case_ panic SUCCESS fail "$smp" "$start" "$stats" "$panic"
case_ failure-when-success-expected SUCCESS fail "$smp" "$start" "$badpipe" "$failure"
case_ busted-fails FAILURE pass "$smp" "$start" "$warning" "$badpipe" "$failure"
case_ busted-passes FAILURE fail "$smp" "$start" "$goodpipe" "$success"
case_ busted-no-end-line FAILURE fail "$smp" "$start" "$badpipe"
case_ busted-failure-without-short-gp FAILURE fail "$smp" "$start" "$goodpipe" "$failure"
case_ empty-log SUCCESS fail
case_ one-cpu SUCCESS fail "$onecpu" "$start" "$stats" "$goodpipe" "$success"
case_ no-cpu-count SUCCESS fail "$start" "$stats" "$goodpipe" "$success"
case_ busted-one-cpu FAILURE fail "$onecpu" "$start" "$warning" "$badpipe" "$failure"
[ "$bad" -eq 0 ] && echo "verdict-selftest: all cases judged as they must be"
exit "$bad"
