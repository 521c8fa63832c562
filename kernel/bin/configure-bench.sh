#!/bin/sh
# configure-bench.sh SRCDIR BUILDDIR
# Configure the benchmark kernel, out of tree: tinyconfig, then
# kernel/configs/CFcommon (the torture kernel's fragment), then
# kernel/configs/BENCH on top, then olddefconfig.  Where the two
# fragments name the same symbol, BENCH wins.  Fails when a symbol did
# not end up as the fragments ask (merge_config.sh only warns).
# Skipped when nothing changed.
set -eu
src=${1:?usage: configure-bench.sh SRCDIR BUILDDIR}
build=${2:?usage: configure-bench.sh SRCDIR BUILDDIR}
common=kernel/configs/CFcommon
bench=kernel/configs/BENCH
stamp=$build.config-stamp

want=$(cat "$src.stamp" "$common" "$bench" | sha256sum | cut -d' ' -f1)
if [ -f "$build/.config" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
	echo "configure-bench: $build/.config is up to date"
	exit 0
fi

rm -f "$stamp"
mkdir -p "$build"
build=$(cd "$build" && pwd)
src=$(cd "$src" && pwd)
top=$(pwd)
make -s -C "$src" O="$build" tinyconfig >"$build/tinyconfig.log"
# merge_config.sh writes its temporary files to the current directory.
(cd "$build" && "$src/scripts/kconfig/merge_config.sh" -m -O "$build" "$build/.config" \
	"$top/$common" "$top/$bench" >merge_config.log)
make -s -C "$src" O="$build" olddefconfig >"$build/olddefconfig.log" 2>&1

# The last word on each symbol, BENCH after CFcommon, must hold.
missing=0
last=$(cat "$common" "$bench" | grep '^CONFIG_' |
	awk -F= '{ if (!($1 in last)) order[++n] = $1; last[$1] = $0 }
		END { for (i = 1; i <= n; i++) print last[order[i]] }')
while IFS= read -r line; do
	case $line in
	CONFIG_*=n) sym=${line%=n}
		if grep -q "^$sym=" "$build/.config"; then
			echo "configure-bench: wanted $line, got $(grep "^$sym=" "$build/.config")" >&2
			missing=1
		fi ;;
	*)
		if ! grep -qx "$line" "$build/.config"; then
			got=$(grep "^${line%%=*}=" "$build/.config" || echo "unset")
			echo "configure-bench: wanted $line, got $got" >&2
			missing=1
		fi ;;
	esac
done <<END
$last
END
[ "$missing" -eq 0 ] || exit 1
echo "configure-bench: all symbols of $common and $bench are set"
echo "$want" >"$stamp"
