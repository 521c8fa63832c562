#!/bin/sh
# bench-selftest.sh
# Feed bench-table.sh a small synthetic console log with every figure
# the benchmark produces, then the same log with one figure or one
# marker taken out.  The full log must parse; every cut log must fail:
# a parser that never complains about a missing figure proves nothing.
# Then give bench-runs.sh (the summary of the recorded runs) two good
# runs, whose ranges it must find, and a set with one cut run, an empty
# set, which it must refuse.
set -eu
parse=kernel/bin/bench-table.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# rcuscale FLAVOR NREADERS BASE-NS: one run with three grace periods.
rcuscale() {
	cat <<END
bench: begin rcuscale $1 nreaders=$2
[   10.000000] $1-scale:--- Start of test: nreaders=$2 nwriters=1 verbose=1 shutdown=0
[   12.000000] $1-scale: Test complete
[   13.000000] $1-scale: writer 0 gps: 3
[   13.000000] $1-scale: start: 1000 end: 2000 duration: 1000 gps: 3 batches: 1
[   13.000000] $1-scale:    0 writer-duration:     0 $3
[   13.000000] $1-scale:    0 writer-duration:     1 $(($3 * 2))
[   13.000000] $1-scale:    0 writer-duration:     2 $(($3 * 3))
bench: end rcuscale $1 nreaders=$2
END
}

# refscale TYPE NREADERS NS: one run with two experiments.
refscale() {
	printf '%s\n' "bench: begin refscale $1 nreaders=$2" \
		"[   20.000000] $1-ref-scale: END OF TEST. Calculating average duration per loop (nanoseconds)..." \
		"[   20.000000] Runs	Time(ns)" \
		"[   20.000000] 1	$3.500" \
		"[   20.000000] 2	$3.100" \
		"bench: end refscale $1 nreaders=$2"
}

{
	echo "[    0.500000] smp: Brought up 1 node, 2 CPUs"
	echo "[    1.500000] clocksource: Switched to clocksource hpet"
	echo "bench: 1.05 s: 2 CPUs; flavors qrcu,srcu,rcu; readers 2; refscale qrcu,srcu,rcu,refcnt"
	for nr in 0 2; do
		rcuscale qrcu "$nr" 900
		rcuscale srcu "$nr" 40000
		rcuscale rcu "$nr" 9000000
	done
	for nr in 1 2; do
		refscale qrcu "$nr" $((120 * nr))
		refscale srcu "$nr" 60
		refscale rcu "$nr" 30
		refscale refcnt "$nr" 100
	done
	echo "bench: done"
} >"$tmp/full.log"

bad=0
# check NAME WANT: run the parser on $tmp/NAME.log, compare with WANT.
check() {
	judge "$1" "$2" parser "$parse" "$tmp/$1.log"
}
# judge NAME WANT TOOL COMMAND...: run COMMAND, which must pass or fail
# as WANT says; TOOL names it in the report.
judge() {
	name=$1 want=$2 tool=$3
	shift 3
	if "$@" >"$tmp/$name.out" 2>&1; then got=pass; else got=fail; fi
	if [ "$got" = "$want" ]; then
		echo "ok: $name: $tool says $got, as it must"
	else
		echo "WRONG: $name: $tool says $got, must say $want"
		sed -e 's/^/    /' "$tmp/$name.out"
		bad=1
	fi
}
# cut NAME SED-SCRIPT: the full log with some lines deleted by SED-SCRIPT.
cut() {
	sed -e "$2" "$tmp/full.log" >"$tmp/$1.log"
	if cmp -s "$tmp/full.log" "$tmp/$1.log"; then
		echo "WRONG: $1: the cut removed nothing"
		bad=1
	fi
	check "$1" fail
}

