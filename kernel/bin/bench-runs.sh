#!/bin/sh
# bench-runs.sh DIR TABLE FIGURES
# Summarise the benchmark boots recorded in DIR (by bench-record.sh, one
# whole console log each, compressed: *.log.xz) for chapter 10: TABLE
# gets one Markdown table with a column per run and a row per measured
# run of a module, and per ratio: the median and, in brackets, the
# spread within the boot (the quartiles; for a ratio, the band from the
# quartiles); FIGURES gets one "KEY<tab>RANGE" line per figure, the
# smallest and the largest value over the runs ("0.45 to 0.79", or one
# value when all runs agree), which the book puts where the chapter
# writes [KEY]{.bench}, and for every numeric figure also KEY:min and
# KEY:max, the smallest and the largest value alone (so that prose can
# quote the widest band, from the lowest .lo to the highest .hi).  Keys
# are those of bench-table.sh, plus "runs" (how many) and "first" and
# "last" (their times).  Every recorded log must give every figure, and
# be free of kernel warnings; one that does not is named, and nothing is
# written.
# Every kept run must also come from the code it describes: each log
# opens with bench-record.sh's header (bench-series-code:, the hash of
# the series' code that soak-runs.sh --code prints; bench-files:, the
# hash of the benchmark's configuration and guest script that
# bench-runs.sh --hash prints; then "--- console"), and a run without
# it, or from other code or other files, is named with the fix.
# KERNEL_SERIES_CODE replaces the series' hash (the self-test uses it).
set -eu
# The files a benchmark boot depends on besides the series: the kernel's
# configuration fragments, the boot parameters and what the guest runs.
benchhash() {
	cat kernel/configs/CFcommon kernel/configs/BENCH kernel/configs/BENCH.boot kernel/bench-init.sh |
		sha256sum | cut -d' ' -f1
}
if [ "${1:-}" = --hash ]; then
	benchhash
	exit 0
