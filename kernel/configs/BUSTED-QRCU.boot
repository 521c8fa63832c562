# QRCU's readers with a grace period that waits for nobody: rcutorture
# must report FAILURE.  Statistics every second, to time when the
# failure is first reported, and no stutter; the writer must make
# progress over every 6 of them (progress-lines=6 in the .expect).
rcutorture.torture_type=busted_qrcu
rcutorture.nreaders=4
rcutorture.stat_interval=1
rcutorture.stutter=0
