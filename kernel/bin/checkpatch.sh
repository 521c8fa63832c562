#!/bin/sh
# checkpatch.sh SRCDIR
# Run the tree's scripts/checkpatch.pl --strict on every patch of
# kernel/patches/series.  Errors fail; so do warnings and CHECKs, except
# the ones listed below with the reason they stay.
set -eu
src=${1:?usage: checkpatch.sh SRCDIR}
patches=$(pwd)/kernel/patches
# New files always draw "does MAINTAINERS need updating?"; QRCU has no
# maintainer to name in this tutorial's tree, so the warning stays.
accepted='added, moved or deleted file(s), does MAINTAINERS need updating?'
# A macro that defines an object names it twice, once as the object and
# once for the initializer, whose mutex points at itself (DEFINE_MUTEX()
# does the same).  The argument is an identifier, which has no side
# effects, so the "argument reuse" CHECK is accepted for exactly these
# two definitions and nowhere else.
accepted_check='^CHECK: Macro argument reuse .name. - possible side-effects\? \+#define DEFINE_(STATIC_)?QRCU\(name\)'
# Patches 2-4 were written for the tutorial and no person has certified
# them under the Developer's Certificate of Origin: each says so in its
# message instead of carrying a made-up Signed-off-by, so checkpatch's
# "Missing Signed-off-by" error is accepted for a patch whose message
# says that, and for no other (0001 keeps its author's sign-off).
accepted_error='^ERROR: Missing Signed-off-by: line\(s\)$'
nodco="No person has certified it under the Developer's"
status=0
while read -r p; do
	# checkpatch.pl exits 1 on any finding; the counts below decide.
	out=$(cd "$src" && { perl scripts/checkpatch.pl --strict --color=never "$patches/$p" || :; })
	printf '%s\n\n' "$out"
	total=$(printf '%s\n' "$out" | grep '^total:' || true)
	errors=$(echo "$total" | sed -n 's/^total: \([0-9]*\) errors.*/\1/p')
	if grep -qF "$nodco" "$patches/$p" &&
		[ "$(printf '%s\n' "$out" | grep -c '^ERROR:')" = 1 ] &&
		printf '%s\n' "$out" | grep -qE "$accepted_error"; then
		errors=0 # the one accepted error, explained in the message
	fi
	warnings=$(printf '%s\n' "$out" | grep '^WARNING:' | grep -cvF "$accepted" || true)
	# Each CHECK with the first line of code it points at (two lines on).
	checks=$(printf '%s\n' "$out" |
		awk '/^CHECK:/ { msg = $0; n = 2; next } n && --n == 0 { print msg, $0 }' |
		grep -cvE "$accepted_check" || true)
	if [ -z "$total" ] || [ "$errors" != 0 ] || [ "$checks" != 0 ] || [ "$warnings" != 0 ]; then
		echo "checkpatch: $p: $total (unaccepted warnings: $warnings, unaccepted checks: $checks)"
		status=1
	else
		echo "checkpatch: $p: passes ($total)"
	fi
done <"$patches/series"
exit "$status"
