#!/bin/sh
# litmus-console.sh CONSOLE SCENARIO [SUMMARYDIR]
# The verdict on one boot of a klitmus scenario (LITMUS): the console
# CONSOLE of kernel/litmus-init.sh loading each klitmus7 module in turn,
# judged against SCENARIO.expect (parse-console.sh hands such a scenario
# here).  Besides end= and cpus=, the .expect names every module that
# must have run, one a line:
#   never=NAME   a test as written: its exists outcome (the one the
#                memory model forbids) must never have been observed,
#                in at least one run
#   shown=NAME   a broken variant: it must have run, and its count of
#                observed outcomes is reported, not judged (on x86 most
#                variants cannot show theirs at all, and the one that can
#                may not in a short run)
# Every test of kernel/litmus/TESTS must be a never= line, and every
# module the console shows must be listed.  A module that failed to
# load, a boot with another CPU count, a kernel oops, warning, panic or
# lockup, or a boot that did not reach "litmus: all done" fails.
# Prints the lines that decide, then "PASS: ..." or "FAIL: ..." last;
# exits 0 or 1 (2 on bad usage).  With SUMMARYDIR, writes klitmus.md
# there, the table of every module's counts.
set -eu
usage="usage: litmus-console.sh CONSOLE SCENARIO [SUMMARYDIR]"
log=${1:?$usage}
scen=${2:?$usage}
sumdir=${3:-}
name=$(basename "$scen")
tests=${LITMUS_TESTS:-kernel/litmus/TESTS}
rows=$(kernel/bin/scenarios.sh expect "$scen") || exit 2
[ -r "$tests" ] || { echo "litmus-console: cannot read $tests" >&2; exit 2; }
if [ ! -s "$log" ]; then
	echo "FAIL: console log $log is missing or empty"
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%s\n' "$rows" >"$tmp/expect"
sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$tests" >"$tmp/tests"

# The console, read once: the lines that judge it.
tr -d '\r' <"$log" | awk -v expect="$tmp/expect" -v tests="$tmp/tests" -v table="$tmp/table" -v scen="$name" '
	BEGIN {
		while ((getline l < expect) > 0) {
			k = l; sub(/=.*/, "", k); v = l; sub(/^[^=]*=/, "", v)
			if (k == "cpus") cpus = v
			else if (k == "never" || k == "shown") {
				if (v in want) { print "two lines for " v " in " scen ".expect"; bad++ }
				want[v] = k; order[++n] = v
			}
		}
		while ((getline l < tests) > 0)
			if (want[l] != "never") { print "kernel/litmus/TESTS lists " l ", which " scen ".expect does not require never= (add never=" l ")"; bad++ }
	}
	{ line = $0; sub(/^\[ *[0-9.]*\] /, "", line) }
	line ~ /^litmus: CPUs online: / { online = line; sub(/^litmus: CPUs online: /, "", online); sub(/,.*/, "", online); params = line; sub(/.*params: */, "", params) }
	line ~ /^litmus: begin / { cur = substr(line, 15); began[cur] = 1 }
	line ~ /^litmus: end / { ended[substr(line, 13)] = 1; cur = "" }
	line ~ /^litmus: insmod .* failed$/ && cur != "" { failed[cur] = 1 }
	line == "litmus: all done" { done = 1 }
	$1 == "Observation" && NF == 5 && cur != "" && $2 == cur { res[cur] = $3; pos[cur] = $4; neg[cur] = $5 }
	/Kernel panic|BUG: |WARNING: |Oops|general protection fault|soft lockup|blocked for more than|qemu-boot: killed/ { print "bad line: " line; bad++ }
	END {
		if (online == "") { print "no litmus: CPUs online: line: /init did not run"; bad++ }
		else if (online != cpus) { print "the guest had " online " CPUs, " scen ".expect says cpus=" cpus; bad++ }
		if (!done) { print "no litmus: all done line: the boot hung, crashed or timed out"; bad++ }
		for (m in began) if (!(m in want)) { print m " ran, but " scen ".expect has neither never=" m " nor shown=" m; bad++ }
		nn = 0; ns = 0
		for (i = 1; i <= n; i++) {
			m = order[i]
			if (!(m in began)) { print m ": not run (no litmus: begin line)"; bad++; continue }
			if (m in failed) { print m ": its module did not load"; bad++; continue }
			if (!(m in ended) || !(m in res)) { print m ": no Observation line before its litmus: end line"; bad++; continue }
			runs = pos[m] + neg[m]
			if (runs == 0) { print m ": ran no test (0 runs)"; bad++; continue }
			if (want[m] == "never") {
				nn++
				if (pos[m] != 0) { print m ": the outcome its test forbids was observed " pos[m] " times in " runs " runs"; bad++ }
				else print m ": never observed in " runs " runs"
				verdict = pos[m] ? "**no**" : "yes"
			} else {
				ns++
				print m ": observed " pos[m] " times in " runs " runs (reported)"
				verdict = "(reported)"
			}
			printf "| `%s` | %s | %s | %s | %s |\n", m, want[m] == "never" ? "test" : "broken variant", runs, pos[m], verdict > table
		}
		if (bad) printf "FAIL: %s: %d problems (above)\n", scen, bad
		else printf "PASS: %s: %d tests never showed their forbidden outcome; %d broken variants ran (params: %s)\n", scen, nn, ns, params
		exit bad ? 1 : 0
	}' >"$tmp/verdict" || status=$?
cat "$tmp/verdict"
if [ -n "$sumdir" ] && [ -z "${status:-}" ]; then
	mkdir -p "$sumdir"
	{
		echo "| module | kind | runs | outcome observed | never, as required |"
		echo "|---|---|---|---|---|"
		cat "$tmp/table"
	} >"$sumdir/klitmus.md"
fi
exit "${status:-0}"
