# The real qrcu.c with a flip that waits only for the first of the old
# counter's readers to leave, chapter 9's mutant (j): with two or more
# readers in the old counter at the flip, the others are not waited
# for.  rcutorture must report FAILURE.  Statistics every second, no
# stutter, as for BUSTED-NOWAIT.
rcutorture.torture_type=busted_qrcu_oneunlock
rcutorture.nreaders=4
rcutorture.stat_interval=1
rcutorture.stutter=0
