#!/bin/sh
# mkinitrd-bench.sh SRCDIR BUILDDIR OUTPUT
# Make the benchmark VM's initramfs, as mkinitrd.sh makes the torture
# VM's: Debian's static busybox, kernel/bench-init.sh as /init, and the
# torture, rcuscale and refscale modules from BUILDDIR, listed for the
# kernel's own usr/gen_init_cpio and compressed with gzip into OUTPUT.
set -eu
src=${1:?usage: mkinitrd-bench.sh SRCDIR BUILDDIR OUTPUT}
build=${2:?usage: mkinitrd-bench.sh SRCDIR BUILDDIR OUTPUT}
output=${3:?usage: mkinitrd-bench.sh SRCDIR BUILDDIR OUTPUT}
busybox=${BUSYBOX:-/bin/busybox}
build=$(cd "$build" && pwd)
mkdir -p "$(dirname "$output")"
mods=$(pwd)/$output.modules
list=$output.list

if ldd "$busybox" >/dev/null 2>&1; then
	echo "mkinitrd-bench: $busybox is dynamically linked; need busybox-static" >&2
	exit 1
fi

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
	echo "file /init $(pwd)/kernel/bench-init.sh 0755 0 0"
	echo "file /bin/busybox $busybox 0755 0 0"
	for applet in sh mount cat cut grep dmesg sleep insmod rmmod reboot sync; do
		echo "slink /bin/$applet busybox 0777 0 0"
	done
	for m in torture rcuscale refscale; do
		ko=$(find "$mods" -name "$m.ko")
		if [ -z "$ko" ]; then
			echo "mkinitrd-bench: $m.ko was not built" >&2
			exit 1
		fi
		echo "file /lib/modules/$m.ko $ko 0644 0 0"
	done
} >"$list"
"$build/usr/gen_init_cpio" "$list" | gzip -9 >"$output.tmp"
mv "$output.tmp" "$output"
echo "mkinitrd-bench: $output ($(wc -c <"$output") bytes)"
