#!/bin/sh
# /init of the benchmark VM's initramfs (run by busybox sh as PID 1).
# One boot measures every flavor, one module load at a time:
#  - rcuscale (grace-period latency: writers calling the flavor's
#    synchronous grace period) for each flavor of bench.flavors, first
#    with no reader kthreads, then with bench.readers of them;
#  - refscale (read-side cost: time per lock/unlock pair) for each type
#    of bench.refscale, first with one reader kthread, then with
#    bench.readers of them running at once.
# Words rcuscale.X=Y and refscale.X=Y of the kernel command line become
# module parameters X=Y of every load of that module.  Each run sits
# between "bench: begin ..." and "bench: end ..." lines on the console,
# which kernel/bin/bench-table.sh reads; "bench: done" ends the list.
# Then the machine resets; QEMU runs with -no-reboot, so that ends QEMU.
set -eu
PATH=/bin
export PATH
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null || :

flavors=qrcu,srcu,rcu
readers=2
refscale=qrcu,srcu,rcu,refcnt
limit=300
rcuscale_args=
refscale_args=
read -r cmdline </proc/cmdline
for word in $cmdline; do
	case $word in
	bench.flavors=*) flavors=${word#*=} ;;
	bench.readers=*) readers=${word#*=} ;;
	bench.refscale=*) refscale=${word#*=} ;;
	bench.timeout=*) limit=${word#*=} ;;
	rcuscale.*) rcuscale_args="$rcuscale_args ${word#rcuscale.}" ;;
	refscale.*) refscale_args="$refscale_args ${word#refscale.}" ;;
	esac
done

uptime() {
	cut -d' ' -f1 /proc/uptime
}

# wait_for PATTERN: poll the kernel log (cleared before each run) until
# PATTERN shows up; give up after $limit seconds.
wait_for() {
	n=0
	while ! dmesg | grep -q "$1"; do
		n=$((n + 1))
		if [ "$n" -gt "$((limit * 2))" ]; then
			return 1
		fi
		sleep 0.5
	done
}

# run MODULE TYPE DONE-PATTERN TAG ARGS: load MODULE for scale type TYPE,
# wait until it logs DONE-PATTERN, unload it (rcuscale prints its
# per-grace-period durations on unload) and frame it all for the parser.
run() {
	mod=$1 type=$2 pattern=$3 tag=$4
	shift 4
	dmesg -c >/dev/null
	echo "bench: begin $mod $type $tag"
	echo "bench: $(uptime) s: insmod $mod.ko scale_type=$type $*"
	# One module parameter per word of $*.
	if insmod "/lib/modules/$mod.ko" scale_type="$type" "$@"; then
		if ! wait_for "$pattern"; then
			echo "bench: timeout $mod $type $tag after $limit s"
		fi
		# Let the last lines of the run reach the log before unloading.
		sleep 1
		rmmod "$mod" || echo "bench: rmmod $mod failed"
	else
		echo "bench: insmod $mod failed"
	fi
	echo "bench: $(uptime) s: end"
	echo "bench: end $mod $type $tag"
}

echo "bench: $(uptime) s: $(grep -c '^processor' /proc/cpuinfo) CPUs; flavors $flavors; readers $readers; refscale $refscale"
insmod /lib/modules/torture.ko
ifs=$IFS
IFS=,
set -f
for nr in 0 "$readers"; do
	for f in $flavors; do
		IFS=$ifs
		# shellcheck disable=SC2086 # one parameter per word
		run rcuscale "$f" "$f-scale: Test complete" "nreaders=$nr" \
			nreaders="$nr" $rcuscale_args
		IFS=,
	done
done
for nr in 1 "$readers"; do
	for t in $refscale; do
		IFS=$ifs
		# shellcheck disable=SC2086 # one parameter per word
		run refscale "$t" "$t-ref-scale: END OF TEST" "nreaders=$nr" \
			nreaders="$nr" $refscale_args
		IFS=,
	done
done
IFS=$ifs
set +f
echo "bench: done"
sync
reboot -f
