#!/bin/sh
# parse-console.sh CONSOLE EXPECT [SUMMARYDIR]
# Judge one rcutorture run from its serial console log.  EXPECT is
# SUCCESS for a flavor that must survive (qrcu, srcu) and FAILURE for a
# flavor that is broken on purpose (busted_qrcu).  Prints the lines that
# decide the verdict; exits 0 when the run met the expectation.
#
# Bad lines are found with the kernel's own console-badness.sh (set
# KERNEL_BADNESS to its path in the extracted tree) plus a few patterns
# of our own below.  The guest must have brought up KERNEL_QEMU_CPUS
# CPUs (default 2): a run on fewer CPUs than asked for tests less than
# it claims.  With SUMMARYDIR, writes verdict.txt and
# reader-pipe.txt there for the book.
set -eu
log=${1:?usage: parse-console.sh CONSOLE EXPECT [SUMMARYDIR]}
expect=${2:?usage: parse-console.sh CONSOLE EXPECT [SUMMARYDIR]}
sumdir=${3:-}
badness=${KERNEL_BADNESS:-out/kernel/src/tools/testing/selftests/rcutorture/bin/console-badness.sh}
cpus=${KERNEL_QEMU_CPUS:-2}

case $expect in
SUCCESS | FAILURE) ;;
*) echo "parse-console: EXPECT must be SUCCESS or FAILURE" >&2; exit 2 ;;
esac
if [ ! -r "$badness" ]; then
	echo "parse-console: cannot read $badness (set KERNEL_BADNESS)" >&2
	exit 2
fi

# Patterns besides console-badness.sh's: panics, a missing module,
# lockdep and RCU-lockdep reports, hung tasks, and our own QEMU timeout.
extra='Kernel panic|Unable to handle|general protection fault|'
extra=$extra'possible recursive locking|circular locking dependency|'
extra=$extra'inconsistent lock state|suspicious RCU usage|blocked for more than|'
extra=$extra'insmod rcutorture failed|qemu-boot: killed'

strip() {
	# Drop the printk timestamp so the lines read the same on every run.
	sed -e 's/^\[ *[0-9.]*\] //'
}

fail=0
reasons=
note() {
	reasons="$reasons$1
"
}

if [ ! -s "$log" ]; then
	echo "FAIL: console log $log is missing or empty"
	exit 1
fi

endline=$(grep -a 'End of test:' "$log" | strip | tail -n 1 || true)
smp=$(grep -a 'smp: Brought up ' "$log" | strip | tail -n 1 || true)
pipe=$(grep -a 'Reader Pipe:' "$log" | strip || true)
lastpipe=$(printf '%s\n' "$pipe" | tail -n 1)
batch=$(grep -a 'Reader Batch:' "$log" | strip | tail -n 1 || true)
bad=$( (bash "$badness" <"$log" 2>/dev/null || true; grep -aE "$extra" "$log" || true) | strip | LC_ALL=C sort -u)

if [ -z "$endline" ]; then
	fail=1
	note "no 'End of test:' line: the run hung, crashed or timed out"
fi

case $smp in
*" $cpus CPU" | *" $cpus CPUs") ;;
"") fail=1; note "no 'smp: Brought up' line: the CPU count is unknown" ;;
*) fail=1; note "$cpus CPUs were asked for, but the guest says: $smp" ;;
esac

if [ "$expect" = SUCCESS ]; then
	case $endline in
	*"End of test: SUCCESS"*) ;;
	"") ;;
	*) fail=1; note "end line is not SUCCESS" ;;
	esac
	if grep -aq 'FAILURE' "$log"; then
		fail=1
		note "FAILURE appears in the log"
	fi
	if [ -n "$bad" ]; then
		fail=1
		note "bad lines in the log (console-badness.sh and our patterns):"
		note "$(printf '%s\n' "$bad" | head -n 20)"
	fi
else
	case $endline in
	*"End of test: FAILURE"*) ;;
	*"End of test: SUCCESS"*)
		fail=1
		note "a broken flavor passed: the test harness cannot see bugs" ;;
	"") ;;
	*) fail=1; note "end line is not FAILURE" ;;
	esac
	# The failure must be the one a broken grace period causes: readers
	# that still held an element after a whole grace period had ended
	# since its replacement, counted from the third bucket (pipe count
	# 2) of the Reader Pipe histogram onwards.
	late=$(printf '%s\n' "$lastpipe" | sed -e 's/.*Reader Pipe://' |
		awk '{ s = 0; for (i = 3; i <= NF; i++) s += $i; print s + 0 }')
	if [ "${late:-0}" -eq 0 ]; then
		fail=1
		note "no reader saw a too-short grace period (Reader Pipe)"
	fi
	if printf '%s\n' "$bad" | grep -qE 'Kernel panic|Oops|qemu-boot: killed'; then
		fail=1
		note "the broken flavor crashed the kernel instead of failing the test"
	fi
fi

if [ "$fail" -eq 0 ]; then
	verdict="PASS (expected End of test: $expect)"
else
	verdict="FAIL (expected End of test: $expect)"
fi

report() {
	echo "console: $log"
	[ -z "$smp" ] || echo "$smp"
	[ -z "$endline" ] || echo "$endline" | sed -e 's/\(End of test: [A-Z_]*\).*/\1/'
	[ -z "$lastpipe" ] || echo "$lastpipe"
	[ -z "$batch" ] || echo "$batch"
	printf '%s' "$reasons"
	echo "$verdict"
}
report

if [ -n "$sumdir" ]; then
	mkdir -p "$sumdir"
	printf '%s\n' "$pipe" >"$sumdir/reader-pipe.txt"
	rundir=$(dirname "$log")
	{
		if [ -f "$rundir/params" ]; then
			echo "Parameters: $(cat "$rundir/params")"
		fi
		[ -z "$smp" ] || echo "$smp"
		[ -z "$endline" ] || echo "$endline" | sed -e 's/\(End of test: [A-Z_]*\).*/\1/'
		[ -z "$lastpipe" ] || echo "$lastpipe"
		[ -z "$batch" ] || echo "$batch"
		gps=$(grep -ai 'torture:.*ver:' "$log" | strip | tail -n 1 |
			sed -e 's/.*[vV][eE][rR]: \([0-9]*\).*/\1/')
		[ -z "$gps" ] || echo "Writer updates (ver): $gps"
		if [ -f "$rundir/torture-secs" ]; then
			echo "Torture: $(cat "$rundir/torture-secs") s; QEMU run: $(cat "$rundir/seconds") s wall clock"
		fi
		printf '%s' "$reasons"
		echo "Verdict: $verdict"
	} >"$sumdir/verdict.txt"
fi
exit "$fail"
