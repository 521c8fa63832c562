#!/bin/sh
# verdict-selftest.sh
# Feed parse-console.sh small synthetic console logs, under small
# synthetic scenarios, and check that it passes and fails the right
# ones.  A verdict script that never fails proves nothing, so most
# cases here must be rejected.
set -eu
# VERDICT_PARSER replaces the parser (the mutants below use it).
parse=${VERDICT_PARSER:-kernel/bin/parse-console.sh}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Three scenarios: a flavour that must survive, one that must fail, and
# one that must survive having used the fastpath and its widened window.
printf '%s\n' 'rcutorture.torture_type=qrcu' 'rcutorture.nreaders=4 rcutorture.nfakewriters=4' 'rcutorture.stat_interval=5' >"$tmp/good.boot"
printf '%s\n' '# a comment' 'end=SUCCESS' 'cpus=4' 'min-stats=2' 'min-ver=100' 'min-reads=1000' >"$tmp/good.expect"
printf '%s\n' 'rcutorture.torture_type=qrcu' 'preempt=none' >"$tmp/nopreempt.boot"
printf '%s\n' 'end=SUCCESS' 'cpus=4' 'preempt=none' 'min-stats=2' 'min-ver=100' 'min-reads=1000' >"$tmp/nopreempt.expect"
printf '%s\n' 'rcutorture.torture_type=qrcu' 'rcutorture.qrcu_lockdep_selftest=1' >"$tmp/lockdep.boot"
printf '%s\n' 'end=SUCCESS' 'cpus=4' 'min-stats=2' 'min-ver=100' 'min-reads=1000' \
	'report=Illegal QRCU grace period in same-type QRCU (or in RCU) read-side critical section' \
	'line=qrcu-lockdep-selftest: synchronize_qrcu() called inside a reader of its domain; qrcu_read_lock_held() inside=1 outside=0' \
	>"$tmp/lockdep.expect"
printf '%s\n' 'rcutorture.torture_type=qrcu' 'rcutorture.stat_interval=5' >"$tmp/window.boot"
printf '%s\n' 'end=SUCCESS' 'cpus=4' 'progress-lines=3' 'min-stats=2' 'min-ver=100' 'min-reads=1000' >"$tmp/window.expect"
printf '%s\n' 'rcutorture.torture_type=busted_qrcu' >"$tmp/busted.boot"
printf '%s\n' 'end=FAILURE' 'cpus=4' 'min-stats=2' 'min-ver=100' 'min-reads=1000' >"$tmp/busted.expect"
printf '%s\n' 'rcutorture.torture_type=qrcu' 'rcutorture.nreaders=4' >"$tmp/kcsan.boot"
printf '%s\n' 'end=SUCCESS' 'cpus=4' 'min-stats=2' 'min-ver=100' 'min-reads=1000' \
	'line=kcsan: strict mode configured' >"$tmp/kcsan.expect"
printf '%s\n' 'rcutorture.torture_type=qrcu' 'rcutorture.qrcu_window_us=1000' >"$tmp/fast.boot"
printf '%s\n' 'end=SUCCESS' 'cpus=4' 'min-stats=2' 'min-ver=100' 'min-reads=1000' 'min-fast=50' 'min-windows=20' >"$tmp/fast.expect"
printf '%s\n' 'rcutorture.torture_type=qrcu' 'rcutorture.qrcu_reader_window_us=1000' >"$tmp/rwindow.boot"
printf '%s\n' 'end=SUCCESS' 'cpus=4' 'min-stats=2' 'min-ver=100' 'min-reads=1000' 'min-rwindows=20' >"$tmp/rwindow.expect"
printf '%s\n' 'rcutorture.torture_type=busted_qrcu_unlockwait' >"$tmp/hang.boot"
printf '%s\n' 'end=HANG' 'cpus=4' 'min-stats=1' 'min-ver=100' 'min-reads=1000' >"$tmp/hang.expect"

