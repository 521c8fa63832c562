# QRCU-FAST with a fastpath that trusts its first sum (the bug the
# second sum exists for): rcutorture must report FAILURE.  Statistics
# every second, to time when the failure is first reported, and no
# stutter; the writer must make progress over every 6 of them
# (progress-lines=6 in the .expect).
rcutorture.torture_type=busted_qrcu_onesum
rcutorture.nreaders=1
rcutorture.nfakewriters=8
rcutorture.stat_interval=1
rcutorture.stutter=0
rcutorture.qrcu_window_us=1000
rcutorture.qrcu_window_prob=2
