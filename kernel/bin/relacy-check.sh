#!/bin/sh
# relacy-check.sh [NAME...]
# Check the series' own kernel/rcu/qrcu.c under relacy: extract it and
# include/linux/qrcu.h from kernel/patches/0001-*.patch (the added lines
# of the two new files), make each mutant of kernel/relacy/mutants/ from
# it with sed, compile kernel/relacy/qrcu-test.cpp against the shim
# headers of kernel/relacy/include, run the checks that
# kernel/relacy/checks lists (all, or the NAMEs given) and compare each
# result and iteration count with the list.  Work files go to
# $OUT/relacy (OUT defaults to out); $OUT/relacy/results.md is the table
# of results.  CXX is the compiler (default g++).
set -eu

out=${OUT:-out}/relacy
list=kernel/relacy/checks
shim=kernel/relacy/include
test_src=kernel/relacy/qrcu-test.cpp
cxx=${CXX:-g++}
cxxflags="-std=gnu++17 -O1 -Wall -Wno-unused-variable -Wno-unused-function -Wno-unused-label"

die() {
	echo "relacy-check: $*" >&2
	exit 1
}

# where NAME: the list's file and line of check NAME
where() {
	echo "$list:$(grep -n "^${1}[[:space:]]" "$list" | head -1 | cut -d: -f1)"
}

now_ms() {
	echo $(($(date +%s%N) / 1000000))
}

[ -f "$list" ] || die "$list is missing; run from the top of the book's tree"
patch=
for p in kernel/patches/0001-*.patch; do
	[ -f "$p" ] || die "kernel/patches/0001-*.patch: no such patch; the series' first patch adds qrcu.c"
	[ -z "$patch" ] || die "kernel/patches/: two patches numbered 0001; keep one"
	patch=$p
done

# extract FILE DEST: the added lines of FILE, a file the patch creates,
# checked against the line count of its one hunk (@@ -0,0 +1,N @@).
extract() {
	awk -v f="$1" -v dest="$2" -v patch="$patch" '
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
		}' "$patch"
}

rm -rf "$out/src" "$out/m"
mkdir -p "$out/src/kernel/rcu" "$out/src/include/linux" "$out/m"
extract kernel/rcu/qrcu.c "$out/src/kernel/rcu/qrcu.c"
extract include/linux/qrcu.h "$out/src/include/linux/qrcu.h.orig"

# The one change to the series' text: ->completed, read plainly and with
# READ_ONCE(), becomes the shim's lkmm_ulong (see lkmm-relacy.h).
decl='	unsigned long completed;'
n=$(grep -c -x "$decl" "$out/src/include/linux/qrcu.h.orig" || true)
[ "$n" = 1 ] || die "$patch: include/linux/qrcu.h: expected one line '$decl' in struct qrcu_struct, found $n; update the declaration's pattern in kernel/bin/relacy-check.sh and lkmm_ulong in $shim/lkmm-relacy.h"
sed "s/^$decl\$/	lkmm_ulong completed;/" "$out/src/include/linux/qrcu.h.orig" >"$out/src/include/linux/qrcu.h"

