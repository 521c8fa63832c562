#!/bin/sh
# relacy-check.sh COMMAND [NAME...]
# The series' own kernel/rcu/qrcu.c under relacy (chapter 12).  The
# checks, their parameters and what each must report, are the rows of
# kernel/relacy/checks; kernel/relacy.mk makes one make target of each.
#
#   list          the names of the checks, one a line (after checking
#                 every row of the list)
#   build         extract kernel/rcu/qrcu.c and include/linux/qrcu.h from
#                 kernel/patches/0001-*.patch, make every mutant of
#                 kernel/relacy/mutants/ from it with sed, and compile
#                 kernel/relacy/qrcu-test.cpp against the shim headers of
#                 kernel/relacy/include, all variants in one program; not
#                 compiled again while the hash of what goes into it (the
#                 sources, the shim, the test, the mutants, the flags, the
#                 g++ and relacy versions) is the one of the last compile
#   run NAME      run check NAME, unless it last ran on the same program
#                 with the same parameters, and compare what relacy
#                 reported with the row, field by field
#   table         the tables chapter 12 shows, from the runs:
#                 results.md, paths.md and mutants.md, and bounds.md
#                 (how far back relacy's loads may look, from its headers)
#   all [NAME...] build, run each check (or those named), table
#   bless NAME... write what the last run of each NAME reported into its
#                 row (the fields EXPECT, AT, IN, PATHS); "bless all" for
#                 every check
#
# Work files go to $OUT/relacy (OUT as build/lib/paths.sh sets it).
# CXX is the compiler (default g++).
set -eu

. build/lib/paths.sh
out=$OUT/relacy
list=${RELACY_CHECKS:-kernel/relacy/checks}
shim=kernel/relacy/include
test_src=kernel/relacy/qrcu-test.cpp
mutants=${RELACY_MUTANTS:-kernel/relacy/mutants}
cxx=${CXX:-g++}
cxxflags="-std=gnu++17 -O1 -Wall -Wno-unused-variable -Wno-unused-function -Wno-unused-label"
fields="NAME MUTANT READERS UPDATERS SCHEDULER ITERATIONS BOUND DATA EXPECT AT IN PATHS"
counters="sync fast slow early flips sleeps wakeups retries readers-on-1"

die() {
	echo "relacy-check: $*" >&2
	exit 1
}

now_ms() {
	echo $(($(date +%s%N) / 1000000))
}

[ -f "$list" ] || die "$list is missing; run from the top of the book's tree"

