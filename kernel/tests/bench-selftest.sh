#!/bin/sh
# bench-selftest.sh
# Feed bench-table.sh a small synthetic console log with every figure
# the benchmark produces, then the same log with one figure or one
# marker taken out, or with something added that makes it untrustworthy
# (a kernel warning, a gap in the samples, a run twice).  The full log
# must parse, and give the figures worked out by hand below (which
# shows that the warm-up and the last sample are dropped and the
# quartiles found); every broken log must fail: a parser that never
# complains proves nothing.  Then give bench-runs.sh (the summary of
# the recorded runs) two good runs, whose ranges it must find, and a set
# with one cut run, one with a run whose kernel warned, one with a run
# not compressed, one with a run without the provenance header, of
# other code or of other benchmark files, and an empty set, which it
# must refuse.  Last, bench-record.sh must keep a good run, with its
# header, and refuse a bad one.
set -eu
parse=kernel/bin/bench-table.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# rcuscale FLAVOUR HOLDOFF GP_EXP NREADERS BASE-NS: one run with
# rcuscale's 101 timed grace periods, numbered 0 to 100.  Samples 0-4
# (the warm-up) take 100 times BASE and sample 100 (the one rcuscale
# overwrites after the measurement) 1000 times; samples 5 to 99 take
# BASE when even and twice BASE when odd: 47 of BASE and 48 of twice
# BASE, so that the median and the upper quartile are twice BASE, the
# lower quartile is BASE, and so is the largest.
rcuscale() {
	echo "bench: begin rcuscale $1 writer_holdoff=$2 gp_exp=$3 nreaders=$4"
	echo "bench: 2.00 s: insmod rcuscale.ko scale_type=$1 writer_holdoff=$2 gp_exp=$3 nreaders=$4 nwriters=1 holdoff=0"
	echo "[   10.000000] $1-scale:--- Start of test: nreaders=$4 nwriters=1 verbose=1 shutdown=0"
	echo "[   12.000000] $1-scale: Test complete"
	echo "[   13.000000] $1-scale: writer 0 gps: 101"
	echo "[   13.000000] $1-scale: start: 1000 end: 2000 duration: 1000 gps: 101 batches: 3"
	i=0
	while [ "$i" -le 100 ]; do
		if [ "$i" -lt 5 ]; then d=$(($5 * 100))
		elif [ "$i" -eq 100 ]; then d=$(($5 * 1000))
		else d=$(($5 * (1 + i % 2))); fi
		printf '[   13.000000] %s-scale:    0 writer-duration: %5d %d\n' "$1" "$i" "$d"
		i=$((i + 1))
	done
	echo "bench: end rcuscale $1"
}

# refscale TYPE NREADERS NS: one run with four experiments of NS.1,
# NS.2, NS.4 and NS.8 ns: median NS.3, quartiles NS.2 and NS.4.
refscale() {
	printf '%s\n' "bench: begin refscale $1 nreaders=$2" \
		"bench: 20.00 s: insmod refscale.ko scale_type=$1 nreaders=$2 loops=10000 nruns=4" \
		"[   20.000000] $1-ref-scale: END OF TEST. Calculating average duration per loop (nanoseconds)..." \
		"[   20.000000] Runs	Time(ns)" \
		"[   20.000000] 1	$3.100" \
		"[   20.000000] 2	$3.800" \
		"[   20.000000] 3	$3.200" \
		"[   20.000000] 4	$3.400" \
		"bench: end refscale $1"
}

{
	echo "bench: host load 0.50 0.40 0.30"
	echo "bench: config HZ=250 tick=periodic preempt=full srcu=tree qemu=7.2.22"
	echo "[    0.500000] smp: Brought up 1 node, 2 CPUs"
	echo "[    1.500000] clocksource: Switched to clocksource hpet"
	echo "bench: srcutree.exp_holdoff 25000 ns"
	echo "bench: 1.05 s: 2 CPUs; holdoffs 10,50; gp qrcu,srcu,rcu; exp srcu,rcu; readers 2; refscale qrcu,srcu,rcu,refcnt,clock; warmup 5"
	for h in 10 50; do
		for nr in 0 2; do
			rcuscale qrcu "$h" 0 "$nr" 900
			rcuscale srcu "$h" 0 "$nr" 30000
			rcuscale rcu "$h" 0 "$nr" 8000000
			[ "$nr" -eq 0 ] || continue
			rcuscale srcu "$h" 1 "$nr" 20000
			rcuscale rcu "$h" 1 "$nr" 500000
		done
	done
	for nr in 1 2; do
		refscale qrcu "$nr" $((120 * nr))
		refscale srcu "$nr" 60
		refscale rcu "$nr" 30
		refscale refcnt "$nr" 100
		refscale clock "$nr" 600
	done
	echo "bench: done"
	echo "bench: boot took 40 s"
} >"$tmp/full.log"

