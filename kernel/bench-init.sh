#!/bin/sh
# /init of the benchmark VM's initramfs (run by busybox sh as PID 1).
# One boot measures every flavour, one module load at a time:
#  - rcuscale (grace-period latency: one writer calling the flavour's
#    synchronous grace period), once per writer_holdoff of
#    bench.holdoffs (the pause, in us, between two grace periods):
#    the normal grace period of each flavour of bench.gp, with no reader
#    kthreads and then with bench.readers of them, and the expedited
#    grace period (gp_exp=1) of each flavour of bench.exp, with none;
#  - refscale (read-side cost: time per lock/unlock pair) for each type
#    of bench.refscale, first with one reader kthread, then with
#    bench.readers of them running at once.
# Words rcuscale.X=Y and refscale.X=Y of the kernel command line become
# module parameters X=Y of every load of that module.  Each run sits
# between "bench: begin MODULE TYPE PARAM=VALUE..." and "bench: end"
# lines on the console, which kernel/bin/bench-table.sh reads; "bench:
# done" ends the list.  bench.warmup is not used here: it is passed on,
# in the first line, to the parser (how many grace periods of each
# rcuscale run are warm-up).  Then the machine resets; QEMU runs with
# -no-reboot, so that ends QEMU.
set -eu
PATH=/bin
export PATH
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null || :

holdoffs=10
gp=qrcu,srcu,rcu
exp=
readers=2
refscale=qrcu,srcu,rcu
warmup=0
limit=300
rcuscale_args=
refscale_args=
read -r cmdline </proc/cmdline
for word in $cmdline; do
	case $word in
	bench.holdoffs=*) holdoffs=${word#*=} ;;
	bench.gp=*) gp=${word#*=} ;;
	bench.exp=*) exp=${word#*=} ;;
	bench.readers=*) readers=${word#*=} ;;
	bench.refscale=*) refscale=${word#*=} ;;
	bench.warmup=*) warmup=${word#*=} ;;
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
		if [ "$n" -gt "$((limit * 10))" ]; then
			return 1
		fi
		sleep 0.1
	done
}

# run MODULE TYPE DONE-PATTERN PARAM=VALUE...: load MODULE for scale
# type TYPE with the parameters, wait until it logs DONE-PATTERN,
# unload it (rcuscale prints its per-grace-period durations on unload)
# and frame it all for the parser.  The frame names the parameters
# that tell one run of a type from another; the insmod line gives all.
run() {
	mod=$1 type=$2 pattern=$3
	shift 3
	dmesg -c >/dev/null
	echo "bench: begin $mod $type $*"
	case $mod in
	rcuscale) extra=$rcuscale_args ;;
	*) extra=$refscale_args ;;
	esac
	# shellcheck disable=SC2086 # one parameter per word
	set -- "$@" $extra
	echo "bench: $(uptime) s: insmod $mod.ko scale_type=$type $*"
	# One module parameter per word of $*.
	if insmod "/lib/modules/$mod.ko" scale_type="$type" "$@"; then
		if ! wait_for "$pattern"; then
			echo "bench: timeout $mod $type after $limit s"
		fi
		# Let the last lines of the run reach the log before unloading.
		sleep 0.3
		rmmod "$mod" || echo "bench: rmmod $mod failed"
	else
		echo "bench: insmod $mod failed"
	fi
	echo "bench: $(uptime) s: end"
	echo "bench: end $mod $type"
}

echo "bench: $(uptime) s: $(grep -c '^processor' /proc/cpuinfo) CPUs; holdoffs $holdoffs; gp $gp; exp ${exp:--}; readers $readers; refscale $refscale; warmup $warmup"
# Tree SRCU expedites a grace period by itself only when the last one
# ended more than this long ago (ns); the table says which holdoffs are
# below it.
echo "bench: srcutree.exp_holdoff $(cat /sys/module/srcutree/parameters/exp_holdoff 2>/dev/null || echo unknown) ns"
insmod /lib/modules/torture.ko
ifs=$IFS
IFS=,
set -f
for h in $holdoffs; do
	for nr in 0 "$readers"; do
		for f in $gp; do
			IFS=$ifs
			run rcuscale "$f" "$f-scale: Test complete" \
				writer_holdoff="$h" gp_exp=0 nreaders="$nr"
			IFS=,
		done
		[ "$nr" -eq 0 ] || continue
		for f in $exp; do
			IFS=$ifs
			run rcuscale "$f" "$f-scale: Test complete" \
				writer_holdoff="$h" gp_exp=1 nreaders="$nr"
			IFS=,
		done
	done
done
for nr in 1 "$readers"; do
	for t in $refscale; do
		IFS=$ifs
		run refscale "$t" "$t-ref-scale: END OF TEST" nreaders="$nr"
		IFS=,
	done
done
IFS=$ifs
set +f
echo "bench: done"
sync
reboot -f
