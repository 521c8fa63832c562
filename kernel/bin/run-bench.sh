#!/bin/sh
# run-bench.sh BUILDDIR INITRD OUTDIR
# Boot the kernel once under QEMU/TCG with the benchmark initramfs
# (kernel/bench-init.sh as /init) and the boot parameters of
# kernel/configs/BENCH.boot, and save the serial console in
# OUTDIR/console.log, after a first line "bench: host time ..." with
# the host's UTC time at the start of the boot and a second one,
# "bench: config HZ=.. tick=.. preempt=.. srcu=.. qemu=..", with what
# the booted kernel's .config says of its timer tick, preemption model
# and SRCU flavour, and QEMU's version, for the table to state.  The
# kernel must have been configured with kernel/configs/BENCH
# (configure.sh with both fragments); that is checked again here.
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
# setting SYMBOL...: the first of the symbols set to y in the .config.
setting() {
	for sym in "$@"; do
		if grep -qx "CONFIG_$sym=y" "$build/.config"; then
			echo "$sym"
			return
		fi
	done
	echo "unknown"
}
hz=$(sed -n 's/^CONFIG_HZ=//p' "$build/.config")
tick=$(setting HZ_PERIODIC NO_HZ_IDLE NO_HZ_FULL)
preempt=$(setting PREEMPT_RT PREEMPT PREEMPT_VOLUNTARY PREEMPT_NONE)
srcu=$(setting TREE_SRCU TINY_SRCU)
qemu=$(qemu-system-x86_64 --version 2>/dev/null | sed -n '1s/^QEMU emulator version \([^ ]*\).*/\1/p')
case $tick in HZ_PERIODIC) tick=periodic ;; NO_HZ_IDLE) tick=idle-dynticks ;; NO_HZ_FULL) tick=full-dynticks ;; esac
case $preempt in PREEMPT_RT) preempt=rt ;; PREEMPT) preempt=full ;; PREEMPT_VOLUNTARY) preempt=voluntary ;; PREEMPT_NONE) preempt=none ;; esac
case $srcu in TREE_SRCU) srcu=tree ;; TINY_SRCU) srcu=tiny ;; esac
config="HZ=${hz:-unknown} tick=$tick preempt=$preempt srcu=$srcu qemu=${qemu:-unknown}"
case $config in
*unknown*)
	echo "run-bench: cannot tell the configuration from $build/.config and qemu-system-x86_64 --version: $config" >&2
	exit 1 ;;
esac
boot=$(sed -e 's/#.*//' "$cfg.boot" | tr '\n' ' ' | sed -e 's/  */ /g; s/ *$//')

mkdir -p "$outdir"
log=$outdir/console.log
rm -f "$log" "$outdir/seconds" "$outdir/params" "$outdir/cpus"
start=$(date +%s)
echo "run-bench: one boot, $cpus CPUs, hard limit $limit s"
echo "bench: host time $(date -u -d "@$start" '+%Y-%m-%d %H:%M:%S UTC')" >"$log"
echo "bench: config $config" >>"$log"
# The host's load averages (1, 5, 15 minutes) as the boot starts: the
# vCPUs share the host's cores with whatever else runs there.
echo "bench: host load $(cut -d' ' -f1-3 /proc/loadavg)" >>"$log"
kernel/bin/qemu-boot.sh "$build" "$initrd" "$log" "$limit" "$cpus" "$boot"
end=$(date +%s)
# The last line: how long the boot took, from the host's clock.
echo "bench: boot took $((end - start)) s" >>"$log"
echo "$((end - start))" >"$outdir/seconds"
echo "$boot" >"$outdir/params"
echo "$cpus" >"$outdir/cpus"
