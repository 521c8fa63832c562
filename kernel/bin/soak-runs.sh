#!/bin/sh
# soak-runs.sh RUNSDIR SRCSTAMP SUMMARY
# soak-runs.sh --hash SCENARIO
# Check the boots kept in RUNSDIR (kernel/soak-runs, written by
# soak-record.sh) against kernel/configs/SOAKLIST, and write SUMMARY, the
# Markdown tables chapter 10 shows.  Every kept run must
#   - belong to a scenario of SOAKLIST and have run for its SECONDS,
#     with the parameters of its .boot (soak-params:, as run-qemu.sh
#     passed them);
#   - come from the series and scenario files as they are now (the code
#     of the series, without its commit messages, and the scenario's
#     files and CFcommon, by hash): a run of older code proves nothing
#     about this one, so re-record it (make kernel-soak) or remove it;
#   - be judged by parse-console.sh, now, as it was when it was kept, and
#     that verdict must be PASS (for a broken flavour: it failed the way
#     it must).
# Each scenario needs as many such runs as SOAKLIST's BOOTS.  For each
# run the summary gives the time from rcutorture's start to the first
# statistics line that reported an error ("!!!"), the writer's last
# version, and QRCU's path counts.  Exits 1 with one line per problem.
# With --hash, prints the hash of SCENARIO's files that a run records;
# with --code, the hash of the series' code.  SRCSTAMP must exist (the
# tree's console-badness.sh judges the runs).
set -eu
# KERNEL_CONFIGS replaces kernel/configs (the self-test uses it).
configs=${KERNEL_CONFIGS:-kernel/configs}
# KERNEL_LITMUS replaces kernel/litmus (the self-test uses it).
litmus=${KERNEL_LITMUS:-kernel/litmus}
# A scenario's files: its fragment, .boot and .expect, CFcommon, and,
# for a klitmus7 scenario, the litmus test of each never= line of its
# .expect (the boot runs those tests and the variants their headers
# name), so that a test edited since makes its kept boot stale.
scenhash() {
	tests=$(sed -n 's/^never=//p' "$configs/$1.expect")
	for t in $tests; do
		[ -r "$litmus/$t.litmus" ] || {
			echo "soak-runs: $configs/$1.expect: never=$t names no file $litmus/$t.litmus; add the test or drop the line" >&2
			exit 1
		}
	done
	{
		cat "$configs/CFcommon" "$configs/$1" "$configs/$1.boot" "$configs/$1.expect"
		for t in $tests; do
			cat "$litmus/$t.litmus"
		done
	} | sha256sum | cut -d' ' -f1
}
# The code of the series: every patch of kernel/patches/series from its
# first "diff --git" line to its signature ("-- "), so that a change to
# a commit message or the cover letter does not make the runs stale,
# and any change to what the patches do does.
codehash() {
	while read -r p; do
		awk '/^diff --git / { on = 1 } /^-- $/ { on = 0 } on' "kernel/patches/$p"
	done <kernel/patches/series | sha256sum | cut -d' ' -f1
}
if [ "${1:-}" = --hash ]; then
	scenhash "${2:?usage: soak-runs.sh --hash SCENARIO}"
	exit 0
fi
if [ "${1:-}" = --code ]; then
	codehash
	exit 0
