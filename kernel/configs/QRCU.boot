rcutorture.torture_type=qrcu
rcutorture.nreaders=4
rcutorture.stat_interval=15
