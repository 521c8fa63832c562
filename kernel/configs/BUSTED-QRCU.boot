# QRCU's readers with a grace period that waits for nobody: rcutorture
# must report FAILURE.
rcutorture.torture_type=busted_qrcu
rcutorture.nreaders=4
rcutorture.stat_interval=6