# The rows of the list, checked, one a line: LINE NAME MUTANT ... PATHS.
# A bad row stops everything, naming its line and what to write.
rows() {
	awk -v list="$list" -v mdir="$mutants" -v want="$fields" -v counters="$counters" '
		# A file that can be opened for reading (one getline, no shell:
		# make reads this list each time it starts).
		function readable(f,   r, junk) {
			r = (getline junk < f)
			close(f)
			return r >= 0
		}
		function bad(msg) {
			printf "%s:%d: %s\n", list, NR, msg > "/dev/stderr"
			failed = 1
		}
		/^#/ || /^[[:space:]]*$/ { next }
		{
			if (NF != 12) {
				bad("want 12 fields (" want "), found " NF "; fix the line")
				next
			}
			what = "check " $1 ": "
			if ($1 !~ /^[a-z0-9][a-z0-9-]*$/)
				bad("check name " $1 ": use lower-case letters, digits and -")
			if ($1 in line)
				bad(what "a second row of this name (also line " line[$1] "); give each check its own")
			line[$1] = NR
			if ($2 != "-" && !readable(mdir "/" $2 ".sed"))
				bad(what "MUTANT " $2 ": there is no " mdir "/" $2 ".sed; add it, or write - for the series")
			used[$2] = 1
			if ($3 !~ /^[12]$/ || $4 !~ /^[12]$/ || ($3 == 2 && $4 == 1))
				bad(what "READERS " $3 " UPDATERS " $4 ": not compiled in; use 1 1, 1 2 or 2 2 (or add a run_config<> to kernel/relacy/qrcu-test.cpp)")
			if ($5 != "random" && $5 != "bound" && $5 != "full")
				bad(what "SCHEDULER " $5 "; use random, bound or full")
			if ($6 !~ /^[0-9]+$/ || $7 !~ /^[0-9]+$/)
				bad(what "ITERATIONS " $6 " BOUND " $7 ": want whole numbers (0 where unused)")
			else if ($5 == "random" && $6 == 0)
				bad(what "a random scheduler runs ITERATIONS schedules; give more than 0")
			else if ($5 == "bound" && $7 == 0)
				bad(what "a context-bound search with BOUND 0 preempts nothing; give a bound")
			if ($8 != "plain" && $8 != "marked")
				bad(what "DATA " $8 "; use plain or marked")
			if ($9 !~ /^(SUCCESS|DATA_RACE|USER_ASSERT_FAILED|DEADLOCK|LIVELOCK|RESOURCE_LEAK|ACCESS_TO_FREED_MEMORY|UNINITIALIZED_ACCESS)$/)
				bad(what "EXPECT " $9 "; use SUCCESS or relacy'"'"'s failure with _ for blanks (DATA_RACE, USER_ASSERT_FAILED, DEADLOCK, ...)")
			if ($10 !~ /^[0-9]+$/)
				bad(what "AT " $10 ": want the iteration count (a number; make relacy-bless NAME=" $1 " writes it)")
			if (($9 == "SUCCESS") != ($11 == "-"))
				bad(what "IN " $11 ": want - for SUCCESS, else the function relacy stopped in")
			n = split($12, kv, ",")
			ok = n == split(counters, names, " ")
			for (i = 1; ok && i <= n; i++)
				ok = kv[i] ~ ("^" names[i] "=[0-9]+$")
			if (!ok)
				bad(what "PATHS " $12 ": want " counters " as NAME=COUNT, comma-separated, in that order")
			print NR, $0
		}
		END {
			ls = "ls " mdir " 2>/dev/null"
			while ((ls | getline f) > 0) {
				if (!sub(/\.sed$/, "", f))
					continue
				if (!(f in used)) {
					printf "%s/%s.sed: no check of %s uses it, so it can never fail; add a row or delete it\n", mdir, f, list > "/dev/stderr"
					failed = 1
				}
			}
			exit failed
		}' "$list"
}

# row NAME: the checked row of NAME (LINE NAME ... PATHS)
row() {
	all=$(rows) || exit 1
	r=$(echo "$all" | awk -v n="$1" '$2 == n')
	[ -n "$r" ] || die "$list: no check named $1; the names: $(echo "$all" | awk '{ printf "%s ", $2 }')"
	echo "$r"
}

versions() {
	gxx=$($cxx --version 2>/dev/null | head -n 1) || gxx=
	[ -n "$gxx" ] || die "$cxx is not installed; run make deps (or: sudo apt-get install g++)"
	[ -f /usr/include/relacy/relacy.hpp ] ||
		die "relacy's headers (/usr/include/relacy) are missing; run make deps (or: sudo apt-get install relacy-dev)"
	rl=$(dpkg-query -W -f '${Version}' relacy-dev 2>/dev/null) || rl="unknown (not from the Debian package)"
	printf '%s\nrelacy-dev %s\n' "$gxx" "$rl"
}

# extract PATCH FILE DEST: the added lines of FILE, a file the patch
# creates, checked against the line count of its one hunk (@@ -0,0 +1,N @@).
extract() {
	awk -v f="$2" -v dest="$3" -v patch="$1" '
		/^diff --git / { on = 0 }
		$0 == "+++ b/" f {
			if (prev != "--- /dev/null") {
				print patch ":" NR ": " f " is changed, not created, by this patch; relacy-check.sh takes a new file whole" > "/dev/stderr"
				bad = 1; exit
			}
			on = 1; found = 1; next
		}
		{ prev = $0 }
		on && /^@@ / {
			if (match($0, /\+1,[0-9]+ @@/))
				want = substr($0, RSTART + 3, RLENGTH - 6) + 0
			hunks++; next
		}
		on && /^\+/ { print substr($0, 2) > dest; n++ }
		END {
			if (bad) exit 1
			if (!found) {
				print patch ": creates no " f "; relacy-check.sh needs it" > "/dev/stderr"
				exit 1
			}
			if (hunks != 1 || n != want) {
				print patch ": " f ": " n " added lines in " hunks " hunks, but its hunk header says " want "; regenerate the patch (kernel/bin/format-patches.sh)" > "/dev/stderr"
				exit 1
			}
		}' "$1"
}

# One namespace per variant, the series and each mutant.
variant_file() {
	ns=qrcu_$(echo "$1" | tr -c 'A-Za-z0-9\n' _)
	printf 'namespace %s {\n#undef _LINUX_QRCU_H\n#include "%s/kernel/rcu/qrcu.c"\n}\nQRCU_VARIANT(%s, "%s")\n' \
		"$ns" "$2" "$ns" "$1"
}

build() {
	rows >/dev/null || exit 1
	patch=
	for p in kernel/patches/0001-*.patch; do
		[ -f "$p" ] || die "kernel/patches/0001-*.patch: no such patch; the series' first patch adds qrcu.c"
		[ -z "$patch" ] || die "kernel/patches/: two patches numbered 0001; keep one"
		patch=$p
	done
	mkdir -p "$out"
	versions >"$out/versions.tmp"
	mv "$out/versions.tmp" "$out/versions"
	rm -rf "$out/src" "$out/m"
	mkdir -p "$out/src/kernel/rcu" "$out/src/include/linux" "$out/m"
	extract "$patch" kernel/rcu/qrcu.c "$out/src/kernel/rcu/qrcu.c"
	extract "$patch" include/linux/qrcu.h "$out/src/include/linux/qrcu.h.orig"

	# The one change to the series' text: ->completed, read plainly and
	# with READ_ONCE(), becomes the shim's lkmm_ulong (lkmm-relacy.h).
	decl='	unsigned long completed;'
	n=$(grep -c -x "$decl" "$out/src/include/linux/qrcu.h.orig" || true)
	[ "$n" = 1 ] || die "$patch: include/linux/qrcu.h: expected one line '$decl' in struct qrcu_struct, found $n; update the declaration's pattern in kernel/bin/relacy-check.sh and lkmm_ulong in $shim/lkmm-relacy.h"
	sed "s/^$decl\$/	lkmm_ulong completed;/" "$out/src/include/linux/qrcu.h.orig" >"$out/src/include/linux/qrcu.h"

	echo "/* Made by kernel/bin/relacy-check.sh from $patch. */" >"$out/variants.h"
	variant_file series src >>"$out/variants.h"
	for script in "$mutants"/*.sed; do
		m=$(basename "$script" .sed)
		mkdir -p "$out/m/$m/kernel/rcu"
		sed -f "$script" "$out/src/kernel/rcu/qrcu.c" >"$out/m/$m/kernel/rcu/qrcu.c"
		# A mutant that no longer applies fails its own checks (run
		# says why); the series and the other mutants still run.
		if cmp -s "$out/src/kernel/rcu/qrcu.c" "$out/m/$m/kernel/rcu/qrcu.c"; then
			echo "$script: changes nothing in kernel/rcu/qrcu.c of $patch; fix its addresses to match the series" |
				tee "$out/m/$m.broken" >&2
			rm -rf "$out/m/$m"
			continue
		fi
		diff -u "$out/src/kernel/rcu/qrcu.c" "$out/m/$m/kernel/rcu/qrcu.c" >"$out/m/$m/qrcu.c.diff" || true
		variant_file "$m" "m/$m" >>"$out/variants.h"
	done

	flags=$cxxflags
	if rows | awk '$6 == "full" { f = 1 } END { exit !f }'; then
		flags="$flags -DQRCU_TEST_FULL"
	fi
	# What the program is made of, by content.
	sum=$({
		echo "flags: $cxx $flags"
		cat "$out/versions"
		sha256sum kernel/bin/relacy-check.sh "$test_src" "$out/variants.h"
		find "$shim" "$out/src" "$out/m" -type f -name '*.[ch]' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum
	} | sha256sum | cut -d' ' -f1)
	if [ -x "$out/qrcu-test" ] && [ -f "$out/build.sum" ] && [ "$(cat "$out/build.sum")" = "$sum" ]; then
		echo "relacy-check: $out/qrcu-test is up to date ($(grep -c '^QRCU_VARIANT' "$out/variants.h") variants; compiled in $(cat "$out/compile-ms") ms)"
		return
	fi
	rm -f "$out/qrcu-test" "$out/build.sum"
	t0=$(now_ms)
	# shellcheck disable=SC2086 # flags are words
	$cxx $flags -I "$shim" -I "$out/src/include" -I "$out" -o "$out/qrcu-test" "$test_src" >"$out/compile.log" 2>&1 ||
		die "$cxx failed on $test_src; its messages are in $out/compile.log"
	echo $(($(now_ms) - t0)) >"$out/compile-ms"
	echo "$flags" >"$out/flags"
	echo "$sum" >"$out/build.sum"
	echo "relacy-check: compiled $out/qrcu-test ($(grep -c '^QRCU_VARIANT' "$out/variants.h") variants) in $(cat "$out/compile-ms") ms"
}

# got NAME: what the run of NAME reported, as the row's last four
# fields: RESULT AT IN PATHS (blanks in RESULT as _).
got() {
	g_log=$out/runs/$1.out
	g_line=$(grep "^qrcu-relacy: $1 .* result=" "$g_log") || die "$1: no result line in $g_log"
	g_res=$(echo "$g_line" | sed 's/.* result=\(.*\) iterations=.*/\1/')
	g_at=$(echo "$g_line" | sed 's/.* iterations=//')
	g_in=-
	if [ "$g_res" != SUCCESS ]; then
		# relacy's line for the failure (its second line), as the
		# history shows it: "[N] T: WHAT, in FUNCTION, FILE(LINE)".
		g_what=$(sed -n 2p "$g_log")
		g_in=$(grep -F "$g_what, in " "$g_log" | head -n 1 | sed 's/.*, in \([^,]*\), .*/\1/; s/ /_/g')
		[ -n "$g_in" ] || g_in=unknown
	fi
	g_paths=$(sed -n "s/^qrcu-relacy: $1 paths: //p" "$g_log" | tr ' ' ,)
	echo "$(echo "$g_res" | tr ' ' _) $g_at $g_in $g_paths"
}

run() {
	name=$1
	r=$(row "$name") || exit 1
	# shellcheck disable=SC2086 # the row's fields
	set -- $r
	line=$1 mutant=$3 readers=$4 updaters=$5 sched=$6 iters=$7 bound=$8 data=$9
	shift 9
	expect=$1 at=$2 in=$3 paths=$4
	{ [ -x "$out/qrcu-test" ] && [ -f "$out/build.sum" ]; } ||
		die "$name: $out/qrcu-test is not built (the build failed, or was not run: kernel/bin/relacy-check.sh build says why)"
	variant=${mutant#-}
	if [ -f "$out/m/$variant.broken" ]; then
		echo "relacy-check: $name: not run: $(cat "$out/m/$variant.broken")" >&2
		rm -f "$out/runs/$name.got"
		return 1
	fi
	key="$(cat "$out/build.sum") ${variant:-series} $data $readers $updaters $sched $iters $bound"
	mkdir -p "$out/runs"
	log=$out/runs/$name.out
	if [ -f "$log" ] && [ -f "$out/runs/$name.key" ] && [ "$(cat "$out/runs/$name.key")" = "$key" ]; then
		echo "relacy-check: $name: ran before on the same program and parameters; not run again"
	else
		rm -f "$out/runs/$name.key"
		s0=$(now_ms)
		rc=0
		# shellcheck disable=SC2086 # key's words after the hash are the arguments
		"$out/qrcu-test" "$name" ${key#* } >"$log.tmp" 2>&1 || rc=$?
		[ "$rc" -le 1 ] || die "$name: $out/qrcu-test stopped with status $rc; see $log.tmp"
		mv "$log.tmp" "$log"
		echo $(($(now_ms) - s0)) >"$out/runs/$name.ms"
		echo "$key" >"$out/runs/$name.key"
	fi
	got "$name" >"$out/runs/$name.got"
	# shellcheck disable=SC2046 # the four fields
	set -- $(cat "$out/runs/$name.got")
	where="$list:$line"
	status=0
	if [ "$1" != "$expect" ]; then
		echo "relacy-check: $name: relacy reported $1 at iteration $2, but $where expects $expect (field EXPECT); see $log" >&2
		status=1
	fi
	if [ "$2" != "$at" ]; then
		echo "relacy-check: $name: stopped at iteration $2, not $at as $where says (field AT); see $log" >&2
		status=1
	fi
	if [ "$3" != "$in" ]; then
		echo "relacy-check: $name: stopped in $3, not in $in as $where says (field IN); see $log" >&2
		status=1
	fi
	if [ "$4" != "$paths" ]; then
		diffs=$(printf '%s\n%s\n' "$4" "$paths" | awk -F, '
			NR == 1 { for (i = 1; i <= NF; i++) g[i] = $i; n = NF }
			NR == 2 { for (i = 1; i <= NF || i <= n; i++) if (g[i] != $i) {
				split($i, w, "="); printf "%s%s, not %s", sep, g[i], w[2]; sep = "; " } }')
		echo "relacy-check: $name: path counts differ from $where (field PATHS): $diffs; see $log" >&2
		status=1
	fi
	[ "$status" = 0 ] || return 1
	echo "relacy-check: $name: $1, iterations $2$([ "$3" = - ] || echo ", in $3"), as expected ($(cat "$out/runs/$name.ms") ms; $4)"
}

# Thousands separators, as the book prints counts.
commas() {
	echo "$1" | sed ':a
s/\([0-9]\)\([0-9]\{3\}\)\($\|[^0-9]\)/\1,\2\3/
ta'
}

# bounds FILE: how far relacy lets a load look back, read from the
# installed headers (the history kept per atomic, and how many of its
# stores a load may step back past the latest under each scheduler), as
# a table; fails when the headers no longer say it the way read here.
bounds() {
	h=${RELACY_INCLUDE:-/usr/include/relacy}
	hist=$(sed -n 's/^size_t const atomic_history_size = \([0-9][0-9]*\);\r\{0,1\}$/\1/p' "$h/defs.hpp" 2>/dev/null)
	histline=$(grep -n '^size_t const atomic_history_size = ' "$h/defs.hpp" 2>/dev/null | cut -d: -f1)
	limit='size_t const limit = c.is_random_sched() ? atomic_history_size  - 1: 1;'
	limline=$(grep -nF -- "$limit" "$h/thread.hpp" 2>/dev/null | cut -d: -f1)
	fn=$(awk -v at="${limline:-0}" 'NR <= at && /unsigned get_load_index\(/ { f = NR } END { print f + 0 }' "$h/thread.hpp" 2>/dev/null)
	if [ -z "$hist" ] || [ -z "$limline" ] || [ "$fn" -eq 0 ]; then
		die "$h: defs.hpp no longer says 'size_t const atomic_history_size = N;' or thread.hpp's get_load_index() no longer says '$limit'; read them again and update bounds() in kernel/bin/relacy-check.sh and chapter 12"
	fi
	{
		echo "Read by \`make relacy-check\` from the headers of $(sed -n 2p "$out/versions")."
		echo
		echo "| what relacy searches | how much | where |"
		echo "|---|---:|---|"
		echo "| stores kept per atomic variable, the latest included | $hist | \`relacy/defs.hpp\`:$histline, \`atomic_history_size\` |"
		echo "| stores a load (not a read-modify-write) may step back past the latest, random scheduler | $((hist - 1)) | \`relacy/thread.hpp\`:$limline, \`get_load_index()\` |"
		echo "| the same, context-bound and full-search schedulers | 1 | \`relacy/thread.hpp\`:$limline |"
	} >"$1"
}

table() {
	rows >"$out/rows" || exit 1
	bounds "$out/bounds.md.tmp"
	mv "$out/bounds.md.tmp" "$out/bounds.md"
	results=$out/results.md paths_md=$out/paths.md caught=$out/mutants.md
	missing=
	{
		echo "Made by \`make relacy-check\` with $(sed -n 1p "$out/versions") and $(sed -n 2p "$out/versions")," \
			"flags \`$(cat "$out/flags")\`; the one program took $(commas "$(cat "$out/compile-ms")") ms to compile." \
			"Times (ms) are not compared; every other column is, with \`kernel/relacy/checks\`."
		echo
		echo "| check | variant | readers x updaters | data | scheduler | result | stopped in | iteration | ms | as the list says |"
		echo "|---|---|---|---|---|---|---|---|---:|---|"
	} >"$results.tmp"
	{
		echo "| check | sync | fast | slow | early | flips | sleeps | wakeups | retries | readers-on-1 |"
		echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
	} >"$paths_md.tmp"
	while read -r _ name mutant readers updaters sched iters bound data expect at in want; do
		g=$out/runs/$name.got
		if [ ! -f "$g" ]; then
			missing="$missing $name"
			continue
		fi
		read -r res gat gin gpaths <"$g"
		case $sched in
		bound) how="bound $bound" ;;
		random) how="random, $(commas "$iters")" ;;
		*) how=$sched ;;
		esac
		verdict=yes
		[ "$res $gat $gin $gpaths" = "$expect $at $in $want" ] || verdict="**no**"
		echo "| $name | $mutant | $readers x $updaters | $data | $how | $(echo "$res" | tr _ ' ') | $gin | $(commas "$gat") | $(commas "$(cat "$out/runs/$name.ms")") | $verdict |" >>"$results.tmp"
		cells=$(echo "$gpaths" | tr , '\n' | sed 's/^[^=]*=//' | while read -r v; do printf ' %s |' "$(commas "$v")"; done)
		echo "| $name |$cells" >>"$paths_md.tmp"
	done <"$out/rows"
	[ -z "$missing" ] || die "no run of:$missing (make relacy-check runs every check)"
	# The mutants: what each breaks (its script's first comment line),
	# and what the checks of it reported.
	{
		echo "| mutant | what it changes | relacy reported | caught |"
		echo "|---|---|---|---|"
	} >"$caught.tmp"
	for script in "$mutants"/*.sed; do
		m=$(basename "$script" .sed)
		what=$(sed -n '/^#/!q; s/^# \{0,1\}//p' "$script" | tr '\n' ' ' | sed 's/\. .*/./; s/ *$//')
		seen=$(awk -v m="$m" '$3 == m { print $2 }' "$out/rows" | while read -r name; do
			read -r res gat _ _ <"$out/runs/$name.got"
			cfg=$(awk -v n="$name" '$2 == n { print $4 "x" $5 ($9 == "marked" ? " marked" : "") ($6 == "random" ? " random" : "") }' "$out/rows")
			printf '%s: %s at %s; ' "$cfg" "$(echo "$res" | tr _ ' ')" "$(commas "$gat")"
		done)
		n_fail=$(awk -v m="$m" '$3 == m { print $2 }' "$out/rows" | while read -r name; do
			read -r res _ _ _ <"$out/runs/$name.got"
			[ "$res" = SUCCESS ] || echo x
		done | wc -l)
		if [ "$n_fail" -gt 0 ]; then c=yes; else c="**no**"; fi
		echo "| $m | $what | ${seen%; } | $c |" >>"$caught.tmp"
	done
	mv "$results.tmp" "$results"
	mv "$paths_md.tmp" "$paths_md"
	mv "$caught.tmp" "$caught"
	echo "relacy-check: wrote $results, $paths_md and $caught"
	grep -q '\*\*no\*\*' "$results" && die "$results: a check did not report what $list says (see its row marked no)"
	return 0
}

bless() {
	mkdir -p "$out"
	[ $# -gt 0 ] || die "bless: name the checks (or all)"
	if [ "$1" = all ]; then
		# shellcheck disable=SC2046 # the names
		set -- $(rows | awk '{ print $2 }')
	fi
	: >"$out/bless"
	for name in "$@"; do
		row "$name" >/dev/null
		[ -f "$out/runs/$name.got" ] || die "bless: $name has not run; make relacy-run-$name first"
		echo "$name $(cat "$out/runs/$name.got")" >>"$out/bless"
	done
	awk 'NR == FNR { g[$1] = $2 "\t" $3 "\t" $4 "\t" $5; next }
		/^#/ || NF != 12 || !($1 in g) { print; next }
		{ print $1 "\t" $2 "\t" $3 "\t" $4 "\t" $5 "\t" $6 "\t" $7 "\t" $8 "\t" g[$1] }' \
		"$out/bless" "$list" >"$list.tmp"
	mv "$list.tmp" "$list"
	echo "relacy-check: wrote the expected fields of $# checks into $list; review with git diff"
}

[ $# -gt 0 ] || die "usage: kernel/bin/relacy-check.sh list|build|run NAME|table|all [NAME...]|bless NAME...|all"
cmd=$1
shift
case $cmd in
list)
	all=$(rows) || exit 1
	echo "$all" | awk '{ print $2 }'
	;;
build) build ;;
run)
	[ $# = 1 ] || die "usage: kernel/bin/relacy-check.sh run NAME"
	run "$1"
	;;
table) table ;;
all)
	build
	# shellcheck disable=SC2046 # the names
	[ $# -gt 0 ] || set -- $(rows | awk '{ print $2 }')
	failed=
	for name in "$@"; do run "$name" || failed="$failed $name"; done
	table || true
	[ -z "$failed" ] || die "failed:$failed"
	;;
bless) bless "$@" ;;
*) die "no command $cmd; use list, build, run NAME, table, all or bless" ;;
esac
