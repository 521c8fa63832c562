# The reader of BUSTED-INCANY, which joins its counter even at zero, on
# QRCU's own scenario, without the reader window: the bad interleaving
# (a flip and the whole drain of the counter the reader chose, between
# its load of ->completed and its increment) is a window of two
# instructions, which the torture test does not hit.  The run must be
# as clean as QRCU's: a bug the kernel misses and Spin catches, kept as
# evidence of the miss (chapter 10).
rcutorture.torture_type=busted_qrcu_incany
rcutorture.nreaders=4
rcutorture.stat_interval=6
preempt=full
