#!/bin/sh
# bench-table.sh CONSOLE [TABLE [FIGURES]]
# Read the benchmark boot's console log (kernel/bench-init.sh frames each
# run with "bench: begin MODULE TYPE [nreaders=N]" and "bench: end" lines)
# and print, as Markdown tables:
#  - grace-period latency per flavor, without and with reader kthreads:
#    mean and median of rcuscale's per-grace-period "writer-duration"
#    lines (ns, printed on unload), in microseconds;
#  - read-side cost per flavor, with one reader and with several:
#    refscale's "Runs" lines (ns per lock/unlock pair and reader, one
#    line per run), their mean and the fastest run;
#  - the ratios qrcu/srcu and qrcu/rcu of each figure;
#  - for qrcu, how many grace periods flipped the counters (rcuscale's
#    "batches"), that is, took the slowpath.
# With TABLE, also writes the tables there; with FIGURES, also every
# figure of the tables, one "KEY<tab>VALUE" line each, as formatted in
# the tables (keys such as gp.qrcu.0.median, read.qrcu/rcu.r.fastest,
# flips.qrcu.r; 0 means without readers, or with one for refscale, and r
# with bench.readers of them), for kernel/bin/bench-runs.sh.
# The run's time is taken from run-bench.sh's "bench: host time" line,
# or failing that from the log's modification time.  Exits 1 when a figure is
# missing: a run that timed out, failed to load or printed nothing, a
# boot that did not reach "bench: done", or a clock as coarse as the
# timer tick (clocksource jiffies), which makes short durations read 0.
set -eu
log=${1:?usage: bench-table.sh CONSOLE [TABLE [FIGURES]]}
table=${2:-}
figures=${3:-}

if [ ! -s "$log" ]; then
	echo "bench-table: console log $log is missing or empty" >&2
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
when=$(sed -n 's/^bench: host time \(.*\)$/\1/p' "$log" | head -n 1)
[ -n "$when" ] || when=$(date -u -r "$log" '+%Y-%m-%d %H:%M UTC')

status=0
sed -e 's/^\[ *[0-9.]*\] //' "$log" | awk -v when="$when" -v missfile="$tmp/missing" \
	-v figfile="$tmp/figures" '
BEGIN { nf = nt = 0; readers = "" }
# bench-init.sh names what it runs: "bench: T s: N CPUs; flavors A,B;
# readers R; refscale A,B,C".  The table has a row for each of those.
/^bench: .* CPUs?; flavors [^;]*; readers [0-9]+; refscale [^ ]+$/ {
	for (i = 1; i < NF; i++) {
		if ($i == "flavors") { fl = $(i + 1); sub(/;$/, "", fl) }
		if ($i == "refscale") rs = $(i + 1)
	}
	nf = split(fl, flavors, ","); nt = split(rs, reftypes, ",")
	next
}
/^bench: begin / {
	mod = $3; type = $4; nr = $5; sub(/^nreaders=/, "", nr)
	if (mod == "rcuscale" && nr != 0) readers = nr
	key = type " " ((mod == "rcuscale" && nr == 0) || (mod == "refscale" && nr == 1) ? 0 : "r")
	inruns = 0
	next
}
/^bench: end / { mod = ""; inruns = 0; next }
/^bench: timeout / || /^bench: insmod .* failed/ || /^bench: rmmod .* failed/ {
	bad[++nbad] = $0; next
}
/^bench: done/ { done = 1; next }
/clocksource: Switched to clocksource / { clock = $NF; next }
/smp: Brought up .* CPUs?$/ {
	for (i = 1; i < NF; i++) if ($(i + 1) ~ /^CPUs?$/) cpus = $i
	next
}
mod == "rcuscale" && $0 ~ ("^" type "-scale: +[0-9]+ writer-duration: +[0-9]+ +[0-9]+$") {
	gp[key, ++ngp[key]] = $NF / 1000; next
}
mod == "rcuscale" && $0 ~ ("^" type "-scale: start: .* gps: [0-9]+ batches: -?[0-9]+$") {
	gps[key] = $(NF - 2); flips[key] = $NF; next
}
mod == "refscale" && /^Runs[ \t]+Time\(ns\)/ { inruns = 1; next }
mod == "refscale" && inruns && /^[0-9]+[ \t]+[0-9]+\.[0-9]+$/ {
	ref[key, ++nref[key]] = $2 + 0; next
}

function miss(what) { missing = missing "  " what "\n" }

# Insertion sort of a[1..n]; n is at most rcuscale'"'"'s 10000 per writer.
function sortn(a, n,    i, j, x) {
	for (i = 2; i <= n; i++) {
		x = a[i]
		for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]
		a[j + 1] = x
	}
}

