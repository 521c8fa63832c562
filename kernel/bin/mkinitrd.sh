#!/bin/sh
# mkinitrd.sh SRCDIR BUILDDIR OUTPUT [INIT]
# Make a VM's initramfs: Debian's static busybox, INIT as /init (default
# kernel/init.sh, the torture VM's; the benchmark VM's is
# kernel/bench-init.sh), and the torture and scale modules from BUILDDIR,
# listed for the kernel's own usr/gen_init_cpio (which needs no root for
# /dev/console) and compressed with gzip into OUTPUT.
set -eu
# shellcheck source=kernel/bin/kbuild-env.sh
. "$(dirname "$0")/kbuild-env.sh"
usage="usage: mkinitrd.sh SRCDIR BUILDDIR OUTPUT [INIT]"
src=${1:?$usage}
build=${2:?$usage}
output=${3:?$usage}
init=${4:-kernel/init.sh}
busybox=${BUSYBOX:-/bin/busybox}
build=$(cd "$build" && pwd)
mkdir -p "$(dirname "$output")"
mods=$(pwd)/$output.modules
list=$output.list

if ldd "$busybox" >/dev/null 2>&1; then
	echo "mkinitrd: $busybox is dynamically linked; need busybox-static" >&2
	exit 1
fi

# Install the modules into a staging directory, then list them flat.
rm -rf "$mods"
make -s -C "$src" O="$build" INSTALL_MOD_PATH="$mods" modules_install >/dev/null
{
	echo "dir /bin 0755 0 0"
	echo "dir /dev 0755 0 0"
	echo "nod /dev/console 0600 0 0 c 5 1"
	echo "dir /proc 0755 0 0"
	echo "dir /sys 0755 0 0"
	echo "dir /lib 0755 0 0"
	echo "dir /lib/modules 0755 0 0"
	echo "file /init $(pwd)/$init 0755 0 0"
	echo "file /bin/busybox $busybox 0755 0 0"
	for applet in sh mount cat cut grep dmesg sleep insmod rmmod reboot sync; do
		echo "slink /bin/$applet busybox 0777 0 0"
	done
	for m in torture rcutorture rcuscale refscale; do
		ko=$(find "$mods" -name "$m.ko")
		if [ -z "$ko" ]; then
			echo "mkinitrd: $m.ko was not built" >&2
			exit 1
		fi
		echo "file /lib/modules/$m.ko $ko 0644 0 0"
	done
} >"$list"
"$build/usr/gen_init_cpio" "$list" | gzip -9 >"$output.tmp"
mv "$output.tmp" "$output"
echo "mkinitrd: $output ($(wc -c <"$output") bytes)"
