# QRCU's scenario on a kernel built without CONFIG_QRCU_TORTURE_WINDOW:
# no torture hook is compiled into qrcu.c, so the grace periods run the
# production code, the plain double sum, exactly as a kernel without
# the debug option would.  The paths are then not counted.
rcutorture.torture_type=qrcu
rcutorture.nreaders=4
rcutorture.stat_interval=6
preempt=full
