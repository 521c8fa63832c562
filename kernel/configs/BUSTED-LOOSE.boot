# The real qrcu.c with a fastpath that takes a sum of two for "no
# reader" (the Promela mutant loose): rcutorture must report FAILURE.
# Statistics every second, no stutter, as for BUSTED-NOWAIT.
rcutorture.torture_type=busted_qrcu_loose
rcutorture.nreaders=4
rcutorture.stat_interval=1
rcutorture.stutter=0