bad=0 n=0
# check NAME WANT: run the parser on $tmp/NAME.log, compare with WANT.
check() {
	bench_case "$1" "$2" parser "$parse" "$tmp/$1.log"
}
# shellcheck source=kernel/tests/selftest-lib.sh
. kernel/tests/selftest-lib.sh
# bench_case NAME WANT TOOL COMMAND...: one case, judged by the shared
# judge(), whose reason to be refused is the current $because.
bench_case() {
	c_name=$1 c_want=$2
	shift 2
	judge "$c_name" "$c_want" "${because:--}" "$@"
}
# cut NAME REASON SED-SCRIPT: the full log changed by SED-SCRIPT (lines
# deleted, or added), which must make the parser fail with a reason
# that contains REASON.
because=
cut() {
	sed -e "$3" "$tmp/full.log" >"$tmp/$1.log"
	if cmp -s "$tmp/full.log" "$tmp/$1.log"; then
		echo "WRONG: $1: the change changed nothing"
		bad=1
	fi
	because=$2
	check "$1" fail
	because=
}

cp "$tmp/full.log" "$tmp/complete.log"
check complete pass
# The figures the full log gives, worked out by hand: in us, qrcu's
# median 1.80, quartiles 0.900 and 1.80, largest 1.80 (so neither the
# warm-up, 90 us, shown as the first, nor the last sample, 900 us, was
# counted); srcu's
# median 60.0 (quartiles 30.0, 60.0); qrcu/srcu 0.030, band 0.9/60 to
# 1.8/30; rcu's grace periods all over 1 ms, its expedited ones at
# most 1 ms; the clock's fastest run 600.1 ns, so a qrcu grace period
# is 1800/600.1 floors (quartiles 900/600.1 and 1800/600.1); read side
# medians 120.3 and 60.3 ns, qrcu/srcu 1.995, band 120.2/60.4 to
# 120.4/60.2.
for want in '| qrcu | 10 (below) | none | 95 | 1.80 | 0.900 | 1.80 | 1.80 | 0 | 90.0 |' \
	'| srcu | 50 (above) | 2 | 95 | 60.0 | 30.0 | 60.0 | 60.0 | 0 | 3000 |' \
	'| rcu | 10 (below) | none | 95 | 16000 | 8000 | 16000 | 16000 | 95 | 800000 |' \
	'| srcu expedited | 50 (above) | none | 95 | 40.0 | 20.0 | 40.0 | 40.0 | 0 | 2000 |' \
	'| qrcu/srcu | 10 (below) | none | 0.030 | 0.015 to 0.060 |' \
	'| rcu expedited | 10 (below) | none | 95 | 1000 | 500 | 1000 | 1000 | 0 | 50000 |' \
	'| qrcu/rcu expedited | 50 (above) | none | 0.00180 | 0.00090 to 0.00360 |' \
	'| one clock read (refscale clock, 1 reader, ns), fastest run: the floor | 600 | |' \
	'| qrcu grace period, no readers, writer_holdoff 10 us (below), in floors: median, and its quartiles | 3.00 | 1.50 to 3.00 |' \
	'| srcu | 1 | 4 | 60.3 | 60.2 | 60.4 | 60.1 |' \
	'| qrcu/srcu | 1 | 2.00 | 1.99 to 2.00 |' \
	'writer_holdoff 50 us: 3 of 101 with no readers, 3 of 101 with 2 readers.' \
	'refscale: 4 runs of 10000 lock/unlock pairs (or clock reads) per reader and type.' \
	'HZ=250 (periodic tick), preemption full, tree SRCU; clocksource hpet; the boot took 40 s, with the host'"'"'s load average at 0.50 as it started.'; do
	if ! grep -qF -e "$want" "$tmp/complete.out"; then
		echo "WRONG: complete: no line with $want in the table"
		bad=1
	fi
