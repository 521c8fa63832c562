#!/bin/sh
# parse-console.sh CONSOLE SCENARIO [SUMMARYDIR]
# Judge one rcutorture run from its serial console log against what the
# scenario asks for.  SCENARIO is the scenario's Kconfig fragment, for
# example kernel/configs/QRCU; beside it, SCENARIO.boot names the torture
# type (rcutorture.torture_type=...) and SCENARIO.expect says what the
# run must show, one KEY=VALUE a line:
#   end=SUCCESS|FAILURE|HANG  how rcutorture must end (FAILURE: a
#                        flavour broken on purpose, which must be caught;
#                        HANG: one that must hang its writer, which
#                        rcutorture's writer-stall report and the
#                        hung-task detector must both show, with no
#                        other bad line and no SUCCESS)
#   cpus=N               CPUs the guest must bring up (run-qemu.sh boots
#                        that many)
#   preempt=MODE         the kernel must say "Dynamic Preempt: MODE"
#                        (none, voluntary or full: the preempt= boot
#                        parameter took effect)
#   min-stats=N          periodic statistics lines, each with a writer
#                        version (ver:) greater than the one before
#   progress-lines=N     with statistics every second or so, the writer
#                        may pause for longer than one interval: its
#                        version must then never go back and be greater
#                        than N lines before (default 1: every line)
#   min-ver=N            the writer's last version at least N
#   min-reads=N          reads counted in the last Reader Pipe line
#   min-fast=N           fastpath grace periods in the last qrcu-paths:
#                        line (a qrcu-family type's own statistics)
#   min-windows=N        widened fastpath windows in that line
#   min-rwindows=N       widened reader windows (rwindows=) in that line
#   report=TEXT          the run must contain one kernel report (a
#                        "====" banner, a WARNING: line, ..., the stack
#                        dump's </TASK>) with a line containing TEXT; that
#                        one report is expected and so not a bad line
#   line=TEXT            a line containing TEXT must appear (may repeat)
# A KCSAN report ("BUG: KCSAN: ...") fails any run, whatever end= says;
# so does an "End of test: SUCCESS" beside a statistic rcutorture counts
# as an error (a reader beyond the Reader Pipe's second bucket, rtmbe,
# rtmbkf's failures, rtbe, rtbke, rtbre, rtbf not zero).
# Whatever the scenario, the run must be the scenario's: the kernel's
# command line must carry exactly SCENARIO.boot's parameters (besides
# those qemu-boot.sh and run-qemu.sh add: console=, panic=,
# no_timer_check and torture_secs=), and every rcutorture.NAME=VALUE of it that rcutorture's
# "Start of test:" line prints must be printed with that value.
# Prints the lines that decide the verdict; exits 0 when the run met
# every requirement, 1 when it did not, 2 on bad usage or a bad
# scenario file.
#
# Bad lines are found with the kernel's own console-badness.sh (set
# KERNEL_BADNESS to its path in the extracted tree) plus patterns of our
# own below.  The writer's progress is checked the way the kernel's
# parse-console.sh does it.  With SUMMARYDIR, writes verdict.txt and
# reader-pipe.txt there for the book.
set -eu
usage="usage: parse-console.sh CONSOLE SCENARIO [SUMMARYDIR]"
log=${1:?$usage}
scen=${2:?$usage}
sumdir=${3:-}
badness=${KERNEL_BADNESS:-out/kernel/src/tools/testing/selftests/rcutorture/bin/console-badness.sh}

if [ ! -r "$badness" ]; then
	echo "parse-console: cannot read $badness (set KERNEL_BADNESS)" >&2
	exit 2
fi
# The scenario's requirements, as scenarios.sh reads them (it refuses a
# bad line, naming it).
rows=$(kernel/bin/scenarios.sh expect "$scen") || exit 2
ttype=$(kernel/bin/scenarios.sh type "$scen") || exit 2
# A scenario of klitmus7's modules (LITMUS) has a verdict of its own.
[ "$ttype" != klitmus ] || exec kernel/bin/litmus-console.sh "$@"
params=$(kernel/bin/scenarios.sh boot "$scen") || exit 2
expect="" cpus="" preempt="" progress=1 min_stats=1 min_ver=1 min_reads=1 min_fast=0 min_windows=0
min_rwindows=0 report="" lines=""
while IFS= read -r row; do
	key=${row%%=*} val=${row#*=}
	case $key in
	end) expect=$val ;;
	cpus) cpus=$val ;;
	preempt) preempt=$val ;;
	progress-lines) progress=$val ;;
	min-stats) min_stats=$val ;;
	min-ver) min_ver=$val ;;
	min-reads) min_reads=$val ;;
	min-fast) min_fast=$val ;;
	min-windows) min_windows=$val ;;
	min-rwindows) min_rwindows=$val ;;
	report) report=$val ;;
	line) lines="$lines$val
