#!/bin/sh
# bench.sh OUTDIR [UPDATERS READERS]
# Time pan's exhaustive search of models/qrcu.spin (default 2x2) on one
# core and on two: three verifiers compiled from the same pan.c with
# -O2 -DSAFETY, and -DNCORE=2 (multi-core depth-first) or -DBFS_PAR
# (parallel breadth-first), each run with -m1000000.  farm-bench runs
# each pair in turn (5 runs after a warm-up) and prints min, median and
# max of wall and cpu seconds and peak memory, and the ratio to the
# one-core search (BENCH_RUNS=N for another number of runs); each verifier's report (states, verdict) is kept in
# OUTDIR.  A benchmark: it prints figures, it checks nothing.
set -eu
out=${1:?usage: bench.sh OUTDIR [UPDATERS READERS]}
u=${2:-2}
r=${3:-2}
command -v farm-bench >/dev/null 2>&1 || { echo "bench.sh: farm-bench is not installed (it times the runs)" >&2; exit 1; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
cp models/qrcu.spin models/lock.h "$out/"
cd "$out"
spin -DN_QRCU_UPDATERS="$u" -DN_QRCU_READERS="$r" -a qrcu.spin
cc -O2 -DSAFETY -o pan-one pan.c
cc -O2 -DSAFETY -DNCORE=2 -o pan-two pan.c
cc -O2 -DSAFETY -DBFS_PAR -o pan-bfspar pan.c
for v in one two bfspar; do
	"./pan-$v" -m1000000 >"report-$v.txt" 2>&1 || true
	echo "pan-$v (${u}x$r): $(grep -E 'errors:' "report-$v.txt" | head -1 | sed 's/.*errors:/errors:/');" \
		"$(grep -E 'states, stored' "report-$v.txt" | head -1 | sed 's/^ *//')"
done
echo "load average before timing: $(cut -d' ' -f1-3 /proc/loadavg)"
farm-bench -n "${BENCH_RUNS:-5}" --timeout 1200 --vs "./pan-one -m1000000" -- ./pan-two -m1000000
farm-bench -n "${BENCH_RUNS:-5}" --timeout 1200 --vs "./pan-one -m1000000" -- ./pan-bfspar -m1000000
echo "load average after timing: $(cut -d' ' -f1-3 /proc/loadavg)"