done
# The same log, compressed as bench-record.sh keeps it.
xz -c "$tmp/full.log" >"$tmp/compressed.log.xz"
bench_case compressed pass parser "$parse" "$tmp/compressed.log.xz"
head -c 200 "$tmp/compressed.log.xz" >"$tmp/truncated.log.xz"
bench_case truncated-xz fail parser "$parse" "$tmp/truncated.log.xz"

cut no-qrcu-gps-without-readers 'durations of rcuscale qrcu 10 0' '/^bench: begin rcuscale qrcu writer_holdoff=10 gp_exp=0 nreaders=0/,/^bench: end/{/writer-duration/d;}'
cut no-rcu-gps-with-readers 'durations of rcuscale rcu 50 r' '/^bench: begin rcuscale rcu writer_holdoff=50 gp_exp=0 nreaders=2/,/^bench: end/{/writer-duration/d;}'
cut no-srcu-run-with-readers 'durations of rcuscale srcu 10 r' '/^bench: begin rcuscale srcu writer_holdoff=10 gp_exp=0 nreaders=2/,/^bench: end/d'
cut no-srcu-expedited-run 'durations of rcuscale srcu-exp 50 0' '/^bench: begin rcuscale srcu writer_holdoff=50 gp_exp=1/,/^bench: end/d'
cut no-rcu-expedited-gps 'durations of rcuscale rcu-exp 10 0' '/^bench: begin rcuscale rcu writer_holdoff=10 gp_exp=1/,/^bench: end/{/writer-duration/d;}'
cut one-gp-short 'only 100' '/^bench: begin rcuscale qrcu writer_holdoff=50 gp_exp=0 nreaders=0/,/^bench: end/{/writer-duration:  *100 /d;}'
cut gp-sample-out-of-order 'in order: rcuscale srcu 10 0 sample 51' '/^bench: begin rcuscale srcu writer_holdoff=10 gp_exp=0 nreaders=0/,/^bench: end/s/writer-duration:  *50 /writer-duration:    51 /'
cut run-twice 'two runs of refscale rcu 1' '/^bench: begin refscale rcu nreaders=1/{p;s/.*/bench: end refscale rcu/p;s/.*/bench: begin refscale rcu nreaders=1/;}'
cut no-qrcu-read-side 'Runs lines of qrcu nreaders=1' '/^bench: begin refscale qrcu nreaders=1/,/^bench: end/{/	[0-9]*\.[0-9]*$/d;}'
cut no-srcu-read-side-2 'Runs lines of srcu nreaders=2' '/^bench: begin refscale srcu nreaders=2/,/^bench: end/{/	[0-9]*\.[0-9]*$/d;}'
cut one-refscale-run-short 'only 3' '/^bench: begin refscale refcnt nreaders=2/,/^bench: end/{/] 4	/d;}'
cut refscale-run-lost 'refscale runs in order: qrcu r run 3' '/^bench: begin refscale qrcu nreaders=2/,/^bench: end/{/] 2	/d;}'
cut no-clock-runs 'Runs lines of clock nreaders=1' '/^bench: begin refscale clock nreaders=1/,/^bench: end/d'
cut no-rcu-runs-header 'Runs lines of rcu nreaders=2' '/^bench: begin refscale rcu nreaders=2/,/^bench: end/{/Runs/d;}'
cut no-cpu-count 'the CPU count' '/Brought up/d'
cut cut-short 'bench: done' '/^bench: done/d'
cut no-boot-time 'bench: boot took' '/^bench: boot took /d'
cut no-host-load 'host load' '/^bench: host load /d'
cut no-clocksource 'the clocksource' '/Switched to clocksource/d'
cut no-run-list 'the list of runs' '/; holdoffs /d'
cut no-config 'the configuration' '/^bench: config /d'
cut no-exp-holdoff 'exp_holdoff' '/^bench: srcutree.exp_holdoff /d'
cut no-qrcu-flavour 'qrcu among the flavours' 's/; gp qrcu,srcu,rcu;/; gp srcu,rcu;/'
cut no-clock-type 'the clock among the refscale types' 's/refscale qrcu,srcu,rcu,refcnt,clock;/refscale qrcu,srcu,rcu,refcnt;/'
cut jiffies-clock 'finer than a timer tick' 's/to clocksource hpet/to clocksource refined-jiffies/'
cut timeout 'bench: timeout refscale srcu' 's/^bench: end refscale srcu$/bench: timeout refscale srcu after 300 s\n&/'
cut kernel-warning 'kernel complaint at line' '/^bench: begin rcuscale rcu writer_holdoff=10 gp_exp=0 nreaders=0/a\
[   11.000000] WARNING: CPU: 1 PID: 77 at kernel/rcu/tree.c:1234 rcu_gp_kthread+0x1/0x2'
cut kernel-bug 'BUG: scheduling while atomic' '/^bench: done/i\
[   40.000000] BUG: scheduling while atomic: sh/1/0x00000002'
cut rcu-stall 'self-detected stall' '/^bench: begin refscale srcu nreaders=2/a\
[   30.000000] rcu: INFO: rcu_preempt self-detected stall on CPU'
cut scale-complaint 'scale module complaint' '/^bench: begin rcuscale rcu writer_holdoff=10 gp_exp=1/a\
[   12.000000] rcu-scale: !!! All grace periods normal, no expedited ones to measure!'
: >"$tmp/empty.log"
check empty fail

