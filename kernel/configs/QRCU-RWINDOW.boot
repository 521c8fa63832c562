# QRCU with the reader window of BUSTED-INCANY: in one task-context
# reader of eight, 1000 us of sleep between its load of ->completed and
# its increment.  The readers then read less (a 30 s trial counted
# 77,392 reads), so the minimum is lower than QRCU's; the correct
# reader, which refuses a drained counter, must pass.
rcutorture.torture_type=qrcu
rcutorture.nreaders=4
rcutorture.stat_interval=1
rcutorture.stutter=0
rcutorture.qrcu_reader_window_us=1000
rcutorture.qrcu_reader_window_prob=8