smp='[    0.500000] smp: Brought up 1 node, 4 CPUs'
prenone='[    0.010000] Dynamic Preempt: none'
prefull='[    0.010000] Dynamic Preempt: full'
twocpus='[    0.500000] smp: Brought up 1 node, 2 CPUs'
onecpu='[    0.500000] smp: Brought up 1 node, 1 CPU'
start='[    1.000000] qrcu-torture:--- Start of test: nreaders=4 nfakewriters=4 stat_interval=5 verbose=1'
stats1='[    6.000000] qrcu-torture: rtc: 000000008a3c1b2f ver: 612 tfle: 0 rta: 613 rtaf: 0 rtf: 603 rtmbe: 0'
stats2='[   11.000000] qrcu-torture: rtc: 00000000f1d2c3b4 ver: 1706 tfle: 0 rta: 1707 rtaf: 0 rtf: 1697 rtmbe: 0'
stats2same='[   11.000000] qrcu-torture: rtc: 00000000f1d2c3b4 ver: 612 tfle: 0 rta: 613 rtaf: 0 rtf: 603 rtmbe: 0'
stats2less='[   11.000000] qrcu-torture: rtc: 00000000f1d2c3b4 ver: 611 tfle: 0 rta: 613 rtaf: 0 rtf: 603 rtmbe: 0'
# The final statistics, after the writer stopped: its pointer is null
# and the version no longer moves; the progress check must skip them.
statsend='[   31.500000] qrcu-torture: rtc: 0000000000000000 VER: 1706 tfle: 0 rta: 1707 rtaf: 0 rtf: 1697 rtmbe: 0'
stats0a='[    6.000000] qrcu-torture: rtc: 000000008a3c1b2f ver: 0 tfle: 0 rta: 1 rtaf: 0 rtf: 0 rtmbe: 0'
stats0b='[   11.000000] qrcu-torture: rtc: 000000008a3c1b2f ver: 0 tfle: 0 rta: 1 rtaf: 0 rtf: 0 rtmbe: 0'
fewstats1='[    6.000000] qrcu-torture: rtc: 000000008a3c1b2f ver: 12 tfle: 0 rta: 13 rtaf: 0 rtf: 3 rtmbe: 0'
fewstats2='[   11.000000] qrcu-torture: rtc: 000000008a3c1b2f ver: 40 tfle: 0 rta: 41 rtaf: 0 rtf: 31 rtmbe: 0'
srcustats1='[    6.000000] srcu-torture: rtc: 000000008a3c1b2f ver: 612 tfle: 0 rta: 613 rtaf: 0 rtf: 603 rtmbe: 0'
srcustats2='[   11.000000] srcu-torture: rtc: 00000000f1d2c3b4 ver: 1706 tfle: 0 rta: 1707 rtaf: 0 rtf: 1697 rtmbe: 0'
bstats1='[    6.000000] busted_qrcu-torture: rtc: 000000008a3c1b2f ver: 90612 tfle: 0 rta: 90613 rtaf: 0 rtf: 90603 rtmbe: 3'
bstats2='[   11.000000] busted_qrcu-torture: rtc: 00000000f1d2c3b4 ver: 181706 tfle: 0 rta: 181707 rtaf: 0 rtf: 181697 rtmbe: 9'
goodpipe='[   31.500000] qrcu-torture: Reader Pipe:  2467795 2411 0 0 0 0 0 0 0 0 0'
emptypipe='[   31.500000] qrcu-torture: Reader Pipe:  0 0 0 0 0 0 0 0 0 0 0'
fewpipe='[   31.500000] qrcu-torture: Reader Pipe:  812 11 0 0 0 0 0 0 0 0 0'
badpipe='[   31.500000] busted_qrcu-torture: Reader Pipe:  1120063 58291 25012 11111 4012 1401 481 77 9 0 0'
bgoodpipe='[   31.500000] busted_qrcu-torture: Reader Pipe:  2467795 2411 0 0 0 0 0 0 0 0 0'
paths='[   31.500000] qrcu-torture: qrcu-paths: fast=412 slow=1890 early=37 flips=1853 windows=301'
nofast='[   31.500000] qrcu-torture: qrcu-paths: fast=0 slow=2302 early=37 flips=2265 windows=0'
fewwin='[   31.500000] qrcu-torture: qrcu-paths: fast=412 slow=1890 early=37 flips=1853 windows=3'
oldpaths='[   31.500000] qrcu-torture: qrcu-paths: fast=412 slow=1890 early=37 flips=1853'
success='[   31.600000] qrcu-torture:--- End of test: SUCCESS: nreaders=4 nfakewriters=4'
srcusuccess='[   31.600000] srcu-torture:--- End of test: SUCCESS: nreaders=4 nfakewriters=4'
failure='[   31.600000] busted_qrcu-torture:--- End of test: FAILURE: nreaders=4 nfakewriters=4'
warning='[   20.000000] WARNING: CPU: 1 PID: 57 at kernel/rcu/rcutorture.c:2184 rcu_torture_stats_print+0x3ac/0x3c0 [rcutorture]'
lockdep='[   21.000000] WARNING: possible circular locking dependency detected'
panic='[   22.000000] Kernel panic - not syncing: Fatal exception'
dropped='[   14.000000] ** 37 printk messages dropped **'
lockdepoff='[   15.000000] INFO: lockdep is turned off.'
hung='[   25.000000] INFO: task rcu_torture_fak:61 blocked for more than 20 seconds.'
softlockup='[   26.000000] watchdog: BUG: soft lockup - CPU#2 stuck for 22s! [rcu_torture_rea:57]'
softlockup2='[   26.000000] watchdog: soft lockup - CPU#2 stuck for 22s! [rcu_torture_rea:57]'
stall='[   27.000000] ??? Writer stall state RTWS_SYNC(8) g0 f0x0 ->state 0x2 cpu 1'
killed='qemu-boot: killed after 210 s'
expstall='[   24.000000] INFO: rcu_preempt detected expedited stalls on CPUs/tasks: { 2-... } 21002 jiffies s: 1433 root: 0x4/.'
tasksstall='[   24.000000] INFO: rcu_tasks detected stalls on tasks:'
bstart='[    1.000000] busted_qrcu_unlockwait-torture:--- Start of test: nreaders=4 nfakewriters=4 stat_interval=5 verbose=1'
hstats1='[    6.000000] busted_qrcu_unlockwait-torture: rtc: 000000008a3c1b2f ver: 612 tfle: 0 rta: 613 rtaf: 0 rtf: 603 rtmbe: 0'
hstats2='[   11.000000] busted_qrcu_unlockwait-torture: rtc: 000000008a3c1b2f ver: 612 tfle: 0 rta: 613 rtaf: 0 rtf: 603 rtmbe: 0'
hstall='[   11.000000] ??? Writer stall state RTWS_EXP_SYNC(4) g612 f0x0 ->state 0x2 cpu 1
[   11.000000] task:rcu_torture_wri state:D stack:0     pid:61    ppid:2      flags:0x00004000
[   11.000000] Call Trace:
[   11.000000]  <TASK>
[   11.000000]  __schedule+0x2f6/0x8d0
[   11.000000]  synchronize_qrcu+0x1c1/0x2b0
[   11.000000]  </TASK>'
hhung='[   30.000000] INFO: task rcu_torture_wri:61 blocked for more than 20 seconds.
[   30.000000]       Not tainted 6.1.192 #1
[   30.000000] Call Trace:
[   30.000000]  <TASK>
[   30.000000]  synchronize_qrcu+0x1c1/0x2b0
[   30.000000]  </TASK>
[   30.000000] Showing all locks held in the system:
[   30.000000] =============================================
[   30.000000] '
hpipe='[   60.000000] busted_qrcu_unlockwait-torture: Reader Pipe:  2467795 2411 0 0 0 0 0 0 0 0 0'
hsuccess='[   61.000000] busted_qrcu_unlockwait-torture:--- End of test: SUCCESS: nreaders=4 nfakewriters=4'
rpaths='[   31.500000] qrcu-torture: qrcu-paths: fast=412 slow=1890 early=37 flips=1853 windows=0 rwindows=301'
rfewpaths='[   31.500000] qrcu-torture: qrcu-paths: fast=412 slow=1890 early=37 flips=1853 windows=0 rwindows=3'
# A lockdep report of the kind rcutorture.qrcu_lockdep_selftest=1 provokes.
rephead='[    2.700000] =============================
[    2.700000] WARNING: suspicious RCU usage
[    2.700000] 6.1.192 #1 Not tainted
[    2.700000] -----------------------------'
reptext='[    2.700000] kernel/rcu/qrcu.c:310 Illegal QRCU grace period in same-type QRCU (or in RCU) read-side critical section!'
othertext='[    2.700000] kernel/rcu/qrcu.c:120 Illegal qrcu_read_lock() from idle!'
reptail='[    2.700000]
[    2.700000] other info that might help us debug this:
[    2.700000] rcu_scheduler_active = 2, debug_locks = 1
[    2.700000] 1 lock held by insmod/70:
[    2.700000]  #0: ffffffffa0016070 (qrcu_selftest){....}-{0:0}, at: qrcu_torture_init+0x40/0x90 [rcutorture]
[    2.700000] stack backtrace:
[    2.700000] CPU: 1 PID: 70 Comm: insmod Not tainted 6.1.192 #1
[    2.700000] Call Trace:
[    2.700000]  <TASK>
[    2.700000]  dump_stack_lvl+0x45/0x5e
[    2.700000]  synchronize_qrcu+0x3a/0x1d0
[    2.700000]  </TASK>'
selfline='[    2.710000] qrcu-torture: qrcu-lockdep-selftest: synchronize_qrcu() called inside a reader of its domain; qrcu_read_lock_held() inside=1 outside=0'
# A kernel built with KCSAN says so at boot; a data race it finds is
# reported in this shape (the two functions, then each access with its
# stack, then the task that saw it).
kcsanon='[    0.020000] kcsan: enabled early
[    0.020000] kcsan: strict mode configured
[    0.400000] kcsan: selftest: 4/4 tests passed'
kcsanrace='[   17.000000] ==================================================================
[   17.000000] BUG: KCSAN: data-race in __qrcu_read_lock / synchronize_qrcu
[   17.000000]
[   17.000000] write to 0xffffffffa0017040 of 8 bytes by task 61 on cpu 2:
[   17.000000]  synchronize_qrcu+0x1f2/0x2b0
[   17.000000]  rcu_torture_fakewriter+0x1a4/0x2e0 [rcutorture]
[   17.000000]  kthread+0x1a1/0x1d0
[   17.000000]  ret_from_fork+0x1f/0x30
[   17.000000]
[   17.000000] read to 0xffffffffa0017040 of 8 bytes by task 57 on cpu 0:
[   17.000000]  __qrcu_read_lock+0x2c/0x90
[   17.000000]  rcu_torture_one_read+0x83/0x5f0 [rcutorture]
[   17.000000]  rcu_torture_reader+0x10b/0x1f0 [rcutorture]
[   17.000000]  kthread+0x1a1/0x1d0
[   17.000000]  ret_from_fork+0x1f/0x30
[   17.000000]
[   17.000000] value changed: 0x0000000000000006 -> 0x0000000000000007
[   17.000000]
[   17.000000] Reported by Kernel Concurrency Sanitizer on:
[   17.000000] CPU: 0 PID: 57 Comm: rcu_torture_rea Not tainted 6.1.192 #1
[   17.000000] =================================================================='