" ;;
	esac
done <<END
$rows
END

# Patterns besides console-badness.sh's: panics, a missing module,
# lockdep and RCU-lockdep reports, hung tasks and soft lockups, a log
# that lost lines or a lockdep that stopped looking, and our own QEMU
# timeout.
extra='Kernel panic|Unable to handle|general protection fault|'
extra=$extra'possible recursive locking|circular locking dependency|'
extra=$extra'inconsistent lock state|suspicious RCU usage|blocked for more than|'
extra=$extra'soft lockup|printk messages dropped|lockdep is turned off|'
extra=$extra'insmod rcutorture failed|qemu-boot: killed|'
# RCU's stall reports that console-badness.sh misses: expedited stalls
# ("detected expedited stalls on CPUs/tasks:") and those of the tasks
# flavours ("rcu_tasks detected stalls on tasks:").
extra=$extra'detected expedited stalls|detected stalls on tasks'

strip() {
	# Drop the printk timestamp so the lines read the same on every run.
	sed -e 's/^\[ *[0-9.]*\] //'
}

tmpdir=$(mktemp -d)
trap 'rm -rf "$tmpdir"' EXIT

# The log the bad-line patterns see: the whole log, or with report=, the
# log without the one report the scenario expects (from its "====" banner,
# at most 5 lines above the line with the text, to the first "</TASK>",
# at most 100 lines below).  An unmatched report leaves the log whole.
scanned=$log
if [ -n "$report" ] && [ -s "$log" ]; then
	tmpscan=$tmpdir/scanned
	awk -v text="$report" '
		{ line[NR] = $0 }
		END {
			for (i = 1; i <= NR && !at; i++) if (index(line[i], text)) at = i
			if (at) {
				for (b = at; b > 0 && b > at - 6 && line[b] !~ /=====/; b--) ;
				for (e = at; e <= NR && e < at + 100 && line[e] !~ /<\/TASK>/; e++) ;
				if (b < 1 || b <= at - 6 || e > NR || e >= at + 100) at = 0
			}
			for (i = 1; i <= NR; i++) if (!at || i < b || i > e) print line[i]
			if (at) printf "parse-console: expected report at lines %d-%d\n", b, e > "/dev/stderr"
		}' "$log" >"$tmpscan" 2>"$tmpscan.why"
	reportat=$(cat "$tmpscan.why")
	rm -f "$tmpscan.why"
	scanned=$tmpscan
fi

fail=0
reasons=
note() {
	fail=1
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
paths=$(grep -a 'qrcu-paths:' "$log" | strip | tail -n 1 || true)
bad=$( (bash "$badness" <"$scanned" 2>/dev/null || true; grep -aE "$extra" "$scanned" || true) | strip | LC_ALL=C sort -u)

# The run's parameters: the kernel's command line against the
# scenario's .boot, and rcutorture's own account of them.
cmdline=$(grep -a 'Kernel command line: ' "$log" | strip | head -n 1 | sed -e 's/.*Kernel command line: *//')
if [ -z "$cmdline" ]; then
	note "no 'Kernel command line:' line: the run's parameters are unknown"
else
	# shellcheck disable=SC2086 # one parameter a word
	printf '%s\n' $cmdline | grep -vE '^((console|panic|torture_secs)=|no_timer_check$)' | LC_ALL=C sort >"$tmpdir/got"
	# shellcheck disable=SC2086 # one parameter a word
	printf '%s\n' $params | LC_ALL=C sort >"$tmpdir/want"
	if ! cmp -s "$tmpdir/got" "$tmpdir/want"; then
		missing=$(LC_ALL=C comm -13 "$tmpdir/got" "$tmpdir/want" | tr '\n' ' ')
		added=$(LC_ALL=C comm -23 "$tmpdir/got" "$tmpdir/want" | tr '\n' ' ')
		note "the kernel's command line is not $scen.boot's: missing: ${missing:-none}; not in $scen.boot: ${added:-none}"
	fi
fi
startline=$(grep -a -- "$ttype-torture:--- Start of test: " "$log" | strip | head -n 1 || true)
if [ -n "$startline" ]; then
	for kv in $params; do
		case $kv in rcutorture.*=*) ;; *) continue ;; esac
		kv=${kv#rcutorture.}
		k=${kv%%=*}
		case " ${startline#*Start of test: } " in
		*" $kv "*) ;;
		*" $k="*)
			printed=$(printf '%s\n' "${startline#*Start of test: }" | tr ' ' '\n' | grep -m 1 "^$k=")
			note "rcutorture ran with $printed, but $scen.boot says rcutorture.$kv" ;;
		esac
	done
