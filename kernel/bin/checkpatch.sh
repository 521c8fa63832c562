#!/bin/sh
# checkpatch.sh SRCDIR
# Run the tree's scripts/checkpatch.pl --strict on every patch of
# kernel/patches/series.  Errors and CHECKs fail; so do warnings, except
# the ones listed in $accepted with the reason they stay.
set -eu
src=${1:?usage: checkpatch.sh SRCDIR}
patches=$(pwd)/kernel/patches
# New files always draw "does MAINTAINERS need updating?"; QRCU has no
# maintainer to name in this tutorial's tree, so the warning stays.
accepted='added, moved or deleted file(s), does MAINTAINERS need updating?'
status=0
while read -r p; do
	# checkpatch.pl exits 1 on any finding; the counts below decide.
	out=$(cd "$src" && { perl scripts/checkpatch.pl --strict --color=never "$patches/$p" || :; })
	printf '%s\n\n' "$out"
	total=$(printf '%s\n' "$out" | grep '^total:' || true)
	errors=$(echo "$total" | sed -n 's/^total: \([0-9]*\) errors.*/\1/p')
	checks=$(echo "$total" | sed -n 's/.* \([0-9]*\) checks.*/\1/p')
	warnings=$(printf '%s\n' "$out" | grep '^WARNING:' | grep -cvF "$accepted" || true)
	if [ -z "$total" ] || [ "$errors" != 0 ] || [ "$checks" != 0 ] || [ "$warnings" != 0 ]; then
		echo "checkpatch: $p: $total (unaccepted warnings: $warnings)"
		status=1
	else
		echo "checkpatch: $p: passes ($total)"
	fi
done <"$patches/series"
exit "$status"
