#!/bin/sh
# bench-table.sh CONSOLE [TABLE [FIGURES]]
# Read the benchmark boot's console log (plain, or compressed with xz
# when its name ends in .xz; kernel/bench-init.sh frames each run with
# "bench: begin MODULE TYPE PARAM=VALUE..." and "bench: end" lines) and
# print, as Markdown:
#  - the configuration measured: QEMU's version, the vCPUs, HZ and the
#    timer tick, the preemption model, the SRCU flavour, the clocksource
#    (run-bench.sh's "bench: config" line and the kernel's own lines),
#    and the benchmark's parameters;
#  - grace-period latency, in microseconds, for each writer_holdoff of
#    bench.holdoffs: the normal grace period of each flavour, without
#    and with reader kthreads, and the expedited one of each flavour of
#    bench.exp, without: the median of rcuscale's per-grace-period
#    "writer-duration" lines (printed on unload), the quartiles, the
#    largest, and how many took over 1 ms.  The first bench.warmup
#    grace periods of a run are warm-up (the first call also pays for
#    translating the code under TCG; the table shows it, as "first")
#    and the last is overwritten by
#    every grace period until the module is unloaded, after the
#    measurement; neither is counted;
#  - qrcu/X, the ratio of the medians, for each alternative X, with a
#    band from the quartiles (qrcu's lower quartile over X's upper
#    one, and the other way round);
#  - the floor: refscale's clock type, the cost of one read of the clock
#    that rcuscale times every grace period with (its fastest run, the
#    one least disturbed by the host; and the median and quartiles of
#    the runs), and how many of those floors a qrcu grace period with no
#    readers costs (its median, and its quartiles);
#  - read-side cost, in ns per lock/unlock pair, for each refscale type,
#    with one reader and with several: the median of refscale's 30 runs,
#    their quartiles and the fastest, and the ratios qrcu/X as above;
#  - for qrcu, how many grace periods flipped the counters (rcuscale's
#    "batches"), that is, took the slowpath and found a reader.
# With TABLE, also writes the tables there; with FIGURES, also every
# figure, one "KEY<tab>VALUE" line each, as formatted in the tables
# (keys such as gp.qrcu.10.0.median, gp.qrcu/srcu-exp.50.0.lo,
# floor.qrcu.10.median, read.qrcu/rcu.r.p75, flips.qrcu.10.r; 0 and 1
# mean no reader kthreads for rcuscale and one reader for refscale, r
# bench.readers of them), for kernel/bin/bench-runs.sh.
# The run's time is taken from run-bench.sh's "bench: host time" line
# (and its duration from its "bench: boot took" line),
# or failing that from the log's modification time.  Exits 1 when a
# figure is missing or cannot be trusted: a run that timed out, failed
# to load, printed nothing, printed fewer grace periods or refscale runs
# than it should, or ran twice; a boot that did not reach "bench: done";
# a clock as coarse as the timer tick (clocksource jiffies), which makes
# short durations read 0; a scale module's "!!!" complaint; and any
# kernel warning, BUG, oops, panic, stall or call trace in the log.
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
case $log in
*.xz)
	if ! xz -dc "$log" >"$tmp/console.log"; then
		echo "bench-table: $log is not a valid xz file" >&2
		exit 1
	fi ;;
*) cp "$log" "$tmp/console.log" ;;
esac
when=$(sed -n 's/^bench: host time \(.*\)$/\1/p' "$tmp/console.log" | head -n 1)
[ -n "$when" ] || when=$(date -u -r "$log" '+%Y-%m-%d %H:%M UTC')

status=0
sed -e 's/^\[ *[0-9.]*\] //' "$tmp/console.log" | awk -v when="$when" -v missfile="$tmp/missing" \
	-v figfile="$tmp/figures" '