fi
usage="usage: soak-runs.sh RUNSDIR SRCSTAMP SUMMARY"
runs=${1:?$usage}
stamp=${2:?$usage}
summary=${3:?$usage}
[ -r "$stamp" ] || { echo "soak-runs: cannot read $stamp" >&2; exit 1; }
code=${KERNEL_SERIES_CODE:-$(codehash)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

bad=0
err() {
	echo "soak-runs: $1"
	bad=1
}
field() { # FILE KEY
	sed -n -e '/^--- console$/q' -e "s/^soak-$2: //p" "$1"
}

kernel/bin/scenarios.sh soaklist "$configs" >"$tmp/list" || exit 1
if [ ! -s "$tmp/list" ]; then
	err "$configs/SOAKLIST lists no scenario"
fi
: >"$tmp/rows"
: >"$tmp/totals"
for f in "$runs"/*.log; do
	[ -e "$f" ] || continue
	scen=$(field "$f" scenario)
	if [ -z "$scen" ] || ! grep -q '^--- console$' "$f"; then
		err "$f: not a kept run (no soak-scenario: header or no console)"
		continue
	fi
	secs=$(awk -v s="$scen" '$1 == s { print $3 }' "$tmp/list")
	if [ -z "$secs" ]; then
		err "$f: scenario $scen is not in $configs/SOAKLIST"
		continue
	fi
	if [ "$(field "$f" series-code)" != "$code" ]; then
		err "$f: kept from a series whose code differs from kernel/patches' (series $(field "$f" series)): re-record it with make kernel-soak, or remove it"
		continue
	fi
	if [ "$(field "$f" scenario-files)" != "$(scenhash "$scen")" ]; then
		err "$f: $configs/CFcommon or $scen's files changed since the run was kept: re-record it with make kernel-soak, or remove it"
		continue
	fi
	if [ "$(field "$f" params)" != "$(kernel/bin/scenarios.sh boot "$configs/$scen")" ]; then
		err "$f: booted with '$(field "$f" params)', but $configs/$scen.boot now says '$(kernel/bin/scenarios.sh boot "$configs/$scen")': re-record it with make kernel-soak, or remove it"
		continue
	fi
	if [ "$(field "$f" torture-secs)" != "$secs" ]; then
		err "$f: ran $(field "$f" torture-secs) s, $configs/SOAKLIST says $secs"
		continue
	fi
	sed -e '1,/^--- console$/d' "$f" >"$tmp/console.log"
	kernel/bin/parse-console.sh "$tmp/console.log" "$configs/$scen" >"$tmp/verdict" 2>&1 || true
	now=$(tail -n 1 "$tmp/verdict")
	then_=$(field "$f" verdict)
	if [ "$now" != "$then_" ]; then
		err "$f: parse-console.sh now says '$now', the run was kept saying '$then_'"
		sed -e 's/^/    /' "$tmp/verdict"
		continue
	fi
	case $now in
	PASS*) ;;
	*)
		err "$f: $now"
		sed -e 's/^/    /' "$tmp/verdict"
		continue ;;
	esac
	# One row: the run, the time to the first error, the writer's last
	# version, the path counts.
	ttype=$(kernel/bin/scenarios.sh type "$configs/$scen")
	awk -v scen="$scen" -v run="$(field "$f" date)" -v qemu="$(field "$f" qemu-secs)" \
		-v secs="$secs" -v tt="$ttype" '
		function ts(line) { sub(/^\[ */, "", line); sub(/\].*/, "", line); return line + 0 }
		index($0, tt "-torture:--- Start of test") && start == "" { start = ts($0) }
		/-torture:.*!!!/ && first == "" { first = ts($0) }
		index($0, tt "-torture: ") && / [vV][eE][rR]: [0-9]+ / { v = $0; sub(/.* [vV][eE][rR]: /, "", v); sub(/ .*/, "", v); ver = v }
		/qrcu-paths:/ { p = $0; sub(/.*qrcu-paths: */, "", p); paths = p }
		END {
			ttf = (first == "" || start == "") ? "none" : sprintf("%.1f", first - start)
			n = split(paths, kv, " ")
			for (i = 1; i <= n; i++) { split(kv[i], a, "="); c[a[1]] = a[2] }
			printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", scen, run, secs, qemu, ttf, ver,
				("fast" in c) ? c["fast"] : "-", ("slow" in c) ? c["slow"] : "-",
				("early" in c) ? c["early"] : "-", ("flips" in c) ? c["flips"] : "-",
				("windows" in c) ? c["windows"] : "-"
		}' "$tmp/console.log" >>"$tmp/rows"
done

# Enough runs of every scenario.
while read -r scen boots secs; do
	n=$(awk -v s="$scen" '$1 == s' FS='\t' "$tmp/rows" | wc -l)
	[ "$n" -ge "$boots" ] ||
		err "$scen: $n good kept runs of $secs s, $configs/SOAKLIST asks for $boots: make kernel-soak"
	expect=$(kernel/bin/scenarios.sh expect "$configs/$scen" | sed -n -e 's/^end=//p')
	awk -v s="$scen" -v e="$expect" -v secs="$secs" -F '\t' '
		$1 == s { n++; if ($5 != "none") { f++; t = $5 + 0; if (min == "" || t < min) min = t; if (t > max) max = t } }
		END {
			if (n) {
				ttf = f ? (min == max ? sprintf("%.1f s", min) : sprintf("%.1f to %.1f s", min, max)) : "none"
				printf "| %s | %s | %d x %d s | %d of %d | %s |\n", s, e, n, secs, f, n, ttf
			}
		}' "$tmp/rows" >>"$tmp/totals"
done <"$tmp/list"

mkdir -p "$(dirname "$summary")"
{
	echo "| scenario | must end in | kept runs | runs with an error | first error after |"
	echo "|---|---|---|---|---|"
	cat "$tmp/totals"
	echo
	echo "| scenario | run (UTC) | torture | QEMU | first error after | writer ver | fast | slow | early | flips | windows |"
	echo "|---|---|---|---|---|---|---|---|---|---|---|"
	sort "$tmp/rows" | awk -F '\t' '{ printf "| %s | %s | %s s | %s s | %s | %s | %s | %s | %s | %s | %s |\n",
		$1, $2, $3, $4, ($5 == "none") ? "none" : $5 " s", $6, $7, $8, $9, $10, $11 }'
} >"$summary.tmp"
# A summary is written only for runs that all passed, so that a stale
# one is never taken for the truth.
if [ "$bad" -ne 0 ]; then
	rm -f "$summary.tmp" "$summary"
	exit 1
fi
mv "$summary.tmp" "$summary"
echo "soak-runs: $(wc -l <"$tmp/rows") kept runs, all from this series and these scenarios, all judged as they must be; summary in $summary"