# case_ NAME SCENARIO WANT WHY LINE...: build a log from the lines, run
# the parser for the scenario, and compare its verdict with WANT (pass,
# fail, or usage: exit status 2, a bad scenario).  A case that must not
# pass must also give WHY, a piece of the reason it prints: a log
# rejected for another reason than the one it was made for tests
# nothing.
# shellcheck source=kernel/tests/selftest-lib.sh
. kernel/tests/selftest-lib.sh
bad=0 n=0 npass=0 nfail=0 judged=
case_() {
	name=$1 scen=$2 want=$3 why=$4
	shift 4
	[ -z "${SELFTEST_ONLY:-}" ] || [ "$SELFTEST_ONLY" = "$name" ] || return 0
	# Every run's console has the kernel's command line: the scenario's
	# own, unless the case gives one or says --no-cmdline.
	cmdline="[    0.000000] Kernel command line: console=ttyS0 panic=-1 torture_secs=30 $(kernel/bin/scenarios.sh boot "$tmp/$scen" 2>/dev/null || true)"
	for l in "$@"; do
		case $l in
		--no-cmdline | *"Kernel command line:"*) cmdline= ;;
		esac
	done
	{
		[ -z "$cmdline" ] || echo "$cmdline"
		for l in "$@"; do [ "$l" = --no-cmdline ] || printf '%s\n' "$l"; done
	} >"$tmp/$name.log"
	judge "$name" "$want" "$why" parser "$parse" "$tmp/$name.log" "$tmp/$scen"
	if [ "$judged" = right ] && [ "$want" = pass ]; then
		npass=$((npass + 1))
	elif [ "$judged" = right ]; then
		nfail=$((nfail + 1))
	fi
}