# runs NAME WANT: run bench-runs.sh on directory $tmp/NAME, compare with WANT.
runs() {
	bench_case "runs-$1" "$2" bench-runs kernel/bin/bench-runs.sh "$tmp/$1" "$tmp/$1.md" "$tmp/$1.tsv"
}
mkdir "$tmp/two" "$tmp/one-cut" "$tmp/uncompressed" "$tmp/none"
# header CODE FILES: the provenance header bench-record.sh writes, with the
# series' code hash CODE and the benchmark files' hash FILES.
code=$(kernel/bin/soak-runs.sh --code)
files=$(kernel/bin/bench-runs.sh --hash)
header() {
	printf '%s\n' "bench-series: linux-source-6.1.tar.xz selftest" "bench-series-code: $1" \
		"bench-files: $2" "bench-config: selftest" "--- console"
}
{ header "$code" "$files"; echo "bench: host time 2026-01-01 10:00:00 UTC"; cat "$tmp/full.log"; } | xz -c >"$tmp/two/a.log.xz"
# The second run's qrcu grace periods without readers at writer_holdoff
# 10 take ten times as long.
{ header "$code" "$files"; echo "bench: host time 2026-01-01 11:00:00 UTC"
	sed -e '/^bench: begin rcuscale qrcu writer_holdoff=10 gp_exp=0 nreaders=0/,/^bench: end/s/writer-duration:.*[0-9]$/&0/' \
		"$tmp/full.log"; } | xz -c >"$tmp/two/b.log.xz"
runs two pass
# A kept run must say what it measured, and it must be what is here
# now: a run with no header (as runs were kept before they had one), a
# run of other code, and a run with other benchmark files are refused,
# each beside a good run, each for its own reason.
provenance() { # NAME REASON SED-SCRIPT: run b's header changed
	mkdir "$tmp/$1"
	cp "$tmp/two/a.log.xz" "$tmp/$1/a.log.xz"
	xz -dc "$tmp/two/b.log.xz" | sed -e "$3" | xz -c >"$tmp/$1/b.log.xz"
	because=$2
	runs "$1" fail
	because=
}
provenance no-header 'no provenance header' '1,/^--- console$/d'
provenance other-code 'series whose code differs' "s/^bench-series-code: .*/bench-series-code: 0$code/"
provenance other-files 'BENCH.boot or kernel/bench-init.sh last changed' "s/^bench-files: .*/bench-files: 0$files/"
provenance no-console-line 'no provenance header' '/^--- console$/d'

for want in 'gp.qrcu.10.0.median	1.80 to 18.0' 'gp.qrcu.10.0.median:max	18.0' \
	'gp.qrcu/srcu.10.0.lo:min	0.015' 'read.srcu.1.median	60.3' 'runs	2' \
	'floor.qrcu.10.median	3.00 to 30.0' 'first	2026-01-01 10:00:00 UTC'; do
	if ! grep -qxF -e "$want" "$tmp/two.tsv"; then
		echo "WRONG: runs two: no line '$want' among the figures"
		bad=1
	fi
