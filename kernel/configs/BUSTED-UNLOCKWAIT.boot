# The real qrcu.c with the mutex released before the wait for the old
# counter: a second updater may then flip and wait on the same rcuwait,
# which holds one task, and the first waiter is never woken.  The
# writer must hang: rcutorture's writer-stall report and the hung-task
# detector must both say so (end=HANG).  The detector's timeout is cut
# from CFcommon's 20 s to 5 s (a sysctl set from the command line), so
# that it reports within the torture time even when the emulated
# guest runs slowly.
rcutorture.torture_type=busted_qrcu_unlockwait
rcutorture.nreaders=4
rcutorture.stat_interval=1
rcutorture.stutter=0
sysctl.kernel.hung_task_timeout_secs=5
