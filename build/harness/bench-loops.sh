#!/bin/sh
# bench-loops [RUNS]: time the loops a writer waits on, RUNS times each
# (default 3), and print the minimum, median and maximum seconds of each:
#   - make check with nothing to do (everything built, nothing changed;
#     run once first, untimed, to bring the clone up to date);
#   - make chapter-2 in a fresh clone of this one's last commit (its own
#     out/, nothing built), beside the same Spin runs typed by hand
#     (spin -a, cc, ./pan with the flags build/book/search-command.py
#     gives for each of the chapter's runs), timed in the same round.
# A benchmark: it prints figures and judges nothing (make check does not
# run it).  Needs git, and the packages of the models' tier.
set -eu
runs=${1:-3}
case $runs in '' | *[!0-9]*) echo "usage: build/harness/bench-loops.sh [RUNS]" >&2; exit 2 ;; esac
[ "$runs" -ge 1 ] || { echo "bench-loops: RUNS must be 1 or more" >&2; exit 2; }
here=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f\n", b - a }'; }
# stats FILE [FORMAT]: min, median and max of the numbers in FILE, each
# printed with FORMAT (seconds to a tenth unless told).
stats() {
	sort -n "$1" | awk -v f="${2:-%.1f s}" '{ v[NR] = $1 } END {
		m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "min " f ", median " f ", max " f " (%d runs)", v[1], m, v[NR], NR }'
}

echo "bench-loops: make check with nothing to do (a first run brings the clone up to date)"
make --no-print-directory check >"$tmp/first.log" 2>&1 || true
i=0
while [ "$i" -lt "$runs" ]; do
	i=$((i + 1))
	t=$(now)
	make --no-print-directory check >"$tmp/noop.log" 2>&1 || true
	s=$(since "$t")
	echo "$s" >>"$tmp/noop"
	echo "  run $i: $s s, $(wc -l <"$tmp/noop.log") lines, ending: $(tail -n 1 "$tmp/noop.log")"
done

echo "bench-loops: make chapter-2 in a fresh clone, beside its Spin runs by hand"
i=0
while [ "$i" -lt "$runs" ]; do
	i=$((i + 1))
	rm -rf "$tmp/clone" "$tmp/hand"
	git clone -q "$here" "$tmp/clone"
	t=$(now)
	(cd "$tmp/clone" && make --no-print-directory chapter-2 >"$tmp/chapter.log" 2>&1) || true
	s=$(since "$t")
	echo "$s" >>"$tmp/chapter"
	# The same runs by hand: each run of chapter 2 (its blocks and its
	# sweep's rows), in a folder of its own holding the models.
	n=0
	t=$(now)
	for flags in "$tmp"/clone/out/extract/ch02-*/run.*.flags "$tmp"/clone/out/sweeps/run.*.flags; do
		if [ ! -f "$flags" ] || ! grep -q "^chapter=chapters/ch02-" "$flags"; then continue; fi
		cmd=$(cd "$tmp/clone" && build/book/search-command.py "$flags")
		n=$((n + 1))
		mkdir -p "$tmp/hand/$n"
		cp -r "$tmp"/clone/models/. "$tmp/hand/$n/"
		(cd "$tmp/hand/$n" && sh -c "$cmd" >/dev/null 2>&1) || true
	done
	h=$(since "$t")
	echo "$h" >>"$tmp/hand.s"
	r=$(awk -v a="$s" -v b="$h" 'BEGIN { printf "%.2f", b > 0 ? a / b : 0 }')
	echo "$r" >>"$tmp/ratio"
	echo "  run $i: make chapter-2 $s s ($(tail -n 1 "$tmp/chapter.log")); its $n Spin runs by hand $h s; ratio $r"
done

echo "no-op make check:       $(stats "$tmp/noop")"
echo "cold make chapter-2:    $(stats "$tmp/chapter")"
echo "its Spin runs by hand:  $(stats "$tmp/hand.s")"
echo "ratio, run by run:      $(stats "$tmp/ratio" '%.2f')"
