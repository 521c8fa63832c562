#!/bin/sh
# /init of scenario LITMUS's initramfs (run by busybox sh as PID 1;
# kernel/bin/litmus-initrd.sh packs it, kernel/lkmm.mk makes it).
# Loads each klitmus7 module listed in /lib/modules/litmus/list (lines
# "NAME FILE.ko [PARAM=VALUE...]", in order), reads its report from
# /proc/litmus (reading runs the test), unloads it, and resets the
# machine; QEMU runs with -no-reboot, so the reset ends QEMU.  klitmus.*
# parameters on the kernel command line (klitmus.size=, klitmus.nruns=,
# klitmus.stride=) are passed to every module, and a line's own
# parameters after them (the last value of a parameter wins): a test
# whose every run waits for an RCU grace period wants a smaller size.  Each report is framed by
# "litmus: begin NAME" and "litmus: end NAME" lines, so that a verdict
# can tell a test that printed nothing from one that was not run.
set -u
PATH=/bin
export PATH
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null

args=
read -r cmdline </proc/cmdline
for word in $cmdline; do
	case $word in
	klitmus.*) args="$args ${word#klitmus.}" ;;
	esac
done

dir=/lib/modules/litmus
echo "litmus: CPUs online: $(grep -c '^processor' /proc/cpuinfo), params:$args"
while read -r name ko own; do
	echo "litmus: begin $name"
	# One module parameter per word of $args and $own.
	# shellcheck disable=SC2086
	if insmod "$dir/$ko" $args $own; then
		cat /proc/litmus
		rmmod "$dir/$ko"
	else
		echo "litmus: insmod $ko failed"
	fi
	echo "litmus: end $name"
done <"$dir/list"
echo "litmus: all done"
sync
reboot -f
