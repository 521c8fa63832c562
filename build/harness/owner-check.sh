#!/bin/sh
# owner-check: prints one line (and the Makefile stops with it) when out/
# or models/ hold a file this user does not own, as a make run as root
# (sudo make) leaves, which a make as oneself could not replace.  Prints
# nothing otherwise.  HARNESS_UID stands for this user's id in the
# self-test, which cannot make files of another owner.
. build/lib/paths.sh
uid=${HARNESS_UID:-$(id -u)}
[ "$uid" -eq 0 ] && [ -z "${HARNESS_UID:-}" ] && exit 0
for d in "$OUT" models chapters/runs; do
	[ -e "$d" ] || continue
	f=$(find "$d" -maxdepth 3 ! -uid "$uid" -print 2>/dev/null | head -n 1)
	if [ -n "$f" ]; then
		owner=$(stat -c %U "$f" 2>/dev/null || echo another user)
		echo "$f belongs to $owner, not to you (left by a make run as root, e.g. sudo make);" \
			"give the files back with: sudo chown -R $(id -un): $OUT models chapters/runs"
		exit 0
	fi
done
