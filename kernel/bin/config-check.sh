#!/bin/sh
# config-check.sh CONFIG FRAGMENT...
# Whether the kernel configuration CONFIG (a .config) holds what the
# Kconfig fragments ask for.  Where fragments name the same symbol, the
# later one wins; "CONFIG_X=n" means X must not be set.  Prints one line
# per symbol that does not hold ("wanted LINE, got VALUE") and exits 1
# if there is any; exits 0 silently otherwise.
set -eu
config=${1:?usage: config-check.sh CONFIG FRAGMENT...}
shift
[ $# -gt 0 ] || { echo "usage: config-check.sh CONFIG FRAGMENT..." >&2; exit 2; }

missing=0
last=$(cat "$@" | grep '^CONFIG_' |
	awk -F= '{ if (!($1 in last)) order[++n] = $1; last[$1] = $0 }
		END { for (i = 1; i <= n; i++) print last[order[i]] }')
while IFS= read -r line; do
	[ -n "$line" ] || continue
	case $line in
	CONFIG_*=n) sym=${line%=n}
		if grep -q "^$sym=" "$config"; then
			echo "wanted $line, got $(grep "^$sym=" "$config")"
			missing=1
		fi ;;
	*)
		if ! grep -qx "$line" "$config"; then
			echo "wanted $line, got $(grep "^${line%%=*}=" "$config" || echo "unset")"
			missing=1
		fi ;;
	esac
done <<END
$last
END
exit "$missing"