fi

if [ -z "$endline" ]; then
	[ "$expect" = HANG ] || note "no 'End of test:' line: the run hung, crashed or timed out"
else
	case $endline in
	"$ttype-torture:--- End of test: "*) ;;
	*) note "the end line is not of torture type $ttype (from $scen.boot): $endline" ;;
	esac
fi

# rcutorture's own rule (rcu_torture_stats_print() in
# kernel/rcu/rcutorture.c of 6.1): a statistics block in which any of
# rtmbe, the first count of rtmbkf, rtbe, rtbke, rtbre or rtbf is not
# zero, or whose Reader Pipe counts a reader beyond its second bucket (a
# too-short grace period), is marked "!!!" and counted as an error, and
# a run with an error ends "End of test: FAILURE".  An End line that says
# SUCCESS beside such a statistic comes from a log that is corrupt or
# edited: one line per statistic, at its first occurrence.
case $endline in
*"End of test: SUCCESS"*)
	errstats=$(grep -a -- "$ttype-torture: " "$log" | strip | awk -v t="$ttype-torture: " '
		index($0, t) != 1 { next }
		/ Reader Pipe: / {
			n = split(substr($0, index($0, "Reader Pipe:") + 12), c, " ")
			late = 0
			for (i = 3; i <= n; i++) late += c[i]
			if (late > 0 && !seen["pipe"]++)
				printf "the End line says SUCCESS, but the Reader Pipe counts %d reader(s) beyond its second bucket (a too-short grace period, an error by rcutorture'"'"'s rule): the log is corrupt or edited: %s\n", late, $0
			next
		}
		/ rtmbe: / {
			nf = split($0, f, " ")
			for (i = 1; i < nf; i++) {
				k = f[i]; v = f[i + 1]
				if (k !~ /^(rtmbe|rtmbkf|rtbe|rtbke|rtbre|rtbf):$/) continue
				sub(/\/.*/, "", v)
				if (v + 0 != 0 && !seen[k]++)
					printf "the End line says SUCCESS, but the statistic %s %s is not zero (an error by rcutorture'"'"'s rule): the log is corrupt or edited: %s\n", k, v, $0
			}
		}')
	while IFS= read -r why; do
		[ -z "$why" ] || note "$why"
	done <<END
$errstats
END
	;;
esac

case $smp in
*" $cpus CPU" | *" $cpus CPUs") ;;
"") note "no 'smp: Brought up' line: the CPU count is unknown" ;;
*) note "$cpus CPUs were asked for ($scen.expect), but the guest says: $smp" ;;
esac

dynpre=$(grep -a 'Dynamic Preempt: ' "$log" | strip | tail -n 1 || true)
if [ -n "$preempt" ] && [ "$dynpre" != "Dynamic Preempt: $preempt" ]; then
	note "the scenario is preempt=$preempt, but the kernel says: ${dynpre:-nothing about Dynamic Preempt}"
fi

# The writer's progress, as the kernel's parse-console.sh checks it:
# every periodic statistics line of a running writer ("ver:" in lower
# case; the writer's pointer, rtc:, is null once it has stopped) must show
# a version greater than the line before, the first one greater than 0
# (with progress-lines=N: never smaller than the line before, and
# greater than N lines before; the Nth line, greater than 0).
# Lines of another torture type do not count.
vers=$(grep -a -- "-torture:.*ver:" "$log" | strip | grep -avE 'rtc: (\(null\)|0+) ' |
	sed -n -e "s/^$ttype-torture: .* ver: \([0-9][0-9]*\) .*/\1/p")
