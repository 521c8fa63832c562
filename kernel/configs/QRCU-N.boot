# QRCU's scenario on the same kernel made non-preemptible at boot
# (CONFIG_PREEMPT_DYNAMIC): no task is preempted in kernel code, a
# reader or an updater leaves its CPU only when it sleeps.  RCU itself
# stays the preemptible flavour chosen at build time.
rcutorture.torture_type=qrcu
rcutorture.nreaders=4
rcutorture.stat_interval=6
preempt=none
