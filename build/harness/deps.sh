#!/bin/sh
# deps [TIER...]: make sure the Debian packages of build/harness/apt-packages
# are installed: those of the TIERs named, or of every tier.
# deps --goals [GOAL...]: those the make GOALs ask for (the Makefile calls
# this once, before it runs anything; no goal is make's default, every tier).
# As root, installs what is missing with apt-get; otherwise prints the one
# command that would, and fails.  A package apt cannot install is named on
# one line, with apt's reason and the targets that still work without it.
set -eu
list=${APT_PACKAGES:-build/harness/apt-packages}
set -f # the goals' patterns are matched, never expanded as file names
tiers=$(sed -n 's/^tier \([a-z0-9-]*\):.*/\1/p' "$list" | tr '\n' ' ')

packages_of() {
	awk -v t="$1" '/^tier /{ cur = $2; sub(":", "", cur); next }
		/^[[:space:]]*(#|$)/ { next } cur == t { print $1 }' "$list"
}
goals_of() { sed -n "s/^tier $1: *//p" "$list"; }
tier_of() {
	for t in $tiers; do
		for p in $(packages_of "$t"); do [ "$p" != "$1" ] || { echo "$t"; return; }; done
	done
}

# The tiers GOAL asks for: every tier whose line matches it (chapter-02 is
# chapter-2); help and clean need none; a goal no line names needs all.
tiers_of_goal() {
	g=$1
	case $g in
	help | clean) return ;;
	deps) echo "$tiers"; return ;;
	deps-*)
		for t in $tiers; do [ "deps-$t" != "$g" ] || { echo "$t"; return; }; done
		echo "make $g: no such tier; the tiers are: $tiers" >&2
		exit 2
		;;
	chapter-0*) g=chapter-$(echo "${g#chapter-}" | sed 's/^0*//') ;;
	esac
	found=""
	for t in $tiers; do
		for p in $(goals_of "$t"); do
			# shellcheck disable=SC2254 # $p is a pattern on purpose
			case $g in $p) found="$found $t"; break ;; esac
		done
	done
	echo "${found:-$tiers}"
}

want=""
if [ "${1:-}" = "--goals" ]; then
	shift
	[ $# -gt 0 ] || set -- all
	for g in "$@"; do want="$want $(tiers_of_goal "$g")"; done
else
	for t in "$@"; do
		case " $tiers " in *" $t "*) ;; *)
			echo "deps: no tier '$t' in $list; the tiers are: $tiers" >&2
			exit 2
			;;
		esac
	done
	want=${*:-$tiers}
fi
# Each tier once, in the file's order.
chosen=""
for t in $tiers; do
	case " $want " in *[[:space:]]"$t"[[:space:]]*) chosen="$chosen $t" ;; esac
done
[ -n "$chosen" ] || exit 0

installed() {
	dpkg-query -W -f='${Package} ${Status}\n' "$@" 2>/dev/null |
		sed -n 's/^\([^ ]*\) install ok installed$/\1/p'
}
missing_of() {
	pk=""
	for t in "$@"; do pk="$pk $(packages_of "$t")"; done
	# shellcheck disable=SC2086 # one word per package
	have=" $(installed $pk | tr '\n' ' ') "
	for p in $pk; do
		case $have in *" $p "*) ;; *) printf ' %s' "$p" ;; esac
	done
}
# shellcheck disable=SC2086 # one word per tier
missing=$(missing_of $chosen)
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
	echo "missing Debian packages (tiers$chosen); install them with: sudo apt-get install -y$missing" >&2
	exit 1
fi
echo "installing (tiers$chosen):$missing" >&2
log=$(mktemp)
trap 'rm -f "$log" "$log.failed"' EXIT
apt-get update -qq >"$log" 2>&1 ||
	echo "deps: apt-get update failed: $(grep -m 1 '^[EW]:' "$log" || tail -n 1 "$log")" >&2
# shellcheck disable=SC2086 # one word per package
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >"$log" 2>&1 && exit 0
# One at a time, to name the ones apt cannot install and say why.
for p in $missing; do
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$p" >"$log" 2>&1 || echo "$p $(grep -m 1 '^E:' "$log" ||
		grep -v '^[[:space:]]*$' "$log" | tail -n 1)" >>"$log.failed"
done
# A goal still works when every tier it asks for is complete.
complete=""
for t in $tiers; do [ -n "$(missing_of "$t")" ] || complete="$complete $t"; done
works="" broken=""
for g in $(for t in $tiers; do goals_of "$t"; done | tr ' ' '\n' | awk 'NF && !seen[$0]++'); do
	ok=yes
	for t in $(tiers_of_goal "$g"); do
		case "$complete " in *" $t "*) ;; *) ok=no ;; esac
	done
	if [ $ok = yes ]; then works="$works $g"; else broken="$broken $g"; fi
done
still="no target works yet"
[ -z "$works" ] || still="still working: make$works"
while read -r p why; do
	echo "deps: cannot install $p (tier $(tier_of "$p")): ${why:-apt-get failed}; $still;" \
		"not working:$broken, make check" >&2
done <"$log.failed"
exit 1
