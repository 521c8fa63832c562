# The real qrcu.c with a reader that joins its counter even at zero
# (atomic_inc() for atomic_inc_not_zero(), the Promela mutant incany),
# and in one task-context reader of eight, 1000 us of sleep between its
# load of ->completed and its increment (CONFIG_QRCU_TORTURE_WINDOW),
# so that a flip and the drain of the counter it chose fall in between.
# rcutorture must report FAILURE.  QRCU-RWINDOW is the same with the
# correct reader, which must pass.
rcutorture.torture_type=busted_qrcu_incany
rcutorture.nreaders=4
rcutorture.stat_interval=1
rcutorture.stutter=0
rcutorture.qrcu_reader_window_us=1000
rcutorture.qrcu_reader_window_prob=8
