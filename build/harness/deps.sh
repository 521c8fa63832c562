#!/bin/sh
# deps: make sure the Debian packages in build/harness/apt-packages are installed.
# As root, installs what is missing with apt-get; otherwise prints the one
# command that would, and fails.
set -eu
list=$(grep -v '^[[:space:]]*#' build/harness/apt-packages | grep -v '^[[:space:]]*$' | tr '\n' ' ')
missing=""
for p in $list; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
	echo "missing Debian packages; install them with: sudo apt-get install -y$missing" >&2
	exit 1
fi
echo "installing:$missing"
apt-get update -qq
# shellcheck disable=SC2086 # one word per package
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