progress=$(printf '%s\n' "$vers" | awk -v min="$min_stats" -v w="$progress" '
	NF {
		n++; v[n] = $1; before = (n > w) ? v[n - w] : (n == w) ? 0 : -1
		if (!bad && ($1 < last || $1 <= before)) { bad = 1; at = n; from = ($1 < last) ? last : before; back = ($1 < last) ? 1 : w }
		last = $1
	}
	END {
		if (bad) printf "the writer made no progress: statistics line %d has ver: %d, %d line(s) after ver: %d\n", at, v[at], back, from
		else if (n < min) printf "%d statistics lines with a writer version (ver:), fewer than the %d required\n", n, min
		printf "%d %d\n", n, last
	}')
nstats=$(printf '%s\n' "$progress" | tail -n 1 | cut -d' ' -f1)
why=$(printf '%s\n' "$progress" | sed -e '$d')
# A writer that must hang makes no progress once it has: only the
# number of statistics lines counts then.
case $expect/$why in
HANG/*"no progress"*) ;;
*/?*) note "$why" ;;
esac
# The writer's last version, from the final statistics (VER:) if any.
lastver=$(grep -a -- "-torture:.* [vV][eE][rR]: [0-9]" "$log" | strip |
	sed -n -e "s/^$ttype-torture: .* [vV][eE][rR]: \([0-9][0-9]*\) .*/\1/p" | tail -n 1)
lastver=${lastver:-0}
if [ "$lastver" -lt "$min_ver" ]; then
	note "the writer's last version is $lastver, fewer than the $min_ver grace periods required"
fi

# The readers: the Reader Pipe histogram must be there and count enough
# reads.
if [ -z "$lastpipe" ]; then
	note "no 'Reader Pipe:' line: the readers' histogram is missing"
fi
cols=$(printf '%s\n' "$lastpipe" | sed -e 's/.*Reader Pipe://')
reads=$(printf '%s\n' "$cols" | awk '{ s = 0; for (i = 1; i <= NF; i++) s += $i; print s + 0 }')
late=$(printf '%s\n' "$cols" | awk '{ s = 0; for (i = 3; i <= NF; i++) s += $i; print s + 0 }')
if [ -n "$lastpipe" ] && [ "$reads" -lt "$min_reads" ]; then
	note "the readers counted $reads reads, fewer than the $min_reads required"
fi

# QRCU's own path counts.
pathval() {
	printf '%s\n' "$paths" | sed -n -e "s/.*qrcu-paths:.* $1=\([0-9][0-9]*\).*/\1/p"
}
if [ "$min_fast" -gt 0 ] || [ "$min_windows" -gt 0 ] || [ "$min_rwindows" -gt 0 ]; then
	if [ -z "$paths" ]; then
		note "no 'qrcu-paths:' line, so the fastpath's use cannot be told"
	else
		fast=$(pathval fast) windows=$(pathval windows)
		if [ -z "$fast" ] || [ -z "$windows" ]; then
			note "the qrcu-paths: line lacks fast= or windows=: $paths"
		else
			[ "$fast" -ge "$min_fast" ] ||
				note "only $fast grace periods took the fastpath, fewer than the $min_fast required"
			[ "$windows" -ge "$min_windows" ] ||
				note "the fastpath window was widened $windows times, fewer than the $min_windows required"
			rwindows=$(pathval rwindows)
			[ "${rwindows:-0}" -ge "$min_rwindows" ] ||
				note "the reader window was widened ${rwindows:-0} times, fewer than the $min_rwindows required"
		fi
	fi
fi

if [ -n "$report" ] && [ -z "${reportat:-}" ]; then
	note "the report the scenario expects is missing (or not a whole report): $report"
fi
if [ -n "$lines" ]; then
	while IFS= read -r want; do
		[ -n "$want" ] || continue
		grep -aqF -- "$want" "$log" || note "the line the scenario expects is missing: $want"
	done <<END
$lines
END
fi

# A data race KCSAN reported ("BUG: KCSAN: data-race in A / B", or an
# assertion or a race of unknown origin) fails every run, whatever end=
# says and whatever report= excuses: a broken flavour must fail through
# rcutorture, not through a race in its code.  Looked for in the whole
# log, apart from console-badness.sh (which sees it only as one more
# "BUG"), so that it is always named as the reason.
kcsan=$(grep -a 'BUG: KCSAN: ' "$log" | strip | LC_ALL=C sort -u || true)
if [ -n "$kcsan" ]; then
	note "KCSAN reported $(printf '%s\n' "$kcsan" | wc -l) data race(s):
$(printf '%s\n' "$kcsan" | head -n 10)"
fi

if printf '%s\n' "$bad" | grep -qE 'printk messages dropped|lockdep is turned off'; then
	note "the log cannot be trusted: $(printf '%s\n' "$bad" | grep -E 'printk messages dropped|lockdep is turned off' | head -n 1)"
fi

