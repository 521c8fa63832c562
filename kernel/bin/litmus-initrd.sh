#!/bin/sh
# litmus-initrd.sh BUILDDIR MODDIR OUTPUT
# Make the initramfs of scenario LITMUS: Debian's static busybox,
# kernel/litmus-init.sh as /init, and the klitmus7 modules of MODDIR
# (made by klitmus-build.sh against the kernel in BUILDDIR) with their
# list under /lib/modules/litmus/, packed by BUILDDIR's usr/gen_init_cpio
# and compressed with gzip into OUTPUT.
set -eu
usage="usage: litmus-initrd.sh BUILDDIR MODDIR OUTPUT"
build=${1:?$usage}
mods=${2:?$usage}
output=${3:?$usage}
busybox=${BUSYBOX:-/bin/busybox}
init=kernel/litmus-init.sh
mods=$(cd "$mods" && pwd)
if ldd "$busybox" >/dev/null 2>&1; then
	echo "litmus-initrd: $busybox is dynamically linked; need busybox-static" >&2
	exit 1
fi
[ -s "$mods/list" ] || { echo "litmus-initrd: $mods/list is missing or empty (klitmus-build.sh writes it)" >&2; exit 1; }
mkdir -p "$(dirname "$output")"
list=$output.list
{
	echo "dir /bin 0755 0 0"
	echo "dir /dev 0755 0 0"
	echo "nod /dev/console 0600 0 0 c 5 1"
	echo "dir /proc 0755 0 0"
	echo "dir /sys 0755 0 0"
	echo "dir /lib 0755 0 0"
	echo "dir /lib/modules 0755 0 0"
	echo "dir /lib/modules/litmus 0755 0 0"
	echo "file /init $(pwd)/$init 0755 0 0"
	echo "file /bin/busybox $busybox 0755 0 0"
	for applet in sh mount cat grep insmod rmmod reboot sync; do
		echo "slink /bin/$applet busybox 0777 0 0"
	done
	echo "file /lib/modules/litmus/list $mods/list 0644 0 0"
	while read -r name ko _; do
		[ -f "$mods/$ko" ] || { echo "litmus-initrd: $mods/$ko ($name) was not built" >&2; exit 1; }
		echo "file /lib/modules/litmus/$ko $mods/$ko 0644 0 0"
	done <"$mods/list"
} >"$list"
"$build/usr/gen_init_cpio" "$list" | gzip -9 >"$output.tmp"
mv "$output.tmp" "$output"
echo "litmus-initrd: $output ($(wc -l <"$mods/list") modules, $(wc -c <"$output") bytes)"
