#!/bin/sh
# config-check.sh CONFIG FRAGMENT...
# Whether the kernel configuration CONFIG (a .config) holds what the
# Kconfig fragments ask for.  Where fragments name the same symbol, the
# later one wins; "CONFIG_X=n" and "# CONFIG_X is not set" both mean X
# must not be set.  Values are compared as text, exactly.  Prints one
# line per symbol that does not hold ("wanted LINE, got VALUE") and
# exits 1 if there is any; exits 0 silently otherwise; exits 2, naming
# the file (and line), on a file it cannot read or a line it does not
# understand.
set -eu
usage="usage: config-check.sh CONFIG FRAGMENT..."
config=${1:?$usage}
shift
[ $# -gt 0 ] || { echo "$usage" >&2; exit 2; }
for f in "$config" "$@"; do
	if [ ! -f "$f" ] || [ ! -r "$f" ]; then
		echo "config-check: cannot read $f" >&2
		exit 2
	fi
done

# Every fragment line is a symbol, a "not set" comment, another
# comment, or blank; anything else is an error, not something to skip.
for f in "$@"; do
	if ! awk -v f="$f" '
		/^CONFIG_[A-Za-z0-9_]+=/ || /^# CONFIG_[A-Za-z0-9_]+ is not set$/ || /^[ \t]*(#.*)?$/ { next }
		{ printf "config-check: %s:%d: not a Kconfig line: %s\n", f, FNR, $0; bad = 1 }
		END { exit bad }' "$f" >&2; then
		exit 2
	fi
done

missing=0
last=$(cat "$@" | sed -n -e 's/^# \(CONFIG_[A-Za-z0-9_]*\) is not set$/\1=n/p' -e '/^CONFIG_/p' |
	awk -F= '{ if (!($1 in last)) order[++n] = $1; last[$1] = $0 }
		END { for (i = 1; i <= n; i++) print last[order[i]] }')
while IFS= read -r line; do
	[ -n "$line" ] || continue
	sym=${line%%=*}
	got=$(grep "^$sym=" "$config" || true)
	case $line in
	CONFIG_*=n)
		if [ -n "$got" ]; then
			echo "wanted $line, got $got"
			missing=1
		fi ;;
	*)
		if [ "$got" != "$line" ]; then
			echo "wanted $line, got ${got:-unset}"
			missing=1
		fi ;;
	esac
done <<END
$last
END
exit "$missing"
