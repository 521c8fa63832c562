# The real qrcu.c with its early exit tested before the mutex, where
# a flip by another updater may be under way (the Promela mutant
# earlyout): rcutorture must report FAILURE.  Statistics every second,
# no stutter, as for BUSTED-NOWAIT.
rcutorture.torture_type=busted_qrcu_earlyout
rcutorture.nreaders=4
rcutorture.stat_interval=1
rcutorture.stutter=0