# stats(array, key, count): sets S_mean, S_med, S_min; returns count.
function stats(arr, k, n,    i, v, s) {
	S_mean = S_med = S_min = ""
	if (n + 0 == 0) return 0
	for (i = 1; i <= n; i++) { v[i] = arr[k, i]; s += v[i] }
	sortn(v, n)
	S_mean = s / n
	S_med = (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
	S_min = v[1]
	return n
}

function fmt(x,    a) {
	if (x == "") return "missing"
	a = x < 0 ? -x : x
	if (a >= 100) return sprintf("%.0f", x)
	if (a >= 10) return sprintf("%.1f", x)
	if (a >= 1) return sprintf("%.2f", x)
	if (a >= 0.01) return sprintf("%.3f", x)
	return sprintf("%.5f", x)
}

function ratio(a, b) {
	if (a == "" || b == "" || b + 0 == 0) return "missing"
	return fmt(a / b)
}

# known(X): X, or "?" when the log did not give it.
function known(x) { return x == "" ? "?" : x }

# fig(KEY, VALUE): one figure for FIGURES; returns VALUE for the table.
function fig(k, v) {
	print k "\t" v >figfile
	return v
}

# row(KIND, T, A, ANAME, B, BNAME, N): the table row of flavor or type T:
# figures A and B and the count N, without readers and with them.
function row(kind, t, A, an, B, bn, N,    p) {
	p = kind "." t
	printf "| %s | %s | %s | %d | %s | %s | %d |\n", t,
		fig(p ".0." an, fmt(A[t " 0"])), fig(p ".0." bn, fmt(B[t " 0"])),
		fig(p ".0.n", N[t " 0"] + 0),
		fig(p ".r." an, fmt(A[t " r"])), fig(p ".r." bn, fmt(B[t " r"])),
		fig(p ".r.n", N[t " r"] + 0)
}

# ratio_row(KIND, O, A, ANAME, B, BNAME): the row of ratios qrcu/O.
function ratio_row(kind, o, A, an, B, bn,    p) {
	p = kind ".qrcu/" o
	printf "| ratio qrcu/%s | %s | %s | | %s | %s | |\n", o,
		fig(p ".0." an, ratio(A["qrcu 0"], A[o " 0"])),
		fig(p ".0." bn, ratio(B["qrcu 0"], B[o " 0"])),
		fig(p ".r." an, ratio(A["qrcu r"], A[o " r"])),
		fig(p ".r." bn, ratio(B["qrcu r"], B[o " r"]))
}

END {
	if (!nf) miss("the list of flavors (bench: ... flavors ...; refscale ...)")
	for (i = 1; i <= nf; i++) if (flavors[i] == "qrcu") hasq = 1
	if (nf && !hasq) miss("qrcu among the flavors (bench.flavors)")
	if (cpus == "") miss("the CPU count (smp: Brought up ... CPUs)")
	if (clock == "") miss("the clocksource (clocksource: Switched to clocksource ...)")
	else if (clock ~ /jiffies/)
		miss("a clock finer than a timer tick: the clocksource is " clock)
	if (readers == "") { miss("the runs with readers"); readers = "N" }
	if (!done) miss("the end of the benchmark (bench: done): the boot was cut short")
	for (i = 1; i <= nbad; i++) miss("a complete run: " bad[i])

	for (i = 1; i <= nf; i++) {
		f = flavors[i]
		for (r = 0; r <= 1; r++) {
			k = f " " (r ? "r" : 0)
			if (!stats(gp, k, ngp[k]))
				miss("grace-period durations of rcuscale " f " nreaders=" (r ? readers : 0))
			gmean[k] = S_mean; gmed[k] = S_med
		}
	}
	for (i = 1; i <= nt; i++) {
		for (r = 0; r <= 1; r++) {
			t = reftypes[i] " " (r ? "r" : 0)
			if (!stats(ref, t, nref[t]) && reftypes[i] != "refcnt")
				miss("refscale Runs lines of " reftypes[i] " nreaders=" (r ? readers : 1))
			rmean[t] = S_mean; rmin[t] = S_min
		}
	}

	print "Run of " when ": one boot of QEMU in TCG mode (emulated, not KVM) with " \
		known(cpus) " CPUs, clocksource " known(clock) "."
	print ""
	print "| Grace-period latency (us) | no readers: mean | median | GPs | with " \
		readers " readers: mean | median | GPs |"
	print "|---|--:|--:|--:|--:|--:|--:|"
	for (i = 1; i <= nf; i++) row("gp", flavors[i], gmean, "mean", gmed, "median", ngp)
	for (i = 1; i <= nf; i++) if (flavors[i] != "qrcu") ratio_row("gp", flavors[i], gmean, "mean", gmed, "median")
	print ""
	print "| Read side (ns per lock/unlock pair) | 1 reader: mean of runs | fastest run | runs | " \
		readers " readers: mean of runs | fastest run | runs |"
	print "|---|--:|--:|--:|--:|--:|--:|"
	for (i = 1; i <= nt; i++) {
		t = reftypes[i]
		if (t == "refcnt" && !nref[t " 0"] && !nref[t " r"]) continue
		row("read", t, rmean, "mean", rmin, "fastest", nref)
	}
	for (i = 1; i <= nf; i++) if (flavors[i] != "qrcu") ratio_row("read", flavors[i], rmean, "mean", rmin, "fastest")
	print ""
	printf "qrcu counter flips (slowpath grace periods that found a reader) while measured: %s of %s with no readers, %s of %s with %s readers.\n",
		fig("flips.qrcu.0", known(flips["qrcu 0"])), fig("gps.qrcu.0", known(gps["qrcu 0"])),
		fig("flips.qrcu.r", known(flips["qrcu r"])), fig("gps.qrcu.r", known(gps["qrcu r"])), readers
	fig("cpus", known(cpus))
	fig("clock", known(clock))
	fig("readers", readers)
	fig("when", when)
	printf "%s", missing >missfile
}' >"$tmp/table.md" || status=$?

if [ "$status" -ne 0 ]; then
	echo "bench-table: awk failed with status $status" >&2
	exit 1
fi
cat "$tmp/table.md"
if [ -n "$table" ]; then
	mkdir -p "$(dirname "$table")"
	cp "$tmp/table.md" "$table"
fi
if [ -n "$figures" ]; then
	mkdir -p "$(dirname "$figures")"
	cp "$tmp/figures" "$figures"
fi
if [ -s "$tmp/missing" ]; then
	printf 'bench-table: missing figures:\n' >&2
	cat "$tmp/missing" >&2
	exit 1
fi
echo "bench-table: every figure found"
