#!/bin/sh
# /init of the torture VM's initramfs (run by busybox sh as PID 1).
# Loads rcutorture with the rcutorture.* parameters found on the kernel
# command line, lets it run for torture_secs seconds, unloads it (which
# prints rcutorture's "End of test:" line), and resets the machine;
# QEMU runs with -no-reboot, so the reset ends QEMU.
set -u
PATH=/bin
export PATH
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null

# Parameters without a dot reach init as environment variables.
secs=${torture_secs:-30}
args=
read -r cmdline </proc/cmdline
for word in $cmdline; do
	case $word in
	rcutorture.*) args="$args ${word#rcutorture.}" ;;
	esac
done

uptime() {
	cut -d' ' -f1 /proc/uptime
}

echo "init: $(uptime) s: insmod torture.ko rcutorture.ko$args"
insmod /lib/modules/torture.ko
# Word splitting of $args is wanted: one module parameter per word.
# shellcheck disable=SC2086
if insmod /lib/modules/rcutorture.ko $args; then
	echo "init: $(uptime) s: torturing for $secs s"
	sleep "$secs"
	echo "init: $(uptime) s: rmmod rcutorture"
	rmmod rcutorture
	echo "init: $(uptime) s: test over"
else
	echo "init: insmod rcutorture failed"
fi
sync
reboot -f
