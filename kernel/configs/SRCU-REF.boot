rcutorture.torture_type=srcu
rcutorture.nreaders=4
rcutorture.stat_interval=15
