# The kernel's own SRCU, tortured the same way as QRCU: a known-good
# reference for the harness.
rcutorture.torture_type=srcu
rcutorture.nreaders=4
rcutorture.stat_interval=6
