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
