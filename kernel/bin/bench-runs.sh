#!/bin/sh
# bench-runs.sh DIR TABLE FIGURES
# Summarise the benchmark boots recorded in DIR (by bench-record.sh) for
# chapter 9: TABLE gets one Markdown table with a column per run and a
# row per figure; FIGURES gets one "KEY<tab>RANGE" line per figure, the
# smallest and the largest value over the runs ("0.45 to 0.79", or one
# value when all runs agree), which the book puts where the chapter
# writes [KEY]{.bench}.  Keys are those of bench-table.sh, plus "runs"
# (how many) and "first" and "last" (their times).  Every recorded log
# must give every figure; one that does not is named, and nothing is
# written.
set -eu
dir=${1:?usage: bench-runs.sh DIR TABLE FIGURES}
table=${2:?usage: bench-runs.sh DIR TABLE FIGURES}
figures=${3:?usage: bench-runs.sh DIR TABLE FIGURES}
here=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

n=0
for log in "$dir"/*.log; do
	[ -e "$log" ] || break
	n=$((n + 1))
	if ! "$here/bench-table.sh" "$log" "" "$tmp/$n.tsv" >"$tmp/$n.out" 2>&1; then
		sed -e 's/^/    /' "$tmp/$n.out" >&2
		echo "bench-runs: $log does not give every figure (above); re-record it with make kernel-bench-record, or remove it" >&2
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
# label(KEY): the row heading of a figure in the table.
function label(k,    p, who, rd, what) {
	split(k, p, ".")
	who = p[2]; rd = p[3]; what = p[4]
	if (p[1] == "gp")
		return "grace period, " who ", " (rd == "0" ? "no readers" : readers " readers") \
			", " what (who ~ /\// ? "" : " (us)")
	if (p[1] == "read")
		return "read side, " who ", " (rd == "0" ? "1 reader" : readers " readers") \
			", " (what == "fastest" ? "fastest run" : "mean of runs") (who ~ /\// ? "" : " (ns/pair)")
	if (p[1] == "flips")
		return "qrcu counter flips, " (rd == "0" ? "no readers" : readers " readers")
	return k
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
	}
	print "runs\t" n >figfile
	print "first\t" v[1, "when"] >figfile
	print "last\t" v[n, "when"] >figfile

	# Runs of one day are headed by their time alone.
	day = v[1, "when"]; sub(/ .*/, "", day)
	for (r = 1; r <= n; r++) if (index(v[r, "when"], day " ") != 1) day = ""
	printf "%d recorded runs (kernel/bench-runs/)%s, one boot each of QEMU in TCG mode with %s CPUs, clocksource %s; times in UTC.\n\n", \
		n, (day == "" ? "" : " of " day), range["cpus"], range["clock"] >tablefile
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
		if (k !~ /^(gp|read|flips)\./ || k ~ /\.n$/) continue
		line = "| " label(k) " |"
		for (r = 1; r <= n; r++) line = line " " v[r, k] (k ~ /^flips/ ? " of " v[r, "gps" substr(k, 6)] : "") " |"
		print line " " range[k] " |" >tablefile
	}
}'
mkdir -p "$(dirname "$table")" "$(dirname "$figures")"
cp "$tmp/table.md" "$table"
cp "$tmp/figures" "$figures"
echo "bench-runs: $n recorded runs summarised in $table"