fi
dir=${1:?usage: bench-runs.sh DIR TABLE FIGURES}
table=${2:?usage: bench-runs.sh DIR TABLE FIGURES}
figures=${3:?usage: bench-runs.sh DIR TABLE FIGURES}
here=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for log in "$dir"/*.log; do
	[ -e "$log" ] || break
	echo "bench-runs: $log is not compressed; bench-record.sh keeps runs as .log.xz (xz it, or re-record)" >&2
	exit 1
done
# hfield HEADER KEY: the value of "bench-KEY:" in a run's header.
hfield() { sed -n "s/^bench-$2: //p" "$1"; }
code=${KERNEL_SERIES_CODE:-$("$here/soak-runs.sh" --code)}
files=$(benchhash)
n=0
for log in "$dir"/*.log.xz; do
	[ -e "$log" ] || break
	n=$((n + 1))
	xz -dc "$log" 2>/dev/null | sed -n -e '/^--- console$/{p;q;}' -e '/^bench-[a-z-]*: /p' >"$tmp/$n.head" || true
	if ! grep -qx -e '--- console' "$tmp/$n.head" || [ -z "$(hfield "$tmp/$n.head" series-code)" ]; then
		echo "bench-runs: $log has no provenance header (bench-series-code:, then --- console): it does not say what code it measured; re-record it with make kernel-bench-record, or remove it" >&2
		exit 1
	fi
	if [ "$(hfield "$tmp/$n.head" series-code)" != "$code" ]; then
		echo "bench-runs: $log was kept from a series whose code differs from kernel/patches' (series $(hfield "$tmp/$n.head" series)): re-record it with make kernel-bench-record, or remove it" >&2
		exit 1
	fi
	if [ "$(hfield "$tmp/$n.head" files)" != "$files" ]; then
		echo "bench-runs: $log was kept before kernel/configs/CFcommon, BENCH, BENCH.boot or kernel/bench-init.sh last changed: re-record it with make kernel-bench-record, or remove it" >&2
		exit 1
	fi
	if ! "$here/bench-table.sh" "$log" "" "$tmp/$n.tsv" >"$tmp/$n.out" 2>&1; then
		sed -e 's/^/    /' "$tmp/$n.out" >&2
		echo "bench-runs: $log lacks a figure or shows a kernel warning (above); re-record it with make kernel-bench-record, or remove it" >&2
		exit 1
	fi
done
if [ "$n" -eq 0 ]; then
	echo "bench-runs: no recorded runs in $dir; make kernel-bench-record adds some" >&2
	exit 1
fi

i=1
while [ "$i" -le "$n" ]; do
	sed -e "s/^/$i	/" "$tmp/$i.tsv"
	i=$((i + 1))
done | awk -F '\t' -v n="$n" -v tablefile="$tmp/table.md" -v figfile="$tmp/figures" '
{
	if (!(($2) in seen)) { seen[$2] = 1; keys[++nk] = $2 }
	v[$1, $2] = $3
}
function isnum(x) { return x ~ /^-?[0-9]+(\.[0-9]+)?$/ }
function rd(r) { return r == "0" ? "no readers" : r == "1" ? "1 reader" : readers " readers" }
# hold(H): writer_holdoff H, and whether it is below or above exp_holdoff.
function hold(h) { return "writer_holdoff " h " us (" v[1, "regime." h] " exp_holdoff)" }
function fl(f) { return f ~ /-exp$/ ? substr(f, 1, length(f) - 4) " expedited" : f }
# label(KEY): the row heading of a figure in the table.
function label(k,    p) {
	split(k, p, ".")
	if (p[1] == "gp" && p[2] ~ /\//)
		return "grace period, qrcu/" fl(substr(p[2], 6)) ", " hold(p[3]) ", " rd(p[4])
	if (p[1] == "gp")
		return "grace period (us), " fl(p[2]) ", " hold(p[3]) ", " rd(p[4])
	if (k == "floor.clock.fastest")
		return "the floor: one clock read (ns), fastest run"
	if (p[1] == "floor" && p[2] == "clock")
		return "one clock read (ns), median of the runs"
	if (p[1] == "floor")
		return "qrcu grace period, " hold(p[3]) ", no readers, in floors (fastest clock reads)"
	if (p[1] == "read")
		return "read side" (p[2] ~ /\// ? ", " p[2] : " (ns/pair), " p[2]) ", " rd(p[3])
	if (p[1] == "flips")
		return "qrcu counter flips, " hold(p[3]) ", " rd(p[4])
	return k
}
# cell(R, KEY): run R'"'"'s median of KEY (a key ending in .median) and,
# in brackets, its spread within the boot.
function cell(r, k,    b) {
	b = substr(k, 1, length(k) - 7)
	if ((r, b ".p25") in v) return v[r, k] " (" v[r, b ".p25"] "-" v[r, b ".p75"] ")"
	if ((r, b ".lo") in v) return v[r, k] " (" v[r, b ".lo"] "-" v[r, b ".hi"] ")"
	return v[r, k]
}
END {
	readers = v[1, "readers"]
	for (j = 1; j <= nk; j++) {
		k = keys[j]
		lo = hi = v[1, k]; same = 1
		for (r = 1; r <= n; r++) {
			x = v[r, k]
			if (x != v[1, k]) same = 0
			if (isnum(x) && isnum(lo) && isnum(hi)) {
				if (x + 0 < lo + 0) lo = x
				if (x + 0 > hi + 0) hi = x
			}
		}
		if (same) range[k] = v[1, k]
		else if (isnum(lo) && isnum(hi)) range[k] = lo " to " hi
		else range[k] = "varies"
		print k "\t" range[k] >figfile
		if (isnum(lo) && isnum(hi)) {
			print k ":min\t" lo >figfile
			print k ":max\t" hi >figfile
		}
	}
	print "runs\t" n >figfile
	print "first\t" v[1, "when"] >figfile
	print "last\t" v[n, "when"] >figfile

	# Runs of one day are headed by their time alone.
	day = v[1, "when"]; sub(/ .*/, "", day)
	for (r = 1; r <= n; r++) if (index(v[r, "when"], day " ") != 1) day = ""
	printf "%d recorded runs (kernel/bench-runs/)%s, one boot each of QEMU %s in TCG mode with %s vCPUs; Linux 6.1, HZ=%s (%s tick), preemption %s, %s SRCU, clocksource %s; rcuscale with one writer, the first %s grace periods of each run dropped as warm-up; %s readers where there are readers. Each cell is the median and, in brackets, the spread within that boot: the quartiles, or for a ratio the band from the quartiles. Each boot took %s s; the host'"'"'s load average was %s as they started. Times in UTC.\n\n", \
		n, (day == "" ? "" : " of " day), range["qemu"], range["cpus"], range["hz"], range["tick"], range["preempt"], \
		range["srcu"], range["clock"], range["warmup"], range["readers"], range["seconds"], range["load"] >tablefile
	# The dashes under the header set the relative widths of the columns.
	head = "| figure |"; rule = "|------------------------------|"
	for (r = 1; r <= n; r++) {
		w = v[r, "when"]; sub(/ UTC$/, "", w)
		if (day != "") sub(/^[^ ]* /, "", w)
		head = head " " w " |"; rule = rule "-------:|"
	}
	print head " range |" >tablefile
	print rule "--------------|" >tablefile
	for (j = 1; j <= nk; j++) {
		k = keys[j]
		if (k !~ /^(gp|read|floor)\..*\.median$/ && k !~ /^flips\./ && k != "floor.clock.fastest") continue
		line = "| " label(k) " |"
		for (r = 1; r <= n; r++) line = line " " (k ~ /^flips/ ? v[r, k] " of " v[r, "gps" substr(k, 6)] : cell(r, k)) " |"
		print line " " range[k] " |" >tablefile
	}
}'
mkdir -p "$(dirname "$table")" "$(dirname "$figures")"
cp "$tmp/table.md" "$table"
cp "$tmp/figures" "$figures"
echo "bench-runs: $n recorded runs summarised in $table"
