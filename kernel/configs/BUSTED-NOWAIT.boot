# QRCU's readers with an updater that flips the counters but does not
# wait for the old one to drain: rcutorture must report FAILURE.
# Statistics every second, no stutter, as for BUSTED-ONESUM.
rcutorture.torture_type=busted_qrcu_nowait
rcutorture.nreaders=4
rcutorture.stat_interval=1
rcutorture.stutter=0
