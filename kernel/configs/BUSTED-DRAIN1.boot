# The real qrcu.c with a flip whose wait ends when the old counter is
# down to one, not zero: the last reader of the old counter is not
# waited for.  rcutorture must report FAILURE.  Statistics every
# second, no stutter, as for BUSTED-NOWAIT.
rcutorture.torture_type=busted_qrcu_drain1
rcutorture.nreaders=4
rcutorture.stat_interval=1
rcutorture.stutter=0
