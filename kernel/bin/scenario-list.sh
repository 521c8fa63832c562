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
# exits 1, naming the file, on the first thing wrong.  The lists and
# the scenarios' files are read by scenarios.sh, as everywhere else.
set -eu
dir=${1:?usage: scenario-list.sh CONFIGDIR}
bad=0
err() {
	echo "scenario-list: $1" >&2
	bad=1
}

# The lists, as scenarios.sh reads them: it refuses a bad line (naming
# FILE:LINE and the fix), a scenario listed twice or without its files.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for list in cflist soaklist; do
	kernel/bin/scenarios.sh "$list" "$dir" >"$tmp/$list" 2>"$tmp/err" ||
		err "$(sed -e 's/^scenarios: //' "$tmp/err")"
done
cf=$(cut -d' ' -f1 "$tmp/cflist")
soak=$(cut -d' ' -f1 "$tmp/soaklist")
# Each listed scenario's own files, read the same way.
for s in $cf $soak; do
	for what in type expect; do
		why=$(kernel/bin/scenarios.sh "$what" "$dir/$s" 2>&1 >/dev/null) || err "${why#scenarios: }"
	done
done
# make check boots the one shared kernel, built from CFcommon: a CFLIST
# scenario whose fragment asks for more (KCSAN, say) would only stop at
# boot.  Such a scenario belongs in SOAKLIST, where it gets a kernel of
# its own (kernel.mk's kernel-soak makes the same test).
if [ -f "$dir/CFcommon" ]; then
	for s in $cf; do
		if ! why=$(kernel/bin/config-check.sh "$dir/CFcommon" "$dir/$s" 2>&1); then
			err "$dir/CFLIST: $s needs what the shared kernel (CFcommon) does not have ($(echo "$why" | head -n 1)); make check boots only that kernel: move $s to SOAKLIST, which boots it on a kernel of its own"
		fi
	done
fi

listed=$(printf '%s\n' "$cf" "$soak" | sort -u)
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
echo "scenario-list: make check boots: $(echo "$cf" | tr '\n' ' ')"
echo "scenario-list: make kernel-soak boots: $(echo "$soak" | tr '\n' ' ')"
