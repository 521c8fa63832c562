#!/bin/sh
# configure.sh SRCDIR BUILDDIR
# Configure an out-of-tree build: tinyconfig, then the fragment
# kernel/configs/CFcommon merged on top, then olddefconfig.  Fails when
# a symbol the fragment asks for did not end up in the final .config
# (merge_config.sh only warns).  Skipped when nothing changed.
set -eu
src=${1:?usage: configure.sh SRCDIR BUILDDIR}
build=${2:?usage: configure.sh SRCDIR BUILDDIR}
frag=kernel/configs/CFcommon
stamp=$build.config-stamp

want=$(cat "$src.stamp" "$frag" | sha256sum | cut -d' ' -f1)
if [ -f "$build/.config" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
	echo "configure: $build/.config is up to date"
	exit 0
fi

rm -f "$stamp"
mkdir -p "$build"
build=$(cd "$build" && pwd)
src=$(cd "$src" && pwd)
fragabs=$(pwd)/$frag
make -s -C "$src" O="$build" tinyconfig >"$build/tinyconfig.log"
# merge_config.sh writes its temporary files to the current directory.
(cd "$build" && "$src/scripts/kconfig/merge_config.sh" -m -O "$build" "$build/.config" "$fragabs" >merge_config.log)
make -s -C "$src" O="$build" olddefconfig >"$build/olddefconfig.log" 2>&1

# Every line of the fragment must hold in the result.
missing=0
while IFS= read -r line; do
	case $line in
	CONFIG_*=n) sym=${line%=n}
		if grep -q "^$sym=" "$build/.config"; then
			echo "configure: wanted $line, got $(grep "^$sym=" "$build/.config")" >&2
			missing=1
		fi ;;
	CONFIG_*=*)
		if ! grep -qx "$line" "$build/.config"; then
			got=$(grep "^${line%%=*}=" "$build/.config" || echo "unset")
			echo "configure: wanted $line, got $got" >&2
			missing=1
		fi ;;
	esac
done <"$frag"
[ "$missing" -eq 0 ] || exit 1
echo "configure: all symbols of $frag are set"
echo "$want" >"$stamp"