# Runs that must pass.
case_ clean-success good pass '-' "$smp" "$start" "$stats1" "$stats2" "$statsend" "$goodpipe" "$success"
case_ busted-fails busted pass '-' "$smp" "$start" "$bstats1" "$warning" "$bstats2" "$badpipe" "$failure"
case_ fastpath-used fast pass '-' "$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$paths" "$success"

# The old checks.
case_ success-with-warning good fail 'bad lines' "$smp" "$start" "$stats1" "$warning" "$stats2" "$goodpipe" "$success"
case_ success-with-lockdep good fail 'bad lines' "$smp" "$start" "$stats1" "$lockdep" "$stats2" "$goodpipe" "$success"
case_ no-end-line good fail "no 'End of test:' line" "$smp" "$start" "$stats1" "$stats2" "$goodpipe"
case_ panic good fail 'bad lines' "$smp" "$start" "$stats1" "$stats2" "$panic"
case_ qemu-killed good fail 'qemu-boot: killed' "$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$killed"
case_ failure-when-success-expected good fail 'end line is not SUCCESS' "$smp" "$start" "$stats1" "$stats2" "$badpipe" \
	'[   31.600000] qrcu-torture:--- End of test: FAILURE: nreaders=4 nfakewriters=4'
case_ busted-passes busted fail 'a broken flavor passed' "$smp" "$start" "$bstats1" "$bstats2" "$bgoodpipe" \
	'[   31.600000] busted_qrcu-torture:--- End of test: SUCCESS: nreaders=4 nfakewriters=4'
case_ busted-no-end-line busted fail "no 'End of test:' line" "$smp" "$start" "$bstats1" "$bstats2" "$badpipe"
case_ busted-failure-without-short-gp busted fail 'no reader saw a too-short grace period' "$smp" "$start" "$bstats1" "$bstats2" "$bgoodpipe" "$failure"
case_ busted-crashed busted fail 'crashed or hung' "$smp" "$start" "$bstats1" "$bstats2" "$badpipe" "$panic" "$failure"
case_ empty-log good fail 'missing or empty' --no-cmdline
case_ one-cpu good fail '4 CPUs were asked for' "$onecpu" "$start" "$stats1" "$stats2" "$goodpipe" "$success"
case_ fewer-cpus-than-asked good fail '4 CPUs were asked for' "$twocpus" "$start" "$stats1" "$stats2" "$goodpipe" "$success"
case_ no-cpu-count good fail "no 'smp: Brought up' line" "$start" "$stats1" "$stats2" "$goodpipe" "$success"
case_ busted-one-cpu busted fail '4 CPUs were asked for' "$onecpu" "$start" "$bstats1" "$warning" "$bstats2" "$badpipe" "$failure"

# The preemption mode the scenario asks for on the command line.
case_ preempt-none nopreempt pass - "$prenone" "$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$success"
case_ preempt-ignored nopreempt fail 'but the kernel says: Dynamic Preempt: full' "$prefull" "$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$success"
case_ preempt-unknown nopreempt fail 'nothing about Dynamic Preempt' "$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$success"

# The writer's progress (the kernel's own check).
case_ writer-no-progress good fail 'the writer made no progress' "$smp" "$start" "$stats0a" "$stats0b" "$emptypipe" "$success"
case_ writer-stuck good fail 'the writer made no progress' "$smp" "$start" "$stats1" "$stats2same" "$goodpipe" "$success"
case_ writer-went-back good fail 'the writer made no progress' "$smp" "$start" "$stats1" "$stats2less" "$goodpipe" "$success"
case_ writer-stuck-busted busted fail 'the writer made no progress' "$smp" "$start" "$bstats1" "$bstats1" "$warning" "$badpipe" "$failure"
w() { # VER: a statistics line of the window scenario
	echo "[   10.000000] qrcu-torture: rtc: 000000008a3c1b2f ver: $1 tfle: 0 rta: 1 rtaf: 0 rtf: 0 rtmbe: 0"
}
case_ writer-paused-within-window window pass - "$smp" "$start" "$(w 100)" "$(w 100)" "$(w 100)" "$(w 150)" "$goodpipe" "$success"
case_ writer-paused-longer-than-window window fail 'statistics line 5 has ver: 150, 3 line(s) after ver: 150' \
	"$smp" "$start" "$(w 100)" "$(w 150)" "$(w 150)" "$(w 150)" "$(w 150)" "$goodpipe" "$success"
case_ writer-went-back-in-window window fail 'statistics line 2 has ver: 90, 1 line(s) after ver: 100' \
	"$smp" "$start" "$(w 100)" "$(w 90)" "$(w 150)" "$goodpipe" "$success"
case_ writer-none-in-first-window window fail 'statistics line 3 has ver: 0' \
	"$smp" "$start" "$(w 0)" "$(w 0)" "$(w 0)" "$(w 150)" "$goodpipe" "$success"
case_ one-stats-line good fail 'fewer than the 2 required' "$smp" "$start" "$stats2" "$goodpipe" "$success"
case_ no-stats-line good fail '0 statistics lines' "$smp" "$start" "$goodpipe" "$success"
case_ only-final-stats good fail '0 statistics lines' "$smp" "$start" "$statsend" "$goodpipe" "$success"
case_ too-few-updates good fail 'fewer than the 100 grace periods' "$smp" "$start" "$fewstats1" "$fewstats2" "$goodpipe" "$success"
case_ writer-stall-report good fail 'Writer stall state' "$smp" "$start" "$stats1" "$stall" "$stats2" "$goodpipe" "$success"

