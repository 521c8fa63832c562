# QRCU's readers with a grace period that waits for nobody: rcutorture
# must report FAILURE.  Statistics every second, to time when the
# failure is first reported; no stutter, so that the writer never
# pauses and makes progress in every second.
rcutorture.torture_type=busted_qrcu
rcutorture.nreaders=4
rcutorture.stat_interval=1
rcutorture.stutter=0
