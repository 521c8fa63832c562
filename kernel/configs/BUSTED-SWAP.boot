# The real qrcu.c with a flip that decrements the old counter before it
# increments the new one (chapter 6's swap), with rcutorture's window
# of 1000 us between the two in one flip of two (the window that
# widens the fastpath sums, CONFIG_QRCU_TORTURE_WINDOW), on the
# fastpath scenario: one reader, eight fake writers summing the
# counters meanwhile.  rcutorture must report FAILURE.
rcutorture.torture_type=busted_qrcu_swap
rcutorture.nreaders=1
rcutorture.nfakewriters=8
rcutorture.stat_interval=1
rcutorture.stutter=0
rcutorture.qrcu_window_us=1000
rcutorture.qrcu_window_prob=2