BEGIN { readers = ""; nh = ng = ne = nt = 0 }
# Anything the kernel says when it is unhappy.  A benchmark run during
# which the kernel warned is not one to quote.
/(WARNING:|BUG:|Oops|Kernel panic|Call Trace:|general protection fault|detected stall|self-detected stall|blocked for more than|UBSAN:|KASAN:)/ {
	bad[++nbad] = "a kernel complaint at line " NR " of the log: " $0; next
}
/-scale: *!!! / { bad[++nbad] = "a scale module complaint at line " NR ": " $0; next }
/^bench: srcutree\.exp_holdoff [0-9]+ ns$/ { expholdoff = $3 / 1000; next }
/^bench: config / {
	for (i = 3; i <= NF; i++) { split($i, kv, "="); conf[kv[1]] = kv[2] }
	hasconf = 1; next
}
# bench-init.sh names what it runs: "bench: T s: N CPUs; holdoffs A,B;
# gp X,Y; exp X,Y; readers R; refscale X,Y; warmup W".
/^bench: .* CPUs?; holdoffs [^;]*; gp [^;]*; exp [^;]*; readers [0-9]+; refscale [^;]*; warmup [0-9]+$/ {
	for (i = 1; i < NF; i++) {
		w = $(i + 1); sub(/;$/, "", w)
		if ($i == "holdoffs") nh = split(w, holdoffs, ",")
		if ($i == "gp") ng = split(w, gpf, ",")
		if ($i == "exp" && w != "-") ne = split(w, expf, ",")
		if ($i == "readers") readers = w
		if ($i == "refscale") nt = split(w, reftypes, ",")
		if ($i == "warmup") warmup = w + 0
	}
	header = 1; next
}
/^bench: begin / {
	mod = $3; type = $4; h = ""; x = 0; nr = ""
	for (i = 5; i <= NF; i++) {
		split($i, kv, "=")
		if (kv[1] == "writer_holdoff") h = kv[2]
		if (kv[1] == "gp_exp") x = kv[2] + 0
		if (kv[1] == "nreaders") nr = kv[2]
	}
	if (mod == "rcuscale")
		key = type (x ? "-exp" : "") " " h " " (nr == 0 ? 0 : "r")
	else
		key = type " " (nr == 1 ? 1 : "r")
	if (key in ran) bad[++nbad] = "one run of each kind: two runs of " mod " " key
	ran[key] = 1
	inruns = 0; want = ""
	next
}
/^bench: [0-9.]+ s: insmod refscale/ {
	for (i = 1; i <= NF; i++) {
		if ($i ~ /^nruns=[0-9]+$/) { want = $i; sub(/^nruns=/, "", want) }
		if ($i ~ /^loops=[0-9]+$/) { loops = $i; sub(/^loops=/, "", loops) }
	}
	nruns[key] = want; next
}
/^bench: end / { mod = ""; inruns = 0; next }
/^bench: timeout / || /^bench: insmod .* failed/ || /^bench: rmmod .* failed/ {
	bad[++nbad] = "a complete run: " $0; next
}
/^bench: done/ { done = 1; next }
/^bench: boot took [0-9]+ s$/ { seconds = $4; next }
/^bench: host load [0-9.]+ [0-9.]+ [0-9.]+$/ { load = $4; next }
/clocksource: Switched to clocksource / { clock = $NF; next }
/smp: Brought up .* CPUs?$/ {
	for (i = 1; i < NF; i++) if ($(i + 1) ~ /^CPUs?$/) cpus = $i
	next
}
mod == "rcuscale" && $0 ~ ("^" type "-scale: +[0-9]+ writer-duration: +[0-9]+ +[0-9]+$") {
	# Sample number $(NF - 1) of this run: they must come in order.
	if ($(NF - 1) != nsamp[key] + 0)
		bad[++nbad] = "grace periods in order: rcuscale " key " sample " $(NF - 1) " after " nsamp[key] + 0 " samples"
	samp[key, nsamp[key]++] = $NF / 1000; next
}
mod == "rcuscale" && $0 ~ ("^" type "-scale: start: .* gps: [0-9]+ batches: -?[0-9]+$") {
	gps[key] = $(NF - 2); flips[key] = $NF; next
}
mod == "refscale" && /^Runs[ \t]+Time\(ns\)/ { inruns = 1; next }
mod == "refscale" && inruns && /^[0-9]+[ \t]+[0-9]+\.[0-9]+$/ {
	if ($1 != nref[key] + 1)
		bad[++nbad] = "refscale runs in order: " key " run " $1 " after " nref[key] + 0 " runs"
	ref[key, ++nref[key]] = $2 + 0; next
}

function miss(what) { missing = missing "  " what "\n" }

# Insertion sort of a[1..n]; n is at most rcuscale'"'"'s 10000 per writer.
function sortn(a, n,    i, j, y) {
	for (i = 2; i <= n; i++) {
		y = a[i]
		for (j = i - 1; j >= 1 && a[j] > y; j--) a[j + 1] = a[j]
		a[j + 1] = y
	}
}

