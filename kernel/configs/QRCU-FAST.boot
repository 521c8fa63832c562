# The fastpath under fire: one reader, so that grace periods often find
# no reader and take the fastpath; eight fake writers, so that other
# updaters flip the counters meanwhile; and in one fastpath sum of two,
# 1000 us of sleep between its two loads (CONFIG_QRCU_TORTURE_WINDOW),
# so that a flip falls between them.
rcutorture.torture_type=qrcu
rcutorture.nreaders=1
rcutorture.nfakewriters=8
rcutorture.stat_interval=6
rcutorture.qrcu_window_us=1000
rcutorture.qrcu_window_prob=2
