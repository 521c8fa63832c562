# QRCU's scenario, and at start-up one synchronize_qrcu() inside a
# reader of a private domain (rcutorture.qrcu_lockdep_selftest=1): lockdep
# must report it, once, and the run must otherwise be clean.
rcutorture.torture_type=qrcu
rcutorture.nreaders=4
rcutorture.stat_interval=6
rcutorture.qrcu_lockdep_selftest=1