# q(a, n, p): the p-quantile of the sorted a[1..n] (nearest rank).
function q(a, n, p) { return a[int(p * (n - 1) + 0.5) + 1] }

# stats(V, n): sets S_med, S_p25, S_p75, S_min, S_max, S_slow (values
# over 1000, that is over 1 ms for grace periods in us) of V[1..n].
function stats(v, n,    i) {
	S_med = S_p25 = S_p75 = S_min = S_max = S_slow = ""
	if (n + 0 == 0) return 0
	sortn(v, n)
	S_med = (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
	S_p25 = q(v, n, 0.25); S_p75 = q(v, n, 0.75)
	S_min = v[1]; S_max = v[n]
	S_slow = 0
	for (i = 1; i <= n; i++) if (v[i] > 1000) S_slow++
	return n
}

function fmt(y,    a) {
	if (y == "") return "missing"
	a = y < 0 ? -y : y
	if (a >= 100) return sprintf("%.0f", y)
	if (a >= 10) return sprintf("%.1f", y)
	if (a >= 1) return sprintf("%.2f", y)
	if (a >= 0.01) return sprintf("%.3f", y)
	return sprintf("%.5f", y)
}

function ratio(a, b) {
	if (a == "" || b == "" || b + 0 == 0) return ""
	return a / b
}

# known(X): X, or "?" when the log did not give it.
function known(y) { return y == "" ? "?" : y }

# fig(KEY, VALUE): one figure for FIGURES; returns VALUE for the table.
function fig(k, v) {
	print k "\t" v >figfile
	return v
}

# gprow(F, H, R, LABEL): the table row of rcuscale run "F H R".
function gprow(f, h, r, label,    k, p) {
	k = f " " h " " r; p = "gp." f "." h "." r
	printf "| %s | %s (%s) | %s | %d | %s | %s | %s | %s | %s | %s |\n", label, h, regime[h],
		(r == 0 ? "none" : readers), fig(p ".n", gn[k] + 0),
		fig(p ".median", fmt(gmed[k])), fig(p ".p25", fmt(gp25[k])),
		fig(p ".p75", fmt(gp75[k])), fig(p ".max", fmt(gmax[k])),
		fig(p ".slow", known(gslow[k])), fig(p ".first", fmt(gfirst[k]))
}

# band(PREFIX, A, B, MED, P25, P75): the ratio A/B of the medians, and
# the band from the quartiles, as figures PREFIX.median, .lo, .hi.
function band(p, a, b, med, p25, p75) {
	return fig(p ".median", fmt(ratio(med[a], med[b]))) " | " \
		fig(p ".lo", fmt(ratio(p25[a], p75[b]))) " to " \
		fig(p ".hi", fmt(ratio(p75[a], p25[b])))
}

function flavour(f) { return f ~ /-exp$/ ? substr(f, 1, length(f) - 4) " expedited" : f }

END {
	if (!hasconf) miss("the configuration (bench: config HZ=.. tick=.. preempt=.. srcu=.. qemu=.., written by run-bench.sh)")
	if (!header) miss("the list of runs (bench: ... CPUs; holdoffs ...; gp ...; exp ...; readers ...; refscale ...; warmup ...)")
	for (i = 1; i <= ng; i++) if (gpf[i] == "qrcu") hasq = 1
	if (header && !hasq) miss("qrcu among the flavours (bench.gp)")
	for (i = 1; i <= nt; i++) if (reftypes[i] == "clock") hasclock = 1
	if (header && !hasclock) miss("the clock among the refscale types (bench.refscale): the floor")
	if (cpus == "") miss("the CPU count (smp: Brought up ... CPUs)")
	if (clock == "") miss("the clocksource (clocksource: Switched to clocksource ...)")
	else if (clock ~ /jiffies/)
		miss("a clock finer than a timer tick: the clocksource is " clock)
	if (readers == "") readers = "N"
	if (expholdoff == "") miss("Tree SRCU'"'"'s exp_holdoff (bench: srcutree.exp_holdoff N ns)")
	for (hi = 1; hi <= nh; hi++)
		regime[holdoffs[hi]] = expholdoff == "" ? "?" : holdoffs[hi] + 0 < expholdoff + 0 ? "below" : "above"
	if (seconds == "") miss("the boot'"'"'s duration (bench: boot took N s, written by run-bench.sh)")
	if (load == "") miss("the host'"'"'s load (bench: host load A B C, written by run-bench.sh)")
	if (!done) miss("the end of the benchmark (bench: done): the boot was cut short")
	for (i = 1; i <= nbad; i++) miss(bad[i])

	# The rcuscale runs: every flavour of gp at every holdoff, with no
	# readers and with them; every flavour of exp with none.
	nrun = 0
	for (hi = 1; hi <= nh; hi++) {
		h = holdoffs[hi]
		for (i = 1; i <= ng; i++) { runs[++nrun] = gpf[i] " " h " 0"; runs[++nrun] = gpf[i] " " h " r" }
		for (i = 1; i <= ne; i++) runs[++nrun] = expf[i] "-exp " h " 0"
	}
	for (j = 1; j <= nrun; j++) {
		k = runs[j]
		# Samples warmup .. last-1 count; rcuscale takes 101 (0 to 100).
		n = 0; split("", v)
		for (i = warmup; i < nsamp[k] - 1; i++) v[++n] = samp[k, i]
		if (!nsamp[k])
			miss("grace-period durations of rcuscale " k " (flavour, writer_holdoff, readers)")
		else if (nsamp[k] < 101)
			miss("101 grace periods in rcuscale " k ": only " nsamp[k])
		stats(v, n)
		gn[k] = n; gmed[k] = S_med; gp25[k] = S_p25; gp75[k] = S_p75
		gmax[k] = S_max; gslow[k] = S_slow; gfirst[k] = nsamp[k] ? samp[k, 0] : ""
	}
	for (i = 1; i <= nt; i++) {
		for (r = 0; r <= 1; r++) {
			k = reftypes[i] " " (r ? "r" : 1)
			n = 0; split("", v)
			for (j = 1; j <= nref[k]; j++) v[++n] = ref[k, j]
			if (!n)
				miss("refscale Runs lines of " reftypes[i] " nreaders=" (r ? readers : 1))
			else if (n != nruns[k] + 0)
				miss("all " nruns[k] " refscale runs (nruns=) of " k ": only " n)
			stats(v, n)
			rn[k] = n; rmed[k] = S_med; rp25[k] = S_p25; rp75[k] = S_p75; rmin[k] = S_min
		}
	}

	print "Run of " when ": one boot of QEMU " known(conf["qemu"]) " in TCG mode (emulated, not KVM) with " \
		known(cpus) " vCPUs; Linux 6.1 with HZ=" known(conf["HZ"]) " (" known(conf["tick"]) " tick), preemption " \
		known(conf["preempt"]) ", " known(conf["srcu"]) " SRCU; clocksource " known(clock) "; the boot took " known(seconds) " s, with the host'"'"'s load average at " known(load) " as it started."
	print "rcuscale: one writer, " readers " reader kthreads where there are readers; of its 101 timed grace periods " \
		"the first " warmup " (warm-up) and the last (overwritten after the measurement) are dropped. " \
		"refscale: " nruns[reftypes[1] " 1"] " runs of " known(loops) " lock/unlock pairs (or clock reads) per reader and type. Tree SRCU expedites a grace period by itself only when " \
		"the last one ended more than srcutree.exp_holdoff = " fig("expholdoff", fmt(expholdoff)) " us earlier: " \
		"the writer_holdoffs below it (the writer waits less than that between grace periods) and above it are marked so."
	print ""
	print "| Grace period (us) | writer_holdoff (us) | readers | GPs | median | p25 | p75 | max | over 1 ms | first (dropped) |"
	print "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
	for (j = 1; j <= nrun; j++) {
		split(runs[j], wd, " ")
		gprow(wd[1], wd[2], wd[3], flavour(wd[1]))
	}
	print ""
	print "QRCU has no expedited grace period (rcuscale'"'"'s qrcu type calls synchronize_qrcu() for both), so it has no expedited row."
	print ""
	print "| qrcu/X, grace period | writer_holdoff (us) | readers | ratio of medians | band from the quartiles |"
	print "|---|--:|--:|--:|--:|"
	for (j = 1; j <= nrun; j++) {
		split(runs[j], wd, " ")
		if (wd[1] == "qrcu") continue
		a = "qrcu " wd[2] " " wd[3]
		printf "| qrcu/%s | %s (%s) | %s | %s |\n", flavour(wd[1]), wd[2], regime[wd[2]], (wd[3] == 0 ? "none" : readers),
			band("gp.qrcu/" wd[1] "." wd[2] "." wd[3], a, runs[j], gmed, gp25, gp75)
	}
	print ""
	# A refscale run is the mean of 10000 reads, and takes in every
	# moment the host took the vCPU away; the fastest of the runs is
	# the least disturbed, and so the one to set beside the median of
	# single grace periods.
	print "| The floor | value | spread |"
	print "|---|--:|--:|"
	printf "| one clock read (refscale clock, 1 reader, ns), fastest run: the floor | %s | |\n", fig("floor.clock.fastest", fmt(rmin["clock 1"]))
	printf "| one clock read (ns), median of the runs, and their quartiles | %s | %s to %s |\n", fig("floor.clock.median", fmt(rmed["clock 1"])),
		fig("floor.clock.p25", fmt(rp25["clock 1"])), fig("floor.clock.p75", fmt(rp75["clock 1"]))
	for (hi = 1; hi <= nh; hi++) {
		h = holdoffs[hi]; k = "qrcu " h " 0"
		# Grace periods are in us, clock reads in ns.
		printf "| qrcu grace period, no readers, writer_holdoff %s us (%s), in floors: median, and its quartiles | %s | %s to %s |\n", h, regime[h],
			fig("floor.qrcu." h ".median", fmt(ratio(gmed[k] * 1000, rmin["clock 1"]))),
			fig("floor.qrcu." h ".lo", fmt(ratio(gp25[k] * 1000, rmin["clock 1"]))),
			fig("floor.qrcu." h ".hi", fmt(ratio(gp75[k] * 1000, rmin["clock 1"])))
	}
	print ""
	print "| Read side (ns per lock/unlock pair) | readers | runs | median | p25 | p75 | fastest |"
	print "|---|--:|--:|--:|--:|--:|--:|"
	for (r = 0; r <= 1; r++) {
		for (i = 1; i <= nt; i++) {
			t = reftypes[i]; rr = r ? "r" : 1; k = t " " rr; p = "read." t "." rr
			printf "| %s | %s | %d | %s | %s | %s | %s |\n", t, (r ? readers : 1), fig(p ".n", rn[k] + 0),
				fig(p ".median", fmt(rmed[k])), fig(p ".p25", fmt(rp25[k])),
				fig(p ".p75", fmt(rp75[k])), fig(p ".fastest", fmt(rmin[k]))
		}
	}
	print ""
	print "| qrcu/X, read side | readers | ratio of medians | band from the quartiles |"
	print "|---|--:|--:|--:|"
	for (r = 0; r <= 1; r++) {
		for (i = 1; i <= nt; i++) {
			t = reftypes[i]; rr = r ? "r" : 1
			if (t == "qrcu" || t == "clock") continue
			printf "| qrcu/%s | %s | %s |\n", t, (r ? readers : 1),
				band("read.qrcu/" t "." rr, "qrcu " rr, t " " rr, rmed, rp25, rp75)
		}
	}
	print ""
	for (hi = 1; hi <= nh; hi++) {
		h = holdoffs[hi]
		printf "qrcu counter flips (grace periods that took the slowpath and found a reader), writer_holdoff %s us: %s of %s with no readers, %s of %s with %s readers.\n",
			h, fig("flips.qrcu." h ".0", known(flips["qrcu " h " 0"])), fig("gps.qrcu." h ".0", known(gps["qrcu " h " 0"])),
			fig("flips.qrcu." h ".r", known(flips["qrcu " h " r"])), fig("gps.qrcu." h ".r", known(gps["qrcu " h " r"])), readers
		print ""
	}
	fig("cpus", known(cpus))
	fig("clock", known(clock))
	fig("readers", readers)
	fig("warmup", known(warmup))
	for (hi = 1; hi <= nh; hi++) fig("regime." holdoffs[hi], regime[holdoffs[hi]])
	fig("hz", known(conf["HZ"]))
	fig("tick", known(conf["tick"]))
	fig("preempt", known(conf["preempt"]))
	fig("srcu", known(conf["srcu"]))
	fig("qemu", known(conf["qemu"]))
	fig("when", when)
	fig("seconds", known(seconds))
	fig("load", known(load))
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
	printf 'bench-table: %s: missing or untrustworthy figures:\n' "$log" >&2
	cat "$tmp/missing" >&2
	exit 1
fi
echo "bench-table: every figure found"