# The readers.
case_ no-reader-pipe good fail "no 'Reader Pipe:' line" "$smp" "$start" "$stats1" "$stats2" "$success"
case_ empty-reader-pipe good fail 'counted 0 reads' "$smp" "$start" "$stats1" "$stats2" "$emptypipe" "$success"
case_ too-few-reads good fail 'counted 823 reads' "$smp" "$start" "$stats1" "$stats2" "$fewpipe" "$success"
case_ busted-no-reader-pipe busted fail "no 'Reader Pipe:' line" "$smp" "$start" "$bstats1" "$warning" "$bstats2" "$failure"

# The torture type.
case_ end-line-of-srcu good fail 'not of torture type qrcu' "$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$srcusuccess"
case_ stats-of-srcu good fail '0 statistics lines' "$smp" "$start" "$srcustats1" "$srcustats2" "$goodpipe" "$success"
case_ busted-end-line-of-qrcu busted fail 'not of torture type busted_qrcu' "$smp" "$start" "$bstats1" "$warning" "$bstats2" "$badpipe" \
	'[   31.600000] qrcu-torture:--- End of test: FAILURE: nreaders=4 nfakewriters=4'

# The run must be the scenario's: its command line and rcutorture's
# account of its parameters against the scenario's .boot.
edited=$(echo "$start" | sed -e 's/nreaders=4 nfakewriters=4/nreaders=8 nfakewriters=1/')
case_ params-match good pass - "$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$success"
case_ start-line-edited good fail 'rcutorture ran with nreaders=8, but ' \
	"$smp" "$edited" "$stats1" "$stats2" "$goodpipe" "$success"
case_ cmdline-edited good fail "missing: rcutorture.nfakewriters=4 rcutorture.nreaders=4 ; not in $tmp/good.boot: rcutorture.nfakewriters=1 rcutorture.nreaders=8" \
	'[    0.000000] Kernel command line: console=ttyS0 panic=-1 torture_secs=30 rcutorture.torture_type=qrcu rcutorture.nreaders=8 rcutorture.nfakewriters=1 rcutorture.stat_interval=5' \
	"$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$success"
case_ cmdline-extra-param good fail 'not in' \
	'[    0.000000] Kernel command line: console=ttyS0 panic=-1 torture_secs=30 rcutorture.torture_type=qrcu rcutorture.nreaders=4 rcutorture.nfakewriters=4 rcutorture.stat_interval=5 rcutorture.qrcu_window_us=1000' \
	"$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$success"
case_ no-cmdline good fail "no 'Kernel command line:' line" --no-cmdline "$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$success"
# Kept consoles of real boots: QRCU-FAST's judged as QRCU must fail, and
# so must QRCU-FAST's with its reader counts edited, judged as itself.
realfast=$(find kernel/soak-runs -name 'QRCU-FAST-*.log' | LC_ALL=C sort | head -n 1)
case ${SELFTEST_ONLY:-real-} in real-*) ;; *) realfast=skip ;; esac
if [ "$realfast" = skip ]; then
	:
elif [ -n "$realfast" ]; then
	sed -e '1,/^--- console$/d' "$realfast" >"$tmp/realfast.log"
	realcase() { # NAME SCENARIO WANT WHY LOG
		cp "$5" "$tmp/$1.log"
		judge "$1" "$3" "$4" parser "$parse" "$tmp/$1.log" "$2"
		if [ "$judged" = right ] && [ "$3" = pass ]; then npass=$((npass + 1)); elif [ "$judged" = right ]; then nfail=$((nfail + 1)); fi
	}
	realcase real-qrcu-fast kernel/configs/QRCU-FAST pass - "$tmp/realfast.log"
	realcase real-qrcu-fast-as-qrcu kernel/configs/QRCU fail "the kernel's command line is not kernel/configs/QRCU.boot's" "$tmp/realfast.log"
	sed -e 's/nreaders=1 nfakewriters=8/nreaders=4 nfakewriters=4/' "$tmp/realfast.log" >"$tmp/realfast-edited.log"
	realcase real-qrcu-fast-readers-edited kernel/configs/QRCU-FAST fail 'rcutorture ran with nreaders=4, but kernel/configs/QRCU-FAST.boot says rcutorture.nreaders=1' "$tmp/realfast-edited.log"
	sed -e 's/rcutorture.nreaders=1 rcutorture.nfakewriters=8/rcutorture.nreaders=4 rcutorture.nfakewriters=4/' "$tmp/realfast-edited.log" >"$tmp/realfast-edited2.log"
	# Its readers edited to show a too-short grace period, "!!!" not
	# added: the End line's SUCCESS cannot be true.
	sed -E 's/(Reader Pipe:  [0-9]+ [0-9]+) 0 /\1 5 /' "$tmp/realfast.log" >"$tmp/realfast-late.log"
	realcase real-qrcu-fast-late-readers kernel/configs/QRCU-FAST fail 'but the Reader Pipe counts 5 reader(s) beyond its second bucket' "$tmp/realfast-late.log"
	realcase real-qrcu-fast-cmdline-edited kernel/configs/QRCU-FAST fail "the kernel's command line is not kernel/configs/QRCU-FAST.boot's: missing: rcutorture.nfakewriters=8 rcutorture.nreaders=1" "$tmp/realfast-edited2.log"
elif [ -z "${SELFTEST_ONLY:-}" ]; then
	echo "WRONG: real-qrcu-fast: no kept QRCU-FAST run in kernel/soak-runs/ to judge"
	bad=1
fi