done
if ! grep -qF '| grace period (us), qrcu, writer_holdoff 10 us (below exp_holdoff), no readers | 1.80 (0.900-1.80) | 18.0 (9.00-18.0) | 1.80 to 18.0 |' "$tmp/two.md"; then
	echo "WRONG: runs two: the table lacks the row of qrcu's grace periods"
	sed -e 's/^/    /' "$tmp/two.md"
	bad=1
fi
cp "$tmp/two/a.log.xz" "$tmp/one-cut/a.log.xz"
xz -dc "$tmp/two/b.log.xz" | sed -e '/Switched to clocksource/d' | xz -c >"$tmp/one-cut/b.log.xz"
runs one-cut fail
# A kept run during which the kernel warned: its figures are all there,
# but the summary must refuse the set.
mkdir "$tmp/one-warned"
cp "$tmp/two/a.log.xz" "$tmp/one-warned/a.log.xz"
xz -dc "$tmp/two/b.log.xz" | sed -e '/^bench: done/i\
[   40.000000] WARNING: CPU: 0 PID: 1 at kernel/rcu/srcutree.c:100 srcu_gp_end+0x1/0x2' | xz -c >"$tmp/one-warned/b.log.xz"
because='kernel complaint'
runs one-warned fail
because=
cp "$tmp/two/a.log.xz" "$tmp/uncompressed/a.log.xz"
xz -dc "$tmp/two/b.log.xz" >"$tmp/uncompressed/b.log"
runs uncompressed fail
runs none fail

# bench-record.sh keeps a good run, whole and compressed, and keeps it
# again unchanged; it refuses a log without run-bench.sh's host time, a
# log whose kernel warned, and another run under a name already taken.
echo "linux-source-6.1.tar.xz selftest" >"$tmp/src.stamp"
echo "CONFIG_QRCU=y" >"$tmp/config"
record() {
	bench_case "record-$1" "$2" bench-record kernel/bin/bench-record.sh "$3" "$tmp/kept" "$tmp/src.stamp" "$tmp/config"
}
xz -dc "$tmp/two/a.log.xz" | sed -e '1,/^--- console$/d' >"$tmp/a.log"
record good pass "$tmp/a.log"
if ! xz -dc "$tmp/kept/2026-01-01-100000.log.xz" | sed -e '1,/^--- console$/d' | cmp -s - "$tmp/a.log"; then
	echo "WRONG: record good: kept/2026-01-01-100000.log.xz is not the whole log"
	bad=1
fi
# What it keeps carries the header, with the hashes of now, and the
# summary takes it.
for want in "bench-series: linux-source-6.1.tar.xz selftest" "bench-series-code: $code" "bench-files: $files" \
	"bench-config: $(sha256sum <"$tmp/config" | awk "{ print \$1 }")"; do
	if ! xz -dc "$tmp/kept/2026-01-01-100000.log.xz" | sed -e '/^--- console$/q' | grep -qxF -e "$want"; then
		echo "WRONG: record good: the kept run's header lacks '$want'"
		bad=1
	fi
done
cp -r "$tmp/kept" "$tmp/recorded"
runs recorded pass
record again pass "$tmp/a.log"
sed -e '/^bench: host time /d' "$tmp/a.log" >"$tmp/no-time.log"
because="no 'bench: host time' line"
record no-host-time fail "$tmp/no-time.log"
xz -dc "$tmp/one-warned/b.log.xz" | sed -e '1,/^--- console$/d' -e 's/^bench: host time .*/bench: host time 2026-01-01 12:00:00 UTC/' >"$tmp/warned.log"
because='kernel complaint'
record warned fail "$tmp/warned.log"
sed -e 's/^\(\[   20.000000\] 1	\)120\./\1121./' "$tmp/a.log" >"$tmp/other.log"
because='already holds another run'
record other-same-name fail "$tmp/other.log"
because=
if [ "$(ls "$tmp/kept")" != "2026-01-01-100000.log.xz" ]; then
	echo "WRONG: record: $tmp/kept holds $(ls "$tmp/kept"), not the one good run"
	bad=1
fi

[ "$bad" -eq 0 ] && echo "bench-selftest: the parser takes the full log, gives the figures worked out by hand, and rejects every broken one; the summary of runs finds the ranges and refuses a broken set; bench-record keeps a good run whole and refuses the rest"
exit "$bad"
