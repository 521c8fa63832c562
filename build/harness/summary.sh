#!/bin/sh
# summary: count the verdicts build/harness/record.sh filed under out/results/ and
# print the closing line.  Exits 1 when any check failed, or when no
# check ran at all (an empty run proves nothing).  A failed check is
# quoted by its first line that says what went wrong (the first cause),
# not by whatever its log happened to print last.
set -eu
. build/lib/paths.sh
dir=$RESULTS
# summary [LIST...]: each LIST (out/expected/chapter-N, written by
# build/pipeline/mkrules.py) names verdicts that must have been filed;
# one that never came (its run crashed or was killed before its check
# ran) is a failure, never a silent gap in the count.
mkdir -p "$dir"
for list in "$@"; do
	[ -f "$list" ] || { echo "summary: no $list; run make again (mkrules writes it)" >&2; exit 2; }
	while read -r name; do
		[ -n "$name" ] || continue
		if [ ! -e "$dir/$name.pass" ] && [ ! -e "$dir/$name.fail" ] && [ ! -e "$dir/$name.skip" ]; then
			echo "no verdict: the check never ran (the run it needs stopped first; see make's output above)" >"$dir/$name.fail"
		fi
	done <"$list"
done
passed=$(find "$dir" -name '*.pass' 2>/dev/null | wc -l)
failed=$(find "$dir" -name '*.fail' 2>/dev/null | wc -l)
skipped=$(find "$dir" -name '*.skip' 2>/dev/null | wc -l)
# The first line of a log that reads as a cause: a self-test's wrong
# verdict (WRONG), or one naming a file and a line, or saying error,
# differs, expected, not found, FAIL (a self-test's "ok:" lines, which
# quote the failures it wanted, aside); else the last.
cause() {
	grep -m 1 '^WRONG' "$1" ||
	grep -v '^[[:space:]]*$' "$1" | grep -v -e '^spin: ' -e '^[[:space:]]*ok: ' |
		grep -m 1 -iE '^[^ ]+:[0-9]+:|error|differs|expected|not found|no such|FAIL|refus|stale|different|budget|ceiling|incomplete' ||
		grep -v '^[[:space:]]*$' "$1" | tail -n 1
}
if [ "$failed" -gt 0 ]; then
	echo "Failed checks (logs in $dir/NAME.fail):"
	find "$dir" -name '*.fail' | sort | while read -r f; do
		echo "  $(basename "$f" .fail): $(cause "$f")"
	done
fi
find "$dir" -name '*.skip' | sort | while read -r f; do
	echo "Skipped $(basename "$f" .skip): $(grep -v '^[[:space:]]*$' "$f" | tail -n 1)"
done
if [ "$skipped" -gt 0 ]; then
	echo "$passed passed, $failed failed, $skipped skipped"
else
	echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