# The kept QRCU-ABBA boot passes; with lockdep's report of the cycle cut
# out (what a kernel without the checked read acquisition and
# lock_map_sync() prints) it must fail.
realabba=$(find kernel/soak-runs -name 'QRCU-ABBA-*.log' | LC_ALL=C sort | head -n 1)
case ${SELFTEST_ONLY:-real-} in real-*) ;; *) realabba=skip ;; esac
if [ "$realabba" = skip ]; then
	:
elif [ -n "$realabba" ]; then
	sed -e '1,/^--- console$/d' "$realabba" >"$tmp/real-qrcu-abba.log"
	judge real-qrcu-abba pass - parser "$parse" "$tmp/real-qrcu-abba.log" kernel/configs/QRCU-ABBA
	[ "$judged" != right ] || npass=$((npass + 1))
	awk '/=====/ && !cut { skip = 1 } !skip { print } skip && /<\/TASK>/ { skip = 0; cut = 1 }' \
		"$tmp/real-qrcu-abba.log" >"$tmp/real-qrcu-abba-no-report.log"
	judge real-qrcu-abba-no-report fail 'the report the scenario expects is missing' parser "$parse" \
		"$tmp/real-qrcu-abba-no-report.log" kernel/configs/QRCU-ABBA
	[ "$judged" != right ] || nfail=$((nfail + 1))
elif [ -z "${SELFTEST_ONLY:-}" ]; then
	echo "WRONG: real-qrcu-abba: no kept QRCU-ABBA run in kernel/soak-runs/ to judge"
	bad=1
fi

# rcutorture's own rule: a statistic it counts as an error (a reader
# beyond the Reader Pipe's second bucket; rtmbe, the failures of rtmbkf,
# rtbe, rtbke, rtbre, rtbf not zero) makes the run end in FAILURE, so an
# End line of SUCCESS beside one is a corrupt or edited log, even with
# the "!!!" mark gone.  Reader Batch beyond its second bucket, and
# rtmbkf's attempts, are not errors.
full() { # K=V: the full statistics line of 6.1, with one field changed
	echo "[   31.500000] qrcu-torture: rtc: 0000000000000000 VER: 1706 tfle: 0 rta: 1707 rtaf: 0 rtf: 1697 rtmbe: 0 rtmbkf: 0/0 rtbe: 0 rtbke: 0 rtbre: 0 rtbf: 0 rtb: 0 nt: 4229 onoff: 0/0:0/0 -1,0:-1,0 0:0 (HZ=250) barrier: 0/0:0 read-exits: 96 nocb-toggles: 0:0" |
		sed -e "s| ${1%%:*}: [0-9/]*| $1|"
}
latepipe='[   31.500000] qrcu-torture: Reader Pipe:  2467795 2411 31 0 0 0 0 0 0 0 0'
lastlate='[   31.500000] qrcu-torture: Reader Pipe:  2467795 2411 0 0 0 0 0 0 0 0 2'
latebatch='[   31.500000] qrcu-torture: Reader Batch:  2467705 2490 11 0 0 0 0 0 0 0 0'
case_ success-full-stats good pass - "$smp" "$start" "$stats1" "$stats2" "$(full 'rtmbkf: 0/57')" "$goodpipe" "$latebatch" "$success"
case_ success-late-readers good fail 'the Reader Pipe counts 31 reader(s) beyond its second bucket' \
	"$smp" "$start" "$stats1" "$stats2" "$(full 'rtmbe: 0')" "$latepipe" "$success"
case_ success-late-reader-last-bucket good fail 'the Reader Pipe counts 2 reader(s) beyond its second bucket' \
	"$smp" "$start" "$stats1" "$stats2" "$(full 'rtmbe: 0')" "$lastlate" "$success"
case_ success-rtmbe good fail 'the statistic rtmbe: 3 is not zero' "$smp" "$start" "$stats1" "$stats2" "$(full 'rtmbe: 3')" "$goodpipe" "$success"
case_ success-rtmbkf good fail 'the statistic rtmbkf: 2 is not zero' "$smp" "$start" "$stats1" "$stats2" "$(full 'rtmbkf: 2/57')" "$goodpipe" "$success"
case_ success-rtbe good fail 'the statistic rtbe: 1 is not zero' "$smp" "$start" "$stats1" "$stats2" "$(full 'rtbe: 1')" "$goodpipe" "$success"
case_ success-rtbke good fail 'the statistic rtbke: 1 is not zero' "$smp" "$start" "$stats1" "$stats2" "$(full 'rtbke: 1')" "$goodpipe" "$success"
case_ success-rtbre good fail 'the statistic rtbre: 1 is not zero' "$smp" "$start" "$stats1" "$stats2" "$(full 'rtbre: 1')" "$goodpipe" "$success"
case_ success-rtbf good fail 'the statistic rtbf: 4 is not zero' "$smp" "$start" "$stats1" "$stats2" "$(full 'rtbf: 4')" "$goodpipe" "$success"
# Another type's late readers are not this run's.
case_ success-other-type-late good pass - "$smp" "$start" "$stats1" "$stats2" "$goodpipe" \
	'[   31.500000] busted_qrcu-torture: Reader Pipe:  2467795 2411 31 0 0 0 0 0 0 0 0' "$success"

# RCU's own stall reports that console-badness.sh misses.
case_ expedited-stall good fail 'detected expedited stalls on CPUs/tasks' "$smp" "$start" "$stats1" "$expstall" "$stats2" "$goodpipe" "$success"
case_ tasks-stall good fail 'rcu_tasks detected stalls on tasks' "$smp" "$start" "$stats1" "$tasksstall" "$stats2" "$goodpipe" "$success"

