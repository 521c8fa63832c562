#!/bin/sh
# bench-loops [RUNS] [WHICH]: time the loops a writer waits on, RUNS times
# each (default 3), and print the minimum, median and maximum of each.
# WHICH is noop, chapter or all (default):
#   - noop: make check with nothing to do (everything built, nothing
#     changed; run once first, untimed, to bring the clone up to date);
#   - chapter: make chapter-2 in a fresh clone of this one's last commit
#     (its own out/, nothing built; JOBS=1, one core), beside every Spin
#     run it made replayed by hand on that one core, in the same round.
#     The tools that run spin, cc and pan (build/lib/panrun.py for the
#     blocks, the sweep rows and the grader's searches, the grader for its
#     simulations) leave the exact commands they ran beside their output,
#     FOLDER/ran.sh (build/lib/ranlog.py); each is replayed in a folder of
#     its own holding the inputs it names.  Printed by wall clock and by
#     CPU (the children's user + system seconds).
#   - clone (never part of all: about an hour a run): make check in a
#     fresh clone of this one's last commit, with the packages installed,
#     by wall clock and CPU; the line it ended with; the ten slowest
#     checks (out/results/NAME.secs); and whether herd7 and LTSmin were
#     already built for this machine (THIRD_PARTY_STORE), as the
#     packages are installed.
# A benchmark: it prints figures and judges nothing (make check does not
# run it).  Needs git, and the packages of the models' tier.
set -eu
runs=${1:-3}
which=${2:-all}
usage="usage: build/harness/bench-loops.sh [RUNS] [noop|chapter|clone|all]"
case $runs in '' | *[!0-9]*) echo "$usage" >&2; exit 2 ;; esac
case $which in noop | chapter | clone | all) ;; *) echo "$usage" >&2; exit 2 ;; esac
[ "$runs" -ge 1 ] || { echo "bench-loops: RUNS must be 1 or more" >&2; exit 2; }
here=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
# cpu COMMAND...: run COMMAND in a subshell; print the CPU seconds (user
# + system) of the processes it waited for.
cpu() {
	(
		"$@" >"$tmp/cpu.log" 2>&1 || true
		times
	) | awk 'NR == 2 { s = 0; for (i = 1; i <= 2; i++) { split($i, t, "m"); s += t[1] * 60 + t[2] }
		printf "%.1f\n", s }'
}
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f\n", b - a }'; }
# stats FILE [FORMAT]: min, median and max of the numbers in FILE, each
# printed with FORMAT (seconds to a tenth unless told).
stats() {
	sort -n "$1" | awk -v f="${2:-%.1f s}" '{ v[NR] = $1 } END {
		m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "min " f ", median " f ", max " f " (%d runs)", v[1], m, v[NR], NR }'
}

if [ "$which" = clone ]; then
	store=${THIRD_PARTY_STORE:-} # (make bench-loops passes make's)
	echo "bench-loops: make check in a fresh clone of the last commit"
	built=$([ -z "$store" ] || find "$store" -mindepth 1 -maxdepth 1 -type d -printf '%f ')
	echo "  herd7 and LTSmin built for this machine before: ${built:-none} (THIRD_PARTY_STORE=$store)"
	i=0
	while [ "$i" -lt "$runs" ]; do
		i=$((i + 1))
		rm -rf "$tmp/clone"
		git clone -q "$here" "$tmp/clone"
		t=$(now)
		c=$(cpu make --no-print-directory -C "$tmp/clone" check)
		s=$(since "$t")
		echo "$s" >>"$tmp/clone.s"
		echo "$c" >>"$tmp/clone.cpu"
		echo "  run $i: $s s, $c s CPU; ending: $(tail -n 1 "$tmp/cpu.log") (load $(cut -d' ' -f1-3 /proc/loadavg))"
		slow=$(for f in "$tmp"/clone/out/results/*.secs; do
			printf '%s %s\n' "$(cat "$f")" "$(basename "$f" .secs)"; done | sort -rn | head -n 10 |
			awk '{ printf "%s%s %s", (NR > 1 ? ", " : ""), $2, $1 }')
		echo "  its slowest checks (s): $slow"
	done
	echo "clean clone make check: $(stats "$tmp/clone.s"); CPU $(stats "$tmp/clone.cpu")"
	exit 0
fi
if [ "$which" != chapter ]; then
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
echo "no-op make check:       $(stats "$tmp/noop")"
fi
[ "$which" != noop ] || exit 0

# replay: the ran.sh of each folder listed in $tmp/folders, by hand, in a
# folder of its own under $tmp/hand holding copies of the inputs its first
# line names (names without spaces or quotes: models/ and out/ have none).
replay() {
	n=0
	while read -r dir; do
		n=$((n + 1))
		mkdir -p "$tmp/hand/$n"
		# shellcheck disable=SC2013 # the names are words
		for f in $(sed -n '1s/^# inputs: //p' "$dir/ran.sh"); do cp "$dir/$f" "$tmp/hand/$n/"; done
		cp "$dir/ran.sh" "$tmp/hand/$n/"
		(cd "$tmp/hand/$n" && sh ./ran.sh) >/dev/null 2>&1 || true
	done <"$tmp/folders"
}
echo "bench-loops: make chapter-2 JOBS=1 in a fresh clone, beside every Spin run it made, by hand on one core"
echo "  load before: $(cut -d' ' -f1-3 /proc/loadavg)"
i=0
while [ "$i" -lt "$runs" ]; do
	i=$((i + 1))
	rm -rf "$tmp/clone" "$tmp/hand"
	git clone -q "$here" "$tmp/clone"
	t=$(now)
	c=$(cpu make --no-print-directory -C "$tmp/clone" chapter-2 JOBS=1)
	cp "$tmp/cpu.log" "$tmp/chapter.log"
	s=$(since "$t")
	echo "$s" >>"$tmp/chapter"
	echo "$c" >>"$tmp/chapter.cpu"
	find "$tmp/clone/out" -name ran.sh | sed 's|/ran.sh$||' | LC_ALL=C sort >"$tmp/folders"
	n=$(wc -l <"$tmp/folders")
	k=$(sed 's|$|/ran.sh|' "$tmp/folders" | xargs cat | grep -c -v '^#' || true)
	t=$(now)
	hc=$(cpu replay)
	h=$(since "$t")
	echo "$h" >>"$tmp/hand.s"
	echo "$hc" >>"$tmp/hand.cpu"
	r=$(awk -v a="$s" -v b="$h" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
	rc=$(awk -v a="$c" -v b="$hc" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
	echo "$r" >>"$tmp/ratio"
	echo "$rc" >>"$tmp/ratio.cpu"
	echo "  run $i: make chapter-2 $s s, $c s CPU ($(tail -n 1 "$tmp/chapter.log"));" \
		"its $k commands in $n folders by hand $h s, $hc s CPU; ratio $r wall, $rc CPU" \
		"(load $(cut -d' ' -f1-3 /proc/loadavg))"
done

echo "cold make chapter-2:    $(stats "$tmp/chapter"); CPU $(stats "$tmp/chapter.cpu")"
echo "its Spin runs by hand:  $(stats "$tmp/hand.s"); CPU $(stats "$tmp/hand.cpu")"
echo "ratio by wall clock:    $(stats "$tmp/ratio" '%.2f')"
echo "ratio by CPU:           $(stats "$tmp/ratio.cpu" '%.2f')"
