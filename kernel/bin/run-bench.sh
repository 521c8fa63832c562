#!/bin/sh
# run-bench.sh BUILDDIR INITRD OUTDIR
# Boot the kernel once under QEMU/TCG with the benchmark initramfs
# (kernel/bench-init.sh as /init) and the boot parameters of
# kernel/configs/BENCH.boot, and save the serial console in
# OUTDIR/console.log, after a first line "bench: host time ..." with
# the host's UTC time at the start of the boot.  The kernel must have been configured with
# kernel/configs/BENCH (configure.sh with both fragments); that is checked again here.
set -eu
build=${1:?usage: run-bench.sh BUILDDIR INITRD OUTDIR}
initrd=${2:?usage: run-bench.sh BUILDDIR INITRD OUTDIR}
outdir=${3:?usage: run-bench.sh BUILDDIR INITRD OUTDIR}
cfg=kernel/configs/BENCH
cpus=${KERNEL_BENCH_CPUS:-2}
limit=${KERNEL_BENCH_LIMIT:-1200}

if ! why=$(kernel/bin/config-check.sh "$build/.config" "$cfg"); then
	echo "$why" | sed -e 's/^/run-bench: the kernel is not configured with BENCH: /' >&2
	exit 1
fi
boot=$(sed -e 's/#.*//' "$cfg.boot" | tr '\n' ' ' | sed -e 's/  */ /g; s/ *$//')

mkdir -p "$outdir"
log=$outdir/console.log
rm -f "$log" "$outdir/seconds" "$outdir/params" "$outdir/cpus"
start=$(date +%s)
echo "run-bench: one boot, $cpus CPUs, hard limit $limit s"
echo "bench: host time $(date -u -d "@$start" '+%Y-%m-%d %H:%M:%S UTC')" >"$log"
kernel/bin/qemu-boot.sh "$build" "$initrd" "$log" "$limit" "$cpus" "$boot"
end=$(date +%s)
echo "$((end - start))" >"$outdir/seconds"
echo "$boot" >"$outdir/params"
echo "$cpus" >"$outdir/cpus"