# A flavour that must hang (end=HANG).
case_ hang-reported hang pass - "$smp" "$bstart" "$hstats1" "$hstall" "$hstats2" "$hhung" "$hpipe" "$killed"
case_ hang-not-reported-by-rcutorture hang fail "no '??? Writer stall state' line" "$smp" "$bstart" "$hstats1" "$hstats2" "$hhung" "$hpipe" "$killed"
case_ hang-not-seen-by-hung-task hang fail "no 'blocked for more than' line" "$smp" "$bstart" "$hstats1" "$hstall" "$hstats2" "$hpipe" "$killed"
case_ hang-that-passed hang fail 'a flavor that must hang passed' "$smp" "$bstart" "$hstats1" "$hstats2" "$hpipe" "$hsuccess"
case_ hang-with-oops hang fail 'bad lines besides the hang' "$smp" "$bstart" "$hstats1" "$hstall" "$hstats2" "$hhung" "$panic" "$killed"

# The reader window.
case_ reader-window-used rwindow pass - "$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$rpaths" "$success"
case_ reader-window-rarely-open rwindow fail 'the reader window was widened 3 times' "$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$rfewpaths" "$success"
case_ reader-window-not-counted rwindow fail 'the reader window was widened 0 times' "$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$paths" "$success"

# A log that lost lines, or a lockdep that stopped looking.
case_ printk-dropped good fail 'cannot be trusted: ** 37 printk messages dropped' "$smp" "$start" "$stats1" "$dropped" "$stats2" "$goodpipe" "$success"
case_ lockdep-off good fail 'cannot be trusted: INFO: lockdep is turned off' "$smp" "$start" "$stats1" "$lockdepoff" "$stats2" "$goodpipe" "$success"
case_ busted-printk-dropped busted fail 'cannot be trusted' "$smp" "$start" "$bstats1" "$warning" "$dropped" "$bstats2" "$badpipe" "$failure"

# Hangs the detectors report.
case_ hung-task good fail 'blocked for more than' "$smp" "$start" "$stats1" "$hung" "$stats2" "$goodpipe" "$success"
case_ soft-lockup good fail 'soft lockup' "$smp" "$start" "$stats1" "$softlockup" "$stats2" "$goodpipe" "$success"
case_ soft-lockup-no-bug-word good fail 'soft lockup' "$smp" "$start" "$stats1" "$softlockup2" "$stats2" "$goodpipe" "$success"
case_ busted-hung busted fail 'crashed or hung' "$smp" "$start" "$bstats1" "$warning" "$hung" "$bstats2" "$badpipe" "$failure"

# The fastpath scenario.
case_ fastpath-never-taken fast fail 'only 0 grace periods took the fastpath' "$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$nofast" "$success"
case_ fastpath-no-paths-line fast fail "no 'qrcu-paths:' line" "$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$success"
case_ fastpath-window-rarely-open fast fail 'widened 3 times' "$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$fewwin" "$success"
case_ fastpath-paths-without-windows fast fail 'lacks fast= or windows=' "$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$oldpaths" "$success"
case_ fastpath-paths-but-failed fast fail 'bad lines' "$smp" "$start" "$stats1" "$warning" "$stats2" "$goodpipe" "$paths" "$success"

# A scenario that provokes one lockdep report on purpose.
case_ lockdep-report-expected lockdep pass - "$smp" "$start" "$rephead" "$reptext" "$reptail" "$selfline" "$stats1" "$stats2" "$goodpipe" "$success"
case_ lockdep-report-missing lockdep fail 'the report the scenario expects is missing' "$smp" "$start" "$selfline" "$stats1" "$stats2" "$goodpipe" "$success"
case_ lockdep-selftest-line-missing lockdep fail 'the line the scenario expects is missing' "$smp" "$start" "$rephead" "$reptext" "$reptail" "$stats1" "$stats2" "$goodpipe" "$success"
case_ lockdep-report-and-a-warning lockdep fail 'bad lines' "$smp" "$start" "$rephead" "$reptext" "$reptail" "$selfline" "$stats1" "$warning" "$stats2" "$goodpipe" "$success"
case_ lockdep-report-of-another-bug lockdep fail 'bad lines' "$smp" "$start" "$rephead" "$othertext" "$reptail" "$selfline" "$stats1" "$stats2" "$goodpipe" "$success"
case_ lockdep-report-cut-short lockdep fail 'or not a whole report' "$smp" "$start" "$rephead" "$reptext" "$selfline" "$stats1" "$stats2" "$goodpipe" "$success"
case_ lockdep-report-unasked good fail 'bad lines' "$smp" "$start" "$rephead" "$reptext" "$reptail" "$selfline" "$stats1" "$stats2" "$goodpipe" "$success"

# KCSAN: a clean run of a KCSAN kernel passes; a data race it reports
# fails any run, even one of a broken flavour that fails as it must, and
# is named as the reason.
case_ kcsan-clean kcsan pass - "$kcsanon" "$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$success"
case_ kcsan-not-enabled kcsan fail 'the line the scenario expects is missing: kcsan: strict mode configured' \
	"$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$success"
case_ kcsan-data-race kcsan fail 'KCSAN reported 1 data race(s)' \
	"$kcsanon" "$smp" "$start" "$stats1" "$kcsanrace" "$stats2" "$goodpipe" "$success"
case_ kcsan-data-race-in-busted busted fail 'BUG: KCSAN: data-race in __qrcu_read_lock / synchronize_qrcu' \
	"$smp" "$start" "$bstats1" "$warning" "$kcsanrace" "$bstats2" "$badpipe" "$failure"

