#!/bin/sh
# scenario-list.sh CONFIGDIR
# Check the scenario lists of CONFIGDIR (kernel/configs): CFLIST (one
# scenario a line, booted by make check) and SOAKLIST ("NAME BOOTS
# SECONDS", booted by make kernel-soak).  Every listed scenario must have
# its three files (NAME, NAME.boot, NAME.expect), be listed once per
# list, and every file of CONFIGDIR must belong to a listed scenario,
# to the shared configuration (CFcommon, the lists) or to the benchmark
# (BENCH*, which is not a scenario and must not be listed): a scenario
# left out of both lists would never be booted.  Prints the scenarios;
# exits 1, naming the file, on the first thing wrong.
set -eu
dir=${1:?usage: scenario-list.sh CONFIGDIR}
bad=0
err() {
	echo "scenario-list: $1" >&2
	bad=1
}

names() { # FILE: the first word of every line, comments dropped
	sed -e 's/#.*//' "$1" | awk 'NF { print $1 }'
}
for list in CFLIST SOAKLIST; do
	[ -f "$dir/$list" ] || { err "$dir/$list: missing"; continue; }
	dups=$(names "$dir/$list" | sort | uniq -d)
	[ -z "$dups" ] || err "$dir/$list: listed more than once: $dups"
	for s in $(names "$dir/$list"); do
		case $s in
		BENCH*) err "$dir/$list: $s is the benchmark's configuration, not a torture scenario" ;;
		CFcommon | CFLIST | SOAKLIST) err "$dir/$list: $s is not a scenario" ;;
		esac
		for f in "$s" "$s.boot" "$s.expect"; do
			[ -f "$dir/$f" ] || err "$dir/$list: scenario $s has no $dir/$f"
		done
		if [ -f "$dir/$s.boot" ] && ! grep -q '^rcutorture\.torture_type=' "$dir/$s.boot"; then
			err "$dir/$s.boot: no rcutorture.torture_type= line"
		fi
	done
done
# make check boots the one shared kernel, built from CFcommon: a CFLIST
# scenario whose fragment asks for more (KCSAN, say) would only stop at
# boot.  Such a scenario belongs in SOAKLIST, where it gets a kernel of
# its own (kernel.mk's kernel-soak makes the same test).
if [ -f "$dir/CFLIST" ] && [ -f "$dir/CFcommon" ]; then
	for s in $(names "$dir/CFLIST"); do
		[ -f "$dir/$s" ] || continue
		if ! why=$(kernel/bin/config-check.sh "$dir/CFcommon" "$dir/$s" 2>&1); then
			err "$dir/CFLIST: $s needs what the shared kernel (CFcommon) does not have ($(echo "$why" | head -n 1)); make check boots only that kernel: move $s to SOAKLIST, which boots it on a kernel of its own"
		fi
	done
fi
if [ -f "$dir/SOAKLIST" ]; then
	sed -e 's/#.*//' "$dir/SOAKLIST" | awk -v f="$dir/SOAKLIST" '
		NF && (NF != 3 || $2 !~ /^[1-9][0-9]*$/ || $3 !~ /^[1-9][0-9]*$/) {
			printf "scenario-list: %s: want NAME BOOTS SECONDS, got: %s\n", f, $0; bad = 1 }
		END { exit bad }' >&2 || bad=1
fi

listed=$( (names "$dir/CFLIST"; names "$dir/SOAKLIST") 2>/dev/null | sort -u)
for path in "$dir"/*; do
	f=$(basename "$path")
	case $f in
	CFcommon | CFLIST | SOAKLIST) continue ;;
	BENCH | BENCH.*)
		[ "$f" != BENCH.expect ] || err "$path: the benchmark is not a torture scenario; it has no .expect"
		continue ;;
	esac
	s=${f%.boot}
	s=${s%.expect}
	if ! printf '%s\n' "$listed" | grep -qx -- "$s"; then
		err "$path: scenario $s is in neither CFLIST nor SOAKLIST, so nothing boots it; list it or remove it"
	fi
done
[ "$bad" -eq 0 ] || exit 1
echo "scenario-list: make check boots: $(names "$dir/CFLIST" | tr "\n" " ")"
echo "scenario-list: make kernel-soak boots: $(names "$dir/SOAKLIST" | tr "\n" " ")"
