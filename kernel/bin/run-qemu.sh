#!/bin/sh
# run-qemu.sh SCENARIO BUILDDIR INITRD OUTDIR SECS
# Boot the torture kernel built in BUILDDIR for scenario SCENARIO (files
# kernel/configs/SCENARIO and SCENARIO.boot, as in the kernel's
# tools/testing/selftests/rcutorture/configs/rcu/) under QEMU/TCG, torture
# for SECS seconds and save the serial console in OUTDIR/console.log.
# The scenario's Kconfig fragment is checked against that kernel's
# .config, never applied here: most scenarios share one kernel, and a
# soak scenario that asks for more than CFcommon gives has a kernel of its
# own, configured with the fragment merged in.  The
# guest gets as many CPUs as SCENARIO.expect's cpus= says
# (KERNEL_QEMU_CPUS overrides it, and the verdict will then say so).
set -eu
scen=${1:?usage: run-qemu.sh SCENARIO BUILDDIR INITRD OUTDIR SECS}
build=${2:?}
initrd=${3:?}
outdir=${4:?}
secs=${5:?}
cfg=kernel/configs/$scen
want=$(kernel/bin/scenarios.sh expect "$cfg" | sed -n -e 's/^cpus=//p' | tail -n 1)
[ -n "$want" ] || exit 1
cpus=${KERNEL_QEMU_CPUS:-$want}
# Generous headroom for boot, module load and unload under emulation;
# a flavour that must hang (end=HANG) has made its point once the
# hung-task detector has reported during the torture time, and its
# unload never ends, so it gets 120 s past the torture time.
slack=180
if kernel/bin/scenarios.sh expect "$cfg" | grep -qx 'end=HANG'; then
	slack=120
fi
limit=$((secs + ${KERNEL_QEMU_SLACK:-$slack}))

if ! why=$(kernel/bin/config-check.sh "$build/.config" "$cfg"); then
	echo "$why" | sed -e "s/^/run-qemu: $scen: the kernel does not have what it needs: /" >&2
	exit 1
fi
boot=$(kernel/bin/scenarios.sh boot "$cfg")

mkdir -p "$outdir"
log=$outdir/console.log
rm -f "$log" "$outdir/seconds" "$outdir/params" "$outdir/torture-secs"
start=$(date +%s)
echo "run-qemu: $scen: $cpus CPUs, $secs s of torture, hard limit $limit s"
kernel/bin/qemu-boot.sh "$build" "$initrd" "$log" "$limit" "$cpus" "torture_secs=$secs $boot"
end=$(date +%s)
echo "$((end - start))" >"$outdir/seconds"
echo "$secs" >"$outdir/torture-secs"
echo "$boot" | sed -e 's/ *$//' >"$outdir/params"