# Bad scenario files are refused, not guessed at.
printf '%s\n' 'end=SUCCESS' 'cpus=four' >"$tmp/badcpus.expect"
cp "$tmp/good.boot" "$tmp/badcpus.boot"
printf '%s\n' 'end=PASS' 'cpus=4' >"$tmp/badend.expect"
cp "$tmp/good.boot" "$tmp/badend.boot"
printf '%s\n' 'cpus=4' >"$tmp/noend.expect"
cp "$tmp/good.boot" "$tmp/noend.boot"
printf '%s\n' 'end=SUCCESS' 'cpus=4' 'min-fastpath=10' >"$tmp/badkey.expect"
cp "$tmp/good.boot" "$tmp/badkey.boot"
cp "$tmp/good.expect" "$tmp/notype.expect"
printf '%s\n' 'rcutorture.nreaders=4' >"$tmp/notype.boot"
cp "$tmp/good.boot" "$tmp/noexpect.boot"
case_ scenario-cpus-not-a-number badcpus usage "badcpus.expect:2: cannot use 'cpus=four'" "$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$success"
printf '%s\n' 'end=SUCCESS' 'cpus=4' 'preempt=off' >"$tmp/badpre.expect"
cp "$tmp/good.boot" "$tmp/badpre.boot"
case_ scenario-bad-preempt badpre usage "badpre.expect:3: cannot use 'preempt=off'" "$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$success"
case_ scenario-bad-end badend usage 'badend.expect:1:' "$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$success"
case_ scenario-no-end noend usage 'must say end=' "$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$success"
case_ scenario-unknown-key badkey usage "badkey.expect:3: cannot use 'min-fastpath=10'" "$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$success"
case_ scenario-no-torture-type notype usage 'no rcutorture.torture_type=' "$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$success"
case_ scenario-no-expect-file noexpect usage 'noexpect.expect: missing' "$smp" "$start" "$stats1" "$stats2" "$goodpipe" "$success"

# Mutants: parse-console.sh with one check taken out must be caught by
# the case made for that check.  (Skipped when this run is itself one, or runs one case.)
mutant() { # NAME CASE SED: the case that must now be judged wrongly
	mutant_of kernel/bin/parse-console.sh VERDICT_PARSER "$@"
}
# shellcheck disable=SC2016 # the sed scripts name the parser's own variables
if [ -z "${VERDICT_PARSER:-}" ] && [ -z "${SELFTEST_ONLY:-}" ]; then
	mutant no-progress-check writer-stuck 's/if (!bad \&\& (\$1 < last || \$1 <= before))/if (0)/'
	mutant may-go-back writer-went-back-in-window 's/\$1 < last || //'
	mutant any-end-line end-line-of-srcu 's/"\$ttype-torture:--- End of test: "\*)/*)/'
	mutant no-dropped-pattern printk-dropped 's/printk messages dropped|//'
	mutant no-lockdep-off-pattern lockdep-off 's/lockdep is turned off|//'
	mutant no-min-fast fastpath-never-taken 's/\[ "\$fast" -ge "\$min_fast" \]/true/'
	mutant no-reader-pipe-needed no-reader-pipe "s/note \"no 'Reader Pipe:' line.*/:/"
	mutant preempt-not-checked preempt-ignored 's/if \[ -n "\$preempt" \] \&\& /if false \&\& /'
	mutant report-not-required lockdep-report-missing 's/if \[ -n "\$report" \] \&\& \[ -z "\${reportat:-}" \]; then/if false; then/'
	mutant report-excuses-all lockdep-report-and-a-warning 's/if (!at || i < b || i > e) print line\[i\]/if (!at) print line[i]/'
	mutant no-min-stats one-stats-line 's/else if (n < min)/else if (0)/'
	mutant no-kcsan-pattern kcsan-data-race "s/grep -a 'BUG: KCSAN: '/grep -a 'BUG: KCSAN-gone: '/"
	mutant kcsan-excused-by-failure kcsan-data-race-in-busted 's/^if \[ -n "\$kcsan" \]; then/if false; then/'
	mutant cmdline-not-compared cmdline-edited 's/if ! cmp -s "\$tmpdir\/got" "\$tmpdir\/want"; then/if false; then/'
	mutant start-line-not-compared start-line-edited 's/^if \[ -n "\$startline" \]; then/if false; then/'
	mutant no-expedited-pattern expedited-stall 's/detected expedited stalls|//'
	mutant hang-needs-no-hung-task hang-not-seen-by-hung-task "s/grep -q 'blocked for more than' ||/true ||/"
	mutant pipe-not-read success-late-readers 's/if (late > 0 \&\& !seen\["pipe"\]++)/if (0)/'
	mutant pipe-from-second-bucket success-full-stats 's/for (i = 3; i <= n; i++) late += c\[i\]/for (i = 2; i <= n; i++) late += c[i]/'
	mutant pipe-short success-late-reader-last-bucket 's/for (i = 3; i <= n; i++) late += c\[i\]/for (i = 3; i < n; i++) late += c[i]/'
	mutant no-rtbf-rule success-rtbf 's/rtbre|rtbf):\$/rtbre):$/'
	mutant rtmbkf-attempts-counted success-full-stats 's|sub(/\\/\.\*/, "", v)|sub(/.*\\//, "", v)|'
	mutant any-type-pipe success-other-type-late 's/index(\$0, t) != 1 { next }/0 { next }/'
	mutant hang-excuses-all hang-with-oops 's/if \[ -n "\$others" \]; then/if false; then/'
fi

echo "verdict-selftest: $npass runs passed and $nfail rejected as they must be"
[ "$bad" -eq 0 ] && echo "verdict-selftest: all cases judged as they must be"
exit "$bad"
