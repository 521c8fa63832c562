#!/bin/sh
# mutant-table.sh RUNSDIR TSV
# The kernel's column of the book's mutant table: for every scenario of
# kernel/configs/SOAKLIST whose torture type is busted_qrcu_NAME (a
# deliberate bug planted in the real qrcu.c, NAME a Promela mutant's
# name), one row, keyed by NAME, from the boots kept in RUNSDIR:
#   mutant  scenario  boots  caught  first-error  hang-report  end
# boots: kept boots of the scenario; caught: those whose statistics
# reported an error ("!!!") or, for a scenario that must hang
# (end=HANG), whose hung-task detector reported; first-error: the
# seconds from rcutorture's "Start of test" to its first statistics line
# with "!!!", over the boots ("1.1" or "1.1 to 3.0", "none" if none);
# hang-report: the same to the first "blocked for more than" ("-" for a
# scenario that must not hang); end: the .expect's end= (SUCCESS for a
# scenario kept to show that the kernel misses the bug there: none of
# its boots may then have caught it).
# Run by make kernel-soak-check after soak-runs.sh has judged every
# kept run, so that no row comes from a run that failed its verdict.
# Exits 1 when a busted scenario has no kept boot, or a boot that did
# not catch its bug.
set -eu
usage="usage: mutant-table.sh RUNSDIR TSV"
runs=${1:?$usage}
tsv=${2:?$usage}
configs=${KERNEL_CONFIGS:-kernel/configs}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# secs FILE PATTERN: seconds from the start of the test to the first
# line matching PATTERN in the console of kept run FILE, or nothing.
secs() {
	sed -e '1,/^--- console$/d' "$1" | awk -v pat="$2" '
		function ts(line) { sub(/^\[ */, "", line); sub(/\].*/, "", line); return line + 0 }
		/-torture:--- Start of test/ && start == "" { start = ts($0); next }
		start != "" && $0 ~ pat { printf "%.1f\n", ts($0) - start; exit }'
}
# span: "A" or "A to B" from one number a line, "none" from none.
span() {
	sort -n | awk 'NR == 1 { lo = $1 } { hi = $1; n++ }
		END { if (!n) print "none"; else if (lo == hi) print lo; else print lo " to " hi }'
}

bad=0
printf 'mutant\tscenario\tboots\tcaught\tfirst-error\thang-report\tend\n' >"$tmp/out"
kernel/bin/scenarios.sh soaklist "$configs" >"$tmp/list" || exit 1
while read -r scen _ _; do
	t=$(kernel/bin/scenarios.sh type "$configs/$scen")
	case $t in busted_qrcu_?*) ;; *) continue ;; esac
	name=${t#busted_qrcu_}
	end=$(kernel/bin/scenarios.sh expect "$configs/$scen" | sed -n -e 's/^end=//p')
	: >"$tmp/err"
	: >"$tmp/hang"
	n=0 caught=0
	for f in "$runs"/*.log; do
		[ -e "$f" ] || continue
		# The run's own header says whose it is (a name prefix would
		# take BUSTED-INCANY-PLAIN's runs for BUSTED-INCANY's).
		[ "$(sed -n -e '/^--- console$/q' -e 's/^soak-scenario: //p' "$f")" = "$scen" ] || continue
		n=$((n + 1))
		e=$(secs "$f" '-torture:.*!!!')
		h=$(secs "$f" 'blocked for more than')
		[ -z "$e" ] || echo "$e" >>"$tmp/err"
		[ -z "$h" ] || echo "$h" >>"$tmp/hang"
		if [ "$end" = HANG ]; then got=$h; else got=$e; fi
		if [ -n "$got" ]; then caught=$((caught + 1)); fi
	done
	if [ "$n" -eq 0 ]; then
		echo "mutant-table: $scen ($name): no kept boot in $runs; make kernel-soak SOAK=$scen" >&2
		bad=1
	elif [ "$end" = SUCCESS ] && [ "$caught" -ne 0 ]; then
		echo "mutant-table: $scen ($name): a scenario that shows a miss (end=SUCCESS), caught in $caught of $n kept boots" >&2
		bad=1
	elif [ "$end" != SUCCESS ] && [ "$caught" -ne "$n" ]; then
		echo "mutant-table: $scen ($name): caught in $caught of $n kept boots" >&2
		bad=1
	fi
	hang=-
	[ "$end" != HANG ] || hang=$(span <"$tmp/hang")
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$scen" "$n" "$caught" "$(span <"$tmp/err")" "$hang" "$end" >>"$tmp/out"
done <"$tmp/list"
[ "$bad" -eq 0 ] || exit 1
mkdir -p "$(dirname "$tsv")"
mv "$tmp/out" "$tsv"
echo "mutant-table: $(($(wc -l <"$tsv") - 1)) mutants in $tsv"
