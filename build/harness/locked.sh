#!/bin/sh
# locked COMMAND [ARG...]: run COMMAND holding this clone's lock,
# out/lock, so that two makes at once in one clone (two terminals, or
# make -j2 chapter-2 chapter-3) take turns over what they share: models/,
# out/results/ and the reports.  A COMMAND run under the lock may call
# locked again (make check builds the book) without waiting for itself.
# Run as root through sudo, it gives what it made back to the user who
# ran sudo, so that a later make as oneself can replace it.
set -eu
. build/lib/paths.sh
out=$OUT
[ $# -gt 0 ] || { echo "usage: build/harness/locked.sh COMMAND [ARG...]" >&2; exit 2; }
mkdir -p "$out"
here=$(cd "$out" && pwd)
# shellcheck disable=SC2317 # called by the EXIT trap
give_back() {
	if [ "$(id -u)" -eq 0 ] && [ -n "${SUDO_UID:-}" ]; then
		chown -R "$SUDO_UID:${SUDO_GID:-$SUDO_UID}" "$out" models chapters/runs 2>/dev/null || true
	fi
}
if [ "${HARNESS_LOCK_HELD:-}" = "$here" ]; then
	exec "$@"
fi
exec 9>>"$out/lock"
if ! flock -n 9; then
	echo "waiting for another make in this clone to finish (it holds $out/lock)" >&2
	flock 9
fi
HARNESS_LOCK_HELD=$here
export HARNESS_LOCK_HELD
trap give_back EXIT
trap 'exit 130' INT TERM
status=0
"$@" || status=$?
exit "$status"
