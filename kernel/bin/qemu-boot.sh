#!/bin/sh
# qemu-boot.sh BUILDDIR INITRD LOG LIMIT CPUS APPEND
# Boot BUILDDIR's bzImage with INITRD under QEMU in TCG mode (emulated:
# KVM is not used) with CPUS CPUs and 512 MB, kernel command line
# "console=ttyS0 panic=-1 no_timer_check APPEND", and append the serial
# console, with
# carriage returns removed, to LOG.  The guest ends the run by resetting
# the machine (QEMU runs with -no-reboot, so a reset or a panic ends
# QEMU); one that does not is killed after LIMIT seconds, which LOG then
# says.  The CPUs are given to the guest as one socket each: a kernel
# without ACPI learns about CPUs only from the BIOS's MP table, and with
# QEMU's default topology (one socket of CPUS cores) that table gives it
# only the boot CPU.  no_timer_check skips the kernel's check that the
# timer interrupt arrives through the IO-APIC during early boot: on a
# busy host the emulated CPU can be too slow for it, and the kernel then
# panics ("IO-APIC + timer doesn't work!") before anything is tested.
# Prints
# QEMU's exit status and the seconds taken; exits 0 unless
# QEMU could not be started.
set -eu
usage="usage: qemu-boot.sh BUILDDIR INITRD LOG LIMIT CPUS APPEND"
build=${1:?$usage}
initrd=${2:?$usage}
log=${3:?$usage}
limit=${4:?$usage}
cpus=${5:?$usage}
append=${6-}

start=$(date +%s)
status=0
timeout -k 10 "$limit" qemu-system-x86_64 -accel tcg \
	-smp "$cpus,sockets=$cpus,cores=1,threads=1" -m 512M \
	-nographic -no-reboot -kernel "$build/arch/x86/boot/bzImage" \
	-initrd "$initrd" -append "console=ttyS0 panic=-1 no_timer_check $append" \
	</dev/null >"$log.tmp" 2>&1 || status=$?
end=$(date +%s)
tr -d '\r' <"$log.tmp" >>"$log"
rm -f "$log.tmp"
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
	echo "qemu-boot: killed after $limit s" | tee -a "$log"
fi
if [ "$status" -eq 127 ] || [ "$status" -eq 126 ]; then
	echo "qemu-boot: cannot run qemu-system-x86_64 (make deps installs it)" >&2
	exit 1
fi
echo "qemu-boot: QEMU exited with status $status after $((end - start)) s"
