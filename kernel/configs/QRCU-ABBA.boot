# QRCU's scenario, and at start-up the two halves of an ABBA deadlock
# one after the other (rcutorture.qrcu_lockdep_abba=1): a reader of a
# private domain takes a mutex inside its critical section, then the
# mutex is held across synchronize_qrcu() of that domain.  Lockdep must
# report the cycle, once (it then turns itself off), and the run must
# otherwise be clean.  Without the reader's checked acquisition or the
# grace period's lock_map_sync(), lockdep sees no cycle.
rcutorture.torture_type=qrcu
rcutorture.nreaders=4
rcutorture.stat_interval=6
rcutorture.qrcu_lockdep_abba=1
