# QRCU's scenario on a kernel of its own, built with KCSAN (the
# fragment QRCU-KCSAN is merged on top of CFcommon, with the options the
# kernel's kvm.sh --kcsan sets): every memory access of the kernel and
# of rcutorture is instrumented, and a data race KCSAN sees fails the
# run.  Four readers and four fake writers, so that readers, fastpath
# sums and flips overlap.
rcutorture.torture_type=qrcu
rcutorture.nreaders=4
rcutorture.stat_interval=6
preempt=full
# The reset that ends the run skips the orderly shutdown, whose x86 code
# for stopping the other CPUs (native_stop_other_cpus()) polls
# cpus_stop_mask with plain reads while each CPU clears its own bit:
# KCSAN reported that as a race of unknown origin during the reset of a
# trial boot.  It is not QRCU's code, and it comes after rcutorture has
# ended, so this scenario leaves it out rather than fail on it.
reboot=force