# The checks to run: all, or those named.
checks=$out/checks.run
grep -v '^#' "$list" | grep -v '^[[:space:]]*$' >"$checks.all"
if [ $# -gt 0 ]; then
	: >"$checks"
	for name in "$@"; do
		grep -q "^${name}[[:space:]]" "$checks.all" || die "$list: no check named $name"
		grep "^${name}[[:space:]]" "$checks.all" >>"$checks"
	done
else
	cp "$checks.all" "$checks"
fi

# One source per variant (the series, and each mutant named by a check),
# compiled together, each in a namespace, by $out/variants.h.
variant_file() {
	printf 'namespace qrcu_%s {\n#undef _LINUX_QRCU_H\n#include "%s/kernel/rcu/qrcu.c"\n}\nQRCU_VARIANT(qrcu_%s, "%s")\n' \
		"$(echo "$1" | tr -c 'A-Za-z0-9\n' _)" "$2" "$(echo "$1" | tr -c 'A-Za-z0-9\n' _)" "$1"
}
echo "/* Made by kernel/bin/relacy-check.sh from $patch. */" >"$out/variants.h"
variant_file series src >>"$out/variants.h"
while read -r name mutant readers updaters sched iters bound data expect at rest; do
	if [ -z "$at" ] || [ -n "$rest" ]; then
		die "$(where "$name"): check $name: want 10 fields (NAME MUTANT READERS UPDATERS SCHEDULER ITERATIONS BOUND DATA EXPECT AT); fix its line"
	fi
	case $sched in random | bound | full) ;; *)
		die "$(where "$name"): check $name: scheduler $sched; use random, bound or full" ;;
	esac
	case $data in plain | marked) ;; *)
		die "$(where "$name"): check $name: data $data; use plain or marked" ;;
	esac
	[ "$mutant" != - ] || continue
	[ ! -d "$out/m/$mutant" ] || continue
	script=kernel/relacy/mutants/$mutant.sed
	[ -f "$script" ] || die "$(where "$name"): check $name: no mutant $script; add it or fix the name"
	mkdir -p "$out/m/$mutant/kernel/rcu"
	sed -f "$script" "$out/src/kernel/rcu/qrcu.c" >"$out/m/$mutant/kernel/rcu/qrcu.c"
	if cmp -s "$out/src/kernel/rcu/qrcu.c" "$out/m/$mutant/kernel/rcu/qrcu.c"; then
		die "$script: changes nothing in kernel/rcu/qrcu.c of $patch; fix its addresses to match the series"
	fi
	diff -u "$out/src/kernel/rcu/qrcu.c" "$out/m/$mutant/kernel/rcu/qrcu.c" >"$out/m/$mutant/qrcu.c.diff" || true
	variant_file "$mutant" "m/$mutant" >>"$out/variants.h"
done <"$checks"

full=
grep -q "[[:space:]]full[[:space:]]" "$checks" && full=-DQRCU_TEST_FULL
t0=$(now_ms)
# shellcheck disable=SC2086 # cxxflags and full are words
$cxx $cxxflags $full -I "$shim" -I "$out/src/include" -I "$out" -o "$out/qrcu-test" "$test_src" >"$out/compile.log" 2>&1 ||
	die "$cxx failed on $test_src; its messages are in $out/compile.log"
compile_ms=$(($(now_ms) - t0))
echo "relacy-check: compiled $out/qrcu-test ($(grep -c '^QRCU_VARIANT' "$out/variants.h") variants) in $compile_ms ms"

# Run each check; compare relacy's result and iteration count.
failed=
results=$out/results.md
{
	echo "| check | mutant | readers x updaters | scheduler | result | iterations | paths | run ms |"
	echo "|---|---|---|---|---|---|---|---|"
} >"$results"
t1=$(now_ms)
while read -r name mutant readers updaters sched iters bound data expect at rest; do
	variant=${mutant#-}
	log=$out/$name.out
	s0=$(now_ms)
	rc=0
	"$out/qrcu-test" "$name" "${variant:-series}" "$data" "$readers" "$updaters" "$sched" "$iters" "$bound" >"$log" 2>&1 || rc=$?
	ms=$(($(now_ms) - s0))
	[ "$rc" -le 1 ] || die "$name: $out/qrcu-test stopped with status $rc; see $log"
	line=$(grep "^qrcu-relacy: $name .* result=" "$log") ||
		die "$name: no result line in $log"
	paths=$(grep "^qrcu-relacy: $name paths: " "$log" | sed 's/^.* paths: //')
	got=$(echo "$line" | sed 's/.* result=\(.*\) iterations=.*/\1/' | tr ' ' _)
	got_at=$(echo "$line" | sed 's/.* iterations=//')
	case $sched in
	bound) how="bound $bound" ;;
	random) how="random $iters" ;;
	*) how=$sched ;;
	esac
	echo "| $name | $mutant | ${readers}x$updaters $data | $how | $(echo "$got" | tr _ ' ') | $got_at | $paths | $ms |" >>"$results"
	if [ "$got" != "$expect" ]; then
		echo "relacy-check: $name: relacy reported $got at iteration $got_at, but $(where "$name") expects $expect; see $log" >&2
		failed="$failed $name"
	elif [ "$at" != - ] && [ "$got_at" != "$at" ]; then
		echo "relacy-check: $name: $got as expected, but at iteration $got_at, not $at as $(where "$name") says; see $log" >&2
		failed="$failed $name"
	else
		echo "relacy-check: $name: $got, iterations $got_at, as expected ($ms ms; $paths)"
	fi
done <"$checks"
run_ms=$(($(now_ms) - t1))
echo "relacy-check: compiling took $compile_ms ms, running $run_ms ms; the table is $results"
[ -z "$failed" ] || die "failed:$failed"