# A hang must be one: the writer stuck (rcutorture's writer-stall
# report) in an uninterruptible sleep (the hung-task detector's), and
# nothing else wrong: those reports, their stack dumps and QEMU's
# timeout are expected, and so are rcutorture's own reports of a
# too-short grace period before the hang (its statistics marked "!!!"
# and the warning in rcu_torture_stats_print() that goes with them);
# the hung-task report's list of held locks ends in a rule of "=";
# any other bad line is not.
hangok='Writer stall state|blocked for more than|Call Trace:|qemu-boot: killed|!!!|WARNING: .* rcu_torture_stats_print\+|^=+$'
if [ "$expect" = HANG ]; then
	case $endline in
	*"End of test: SUCCESS"*) note "a flavor that must hang passed: the test harness cannot see bugs" ;;
	esac
	printf '%s\n' "$bad" | grep -q 'Writer stall state' ||
		note "no '??? Writer stall state' line: rcutorture did not report the writer stuck"
	printf '%s\n' "$bad" | grep -q 'blocked for more than' ||
		note "no 'blocked for more than' line: the hung-task detector did not report a stuck task"
	others=$(printf '%s\n' "$bad" | grep -vE "$hangok" | grep -v '^$' || true)
	if [ -n "$others" ]; then
		note "bad lines besides the hang's reports:
$(printf '%s\n' "$others" | head -n 20)"
	fi
elif [ "$expect" = SUCCESS ]; then
	case $endline in
	*"End of test: SUCCESS"*) ;;
	"") ;;
	*) note "end line is not SUCCESS" ;;
	esac
	if grep -aq 'FAILURE' "$log"; then
		note "FAILURE appears in the log"
	fi
	if [ -n "$bad" ]; then
		note "bad lines in the log (console-badness.sh and our patterns):
$(printf '%s\n' "$bad" | head -n 20)"
	fi
else
	case $endline in
	*"End of test: FAILURE"*) ;;
	*"End of test: SUCCESS"*)
		note "a broken flavor passed: the test harness cannot see bugs" ;;
	"") ;;
	*) note "end line is not FAILURE" ;;
	esac
	# The failure must be the one a broken grace period causes: readers
	# that still held an element after a whole grace period had ended
	# since its replacement, counted from the third bucket (pipe count
	# 2) of the Reader Pipe histogram onwards.
	if [ "${late:-0}" -eq 0 ]; then
		note "no reader saw a too-short grace period (Reader Pipe)"
	fi
	if printf '%s\n' "$bad" | grep -qE 'Kernel panic|Oops|qemu-boot: killed|blocked for more than|soft lockup'; then
		note "the broken flavor crashed or hung the kernel instead of failing the test"
	fi
fi

# When rcutorture first reported an error: the first statistics line
# marked "!!!", counted from its "Start of test" line.
firsterr=$(grep -a -e "$ttype-torture:--- Start of test" -e '-torture:.*!!!' "$log" | awk '
	function ts(line) { sub(/^\[ */, "", line); sub(/\].*/, "", line); return line + 0 }
	/Start of test/ && start == "" { start = ts($0); next }
	start != "" { printf "%.1f\n", ts($0) - start; exit }')

if [ "$fail" -eq 0 ]; then
	verdict="PASS (expected End of test: $expect)"
else
	verdict="FAIL (expected End of test: $expect)"
fi

facts() {
	[ -z "$smp" ] || echo "$smp"
	[ -z "$dynpre" ] || echo "$dynpre"
	[ -z "$endline" ] || echo "$endline" | sed -e 's/\(End of test: [A-Z_]*\).*/\1/'
	[ -z "$lastpipe" ] || echo "$lastpipe"
	[ -z "$batch" ] || echo "$batch"
	[ -z "$paths" ] || echo "$paths" | sed -e 's/.*\(qrcu-paths:\)/\1/'
	echo "Statistics lines with writer progress: $nstats; writer updates (ver): $lastver"
	[ -z "$firsterr" ] || echo "First error reported by the statistics: $firsterr s after the start of the test"
}
echo "console: $log"
facts
printf '%s' "$reasons"
echo "$verdict"

if [ -n "$sumdir" ]; then
	mkdir -p "$sumdir"
	printf '%s\n' "$pipe" >"$sumdir/reader-pipe.txt"
	rundir=$(dirname "$log")
	{
		if [ -f "$rundir/params" ]; then
			echo "Parameters: $(cat "$rundir/params")"
		fi
		facts
		if [ -f "$rundir/torture-secs" ]; then
			echo "Torture: $(cat "$rundir/torture-secs") s; QEMU run: $(cat "$rundir/seconds") s wall clock"
		fi
		printf '%s' "$reasons"
		echo "Verdict: $verdict"
	} >"$sumdir/verdict.txt"
fi
exit "$fail"