cp "$tmp/full.log" "$tmp/complete.log"
check complete pass
# The figures the full log gives must come out of the table.
for want in '| qrcu | 1.80 | 1.80 | 3 | 1.80 | 1.80 | 3 |' \
	'| ratio qrcu/rcu | 0.00010 | 0.00010 | | 0.00010 | 0.00010 | |' \
	'| srcu | 60.3 | 60.1 | 2 | 60.3 | 60.1 | 2 |' \
	'| ratio qrcu/srcu | 2.00 | 2.00 | | 3.99 | 4.00 | |'; do
	if ! grep -qF -e "$want" "$tmp/complete.out"; then
		echo "WRONG: complete: no line $want in the table"
		bad=1
	fi
done
cut no-qrcu-gps-without-readers '/^bench: begin rcuscale qrcu nreaders=0/,/^bench: end/{/writer-duration/d;}'
cut no-rcu-gps-with-readers '/^bench: begin rcuscale rcu nreaders=2/,/^bench: end/{/writer-duration/d;}'
cut no-srcu-run-with-readers '/^bench: begin rcuscale srcu nreaders=2/,/^bench: end/d'
cut no-qrcu-read-side '/^bench: begin refscale qrcu nreaders=1/,/^bench: end/{/	[0-9]*\.[0-9]*$/d;}'
cut no-srcu-read-side-2 '/^bench: begin refscale srcu nreaders=2/,/^bench: end/{/	[0-9]*\.[0-9]*$/d;}'
cut no-rcu-runs-header '/^bench: begin refscale rcu nreaders=2/,/^bench: end/{/Runs/d;}'
cut no-cpu-count '/Brought up/d'
cut cut-short '/^bench: done/d'
cut no-clocksource '/Switched to clocksource/d'
cut no-flavor-list '/; flavors /d'
sed -e 's/flavors qrcu,srcu,rcu;/flavors srcu,rcu;/' "$tmp/full.log" >"$tmp/no-qrcu-flavor.log"
check no-qrcu-flavor fail
sed -e 's/to clocksource hpet/to clocksource refined-jiffies/' "$tmp/full.log" >"$tmp/jiffies-clock.log"
check jiffies-clock fail
sed -e 's/^bench: end refscale srcu nreaders=1/bench: timeout refscale srcu nreaders=1 after 300 s\n&/' "$tmp/full.log" >"$tmp/timeout.log"
check timeout fail
: >"$tmp/empty.log"
check empty fail

# runs NAME WANT: run bench-runs.sh on directory $tmp/NAME, compare with WANT.
runs() {
	judge "runs-$1" "$2" bench-runs kernel/bin/bench-runs.sh "$tmp/$1" "$tmp/$1.md" "$tmp/$1.tsv"
}
mkdir "$tmp/two" "$tmp/one-cut" "$tmp/none"
{ echo "bench: host time 2026-01-01 10:00:00 UTC"; cat "$tmp/full.log"; } >"$tmp/two/a.log"
# The second run's qrcu grace periods take ten times as long.
{ echo "bench: host time 2026-01-01 11:00:00 UTC"
	sed -e '/^bench: begin rcuscale qrcu nreaders=0/,/^bench: end/s/writer-duration:.*[0-9]$/&0/' \
		"$tmp/full.log"; } >"$tmp/two/b.log"
runs two pass
for want in 'gp.qrcu.0.median	1.80 to 18.0' 'read.srcu.0.fastest	60.1' 'runs	2' \
	'first	2026-01-01 10:00:00 UTC'; do
	if ! grep -qxF -e "$want" "$tmp/two.tsv"; then
		echo "WRONG: runs two: no line '$want' among the figures"
		bad=1
	fi
done
cp "$tmp/two/a.log" "$tmp/one-cut/a.log"
sed -e '/Switched to clocksource/d' "$tmp/two/b.log" >"$tmp/one-cut/b.log"
runs one-cut fail
runs none fail

[ "$bad" -eq 0 ] && echo "bench-selftest: the parser takes the full log and rejects every cut one; the summary of runs finds the ranges and refuses a cut run"
exit "$bad"
